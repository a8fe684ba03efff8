/**
 * Vertex declarations (D3DVERTEXELEMENT9 arrays): their constants, the
 * validation CreateVertexDeclaration does, and the conversions between an FVF
 * and a declaration that SetFVF and SetVertexDeclaration make.
 */
import { D3DFVF, D3DFVF_TEXCOUNT_SHIFT } from './constants-fvf.js';
import { enumTable } from './enum-table.js';
import { fvfTexCoordSize } from './fvf.js';
import { D3DERR, HR } from './hresult.js';

export const D3DDECLTYPE = {
  FLOAT1: 0, FLOAT2: 1, FLOAT3: 2, FLOAT4: 3, D3DCOLOR: 4, UBYTE4: 5, SHORT2: 6, SHORT4: 7,
  UBYTE4N: 8, SHORT2N: 9, SHORT4N: 10, USHORT2N: 11, USHORT4N: 12, UDEC3: 13, DEC3N: 14,
  FLOAT16_2: 15, FLOAT16_4: 16, UNUSED: 17,
} as const;
export const D3DDECLTYPE_TABLE = enumTable('D3DDECLTYPE', 'D3DDECLTYPE_', D3DDECLTYPE);

export const D3DDECLMETHOD = {
  DEFAULT: 0, PARTIALU: 1, PARTIALV: 2, CROSSUV: 3, UV: 4, LOOKUP: 5, LOOKUPPRESAMPLED: 6,
} as const;
export const D3DDECLMETHOD_TABLE = enumTable('D3DDECLMETHOD', 'D3DDECLMETHOD_', D3DDECLMETHOD);

export const D3DDECLUSAGE = {
  POSITION: 0, BLENDWEIGHT: 1, BLENDINDICES: 2, NORMAL: 3, PSIZE: 4, TEXCOORD: 5, TANGENT: 6, BINORMAL: 7,
  TESSFACTOR: 8, POSITIONT: 9, COLOR: 10, FOG: 11, DEPTH: 12, SAMPLE: 13,
} as const;
export const D3DDECLUSAGE_TABLE = enumTable('D3DDECLUSAGE', 'D3DDECLUSAGE_', D3DDECLUSAGE);

/** SetStreamSourceFreq's flags; the low 30 bits are the instance count or divider. */
export const D3DSTREAMSOURCE = { INDEXEDDATA: 0x40000000, INSTANCEDATA: 0x80000000 } as const;
export const D3DSTREAMSOURCE_TABLE = enumTable('D3DSTREAMSOURCE', 'D3DSTREAMSOURCE_', D3DSTREAMSOURCE, 'flags');

export interface D3DVERTEXELEMENT9 {
  Stream: number; Offset: number; Type: number; Method: number; Usage: number; UsageIndex: number;
}

/** The terminator, D3DDECL_END(): stream 0xFF, type UNUSED. */
export const D3DDECL_END: Readonly<D3DVERTEXELEMENT9> = Object.freeze({ Stream: 0xff, Offset: 0, Type: D3DDECLTYPE.UNUSED, Method: 0, Usage: 0, UsageIndex: 0 });
/** MAXD3DDECLLENGTH: elements before the terminator. */
export const MAX_DECL_LENGTH = 64;

/** Per D3DDECLTYPE: bytes, components, and the D3DDTCAPS bit that exposes it (0: always there). */
const TYPE_INFO: ReadonlyArray<{ bytes: number; components: number; cap: number }> = [
  { bytes: 4, components: 1, cap: 0 }, { bytes: 8, components: 2, cap: 0 }, { bytes: 12, components: 3, cap: 0 },
  { bytes: 16, components: 4, cap: 0 }, { bytes: 4, components: 4, cap: 0 }, { bytes: 4, components: 4, cap: 0x1 },
  { bytes: 4, components: 2, cap: 0 }, { bytes: 8, components: 4, cap: 0 }, { bytes: 4, components: 4, cap: 0x2 },
  { bytes: 4, components: 2, cap: 0x4 }, { bytes: 8, components: 4, cap: 0x8 }, { bytes: 4, components: 2, cap: 0x10 },
  { bytes: 8, components: 4, cap: 0x20 }, { bytes: 4, components: 3, cap: 0x40 }, { bytes: 4, components: 3, cap: 0x80 },
  { bytes: 4, components: 2, cap: 0x100 }, { bytes: 8, components: 4, cap: 0x200 },
];

/** Bytes an element of `type` reads (0 for UNUSED or unknown). */
export function declTypeBytes(type: number): number {
  return TYPE_INFO[type]?.bytes ?? 0;
}

/** Components an element of `type` stores; the rest take the defaults (0, 0, 0, 1). */
export function declTypeComponents(type: number): number {
  return TYPE_INFO[type]?.components ?? 0;
}

/** The limits CreateVertexDeclaration checks against (D3DCAPS9). */
export interface DeclLimits { readonly DeclTypes: number; readonly MaxStreams: number }

/**
 * The elements before D3DDECL_END, or the HRESULT CreateVertexDeclaration returns.
 * NULL or no terminator: D3DERR_INVALIDCALL (without one, D3D9 reads past the array).
 * E_FAIL, as Windows returns it for a declaration it cannot build (Wine vertexdeclaration.c:
 * test_vertex_declaration_alignment, an offset not a multiple of 4; test_unused_type,
 * D3DDECLTYPE_UNUSED before the end), and by replay9's reading of the same check for: a type
 * past UNUSED or one DeclTypes does not expose, a stream ≥ MaxStreams, a method or usage past
 * the enumeration, a usage index above 15, a (usage, index) pair given twice, more than 64 elements.
 */
export function validateDeclaration(elements: readonly D3DVERTEXELEMENT9[] | null, limits: DeclLimits): D3DVERTEXELEMENT9[] | number {
  if (elements === null) return D3DERR.INVALIDCALL;
  const end = elements.findIndex((e) => e.Stream === D3DDECL_END.Stream);
  if (end < 0) return D3DERR.INVALIDCALL;
  if (end > MAX_DECL_LENGTH) return HR.E_FAIL;
  const seen = new Set<number>();
  const out: D3DVERTEXELEMENT9[] = [];
  for (const e of elements.slice(0, end)) {
    const info = TYPE_INFO[e.Type];
    if (info === undefined || (info.cap !== 0 && (limits.DeclTypes & info.cap) === 0)) return HR.E_FAIL;
    if (e.Stream >= limits.MaxStreams || e.Offset % 4 !== 0) return HR.E_FAIL;
    if (e.Method > D3DDECLMETHOD.LOOKUPPRESAMPLED || e.Usage > D3DDECLUSAGE.SAMPLE || e.UsageIndex > 15) return HR.E_FAIL;
    const key = e.Usage * 16 + e.UsageIndex;
    if (seen.has(key)) return HR.E_FAIL;
    seen.add(key);
    out.push({ Stream: e.Stream, Offset: e.Offset, Type: e.Type, Method: e.Method, Usage: e.Usage, UsageIndex: e.UsageIndex });
  }
  return out;
}

const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });
const FLOATS = [D3DDECLTYPE.FLOAT1, D3DDECLTYPE.FLOAT2, D3DDECLTYPE.FLOAT3, D3DDECLTYPE.FLOAT4] as const;

/** The blend elements of XYZB1..5 (Wine device.c test_fvf_decl_conversion, validated on Windows). */
function blendElements(betas: number, fvf: number, at: number): D3DVERTEXELEMENT9[] {
  const ubyte4 = (fvf & D3DFVF.LASTBETA_UBYTE4) !== 0;
  const color = (fvf & D3DFVF.LASTBETA_D3DCOLOR) !== 0;
  if (!ubyte4 && !color) {
    // XYZB5 without a LASTBETA flag: four weights, the fifth float read as the indices
    if (betas === 5) return [el(at, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.BLENDWEIGHT), el(at + 16, D3DDECLTYPE.FLOAT1, D3DDECLUSAGE.BLENDINDICES)];
    return [el(at, FLOATS[betas - 1], D3DDECLUSAGE.BLENDWEIGHT)];
  }
  const weights = betas - 1;
  const indexType = ubyte4 ? D3DDECLTYPE.UBYTE4 : D3DDECLTYPE.D3DCOLOR;
  if (weights === 0) return [el(at, indexType, D3DDECLUSAGE.BLENDINDICES)];
  // Windows turns XYZB2 | LASTBETA_D3DCOLOR into a D3DCOLOR weight and UBYTE4 indices (same test)
  if (betas === 2 && color) return [el(at, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.BLENDWEIGHT), el(at + 4, D3DDECLTYPE.UBYTE4, D3DDECLUSAGE.BLENDINDICES)];
  return [el(at, FLOATS[weights - 1], D3DDECLUSAGE.BLENDWEIGHT), el(at + 4 * weights, indexType, D3DDECLUSAGE.BLENDINDICES)];
}

const POSITION_OF: ReadonlyMap<number, { type: number; usage: number; bytes: number; betas: number }> = new Map([
  [D3DFVF.XYZ, { type: D3DDECLTYPE.FLOAT3, usage: D3DDECLUSAGE.POSITION, bytes: 12, betas: 0 }],
  [D3DFVF.XYZW, { type: D3DDECLTYPE.FLOAT4, usage: D3DDECLUSAGE.POSITION, bytes: 16, betas: 0 }],
  [D3DFVF.XYZRHW, { type: D3DDECLTYPE.FLOAT4, usage: D3DDECLUSAGE.POSITIONT, bytes: 16, betas: 0 }],
  ...[1, 2, 3, 4, 5].map((b) => [[D3DFVF.XYZB1, D3DFVF.XYZB2, D3DFVF.XYZB3, D3DFVF.XYZB4, D3DFVF.XYZB5][b - 1], { type: D3DDECLTYPE.FLOAT3, usage: D3DDECLUSAGE.POSITION, bytes: 12, betas: b }] as const),
]);

/**
 * The declaration SetFVF makes for `fvf` (what GetVertexDeclaration then returns), element by
 * element as Windows builds it (Wine device.c test_fvf_decl_conversion's fvf_to_decl table).
 */
export function fvfToDeclaration(fvf: number): D3DVERTEXELEMENT9[] {
  const v = fvf >>> 0;
  const out: D3DVERTEXELEMENT9[] = [];
  let at = 0;
  const pos = POSITION_OF.get(v & D3DFVF.POSITION_MASK);
  if (pos) {
    out.push(el(0, pos.type, pos.usage));
    at = pos.bytes;
    if (pos.betas > 0) {
      out.push(...blendElements(pos.betas, v, at));
      at += 4 * pos.betas;
    }
  }
  const push = (bytes: number, type: number, usage: number, index = 0): void => { out.push(el(at, type, usage, index)); at += bytes; };
  if (v & D3DFVF.NORMAL) push(12, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.NORMAL);
  if (v & D3DFVF.PSIZE) push(4, D3DDECLTYPE.FLOAT1, D3DDECLUSAGE.PSIZE);
  if (v & D3DFVF.DIFFUSE) push(4, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR, 0);
  if (v & D3DFVF.SPECULAR) push(4, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR, 1);
  const sets = Math.min(8, (v & D3DFVF.TEXCOUNT_MASK) >>> D3DFVF_TEXCOUNT_SHIFT);
  for (let s = 0; s < sets; s++) {
    const n = fvfTexCoordSize(v, s);
    push(4 * n, FLOATS[n - 1], D3DDECLUSAGE.TEXCOORD, s);
  }
  return out;
}

/**
 * What GetFVF reports after SetVertexDeclaration: Windows gives D3DFVF_XYZ for a lone FLOAT3
 * POSITION and D3DFVF_XYZRHW for a lone FLOAT4 POSITIONT, and 0 for every other declaration
 * it was tried with (Wine device.c test_fvf_decl_conversion's decl_to_fvf table). A declaration
 * SetFVF made reports its FVF (replay9's reading).
 */
export function declarationToFvf(elements: readonly D3DVERTEXELEMENT9[]): number {
  if (elements.length !== 1) return 0;
  const e = elements[0];
  if (e.Stream !== 0 || e.Offset !== 0 || e.Method !== 0 || e.UsageIndex !== 0) return 0;
  if (e.Usage === D3DDECLUSAGE.POSITION && e.Type === D3DDECLTYPE.FLOAT3) return D3DFVF.XYZ;
  if (e.Usage === D3DDECLUSAGE.POSITIONT && e.Type === D3DDECLTYPE.FLOAT4) return D3DFVF.XYZRHW;
  return 0;
}

/**
 * SetStreamSourceFreq's check (Wine visual.c stream_test, validated on Windows): a stream past
 * MaxStreams, a setting of 0, INSTANCEDATA on stream 0, and both flags at once are
 * D3DERR_INVALIDCALL; a plain count, INDEXEDDATA | n and INSTANCEDATA | n (n ≥ 0) are accepted.
 */
export function validateStreamFreq(stream: number, setting: number, maxStreams: number): number {
  const s = setting >>> 0;
  if (stream >= maxStreams || s === 0) return D3DERR.INVALIDCALL;
  const instance = (s & D3DSTREAMSOURCE.INSTANCEDATA) !== 0;
  const indexed = (s & D3DSTREAMSOURCE.INDEXEDDATA) !== 0;
  if (instance && (indexed || stream === 0)) return D3DERR.INVALIDCALL;
  return HR.D3D_OK;
}
