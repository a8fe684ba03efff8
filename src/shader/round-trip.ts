import { assemble } from './assemble.js';
import { disassemble } from './disassemble.js';

/**
 * The assembly of a stream when it assembles back to the identical tokens, else undefined: streams
 * with comment tokens (CTAB …) or bits the syntax has no spelling for (reserved bits, controls on an
 * opcode that has none) must be kept as hex by the caller, with the disassembly beside it.
 */
export function exactAssembly(tokens: Uint32Array): string | undefined {
  const d = disassemble(tokens);
  if (!d.ok) return undefined;
  const a = assemble(d.text);
  if (!a.ok || a.tokens.length !== tokens.length) return undefined;
  for (let k = 0; k < tokens.length; k++) if (a.tokens[k] !== tokens[k]) return undefined;
  return d.text;
}
