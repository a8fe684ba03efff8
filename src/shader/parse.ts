/**
 * Reads a D3D9 shader token stream into a typed program ("Shader Code Format"). Never throws and
 * never reads past the stream: every step is bounded by its length, and a malformed stream gives an
 * error naming the DWORD offset and what was wrong.
 */
import { COMPARISONS, OP, OPCODES, type OpcodeInfo, type ShaderKind, shapeOf } from './opcodes.js';
import { REG, regType } from './registers.js';

export interface RelativeAddress {
  type: number;
  num: number;
  /** The component (0-3) of the address register that is read (the swizzle's first). */
  component: number;
  /** The relative-address token's swizzle as stored (a0.x is 0x00, aL is written 0xE4). */
  swizzle: number;
  /** vs_1_1: bit 13 alone means a0.x, with no extra token. */
  implied: boolean;
}

export interface DstParam {
  type: number;
  num: number;
  mask: number;
  /** Bits 20-23: 1 _sat, 2 _pp, 4 _centroid. */
  resultMod: number;
  /** Bits 24-27, a 4-bit signed shift (ps_1_x). */
  shift: number;
  rel?: RelativeAddress;
  token: number;
}

export interface SrcParam {
  type: number;
  num: number;
  /** Bits 16-23: two bits per component, x in the lowest. */
  swizzle: number;
  /** Bits 24-27 (D3DSHADER_PARAM_SRCMOD_TYPE). */
  mod: number;
  rel?: RelativeAddress;
  token: number;
}

export interface Declaration {
  usage: number;
  usageIndex: number;
  textureType: number;
  token: number;
}

export interface Instruction {
  /** DWORD offset of the instruction token. */
  offset: number;
  opcode: number;
  name: string;
  token: number;
  /** Bits 16-23: the comparison of ifc/breakc/setp, texld's project/bias. */
  controls: number;
  predicated: boolean;
  coissue: boolean;
  dst?: DstParam;
  /** The predicate register of a predicated instruction (SM2+). */
  predicate?: SrcParam;
  src: SrcParam[];
  dcl?: Declaration;
  /** def/defi/defb literal tokens (raw bits). */
  literals?: number[];
  /** A comment's payload DWORDs (CTAB and others), kept as read. */
  comment?: Uint32Array;
}

export interface ShaderProgram {
  kind: ShaderKind;
  /** (major << 8) | minor. */
  version: number;
  instructions: Instruction[];
  /** DWORDs through the end token. */
  length: number;
}

export interface ShaderError { offset: number; message: string }
export type ParseResult = { ok: true; program: ShaderProgram } | { ok: false; error: ShaderError };

export function versionName(kind: ShaderKind, version: number): string {
  const minor = version & 0xff;
  return `${kind === 'vertex' ? 'vs' : 'ps'}_${version >> 8}_${minor === 1 && version >> 8 === 2 ? 'x' : minor}`;
}

const KNOWN_VERSIONS: Readonly<Record<ShaderKind, readonly number[]>> = {
  vertex: [0x0101, 0x0200, 0x0201, 0x0300],
  pixel: [0x0101, 0x0102, 0x0103, 0x0104, 0x0200, 0x0201, 0x0300],
};

class Fail { constructor(readonly offset: number, readonly message: string) {} }

const hex = (n: number): string => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;

/** Parses `tokens` (the version token first). */
export function parseShader(tokens: Uint32Array): ParseResult {
  try {
    return { ok: true, program: parseOrFail(tokens) };
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: { offset: e.offset, message: e.message } };
    return { ok: false, error: { offset: 0, message: String(e) } };
  }
}

function parseOrFail(tokens: Uint32Array): ShaderProgram {
  if (tokens.length < 1) throw new Fail(0, 'empty stream: expected a version token');
  const vt = tokens[0];
  const kindBits = vt >>> 16;
  const kind: ShaderKind | undefined = kindBits === 0xfffe ? 'vertex' : kindBits === 0xffff ? 'pixel' : undefined;
  if (!kind) throw new Fail(0, `version token ${hex(vt)}: expected 0xFFFE.... (vertex) or 0xFFFF.... (pixel)`);
  const version = vt & 0xffff;
  if (!KNOWN_VERSIONS[kind].includes(version)) throw new Fail(0, `version token ${hex(vt)}: unsupported ${kind} shader version ${version >> 8}.${version & 0xff}`);
  const sm2 = version >= 0x0200;
  const instructions: Instruction[] = [];
  let i = 1;
  const at = (k: number, what: string): number => {
    if (k >= tokens.length) throw new Fail(k, `stream ends inside ${what} (expected a token at DWORD ${k}, stream has ${tokens.length})`);
    return tokens[k];
  };
  for (;;) {
    const t = at(i, 'the instruction list (no end token 0x0000FFFF)');
    const offset = i;
    if (t === 0x0000ffff) return { kind, version, instructions, length: i + 1 };
    const opcode = t & 0xffff;
    if (opcode === OP.COMMENT) {
      const n = (t >>> 16) & 0x7fff;
      if (t >>> 31) throw new Fail(i, `comment token ${hex(t)} has bit 31 set`);
      if (i + 1 + n > tokens.length) throw new Fail(i, `comment of ${n} DWORDs runs past the end of the stream (${tokens.length} DWORDs)`);
      instructions.push({ offset, opcode, name: 'comment', token: t, controls: 0, predicated: false, coissue: false, src: [], comment: tokens.slice(i + 1, i + 1 + n) });
      i += 1 + n;
      continue;
    }
    if (t >>> 31) throw new Fail(i, `instruction token ${hex(t)} has bit 31 set (a parameter token where an instruction was expected)`);
    const info = OPCODES.get(opcode);
    if (!info) throw new Fail(i, `unknown opcode ${opcode} in instruction token ${hex(t)}`);
    const len = (t >>> 24) & 0xf;
    const start = i + 1;
    const ins = readInstruction(tokens, start, t, info, kind, version, at);
    ins.ins.offset = offset;
    if (sm2 && ins.end - start !== len && opcode !== OP.PHASE) {
      throw new Fail(offset, `${ins.ins.name}: instruction length field says ${len} DWORDs, its parameters take ${ins.end - start}`);
    }
    instructions.push(ins.ins);
    i = ins.end;
  }
}

type At = (k: number, what: string) => number;

function readInstruction(tokens: Uint32Array, start: number, t: number, info: OpcodeInfo, kind: ShaderKind, version: number, at: At): { ins: Instruction & { offset: number }; end: number } {
  const shape = shapeOf(info, version);
  const ins: Instruction = {
    offset: 0, opcode: info.opcode, name: shape.name, token: t, controls: (t >>> 16) & 0xff,
    predicated: ((t >>> 28) & 1) === 1, coissue: ((t >>> 30) & 1) === 1, src: [],
  };
  if (info.special === 'compare' && (ins.controls < 1 || ins.controls >= COMPARISONS.length)) {
    throw new Fail(start - 1, `${info.name}: comparison ${ins.controls} in bits 16-23 is none of gt, eq, ge, lt, ne, le`);
  }
  let k = start;
  const param = (what: string): number => {
    const p = at(k, `${shape.name}'s ${what}`);
    if (p >>> 31 !== 1) throw new Fail(k, `${shape.name}: ${what} token ${hex(p)} lacks bit 31 (parameter tokens have it set)`);
    k++;
    return p;
  };
  const rel = (p: number, what: string): RelativeAddress | undefined => {
    if (((p >>> 13) & 1) === 0) return undefined;
    if (version < 0x0200) return { type: REG.ADDR, num: 0, component: 0, swizzle: 0, implied: true };
    const r = param(`${what} relative address`);
    return { type: regType(r), num: r & 0x7ff, component: (r >>> 16) & 3, swizzle: (r >>> 16) & 0xff, implied: false };
  };
  if (info.special === 'dcl') {
    const d = param('declaration');
    ins.dcl = { usage: d & 0x1f, usageIndex: (d >>> 16) & 0xf, textureType: (d >>> 27) & 0xf, token: d };
  }
  if (shape.dst) {
    const p = param('destination');
    ins.dst = { type: regType(p), num: p & 0x7ff, mask: (p >>> 16) & 0xf, resultMod: (p >>> 20) & 0xf, shift: (p >>> 24) & 0xf, token: p };
    const r = rel(p, 'destination');
    if (r) ins.dst.rel = r;
  }
  if (ins.predicated) {
    if (version < 0x0201) throw new Fail(start - 1, `${shape.name}: predicated instruction in a version without predication`);
    ins.predicate = src(param('predicate'), undefined);
  }
  if (info.special === 'def' || info.special === 'defi') {
    ins.literals = [0, 1, 2, 3].map(() => at(k++, `${shape.name}'s literal`));
  } else if (info.special === 'defb') {
    ins.literals = [at(k++, 'defb\'s literal')];
  }
  for (let s = 0; s < shape.src; s++) {
    const p = param(`source ${s}`);
    ins.src.push(src(p, rel(p, `source ${s}`)));
  }
  return { ins, end: k };
}

function src(p: number, rel: RelativeAddress | undefined): SrcParam {
  const s: SrcParam = { type: regType(p), num: p & 0x7ff, swizzle: (p >>> 16) & 0xff, mod: (p >>> 24) & 0xf, token: p };
  if (rel) s.rel = rel;
  return s;
}
