/**
 * Turns the assembly that disassemble prints back into tokens: for every stream without comment
 * tokens, assemble(disassemble(tokens)) gives the identical tokens. Errors name line:column.
 */
import { COMPARISONS, OP, OPCODES, type OpcodeInfo, type ShaderKind, shapeOf } from './opcodes.js';
import { REG, regTypeBits, RESULT_MODS, parseRegisterName, SAMPLER_TYPES, SHIFT_NAMES, SRC_MODS, USAGES } from './registers.js';

export interface AssembleError { line: number; column: number; message: string }
export type AssembleResult = { ok: true; tokens: Uint32Array } | { ok: false; error: AssembleError };

class Fail { constructor(readonly column: number, readonly message: string) {} }

const COMP: Record<string, number> = { x: 0, y: 1, z: 2, w: 3, r: 0, g: 1, b: 2, a: 3 };
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Names of every mnemonic at a version: base name → opcode info. */
function mnemonics(kind: ShaderKind, version: number): Map<string, OpcodeInfo> {
  const m = new Map<string, OpcodeInfo>();
  for (const info of OPCODES.values()) {
    if (info.opcode === OP.IFC || info.opcode === OP.BREAKC) continue;
    const r = kind === 'vertex' ? info.vs : info.ps;
    // Out-of-version opcodes still assemble (the validator rejects them), with their default shape.
    if (!r && info.opcode !== OP.TEX && info.opcode !== OP.TEXCOORD) continue;
    m.set(shapeOf(info, version).name, info);
  }
  return m;
}

function parseVersion(line: string): { kind: ShaderKind; version: number } | undefined {
  const m = /^(vs|ps)_([123])_([0-4x])$/.exec(line);
  if (!m) return undefined;
  const minor = m[3] === 'x' ? 1 : Number(m[3]);
  return { kind: m[1] === 'vs' ? 'vertex' : 'pixel', version: (Number(m[2]) << 8) | minor };
}

function parseMask(s: string, col: number): number {
  if (s === 'none') return 0;
  let mask = 0;
  for (const ch of s) {
    const c = COMP[ch];
    if (c === undefined) throw new Fail(col, `'${ch}' is not a write-mask component`);
    mask |= 1 << c;
  }
  return mask;
}

function parseSwizzle(s: string | undefined, col: number): number {
  if (s === undefined) return 0xe4;
  if (s.length < 1 || s.length > 4) throw new Fail(col, `swizzle '.${s}' must have 1 to 4 components`);
  let sw = 0;
  for (let k = 0; k < 4; k++) {
    const c = COMP[s[Math.min(k, s.length - 1)]];
    if (c === undefined) throw new Fail(col, `'${s}' is not a swizzle`);
    sw |= c << (2 * k);
  }
  return sw;
}

interface Ctx { kind: ShaderKind; version: number }

function register(name: string, ctx: Ctx, col: number): { type: number; num: number } {
  const r = parseRegisterName(name, ctx.kind);
  if (!r) throw new Fail(col, `'${name}' is not a ${ctx.kind} shader register`);
  return r;
}

/** `name[rel]` → the register bits and the relative-address tokens that follow it. */
function regWithRel(text: string, ctx: Ctx, col: number): { bits: number; extra: number[]; rest: string } {
  const m = /^(reg\d+_\d+|[A-Za-z]+\d*)(?:\[([A-Za-z]+\d*)(?:\.([xyzw]+))?\])?(.*)$/.exec(text);
  if (!m) throw new Fail(col, `expected a register, found '${text}'`);
  const r = register(m[1], ctx, col);
  let bits = regTypeBits(r.type) | r.num;
  const extra: number[] = [];
  if (m[2] !== undefined) {
    const a = register(m[2], ctx, col);
    const sw = parseSwizzle(m[3], col);
    bits |= 1 << 13;
    if (ctx.version < 0x0200) {
      // vs_1_1: bit 13 alone means a0.x (no relative-address token).
      if (a.type !== REG.ADDR || a.num !== 0 || sw !== 0) throw new Fail(col, 'vs_1_1 addresses relative to a0.x only');
    } else extra.push((0x80000000 | regTypeBits(a.type) | a.num | (sw << 16)) >>> 0);
  }
  return { bits, extra, rest: m[4] };
}

function dstTokens(text: string, ctx: Ctx, col: number, resultMod: number, shift: number): number[] {
  const { bits, extra, rest } = regWithRel(text, ctx, col);
  let mask = 0xf;
  if (rest) {
    if (!rest.startsWith('.')) throw new Fail(col, `unexpected '${rest}' after the destination register`);
    mask = parseMask(rest.slice(1), col);
  }
  return [(0x80000000 | bits | (mask << 16) | (resultMod << 20) | (shift << 24)) >>> 0, ...extra];
}

function srcTokens(text: string, ctx: Ctx, col: number): number[] {
  const pre = /^(1-|-|!)?/.exec(text)![1] ?? '';
  const { bits, extra, rest } = regWithRel(text.slice(pre.length), ctx, col);
  const m = /^(_[a-z0-9]+)?(?:\.([xyzwrgba]+))?$/.exec(rest);
  if (!m) throw new Fail(col, `unexpected '${rest}' after the source register`);
  const suffix = m[1] ?? '';
  let mod = SRC_MODS.findIndex((x) => x.prefix === pre && x.suffix === suffix);
  if (mod < 0 && /^_mod\d+$/.test(suffix) && pre === '') mod = Number(suffix.slice(4));
  if (mod < 0) throw new Fail(col, `'${pre}…${suffix}' is not a source modifier`);
  const sw = parseSwizzle(m[2], col);
  return [(0x80000000 | bits | (sw << 16) | (mod << 24)) >>> 0, ...extra];
}

function literal(text: string, opcode: number, col: number): number {
  if (/^0x[0-9a-f]+$/i.test(text)) return Number(text) >>> 0;
  if (opcode === OP.DEFB) {
    if (text === 'true') return 1;
    if (text === 'false') return 0;
    throw new Fail(col, `defb takes true or false, found '${text}'`);
  }
  const v = Number(text);
  if (text === '' || Number.isNaN(v)) throw new Fail(col, `'${text}' is not a number`);
  if (opcode === OP.DEFI) return v >>> 0;
  f32[0] = v;
  return u32[0];
}

/** Splits on commas at depth 0, keeping each operand's column. */
function operands(s: string, base: number): { text: string; col: number }[] {
  const out: { text: string; col: number }[] = [];
  let start = 0;
  for (let k = 0; k <= s.length; k++) {
    if (k === s.length || s[k] === ',') {
      const raw = s.slice(start, k);
      const lead = raw.length - raw.trimStart().length;
      out.push({ text: raw.trim(), col: base + start + lead });
      start = k + 1;
    }
  }
  return out.filter((o) => o.text !== '' || out.length > 1);
}

interface Mnemonic { info: OpcodeInfo; controls: number; dcl?: number; resultMod: number; shift: number }

/** `texldp`, `dcl_texcoord1_centroid`, `if_gt`, `mul_x2_sat` → opcode, controls, dcl token, modifiers. */
function parseMnemonic(word: string, names: Map<string, OpcodeInfo>, ctx: Ctx, col: number): Mnemonic {
  const parts = word.split('_');
  let info = names.get(parts[0]);
  if (!info && (parts[0] === 'texldp' || parts[0] === 'texldb')) info = OPCODES.get(OP.TEX);
  if (!info) throw new Fail(col, `unknown instruction '${parts[0]}' in ${ctx.kind === 'vertex' ? 'vs' : 'ps'}`);
  let controls = parts[0] === 'texldp' ? 1 : parts[0] === 'texldb' ? 2 : 0;
  let p = 1;
  let dcl: number | undefined;
  if (info.opcode === OP.DCL) {
    dcl = 0x80000000;
    const u = parts[p];
    const tt = Object.entries(SAMPLER_TYPES).find(([, n]) => n === u);
    const um = u === undefined ? null : /^([a-z]+)(\d*)$/.exec(u);
    if (tt) { dcl |= Number(tt[0]) << 27; p++; } else if (u?.startsWith('tex') && /^tex\d+$/.test(u)) { dcl |= Number(u.slice(3)) << 27; p++; } else if (um && (USAGES as readonly string[]).includes(um[1])) {
      dcl |= USAGES.indexOf(um[1] as (typeof USAGES)[number]) | (Number(um[2] || 0) << 16);
      p++;
    } else if (um && /^usage\d+$/.test(u!)) { dcl |= Number(u!.slice(5)); p++; }
    dcl >>>= 0;
  } else if ((info.opcode === OP.IF || info.opcode === OP.BREAK || info.opcode === OP.SETP) && parts[p] && COMPARISONS.includes(parts[p] as (typeof COMPARISONS)[number])) {
    controls = COMPARISONS.indexOf(parts[p] as (typeof COMPARISONS)[number]);
    if (info.opcode !== OP.SETP) info = OPCODES.get(info.opcode === OP.IF ? OP.IFC : OP.BREAKC)!;
    p++;
  }
  let resultMod = 0;
  let shift = 0;
  for (; p < parts.length; p++) {
    const s = '_' + parts[p];
    const sh = Object.entries(SHIFT_NAMES).find(([, n]) => n === s);
    const rm = RESULT_MODS.find(([, n]) => n === s);
    if (sh) shift = Number(sh[0]);
    else if (rm) resultMod |= rm[0];
    else if (/^_shift\d+$/.test(s)) shift = Number(s.slice(6));
    else if (s === '_mod8') resultMod |= 8;
    else throw new Fail(col, `unknown modifier '${s}' on ${parts[0]}`);
  }
  return { info, controls, dcl, resultMod, shift };
}

function assembleLine(line: string, ctx: Ctx, names: Map<string, OpcodeInfo>): number[] {
  let rest = line;
  let col = 1;
  const skip = (n: number): void => {
    const t = rest.slice(n);
    col += rest.length - t.trimStart().length;
    rest = t.trimStart();
  };
  let coissue = 0;
  if (rest.startsWith('+')) { coissue = 1; skip(1); }
  let predicate: number[] | undefined;
  if (rest.startsWith('(')) {
    const close = rest.indexOf(')');
    if (close < 0) throw new Fail(col, 'unclosed predicate');
    predicate = srcTokens(rest.slice(1, close).trim(), ctx, col + 1);
    skip(close + 1);
  }
  const m = /^([A-Za-z0-9_]+)\s*(.*)$/.exec(rest)!;
  if (!m) throw new Fail(col, `expected an instruction, found '${rest}'`);
  const mn = parseMnemonic(m[1], names, ctx, col);
  const { info, controls, dcl, resultMod, shift } = mn;
  const shape = shapeOf(info, ctx.version);
  const ops = operands(m[2], col + rest.length - m[2].length);
  const lits = info.special === 'def' || info.special === 'defi' ? 4 : info.special === 'defb' ? 1 : 0;
  const want = shape.dst + lits + shape.src;
  if (ops.length !== want) throw new Fail(col, `${shape.name} takes ${want} operands, found ${ops.length}`);
  const body: number[] = [];
  if (dcl !== undefined) body.push(dcl);
  let k = 0;
  if (shape.dst) body.push(...dstTokens(ops[k].text, ctx, ops[k++].col, resultMod, shift));
  else if (resultMod || shift) throw new Fail(col, `${shape.name} has no destination to modify`);
  if (predicate) body.push(...predicate);
  for (let l = 0; l < lits; l++, k++) body.push(literal(ops[k].text, info.opcode, ops[k].col));
  for (; k < ops.length; k++) body.push(...srcTokens(ops[k].text, ctx, ops[k].col));
  const len = ctx.version >= 0x0200 ? body.length : 0;
  if (len > 15) throw new Fail(col, `${shape.name} has ${len} parameter tokens, more than the length field holds`);
  const token = (info.opcode | (controls << 16) | (len << 24) | ((predicate ? 1 : 0) << 28) | (coissue << 30)) >>> 0;
  return [token, ...body];
}

/** Assembles shader text (the version line first). Lines starting with `//` are skipped. */
export function assemble(text: string): AssembleResult {
  const lines = text.split('\n');
  let ctx: Ctx | undefined;
  let names: Map<string, OpcodeInfo> | undefined;
  const out: number[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].replace(/\r$/, '');
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('//')) continue;
    const lead = line.length - line.trimStart().length;
    try {
      if (!ctx) {
        const v = parseVersion(trimmed);
        if (!v) throw new Fail(1, `expected a version (vs_1_1 … ps_3_0), found '${trimmed}'`);
        ctx = v;
        names = mnemonics(v.kind, v.version);
        out.push(((v.kind === 'vertex' ? 0xfffe0000 : 0xffff0000) | v.version) >>> 0);
        continue;
      }
      out.push(...assembleLine(trimmed, ctx, names!));
    } catch (e) {
      if (e instanceof Fail) return { ok: false, error: { line: n + 1, column: lead + e.column, message: e.message } };
      throw e;
    }
  }
  if (!ctx) return { ok: false, error: { line: 1, column: 1, message: 'no version line' } };
  out.push(0x0000ffff);
  return { ok: true, tokens: Uint32Array.from(out) };
}
