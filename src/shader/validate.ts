/**
 * Checks a parsed shader against its version's rules, as the runtime's validator does before
 * CreateVertexShader/CreatePixelShader accept it: the opcodes each version has, the register types
 * and counts each version has (the "Registers - vs_1_1 … ps_3_0" pages), and the instruction slots
 * ("Instructions" pages: ps_2_0 has 64 arithmetic and 32 texture slots, vs_2_0 256).
 */
import { OP, OPCODES, opcodeAllowed, type ShaderKind } from './opcodes.js';
import type { Instruction, RelativeAddress, ShaderError, ShaderProgram } from './parse.js';
import { REG, registerName } from './registers.js';
import { ruleErrors } from './validate-rules.js';

/** Caps-dependent limits; the defaults are replay9's device (the highest each version allows). */
export interface ShaderLimits {
  /** D3DCAPS9.MaxVertexShaderConst (at least 256 for vs_2_0 and later). */
  maxVertexShaderConst: number;
  /** VS20Caps/PS20Caps NumTemps for the 2_x versions (12 to 32). */
  numTemps2x: number;
}

export const DEFAULT_LIMITS: ShaderLimits = { maxVertexShaderConst: 256, numTemps2x: 32 };

type Counts = Partial<Record<number, number>>;

/** Register counts per type, per kind and version. CONST covers c0 … c8191 (CONST2-4 are its upper ranges). */
function registerCounts(kind: ShaderKind, version: number, lim: ShaderLimits): Counts {
  const R = REG;
  if (kind === 'vertex') {
    const c = lim.maxVertexShaderConst;
    if (version === 0x0101) return { [R.TEMP]: 12, [R.INPUT]: 16, [R.CONST]: Math.max(c, 96), [R.ADDR]: 1, [R.RASTOUT]: 3, [R.ATTROUT]: 2, [R.TEXCRDOUT]: 8 };
    const sm2: Counts = { [R.INPUT]: 16, [R.CONST]: c, [R.ADDR]: 1, [R.CONSTINT]: 16, [R.CONSTBOOL]: 16, [R.LOOP]: 1 };
    if (version === 0x0200) return { ...sm2, [R.TEMP]: 12, [R.LABEL]: 16, [R.RASTOUT]: 3, [R.ATTROUT]: 2, [R.TEXCRDOUT]: 8 };
    if (version === 0x0201) return { ...sm2, [R.TEMP]: lim.numTemps2x, [R.LABEL]: 16, [R.PREDICATE]: 1, [R.RASTOUT]: 3, [R.ATTROUT]: 2, [R.TEXCRDOUT]: 8 };
    return { ...sm2, [R.TEMP]: 32, [R.LABEL]: 2048, [R.PREDICATE]: 1, [R.SAMPLER]: 4, [R.OUTPUT]: 12 };
  }
  if (version <= 0x0103) return { [R.TEMP]: 2, [R.INPUT]: 2, [R.CONST]: 8, [R.TEXTURE]: 4 };
  if (version === 0x0104) return { [R.TEMP]: 6, [R.INPUT]: 2, [R.CONST]: 8, [R.TEXTURE]: 6 };
  const out: Counts = { [R.COLOROUT]: 4, [R.DEPTHOUT]: 1, [R.SAMPLER]: 16 };
  if (version === 0x0200) return { ...out, [R.TEMP]: 12, [R.INPUT]: 2, [R.CONST]: 32, [R.TEXTURE]: 8 };
  const flow: Counts = { [R.CONSTINT]: 16, [R.CONSTBOOL]: 16, [R.PREDICATE]: 1 };
  if (version === 0x0201) return { ...out, ...flow, [R.TEMP]: lim.numTemps2x, [R.INPUT]: 2, [R.CONST]: 32, [R.TEXTURE]: 8, [R.LABEL]: 16 };
  return { ...out, ...flow, [R.TEMP]: 32, [R.INPUT]: 10, [R.CONST]: 224, [R.MISCTYPE]: 2, [R.LOOP]: 1, [R.LABEL]: 2048 };
}

/** Slots a macro instruction takes (the "Instruction slots" column); every other counted instruction takes 1. */
const SLOTS: Partial<Record<number, number>> = {
  [OP.M3x2]: 2, [OP.M3x3]: 3, [OP.M3x4]: 4, [OP.M4x3]: 3, [OP.M4x4]: 4, [OP.CRS]: 2, [OP.NRM]: 3, [OP.POW]: 3,
  [OP.SINCOS]: 8, [OP.LRP]: 2,
};

const NOT_COUNTED = new Set<number>([OP.DCL, OP.DEF, OP.DEFI, OP.DEFB, OP.COMMENT, OP.PHASE, OP.NOP]);
const TEXTURE_OPS = new Set<number>([OP.TEX, OP.TEXKILL, OP.TEXCOORD, OP.TEXBEM, OP.TEXBEML, OP.TEXREG2AR, OP.TEXREG2GB,
  OP.TEXM3x2PAD, OP.TEXM3x2TEX, OP.TEXM3x3PAD, OP.TEXM3x3TEX, OP.TEXM3x3SPEC, OP.TEXM3x3VSPEC, OP.TEXREG2RGB,
  OP.TEXDP3TEX, OP.TEXM3x2DEPTH, OP.TEXDP3, OP.TEXM3x3, OP.TEXDEPTH, OP.TEXLDD, OP.TEXLDL]);

/**
 * The instruction slots one instruction takes ("Instruction slots" column of the instruction pages): none for
 * declarations, definitions, comments, phase, nop and a co-issued instruction (it shares its pair's slot);
 * texture: whether they count against the texture budget (ps_1_x-2_0 texture instructions).
 */
export function instructionSlots(ins: Instruction): { count: number; texture: boolean } {
  if (NOT_COUNTED.has(ins.opcode) || ins.coissue) return { count: 0, texture: false };
  if (TEXTURE_OPS.has(ins.opcode)) return { count: 1, texture: true };
  return { count: SLOTS[ins.opcode] ?? 1, texture: false };
}

/** [arithmetic, texture] slot limits (texture undefined: one shared budget). ps_1_4's are per phase. */
export function slotLimits(kind: ShaderKind, version: number): [number, number | undefined] {
  if (kind === 'vertex') return [version === 0x0101 ? 128 : version < 0x0300 ? 256 : 32768, undefined];
  if (version <= 0x0103) return [8, 4];
  if (version === 0x0104) return [8, 6];
  if (version === 0x0200) return [64, 32];
  return version === 0x0201 ? [512, undefined] : [32768, undefined];
}

/** Everything wrong with a program, in stream order; empty when the version accepts it. */
export function validateShader(p: ShaderProgram, limits: ShaderLimits = DEFAULT_LIMITS, opts: { rules?: boolean } = {}): ShaderError[] {
  const errors: ShaderError[] = [];
  const counts = registerCounts(p.kind, p.version, limits);
  const name = (t: number, n: number): string => registerName(t, n, p.kind, p.version);
  const checkReg = (ins: Instruction, type: number, num: number, what: string): void => {
    const full = type >= REG.CONST2 && type <= REG.CONST4 ? num + 2048 * (type - REG.CONST2 + 1) : num;
    const t = type >= REG.CONST2 && type <= REG.CONST4 ? REG.CONST : type;
    const max = counts[t];
    if (max === undefined) errors.push({ offset: ins.offset, message: `${ins.name}: ${what} ${name(type, num)} is no register of ${kindVersion(p)}` });
    else if (full >= max) errors.push({ offset: ins.offset, message: `${ins.name}: ${what} ${name(type, num)} is out of range (${kindVersion(p)} has ${max})` });
  };
  const checkRel = (ins: Instruction, rel: RelativeAddress | undefined, what: string): void => {
    if (!rel || rel.implied) return;
    if (rel.type !== REG.LOOP && !(rel.type === REG.ADDR && p.kind === 'vertex')) {
      errors.push({ offset: ins.offset, message: `${ins.name}: ${what} is addressed relative to ${name(rel.type, rel.num)}, which is neither a0 nor aL` });
    } else checkReg(ins, rel.type, rel.num, `${what}'s relative address`);
  };
  let arith = 0;
  let tex = 0;
  const [maxArith, maxTex] = slotLimits(p.kind, p.version);
  const flushSlots = (offset: number): void => {
    if (maxTex === undefined ? arith + tex > maxArith : arith > maxArith || tex > maxTex) {
      errors.push({ offset, message: `too many instructions: ${arith} arithmetic and ${tex} texture slots (${kindVersion(p)} allows ${maxArith}${maxTex === undefined ? ' in all' : ` and ${maxTex}`})` });
    }
    arith = 0;
    tex = 0;
  };
  for (const ins of p.instructions) {
    if (ins.opcode === OP.COMMENT) continue;
    const info = OPCODES.get(ins.opcode)!;
    if (!opcodeAllowed(info, p.kind, p.version)) {
      errors.push({ offset: ins.offset, message: `${ins.name} is not an instruction of ${kindVersion(p)}` });
      continue;
    }
    // ps_1_4's slot limits hold per phase
    if (ins.opcode === OP.PHASE) { flushSlots(ins.offset); continue; }
    if (ins.coissue && !(p.kind === 'pixel' && p.version < 0x0200)) errors.push({ offset: ins.offset, message: `${ins.name}: co-issue exists in ps_1_x only` });
    if (ins.dst) {
      checkReg(ins, ins.dst.type, ins.dst.num, 'destination');
      checkRel(ins, ins.dst.rel, 'destination');
      if (ins.dst.shift && !(p.kind === 'pixel' && p.version < 0x0200)) errors.push({ offset: ins.offset, message: `${ins.name}: result shift exists in ps_1_x only` });
    }
    if (ins.predicate) checkReg(ins, ins.predicate.type, ins.predicate.num, 'predicate');
    if (ins.dst?.rel && !relAllowed(ins.dst.type, p.kind, p.version)) errors.push({ offset: ins.offset, message: `${ins.name}: ${name(ins.dst.type, ins.dst.num)} cannot be addressed relatively in ${kindVersion(p)}` });
    if (ins.dst && (ins.dst.resultMod & 6) && p.kind === 'vertex') errors.push({ offset: ins.offset, message: `${ins.name}: _pp and _centroid exist in pixel shaders only` });
    ins.src.forEach((s, k) => {
      checkReg(ins, s.type, s.num, `source ${k}`);
      checkRel(ins, s.rel, `source ${k}`);
      if (!srcModAllowed(s.mod, s.type, p.kind, p.version)) errors.push({ offset: ins.offset, message: `${ins.name}: source ${k} modifier ${s.mod} does not exist in ${kindVersion(p)}` });
      if (s.rel && !relAllowed(s.type, p.kind, p.version)) errors.push({ offset: ins.offset, message: `${ins.name}: ${name(s.type, s.num)} cannot be addressed relatively in ${kindVersion(p)}` });
    });
    const slots = instructionSlots(ins);
    if (slots.texture) tex += slots.count;
    else arith += slots.count;
  }
  flushSlots(p.length - 1);
  // how instructions use their registers and nest (declarations, masks, read ports, dependent reads, flow control)
  // (opts.rules false: only the version's opcodes, registers, modifiers and slots, for lone instructions that are no whole program)
  if (errors.length === 0 && opts.rules !== false) errors.push(...ruleErrors(p));
  return errors;
}

/** Source modifiers each version has ("Source Register Modifiers"): ps_1_x has the bias/sign/complement/x2 family (dz/dw in ps_1_4), SM2+ negate, SM3 abs, and ! on b/p registers. */
function srcModAllowed(mod: number, type: number, kind: ShaderKind, version: number): boolean {
  if (mod === 0 || mod === 1) return true;
  const ps1 = kind === 'pixel' && version < 0x0200;
  if (mod <= 8) return ps1;
  if (mod === 9 || mod === 10) return kind === 'pixel' && version === 0x0104;
  if (mod === 11 || mod === 12) return version >= 0x0300;
  if (mod === 13) return version >= 0x0200 && (type === REG.CONSTBOOL || type === REG.PREDICATE);
  return false;
}

/** Register types that may be addressed relatively ("RelAddr" columns of the register pages). */
function relAllowed(type: number, kind: ShaderKind, version: number): boolean {
  const isConst = type === REG.CONST || (type >= REG.CONST2 && type <= REG.CONST4);
  if (kind === 'vertex') return isConst || (version >= 0x0300 && (type === REG.INPUT || type === REG.OUTPUT));
  return version >= 0x0300 && type === REG.INPUT;
}

function kindVersion(p: ShaderProgram): string {
  const minor = p.version & 0xff;
  return `${p.kind === 'vertex' ? 'vs' : 'ps'}_${p.version >> 8}_${p.version === 0x0201 ? 'x' : minor}`;
}
