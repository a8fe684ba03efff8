/**
 * Cube map face selection ("Cubic Environment Mapping"; D3D11.3 §7.18): the
 * major axis of the direction picks the face, the other two components divided
 * by it give the face coordinates. Face order is D3DCUBEMAP_FACES.
 */

/** Per face: axis of the major component, then (axis, sign) of sc and of tc; s = (sc/|ma| + 1)/2, t likewise. */
const FACES = Int8Array.of(
  0, 2, -1, 1, -1, // +X: sc = −z, tc = −y
  0, 2, 1, 1, -1, //  −X: sc = +z, tc = −y
  1, 0, 1, 2, 1, //   +Y: sc = +x, tc = +z
  1, 0, 1, 2, -1, //  −Y: sc = +x, tc = −z
  2, 0, 1, 1, -1, //  +Z: sc = +x, tc = −y
  2, 0, -1, 1, -1, // −Z: sc = −x, tc = −y
);

/** A direction projected onto its face: face coordinates in [0, 1] and their screen derivatives. */
export interface CubeCoord {
  face: number;
  s: number; t: number;
  dsdx: number; dtdx: number;
  dsdy: number; dtdy: number;
}

/** The face of direction (x, y, z). Ties go to Z, then Y (our choice); a −0 component counts as positive. */
export function cubeFace(x: number, y: number, z: number): number {
  XYZ[0] = x; XYZ[1] = y; XYZ[2] = z;
  return cubeFaceOf(XYZ);
}

const XYZ = new Float64Array(3);

/** cubeFace of direction d[0..2] (per-sample callers: V8 boxes the double arguments of a call it does not inline). */
export function cubeFaceOf(d: Float64Array): number {
  const x = d[0], y = d[1], z = d[2];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (az >= ax && az >= ay) return z < 0 ? 5 : 4;
  if (ay >= ax) return y < 0 ? 3 : 2;
  return x < 0 ? 1 : 0;
}

/**
 * Projects direction dir[0..2] (derivatives dx[0..2], dy[0..2]) onto its face. Derivatives of
 * s and t come from the quotient rule on the chosen face; the zero vector reads
 * the centre of +Z.
 */
export function projectCube(dir: Float64Array, ddx: Float64Array, ddy: Float64Array, out: CubeCoord): void {
  const face = cubeFaceOf(dir);
  const k = face * 5;
  const axis = FACES[k], sAxis = FACES[k + 1], sSign = FACES[k + 2], tAxis = FACES[k + 3], tSign = FACES[k + 4];
  out.face = face;
  const ma = dir[axis];
  if (ma === 0) {
    out.s = out.t = 0.5;
    out.dsdx = out.dtdx = out.dsdy = out.dtdy = 0;
    return;
  }
  const m = Math.abs(ma), sg = ma < 0 ? -1 : 1;
  const sc = sSign * dir[sAxis], tc = tSign * dir[tAxis];
  out.s = 0.5 * (sc / m + 1);
  out.t = 0.5 * (tc / m + 1);
  // d(c/|ma|) = (dc·|ma| − c·d|ma|) / ma², d|ma| = sign(ma)·dma
  const k2 = 0.5 / (m * m);
  out.dsdx = k2 * (sSign * ddx[sAxis] * m - sc * sg * ddx[axis]);
  out.dtdx = k2 * (tSign * ddx[tAxis] * m - tc * sg * ddx[axis]);
  out.dsdy = k2 * (sSign * ddy[sAxis] * m - sc * sg * ddy[axis]);
  out.dtdy = k2 * (tSign * ddy[tAxis] * m - tc * sg * ddy[axis]);
}
