/**
 * Point size ("Point Sprites (Direct3D 9)"): the vertex's PSIZE, else D3DRS_POINTSIZE;
 * with POINTSCALEENABLE, for untransformed vertices only,
 *   Ss = Vh · Si · √(1 / (A + B·De + C·De²)),  De = √(Xe² + Ye² + Ze²) in camera space,
 * Vh the viewport height; then clamped to [POINTSIZE_MIN, min(POINTSIZE_MAX, MaxPointSize)].
 * When MIN exceeds the upper bound the upper bound wins (max(·, min) is applied first).
 * A + B·De + C·De² ≤ 0 counts as an infinite size (it clamps to the upper bound); a NaN size becomes MIN.
 */
import { D3DRS, bitsToFloat32 } from '../../../d3d9/index.js';
import type { RasterState } from '../types.js';

export interface PointSizeSetup {
  /** the FVF has PSIZE */
  readonly fromVertex: boolean;
  /** D3DRS_POINTSIZE */
  readonly size: number;
  readonly scale: boolean;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly viewportHeight: number;
  readonly min: number;
  readonly max: number;
}

export function preparePointSize(state: RasterState, pretransformed: boolean, fromVertex: boolean): PointSizeSetup {
  const rs = state.renderStates;
  return {
    fromVertex,
    size: bitsToFloat32(rs[D3DRS.POINTSIZE]),
    scale: !pretransformed && rs[D3DRS.POINTSCALEENABLE] !== 0,
    a: bitsToFloat32(rs[D3DRS.POINTSCALE_A]),
    b: bitsToFloat32(rs[D3DRS.POINTSCALE_B]),
    c: bitsToFloat32(rs[D3DRS.POINTSCALE_C]),
    viewportHeight: state.viewport.height,
    min: bitsToFloat32(rs[D3DRS.POINTSIZE_MIN]),
    max: Math.min(bitsToFloat32(rs[D3DRS.POINTSIZE_MAX]), state.maxPointSize),
  };
}

/** The point size in pixels of a vertex with PSIZE `vertexSize` (read only when the FVF has it) at camera-space (ex, ey, ez). */
export function pointSize(s: PointSizeSetup, vertexSize: number, ex: number, ey: number, ez: number): number {
  let size = s.fromVertex ? vertexSize : s.size;
  if (s.scale) {
    const de = Math.sqrt(ex * ex + ey * ey + ez * ez);
    const q = s.a + s.b * de + s.c * de * de;
    size = q > 0 ? s.viewportHeight * size * Math.sqrt(1 / q) : Infinity;
  }
  if (!(size >= s.min)) size = s.min; // also NaN → MIN
  return size < s.max ? size : s.max;
}
