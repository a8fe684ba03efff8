/**
 * Vertex fetch: one vertex from its streams into a reused record. What to read is a plain
 * description (VertexLayout): for each fixed-function input, the stream, byte offset and
 * D3DDECLTYPE it comes from. An FVF (d3d9/fvf.ts fvfLayout gives the packing) and a vertex
 * declaration both become one, so the pipeline reads them the same way. Vertex i of a stream
 * is read at offset + i·stride.
 *
 * Bounds: validating the draw against the buffers is the caller's job, but a read never leaves
 * a Uint8Array: bytes before its start or past its end, and every byte of a stream that is not
 * given, read as 0 (a float whose bytes are all missing is +0.0, a colour 0x00000000).
 *
 * Defaults (reference E): no DIFFUSE → white (1, 1, 1, 1); no SPECULAR → (0, 0, 0, 0); no
 * NORMAL → (0, 0, 0); absent texcoord components → 0. Within an element, components its type
 * does not store take (0, 0, 0, 1) (D3DDECLTYPE docs), so a FLOAT3 position has w = 1.
 */
import { D3DDECLTYPE, D3DDECLUSAGE, D3DFVF, declTypeBytes, declTypeComponents, fvfLayout, fvfTexCoordSize } from '../../../d3d9/index.js';
import type { D3DVERTEXELEMENT9, FvfFieldName } from '../../../d3d9/index.js';
import { halfToFloat } from '../../../formats/half.js';
import { MAX_TEXCOORDS } from '../types.js';
import type { StreamView } from '../types.js';

export type PositionKind = 'xyz' | 'xyzw' | 'xyzrhw';
/** How the last blend "weight" holds matrix indices (D3DFVF_LASTBETA_*), if it does. */
export type LastBeta = 'none' | 'ubyte4' | 'd3dcolor';

/** Where one input comes from: a stream, the byte offset in its vertex, a D3DDECLTYPE. */
export interface FetchElement {
  readonly stream: number;
  readonly offset: number;
  readonly type: number;
}

/** The streams a draw can read (D3DCAPS9.MaxStreams). */
export const MAX_FETCH_STREAMS = 16;

/** What to read for one vertex, decoded once per draw from an FVF or a declaration. */
export interface VertexLayout {
  /** the FVF, 0 for a declaration */
  readonly fvf: number;
  /** the FVF's own vertex size in bytes (the stream's stride may differ); for a declaration, stream 0's */
  readonly stride: number;
  /** xyzrhw: POSITIONT (no transform); xyz: the stored w is not read (w = 1); xyzw: it is */
  readonly position: PositionKind;
  /** blend slots after the position (XYZB1..5), including an index slot; for declarations weights + indices */
  readonly betas: number;
  readonly lastBeta: LastBeta;
  /** byte offsets of these inputs (−1: absent), for the stages that only ask whether one is there */
  readonly normal: number;
  readonly psize: number;
  readonly diffuse: number;
  readonly specular: number;
  /** coordinate sets present (highest set + 1, 0..8) */
  readonly texCount: number;
  /** per set: offset of its first component (−1 when absent) and its component count 1..4 (0 when absent) */
  readonly texOffset: Int32Array;
  readonly texSize: Uint8Array;
  /** the elements read, by fixed-function input */
  readonly inputs: {
    readonly position: FetchElement | null;
    /** elements whose components fill weights[0], weights[1], … in order */
    readonly weights: readonly FetchElement[];
    readonly indices: FetchElement | null;
    readonly normal: FetchElement | null;
    readonly psize: FetchElement | null;
    readonly diffuse: FetchElement | null;
    readonly specular: FetchElement | null;
    readonly tex: readonly (FetchElement | null)[];
  };
  /** per stream, the bytes one vertex reads from it (offset + size of its last element); 0: unused */
  readonly streamBytes: Int32Array;
}

/** One fetched vertex, in float64. Reused from vertex to vertex: no allocation per vertex. */
export interface FetchedVertex {
  /** x, y, z, then w: 1 for XYZ/XYZBn (a 3-component position), the stored w for XYZW, rhw for XYZRHW */
  readonly position: Float64Array;
  /** blend weights beta1..5 (0 where absent or where the slot holds indices) */
  readonly weights: Float64Array;
  /** matrix indices of LASTBETA_UBYTE4 (bytes 0..3) or LASTBETA_D3DCOLOR (R, G, B, A bytes) */
  readonly blendIndices: Uint8Array;
  readonly normal: Float64Array;
  /** PSIZE, NaN when the vertex has none */
  pointSize: number;
  /** r, g, b, a in [0, 1] */
  readonly diffuse: Float64Array;
  readonly specular: Float64Array;
  /** 4 components per coordinate set, set-major; absent components 0 */
  readonly tex: Float64Array;
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

const s16 = (v: number): number => (v << 16) >> 16;
const s10 = (v: number): number => (v << 22) >> 22;

/**
 * The four components of an element of `type` at `pos`, as the D3DDECLTYPE documentation expands
 * them: components the type does not store are (0, 0, 0, 1); D3DCOLOR is (R, G, B, A) of 0xAARRGGBB
 * over 255; UBYTE4N bytes over 255; SHORTnN over 32767 and USHORTnN over 65535 (so −32768 gives
 * −32768/32767); UDEC3 three unsigned 10-bit fields (x in bits 0–9); DEC3N three signed 10-bit fields
 * over 511; FLOAT16 IEEE halves. Unknown types read as (0, 0, 0, 1).
 */
export function decodeElement(type: number, data: Uint8Array, pos: number, out: Float64Array): void {
  out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
  switch (type) {
    case D3DDECLTYPE.FLOAT1: case D3DDECLTYPE.FLOAT2: case D3DDECLTYPE.FLOAT3: case D3DDECLTYPE.FLOAT4:
      for (let i = 0; i <= type; i++) out[i] = readF32(data, pos + 4 * i);
      return;
    case D3DDECLTYPE.D3DCOLOR: d3dColorToFloats(readU32(data, pos), out); return;
    case D3DDECLTYPE.UBYTE4: bytes(readU32(data, pos), 1, out); return;
    case D3DDECLTYPE.UBYTE4N: bytes(readU32(data, pos), 255, out); return;
    case D3DDECLTYPE.SHORT2: shorts(data, pos, 2, true, 1, out); return;
    case D3DDECLTYPE.SHORT4: shorts(data, pos, 4, true, 1, out); return;
    case D3DDECLTYPE.SHORT2N: shorts(data, pos, 2, true, 32767, out); return;
    case D3DDECLTYPE.SHORT4N: shorts(data, pos, 4, true, 32767, out); return;
    case D3DDECLTYPE.USHORT2N: shorts(data, pos, 2, false, 65535, out); return;
    case D3DDECLTYPE.USHORT4N: shorts(data, pos, 4, false, 65535, out); return;
    case D3DDECLTYPE.UDEC3:
    case D3DDECLTYPE.DEC3N: {
      const v = readU32(data, pos);
      for (let i = 0; i < 3; i++) {
        const f = (v >>> (10 * i)) & 0x3ff;
        out[i] = type === D3DDECLTYPE.UDEC3 ? f : s10(f) / 511;
      }
      return;
    }
    case D3DDECLTYPE.FLOAT16_2: halves(data, pos, 2, out); return;
    case D3DDECLTYPE.FLOAT16_4: halves(data, pos, 4, out); return;
    default: return;
  }
}

function bytes(v: number, k: number, out: Float64Array): void {
  for (let i = 0; i < 4; i++) out[i] = ((v >>> (8 * i)) & 0xff) / k;
}

/** n 16-bit fields (little-endian) at pos, signed or not, over k. */
function shorts(data: Uint8Array, pos: number, n: number, signed: boolean, k: number, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const w = readU32(data, pos + 4 * (i >> 1));
    const f = (i & 1) === 0 ? w & 0xffff : w >>> 16;
    out[i] = (signed ? s16(f) : f) / k;
  }
}

function halves(data: Uint8Array, pos: number, n: number, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const w = readU32(data, pos + 4 * (i >> 1));
    out[i] = halfToFloat((i & 1) === 0 ? w & 0xffff : w >>> 16);
  }
}

const el = (offset: number, type: number): FetchElement => ({ stream: 0, offset, type });
const FLOATN = [D3DDECLTYPE.FLOAT1, D3DDECLTYPE.FLOAT2, D3DDECLTYPE.FLOAT3, D3DDECLTYPE.FLOAT4] as const;
const TEX_U: readonly FvfFieldName[] = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];

function lastBetaOf(fvf: number): LastBeta {
  if ((fvf & D3DFVF.LASTBETA_UBYTE4) !== 0) return 'ubyte4';
  if ((fvf & D3DFVF.LASTBETA_D3DCOLOR) !== 0) return 'd3dcolor';
  return 'none';
}

interface Inputs {
  position: FetchElement | null; weights: FetchElement[]; indices: FetchElement | null; normal: FetchElement | null;
  psize: FetchElement | null; diffuse: FetchElement | null; specular: FetchElement | null; tex: (FetchElement | null)[];
}

/** The layout of a set of inputs: the offsets, texcoord sizes and per-stream sizes derived from them. */
function finish(fvf: number, position: PositionKind, betas: number, lastBeta: LastBeta, inputs: Inputs): VertexLayout {
  const texOffset = new Int32Array(MAX_TEXCOORDS).fill(-1);
  const texSize = new Uint8Array(MAX_TEXCOORDS);
  let texCount = 0;
  inputs.tex.forEach((e, s) => {
    if (!e) return;
    texOffset[s] = e.offset;
    texSize[s] = declTypeComponents(e.type);
    texCount = s + 1;
  });
  const streamBytes = new Int32Array(MAX_FETCH_STREAMS);
  const all = [inputs.position, ...inputs.weights, inputs.indices, inputs.normal, inputs.psize, inputs.diffuse, inputs.specular, ...inputs.tex];
  for (const e of all) if (e) streamBytes[e.stream] = Math.max(streamBytes[e.stream], e.offset + declTypeBytes(e.type));
  const off = (e: FetchElement | null): number => e?.offset ?? -1;
  return {
    fvf: fvf >>> 0, stride: streamBytes[0], position, betas, lastBeta,
    normal: off(inputs.normal), psize: off(inputs.psize), diffuse: off(inputs.diffuse), specular: off(inputs.specular),
    texCount, texOffset, texSize, inputs, streamBytes,
  };
}

/** The inputs of `fvf`, or undefined when fvfLayout rejects it. */
export function decodeVertexLayout(fvf: number): VertexLayout | undefined {
  const layout = fvfLayout(fvf);
  if (layout === undefined) return undefined;
  const at = new Map<FvfFieldName, number>(layout.fields.map((f) => [f.name, f.offset]));
  const has = (name: FvfFieldName): boolean => at.has(name);
  const position: PositionKind = has('rhw') ? 'xyzrhw' : has('w') ? 'xyzw' : 'xyz';
  const betas = ['beta1', 'beta2', 'beta3', 'beta4', 'beta5'].filter((b) => has(b as FvfFieldName)).length;
  const lastBeta = betas > 0 ? lastBetaOf(fvf) : 'none';
  const weightCount = lastBeta === 'none' ? betas : betas - 1;
  const weights: FetchElement[] = [];
  for (let w = 0; w < weightCount; w += 4) weights.push(el(12 + 4 * w, FLOATN[Math.min(4, weightCount - w) - 1]));
  const tex: (FetchElement | null)[] = [];
  for (let s = 0; s < MAX_TEXCOORDS; s++) {
    const o = at.get(TEX_U[s]);
    tex.push(o === undefined ? null : el(o, FLOATN[fvfTexCoordSize(fvf, s) - 1]));
  }
  const opt = (name: FvfFieldName, type: number): FetchElement | null => (has(name) ? el(at.get(name)!, type) : null);
  const inputs: Inputs = {
    position: el(0, position === 'xyz' ? D3DDECLTYPE.FLOAT3 : D3DDECLTYPE.FLOAT4),
    weights,
    indices: lastBeta === 'none' ? null : el(12 + 4 * weightCount, lastBeta === 'ubyte4' ? D3DDECLTYPE.UBYTE4 : D3DDECLTYPE.D3DCOLOR),
    normal: opt('nx', D3DDECLTYPE.FLOAT3), psize: opt('psize', D3DDECLTYPE.FLOAT1),
    diffuse: opt('diffuse', D3DDECLTYPE.D3DCOLOR), specular: opt('specular', D3DDECLTYPE.D3DCOLOR), tex,
  };
  const out = finish(fvf, position, betas, lastBeta, inputs);
  // the FVF's own size, also when its last fields are texcoords of a set the layout counts
  return { ...out, stride: layout.stride };
}

/**
 * The inputs of a vertex declaration for the fixed-function pipeline: POSITION or POSITIONT
 * (index 0; POSITIONT wins when both are given: the vertices are not transformed), BLENDWEIGHT,
 * BLENDINDICES, NORMAL and PSIZE (index 0), COLOR 0 (diffuse) and 1 (specular), TEXCOORD 0..7.
 * Other usages and indices mean nothing to fixed-function vertex processing and are not read
 * (FOG too: the vertex fog factor is the specular alpha, as for an FVF).
 */
export function layoutFromDeclaration(elements: readonly D3DVERTEXELEMENT9[]): VertexLayout {
  const find = (usage: number, index = 0): FetchElement | null => {
    const e = elements.find((x) => x.Usage === usage && x.UsageIndex === index);
    return e ? { stream: e.Stream, offset: e.Offset, type: e.Type } : null;
  };
  const positionT = find(D3DDECLUSAGE.POSITIONT);
  const position = positionT ?? find(D3DDECLUSAGE.POSITION);
  const kind: PositionKind = positionT ? 'xyzrhw' : position && declTypeComponents(position.type) === 4 ? 'xyzw' : 'xyz';
  const weight = find(D3DDECLUSAGE.BLENDWEIGHT);
  const indices = find(D3DDECLUSAGE.BLENDINDICES);
  const lastBeta: LastBeta = indices?.type === D3DDECLTYPE.UBYTE4 ? 'ubyte4' : indices?.type === D3DDECLTYPE.D3DCOLOR ? 'd3dcolor' : 'none';
  const betas = (weight ? declTypeComponents(weight.type) : 0) + (indices ? 1 : 0);
  const inputs: Inputs = {
    position, weights: weight ? [weight] : [], indices,
    normal: find(D3DDECLUSAGE.NORMAL), psize: find(D3DDECLUSAGE.PSIZE),
    diffuse: find(D3DDECLUSAGE.COLOR, 0), specular: find(D3DDECLUSAGE.COLOR, 1),
    tex: Array.from({ length: MAX_TEXCOORDS }, (_, s) => find(D3DDECLUSAGE.TEXCOORD, s)),
  };
  return finish(0, kind, betas, lastBeta, inputs);
}

/** A fresh record for fetchVertex. */
export function createFetchedVertex(): FetchedVertex {
  return {
    position: new Float64Array(4), weights: new Float64Array(5), blendIndices: new Uint8Array(4),
    normal: new Float64Array(3), pointSize: NaN, diffuse: new Float64Array(4),
    specular: new Float64Array(4), tex: new Float64Array(MAX_TEXCOORDS * 4),
  };
}

/** The streams a vertex reads: one stream (stream 0) or one per stream number (null: not set). */
export type FetchStreams = StreamView | readonly (StreamView | null | undefined)[];

const EMPTY = new Uint8Array(0);
const scratch = new Float64Array(4);

/** Reads `e` of vertex `index` into scratch; a stream that is not given reads as zero bytes. */
function read(streams: readonly (StreamView | null | undefined)[], e: FetchElement, index: number): Float64Array {
  const s = streams[e.stream];
  if (s) decodeElement(e.type, s.data, s.offset + index * s.stride + e.offset, scratch);
  else decodeElement(e.type, EMPTY, 0, scratch);
  return scratch;
}

function fetchBlend(layout: VertexLayout, streams: readonly (StreamView | null | undefined)[], index: number, out: FetchedVertex): void {
  out.weights.fill(0);
  out.blendIndices.fill(0);
  let w = 0;
  for (const e of layout.inputs.weights) {
    const v = read(streams, e, index);
    const n = declTypeComponents(e.type);
    for (let c = 0; c < n && w < 5; c++) out.weights[w++] = v[c];
  }
  const ie = layout.inputs.indices;
  if (!ie) return;
  const v = read(streams, ie, index);
  // a D3DCOLOR's components are bytes over 255: back to the bytes (R, G, B, A order, the DECLTYPE swizzle)
  const k = ie.type === D3DDECLTYPE.D3DCOLOR || ie.type === D3DDECLTYPE.UBYTE4N ? 255 : 1;
  for (let i = 0; i < 4; i++) out.blendIndices[i] = Math.max(0, Math.min(255, Math.round(v[i] * k)));
}

/** Reads vertex `index` of its streams into `out` (see the module comment for bounds and defaults). */
export function fetchVertex(layout: VertexLayout, streams: FetchStreams, index: number, out: FetchedVertex): void {
  const list: readonly (StreamView | null | undefined)[] = 'data' in streams ? [streams] : streams;
  const i = layout.inputs;
  const p = out.position;
  if (i.position) p.set(read(list, i.position, index));
  else { p.fill(0); p[3] = 1; }
  fetchBlend(layout, list, index, out);
  if (i.normal) out.normal.set(read(list, i.normal, index).subarray(0, 3));
  else out.normal.fill(0);
  out.pointSize = i.psize ? read(list, i.psize, index)[0] : NaN;
  if (i.diffuse) out.diffuse.set(read(list, i.diffuse, index));
  else out.diffuse.fill(1);
  if (i.specular) out.specular.set(read(list, i.specular, index));
  else out.specular.fill(0);
  const tex = out.tex;
  tex.fill(0);
  for (let s = 0; s < layout.texCount; s++) {
    const e = i.tex[s];
    if (!e) continue;
    const v = read(list, e, index);
    for (let c = 0; c < layout.texSize[s]; c++) tex[s * 4 + c] = v[c];
  }
}
