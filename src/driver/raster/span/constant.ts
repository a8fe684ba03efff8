/**
 * Values that are the same at every covered pixel of a triangle, found once per
 * triangle so that the span paths compute them once, with results identical to
 * shading each pixel.
 *
 * FLAT shading copies the provoking vertex's colours. Gouraud shading of three
 * equal values a computes at each pixel (Σ wᵢ·fl(rhwᵢ·a)) · fl(1 / Σ wᵢ·rhwᵢ) with
 * every weight wᵢ ≥ 0 (a covered pixel centre is inside all three edges) and
 * rhwᵢ > 0: the terms share a's sign, so the result is a·(1 + θ) with
 * |θ| ≤ 12·2⁻⁵³ (one rounding per product, sum, the reciprocal and the last
 * product). What is stored, fround(clamp01(·)), is monotone in it: when
 * a·(1 − 2⁻⁴⁰) and a·(1 + 2⁻⁴⁰) store the same float32, every pixel does.
 * Magnitude limits keep every product normal and finite.
 */
import { genericColorWrite } from '../pixel/color-write.js';
import type { PixelStages } from '../pixel/index.js';
import type { ColorWriteStage } from '../pixel/types.js';
import { createFragment } from '../setup/context.js';
import { CH_FOG, channel } from '../setup/interpolate.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import type { RasterState } from '../types.js';
import type { SurfaceView } from '../../surface-view.js';
import type { Rgba8Packer } from './target.js';
import { firstWord } from './words.js';

const SLACK = 2 ** -40;
const TINY = 2 ** -400;
const HUGE = 2 ** 400;

/** a·(1 + side·2⁻⁴⁰) for a = 0 or |a| in [2⁻⁴⁰⁰, 2⁴⁰⁰]; NaN when a is outside that range. */
export function equalBracket(a: number, side: number): number {
  if (a === 0) return 0;
  const m = Math.abs(a);
  if (!(m >= TINY && m <= HUGE)) return NaN;
  return a + side * m * SLACK;
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

function safeRhw(r: number): boolean {
  return r >= 2 ** -500 && r <= 2 ** 500;
}

/**
 * The float32 value channel j (< CH_FOG) stores at every covered pixel of the
 * triangle in `attr`, or NaN when it may differ between pixels.
 */
export function constantChannel(attr: AttributeSetup, j: number): number {
  if (attr.flat && j < attr.first) return Math.fround(clamp01(channel(attr.flat, j)));
  const a = channel(attr.v0!, j);
  if (a !== channel(attr.v1!, j) || a !== channel(attr.v2!, j)) return NaN;
  if (!safeRhw(attr.rhw0) || !safeRhw(attr.rhw1) || !safeRhw(attr.rhw2)) return NaN;
  const lo = Math.fround(clamp01(equalBracket(a, -1)));
  const hi = Math.fround(clamp01(equalBracket(a, 1)));
  return lo === hi && !Number.isNaN(equalBracket(a, 1)) ? lo : NaN;
}

/** The triangle's diffuse and specular colours when constant (as the Fragment's float32 arrays hold them). */
export class ConstantColor {
  readonly diffuse = new Float32Array(4);
  readonly specular = new Float32Array(4);

  /** Fills the first `channels` channels (4: diffuse, 8: and specular); false if any varies. */
  of(attr: AttributeSetup, channels: number): boolean {
    for (let j = 0; j < channels && j < CH_FOG; j++) {
      const v = constantChannel(attr, j);
      if (Number.isNaN(v)) return false;
      if (j < 4) this.diffuse[j] = v;
      else this.specular[j - 4] = v;
    }
    return true;
  }
}

/** A 1×1 surface of the target's format, for encoding one colour through the generic colour write. */
function scratchOf(target: SurfaceView): SurfaceView {
  const n = target.format.blockBytes;
  return { format: target.format, width: 1, height: 1, pitch: n, samples: 1, data: new Uint8Array(n) };
}

/**
 * Runs a constant colour through the draw's own combine, colour sum and alpha
 * test and encodes it with the generic colour write: the pixel word every pixel
 * of the triangle stores (the write mask covers every bit and nothing blends).
 * Remembers the last colour: consecutive triangles usually share it.
 */
/** The probe's Fragment and colour: only diffuse and specular change, and stages do not keep them. */
const probe = createFragment();
const probeColor = new Float32Array(4);

export class ColorProbe {
  private readonly scratch: SurfaceView | null;
  /** the generic colour write into `scratch`, made on first use */
  private write: ColorWriteStage | null = null;
  private last: number | null = null;
  private seen = false;
  private readonly lastColor = new Float32Array(8).fill(NaN);

  /**
   * `pack`: the target's 8-bit RGBA encode (target.ts), which stores what the
   * generic colour write stores for such targets; it spares building that write
   * (a per-draw cost larger than filling a small triangle).
   */
  constructor(private readonly state: RasterState, private readonly stages: PixelStages, private readonly pack?: Rgba8Packer) {
    const target = state.renderTargets[0] ?? null;
    this.scratch = target && !pack ? scratchOf(target) : null;
  }

  /** The stored word for colours `c` (as a WordArray of its size holds it): null when the alpha test discards them, 0 without a target. */
  word(c: ConstantColor): number | null {
    if (this.seen && sameColors(c, this.lastColor)) return this.last;
    const f = probe, color = probeColor;
    f.diffuse.set(c.diffuse);
    f.specular.set(c.specular);
    this.stages.combine(f, color);
    this.stages.colorSum(f, color);
    let word: number | null = null;
    if (this.stages.alphaTest(color)) {
      word = 0;
      if (this.pack) {
        word = this.pack.pack(color[0], color[1], color[2], color[3]);
      } else if (this.scratch) {
        this.write ??= genericColorWrite({ ...this.state, renderTargets: [this.scratch, null, null, null] });
        this.write(color, 0, 0, 0);
        word = firstWord(this.scratch.data, this.scratch.format.blockBytes);
      }
    }
    this.lastColor.set(c.diffuse, 0);
    this.lastColor.set(c.specular, 4);
    this.last = word;
    this.seen = true;
    return word;
  }
}

function sameColors(c: ConstantColor, last: Float32Array): boolean {
  for (let i = 0; i < 4; i++) if (c.diffuse[i] !== last[i] || c.specular[i] !== last[i + 4]) return false;
  return true;
}
