/**
 * Vertex fog ("Fog Formulas", "Vertex Fog"): with FOGENABLE, FOGTABLEMODE NONE
 * and FOGVERTEXMODE not NONE, an untransformed vertex gets
 *   LINEAR (end − d)/(end − start),  EXP e^−(density·d),  EXP2 e^−(density·d)²
 * clamped to [0, 1], d = |z| in camera space, or √(x² + y² + z²) with RANGEFOGENABLE.
 * In every other case the fog factor is the vertex's specular alpha, as D3D9
 * passes it (1 when the vertex has no specular colour, as DXVK does).
 */
import { D3DFOG, D3DRS, bitsToFloat32 } from '../../../d3d9/index.js';
import type { RasterState } from '../types.js';

export interface VertexFogSetup {
  /** D3DFOGMODE computed per vertex; NONE: take the specular alpha */
  readonly mode: number;
  readonly range: boolean;
  readonly start: number;
  readonly end: number;
  readonly density: number;
}

/** The vertex fog of a draw; `pretransformed` vertices never get computed fog (DXVK, Wine fog_test). */
export function prepareVertexFog(state: RasterState, pretransformed: boolean): VertexFogSetup {
  const rs = state.renderStates;
  const vertexMode = rs[D3DRS.FOGVERTEXMODE];
  const computed = !pretransformed && rs[D3DRS.FOGENABLE] !== 0 && rs[D3DRS.FOGTABLEMODE] === D3DFOG.NONE
    && (vertexMode === D3DFOG.LINEAR || vertexMode === D3DFOG.EXP || vertexMode === D3DFOG.EXP2);
  return {
    mode: computed ? vertexMode : D3DFOG.NONE,
    range: rs[D3DRS.RANGEFOGENABLE] !== 0,
    start: bitsToFloat32(rs[D3DRS.FOGSTART]),
    end: bitsToFloat32(rs[D3DRS.FOGEND]),
    density: bitsToFloat32(rs[D3DRS.FOGDENSITY]),
  };
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** The fog factor at fog distance d for a computed mode (LINEAR, EXP, EXP2). */
export function fogFactor(s: VertexFogSetup, d: number): number {
  switch (s.mode) {
    case D3DFOG.LINEAR:
      // FOGSTART = FOGEND fogs everything (Wine fog_test: start = end = 512, d ≤ 1 is fully fogged)
      return s.end === s.start ? 0 : clamp01((s.end - d) / (s.end - s.start));
    case D3DFOG.EXP:
      return clamp01(Math.exp(-(s.density * d)));
    case D3DFOG.EXP2: {
      const t = s.density * d;
      return clamp01(Math.exp(-(t * t)));
    }
    default:
      return 1;
  }
}

/**
 * The vertex's fog factor: computed from the camera-space position (ex, ey, ez)
 * when the setup computes fog, else `specularAlpha` (pass 1 for a vertex without SPECULAR).
 */
export function vertexFog(s: VertexFogSetup, ex: number, ey: number, ez: number, specularAlpha: number): number {
  if (s.mode === D3DFOG.NONE) return specularAlpha;
  const d = s.range ? Math.sqrt(ex * ex + ey * ey + ez * ez) : Math.abs(ez);
  return fogFactor(s, d);
}
