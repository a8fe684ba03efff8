/**
 * Texture addressing ("Texture Addressing Modes"): maps an integer texel index
 * of one axis onto the texture, per D3DTADDRESS. Applied to texel indices (the
 * D3D11.3 spec's order, §7.18), so point and both bilinear taps address alike.
 */
import { D3DTADDRESS } from '../../../d3d9/index.js';

// module-scope copies: the hot path reads plain constants, not imported object properties
const { WRAP, MIRROR, CLAMP, BORDER, MIRRORONCE } = D3DTADDRESS;

/** What addressTexel returns for a tap that reads the border colour. */
export const BORDER_TEXEL = -1;

/** The address mode to use for a raw D3DSAMP_ADDRESSU/V/W value: unknown values read as WRAP, the default. */
export function addressMode(raw: number): number {
  return raw >= WRAP && raw <= MIRRORONCE ? raw : WRAP;
}

/** Index `i` on an axis of `n` texels, or BORDER_TEXEL. `i` must be a finite integer. */
export function addressTexel(mode: number, i: number, n: number): number {
  switch (mode) {
    case MIRROR: {
      const p = ((i % (2 * n)) + 2 * n) % (2 * n);
      return p < n ? p : 2 * n - 1 - p;
    }
    case CLAMP:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
    case BORDER:
      return i < 0 || i >= n ? BORDER_TEXEL : i;
    case MIRRORONCE: {
      // mirror once about 0, then clamp
      const j = i < 0 ? -1 - i : i;
      return j >= n ? n - 1 : j;
    }
    default: // WRAP (addressMode maps every other value here)
      return ((i % n) + n) % n;
  }
}
