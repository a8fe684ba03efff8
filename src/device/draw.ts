/**
 * The draw calls' validation (pure: an HRESULT or a plan) and the plan's
 * execution through the raster core. What Windows refuses: an unknown
 * primitive type, no declaration (SetFVF or SetVertexDeclaration) or one fixed-function
 * processing cannot draw (an FVF that declares no vertex, which D3D9 accepts at SetFVF; a
 * declaration without a position: replay9's rule), no vertex buffer on stream 0 (no index buffer for
 * indexed draws), a NULL or zero-stride user pointer, an index format other
 * than INDEX16/INDEX32, more primitives than D3DCAPS9.MaxPrimitiveCount, vertex
 * indices above MaxVertexIndex.
 *
 * Data the draw reads past (D3D9 leaves it undefined; replay9's rule, reported
 * as a note): a primitive is drawn only when all its vertices, and for indexed
 * draws all its indices, lie within the data given. The work is bounded by the
 * data present: only those vertices are processed, only those indices read.
 */
import { D3DERR, D3DFMT, D3DPT, D3DSTREAMSOURCE } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { drawPrimitives, missedFragment } from '../driver/raster/draw.js';
import type { DrawCall, MissedFragment, SampleCounter } from '../driver/raster/draw.js';
import { verticesNeeded } from '../driver/raster/setup/index.js';
import type { ClipStatusAccumulator, StreamView } from '../driver/raster/types.js';
import type { PixelWatch } from '../driver/raster/pixel/index.js';
import type { VertexLayout } from '../driver/raster/vertex/index.js';
import type { DeviceCaps } from './caps-view.js';
import type { D3DCAPS9 } from './caps.js';
import { rasterState } from './derive.js';
import { readIndices } from './draw-indices.js';
import { note } from './notes.js';
import type { DeviceState } from './state.js';
import type { BYTES } from './types.js';

function primitiveTypeOk(t: number): boolean {
  return t >= D3DPT.POINTLIST && t <= D3DPT.TRIANGLEFAN;
}

export function bytesOf(b: BYTES): Uint8Array {
  return b instanceof Uint8Array ? b : b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** The limits a draw is checked against (D3DCAPS9). */
export type DrawLimits = Pick<D3DCAPS9, 'MaxPrimitiveCount' | 'MaxVertexIndex'>;

/** The most primitives of `type` whose vertices all lie among the first `vertices` (inverse of verticesNeeded). */
export function primitivesWithin(type: number, vertices: number): number {
  if (vertices <= 0) return 0;
  switch (type) {
    case D3DPT.POINTLIST: return vertices;
    case D3DPT.LINELIST: return Math.floor(vertices / 2);
    case D3DPT.LINESTRIP: return vertices - 1;
    case D3DPT.TRIANGLELIST: return Math.floor(vertices / 3);
    case D3DPT.TRIANGLESTRIP:
    case D3DPT.TRIANGLEFAN: return Math.max(0, vertices - 2);
    default: return 0;
  }
}

/** Whole vertices of `size` bytes readable at stream positions first, first + 1, … (bounded by `cap`). */
function verticesPresent(stream: StreamView, first: number, size: number, cap: number): number {
  const start = stream.offset + first * stream.stride;
  if (first < 0 || start + size > stream.data.length) return 0;
  if (stream.stride === 0) return cap;
  return Math.min(cap, Math.floor((stream.data.length - start - size) / stream.stride) + 1);
}

/**
 * The streams a draw reads: a view per stream number (null where the declaration reads none) and
 * the bytes a vertex needs from each. Kept while the layout and every stream's buffer bytes,
 * offset and stride are the same (keptStreams), with the calls last planned from them: all of
 * it is written once, so a plan an observer keeps stays what it was.
 */
interface DrawStreams {
  readonly views: readonly (StreamView | null)[];
  readonly bytes: Int32Array;
  readonly layout: VertexLayout;
  /** calls planned from these streams, handed out again to a draw that plans one equal in every field (callOf) */
  readonly calls: DrawCall[];
}

/** Vertices readable from every per-vertex stream (instance streams, given by `perInstance`, are checked per instance). */
function presentIn(ds: DrawStreams, first: number, cap: number, perInstance?: Int32Array): number {
  let n = cap;
  const views = ds.views;
  for (let s = 0; s < views.length; s++) {
    const v = views[s];
    if (v && !(perInstance && perInstance[s] > 0)) n = Math.min(n, verticesPresent(v, first, ds.bytes[s], cap));
  }
  return n;
}

/**
 * What every draw checks first: a primitive type, a primitive count within the caps, and a
 * declaration fixed-function vertex processing can draw (one with a position; an FVF fvfLayout
 * accepts: D3D9 takes any FVF at SetFVF, the draw fails).
 */
function common(st: DeviceState, limits: DrawLimits, type: number, count: number): VertexLayout | HRESULT {
  // with a vertex shader any declaration draws (its inputs need no position), and every element's bytes must be there
  const layout = st.vertexShader ? st.decl?.shaderLayout : st.decl?.layout;
  if (!primitiveTypeOk(type) || layout === undefined || count > limits.MaxPrimitiveCount) return D3DERR.INVALIDCALL;
  return layout;
}

/** How many stream sets are kept per buffer: one vertex buffer drawn with a few declarations, offsets or strides reuses each. */
const KEPT_STREAM_SETS = 4;
/** Kept stream sets by the bytes of the first stream they read (weakly: a released buffer takes them with it). */
const keptStreams = new WeakMap<Uint8Array, DrawStreams[]>();

/** Whether `ds` views the streams `st` binds for `layout` (the same buffer bytes, offset and stride each). */
function sameStreams(ds: DrawStreams, st: DeviceState, layout: VertexLayout): boolean {
  if (ds.layout !== layout) return false;
  const bytes = layout.streamBytes;
  for (let s = 0; s < bytes.length; s++) {
    if (bytes[s] === 0) continue;
    const v = ds.views[s]!, src = st.streams[s];
    if (v.data !== src.buffer!.data || v.offset !== src.offset || v.stride !== src.stride) return false;
  }
  return true;
}

/**
 * The vertex buffers of the streams the declaration reads. Every one needs a buffer (replay9's
 * rule beyond stream 0, which D3D9 also requires): D3DERR_INVALIDCALL otherwise.
 */
function boundStreams(st: DeviceState, layout: VertexLayout): DrawStreams | HRESULT {
  const bytes = layout.streamBytes;
  let key: Uint8Array | undefined;
  for (let s = 0; s < bytes.length; s++) {
    if (bytes[s] === 0) continue;
    const buffer = st.streams[s]?.buffer;
    if (!buffer) return D3DERR.INVALIDCALL;
    key ??= buffer.data;
  }
  const kept = key && keptStreams.get(key);
  if (kept) for (let i = 0; i < kept.length; i++) if (sameStreams(kept[i], st, layout)) return kept[i];
  const views: Array<StreamView | null> = [];
  for (let s = 0; s < bytes.length; s++) {
    const src = st.streams[s];
    views.push(bytes[s] === 0 ? null : { data: src.buffer!.data, offset: src.offset, stride: src.stride });
  }
  const ds: DrawStreams = { views, bytes, layout, calls: [] };
  if (key) {
    const sets = kept || [];
    if (!kept) keptStreams.set(key, sets);
    if (sets.length >= KEPT_STREAM_SETS) sets.shift();
    sets.push(ds);
  }
  return ds;
}

/** A user-pointer draw: its data is stream 0, so a declaration reading other streams cannot draw (replay9's rule). */
function userStreams(layout: VertexLayout, data: BYTES, stride: number): DrawStreams | HRESULT {
  if (layout.streamBytes.some((b, s) => s > 0 && b > 0)) return D3DERR.INVALIDCALL;
  return { views: [{ data: bytesOf(data), offset: 0, stride }], bytes: layout.streamBytes, layout, calls: [] };
}

// the notes build their messages in functions of their own: a closure in a planning function would cost every draw a context
function clampNote(method: string, drawn: number, count: number, what: string): void {
  note('out-of-range-draw', () => `${method} reads past the end of its ${what}: ${drawn} of ${count} primitives drawn, the rest skipped (undefined in D3D9)`);
}
function verticesNote(method: string, numVertices: number, present: number): void {
  note('out-of-range-draw', () => `${method} names ${numVertices} vertices, the vertex data holds ${present}: primitives using the others are skipped (undefined in D3D9)`);
}
function instanceBoundNote(count: number, primitives: number, instances: number): void {
  note('out-of-range-draw', () => `DrawIndexedPrimitive: ${count} instances of ${primitives} primitives are past replay9's bound (${MAX_INSTANCES} instances, MaxPrimitiveCount primitives in all); ${instances} drawn, the rest skipped`);
}
function instanceDataNote(drawn: number, count: number): void {
  note('out-of-range-draw', () => `DrawIndexedPrimitive: instance data ends after ${drawn} of ${count} instances, the rest skipped (undefined in D3D9)`);
}

const EMPTY_STREAM: StreamView = { data: new Uint8Array(0), offset: 0, stride: 0 };

/** How many calls are kept per stream set: a few draws of one buffer each frame (subsets, passes) reuse theirs. */
const KEPT_CALLS = 4;

/**
 * The call drawing `count` primitives of `type` from the streams: one planned before from the same
 * streams when every field is equal (indices the same array), else a new one. A call is never
 * written after it is made, so handing it out again is the same as making an equal one.
 */
function callOf(ds: DrawStreams, type: number, count: number, first: number, vertexCount: number, indices: Int32Array | null): DrawCall {
  const calls = ds.calls;
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i];
    if (c.primitiveType === type && c.primitiveCount === count && c.firstVertex === first && c.vertexCount === vertexCount && c.indices === indices) return c;
  }
  const call: DrawCall = { primitiveType: type, primitiveCount: count, stream: ds.views[0] ?? EMPTY_STREAM, streams: ds.views, firstVertex: first, vertexCount, indices };
  if (calls.length >= KEPT_CALLS) calls.shift();
  calls.push(call);
  return call;
}

/** A sequential draw of `count` primitives from `first`, clamped to the vertices present. */
function sequential(method: string, type: number, count: number, ds: DrawStreams, first: number, limits: DrawLimits): DrawCall | HRESULT {
  const needed = verticesNeeded(type, count);
  if (count > 0 && first + needed - 1 > limits.MaxVertexIndex) return D3DERR.INVALIDCALL;
  const drawn = Math.min(count, primitivesWithin(type, presentIn(ds, first, needed)));
  if (drawn < count) clampNote(method, drawn, count, 'vertex data');
  return callOf(ds, type, drawn, first, verticesNeeded(type, drawn), null);
}

/**
 * An indexed draw: indices clamped to the index data, vertices to [minIndex, minIndex + numVertices)
 * and the data present (streams with a `perInstance` divider are checked per instance). `keep`: the
 * index bytes are a buffer's, whose ranges read before may give back their arrays (readIndices).
 */
function indexed(method: string, type: number, count: number, ds: DrawStreams, base: number, minIndex: number, numVertices: number,
  data: Uint8Array, byteOffset: number, format: number, keep: boolean, limits: DrawLimits, perInstance?: Int32Array): DrawCall | HRESULT {
  if (numVertices > limits.MaxVertexIndex + 1 || (numVertices > 0 && minIndex + numVertices - 1 > limits.MaxVertexIndex)) return D3DERR.INVALIDCALL;
  const indexSize = format === D3DFMT.INDEX32 ? 4 : 2;
  const indicesPresent = byteOffset < 0 ? 0 : Math.max(0, Math.floor((data.length - byteOffset) / indexSize));
  const drawn = Math.min(count, primitivesWithin(type, indicesPresent));
  if (drawn < count) clampNote(method, drawn, count, 'index data');
  const first = base + minIndex;
  const present = presentIn(ds, first, numVertices, perInstance);
  if (present < numVertices) verticesNote(method, numVertices, present);
  const indices = readIndices(data, byteOffset, format, verticesNeeded(type, drawn), minIndex, keep);
  return callOf(ds, type, drawn, first, present, indices);
}

export function planDrawPrimitive(st: DeviceState, limits: DrawLimits, type: number, startVertex: number, count: number): DrawCall | HRESULT {
  const layout = common(st, limits, type, count);
  if (typeof layout === 'number') return layout;
  const ds = boundStreams(st, layout);
  if (typeof ds === 'number') return ds;
  // stream frequencies apply to indexed draws only: a sequential draw reads every stream per vertex (D3D9 instancing docs)
  return sequential('DrawPrimitive', type, count, ds, startVertex, limits);
}

/** The most instances one draw draws (replay9's bound; past it the rest are skipped with a note). */
export const MAX_INSTANCES = 65_536;

/** The instance count and per-instance streams of an indexed draw, or undefined when it does not instance. */
function instancing(st: DeviceState): { count: number; divider: Int32Array } | undefined {
  const f0 = st.streamFreq[0];
  // only with the application's declaration and INDEXEDDATA on stream 0 ("Efficiently Drawing Multiple Instances of Geometry")
  if (!st.decl || st.decl.fvf !== 0 || (f0 & D3DSTREAMSOURCE.INDEXEDDATA) === 0) return undefined;
  const divider = new Int32Array(st.streamFreq.length);
  st.streamFreq.forEach((f, s) => {
    // INSTANCEDATA | n: the stream advances once every n instances; n = 0 reads as 1 (replay9's reading)
    if ((f & D3DSTREAMSOURCE.INSTANCEDATA) !== 0) divider[s] = Math.max(1, f & 0x3fffffff);
  });
  // INDEXEDDATA | 0 draws one instance (replay9's reading)
  return { count: Math.max(1, f0 & 0x3fffffff), divider };
}

/** A non-instanced indexed draw is one call; an instanced one a call per instance (in instance order). */
export function planDrawIndexedPrimitive(st: DeviceState, limits: DrawLimits, type: number, baseVertex: number, minIndex: number, numVertices: number, startIndex: number, count: number): DrawCall | DrawCall[] | HRESULT {
  const ib = st.indices;
  const layout = common(st, limits, type, count);
  if (typeof layout === 'number') return layout;
  const ds = boundStreams(st, layout);
  if (typeof ds === 'number' || !ib) return D3DERR.INVALIDCALL;
  const format = ib.spec.fvfOrFormat;
  const byteOffset = startIndex * (format === D3DFMT.INDEX32 ? 4 : 2);
  const inst = instancing(st);
  if (!inst) return indexed('DrawIndexedPrimitive', type, count, ds, baseVertex, minIndex, numVertices, ib.data, byteOffset, format, true, limits);
  const base = indexed('DrawIndexedPrimitive', type, count, ds, baseVertex, minIndex, numVertices, ib.data, byteOffset, format, true, limits, inst.divider);
  if (typeof base === 'number') return base;
  return instances(ds, base, inst, limits);
}

/** The calls of an instanced draw: `base` with each instance's element of every per-instance stream. */
function instances(ds: DrawStreams, base: DrawCall, inst: { count: number; divider: Int32Array }, limits: DrawLimits): DrawCall[] {
  // replay9's bound (D3D9 sets none but the 30-bit count): at most MAX_INSTANCES instances and MaxPrimitiveCount
  // primitives over all of them, so a 2^30 instance count over data that never runs out (a large divider) cannot hang a replay
  const instances = base.primitiveCount === 0 ? 0 : Math.min(inst.count, MAX_INSTANCES, Math.floor(limits.MaxPrimitiveCount / base.primitiveCount));
  if (instances < inst.count && base.primitiveCount > 0) instanceBoundNote(inst.count, base.primitiveCount, instances);
  const calls: DrawCall[] = [];
  for (let i = 0; i < instances; i++) {
    const views = ds.views.map((v, s) => {
      if (!v || inst.divider[s] === 0) return v;
      const element = Math.floor(i / inst.divider[s]);
      // one element per instance, the same for every vertex of it: a stream read at a fixed place
      return verticesPresent(v, element, ds.bytes[s], 1) === 1 ? { data: v.data, offset: v.offset + element * v.stride, stride: 0 } : undefined;
    });
    if (views.some((v) => v === undefined)) {
      instanceDataNote(i, inst.count);
      break;
    }
    calls.push({ ...base, streams: views as Array<StreamView | null>, stream: views[0] ?? EMPTY_STREAM });
  }
  return calls;
}

export function planDrawPrimitiveUP(st: DeviceState, limits: DrawLimits, type: number, count: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  const layout = common(st, limits, type, count);
  if (typeof layout === 'number' || !data || stride === 0) return D3DERR.INVALIDCALL;
  const ds = userStreams(layout, data, stride);
  if (typeof ds === 'number') return ds;
  return sequential('DrawPrimitiveUP', type, count, ds, 0, limits);
}

export function planDrawIndexedPrimitiveUP(st: DeviceState, limits: DrawLimits, type: number, minIndex: number, numVertices: number, count: number, indexData: BYTES | null, indexFormat: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  const layout = common(st, limits, type, count);
  if (typeof layout === 'number' || !data || !indexData || stride === 0) return D3DERR.INVALIDCALL;
  if (indexFormat !== D3DFMT.INDEX16 && indexFormat !== D3DFMT.INDEX32) return D3DERR.INVALIDCALL;
  const ds = userStreams(layout, data, stride);
  if (typeof ds === 'number') return ds;
  // the application's memory, new with every call: nothing to keep
  return indexed('DrawIndexedPrimitiveUP', type, count, ds, 0, minIndex, numVertices, bytesOf(indexData), 0, indexFormat, false, limits);
}

/** The options of an unwatched draw, filled in for each (drawPrimitives keeps nothing of them). */
const unwatched: { clipStatus?: ClipStatusAccumulator; samplesPassed?: SampleCounter } = { clipStatus: undefined, samplesPassed: undefined };

export function executeDraw(st: DeviceState, caps: DeviceCaps, plan: DrawCall, watch?: PixelWatch, clipStatus?: ClipStatusAccumulator, samplesPassed?: SampleCounter): void {
  if (watch) {
    drawPrimitives(rasterState(st, caps), plan, { watch, clipStatus, samplesPassed });
    return;
  }
  unwatched.clipStatus = clipStatus;
  unwatched.samplesPassed = samplesPassed;
  drawPrimitives(rasterState(st, caps), plan, clipStatus || samplesPassed ? unwatched : undefined);
}

/** For a draw that put no fragment at (x, y): whether culling or the scissor test kept it out (null: it never reached the pixel). */
export function explainMiss(st: DeviceState, caps: DeviceCaps, plan: DrawCall, x: number, y: number): MissedFragment | null {
  return missedFragment(rasterState(st, caps), plan, x, y);
}
