/**
 * The text of GetData's pData (schema r9 "out query"): the value of the query's data type when
 * GetData wrote exactly that many bytes (BOOL as TRUE/FALSE, DWORD and UINT64 in decimal), hex"..."
 * for any other length or a UINT64 beyond 2^53 (the bytes are what the trace holds; the value is a
 * way to show them that reads back to the same bytes).
 */
import { QUERY_TYPES } from '../../d3d9/index.js';
import type { QueryDataKind } from '../../d3d9/index.js';

/** The data type of a query of D3DQUERYTYPE `type`, when replay9 knows it. */
export function queryDataKind(type: number | undefined): { kind: QueryDataKind; size: number } | undefined {
  const info = type === undefined ? undefined : QUERY_TYPES.get(type);
  return info ? { kind: info.data, size: info.size } : undefined;
}

/** pData as a value, or undefined when it shows as bytes. */
export function formatQueryData(b: Uint8Array, type: number | undefined): string | undefined {
  const t = queryDataKind(type);
  if (!t || b.length !== t.size) return undefined;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const lo = dv.getUint32(0, true);
  if (t.kind === 'BOOL') return lo === 1 ? 'TRUE' : lo === 0 ? 'FALSE' : String(lo);
  if (t.kind === 'DWORD') return String(lo);
  const v = dv.getUint32(4, true) * 2 ** 32 + lo;
  return Number.isSafeInteger(v) ? String(v) : undefined;
}

/** The bytes a value stands for (the query type's size), or a message saying why it cannot. */
export function packQueryData(v: number, type: number | undefined): Uint8Array | string {
  const t = queryDataKind(type);
  if (!t) return 'a query value needs the query created by CreateQuery earlier in the trace; give the bytes as hex"..."';
  const max = t.size === 8 ? Number.MAX_SAFE_INTEGER : 0xffffffff;
  if (!Number.isInteger(v) || v < 0 || v > max) return `${v} is not a ${t.kind} value${t.size === 8 ? ' below 2^53 (give larger ones as hex"...")' : ''}`;
  const out = new Uint8Array(t.size);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, v % 2 ** 32, true);
  if (t.size === 8) dv.setUint32(4, Math.floor(v / 2 ** 32), true);
  return out;
}
