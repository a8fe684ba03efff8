/**
 * The draw calls' validation (pure: an HRESULT or a plan) and the plan's
 * execution through the raster core. What Windows refuses: an unknown
 * primitive type, no FVF set, no vertex buffer on stream 0 (no index buffer for
 * indexed draws), a NULL or zero-stride user pointer, an index format other
 * than INDEX16/INDEX32.
 */
import { D3DERR, D3DFMT, D3DPT } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { drawPrimitives, missedFragment } from '../driver/raster/draw.js';
import type { DrawCall, MissedFragment } from '../driver/raster/draw.js';
import { verticesNeeded } from '../driver/raster/setup/index.js';
import type { StreamView } from '../driver/raster/types.js';
import type { PixelWatch } from '../driver/raster/pixel/index.js';
import type { DeviceCaps } from './caps-view.js';
import { rasterState } from './derive.js';
import type { DeviceState } from './state.js';
import type { BYTES } from './types.js';

function primitiveTypeOk(t: number): boolean {
  return t >= D3DPT.POINTLIST && t <= D3DPT.TRIANGLEFAN;
}

export function bytesOf(b: BYTES): Uint8Array {
  return b instanceof Uint8Array ? b : b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** Index values of an index stream, as positions relative to `minIndex`. */
function readIndices(data: Uint8Array, byteOffset: number, format: number, count: number, minIndex: number): Int32Array {
  const size = format === D3DFMT.INDEX32 ? 4 : 2;
  const out = new Int32Array(count);
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < count; i++) {
    const at = byteOffset + i * size;
    // an index past the end of the buffer reads as a missing vertex, and its primitive is skipped
    if (at + size > data.length) { out[i] = -1; continue; }
    out[i] = (size === 4 ? dv.getUint32(at, true) : dv.getUint16(at, true)) - minIndex;
  }
  return out;
}

function stream0(st: DeviceState): StreamView | undefined {
  const s = st.streams[0];
  return s.buffer ? { data: s.buffer.data, offset: s.offset, stride: s.stride } : undefined;
}

export function planDrawPrimitive(st: DeviceState, type: number, startVertex: number, count: number): DrawCall | HRESULT {
  const stream = stream0(st);
  if (!primitiveTypeOk(type) || st.fvf === 0 || !stream) return D3DERR.INVALIDCALL;
  return { primitiveType: type, primitiveCount: count, stream, firstVertex: startVertex, vertexCount: verticesNeeded(type, count), indices: null };
}

export function planDrawIndexedPrimitive(st: DeviceState, type: number, baseVertex: number, minIndex: number, numVertices: number, startIndex: number, count: number): DrawCall | HRESULT {
  const stream = stream0(st);
  const ib = st.indices;
  if (!primitiveTypeOk(type) || st.fvf === 0 || !stream || !ib) return D3DERR.INVALIDCALL;
  const format = ib.spec.fvfOrFormat;
  const size = format === D3DFMT.INDEX32 ? 4 : 2;
  const indices = readIndices(ib.data, startIndex * size, format, verticesNeeded(type, count), minIndex);
  return { primitiveType: type, primitiveCount: count, stream, firstVertex: baseVertex + minIndex, vertexCount: numVertices, indices };
}

export function planDrawPrimitiveUP(st: DeviceState, type: number, count: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  if (!primitiveTypeOk(type) || st.fvf === 0 || !data || stride === 0) return D3DERR.INVALIDCALL;
  const stream = { data: bytesOf(data), offset: 0, stride };
  return { primitiveType: type, primitiveCount: count, stream, firstVertex: 0, vertexCount: verticesNeeded(type, count), indices: null };
}

export function planDrawIndexedPrimitiveUP(st: DeviceState, type: number, minIndex: number, numVertices: number, count: number, indexData: BYTES | null, indexFormat: number, data: BYTES | null, stride: number): DrawCall | HRESULT {
  if (!primitiveTypeOk(type) || st.fvf === 0 || !data || !indexData || stride === 0) return D3DERR.INVALIDCALL;
  if (indexFormat !== D3DFMT.INDEX16 && indexFormat !== D3DFMT.INDEX32) return D3DERR.INVALIDCALL;
  const indices = readIndices(bytesOf(indexData), 0, indexFormat, verticesNeeded(type, count), minIndex);
  const stream = { data: bytesOf(data), offset: 0, stride };
  return { primitiveType: type, primitiveCount: count, stream, firstVertex: minIndex, vertexCount: numVertices, indices };
}

export function executeDraw(st: DeviceState, caps: DeviceCaps, plan: DrawCall, watch?: PixelWatch): void {
  drawPrimitives(rasterState(st, caps), plan, watch ? { watch } : undefined);
}

/** For a draw that put no fragment at (x, y): whether culling or the scissor test kept it out (null: it never reached the pixel). */
export function explainMiss(st: DeviceState, caps: DeviceCaps, plan: DrawCall, x: number, y: number): MissedFragment | null {
  return missedFragment(rasterState(st, caps), plan, x, y);
}
