/**
 * The draw calls' validation (pure: an HRESULT or a plan) and the plan's
 * execution through the raster core. What Windows refuses: an unknown
 * primitive type, no FVF set or an FVF that declares no vertex (D3D9 accepts it
 * at SetFVF, the draw fails), no vertex buffer on stream 0 (no index buffer for
 * indexed draws), a NULL or zero-stride user pointer, an index format other
 * than INDEX16/INDEX32, more primitives than D3DCAPS9.MaxPrimitiveCount, vertex
 * indices above MaxVertexIndex.
 *
 * Data the draw reads past (D3D9 leaves it undefined; replay9's rule, reported
 * as a note): a primitive is drawn only when all its vertices, and for indexed
 * draws all its indices, lie within the data given. The work is bounded by the
 * data present: only those vertices are processed, only those indices read.
 */
import { D3DERR, D3DFMT, D3DPT, fvfLayout } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { drawPrimitives, missedFragment } from '../driver/raster/draw.js';
import type { DrawCall, MissedFragment } from '../driver/raster/draw.js';
import { verticesNeeded } from '../driver/raster/setup/index.js';
import type { StreamView } from '../driver/raster/types.js';
import type { PixelWatch } from '../driver/raster/pixel/index.js';
import type { DeviceCaps } from './caps-view.js';
import type { D3DCAPS9 } from './caps.js';
import { rasterState } from './derive.js';
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

/** The FVF's vertex size, or undefined when the FVF declares no usable vertex (the draw fails). */
let lastFvf = -1;
let lastSize: number | undefined;
function vertexSize(fvf: number): number | undefined {
  if (fvf !== lastFvf) {
    lastFvf = fvf;
    lastSize = fvfLayout(fvf)?.stride;
  }
  return lastSize;
}

/** Index values of an index stream, as positions relative to `minIndex`. */
function readIndices(data: Uint8Array, byteOffset: number, format: number, count: number, minIndex: number): Int32Array {
  const size = format === D3DFMT.INDEX32 ? 4 : 2;
  const out = new Int32Array(count);
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < count; i++) {
    const at = byteOffset + i * size;
    out[i] = (size === 4 ? dv.getUint32(at, true) : dv.getUint16(at, true)) - minIndex;
  }
  return out;
}

function stream0(st: DeviceState): StreamView | undefined {
  const s = st.streams[0];
  return s.buffer ? { data: s.buffer.data, offset: s.offset, stride: s.stride } : undefined;
}

/** What every draw checks first; the FVF's vertex size when it passes. */
function common(st: DeviceState, limits: DrawLimits, type: number, count: number): number | HRESULT {
  const size = vertexSize(st.fvf);
  if (!primitiveTypeOk(type) || size === undefined || count > limits.MaxPrimitiveCount) return D3DERR.INVALIDCALL;
  return size;
}

function clampNote(method: string, drawn: number, count: number, what: string): void {
  if (drawn < count) note('out-of-range-draw', () => `${method} reads past the end of its ${what}: ${drawn} of ${count} primitives drawn, the rest skipped (undefined in D3D9)`);
}

/** A sequential draw of `count` primitives from `first`, clamped to the vertices present. */
function sequential(method: string, type: number, count: number, stream: StreamView, first: number, size: number, limits: DrawLimits): DrawCall | HRESULT {
  const needed = verticesNeeded(type, count);
  if (count > 0 && first + needed - 1 > limits.MaxVertexIndex) return D3DERR.INVALIDCALL;
  const drawn = Math.min(count, primitivesWithin(type, verticesPresent(stream, first, size, needed)));
  clampNote(method, drawn, count, 'vertex data');
  return { primitiveType: type, primitiveCount: drawn, stream, firstVertex: first, vertexCount: verticesNeeded(type, drawn), indices: null };
}

/** An indexed draw: indices clamped to the index data, vertices to [minIndex, minIndex + numVertices) and the data present. */
function indexed(method: string, type: number, count: number, stream: StreamView, base: number, minIndex: number, numVertices: number,
  index: { data: Uint8Array; byteOffset: number; format: number }, size: number, limits: DrawLimits): DrawCall | HRESULT {
  if (numVertices > limits.MaxVertexIndex + 1 || (numVertices > 0 && minIndex + numVertices - 1 > limits.MaxVertexIndex)) return D3DERR.INVALIDCALL;
  const indexSize = index.format === D3DFMT.INDEX32 ? 4 : 2;
  const indicesPresent = Math.max(0, Math.floor((index.data.length - index.byteOffset) / indexSize));
  const drawn = Math.min(count, primitivesWithin(type, indicesPresent));
  clampNote(method, drawn, count, 'index data');
  const first = base + minIndex;
  const present = verticesPresent(stream, first, size, numVertices);
  if (present < numVertices) note('out-of-range-draw', () => `${method} names ${numVertices} vertices, the vertex data holds ${present}: primitives using the others are skipped (undefined in D3D9)`);
  const indices = readIndices(index.data, index.byteOffset, index.format, verticesNeeded(type, drawn), minIndex);
  return { primitiveType: type, primitiveCount: drawn, stream, firstVertex: first, vertexCount: present, indices };
}

export function planDrawPrimitive(st: DeviceState, limits: DrawLimits, type: number, startVertex: number, count: number): DrawCall | HRESULT {
  const stream = stream0(st);
  const size = common(st, limits, type, count);
  if (size === D3DERR.INVALIDCALL || !stream) return D3DERR.INVALIDCALL;
  return sequential('DrawPrimitive', type, count, stream, startVertex, size, limits);
}

export function planDrawIndexedPrimitive(st: DeviceState, limits: DrawLimits, type: number, baseVertex: number, minIndex: number, numVertices: number, startIndex: number, count: number): DrawCall | HRESULT {
  const stream = stream0(st);
  const ib = st.indices;
  const size = common(st, limits, type, count);
  if (size === D3DERR.INVALIDCALL || !stream || !ib) return D3DERR.INVALIDCALL;
  const format = ib.spec.fvfOrFormat;
  const byteOffset = startIndex * (format === D3DFMT.INDEX32 ? 4 : 2);
  return indexed('DrawIndexedPrimitive', type, count, stream, baseVertex, minIndex, numVertices, { data: ib.data, byteOffset, format }, size, limits);
}

export function planDrawPrimitiveUP(st: DeviceState, limits: DrawLimits, type: number, count: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  const size = common(st, limits, type, count);
  if (size === D3DERR.INVALIDCALL || !data || stride === 0) return D3DERR.INVALIDCALL;
  return sequential('DrawPrimitiveUP', type, count, { data: bytesOf(data), offset: 0, stride }, 0, size, limits);
}

export function planDrawIndexedPrimitiveUP(st: DeviceState, limits: DrawLimits, type: number, minIndex: number, numVertices: number, count: number, indexData: BYTES | null, indexFormat: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  const size = common(st, limits, type, count);
  if (size === D3DERR.INVALIDCALL || !data || !indexData || stride === 0) return D3DERR.INVALIDCALL;
  if (indexFormat !== D3DFMT.INDEX16 && indexFormat !== D3DFMT.INDEX32) return D3DERR.INVALIDCALL;
  return indexed('DrawIndexedPrimitiveUP', type, count, { data: bytesOf(data), offset: 0, stride }, 0, minIndex, numVertices, { data: bytesOf(indexData), byteOffset: 0, format: indexFormat }, size, limits);
}

export function executeDraw(st: DeviceState, caps: DeviceCaps, plan: DrawCall, watch?: PixelWatch): void {
  drawPrimitives(rasterState(st, caps), plan, watch ? { watch } : undefined);
}

/** For a draw that put no fragment at (x, y): whether culling or the scissor test kept it out (null: it never reached the pixel). */
export function explainMiss(st: DeviceState, caps: DeviceCaps, plan: DrawCall, x: number, y: number): MissedFragment | null {
  return missedFragment(rasterState(st, caps), plan, x, y);
}
