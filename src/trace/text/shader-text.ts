/**
 * Shader token streams in the text form (CreateVertexShader/CreatePixelShader's pFunction,
 * GetFunction's Data). A stream that our assembler rebuilds to the identical tokens prints as an
 * `asm"…"` block of Microsoft assembly, one instruction a line; any other stream that parses (one
 * with comment tokens such as a CTAB) keeps its DWORDs as a list spanning lines, each instruction's
 * words on a line of their own with its disassembly as a `#` comment beside them; a stream that does
 * not parse stays a one-line list of words.
 */
import { assemble, exactAssembly, instructionText, parseShader, versionName } from '../../shader/index.js';
import { TraceSyntaxError } from '../errors.js';
import { hex32 } from './shapes.js';

const INDENT = '    ';
/** Words a line of a long comment (a CTAB runs to hundreds of DWORDs). */
const WORDS_PER_LINE = 8;

export function formatShaderTokens(words: Uint32Array): string {
  const asm = exactAssembly(words);
  if (asm !== undefined) return `asm"\n${asm.split('\n').filter((l) => l !== '').map((l) => INDENT + l).join('\n')}\n"`;
  const parsed = parseShader(words);
  if (!parsed.ok) return `[${Array.from(words, hex32).join(', ')}]`;
  const p = parsed.program;
  const lines: string[] = [];
  const group = (from: number, to: number, note: string): void => {
    for (let k = from; k < to; k += WORDS_PER_LINE) {
      const end = Math.min(to, k + WORDS_PER_LINE);
      const last = end === words.length;
      const text = Array.from(words.subarray(k, end), hex32).join(', ') + (last ? '' : ',');
      lines.push(INDENT + text + (k === from ? `  # ${note}` : ''));
    }
  };
  group(0, 1, versionName(p.kind, p.version));
  p.instructions.forEach((ins, i) => {
    const next = p.instructions[i + 1]?.offset ?? p.length - 1;
    group(ins.offset, next, ins.comment ? commentNote(ins.comment) : instructionText(ins, p.kind, p.version));
  });
  group(p.length - 1, words.length, p.length === words.length ? 'end' : `end, then ${words.length - p.length} DWORDs after it`);
  return `[\n${lines.join('\n')}\n]`;
}

/** `comment CTAB, 34 DWORDs`: a comment named by its first DWORD when that is four printable characters (fxc's CTAB, a debug info tag). */
function commentNote(payload: Uint32Array): string {
  const w = payload[0] ?? 0;
  const tag = String.fromCharCode(w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24);
  return `comment${payload.length && /^[\x21-\x7e]{4}$/.test(tag) ? ` ${tag},` : ''} ${payload.length} DWORDs`;
}

/**
 * The tokens of an `asm"…"` block whose body starts at `line`:`column` of `file` (just after the
 * opening quote); an assembly error is a TraceSyntaxError at its place in the file.
 */
export function assembleShaderBlock(body: string, file: string, line: number, column: number): Uint32Array {
  const r = assemble(body);
  if (r.ok) return r.tokens;
  const e = r.error;
  throw new TraceSyntaxError(file, line + e.line - 1, e.line === 1 ? column + e.column - 1 : e.column, `shader assembly: ${e.message}`);
}
