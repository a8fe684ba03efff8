/**
 * Render target 0 as the span loops write it: whole pixel words, with no
 * blending and a write mask that covers every stored bit (so a pixel's new word
 * never depends on its old one), and the 8-bit RGBA encode of the rgba8 colour
 * write (FLOAT→UNORM, reference C.5) for colours computed per pixel.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { rgba8Layout, targetUse } from '../pixel/color-write.js';
import type { Rgba8Layout } from '../pixel/color-write.js';
import type { RasterState } from '../types.js';
import { wordView } from './words.js';
import type { WordArray } from './words.js';

export interface TargetWords {
  readonly words: WordArray;
  /** words per row */
  readonly pitch: number;
  readonly width: number;
  /** A8R8G8B8-like targets (not sRGB): the packer for per-pixel colours */
  readonly rgba8: Rgba8Packer | undefined;
  /** and the byte positions of their channels */
  readonly layout: Rgba8Layout | undefined;
}

/** null: the draw writes no colour; undefined: only the per-pixel path can write it. */
export function targetWords(state: RasterState): TargetWords | null | undefined {
  const use = targetUse(state, 0);
  if (!use) return null;
  const t = use.target;
  const bytes = t.format.blockBytes;
  if (state.renderStates[D3DRS.ALPHABLENDENABLE] !== 0 || t.samples !== 1) return undefined;
  if (!use.byteMask.every((b) => b === 0xff)) return undefined;
  const words = wordView(t, bytes);
  if (!words) return undefined;
  const l = use.srgb ? undefined : rgba8Layout(t.format);
  return { words, pitch: t.pitch / bytes, width: t.width, rgba8: l && new Rgba8Packer(l.r, l.g, l.b, l.a, l.x), layout: l };
}

/** FLOAT→UNORM8 of a float32 value (formats/convert floatToUnorm(v, 8) without the fround). */
export function unorm8(v: number): number {
  return v > 0 ? (v >= 1 ? 255 : Math.floor(v * 255 + 0.5)) : 0;
}

/** Packs float32 RGBA into a 4-byte word (int32, as Int32Array stores it) with 8-bit channels at the given byte positions (−1: absent). */
export class Rgba8Packer {
  private readonly rs: number;
  private readonly gs: number;
  private readonly bs: number;
  private readonly as: number;
  /** the word stores alpha */
  readonly alpha: boolean;
  /** X bytes, written as ones */
  private readonly x: number;

  constructor(r: number, g: number, b: number, a: number, x: number) {
    this.rs = 8 * r; this.gs = 8 * g; this.bs = 8 * b;
    this.as = a >= 0 ? 8 * a : -1;
    this.alpha = a >= 0;
    this.x = x >= 0 ? 0xff << (8 * x) : 0;
  }

  pack(r: number, g: number, b: number, a: number): number {
    const alpha = this.as >= 0 ? unorm8(a) << this.as : 0;
    return (unorm8(r) << this.rs) | (unorm8(g) << this.gs) | (unorm8(b) << this.bs) | alpha | this.x;
  }
}
