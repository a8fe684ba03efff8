/**
 * What a shader program says before it runs: def/defi/defb literals, sampler types from dcl, the
 * matching ends of its flow control, labels, and the metadata the draw needs (inputs and outputs by
 * semantic, derivatives, depth, colour outputs, samplers). The interpreter and the compiled path
 * both start from this.
 */
import { OP, REG, type Instruction, type ShaderProgram } from '../../shader/index.js';
import { PS_IN, VS_OUT, type Semantic, type ShaderConstants, type ShaderExecutable, type ShaderIO } from './types.js';

/** D3DDECLUSAGE values used for the fixed meanings of pre-SM3 registers. */
export const USAGE = { POSITION: 0, PSIZE: 4, TEXCOORD: 5, COLOR: 10, FOG: 11 } as const;

/** D3DSAMPLER_TEXTURE_TYPE (dcl_2d/cube/volume); 0 = not declared (ps_1_x: the bound texture decides). */
export const SAMPLER_TYPE = { UNKNOWN: 0, T1D: 1, T2D: 2, CUBE: 3, VOLUME: 4 } as const;

export interface Decoded {
  readonly program: ShaderProgram;
  readonly kind: 'vertex' | 'pixel';
  readonly version: number;
  /** ps_1_1 … ps_1_4 */
  readonly ps1x: boolean;
  /** def: register → 4 float32; defi: register → 4 int32; defb: register → 0/1 */
  readonly defF: ReadonlyMap<number, Float32Array>;
  readonly defI: ReadonlyMap<number, Int32Array>;
  readonly defB: ReadonlyMap<number, number>;
  /** sampler unit → D3DSAMPLER_TEXTURE_TYPE from its dcl */
  readonly samplerTypes: Uint8Array;
  /** instruction index → the matching else/endif (if, else), endloop/endrep (loop, rep) or loop/rep (endloop, endrep); −1 elsewhere */
  readonly jump: Int32Array;
  /** label number → the index of its label instruction */
  readonly labels: ReadonlyMap<number, number>;
  /** where main ends: the first label (subroutines follow it) or the end of the program */
  readonly mainEnd: number;
  readonly inputs: readonly Semantic[];
  readonly outputs: readonly Semantic[];
  readonly usesDerivatives: boolean;
  readonly writesDepth: boolean;
  readonly colorOutputs: number;
  readonly samplers: number;
}

/** What both paths hand the draw about a program (ShaderExecutable's metadata), taken from its Decoded. */
export abstract class DecodedExecutable implements ShaderExecutable {
  readonly program: ShaderProgram;
  readonly kind: 'vertex' | 'pixel';
  readonly version: number;
  readonly inputs: readonly Semantic[];
  readonly outputs: readonly Semantic[];
  readonly usesDerivatives: boolean;
  readonly writesDepth: boolean;
  readonly colorOutputs: number;
  readonly samplers: number;

  constructor(readonly decoded: Decoded) {
    this.program = decoded.program;
    this.kind = decoded.kind;
    this.version = decoded.version;
    this.inputs = decoded.inputs;
    this.outputs = decoded.outputs;
    this.usesDerivatives = decoded.usesDerivatives;
    this.writesDepth = decoded.writesDepth;
    this.colorOutputs = decoded.colorOutputs;
    this.samplers = decoded.samplers;
  }

  abstract run(io: ShaderIO, constants: ShaderConstants, lanes: number): void;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bitsToFloat = (b: number): number => { u32[0] = b; return f32[0]; };

const PS1_SAMPLING = new Set<number>([OP.TEX, OP.TEXBEM, OP.TEXBEML, OP.TEXREG2AR, OP.TEXREG2GB, OP.TEXREG2RGB,
  OP.TEXM3x2TEX, OP.TEXM3x3TEX, OP.TEXM3x3SPEC, OP.TEXM3x3VSPEC, OP.TEXDP3TEX]);
/** ps_1_x instructions that read the texture coordinates of their destination's t register. */
const PS1_READS_COORD = new Set<number>([OP.TEX, OP.TEXCOORD, OP.TEXBEM, OP.TEXBEML, OP.TEXM3x2PAD, OP.TEXM3x2TEX,
  OP.TEXM3x3PAD, OP.TEXM3x3TEX, OP.TEXM3x3SPEC, OP.TEXM3x3VSPEC, OP.TEXM3x3, OP.TEXM3x2DEPTH, OP.TEXDP3, OP.TEXDP3TEX, OP.TEXKILL]);

/** c0 … c8191: constants past 2047 are the CONST2..CONST4 register types, 2048 each. */
function constIndex(type: number, num: number): number {
  return type >= REG.CONST2 && type <= REG.CONST4 ? num + 2048 * (type - REG.CONST2 + 1) : num;
}

export function decode(program: ShaderProgram): Decoded {
  const { kind, version, instructions } = program;
  const ps1x = kind === 'pixel' && version < 0x0200;
  const defF = new Map<number, Float32Array>();
  const defI = new Map<number, Int32Array>();
  const defB = new Map<number, number>();
  const samplerTypes = new Uint8Array(16);
  const jump = new Int32Array(instructions.length).fill(-1);
  const labels = new Map<number, number>();
  const stack: number[] = [];
  let mainEnd = instructions.length;
  const inputs = new Map<number, Semantic>();
  const outputs = new Map<number, Semantic>();
  let usesDerivatives = false;
  let writesDepth = false;
  let colorOutputs = 0;
  let samplers = 0;
  const addIn = (slot: number, usage: number, usageIndex: number, mask: number, centroid = false): void => {
    const s = inputs.get(slot);
    if (s) { s.mask |= mask; return; }
    const sem: Semantic = { slot, usage, usageIndex, mask };
    if (centroid) sem.centroid = true;
    inputs.set(slot, sem);
  };
  const addOut = (slot: number, usage: number, usageIndex: number, mask: number): void => {
    const s = outputs.get(slot);
    if (s) s.mask |= mask;
    else outputs.set(slot, { slot, usage, usageIndex, mask });
  };
  const pixelReg = (type: number, num: number, mask: number): void => {
    // ps_1_x inputs are the registers read, with fixed meanings: v0/v1 colours, tN texture coordinates N (ps_2_x declares them)
    if (!ps1x) return;
    if (type === REG.INPUT) addIn(PS_IN.V0 + num, USAGE.COLOR, num, mask);
    else if (type === REG.TEXTURE && !(ps1x && version < 0x0104)) addIn(PS_IN.T0 + num, USAGE.TEXCOORD, num, mask);
  };
  instructions.forEach((ins, k) => {
    const op = ins.opcode;
    switch (op) {
      case OP.DEF: defF.set(constIndex(ins.dst!.type, ins.dst!.num), Float32Array.from(ins.literals!.map(bitsToFloat))); break;
      case OP.DEFI: defI.set(ins.dst!.num, Int32Array.from(ins.literals!.map((x) => x | 0))); break;
      case OP.DEFB: defB.set(ins.dst!.num, ins.literals![0] ? 1 : 0); break;
      case OP.IF: case OP.IFC: case OP.LOOP: case OP.REP: stack.push(k); break;
      case OP.ELSE: { const o = stack.pop(); if (o !== undefined) jump[o] = k; stack.push(k); break; }
      case OP.ENDIF: case OP.ENDLOOP: case OP.ENDREP: {
        const o = stack.pop();
        if (o !== undefined) { jump[o] = k; if (op !== OP.ENDIF) jump[k] = o; }
        break;
      }
      case OP.LABEL: {
        labels.set(ins.src[0].num, k);
        if (k < mainEnd) mainEnd = k;
        break;
      }
      default: break;
    }
    if (op === OP.DCL) declare(ins);
    if (kind === 'pixel') {
      if (op === OP.DSX || op === OP.DSY) usesDerivatives = true;
      // texld/texldp/texldb take their level from derivatives (texldl and texldd do not)
      if (op === OP.TEX && version >= 0x0104) usesDerivatives = true;
      if (ps1x && PS1_SAMPLING.has(op)) usesDerivatives = true;
      if (op === OP.TEXDEPTH || op === OP.TEXM3x2DEPTH) writesDepth = true;
      if (ins.dst?.type === REG.DEPTHOUT) writesDepth = true;
      if (ins.dst?.type === REG.COLOROUT) colorOutputs |= 1 << ins.dst.num;
      if (ps1x) {
        if (PS1_SAMPLING.has(op) || (version === 0x0104 && op === OP.TEX)) samplers |= 1 << ins.dst!.num;
        if (version < 0x0104 && PS1_READS_COORD.has(op)) addIn(PS_IN.T0 + ins.dst!.num, USAGE.TEXCOORD, ins.dst!.num, 0xf);
      }
      for (const s of ins.src) {
        if (s.type === REG.SAMPLER) samplers |= 1 << s.num;
        pixelReg(s.type, s.num, 0xf);
      }
      if (op === OP.TEXKILL && ins.dst) pixelReg(ins.dst.type, ins.dst.num, 0xf);
    } else {
      if (op === OP.TEXLDL) for (const s of ins.src) if (s.type === REG.SAMPLER) samplers |= 1 << s.num;
      const d = ins.dst;
      if (d && version < 0x0300) {
        if (d.type === REG.RASTOUT) {
          if (d.num === 0) addOut(VS_OUT.POS, USAGE.POSITION, 0, d.mask);
          else if (d.num === 1) addOut(VS_OUT.FOG, USAGE.FOG, 0, d.mask);
          else if (d.num === 2) addOut(VS_OUT.PTS, USAGE.PSIZE, 0, d.mask);
        } else if (d.type === REG.ATTROUT) addOut(VS_OUT.D0 + d.num, USAGE.COLOR, d.num, d.mask);
        else if (d.type === REG.TEXCRDOUT) addOut(VS_OUT.T0 + d.num, USAGE.TEXCOORD, d.num, d.mask);
      }
    }
  });
  if (ps1x) colorOutputs = 1;

  function declare(ins: Instruction): void {
    const d = ins.dst!;
    const dcl = ins.dcl!;
    if (d.type === REG.SAMPLER) {
      samplerTypes[d.num] = dcl.textureType;
      samplers |= 1 << d.num;
      return;
    }
    if (kind === 'vertex') {
      if (d.type === REG.INPUT) addIn(d.num, dcl.usage, dcl.usageIndex, d.mask);
      else if (d.type === REG.OUTPUT && version >= 0x0300) addOut(d.num, dcl.usage, dcl.usageIndex, d.mask);
      return;
    }
    if (version >= 0x0300) {
      if (d.type === REG.INPUT) addIn(d.num, dcl.usage, dcl.usageIndex, d.mask, (d.resultMod & 4) !== 0);
    } else if (d.type === REG.INPUT) addIn(PS_IN.V0 + d.num, USAGE.COLOR, d.num, d.mask, (d.resultMod & 4) !== 0);
    else if (d.type === REG.TEXTURE) addIn(PS_IN.T0 + d.num, USAGE.TEXCOORD, d.num, d.mask, (d.resultMod & 4) !== 0);
  }

  const bySlot = (m: Map<number, Semantic>): Semantic[] => [...m.values()].sort((a, b) => a.slot - b.slot);
  return {
    program, kind, version, ps1x, defF, defI, defB, samplerTypes, jump, labels, mainEnd,
    inputs: bySlot(inputs), outputs: bySlot(outputs), usesDerivatives, writesDepth, colorOutputs, samplers,
  };
}
