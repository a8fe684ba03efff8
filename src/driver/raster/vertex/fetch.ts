/**
 * Vertex fetch: one FVF vertex from a stream into a reused record (d3d9/fvf.ts
 * fvfLayout gives the packing). Vertex i is read at offset + i·stride.
 *
 * Bounds: validating the draw against the buffer is the caller's job, but a read
 * never leaves the Uint8Array: bytes before its start or past its end read as 0
 * (a float whose bytes are all missing is +0.0, a colour 0x00000000).
 *
 * Defaults (reference E): no DIFFUSE → white (1, 1, 1, 1); no SPECULAR →
 * (0, 0, 0, 0); no NORMAL → (0, 0, 0); absent texcoord components → 0.
 */
import { D3DFVF, fvfLayout, fvfTexCoordSize } from '../../../d3d9/index.js';
import type { FvfFieldName } from '../../../d3d9/index.js';
import { MAX_TEXCOORDS } from '../types.js';
import type { StreamView } from '../types.js';

export type PositionKind = 'xyz' | 'xyzw' | 'xyzrhw';
/** How the last blend "weight" holds matrix indices (D3DFVF_LASTBETA_*), if it does. */
export type LastBeta = 'none' | 'ubyte4' | 'd3dcolor';

/** Byte offsets of one FVF's elements (−1: absent), decoded once per draw. */
export interface VertexLayout {
  readonly fvf: number;
  /** the FVF's own vertex size in bytes (the stream's stride may differ) */
  readonly stride: number;
  readonly position: PositionKind;
  /** blend slots after the position (XYZB1..5), including an index slot */
  readonly betas: number;
  readonly lastBeta: LastBeta;
  readonly normal: number;
  readonly psize: number;
  readonly diffuse: number;
  readonly specular: number;
  /** coordinate sets the FVF declares (0..8) */
  readonly texCount: number;
  /** per set: offset of its first component (−1 beyond texCount) and its size 1..4 (0 beyond) */
  readonly texOffset: Int32Array;
  readonly texSize: Uint8Array;
}

/** One fetched vertex, in float64. Reused from vertex to vertex: no allocation per vertex. */
export interface FetchedVertex {
  /** x, y, z, then w: 1 for XYZ/XYZBn, the stored w for XYZW, rhw for XYZRHW */
  readonly position: Float64Array;
  /** blend weights beta1..5 (0 where absent or where the slot holds indices) */
  readonly weights: Float64Array;
  /** matrix indices of LASTBETA_UBYTE4 (bytes 0..3) or LASTBETA_D3DCOLOR (R, G, B, A bytes) */
  readonly blendIndices: Uint8Array;
  readonly normal: Float64Array;
  /** PSIZE, NaN when the FVF has none */
  pointSize: number;
  /** r, g, b, a in [0, 1] */
  readonly diffuse: Float64Array;
  readonly specular: Float64Array;
  /** 4 components per coordinate set, set-major; absent components 0 */
  readonly tex: Float64Array;
}

const POSITION_KIND: ReadonlyMap<number, { kind: PositionKind; betas: number }> = new Map([
  [D3DFVF.XYZ, { kind: 'xyz', betas: 0 }],
  [D3DFVF.XYZRHW, { kind: 'xyzrhw', betas: 0 }],
  [D3DFVF.XYZW, { kind: 'xyzw', betas: 0 }],
  [D3DFVF.XYZB1, { kind: 'xyz', betas: 1 }],
  [D3DFVF.XYZB2, { kind: 'xyz', betas: 2 }],
  [D3DFVF.XYZB3, { kind: 'xyz', betas: 3 }],
  [D3DFVF.XYZB4, { kind: 'xyz', betas: 4 }],
  [D3DFVF.XYZB5, { kind: 'xyz', betas: 5 }],
]);

const TEX_U: readonly FvfFieldName[] = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];

function lastBetaOf(fvf: number): LastBeta {
  if ((fvf & D3DFVF.LASTBETA_UBYTE4) !== 0) return 'ubyte4';
  if ((fvf & D3DFVF.LASTBETA_D3DCOLOR) !== 0) return 'd3dcolor';
  return 'none';
}

/** The element offsets of `fvf`, or undefined when fvfLayout rejects it. */
export function decodeVertexLayout(fvf: number): VertexLayout | undefined {
  const layout = fvfLayout(fvf);
  if (layout === undefined) return undefined;
  const offsets = new Map<FvfFieldName, number>(layout.fields.map((f) => [f.name, f.offset]));
  const at = (name: FvfFieldName): number => offsets.get(name) ?? -1;
  const position = POSITION_KIND.get(fvf & D3DFVF.POSITION_MASK);
  if (position === undefined) return undefined;
  const texOffset = new Int32Array(MAX_TEXCOORDS).fill(-1);
  const texSize = new Uint8Array(MAX_TEXCOORDS);
  let texCount = 0;
  for (let s = 0; s < MAX_TEXCOORDS; s++) {
    texOffset[s] = at(TEX_U[s]);
    if (texOffset[s] < 0) continue;
    texCount = s + 1;
    texSize[s] = fvfTexCoordSize(fvf, s);
  }
  return {
    fvf: fvf >>> 0, stride: layout.stride, position: position.kind, betas: position.betas,
    lastBeta: lastBetaOf(fvf), normal: at('nx'), psize: at('psize'), diffuse: at('diffuse'),
    specular: at('specular'), texCount, texOffset, texSize,
  };
}

/** A fresh record for fetchVertex. */
export function createFetchedVertex(): FetchedVertex {
  return {
    position: new Float64Array(4), weights: new Float64Array(5), blendIndices: new Uint8Array(4),
    normal: new Float64Array(3), pointSize: NaN, diffuse: new Float64Array(4),
    specular: new Float64Array(4), tex: new Float64Array(MAX_TEXCOORDS * 4),
  };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Little-endian u32 at `pos`; bytes outside the array read as 0. */
export function readU32(data: Uint8Array, pos: number): number {
  if (pos >= 0 && pos + 4 <= data.length) {
    return (data[pos] | (data[pos + 1] << 8) | (data[pos + 2] << 16) | (data[pos + 3] << 24)) >>> 0;
  }
  let v = 0;
  for (let i = 0; i < 4; i++) {
    const p = pos + i;
    if (p >= 0 && p < data.length) v |= data[p] << (8 * i);
  }
  return v >>> 0;
}

/** Little-endian float32 at `pos`; bytes outside the array read as 0. */
export function readF32(data: Uint8Array, pos: number): number {
  u32[0] = readU32(data, pos);
  return f32[0];
}

/** A D3DCOLOR (0xAARRGGBB) as r, g, b, a in [0, 1]. */
export function d3dColorToFloats(c: number, out: Float64Array): void {
  out[0] = ((c >>> 16) & 0xff) / 255;
  out[1] = ((c >>> 8) & 0xff) / 255;
  out[2] = (c & 0xff) / 255;
  out[3] = (c >>> 24) / 255;
}

function fetchPosition(layout: VertexLayout, data: Uint8Array, base: number, out: FetchedVertex): void {
  const p = out.position;
  p[0] = readF32(data, base);
  p[1] = readF32(data, base + 4);
  p[2] = readF32(data, base + 8);
  p[3] = layout.position === 'xyz' ? 1 : readF32(data, base + 12);
}

const UBYTE4_ORDER = [0, 1, 2, 3] as const;
/** D3DCOLOR indices read like a colour's R, G, B, A (the D3DDECLTYPE_D3DCOLOR swizzle). */
const D3DCOLOR_ORDER = [2, 1, 0, 3] as const;

/** Blend weights and indices; unused by the pipeline (MaxVertexBlendMatrices is 0), fetched for completeness. */
function fetchBlend(layout: VertexLayout, data: Uint8Array, base: number, out: FetchedVertex): void {
  out.weights.fill(0);
  out.blendIndices.fill(0);
  if (layout.betas === 0) return;
  const first = base + 12;
  const weights = layout.lastBeta === 'none' ? layout.betas : layout.betas - 1;
  for (let b = 0; b < weights; b++) out.weights[b] = readF32(data, first + 4 * b);
  if (layout.lastBeta === 'none') return;
  const v = readU32(data, first + 4 * weights);
  const order = layout.lastBeta === 'ubyte4' ? UBYTE4_ORDER : D3DCOLOR_ORDER;
  for (let i = 0; i < 4; i++) out.blendIndices[i] = (v >>> (8 * order[i])) & 0xff;
}

function fetchTexCoords(layout: VertexLayout, data: Uint8Array, base: number, tex: Float64Array): void {
  tex.fill(0);
  for (let s = 0; s < layout.texCount; s++) {
    const o = base + layout.texOffset[s];
    for (let c = 0; c < layout.texSize[s]; c++) tex[s * 4 + c] = readF32(data, o + 4 * c);
  }
}

/** Reads vertex `index` of `stream` into `out` (see the module comment for bounds and defaults). */
export function fetchVertex(layout: VertexLayout, stream: StreamView, index: number, out: FetchedVertex): void {
  const data = stream.data;
  const base = stream.offset + index * stream.stride;
  fetchPosition(layout, data, base, out);
  fetchBlend(layout, data, base, out);
  const n = out.normal;
  if (layout.normal >= 0) {
    n[0] = readF32(data, base + layout.normal);
    n[1] = readF32(data, base + layout.normal + 4);
    n[2] = readF32(data, base + layout.normal + 8);
  } else n.fill(0);
  out.pointSize = layout.psize >= 0 ? readF32(data, base + layout.psize) : NaN;
  if (layout.diffuse >= 0) d3dColorToFloats(readU32(data, base + layout.diffuse), out.diffuse);
  else out.diffuse.fill(1);
  if (layout.specular >= 0) d3dColorToFloats(readU32(data, base + layout.specular), out.specular);
  else out.specular.fill(0);
  fetchTexCoords(layout, data, base, out.tex);
}
