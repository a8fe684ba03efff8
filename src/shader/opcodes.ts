/**
 * The D3D9 shader opcode table (D3DSHADER_INSTRUCTION_OPCODE_TYPE): name, destination and source
 * counts, and the versions of each shader kind that accept it. Versions are (major << 8) | minor.
 * A few opcodes change shape with the version (tex, texcoord, sincos, sgn): their `forms` list the
 * shape per version range. Parser, validator, disassembler and assembler all read this one table.
 */

export type ShaderKind = 'vertex' | 'pixel';

/** [first, last] accepted version, inclusive; undefined when the kind never accepts the opcode. */
export type VersionRange = readonly [number, number];

export interface OpcodeForm {
  /** Versions (either kind) this shape applies to. */
  readonly from: number;
  readonly to: number;
  readonly name: string;
  readonly dst: 0 | 1;
  readonly src: number;
}

export interface OpcodeInfo {
  readonly opcode: number;
  readonly name: string;
  readonly dst: 0 | 1;
  readonly src: number;
  readonly vs?: VersionRange;
  readonly ps?: VersionRange;
  /** Shapes that depend on the version, checked before the default shape. */
  readonly forms?: readonly OpcodeForm[];
  /** def/defi/defb (literal tokens), dcl (a declaration token), a comparison in bits 16-23. */
  readonly special?: 'def' | 'defi' | 'defb' | 'dcl' | 'compare' | 'texld';
}

export const V = { V11: 0x0101, V12: 0x0102, V13: 0x0103, V14: 0x0104, V20: 0x0200, V2X: 0x0201, V30: 0x0300 } as const;
const { V11, V12, V13, V14, V20, V2X, V30 } = V;
const ALL: VersionRange = [V11, V30];
const SM2: VersionRange = [V20, V30];
const SM2X: VersionRange = [V2X, V30];
const PS1: VersionRange = [V11, V13];

export const OP = {
  NOP: 0, MOV: 1, ADD: 2, SUB: 3, MAD: 4, MUL: 5, RCP: 6, RSQ: 7, DP3: 8, DP4: 9, MIN: 10, MAX: 11,
  SLT: 12, SGE: 13, EXP: 14, LOG: 15, LIT: 16, DST: 17, LRP: 18, FRC: 19, M4x4: 20, M4x3: 21,
  M3x4: 22, M3x3: 23, M3x2: 24, CALL: 25, CALLNZ: 26, LOOP: 27, RET: 28, ENDLOOP: 29, LABEL: 30,
  DCL: 31, POW: 32, CRS: 33, SGN: 34, ABS: 35, NRM: 36, SINCOS: 37, REP: 38, ENDREP: 39, IF: 40,
  IFC: 41, ELSE: 42, ENDIF: 43, BREAK: 44, BREAKC: 45, MOVA: 46, DEFB: 47, DEFI: 48,
  TEXCOORD: 64, TEXKILL: 65, TEX: 66, TEXBEM: 67, TEXBEML: 68, TEXREG2AR: 69, TEXREG2GB: 70,
  TEXM3x2PAD: 71, TEXM3x2TEX: 72, TEXM3x3PAD: 73, TEXM3x3TEX: 74, TEXM3x3SPEC: 76,
  TEXM3x3VSPEC: 77, EXPP: 78, LOGP: 79, CND: 80, DEF: 81, TEXREG2RGB: 82, TEXDP3TEX: 83,
  TEXM3x2DEPTH: 84, TEXDP3: 85, TEXM3x3: 86, TEXDEPTH: 87, CMP: 88, BEM: 89, DP2ADD: 90, DSX: 91,
  DSY: 92, TEXLDD: 93, SETP: 94, TEXLDL: 95, BREAKP: 96, PHASE: 0xfffd, COMMENT: 0xfffe, END: 0xffff,
} as const;

function op(opcode: number, name: string, dst: 0 | 1, src: number, vs: VersionRange | undefined, ps: VersionRange | undefined, extra: Partial<OpcodeInfo> = {}): OpcodeInfo {
  return { opcode, name, dst, src, vs, ps, ...extra };
}

// Availability per the "Instructions" pages of vs_1_1 … ps_3_0 (Microsoft's asm reference).
const TABLE: readonly OpcodeInfo[] = [
  op(OP.NOP, 'nop', 0, 0, ALL, ALL),
  op(OP.MOV, 'mov', 1, 1, ALL, ALL),
  op(OP.ADD, 'add', 1, 2, ALL, ALL),
  op(OP.SUB, 'sub', 1, 2, ALL, ALL),
  op(OP.MAD, 'mad', 1, 3, ALL, ALL),
  op(OP.MUL, 'mul', 1, 2, ALL, ALL),
  op(OP.RCP, 'rcp', 1, 1, ALL, SM2),
  op(OP.RSQ, 'rsq', 1, 1, ALL, SM2),
  op(OP.DP3, 'dp3', 1, 2, ALL, ALL),
  op(OP.DP4, 'dp4', 1, 2, ALL, [V12, V30]),
  op(OP.MIN, 'min', 1, 2, ALL, SM2),
  op(OP.MAX, 'max', 1, 2, ALL, SM2),
  op(OP.SLT, 'slt', 1, 2, ALL, undefined),
  op(OP.SGE, 'sge', 1, 2, ALL, undefined),
  op(OP.EXP, 'exp', 1, 1, ALL, SM2),
  op(OP.LOG, 'log', 1, 1, ALL, SM2),
  op(OP.LIT, 'lit', 1, 1, ALL, undefined),
  op(OP.DST, 'dst', 1, 2, ALL, undefined),
  op(OP.LRP, 'lrp', 1, 3, SM2, ALL),
  op(OP.FRC, 'frc', 1, 1, ALL, SM2),
  op(OP.M4x4, 'm4x4', 1, 2, ALL, SM2),
  op(OP.M4x3, 'm4x3', 1, 2, ALL, SM2),
  op(OP.M3x4, 'm3x4', 1, 2, ALL, SM2),
  op(OP.M3x3, 'm3x3', 1, 2, ALL, SM2),
  op(OP.M3x2, 'm3x2', 1, 2, ALL, SM2),
  op(OP.CALL, 'call', 0, 1, SM2, SM2X),
  op(OP.CALLNZ, 'callnz', 0, 2, SM2, SM2X),
  op(OP.LOOP, 'loop', 0, 2, SM2, [V30, V30]),
  op(OP.RET, 'ret', 0, 0, SM2, SM2X),
  op(OP.ENDLOOP, 'endloop', 0, 0, SM2, [V30, V30]),
  op(OP.LABEL, 'label', 0, 1, SM2, SM2X),
  op(OP.DCL, 'dcl', 1, 0, ALL, [V20, V30], { special: 'dcl' }),
  op(OP.POW, 'pow', 1, 2, SM2, SM2),
  op(OP.CRS, 'crs', 1, 2, SM2, SM2),
  op(OP.SGN, 'sgn', 1, 1, SM2, undefined, { forms: [{ from: V20, to: V2X, name: 'sgn', dst: 1, src: 3 }] }),
  op(OP.ABS, 'abs', 1, 1, SM2, SM2),
  op(OP.NRM, 'nrm', 1, 1, SM2, SM2),
  op(OP.SINCOS, 'sincos', 1, 1, SM2, SM2, { forms: [{ from: V20, to: V2X, name: 'sincos', dst: 1, src: 3 }] }),
  op(OP.REP, 'rep', 0, 1, SM2, SM2X),
  op(OP.ENDREP, 'endrep', 0, 0, SM2, SM2X),
  op(OP.IF, 'if', 0, 1, SM2, SM2X),
  op(OP.IFC, 'if', 0, 2, SM2X, SM2X, { special: 'compare' }),
  op(OP.ELSE, 'else', 0, 0, SM2, SM2X),
  op(OP.ENDIF, 'endif', 0, 0, SM2, SM2X),
  op(OP.BREAK, 'break', 0, 0, SM2X, SM2X),
  op(OP.BREAKC, 'break', 0, 2, SM2X, SM2X, { special: 'compare' }),
  op(OP.MOVA, 'mova', 1, 1, SM2, undefined),
  op(OP.DEFB, 'defb', 1, 0, SM2, SM2X, { special: 'defb' }),
  op(OP.DEFI, 'defi', 1, 0, SM2, SM2X, { special: 'defi' }),
  op(OP.TEXCOORD, 'texcoord', 1, 0, undefined, [V11, V14], { forms: [{ from: V14, to: V14, name: 'texcrd', dst: 1, src: 1 }] }),
  op(OP.TEXKILL, 'texkill', 1, 0, undefined, ALL),
  op(OP.TEX, 'texld', 1, 2, undefined, ALL, {
    special: 'texld',
    forms: [{ from: V11, to: V13, name: 'tex', dst: 1, src: 0 }, { from: V14, to: V14, name: 'texld', dst: 1, src: 1 }],
  }),
  op(OP.TEXBEM, 'texbem', 1, 1, undefined, PS1),
  op(OP.TEXBEML, 'texbeml', 1, 1, undefined, PS1),
  op(OP.TEXREG2AR, 'texreg2ar', 1, 1, undefined, PS1),
  op(OP.TEXREG2GB, 'texreg2gb', 1, 1, undefined, PS1),
  op(OP.TEXM3x2PAD, 'texm3x2pad', 1, 1, undefined, PS1),
  op(OP.TEXM3x2TEX, 'texm3x2tex', 1, 1, undefined, PS1),
  op(OP.TEXM3x3PAD, 'texm3x3pad', 1, 1, undefined, PS1),
  op(OP.TEXM3x3TEX, 'texm3x3tex', 1, 1, undefined, PS1),
  op(OP.TEXM3x3SPEC, 'texm3x3spec', 1, 2, undefined, PS1),
  op(OP.TEXM3x3VSPEC, 'texm3x3vspec', 1, 1, undefined, PS1),
  op(OP.EXPP, 'expp', 1, 1, ALL, undefined),
  op(OP.LOGP, 'logp', 1, 1, ALL, undefined),
  op(OP.CND, 'cnd', 1, 3, undefined, [V11, V14]),
  op(OP.DEF, 'def', 1, 0, ALL, ALL, { special: 'def' }),
  op(OP.TEXREG2RGB, 'texreg2rgb', 1, 1, undefined, [V12, V13]),
  op(OP.TEXDP3TEX, 'texdp3tex', 1, 1, undefined, [V12, V13]),
  op(OP.TEXM3x2DEPTH, 'texm3x2depth', 1, 1, undefined, [V13, V13]),
  op(OP.TEXDP3, 'texdp3', 1, 1, undefined, [V12, V13]),
  op(OP.TEXM3x3, 'texm3x3', 1, 1, undefined, [V12, V13]),
  op(OP.TEXDEPTH, 'texdepth', 1, 0, undefined, [V14, V14]),
  op(OP.CMP, 'cmp', 1, 3, undefined, [V12, V30]),
  op(OP.BEM, 'bem', 1, 2, undefined, [V14, V14]),
  op(OP.DP2ADD, 'dp2add', 1, 3, undefined, SM2),
  op(OP.DSX, 'dsx', 1, 1, undefined, SM2X),
  op(OP.DSY, 'dsy', 1, 1, undefined, SM2X),
  op(OP.TEXLDD, 'texldd', 1, 4, undefined, SM2X),
  op(OP.SETP, 'setp', 1, 2, SM2X, SM2X, { special: 'compare' }),
  op(OP.TEXLDL, 'texldl', 1, 2, [V30, V30], [V30, V30]),
  op(OP.BREAKP, 'breakp', 0, 1, SM2X, SM2X),
  op(OP.PHASE, 'phase', 0, 0, undefined, [V14, V14]),
];

export const OPCODES: ReadonlyMap<number, OpcodeInfo> = new Map(TABLE.map((o) => [o.opcode, o]));

/** The shape (name, counts) of an opcode at a version. */
export function shapeOf(info: OpcodeInfo, version: number): { name: string; dst: 0 | 1; src: number } {
  for (const f of info.forms ?? []) if (version >= f.from && version <= f.to) return f;
  return info;
}

/** Whether a shader kind and version accept an opcode. */
export function opcodeAllowed(info: OpcodeInfo, kind: ShaderKind, version: number): boolean {
  const r = kind === 'vertex' ? info.vs : info.ps;
  return r !== undefined && version >= r[0] && version <= r[1];
}

/** Comparison names of ifc/breakc/setp (D3DSHADER_COMPARISON, bits 16-23 of the instruction). */
export const COMPARISONS = ['', 'gt', 'eq', 'ge', 'lt', 'ne', 'le'] as const;
