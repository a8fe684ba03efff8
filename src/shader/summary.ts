/**
 * What a shader declares and defines, for people reading it (inspect --shader): its inputs (dcl'd, or
 * read where the version has no dcl for them), its outputs (dcl'd in vs_3_0, else the output registers
 * written), the constants it defines (def/defi/defb) and the instruction slot each instruction starts at.
 */
import { instructionText } from './disassemble.js';
import { OP, type ShaderKind } from './opcodes.js';
import { type Instruction, type ShaderProgram, versionName } from './parse.js';
import { REG, registerName, SAMPLER_TYPES, USAGES } from './registers.js';
import { instructionSlots, slotLimits } from './validate.js';

export interface RegisterUse {
  register: string;
  /** the dcl's usage (`position`, `texcoord1`), a sampler's texture type (`2d`), or undefined */
  usage?: string;
  /** the mask dcl'd or written (`xyzw` when whole) */
  mask: string;
}

export interface ShaderConstantDef {
  register: string;
  /** def: four floats; defi: four integers; defb: a boolean */
  value: number[] | boolean;
  /** the literal DWORDs as stored */
  bits: number[];
}

export interface ShaderLine {
  /** DWORD offset of the instruction token */
  offset: number;
  /** the first instruction slot it takes, when it takes any */
  slot?: number;
  /** how many slots it takes */
  slots: number;
  /** its slots are texture slots (counted apart from arithmetic ones in ps_1_x and ps_2_0) */
  texture?: true;
  text: string;
}

export interface ShaderSummary {
  kind: ShaderKind;
  version: string;
  inputs: RegisterUse[];
  outputs: RegisterUse[];
  samplers: RegisterUse[];
  constants: ShaderConstantDef[];
  lines: ShaderLine[];
  /** slots taken: arithmetic and texture (texture counts separately in ps_1_x and ps_2_0 only; elsewhere arithmetic is all of them and texture 0) */
  slots: { arithmetic: number; texture: number; limit: string };
}

const INPUT_TYPES = new Set<number>([REG.INPUT, REG.MISCTYPE]);

function maskName(mask: number): string {
  return [...'xyzw'].filter((_, c) => mask & (1 << c)).join('');
}

function isOutput(type: number, kind: ShaderKind): boolean {
  if (kind === 'vertex') return type === REG.RASTOUT || type === REG.ATTROUT || type === REG.OUTPUT;
  return type === REG.COLOROUT || type === REG.DEPTHOUT;
}

export function summarizeShader(p: ShaderProgram): ShaderSummary {
  const kind = p.kind;
  const name = (t: number, n: number): string => registerName(t, n, kind, p.version);
  const inputs = new Map<string, RegisterUse>();
  const outputs = new Map<string, RegisterUse>();
  const samplers: RegisterUse[] = [];
  const constants: ShaderConstantDef[] = [];
  const lines: ShaderLine[] = [];
  const add = (to: Map<string, RegisterUse>, reg: string, mask: number, usage?: string): void => {
    const had = to.get(reg);
    const m = maskName(mask | (had ? [...'xyzw'].reduce((a, c, k) => (had.mask.includes(c) ? a | (1 << k) : a), 0) : 0));
    to.set(reg, { register: reg, ...(usage ?? had?.usage ? { usage: usage ?? had?.usage } : {}), mask: m });
  };
  // ps_1_x texture registers are inputs too: tex/texcoord read them
  const texInputs = kind === 'pixel' && p.version < 0x0200;
  let arith = 0;
  let tex = 0;
  const [maxArith, maxTex] = slotLimits(kind, p.version);
  // one budget from ps_2_x and in every vertex shader: texture instructions take arithmetic slots
  const shared = maxTex === undefined;
  for (const ins of p.instructions) {
    const is = instructionSlots(ins);
    const s = shared ? { count: is.count, texture: false } : is;
    const line: ShaderLine = { offset: ins.offset, slots: s.count, text: instructionText(ins, kind, p.version) };
    if (s.count) line.slot = s.texture ? tex : arith;
    if (s.texture) line.texture = true;
    if (s.texture) tex += s.count;
    else arith += s.count;
    lines.push(line);
    declared(ins);
    for (const src of ins.src) {
      if (INPUT_TYPES.has(src.type) || (texInputs && src.type === REG.TEXTURE)) add(inputs, name(src.type, src.num), 0xf);
    }
    if (ins.dst && ins.opcode !== OP.DCL && isOutput(ins.dst.type, kind)) add(outputs, name(ins.dst.type, ins.dst.num), ins.dst.mask);
    if (texInputs && ins.dst?.type === REG.TEXTURE && ins.opcode !== OP.DEF) add(inputs, name(REG.TEXTURE, ins.dst.num), 0xf);
  }
  function declared(ins: Instruction): void {
    if (ins.opcode === OP.DEF || ins.opcode === OP.DEFI || ins.opcode === OP.DEFB) {
      const lit = ins.literals!;
      const value = ins.opcode === OP.DEF ? lit.map(bitsFloat)
        : ins.opcode === OP.DEFI ? lit.map((b) => b | 0) : lit[0] !== 0;
      constants.push({ register: name(ins.dst!.type, ins.dst!.num), value, bits: lit.map((b) => b >>> 0) });
      return;
    }
    if (ins.opcode !== OP.DCL) return;
    const d = ins.dcl!;
    const dst = ins.dst!;
    const reg = name(dst.type, dst.num);
    if (dst.type === REG.SAMPLER) {
      samplers.push({ register: reg, usage: SAMPLER_TYPES[d.textureType] ?? `type${d.textureType}`, mask: 'xyzw' });
      return;
    }
    // ps_2_0/2_x dcl carries no usage (v and t are colour and texture coordinates by register)
    const usage = kind === 'pixel' && p.version < 0x0300 && dst.type !== REG.MISCTYPE ? undefined
      : dst.type === REG.MISCTYPE ? undefined : `${USAGES[d.usage] ?? `usage${d.usage}`}${d.usageIndex || ''}`;
    add(isOutput(dst.type, kind) ? outputs : inputs, reg, dst.mask, usage);
  }
  const limit = maxTex === undefined ? `${maxArith} in all` : `${maxArith} arithmetic and ${maxTex} texture`;
  return {
    kind, version: versionName(kind, p.version), inputs: [...inputs.values()], outputs: [...outputs.values()], samplers, constants, lines,
    slots: { arithmetic: arith, texture: tex, limit },
  };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function bitsFloat(bits: number): number {
  u32[0] = bits;
  return f32[0];
}
