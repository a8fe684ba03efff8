/**
 * Small float64 matrix helpers for the vertex stage. Matrices are row-major as
 * D3DMATRIX (m[4·r + c] = _(r+1)(c+1)) and multiply row vectors: v' = v·M.
 */
import type { Mat4 } from '../types.js';

/** out = a·b (4×4); out may not alias a or b. */
export function mul4(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array = new Float64Array(16)): Float64Array {
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      out[4 * r + c] = a[4 * r] * b[c] + a[4 * r + 1] * b[4 + c] + a[4 * r + 2] * b[8 + c] + a[4 * r + 3] * b[12 + c];
    }
  }
  return out;
}

/** out[o..o+3] = (x, y, z, w)·m. */
export function transform4(x: number, y: number, z: number, w: number, m: Mat4, out: Float64Array, o = 0): void {
  out[o] = x * m[0] + y * m[4] + z * m[8] + w * m[12];
  out[o + 1] = x * m[1] + y * m[5] + z * m[9] + w * m[13];
  out[o + 2] = x * m[2] + y * m[6] + z * m[10] + w * m[14];
  out[o + 3] = x * m[3] + y * m[7] + z * m[11] + w * m[15];
}

/** out[o..o+2] = (x, y, z)·n for a 3×3 row-major n. */
export function transform3(x: number, y: number, z: number, n: Float64Array, out: Float64Array, o = 0): void {
  out[o] = x * n[0] + y * n[3] + z * n[6];
  out[o + 1] = x * n[1] + y * n[4] + z * n[7];
  out[o + 2] = x * n[2] + y * n[5] + z * n[8];
}

/**
 * The normal matrix of m's upper 3×3 (3×3 row-major): the inverse transpose,
 * computed as cofactor(m)/det. A singular m (det = 0 or not finite) keeps the
 * cofactor matrix undivided: the direction the inverse transpose tends to, so a
 * flattening world matrix still gives usable normals instead of NaN.
 */
export function normalMatrix(m: ArrayLike<number>, out: Float64Array = new Float64Array(9)): Float64Array {
  const a00 = m[0], a01 = m[1], a02 = m[2];
  const a10 = m[4], a11 = m[5], a12 = m[6];
  const a20 = m[8], a21 = m[9], a22 = m[10];
  out[0] = a11 * a22 - a12 * a21;
  out[1] = a12 * a20 - a10 * a22;
  out[2] = a10 * a21 - a11 * a20;
  out[3] = a02 * a21 - a01 * a22;
  out[4] = a00 * a22 - a02 * a20;
  out[5] = a01 * a20 - a00 * a21;
  out[6] = a01 * a12 - a02 * a11;
  out[7] = a02 * a10 - a00 * a12;
  out[8] = a00 * a11 - a01 * a10;
  const det = a00 * out[0] + a01 * out[1] + a02 * out[2];
  if (det !== 0 && Number.isFinite(det)) for (let i = 0; i < 9; i++) out[i] /= det;
  return out;
}

/** Scales v[o..o+2] to unit length; a zero vector stays zero. */
export function normalize3(v: Float64Array, o = 0): void {
  const len = Math.sqrt(v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
  if (len === 0 || !Number.isFinite(len)) return;
  v[o] /= len;
  v[o + 1] /= len;
  v[o + 2] /= len;
}
