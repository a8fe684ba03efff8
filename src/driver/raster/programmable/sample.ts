/**
 * The samplers a shader reads: pixel shaders s0..s15 are RasterState.textures/samplerStates 0..15,
 * vertex shaders D3DVERTEXTEXTURESAMPLER0..3 the slots after them (16..19). Each unit's sampler is
 * built on first use in the draw; an unbound unit reads (0, 0, 0, 1).
 */
import { D3DSAMP } from '../../../d3d9/index.js';
import type { SurfaceView } from '../../surface-view.js';
import type { ShaderSample } from '../../shader/types.js';
import { LOD } from '../../shader/types.js';
import { addressMode, addressTexel, BORDER_TEXEL, createSampler, DecodedLevel } from '../texture/index.js';
import { isLinearFilter, MIP_FRACTION_STEPS } from '../texture/lod.js';
import { SUBTEXEL_STEPS } from '../texture/sampler.js';
import type { Sampler } from '../texture/index.js';
import type { RasterState } from '../types.js';

/** Where the vertex samplers start in RasterState.textures and samplerStates. */
export const VERTEX_SAMPLER_SLOT = 16;

/** Sampling for units `base` + unit of the state's textures. */
export function shaderSample(state: RasterState, base: number): ShaderSample {
  const built: Array<Sampler | null | undefined> = [];
  return (unit, u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o) => {
    let s = built[unit];
    if (s === undefined) {
      const t = state.textures[base + unit];
      const states = state.samplerStates[base + unit];
      s = built[unit] = t && t.levels.length > 0 && states ? createSampler(t, states, { palette: state.palette }) : null;
    }
    if (s === null) { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 1; return; }
    s.sampleLod(u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o);
  };
}

/**
 * A 2D texture sampled with zero derivatives (λ = −∞: every sample magnifies, whatever MIPMAPLODBIAS
 * says, so chooseMip reads MAXMIPLEVEL with MAGFILTER at full weight): the arithmetic of the
 * generic sampler's addLevel/addTexel for that one plan (taps in the same order from 0, zero-weight
 * taps skipped, border taps as the border colour, one division by 2^24 · divisor), without working
 * λ and the plan out per sample.
 */
class MagnifiedSampler {
  private decoded: DecodedLevel | null = null;
  private readonly linear: boolean;
  private readonly addrU: number;
  private readonly addrV: number;
  private readonly border8 = new Float64Array(4);

  constructor(private readonly view: SurfaceView, states: Uint32Array, private readonly palette: Uint8Array | undefined) {
    this.linear = isLinearFilter(states[D3DSAMP.MAGFILTER]);
    this.addrU = addressMode(states[D3DSAMP.ADDRESSU]);
    this.addrV = addressMode(states[D3DSAMP.ADDRESSV]);
    this.srgb = states[D3DSAMP.SRGBTEXTURE] !== 0;
    const bc = states[D3DSAMP.BORDERCOLOR] >>> 0;
    this.border8.set([(bc >>> 16) & 0xff, (bc >>> 8) & 0xff, bc & 0xff, bc >>> 24]);
  }

  private readonly srgb: boolean;

  private level(): DecodedLevel {
    return this.decoded ?? (this.decoded = new DecodedLevel(this.view, { srgb: this.srgb, palette: this.palette }));
  }

  sample(u: number, v: number, out: Float32Array, o: number): void {
    const level = this.level(), acc = this.acc;
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    const W = level.width, H = level.height;
    if (!this.linear) {
      this.add(level, Math.floor(finite(u * W)), Math.floor(finite(v * H)), FULL * SUBTEXEL_STEPS * SUBTEXEL_STEPS);
    } else {
      const x = finite(u * W - 0.5), y = finite(v * H - 0.5);
      const x0 = Math.floor(x), y0 = Math.floor(y);
      const a = Math.floor((x - x0) * SUBTEXEL_STEPS), b = Math.floor((y - y0) * SUBTEXEL_STEPS);
      const ia = SUBTEXEL_STEPS - a, ib = SUBTEXEL_STEPS - b;
      this.add(level, x0, y0, FULL * ia * ib);
      this.add(level, x0 + 1, y0, FULL * a * ib);
      this.add(level, x0, y0 + 1, FULL * ia * b);
      this.add(level, x0 + 1, y0 + 1, FULL * a * b);
    }
    const d = level.divisors;
    out[o] = acc[0] / (WHOLE * d[0]); out[o + 1] = acc[1] / (WHOLE * d[1]);
    out[o + 2] = acc[2] / (WHOLE * d[2]); out[o + 3] = acc[3] / (WHOLE * d[3]);
  }

  private readonly acc = new Float64Array(4);

  private add(level: DecodedLevel, i: number, j: number, weight: number): void {
    if (weight === 0) return;
    const x = addressTexel(this.addrU, i, level.width), y = addressTexel(this.addrV, j, level.height);
    const acc = this.acc;
    if (x === BORDER_TEXEL || y === BORDER_TEXEL) {
      const b = this.border8, d = level.divisors;
      for (let k = 0; k < 4; k++) acc[k] += weight * ((b[k] * d[k]) / 255);
      return;
    }
    const p = level.at(x, y), tx = level.texels;
    acc[0] += weight * tx[p]; acc[1] += weight * tx[p + 1]; acc[2] += weight * tx[p + 2]; acc[3] += weight * tx[p + 3];
  }
}

/** The weight of the one level read: all 256 256ths. */
const FULL = MIP_FRACTION_STEPS;
const WHOLE = MIP_FRACTION_STEPS * SUBTEXEL_STEPS * SUBTEXEL_STEPS;

function finite(x: number): number {
  return x - x === 0 ? x : 0;
}

/**
 * Sampling for a span run whose lanes are pixels of their own: every implicit-level sample has zero
 * derivatives (as a one-lane run's), so 2D textures go through a MagnifiedSampler; anything else
 * (texldb, texldl, texldd, cube and volume textures) through the draw's own samplers.
 */
export function magnifiedSample(state: RasterState): ShaderSample {
  const generic = shaderSample(state, 0);
  const fast: Array<MagnifiedSampler | null | undefined> = [];
  return (unit, u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o) => {
    let s = fast[unit];
    if (s === undefined) {
      const t = state.textures[unit], states = state.samplerStates[unit];
      s = fast[unit] = t && t.kind === '2d' && t.levels.length > 0 && states
        ? new MagnifiedSampler(t.levels[Math.min(states[D3DSAMP.MAXMIPLEVEL] >>> 0, t.levels.length - 1)], states, state.palette) : null;
    }
    if (s !== null && lodMode === LOD.IMPLICIT && dudx === 0 && dvdx === 0 && dudy === 0 && dvdy === 0) s.sample(u, v, out, o);
    else generic(unit, u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o);
  };
}
