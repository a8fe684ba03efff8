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
import { MIP_FRACTION_STEPS, chooseLevels, isLinearFilter, mipFilter } from './lod.js';
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
  /**
   * sample() with (u, v, w) = tex[0..2] and the derivatives dx[0..2], dy[0..2]: per-pixel callers
   * pass arrays, since V8 boxes each double argument of a call it does not inline.
   */
  sampleAt(tex: Float64Array, dx: Float64Array, dy: Float64Array, out: Float32Array, o: number): void;
  /** sampleLod() with its numbers read from `a` as a ShaderSample reads them (shader/types.ts SAMPLE_ARG). */
  sampleArgs(a: Float64Array, lodMode: number, out: Float32Array, o: number): void;
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
  /** sampleLod's arguments as sampleFrom reads them (the lod at argTex[3]) */
  private readonly argTex = new Float64Array(4);
  private readonly argDx = new Float64Array(3);
  private readonly argDy = new Float64Array(3);
  private readonly plan: MipPlan = { lambda: 0, linear: false, level: 0, next: 0, weight: 0 };
  /** the weights of the taps addLevel is adding */
  private readonly taps = new Float64Array(4);
  /** s, t (and r, volumes) of the sample being filtered, in the texture's [0, 1] space */
  private readonly pos = new Float64Array(3);
  /** a cube sample's direction, non-finite components read as 0 */
  private readonly dir = new Float64Array(3);
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
    const t = this.argTex, x = this.argDx, y = this.argDy;
    t[0] = u; t[1] = v; t[2] = w; t[3] = lod;
    x[0] = dudx; x[1] = dvdx; x[2] = dwdx;
    y[0] = dudy; y[1] = dvdy; y[2] = dwdy;
    this.sampleFrom(t, x, y, lodMode, out, o);
  }

  sampleAt(tex: Float64Array, dx: Float64Array, dy: Float64Array, out: Float32Array, o: number): void {
    this.sampleFrom(tex, dx, dy, 0, out, o);
  }

  sampleArgs(a: Float64Array, lodMode: number, out: Float32Array, o: number): void {
    const t = this.argTex, x = this.argDx, y = this.argDy;
    t[0] = a[0]; t[1] = a[1]; t[2] = a[2]; t[3] = a[3];
    x[0] = a[4]; x[1] = a[5]; x[2] = a[6];
    y[0] = a[8]; y[1] = a[9]; y[2] = a[10];
    this.sampleFrom(t, x, y, lodMode, out, o);
  }

  /**
   * sampleLod with the coordinates and derivatives read from tex[0..2], dx[0..2], dy[0..2], and
   * `lod` from tex[3] when lodMode is BIAS or EXPLICIT. λ is lodOf's (lodOf3's) rule written out,
   * and the steps below take their doubles from `pos`, `plan` and `taps`: V8 boxes each double
   * argument or result of a call it does not inline.
   */
  private sampleFrom(tex: Float64Array, dx: Float64Array, dy: Float64Array, lodMode: number, out: Float32Array, o: number): void {
    if (this.slices) {
      this.sampleVolumeFrom(tex, dx, dy, lodMode, out, o);
      return;
    }
    const lod = lodMode === 0 ? 0 : tex[3];
    const pos = this.pos, plan = this.plan;
    let face = 0, sx: number, tx: number, sy: number, ty: number;
    if (!this.cube) {
      const W = this.width0, H = this.height0;
      sx = dx[0] * W; tx = dx[1] * H; sy = dy[0] * W; ty = dy[1] * H;
      pos[0] = tex[0]; pos[1] = tex[1];
    } else {
      const c = this.cc, dir = this.dir;
      // finite(), written out: no number crosses a call here
      const x = tex[0], y = tex[1], z = tex[2];
      dir[0] = x - x === 0 ? x : 0; dir[1] = y - y === 0 ? y : 0; dir[2] = z - z === 0 ? z : 0;
      projectCube(dir, dx, dy, c);
      const size = this.width0; // faces are square and all the same size
      sx = c.dsdx * size; tx = c.dtdx * size; sy = c.dsdy * size; ty = c.dtdy * size;
      face = c.face;
      pos[0] = c.s; pos[1] = c.t;
    }
    let lambda = lod;
    if (lodMode !== 2) {
      const x2 = sx * sx + tx * tx, y2 = sy * sy + ty * ty;
      lambda = 0.5 * Math.log2(x2 > y2 ? x2 : y2);
    }
    plan.lambda = adjustLod(lambda, lodMode, lod);
    chooseLevels(this.mip, plan);
    this.sampleFace(face, out, o);
  }

  /** sampleFrom for a volume: λ by lodOf's rule in three axes. */
  private sampleVolumeFrom(tex: Float64Array, dx: Float64Array, dy: Float64Array, lodMode: number, out: Float32Array, o: number): void {
    const lod = lodMode === 0 ? 0 : tex[3];
    const pos = this.pos, plan = this.plan;
    let lambda = lod;
    if (lodMode !== 2) {
      const W = this.width0, H = this.height0, D = this.depth0;
      const sx = dx[0] * W, tx = dx[1] * H, rx = dx[2] * D, sy = dy[0] * W, ty = dy[1] * H, ry = dy[2] * D;
      const x2 = sx * sx + tx * tx + rx * rx, y2 = sy * sy + ty * ty + ry * ry;
      lambda = 0.5 * Math.log2(x2 > y2 ? x2 : y2);
    }
    plan.lambda = adjustLod(lambda, lodMode, lod);
    chooseLevels(this.mip, plan);
    pos[0] = tex[0]; pos[1] = tex[1]; pos[2] = tex[2];
    this.sampleVolume(out, o);
  }

  /** Filters face `face` at pos (s, t) with the levels `plan` chose: one level, or two blended for trilinear. */
  private sampleFace(face: number, out: Float32Array, o: number): void {
    const plan = this.plan, acc = this.acc;
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    const next = plan.weight * MIP_FRACTION_STEPS; // a whole number of 256ths
    const level = this.level(face, plan.level);
    this.addLevel(level, MIP_FRACTION_STEPS - next);
    if (next > 0) this.addLevel(this.level(face, plan.next), next);
    // every level of a texture has the same format, hence the same divisors
    const d = level.divisors;
    out[o] = acc[0] / (WHOLE * d[0]); out[o + 1] = acc[1] / (WHOLE * d[1]);
    out[o + 2] = acc[2] / (WHOLE * d[2]); out[o + 3] = acc[3] / (WHOLE * d[3]);
  }

  /**
   * Filters a volume at pos (s, t, r) with the levels `plan` chose: each level read is point-sampled
   * in all three axes, or filtered trilinearly (bilinear in the two slices either side of r, blended
   * by r's fraction truncated to 8 bits like the other weights); mip blending as for 2D. Units: 2^−32
   * of a sample.
   */
  private sampleVolume(out: Float32Array, o: number): void {
    const plan = this.plan, acc = this.acc;
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    const next = plan.weight * MIP_FRACTION_STEPS;
    const d = this.addVolumeLevel(plan.level, MIP_FRACTION_STEPS - next);
    if (next > 0) this.addVolumeLevel(plan.next, next);
    const whole = WHOLE * SUBTEXEL_STEPS;
    out[o] = acc[0] / (whole * d[0]); out[o + 1] = acc[1] / (whole * d[1]);
    out[o + 2] = acc[2] / (whole * d[2]); out[o + 3] = acc[3] / (whole * d[3]);
  }

  /** Adds level `index` at pos (s, t, r), weighted `weight` 256ths; returns the level's divisors. */
  private addVolumeLevel(index: number, weight: number): Float64Array {
    const D = this.slices![index].length;
    const r = this.pos[2];
    if (!this.plan.linear) {
      return this.addSlice(index, addressTexel(this.addrW, Math.floor(finite(r * D)), D), weight * SUBTEXEL_STEPS);
    }
    const z = finite(r * D - 0.5);
    const z0 = Math.floor(z);
    const c = Math.floor((z - z0) * SUBTEXEL_STEPS);
    const divisors = this.addSlice(index, addressTexel(this.addrW, z0, D), weight * (SUBTEXEL_STEPS - c));
    if (c > 0) this.addSlice(index, addressTexel(this.addrW, z0 + 1, D), weight * c);
    return divisors;
  }

  /** Adds slice z (or the border colour, for BORDER_TEXEL) of level `index` with a 2D filter at pos (s, t). */
  private addSlice(index: number, z: number, weight: number): Float64Array {
    const row = this.decodedSlices[index];
    const slice = row[z < 0 ? 0 : z] ?? (row[z < 0 ? 0 : z] = new DecodedLevel(this.slices![index][z < 0 ? 0 : z], this.opts));
    if (z === BORDER_TEXEL) {
      const b = this.border8, d = slice.divisors, full = weight * SUBTEXEL_STEPS * SUBTEXEL_STEPS;
      for (let k = 0; k < 4; k++) this.acc[k] += full * ((b[k] * d[k]) / 255);
    } else this.addLevel(slice, weight);
    return slice.divisors;
  }

  /**
   * Adds the point or bilinear sample of one level at pos (s, t), weighted `weight` 256ths, to acc
   * (in units of 2^−24). The taps' weights go through `taps`: a volume's exceed a small integer.
   */
  private addLevel(level: DecodedLevel, weight: number): void {
    const W = level.width, H = level.height;
    const s = this.pos[0], t = this.pos[1], taps = this.taps;
    // finite(), written out: a double passed to a call V8 does not inline is boxed, once a sample
    if (!this.plan.linear) {
      // point: the texel whose cell holds the coordinate, floor(u·W)
      taps[0] = weight * SUBTEXEL_STEPS * SUBTEXEL_STEPS;
      const px = s * W, py = t * H;
      this.addTexel(level, Math.floor(px - px === 0 ? px : 0), Math.floor(py - py === 0 ? py : 0), 0);
      return;
    }
    // bilinear: texel centres at (i + 0.5)/W, so weights come from u·W − 0.5, its fraction truncated to 8 bits
    const bx = s * W - 0.5, by = t * H - 0.5;
    const x = bx - bx === 0 ? bx : 0, y = by - by === 0 ? by : 0;
    const x0 = Math.floor(x), y0 = Math.floor(y);
    const a = Math.floor((x - x0) * SUBTEXEL_STEPS), b = Math.floor((y - y0) * SUBTEXEL_STEPS);
    const ia = SUBTEXEL_STEPS - a, ib = SUBTEXEL_STEPS - b;
    taps[0] = weight * ia * ib; taps[1] = weight * a * ib; taps[2] = weight * ia * b; taps[3] = weight * a * b;
    this.addTexel(level, x0, y0, 0);
    this.addTexel(level, x0 + 1, y0, 1);
    this.addTexel(level, x0, y0 + 1, 2);
    this.addTexel(level, x0 + 1, y0 + 1, 3);
  }

  /** Adds taps[k] × texel (i, j) after addressing (or the border colour); zero-weight taps are not read. */
  private addTexel(level: DecodedLevel, i: number, j: number, k: number): void {
    const weight = this.taps[k];
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
