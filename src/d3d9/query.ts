/**
 * Queries (IDirect3DQuery9): the query types, Issue and GetData flags, and one table of what each
 * type is on the emulated HAL device (reference: "Queries (Direct3D 9)" and D3DQUERYTYPE in the docs).
 */
import { enumTable } from './enum-table.js';

export const D3DQUERYTYPE = {
  VCACHE: 4,
  RESOURCEMANAGER: 5,
  VERTEXSTATS: 6,
  EVENT: 8,
  OCCLUSION: 9,
  TIMESTAMP: 10,
  TIMESTAMPDISJOINT: 11,
  TIMESTAMPFREQ: 12,
  PIPELINETIMINGS: 13,
  INTERFACETIMINGS: 14,
  VERTEXTIMINGS: 15,
  PIXELTIMINGS: 16,
  BANDWIDTHTIMINGS: 17,
  CACHEUTILIZATION: 18,
  MEMORYPRESSURE: 19,
} as const;
export const D3DQUERYTYPE_TABLE = enumTable('D3DQUERYTYPE', 'D3DQUERYTYPE_', D3DQUERYTYPE);

export const D3DISSUE = { END: 1, BEGIN: 2 } as const;
export const D3DISSUE_TABLE = enumTable('D3DISSUE', 'D3DISSUE_', D3DISSUE, 'flags');

export const D3DGETDATA = { FLUSH: 1 } as const;
export const D3DGETDATA_TABLE = enumTable('D3DGETDATA', 'D3DGETDATA_', D3DGETDATA, 'flags');

/** What GetData hands back, by the C type of the query's data. */
export type QueryDataKind = 'BOOL' | 'DWORD' | 'UINT64';

/** A query type the device creates: its data type and size (GetDataSize), and whether Issue(BEGIN) opens a range. */
export interface QueryTypeInfo {
  readonly data: QueryDataKind;
  readonly size: number;
  readonly begins: boolean;
}

/**
 * The types the emulated HAL device supports. Every other value (the statistics types VCACHE …
 * MEMORYPRESSURE, and anything outside D3DQUERYTYPE) gives D3DERR_NOTAVAILABLE, with or without
 * ppQuery (Wine device.c test_query_support: Windows answers D3D_OK or NOTAVAILABLE per driver for
 * the documented types, NOTAVAILABLE for every other value, and leaves ppQuery untouched).
 * Sizes: Wine test_occlusion_query (DWORD) and test_timestamp_query (UINT64, BOOL).
 */
export const QUERY_TYPES: ReadonlyMap<number, QueryTypeInfo> = new Map([
  [D3DQUERYTYPE.EVENT, { data: 'BOOL', size: 4, begins: false }],
  [D3DQUERYTYPE.OCCLUSION, { data: 'DWORD', size: 4, begins: true }],
  [D3DQUERYTYPE.TIMESTAMP, { data: 'UINT64', size: 8, begins: false }],
  [D3DQUERYTYPE.TIMESTAMPDISJOINT, { data: 'BOOL', size: 4, begins: true }],
  [D3DQUERYTYPE.TIMESTAMPFREQ, { data: 'UINT64', size: 8, begins: false }],
] as const);

/**
 * The emulated GPU clock behind TIMESTAMP and TIMESTAMPFREQ: a fixed 1 GHz frequency (one tick a
 * nanosecond), advanced by a fixed cost for each operation that does GPU work (a draw, a clear,
 * a fill or copy, a Present). Deterministic by construction; never disjoint.
 */
export const GPU_CLOCK = { FREQUENCY: 1_000_000_000, TICKS_PER_OPERATION: 1000 } as const;
