/**
 * The samplers a shader reads: pixel shaders s0..s15 are RasterState.textures/samplerStates 0..15,
 * vertex shaders D3DVERTEXTEXTURESAMPLER0..3 the slots after them (16..19). Each unit's sampler is
 * built on first use in the draw; an unbound unit reads (0, 0, 0, 1).
 */
import { D3DSAMP, D3DTADDRESS } from '../../../d3d9/index.js';
import type { SurfaceView } from '../../surface-view.js';
import type { ShaderSample } from '../../shader/types.js';
import { LOD } from '../../shader/types.js';
import { address as levelAddress } from '../span/level-sampler.js';
import { addressMode, BORDER_TEXEL, createSampler, DecodedLevel } from '../texture/index.js';
import { isLinearFilter, MIP_FRACTION_STEPS } from '../texture/lod.js';
import { SUBTEXEL_STEPS } from '../texture/sampler.js';
import type { Sampler } from '../texture/index.js';
import type { RasterState } from '../types.js';

/** Where the vertex samplers start in RasterState.textures and samplerStates. */
export const VERTEX_SAMPLER_SLOT = 16;

/** Sampling for units `base` + unit of the state's textures. */
export function shaderSample(state: RasterState, base: number): ShaderSample {
  const built: Array<Sampler | null | undefined> = [];
  return (unit, a, lodMode, out, o) => {
    let s = built[unit];
    if (s === undefined) {
      const t = state.textures[base + unit];
      const states = state.samplerStates[base + unit];
      s = built[unit] = t && t.levels.length > 0 && states ? createSampler(t, states, { palette: state.palette }) : null;
    }
    if (s === null) { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 1; return; }
    s.sampleArgs(a, lodMode, out, o);
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
  private readonly srgb: boolean;
  /** the border colour in each component's units, times a tap's weight later */
  private readonly border = new Float64Array(4);
  private readonly border8 = new Float64Array(4);
  private w = 0; private h = 0; private maskU = -1; private maskV = -1;
  private d0 = 1; private d1 = 1; private d2 = 1; private d3 = 1;
  /** tap offsets into the texels (BORDER: the border colour) and weights of the current sample */
  private readonly p = new Int32Array(4);

  constructor(private readonly view: SurfaceView, states: Uint32Array, private readonly palette: Uint8Array | undefined) {
    this.linear = isLinear(states[D3DSAMP.MAGFILTER]);
    this.addrU = modeOf(states[D3DSAMP.ADDRESSU]);
    this.addrV = modeOf(states[D3DSAMP.ADDRESSV]);
    this.srgb = states[D3DSAMP.SRGBTEXTURE] !== 0;
    const bc = states[D3DSAMP.BORDERCOLOR] >>> 0;
    this.border8.set([(bc >>> 16) & 0xff, (bc >>> 8) & 0xff, bc & 0xff, bc >>> 24]);
  }

  private level(): DecodedLevel {
    if (this.decoded !== null) return this.decoded;
    const level = this.decoded = new DecodedLevel(this.view, { srgb: this.srgb, palette: this.palette });
    this.w = level.width; this.h = level.height;
    this.maskU = (this.w & (this.w - 1)) === 0 ? this.w - 1 : -1;
    this.maskV = (this.h & (this.h - 1)) === 0 ? this.h - 1 : -1;
    const d = level.divisors;
    this.d0 = WHOLE * d[0]; this.d1 = WHOLE * d[1]; this.d2 = WHOLE * d[2]; this.d3 = WHOLE * d[3];
    // addTexel's border term: byte · divisor / 255 (a tap's weight multiplies it)
    for (let k = 0; k < 4; k++) this.border[k] = (this.border8[k] * d[k]) / 255;
    // float channels may hold ±∞ or NaN, whose zero-weight products are not 0 (the generic sampler skips those taps)
    this.plain = this.linear && this.addrU !== BORDER_MODE && this.addrV !== BORDER_MODE && !this.view.format.channels.some((ch) => ch.type === 'float');
    return level;
  }

  /**
   * Bilinear without border taps over finite texels: the taps' sums in addLevel's order. A skipped
   * zero-weight tap leaves the sum as it is, and so does adding 0 · texel: the sum starts at +0, so
   * it never is −0, and x + ±0 = x for every other x.
   */
  private plainSample(a: Float64Array, out: Float32Array, o: number): void {
    const level = this.decoded!, tx = level.texels, w = this.w, u = a[0], v = a[1];
    // the rows and weight of the last v: along a row of an affine mapping v often repeats exactly
    if (v !== this.lastV) {
      const h = this.h, y = finite(v * h - 0.5), y0 = Math.floor(y);
      this.fb = Math.floor((y - y0) * STEPS);
      this.r0 = level.rowStart(address(this.addrV, y0, h, this.maskV));
      this.r1 = level.rowStart(address(this.addrV, y0 + 1, h, this.maskV));
      this.lastV = v;
    }
    const x = finite(u * w - 0.5), x0 = Math.floor(x), fb = this.fb, r0 = this.r0, r1 = this.r1;
    const fa = Math.floor((x - x0) * STEPS);
    const ia = STEPS - fa, ib = STEPS - fb;
    const w00 = FULL * ia * ib, w10 = FULL * fa * ib, w01 = FULL * ia * fb, w11 = FULL * fa * fb;
    const c0 = 4 * address(this.addrU, x0, w, this.maskU), c1 = 4 * address(this.addrU, x0 + 1, w, this.maskU);
    const p00 = r0 + c0, p10 = r0 + c1, p01 = r1 + c0, p11 = r1 + c1;
    out[o] = (0 + w00 * tx[p00] + w10 * tx[p10] + w01 * tx[p01] + w11 * tx[p11]) / this.d0;
    out[o + 1] = (0 + w00 * tx[p00 + 1] + w10 * tx[p10 + 1] + w01 * tx[p01 + 1] + w11 * tx[p11 + 1]) / this.d1;
    out[o + 2] = (0 + w00 * tx[p00 + 2] + w10 * tx[p10 + 2] + w01 * tx[p01 + 2] + w11 * tx[p11 + 2]) / this.d2;
    out[o + 3] = (0 + w00 * tx[p00 + 3] + w10 * tx[p10 + 3] + w01 * tx[p01 + 3] + w11 * tx[p11 + 3]) / this.d3;
  }

  /** Offset of texel (i, j) after addressing, or BORDER. */
  private texel(level: DecodedLevel, i: number, j: number): number {
    const x = address(this.addrU, i, this.w, this.maskU), y = address(this.addrV, j, this.h, this.maskV);
    return x === BORDER || y === BORDER ? BORDER : level.at(x, y);
  }

  private lastV = NaN; private fb = 0; private r0 = 0; private r1 = 0;
  /** Neither axis reads the border and every texel is finite: a zero-weight tap would add exactly 0, so all four are added. */
  private plain = false;

  /** Samples at (u, v) = (a[0], a[1]) (ShaderSample's arguments: no number crosses a call). */
  sample(a: Float64Array, out: Float32Array, o: number): void {
    if (this.plain) { this.plainSample(a, out, o); return; }
    const u = a[0], v = a[1];
    const level = this.level(), tx = level.texels, b = this.border, p = this.p;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    if (!this.linear) {
      const q = this.texel(level, Math.floor(finite(u * this.w)), Math.floor(finite(v * this.h)));
      const wt = FULL * STEPS * STEPS;
      if (q === BORDER) { a0 += wt * b[0]; a1 += wt * b[1]; a2 += wt * b[2]; a3 += wt * b[3]; } else { a0 += wt * tx[q]; a1 += wt * tx[q + 1]; a2 += wt * tx[q + 2]; a3 += wt * tx[q + 3]; }
    } else {
      const x = finite(u * this.w - 0.5), y = finite(v * this.h - 0.5);
      const x0 = Math.floor(x), y0 = Math.floor(y);
      const fa = Math.floor((x - x0) * STEPS), fb = Math.floor((y - y0) * STEPS);
      const ia = STEPS - fa, ib = STEPS - fb;
      // addLevel's taps in its order: (x0, y0), (x0 + 1, y0), (x0, y0 + 1), (x0 + 1, y0 + 1)
      const w00 = FULL * ia * ib, w10 = FULL * fa * ib, w01 = FULL * ia * fb, w11 = FULL * fa * fb;
      p[0] = w00 === 0 ? SKIP : this.texel(level, x0, y0);
      p[1] = w10 === 0 ? SKIP : this.texel(level, x0 + 1, y0);
      p[2] = w01 === 0 ? SKIP : this.texel(level, x0, y0 + 1);
      p[3] = w11 === 0 ? SKIP : this.texel(level, x0 + 1, y0 + 1);
      for (let t = 0; t < 4; t++) {
        const q = p[t];
        if (q === SKIP) continue;
        const wt = t === 0 ? w00 : t === 1 ? w10 : t === 2 ? w01 : w11;
        if (q === BORDER) { a0 += wt * b[0]; a1 += wt * b[1]; a2 += wt * b[2]; a3 += wt * b[3]; } else { a0 += wt * tx[q]; a1 += wt * tx[q + 1]; a2 += wt * tx[q + 2]; a3 += wt * tx[q + 3]; }
      }
    }
    out[o] = a0 / this.d0; out[o + 1] = a1 / this.d1; out[o + 2] = a2 / this.d2; out[o + 3] = a3 / this.d3;
  }
}

// module-scope copies: the hot path reads plain constants and functions, not imported bindings
const BORDER = BORDER_TEXEL;
const BORDER_MODE = D3DTADDRESS.BORDER;
const SKIP = -2;
const STEPS = SUBTEXEL_STEPS;
const address = levelAddress;
const isLinear = isLinearFilter;
const modeOf = addressMode;
const IMPLICIT = LOD.IMPLICIT;
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
  return (unit, a, lodMode, out, o) => {
    let s = fast[unit];
    if (s === undefined) {
      const t = state.textures[unit], states = state.samplerStates[unit];
      s = fast[unit] = t && t.kind === '2d' && t.levels.length > 0 && states
        ? new MagnifiedSampler(t.levels[Math.min(states[D3DSAMP.MAXMIPLEVEL] >>> 0, t.levels.length - 1)], states, state.palette) : null;
    }
    if (s !== null && lodMode === IMPLICIT && a[4] === 0 && a[5] === 0 && a[8] === 0 && a[9] === 0) s.sample(a, out, o);
    else generic(unit, a, lodMode, out, o);
  };
}
