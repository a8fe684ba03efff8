/**
 * Single-instruction shaders for every opcode of every version (the corpus of bytecode.test.ts, which
 * the execution tests reuse).
 */
import { OPCODES, opcodeAllowed, OP, type ShaderKind } from '../../src/shader/opcodes.js';

/*
 * A corpus built from the "Shader Code Format" encodings, written here independently of the reader:
 * an instruction token is opcode | length << 24 (SM2+), a register token is bit 31 | type bits
 * 28-30 and 11-12 | number, with the mask (destination) or swizzle (source) in bits 16-23.
 */
const reg = (type: number, num: number): number => (0x80000000 | ((type & 7) << 28) | ((type & 0x18) << 8) | num) >>> 0;
const dst = (type: number, num: number, mask = 0xf): number => (reg(type, num) | (mask << 16)) >>> 0;
const src = (type: number, num: number, swz = 0xe4): number => (reg(type, num) | (swz << 16)) >>> 0;
const T = { r: 0, v: 1, c: 2, a: 3, t: 3, i: 7, s: 10, b: 14, aL: 15, l: 18, p: 19 };
export const VERSIONS: Record<ShaderKind, number[]> = { vertex: [0x0101, 0x0200, 0x0201, 0x0300], pixel: [0x0101, 0x0102, 0x0103, 0x0104, 0x0200, 0x0201, 0x0300] };
const PS1_TEX = new Set<number>([OP.TEXBEM, OP.TEXBEML, OP.TEXREG2AR, OP.TEXREG2GB, OP.TEXM3x2PAD, OP.TEXM3x2TEX, OP.TEXM3x3PAD, OP.TEXM3x3TEX,
  OP.TEXM3x3SPEC, OP.TEXM3x3VSPEC, OP.TEXREG2RGB, OP.TEXDP3TEX, OP.TEXM3x2DEPTH, OP.TEXDP3, OP.TEXM3x3]);

/** The parameter tokens of one plausible use of `opcode` at a version (registers that version has). */
function operandsFor(opcode: number, kind: ShaderKind, version: number, [dstCount, srcCount]: [number, number]): number[] | undefined {
  const ps1 = kind === 'pixel' && version < 0x0200;
  const temps = (k: number): number => src(T.r, ps1 ? k % 2 : k + 1);
  switch (opcode) {
    case OP.DCL:
      if (kind === 'pixel') return version === 0x0300 ? [0x80000005, dst(T.v, 0)] : [0x80000000, dst(T.t, 0)];
      return [0x80000005, dst(T.v, 1)];
    case OP.DEF: return [dst(T.c, 0), 0x3f800000, 0, 0x3f000000, 0xbf800000];
    case OP.DEFI: return [dst(T.i, 0), 3, 0, 1, 0xffffffff];
    case OP.DEFB: return [dst(T.b, 0), 1];
    case OP.CALL: case OP.LABEL: return [src(T.l, 0)];
    case OP.CALLNZ: return [src(T.l, 0), src(T.b, 0)];
    case OP.LOOP: return [src(T.aL, 0), src(T.i, 0)];
    case OP.REP: return [src(T.i, 0)];
    case OP.IF: return [src(T.b, 0)];
    case OP.BREAKP: return [src(T.p, 0, 0x00)];
    case OP.SETP: return [dst(T.p, 0), temps(0), temps(1)];
    case OP.MOVA: return [dst(T.a, 0, 1), temps(0)];
    case OP.TEXKILL: return [ps1 ? dst(T.t, 0) : dst(T.r, 0)];
    case OP.TEXDEPTH: return [dst(T.r, 5)];
    case OP.TEXCOORD: return version === 0x0104 ? [dst(T.r, 0), src(T.t, 0)] : [dst(T.t, 0)];
    case OP.TEX:
      if (version <= 0x0103) return [dst(T.t, 0)];
      if (version === 0x0104) return [dst(T.r, 0), src(T.t, 0)];
      return [dst(T.r, 0), version === 0x0300 ? src(T.v, 0) : src(T.t, 0), src(T.s, 0)];
    case OP.TEXLDL: return [dst(T.r, 0), src(T.r, 1), src(T.s, 0)];
    case OP.TEXLDD: return [dst(T.r, 0), src(T.r, 1), src(T.s, 0), src(T.r, 2), src(T.r, 3)];
    case OP.BEM: return [dst(T.r, 0, 3), src(T.c, 0), src(T.r, 1)];
  }
  if (PS1_TEX.has(opcode)) return [dst(T.t, 1), ...(srcCount === 2 ? [src(T.t, 0), src(T.c, 0)] : [src(T.t, 0)])];
  const out: number[] = [];
  if (dstCount) out.push(dst(T.r, 0));
  for (let k = 0; k < srcCount; k++) out.push(temps(k));
  return out;
}

/**
 * Destination and source counts per opcode, written from the instruction reference pages
 * independently of src/shader's table (dcl/def/defi/defb are encoded by operandsFor).
 */
function counts(opcode: number, version: number): [number, number] {
  const sm3 = version >= 0x0300;
  const table: Partial<Record<number, [number, number]>> = {
    [OP.NOP]: [0, 0], [OP.MOV]: [1, 1], [OP.ADD]: [1, 2], [OP.SUB]: [1, 2], [OP.MAD]: [1, 3], [OP.MUL]: [1, 2],
    [OP.RCP]: [1, 1], [OP.RSQ]: [1, 1], [OP.DP3]: [1, 2], [OP.DP4]: [1, 2], [OP.MIN]: [1, 2], [OP.MAX]: [1, 2],
    [OP.SLT]: [1, 2], [OP.SGE]: [1, 2], [OP.EXP]: [1, 1], [OP.LOG]: [1, 1], [OP.LIT]: [1, 1], [OP.DST]: [1, 2],
    [OP.LRP]: [1, 3], [OP.FRC]: [1, 1], [OP.M4x4]: [1, 2], [OP.M4x3]: [1, 2], [OP.M3x4]: [1, 2], [OP.M3x3]: [1, 2],
    [OP.M3x2]: [1, 2], [OP.CALL]: [0, 1], [OP.CALLNZ]: [0, 2], [OP.LOOP]: [0, 2], [OP.RET]: [0, 0], [OP.ENDLOOP]: [0, 0],
    [OP.LABEL]: [0, 1], [OP.POW]: [1, 2], [OP.CRS]: [1, 2], [OP.SGN]: [1, sm3 ? 1 : 3], [OP.ABS]: [1, 1], [OP.NRM]: [1, 1],
    [OP.SINCOS]: [1, sm3 ? 1 : 3], [OP.REP]: [0, 1], [OP.ENDREP]: [0, 0], [OP.IF]: [0, 1], [OP.IFC]: [0, 2], [OP.ELSE]: [0, 0],
    [OP.ENDIF]: [0, 0], [OP.BREAK]: [0, 0], [OP.BREAKC]: [0, 2], [OP.MOVA]: [1, 1],
    [OP.TEXCOORD]: [1, version === 0x0104 ? 1 : 0], [OP.TEXKILL]: [1, 0],
    [OP.TEX]: [1, version <= 0x0103 ? 0 : version === 0x0104 ? 1 : 2], [OP.TEXBEM]: [1, 1], [OP.TEXBEML]: [1, 1],
    [OP.TEXREG2AR]: [1, 1], [OP.TEXREG2GB]: [1, 1], [OP.TEXM3x2PAD]: [1, 1], [OP.TEXM3x2TEX]: [1, 1], [OP.TEXM3x3PAD]: [1, 1],
    [OP.TEXM3x3TEX]: [1, 1], [OP.TEXM3x3SPEC]: [1, 2], [OP.TEXM3x3VSPEC]: [1, 1], [OP.EXPP]: [1, 1], [OP.LOGP]: [1, 1],
    [OP.CND]: [1, 3], [OP.TEXREG2RGB]: [1, 1], [OP.TEXDP3TEX]: [1, 1], [OP.TEXM3x2DEPTH]: [1, 1], [OP.TEXDP3]: [1, 1],
    [OP.TEXM3x3]: [1, 1], [OP.TEXDEPTH]: [1, 0], [OP.CMP]: [1, 3], [OP.BEM]: [1, 2], [OP.DP2ADD]: [1, 3], [OP.DSX]: [1, 1],
    [OP.DSY]: [1, 1], [OP.TEXLDD]: [1, 4], [OP.SETP]: [1, 2], [OP.TEXLDL]: [1, 2], [OP.BREAKP]: [0, 1], [OP.PHASE]: [0, 0],
  };
  return table[opcode] ?? [1, 0];
}

/** The instructions of each version, from the "Instructions - vs_1_1 … ps_3_0" pages (if_comp, break_comp as ifc, breakc). */
const VS11 = 'add dcl def dp3 dp4 dst exp expp frc lit log logp m3x2 m3x3 m3x4 m4x3 m4x4 mad max min mov mul nop rcp rsq sge slt sub';
const VS20 = `${VS11} abs call callnz crs defb defi else endif endloop endrep if label loop lrp mova nrm pow rep ret sgn sincos`;
const VS2X = `${VS20} break break_comp breakp if_comp setp`;
const PS11 = 'add cnd def dp3 lrp mad mov mul nop sub tex texbem texbeml texcoord texkill texm3x2pad texm3x2tex texm3x3pad texm3x3tex texm3x3spec texm3x3vspec texreg2ar texreg2gb';
const PS12 = `${PS11} cmp dp4 texdp3 texdp3tex texm3x3 texreg2rgb`;
const PS20 = 'abs add cmp crs dcl def dp2add dp3 dp4 exp frc log lrp m3x2 m3x3 m3x4 m4x3 m4x4 mad max min mov mul nop nrm pow rcp rsq sincos sub texkill texld';
const PS2X = `${PS20} break break_comp breakp call callnz defb defi dsx dsy else endif endrep if if_comp label rep ret setp texldd`;
export const INSTRUCTIONS: Record<string, string> = {
  vs_1_1: VS11, vs_2_0: VS20, vs_2_x: VS2X, vs_3_0: `${VS2X} texldl`,
  ps_1_1: PS11, ps_1_2: PS12, ps_1_3: `${PS12} texm3x2depth`,
  ps_1_4: 'add bem cmp cnd def dp3 dp4 lrp mad mov mul nop phase sub texcrd texdepth texkill texld',
  ps_2_0: PS20, ps_2_x: PS2X, ps_3_0: `${PS2X} endloop loop texldl`,
};

export function corpus(): { kind: ShaderKind; version: number; opcode: number; tokens: Uint32Array }[] {
  const out: { kind: ShaderKind; version: number; opcode: number; tokens: Uint32Array }[] = [];
  for (const kind of ['vertex', 'pixel'] as const) {
    for (const version of VERSIONS[kind]) {
      for (const info of OPCODES.values()) {
        if (!opcodeAllowed(info, kind, version)) continue;
        const controls = info.special === 'compare' ? 4 : 0; // lt
        const params = operandsFor(info.opcode, kind, version, counts(info.opcode, version))!;
        const len = version >= 0x0200 && info.opcode !== OP.PHASE ? params.length : 0;
        const ins = (info.opcode | (controls << 16) | (len << 24)) >>> 0;
        out.push({ kind, version, opcode: info.opcode, tokens: Uint32Array.from([(kind === 'vertex' ? 0xfffe0000 : 0xffff0000) | version, ins, ...params, 0xffff]) });
      }
    }
  }
  return out;
}
