/**
 * Mip generation for AUTOGENMIPMAP textures: each level from the one above it,
 * in the texture's own format, channel by channel on the stored values.
 *
 * A destination texel (x, y) covers source texels 2x..2x+1 × 2y..2y+1, clamped
 * to the source's edge (a source side of 1 repeats its one texel; an odd side
 * leaves its last column or row out of the level below, as a 2×2 box does).
 * - LINEAR: the mean of the four. Normalized and XR channels average their raw
 *   integers and round half up, (a + b + c + d + 2) >> 2, which is the rounded
 *   mean of the values they stand for; float channels average their values and
 *   store the mean by the format's rounding.
 * - POINT: the top-left texel of the four, unchanged.
 * Formats of one pixel a block only (the renderable ones, which are the formats
 * that can generate mips).
 */
import { channelRaw, channelValue, readChannel, writeChannel } from '../../formats/index.js';
import type { Channel, FormatInfo } from '../../formats/index.js';
import type { SurfaceView } from '../surface-view.js';

export type MipFilter = 'point' | 'linear';

/** Does `f` have a per-pixel layout mip generation can average? */
export function canGenerateMips(f: FormatInfo): boolean {
  return f.blockW === 1 && f.blockH === 1 && f.channels.length > 0 && f.kind !== 'depth';
}

function signed(raw: number, bits: number): number {
  return raw >= 2 ** (bits - 1) ? raw - 2 ** bits : raw;
}

/** The stored mean of four raw values of one channel. */
function meanRaw(ch: Channel, a: number, b: number, c: number, d: number): number {
  switch (ch.type) {
    case 'unorm':
    case 'xr':
      return Math.floor((a + b + c + d + 2) / 4);
    case 'snorm': {
      const m = Math.floor((signed(a, ch.bits) + signed(b, ch.bits) + signed(c, ch.bits) + signed(d, ch.bits) + 2) / 4);
      return m < 0 ? m + 2 ** ch.bits : m;
    }
    case 'float':
      return channelRaw(ch, (channelValue(ch, a) + channelValue(ch, b) + channelValue(ch, c) + channelValue(ch, d)) / 4);
  }
}

/** Writes `dst` (one level down) from `src`; both of the same format, sample 0. */
export function generateMipLevel(src: SurfaceView, dst: SurfaceView, filter: MipFilter): void {
  const f = src.format;
  if (f !== dst.format) throw new Error(`generateMipLevel: levels of one texture share a format (${f.name} vs ${dst.format.name})`);
  if (!canGenerateMips(f)) throw new Error(`generateMipLevel: ${f.name} has no per-pixel channels to filter`);
  const bpp = f.blockBytes;
  const sx = (x: number): number => Math.min(x, src.width - 1);
  const sy = (y: number): number => Math.min(y, src.height - 1);
  for (let y = 0; y < dst.height; y++) {
    const r0 = sy(2 * y) * src.pitch;
    const r1 = sy(2 * y + 1) * src.pitch;
    const out = y * dst.pitch;
    for (let x = 0; x < dst.width; x++) {
      const c0 = sx(2 * x) * bpp;
      const c1 = sx(2 * x + 1) * bpp;
      const at = out + x * bpp;
      if (filter === 'point') {
        dst.data.set(src.data.subarray(r0 + c0, r0 + c0 + bpp), at);
        continue;
      }
      for (const ch of f.channels) {
        const v = meanRaw(ch,
          readChannel(f, src.data, r0 + c0, ch), readChannel(f, src.data, r0 + c1, ch),
          readChannel(f, src.data, r1 + c0, ch), readChannel(f, src.data, r1 + c1, ch));
        writeChannel(f, dst.data, at, ch, v);
      }
    }
  }
}
