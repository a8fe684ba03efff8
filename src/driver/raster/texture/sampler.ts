/**
 * Sampling a bound texture for a fixed-function stage ("Texture Filtering",
 * "Texture Addressing Modes", "Mipmap filtering"; D3D11.3 §7.18). A sampler is
 * built once per draw per stage from the stage's TextureView and sampler
 * states; levels decode lazily, row by row, to filter units (DecodedLevel:
 * UNORM codes, other components as floats after the sRGB curve when
 * SRGBTEXTURE is set). A stage with no texture reads (0, 0, 0, 1): the
 * caller's concern, as is a texture without levels.
 *
 * Filter weights have hardware precision: the fraction of the texel-space
 * position is truncated to D3D11_SUBTEXEL_FRACTIONAL_BIT_COUNT = 8 bits
 * (D3D11.3 §7.18.16.1), so the bilinear weights are products of 256ths, and the
 * mip blend weight to D3D11_MIP_LOD_FRACTIONAL_BIT_COUNT = 8 bits (chooseMip).
 * Each tap's weight is then a whole number of 2^−24 and the sum over taps of
 * weight × UNORM code is an exact integer in a double; the sampled value is that
 * sum divided once by 2^24 · (2^n − 1). Fast paths that add the same integers
 * in any order, and divide the same way, get the same bits.
 */
import { D3DSAMP, D3DTADDRESS, bitsToFloat32 } from '../../../d3d9/index.js';
import type { SampleOptions } from '../../../formats/index.js';
import type { SurfaceView } from '../../surface-view.js';
import type { TextureView } from '../types.js';
import { BORDER_TEXEL, addressMode, addressTexel } from './address.js';
import { projectCube } from './cube.js';
import type { CubeCoord } from './cube.js';
import { DecodedLevel } from './decoded-level.js';
import { MIP_FRACTION_STEPS, chooseMip, isLinearFilter, lodOf, mipFilter } from './lod.js';
import type { MipPlan, MipSettings } from './lod.js';

export interface Sampler {
  /**
   * Writes the filtered RGBA at coordinates (u, v) (cube maps: direction
   * (u, v, w)) to out[o..o+4). The derivatives are screen-space d/dx and d/dy of
   * the coordinates; dwdx and dwdy matter only for cube maps.
   */
  sample(u: number, v: number, w: number, dudx: number, dvdx: number, dwdx: number, dudy: number, dvdy: number, dwdy: number, out: Float32Array, o: number): void;
  /**
   * sample() with the level chosen by `lodMode` (shader/types.ts LOD): IMPLICIT as sample(), BIAS
   * adds `lod` to λ from the derivatives (texldb), EXPLICIT takes λ = `lod` (texldl, vertex
   * texture fetch). MIPMAPLODBIAS and MAXMIPLEVEL apply in every mode, as chooseMip applies them.
   */
  sampleLod(u: number, v: number, w: number, dudx: number, dvdx: number, dwdx: number, dudy: number, dvdy: number, dwdy: number, lodMode: number, lod: number, out: Float32Array, o: number): void;
}

/** λ from the derivatives, plus `lod` (BIAS), or `lod` itself (EXPLICIT); shader/types.ts LOD values. */
function adjustLod(lambda: number, lodMode: number, lod: number): number {
  if (lodMode === 1) return lambda + lod;
  if (lodMode === 2) return lod;
  return lambda;
}

export interface SamplerOptions {
  /** 256 RGBA8 entries of the current texture palette, for P8/A8P8 textures */
  palette?: Uint8Array;
}

/** Builds the sampler of one stage for one draw. `texture` must have at least one level. */
export function createSampler(texture: TextureView, samplerStates: Uint32Array, options: SamplerOptions = {}): Sampler {
  return new TextureSampler(texture, samplerStates, options);
}

/** D3DCOLOR (ARGB) → float RGBA; the border colour is used as given, never through the sRGB curve. */
export function borderColour(argb: number, out: Float64Array): void {
  out[0] = ((argb >>> 16) & 0xff) / 255;
  out[1] = ((argb >>> 8) & 0xff) / 255;
  out[2] = (argb & 0xff) / 255;
  out[3] = (argb >>> 24) / 255;
}

/** Sub-texel steps per texel: 2^D3D11_SUBTEXEL_FRACTIONAL_BIT_COUNT. */
export const SUBTEXEL_STEPS = 256;
/** The weight of a whole sample in tap-weight units: 256ths of a level times 256² ths of a bilinear footprint. */
const WHOLE = MIP_FRACTION_STEPS * SUBTEXEL_STEPS * SUBTEXEL_STEPS;

/** A finite number or 0: NaN and ±∞ coordinates read texel 0 rather than poisoning the index math. */
function finite(x: number): number {
  return x - x === 0 ? x : 0;
}

/** λ of a volume: log2 of the longer screen-space step in texels, Euclidean in three axes (lodOf's rule). */
function lodOf3(dsdx: number, dtdx: number, drdx: number, dsdy: number, dtdy: number, drdy: number): number {
  const x2 = dsdx * dsdx + dtdx * dtdx + drdx * drdx;
  const y2 = dsdy * dsdy + dtdy * dtdy + drdy * drdy;
  return 0.5 * Math.log2(x2 > y2 ? x2 : y2);
}

class TextureSampler implements Sampler {
  /** [face][level] of the texture (one face for 2D) */
  private readonly views: readonly (readonly SurfaceView[])[];
  private readonly decoded: (DecodedLevel | undefined)[][];
  private readonly cube: boolean;
  /** volume textures: [level][slice] views, decoded lazily like the levels */
  private readonly slices: readonly (readonly SurfaceView[])[] | undefined;
  private readonly decodedSlices: (DecodedLevel | undefined)[][];
  private readonly depth0: number;
  private readonly addrW: number;
  /** level-0 size (cube: of a face), the scale of λ */
  private readonly width0: number;
  private readonly height0: number;
  private readonly addrU: number;
  private readonly addrV: number;
  private readonly mip: MipSettings;
  private readonly opts: SampleOptions;
  /** the border colour as bytes (D3DCOLOR channels), R G B A */
  private readonly border8 = new Float64Array(4);
  private readonly acc = new Float64Array(4);
  private readonly plan: MipPlan = { linear: false, level: 0, next: 0, weight: 0 };
  private readonly cc: CubeCoord = { face: 0, s: 0, t: 0, dsdx: 0, dtdx: 0, dsdy: 0, dtdy: 0 };

  constructor(texture: TextureView, states: Uint32Array, options: SamplerOptions) {
    this.cube = texture.kind === 'cube';
    if (texture.levels.length === 0) throw new Error('createSampler: a TextureView needs at least one level (an empty stage reads (0, 0, 0, 1): the caller handles it)');
    if (this.cube && texture.faces?.length !== 6) throw new Error(`createSampler: a cube TextureView needs 6 faces, got ${texture.faces?.length ?? 'none'}`);
    this.views = this.cube ? texture.faces! : [texture.levels];
    this.decoded = this.views.map((levels) => levels.map(() => undefined));
    this.slices = texture.kind === 'volume' ? texture.volume : undefined;
    if (texture.kind === 'volume' && this.slices?.length !== texture.levels.length) throw new Error('createSampler: a volume TextureView needs the slices of every level');
    this.decodedSlices = (this.slices ?? []).map((slices) => slices.map(() => undefined));
    this.depth0 = this.slices ? this.slices[0].length : 1;
    this.addrW = addressMode(states[D3DSAMP.ADDRESSW]);
    this.width0 = this.views[0][0].width;
    this.height0 = this.views[0][0].height;
    // cube maps clamp within the face: seamless filtering across faces is not emulated
    this.addrU = this.cube ? D3DTADDRESS.CLAMP : addressMode(states[D3DSAMP.ADDRESSU]);
    this.addrV = this.cube ? D3DTADDRESS.CLAMP : addressMode(states[D3DSAMP.ADDRESSV]);
    const bc = states[D3DSAMP.BORDERCOLOR] >>> 0;
    this.border8.set([(bc >>> 16) & 0xff, (bc >>> 8) & 0xff, bc & 0xff, bc >>> 24]);
    const last = texture.levels.length - 1;
    const bias = bitsToFloat32(states[D3DSAMP.MIPMAPLODBIAS]);
    this.mip = {
      // caps report no anisotropy: ANISOTROPIC, PYRAMIDALQUAD, GAUSSIANQUAD filter as LINEAR
      magLinear: isLinearFilter(states[D3DSAMP.MAGFILTER]),
      minLinear: isLinearFilter(states[D3DSAMP.MINFILTER]),
      mip: mipFilter(states[D3DSAMP.MIPFILTER]),
      bias: Number.isNaN(bias) ? 0 : bias,
      maxMip: Math.min(states[D3DSAMP.MAXMIPLEVEL] >>> 0, last),
      last,
    };
    this.opts = { srgb: states[D3DSAMP.SRGBTEXTURE] !== 0, palette: options.palette };
  }

  sample(u: number, v: number, w: number, dudx: number, dvdx: number, dwdx: number, dudy: number, dvdy: number, dwdy: number, out: Float32Array, o: number): void {
    this.sampleLod(u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, 0, 0, out, o);
  }

  sampleLod(u: number, v: number, w: number, dudx: number, dvdx: number, dwdx: number, dudy: number, dvdy: number, dwdy: number, lodMode: number, lod: number, out: Float32Array, o: number): void {
    if (this.slices) {
      const W = this.width0, H = this.height0, D = this.depth0;
      const lambda = lodMode === 2 ? lod : lodOf3(dudx * W, dvdx * H, dwdx * D, dudy * W, dvdy * H, dwdy * D);
      this.sampleVolume(u, v, w, adjustLod(lambda, lodMode, lod), out, o);
      return;
    }
    if (!this.cube) {
      const W = this.width0, H = this.height0;
      const lambda = lodMode === 2 ? lod : lodOf(dudx * W, dvdx * H, dudy * W, dvdy * H);
      this.sampleFace(0, u, v, adjustLod(lambda, lodMode, lod), out, o);
      return;
    }
    const c = this.cc;
    projectCube(finite(u), finite(v), finite(w), dudx, dvdx, dwdx, dudy, dvdy, dwdy, c);
    const size = this.width0; // faces are square and all the same size
    const lambda = lodMode === 2 ? lod : lodOf(c.dsdx * size, c.dtdx * size, c.dsdy * size, c.dtdy * size);
    this.sampleFace(c.face, c.s, c.t, adjustLod(lambda, lodMode, lod), out, o);
  }

  /** Filters face `face` at (s, t) for λ: one level, or two blended for trilinear. */
  private sampleFace(face: number, s: number, t: number, lambda: number, out: Float32Array, o: number): void {
    const plan = this.plan, acc = this.acc;
    chooseMip(lambda, this.mip, plan);
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    const next = plan.weight * MIP_FRACTION_STEPS; // a whole number of 256ths
    const level = this.level(face, plan.level);
    this.addLevel(level, s, t, MIP_FRACTION_STEPS - next);
    if (next > 0) this.addLevel(this.level(face, plan.next), s, t, next);
    // every level of a texture has the same format, hence the same divisors
    const d = level.divisors;
    out[o] = acc[0] / (WHOLE * d[0]); out[o + 1] = acc[1] / (WHOLE * d[1]);
    out[o + 2] = acc[2] / (WHOLE * d[2]); out[o + 3] = acc[3] / (WHOLE * d[3]);
  }

  /**
   * Filters a volume at (s, t, r) for λ: each level read is point-sampled in all three axes, or
   * filtered trilinearly (bilinear in the two slices either side of r, blended by r's fraction
   * truncated to 8 bits like the other weights); mip blending as for 2D. Units: 2^−32 of a sample.
   */
  private sampleVolume(s: number, t: number, r: number, lambda: number, out: Float32Array, o: number): void {
    const plan = this.plan, acc = this.acc;
    chooseMip(lambda, this.mip, plan);
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    const next = plan.weight * MIP_FRACTION_STEPS;
    const d = this.addVolumeLevel(plan.level, s, t, r, MIP_FRACTION_STEPS - next);
    if (next > 0) this.addVolumeLevel(plan.next, s, t, r, next);
    const whole = WHOLE * SUBTEXEL_STEPS;
    out[o] = acc[0] / (whole * d[0]); out[o + 1] = acc[1] / (whole * d[1]);
    out[o + 2] = acc[2] / (whole * d[2]); out[o + 3] = acc[3] / (whole * d[3]);
  }

  /** Adds level `index` at (s, t, r), weighted `weight` 256ths; returns the level's divisors. */
  private addVolumeLevel(index: number, s: number, t: number, r: number, weight: number): Float64Array {
    const D = this.slices![index].length;
    if (!this.plan.linear) {
      return this.addSlice(index, addressTexel(this.addrW, Math.floor(finite(r * D)), D), s, t, weight * SUBTEXEL_STEPS);
    }
    const z = finite(r * D - 0.5);
    const z0 = Math.floor(z);
    const c = Math.floor((z - z0) * SUBTEXEL_STEPS);
    const divisors = this.addSlice(index, addressTexel(this.addrW, z0, D), s, t, weight * (SUBTEXEL_STEPS - c));
    if (c > 0) this.addSlice(index, addressTexel(this.addrW, z0 + 1, D), s, t, weight * c);
    return divisors;
  }

  /** Adds slice z (or the border colour, for BORDER_TEXEL) of level `index` with a 2D filter. */
  private addSlice(index: number, z: number, s: number, t: number, weight: number): Float64Array {
    const row = this.decodedSlices[index];
    const slice = row[z < 0 ? 0 : z] ?? (row[z < 0 ? 0 : z] = new DecodedLevel(this.slices![index][z < 0 ? 0 : z], this.opts));
    if (z === BORDER_TEXEL) {
      const b = this.border8, d = slice.divisors, full = weight * SUBTEXEL_STEPS * SUBTEXEL_STEPS;
      for (let k = 0; k < 4; k++) this.acc[k] += full * ((b[k] * d[k]) / 255);
    } else this.addLevel(slice, s, t, weight);
    return slice.divisors;
  }

  /** Adds the point or bilinear sample of one level, weighted `weight` 256ths, to acc (in units of 2^−24). */
  private addLevel(level: DecodedLevel, s: number, t: number, weight: number): void {
    const W = level.width, H = level.height;
    if (!this.plan.linear) {
      // point: the texel whose cell holds the coordinate, floor(u·W)
      this.addTexel(level, Math.floor(finite(s * W)), Math.floor(finite(t * H)), weight * SUBTEXEL_STEPS * SUBTEXEL_STEPS);
      return;
    }
    // bilinear: texel centres at (i + 0.5)/W, so weights come from u·W − 0.5, its fraction truncated to 8 bits
    const x = finite(s * W - 0.5), y = finite(t * H - 0.5);
    const x0 = Math.floor(x), y0 = Math.floor(y);
    const a = Math.floor((x - x0) * SUBTEXEL_STEPS), b = Math.floor((y - y0) * SUBTEXEL_STEPS);
    const ia = SUBTEXEL_STEPS - a, ib = SUBTEXEL_STEPS - b;
    this.addTexel(level, x0, y0, weight * ia * ib);
    this.addTexel(level, x0 + 1, y0, weight * a * ib);
    this.addTexel(level, x0, y0 + 1, weight * ia * b);
    this.addTexel(level, x0 + 1, y0 + 1, weight * a * b);
  }

  /** Adds `weight` × texel (i, j) after addressing (or the border colour); zero-weight taps are not read. */
  private addTexel(level: DecodedLevel, i: number, j: number, weight: number): void {
    if (weight === 0) return;
    const x = addressTexel(this.addrU, i, level.width);
    const y = addressTexel(this.addrV, j, level.height);
    const acc = this.acc;
    if (x === BORDER_TEXEL || y === BORDER_TEXEL) {
      // the border colour in the level's units: byte · divisor / 255 (exactly the byte for 8-bit UNORM)
      const b = this.border8, d = level.divisors;
      for (let k = 0; k < 4; k++) acc[k] += weight * ((b[k] * d[k]) / 255);
      return;
    }
    const p = level.at(x, y), tx = level.texels;
    acc[0] += weight * tx[p]; acc[1] += weight * tx[p + 1]; acc[2] += weight * tx[p + 2]; acc[3] += weight * tx[p + 3];
  }

  private level(face: number, index: number): DecodedLevel {
    const row = this.decoded[face];
    return row[index] ?? (row[index] = new DecodedLevel(this.views[face][index], this.opts));
  }
}
