/**
 * The fixed-function vertex stage: fetch (fetch.ts), transform, lighting
 * (lighting.ts), fog (fog.ts), point size (point-size.ts) and texture coordinates
 * (texcoord.ts), giving ClipVertex records for clipping and the rasterizer.
 *
 * - XYZRHW vertices bypass transform and lighting (reference E): x, y, z are kept
 *   as given (the rasterizer maps them), w = 1/rhw with rhw = 0 taken as w = 1
 *   (Wine, DXVK), colours straight from the vertex, eyeZ = 0 (table fog then reads
 *   the fragment depth z, as Wine does for transformed vertices), no point scale,
 *   no texture matrix.
 * - Other vertices: eye = position·WORLD·VIEW, clip = eye·PROJECTION, in float64;
 *   x, y, z, w are then rounded to float32 (Math.fround) because D3D hands the
 *   rasterizer float32 positions. Colours, fog and texture coordinates stay float64.
 * - Vertex blending is not done: the caps report MaxVertexBlendMatrices 0, so
 *   VERTEXBLEND and the betas of XYZB1..5 are ignored (WORLD alone applies).
 * - Normals go through the inverse transpose of WORLD·VIEW's 3×3 (mat.ts
 *   normalMatrix: the cofactor matrix when singular), then are normalized only
 *   with NORMALIZENORMALS (a zero normal stays zero).
 * - Lighting when D3DRS_LIGHTING is TRUE; otherwise the vertex colours (white and
 *   transparent black when absent).
 * - User clip planes (RasterState.userClipPlanes): the fixed-function pipeline takes
 *   them in world space ("Clip Planes" in the D3D9 docs), so each enabled plane's
 *   distance a·x + b·y + c·z + d·w of position·WORLD goes to ClipVertex.userDist.
 *   XYZRHW vertices get none: user planes do not clip them.
 *
 * Allocation: a VertexProcessor is built once per draw (state decoding, matrices,
 * lights); process() writes into reused ClipVertex objects when given an array.
 */
import { D3DRS } from '../../../d3d9/index.js';
import type { ClipVertex, Mat4, RasterState, UserClipPlanes } from '../types.js';
import { MAX_TEXCOORDS } from '../types.js';
import { createFetchedVertex, decodeVertexLayout, fetchVertex } from './fetch.js';
import type { FetchedVertex, FetchStreams, VertexLayout } from './fetch.js';
import { prepareVertexFog, vertexFog } from './fog.js';
import type { VertexFogSetup } from './fog.js';
import { lightVertex, prepareLighting } from './lighting.js';
import type { LightingSetup } from './lighting.js';
import { mul4, normalMatrix, normalize3, transform4 } from './mat.js';
import { pointSize, preparePointSize } from './point-size.js';
import type { PointSizeSetup } from './point-size.js';
import { computeTexCoords, prepareTexStages } from './texcoord.js';
import type { EyeVertex, TexStageSetup } from './texcoord.js';

/** A zeroed ClipVertex with its arrays allocated. */
export function createClipVertex(): ClipVertex {
  return {
    x: 0, y: 0, z: 0, w: 1, pretransformed: false,
    diffuse: [1, 1, 1, 1], specular: [0, 0, 0, 0], fog: 1, pointSize: 1,
    // userDist is always a property (undefined without user planes): one object shape for the clip stage
    tex: new Float64Array(MAX_TEXCOORDS * 4), eyeZ: 0, userDist: undefined,
  };
}

function copyColor(src: Float64Array, dst: number[]): void {
  dst[0] = src[0];
  dst[1] = src[1];
  dst[2] = src[2];
  dst[3] = src[3];
}

/** The vertex stage of one draw: decode the state once, then process vertices. */
export class VertexProcessor {
  readonly layout: VertexLayout;
  readonly pretransformed: boolean;
  private readonly worldView: Float64Array;
  private readonly projection: Mat4;
  private readonly normals: Float64Array;
  private readonly normalize: boolean;
  private readonly lighting: LightingSetup | null;
  private readonly fog: VertexFogSetup;
  private readonly point: PointSizeSetup;
  private readonly stages: readonly TexStageSetup[];
  private readonly vertex: FetchedVertex = createFetchedVertex();
  private readonly eye: EyeVertex = { position: new Float64Array(4), normal: new Float64Array(3) };
  private readonly clip = new Float64Array(4);
  private readonly world: Mat4;
  private readonly userPlanes: UserClipPlanes | null;
  private readonly worldPos = new Float64Array(4);
  private readonly scratch = new Float64Array(4);

  /** Reads state.vertexLayout, else state.fvf's; throws when that FVF is not valid (the device validates it before a draw). */
  constructor(state: RasterState) {
    const layout = state.vertexLayout ?? decodeVertexLayout(state.fvf);
    if (layout === undefined) {
      throw new Error(`driver/raster/vertex: FVF 0x${(state.fvf >>> 0).toString(16)} is not a valid vertex format`);
    }
    this.layout = layout;
    this.pretransformed = layout.position === 'xyzrhw';
    this.worldView = mul4(state.world, state.view);
    this.projection = state.projection;
    this.world = state.world;
    this.userPlanes = this.pretransformed ? null : state.userClipPlanes ?? null;
    this.normals = normalMatrix(this.worldView);
    this.normalize = state.renderStates[D3DRS.NORMALIZENORMALS] !== 0;
    const lit = !this.pretransformed && state.renderStates[D3DRS.LIGHTING] !== 0;
    this.lighting = lit ? prepareLighting(state, layout) : null;
    this.fog = prepareVertexFog(state, this.pretransformed);
    this.point = preparePointSize(state, this.pretransformed, layout.psize >= 0);
    this.stages = prepareTexStages(state, layout, this.pretransformed);
  }

  /**
   * Processes vertices first .. first+count−1 of `stream` into out[0 .. count−1], reusing the
   * ClipVertex objects already there; `out` only grows: the entries past count are left as they
   * were (a draw with fewer vertices than the last must not drop objects the next would make again),
   * so a caller reads `count` vertices, not out.length.
   */
  process(stream: FetchStreams, first: number, count: number, out: ClipVertex[] = []): ClipVertex[] {
    for (let i = 0; i < count; i++) {
      if (out[i] === undefined) out[i] = createClipVertex();
      this.processVertex(stream, first + i, out[i]);
    }
    return out;
  }

  /** Processes vertex `index` of `stream` into `out`. */
  processVertex(stream: FetchStreams, index: number, out: ClipVertex): void {
    fetchVertex(this.layout, stream, index, this.vertex);
    if (this.pretransformed) this.passThrough(out);
    else this.transform(out);
  }

  /** The vertex's fog factor when nothing computes it: its specular alpha, 1 without SPECULAR. */
  private specularFog(): number {
    return this.layout.specular >= 0 ? this.vertex.specular[3] : 1;
  }

  private passThrough(out: ClipVertex): void {
    const v = this.vertex;
    const p = v.position;
    out.x = p[0];
    out.y = p[1];
    out.z = p[2];
    out.w = p[3] === 0 ? 1 : Math.fround(1 / p[3]);
    out.pretransformed = true;
    if (out.userDist !== undefined) out.userDist = undefined;
    copyColor(v.diffuse, out.diffuse);
    copyColor(v.specular, out.specular);
    out.fog = this.specularFog();
    out.eyeZ = 0;
    out.pointSize = pointSize(this.point, v.pointSize, 0, 0, 0);
    computeTexCoords(this.stages, v, null, out.tex, this.scratch);
  }

  private transform(out: ClipVertex): void {
    const v = this.vertex;
    const p = v.position;
    const e = this.eye.position;
    const c = this.clip;
    // transform4 and transform3 written out: V8 boxes each double passed to a call it does not inline
    const px = p[0], py = p[1], pz = p[2], pw = p[3], wv = this.worldView;
    e[0] = px * wv[0] + py * wv[4] + pz * wv[8] + pw * wv[12];
    e[1] = px * wv[1] + py * wv[5] + pz * wv[9] + pw * wv[13];
    e[2] = px * wv[2] + py * wv[6] + pz * wv[10] + pw * wv[14];
    e[3] = px * wv[3] + py * wv[7] + pz * wv[11] + pw * wv[15];
    const ex = e[0], ey = e[1], ez = e[2], ew = e[3], pr = this.projection;
    c[0] = ex * pr[0] + ey * pr[4] + ez * pr[8] + ew * pr[12];
    c[1] = ex * pr[1] + ey * pr[5] + ez * pr[9] + ew * pr[13];
    c[2] = ex * pr[2] + ey * pr[6] + ez * pr[10] + ew * pr[14];
    c[3] = ex * pr[3] + ey * pr[7] + ez * pr[11] + ew * pr[15];
    out.x = Math.fround(c[0]);
    out.y = Math.fround(c[1]);
    out.z = Math.fround(c[2]);
    out.w = Math.fround(c[3]);
    out.pretransformed = false;
    const n = this.eye.normal;
    const nx = v.normal[0], ny = v.normal[1], nz = v.normal[2], nm = this.normals;
    n[0] = nx * nm[0] + ny * nm[3] + nz * nm[6];
    n[1] = nx * nm[1] + ny * nm[4] + nz * nm[7];
    n[2] = nx * nm[2] + ny * nm[5] + nz * nm[8];
    if (this.normalize) normalize3(n);
    if (this.lighting !== null) lightVertex(this.lighting, e, n, v, out.diffuse, out.specular);
    else {
      copyColor(v.diffuse, out.diffuse);
      copyColor(v.specular, out.specular);
    }
    out.fog = vertexFog(this.fog, e[0], e[1], e[2], this.specularFog());
    out.eyeZ = e[2];
    out.pointSize = pointSize(this.point, v.pointSize, e[0], e[1], e[2]);
    computeTexCoords(this.stages, v, this.eye, out.tex, this.scratch);
    if (this.userPlanes !== null) this.planeDistances(p, out);
    else if (out.userDist !== undefined) out.userDist = undefined;
  }

  /** Distances of the world-space position to the enabled user planes (reference: SetClipPlane, world space for fixed function). */
  private planeDistances(p: Float64Array, out: ClipVertex): void {
    const u = this.userPlanes!;
    const wp = this.worldPos;
    transform4(p[0], p[1], p[2], p[3], this.world, wp);
    const d = (out.userDist ??= new Float64Array(6));
    const q = u.planes;
    for (let i = 0; i < 6; i++) {
      d[i] = u.mask & (1 << i) ? q[4 * i] * wp[0] + q[4 * i + 1] * wp[1] + q[4 * i + 2] * wp[2] + q[4 * i + 3] * wp[3] : 0;
    }
  }

  /** The vertex processVertex last read (its source attributes, for ProcessVertices). */
  get fetched(): FetchedVertex {
    return this.vertex;
  }
}

/** Transform and lighting of vertices first .. first+count−1 of `stream` under `state` (fresh objects). */
export function processVertices(state: RasterState, stream: FetchStreams, first: number, count: number): ClipVertex[] {
  return new VertexProcessor(state).process(stream, first, count);
}
