/**
 * Prints a parsed shader in Microsoft's assembly syntax (`vs_2_0`, `dcl_position v0`,
 * `mad r0.xyz, v0, c1.x, -r1_abs`), one instruction a line. Comments print as `// comment N DWORDs`
 * lines: the assembler cannot rebuild them, so a caller that needs the exact bytes of a stream with
 * comments keeps its hex (assemble(disassemble(t)) equals t for every stream without comments).
 */
import { COMPARISONS, OP, type ShaderKind } from './opcodes.js';
import { type DstParam, type Instruction, parseShader, type RelativeAddress, type ShaderProgram, type SrcParam, versionName } from './parse.js';
import { REG, RESULT_MODS, registerName, SAMPLER_TYPES, SHIFT_NAMES, SRC_MODS, USAGES } from './registers.js';

const COMPONENTS = 'xyzw';
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The shortest decimal that reads back as the same float32; raw hex bits for -0, NaN and infinities. */
export function formatFloatBits(bits: number): string {
  u32[0] = bits;
  const v = f32[0];
  if (!Number.isFinite(v) || Object.is(v, -0)) return `0x${(bits >>> 0).toString(16).padStart(8, '0')}`;
  for (let p = 1; p <= 9; p++) {
    const s = String(Number(v.toPrecision(p)));
    if (Math.fround(Number(s)) === v) return s;
  }
  return String(v);
}

export function maskText(mask: number): string {
  if (mask === 0xf) return '';
  let s = '.';
  for (let c = 0; c < 4; c++) if (mask & (1 << c)) s += COMPONENTS[c];
  return mask === 0 ? '.none' : s;
}

/** A swizzle with trailing repeats of its last component dropped (`.x` is xxxx, `.xy` is xyyy). */
export function swizzleText(swizzle: number): string {
  if (swizzle === 0xe4) return '';
  const c = [0, 1, 2, 3].map((k) => (swizzle >>> (2 * k)) & 3);
  let n = 4;
  while (n > 1 && c[n - 1] === c[n - 2]) n--;
  return '.' + c.slice(0, n).map((k) => COMPONENTS[k]).join('');
}

function relText(rel: RelativeAddress | undefined, kind: ShaderKind, version: number): string {
  if (!rel) return '';
  return `[${registerName(rel.type, rel.num, kind, version)}${swizzleText(rel.swizzle)}]`;
}

function dstText(d: DstParam, kind: ShaderKind, version: number): string {
  return registerName(d.type, d.num, kind, version) + relText(d.rel, kind, version) + maskText(d.mask);
}

function srcText(s: SrcParam, kind: ShaderKind, version: number): string {
  const m = SRC_MODS[s.mod] ?? { prefix: '', suffix: `_mod${s.mod}` };
  return m.prefix + registerName(s.type, s.num, kind, version) + relText(s.rel, kind, version) + m.suffix + swizzleText(s.swizzle);
}

function modifierSuffix(d: DstParam | undefined): string {
  if (!d) return '';
  let s = d.shift ? SHIFT_NAMES[d.shift] ?? `_shift${d.shift}` : '';
  for (const [bit, name] of RESULT_MODS) if (d.resultMod & bit) s += name;
  if (d.resultMod & 8) s += '_mod8';
  return s;
}

function dclName(ins: Instruction, kind: ShaderKind, version: number): string {
  const d = ins.dcl!;
  const dst = ins.dst!;
  if (dst.type === REG.SAMPLER) return `dcl${SAMPLER_TYPES[d.textureType] ? '_' + SAMPLER_TYPES[d.textureType] : d.textureType ? `_tex${d.textureType}` : ''}`;
  // ps_2_0/2_x inputs (v, t) and ps_3_0's vPos/vFace carry no usage: a plain dcl.
  const plain = dst.type === REG.MISCTYPE || (kind === 'pixel' && version < 0x0300);
  if (plain && d.usage === 0 && d.usageIndex === 0) return 'dcl';
  const usage = USAGES[d.usage] ?? `usage${d.usage}`;
  return `dcl_${usage}${d.usageIndex ? d.usageIndex : ''}`;
}

function literalText(ins: Instruction): string {
  const lit = ins.literals!;
  if (ins.opcode === OP.DEF) return lit.map(formatFloatBits).join(', ');
  if (ins.opcode === OP.DEFI) return lit.map((v) => String(v | 0)).join(', ');
  return lit[0] === 0 ? 'false' : lit[0] === 1 ? 'true' : `0x${lit[0].toString(16)}`;
}

/** One instruction as a line of assembly. */
export function instructionText(ins: Instruction, kind: ShaderKind, version: number): string {
  if (ins.comment) return `// comment ${ins.comment.length} DWORDs`;
  let name = ins.opcode === OP.DCL ? dclName(ins, kind, version) : ins.name;
  if (ins.opcode === OP.IFC || ins.opcode === OP.BREAKC || ins.opcode === OP.SETP) name += `_${COMPARISONS[ins.controls]}`;
  else if (ins.opcode === OP.TEX && version >= 0x0200) name = ins.controls === 1 ? 'texldp' : ins.controls === 2 ? 'texldb' : 'texld';
  name += modifierSuffix(ins.dst);
  const ops: string[] = [];
  if (ins.dst) ops.push(dstText(ins.dst, kind, version));
  if (ins.literals) ops.push(literalText(ins));
  for (const s of ins.src) ops.push(srcText(s, kind, version));
  let line = ops.length ? `${name} ${ops.join(', ')}` : name;
  if (ins.predicate) line = `(${srcText(ins.predicate, kind, version)}) ${line}`;
  if (ins.coissue) line = `+${line}`;
  return line;
}

/** The whole program as text: the version line, then one line per instruction. */
export function disassembleProgram(p: ShaderProgram): string {
  const lines = [versionName(p.kind, p.version)];
  for (const ins of p.instructions) lines.push(instructionText(ins, p.kind, p.version));
  return lines.join('\n') + '\n';
}

/** Disassembles a token stream; a malformed stream gives its parse error instead. */
export function disassemble(tokens: Uint32Array): { ok: true; text: string } | { ok: false; error: { offset: number; message: string } } {
  const r = parseShader(tokens);
  return r.ok ? { ok: true, text: disassembleProgram(r.program) } : r;
}
