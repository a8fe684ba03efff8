/**
 * Texture coordinate processing per stage ("Texture Coordinate Processing",
 * D3DTSS_TEXCOORDINDEX, D3DTEXTURETRANSFORMFLAGS), into ClipVertex.tex[4s .. 4s+3]:
 *
 * - TEXCOORDINDEX: the low word picks the FVF coordinate set (one the FVF does not
 *   declare reads 0, 0, 0, 0), the high word a D3DTSS_TCI generation mode:
 *   CAMERASPACENORMAL (n, 1), CAMERASPACEPOSITION (the camera-space position),
 *   CAMERASPACEREFLECTIONVECTOR (r, 1) with r = reflect(norm(P), N), SPHEREMAP
 *   (r.x/m + ½, r.y/m + ½, 0, 1) with m = 2·|r + (0, 0, 1)| (Wine = DXVK).
 * - The texture matrix D3DTS_TEXTURE0+s applies for COUNT2..COUNT4 only: Wine and
 *   DXVK both leave COUNT1 (and DISABLE) untransformed, and never transform the
 *   coordinates of pre-transformed (XYZRHW) vertices, whose generation modes act as PASSTHRU.
 * - Before the matrix, a set of n < 4 components is padded with 1 in component n
 *   and 0 after it: (u) → (u, 1, 0, 0), (u, v) → (u, v, 1, 0), (u, v, w) → (u, v, w, 1),
 *   which is why 2D translations live in row 3 (Wine's "Direct3D passes the default
 *   1.0 in the 2nd coord", DXVK's padding). Without the matrix missing components are 0.
 * - Output components from COUNTn on are 0 (DXVK); generated coordinates without
 *   the matrix keep 3 components.
 * - D3DTTFF_PROJECTED is the pixel stage's: it divides the first n − 1 components by
 *   component n − 1 (n = COUNTn, or the set's size under DISABLE); nothing is divided here.
 */
import { D3DTSS, D3DTSS_TCI, D3DTTFF } from '../../../d3d9/index.js';
import type { Mat4, RasterState } from '../types.js';
import { MAX_TEXCOORDS } from '../types.js';
import type { FetchedVertex, VertexLayout } from './fetch.js';

export interface TexStageSetup {
  /** coordinate set index (TEXCOORDINDEX low word) */
  readonly set: number;
  /** D3DTSS_TCI mode (high word); PASSTHRU for pre-transformed vertices */
  readonly gen: number;
  /** multiply by the texture matrix (COUNT2..4, not pre-transformed) */
  readonly apply: boolean;
  /** output components kept (the rest are 0) */
  readonly count: number;
  /** components of the FVF set (0 when the FVF has no such set) */
  readonly size: number;
  /** state.textureTransforms[s]: D3DTS_TEXTURE0 + s */
  readonly matrix: Mat4;
}

const IDENTITY: Mat4 = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

function prepareStage(state: RasterState, layout: VertexLayout, s: number, pretransformed: boolean): TexStageSetup {
  const ss = state.stageStates[s];
  const tci = ss === undefined ? s : ss[D3DTSS.TEXCOORDINDEX];
  const flags = ss === undefined ? D3DTTFF.DISABLE : ss[D3DTSS.TEXTURETRANSFORMFLAGS];
  const set = tci & 0xffff;
  const gen = pretransformed ? D3DTSS_TCI.PASSTHRU : (tci & 0xffff0000) >>> 0;
  const countBits = flags & 0xff;
  const apply = !pretransformed && countBits >= D3DTTFF.COUNT2 && countBits <= D3DTTFF.COUNT4;
  const size = set < layout.texCount ? layout.texSize[set] : 0;
  const generated = gen !== D3DTSS_TCI.PASSTHRU;
  return {
    set, gen, apply, size,
    count: apply ? countBits : generated ? 3 : 4,
    matrix: state.textureTransforms[s] ?? IDENTITY,
  };
}

/** The texture coordinate processing of stages 0..7 for one draw. */
export function prepareTexStages(state: RasterState, layout: VertexLayout, pretransformed: boolean): TexStageSetup[] {
  const out: TexStageSetup[] = [];
  for (let s = 0; s < MAX_TEXCOORDS; s++) out.push(prepareStage(state, layout, s, pretransformed));
  return out;
}

/** What the generation modes read: camera-space position (4) and normal (3). */
export interface EyeVertex {
  readonly position: Float64Array;
  readonly normal: Float64Array;
}

/** r = (reflect(norm(P), N), 1) = I − 2(N·I)N with I = norm(P); I = 0 at the origin. */
function reflection(eye: EyeVertex, r: Float64Array): void {
  const p = eye.position, n = eye.normal;
  const len = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  const k = len === 0 ? 0 : 1 / len;
  const ix = p[0] * k, iy = p[1] * k, iz = p[2] * k;
  const d = 2 * (n[0] * ix + n[1] * iy + n[2] * iz);
  r[0] = ix - d * n[0];
  r[1] = iy - d * n[1];
  r[2] = iz - d * n[2];
  r[3] = 1;
}

function generated(st: TexStageSetup, eye: EyeVertex, v: Float64Array): void {
  switch (st.gen) {
    case D3DTSS_TCI.CAMERASPACENORMAL:
      v[0] = eye.normal[0]; v[1] = eye.normal[1]; v[2] = eye.normal[2]; v[3] = 1;
      return;
    case D3DTSS_TCI.CAMERASPACEPOSITION:
      for (let c = 0; c < 4; c++) v[c] = eye.position[c];
      return;
    case D3DTSS_TCI.CAMERASPACEREFLECTIONVECTOR:
      reflection(eye, v);
      return;
    case D3DTSS_TCI.SPHEREMAP: {
      reflection(eye, v);
      const m = 2 * Math.sqrt(v[0] * v[0] + v[1] * v[1] + (v[2] + 1) * (v[2] + 1));
      const k = m === 0 ? 0 : 1 / m;
      v[0] = v[0] * k + 0.5; v[1] = v[1] * k + 0.5; v[2] = 0; v[3] = 1;
      return;
    }
    default:
      v.fill(0); // an unknown mode: no coordinates
  }
}

/** The stage's input vector (before the matrix) into v. */
function inputVector(st: TexStageSetup, vertex: FetchedVertex, eye: EyeVertex | null, v: Float64Array): void {
  if (st.gen === D3DTSS_TCI.PASSTHRU || eye === null) {
    const o = st.set * 4;
    for (let c = 0; c < 4; c++) v[c] = st.size === 0 ? 0 : vertex.tex[o + c];
    if (st.apply && st.size >= 1 && st.size < 4) v[st.size] = 1;
    return;
  }
  generated(st, eye, v);
}

/**
 * Writes all stages' coordinates of one vertex into out (4 per stage). `eye` is
 * null for pre-transformed vertices; `scratch` holds 4 numbers.
 */
export function computeTexCoords(stages: readonly TexStageSetup[], vertex: FetchedVertex, eye: EyeVertex | null,
  out: Float64Array, scratch: Float64Array): void {
  for (let s = 0; s < stages.length; s++) {
    const st = stages[s];
    const v = scratch;
    inputVector(st, vertex, eye, v);
    const o = s * 4;
    if (st.apply) {
      const m = st.matrix;
      for (let c = 0; c < 4; c++) out[o + c] = v[0] * m[c] + v[1] * m[4 + c] + v[2] * m[8 + c] + v[3] * m[12 + c];
    } else {
      for (let c = 0; c < 4; c++) out[o + c] = v[c];
    }
    for (let c = st.count; c < 4; c++) out[o + c] = 0;
  }
}
