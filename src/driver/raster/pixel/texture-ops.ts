/**
 * The fixed-function texture blending operations (D3DTEXTUREOP, "Texture
 * Blending"): the registers a stage reads, argument modifiers, and each op's
 * formula over a range of channels. Every result is clamped to [0, 1].
 */
import { D3DTA, D3DTOP } from '../../../d3d9/index.js';

/** The colour registers of the texture stages, allocated once per pipeline. */
export class CombineRegisters {
  readonly diffuse = new Float32Array(4);
  readonly specular = new Float32Array(4);
  /** stage 0 reads CURRENT as the diffuse colour */
  readonly current = new Float32Array(4);
  readonly temp = new Float32Array(4);
  /** the texel of the stage being run: (0, 0, 0, 1) when no texture is bound */
  readonly texture = new Float32Array(4);
  readonly tfactor = new Float32Array(4);
  /** D3DTSS_CONSTANT of each stage */
  readonly constants: readonly Float32Array[] = Array.from({ length: 8 }, () => new Float32Array(4));
  /** what an unknown register select reads */
  readonly ones = Float32Array.of(1, 1, 1, 1);
  readonly arg0 = new Float32Array(4);
  readonly arg1 = new Float32Array(4);
  readonly arg2 = new Float32Array(4);
  readonly result = new Float32Array(4);

  /** The register a D3DTA value selects in `stage` (its low four bits). */
  source(stage: number, arg: number): Float32Array {
    switch (arg & D3DTA.SELECTMASK) {
      case D3DTA.DIFFUSE: return this.diffuse;
      case D3DTA.CURRENT: return this.current;
      case D3DTA.TEXTURE: return this.texture;
      case D3DTA.TFACTOR: return this.tfactor;
      case D3DTA.SPECULAR: return this.specular;
      case D3DTA.TEMP: return this.temp;
      case D3DTA.CONSTANT: return this.constants[stage];
      default: return this.ones;
    }
  }
}

/** A D3DCOLOR as float RGBA (UNORM→FLOAT, c / 255). */
export function colorToFloats(argb: number, out: Float32Array): void {
  out[0] = ((argb >>> 16) & 0xff) / 255;
  out[1] = ((argb >>> 8) & 0xff) / 255;
  out[2] = (argb & 0xff) / 255;
  out[3] = (argb >>> 24) / 255;
}

/** Copies four channels (a plain loop: TypedArray.set costs more than it saves at this size). */
export function copy4(src: ArrayLike<number>, out: Float32Array): void {
  out[0] = src[0]; out[1] = src[1]; out[2] = src[2]; out[3] = src[3];
}

/** An argument: its register with COMPLEMENT (1 − x) then ALPHAREPLICATE (x.aaaa) applied. */
export function readArg(src: Float32Array, arg: number, out: Float32Array): void {
  const complement = (arg & D3DTA.COMPLEMENT) !== 0;
  if ((arg & D3DTA.ALPHAREPLICATE) !== 0) {
    const a = complement ? 1 - src[3] : src[3];
    out[0] = a; out[1] = a; out[2] = a; out[3] = a;
  } else if (complement) {
    for (let c = 0; c < 4; c++) out[c] = 1 - src[c];
  } else {
    copy4(src, out);
  }
}

/** Bits of the arguments an op reads: 1 ARG0, 2 ARG1, 4 ARG2. */
export function opArguments(op: number): number {
  switch (op) {
    case D3DTOP.SELECTARG1: return 2;
    case D3DTOP.SELECTARG2: return 4;
    case D3DTOP.MULTIPLYADD: case D3DTOP.LERP: return 7;
    case D3DTOP.MODULATE: case D3DTOP.MODULATE2X: case D3DTOP.MODULATE4X: case D3DTOP.ADD: case D3DTOP.ADDSIGNED:
    case D3DTOP.ADDSIGNED2X: case D3DTOP.SUBTRACT: case D3DTOP.ADDSMOOTH: case D3DTOP.BLENDDIFFUSEALPHA:
    case D3DTOP.BLENDTEXTUREALPHA: case D3DTOP.BLENDFACTORALPHA: case D3DTOP.BLENDTEXTUREALPHAPM:
    case D3DTOP.BLENDCURRENTALPHA: case D3DTOP.MODULATEALPHA_ADDCOLOR: case D3DTOP.MODULATECOLOR_ADDALPHA:
    case D3DTOP.MODULATEINVALPHA_ADDCOLOR: case D3DTOP.MODULATEINVCOLOR_ADDALPHA: case D3DTOP.DOTPRODUCT3:
      return 6;
    default: return 0; // DISABLE, and the ops not implemented (PREMODULATE, BUMPENVMAP*)
  }
}

/** Does the op itself (not an argument) read the stage's texel? */
export function opReadsTexture(op: number): boolean {
  return op === D3DTOP.BLENDTEXTUREALPHA || op === D3DTOP.BLENDTEXTUREALPHAPM;
}

/** Is the op one this pipeline computes (caps' TextureOpCaps, without DISABLE)? */
export function isImplementedOp(op: number): boolean {
  return opArguments(op) !== 0;
}

function lerp(a: number, b: number, t: number): number {
  return a * t + b * (1 - t);
}

/**
 * Computes `op` on channels [c0, c1) of `out` from r.arg0..arg2 ("Texture Blending"
 * formulas). BLENDCURRENTALPHA reads r.current, which still holds the stage's input.
 * DOTPRODUCT3 writes its one value to every channel of the range. An op not
 * implemented leaves `out` as it was (the destination register passes through).
 */
export function applyOp(op: number, r: CombineRegisters, c0: number, c1: number, out: Float32Array): void {
  const a0 = r.arg0, a1 = r.arg1, a2 = r.arg2;
  switch (op) {
    case D3DTOP.SELECTARG1: for (let c = c0; c < c1; c++) out[c] = a1[c]; break;
    case D3DTOP.SELECTARG2: for (let c = c0; c < c1; c++) out[c] = a2[c]; break;
    case D3DTOP.MODULATE: for (let c = c0; c < c1; c++) out[c] = a1[c] * a2[c]; break;
    case D3DTOP.MODULATE2X: for (let c = c0; c < c1; c++) out[c] = 2 * a1[c] * a2[c]; break;
    case D3DTOP.MODULATE4X: for (let c = c0; c < c1; c++) out[c] = 4 * a1[c] * a2[c]; break;
    case D3DTOP.ADD: for (let c = c0; c < c1; c++) out[c] = a1[c] + a2[c]; break;
    case D3DTOP.ADDSIGNED: for (let c = c0; c < c1; c++) out[c] = a1[c] + a2[c] - 0.5; break;
    case D3DTOP.ADDSIGNED2X: for (let c = c0; c < c1; c++) out[c] = 2 * (a1[c] + a2[c] - 0.5); break;
    case D3DTOP.SUBTRACT: for (let c = c0; c < c1; c++) out[c] = a1[c] - a2[c]; break;
    case D3DTOP.ADDSMOOTH: for (let c = c0; c < c1; c++) out[c] = a1[c] + a2[c] - a1[c] * a2[c]; break;
    case D3DTOP.BLENDDIFFUSEALPHA: for (let c = c0; c < c1; c++) out[c] = lerp(a1[c], a2[c], r.diffuse[3]); break;
    case D3DTOP.BLENDTEXTUREALPHA: for (let c = c0; c < c1; c++) out[c] = lerp(a1[c], a2[c], r.texture[3]); break;
    case D3DTOP.BLENDFACTORALPHA: for (let c = c0; c < c1; c++) out[c] = lerp(a1[c], a2[c], r.tfactor[3]); break;
    case D3DTOP.BLENDCURRENTALPHA: for (let c = c0; c < c1; c++) out[c] = lerp(a1[c], a2[c], r.current[3]); break;
    case D3DTOP.BLENDTEXTUREALPHAPM: for (let c = c0; c < c1; c++) out[c] = a1[c] + a2[c] * (1 - r.texture[3]); break;
    case D3DTOP.MODULATEALPHA_ADDCOLOR: for (let c = c0; c < c1; c++) out[c] = a1[c] + a1[3] * a2[c]; break;
    case D3DTOP.MODULATECOLOR_ADDALPHA: for (let c = c0; c < c1; c++) out[c] = a1[c] * a2[c] + a1[3]; break;
    case D3DTOP.MODULATEINVALPHA_ADDCOLOR: for (let c = c0; c < c1; c++) out[c] = (1 - a1[3]) * a2[c] + a1[c]; break;
    case D3DTOP.MODULATEINVCOLOR_ADDALPHA: for (let c = c0; c < c1; c++) out[c] = (1 - a1[c]) * a2[c] + a1[3]; break;
    case D3DTOP.DOTPRODUCT3: {
      const d = 4 * ((a1[0] - 0.5) * (a2[0] - 0.5) + (a1[1] - 0.5) * (a2[1] - 0.5) + (a1[2] - 0.5) * (a2[2] - 0.5));
      for (let c = c0; c < c1; c++) out[c] = d;
      break;
    }
    case D3DTOP.MULTIPLYADD: for (let c = c0; c < c1; c++) out[c] = a0[c] + a1[c] * a2[c]; break;
    case D3DTOP.LERP: for (let c = c0; c < c1; c++) out[c] = lerp(a1[c], a2[c], a0[c]); break;
    default: return;
  }
  for (let c = c0; c < c1; c++) {
    const v = out[c];
    // NaN saturates to 0, as FLOAT→UNORM does (reference C.5)
    out[c] = v > 0 ? (v < 1 ? v : 1) : 0;
  }
}
