/**
 * IEEE half floats (s10e5). Decoding is exact. Encoding follows the D3D
 * conversion rule for a lower-range float format (reference C.5): round toward
 * zero; finite values beyond the range become the largest half, NaN stays NaN,
 * infinities stay infinite (NaN is canonical 0x7E00), values below the smallest denormal become ±0.
 */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

export function floatToHalf(v: number): number {
  f32[0] = v;
  const bits = u32[0];
  const sign = (bits >>> 16) & 0x8000;
  const e = (bits >>> 23) & 0xff;
  const m = bits & 0x7fffff;
  // NaN becomes the one quiet NaN whatever its payload and sign, so output never depends on the engine
  if (e === 0xff) return m ? 0x7e00 : sign | 0x7c00;
  const exp = e - 127 + 15;
  if (exp >= 31) return sign | 0x7bff; // beyond the range: the largest finite half
  if (exp <= 0) {
    // denormal half: shift the full mantissa; bits shifted out are dropped (toward zero)
    if (exp < -10) return sign;
    return sign | ((0x800000 | m) >>> (14 - exp));
  }
  return sign | (exp << 10) | (m >>> 13);
}
