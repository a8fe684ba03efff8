/**
 * FLOAT→UNORM to 8 bits (reference C.5; formats/convert.ts floatToUnorm(v, 8)) of a float32 channel
 * read from its array. The per-pixel stages convert this way rather than handing the number to
 * floatToUnorm: V8 boxes each double argument of a call it does not inline, once per pixel.
 */
import { floatToUnorm } from '../../../formats/convert.js';
import { linearToSrgb } from '../../../formats/srgb.js';

/** floatToUnorm(a[i], 8): a float32 needs no rounding first; NaN and negatives → 0, ≥ 1 → 255, else ·255 + 0.5 truncated. */
export function unorm8Of(a: Float32Array, i: number): number {
  const c = a[i];
  if (!(c > 0)) return 0;
  if (c >= 1) return 255;
  return Math.floor(c * 255 + 0.5);
}

/** floatToUnorm(linearToSrgb(a[i]), 8): the sRGB-encoded code of a linear channel. */
export function srgb8Of(a: Float32Array, i: number): number {
  return floatToUnorm(linearToSrgb(a[i]), 8);
}
