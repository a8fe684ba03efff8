/**
 * apitrace values as replay9 argument values: numbers out of enums, bitmasks and pointers, structs
 * filled field by field in memory order, DWORD and float arrays packed into bytes. Pure functions
 * over model.ts values and the schema's struct descriptions.
 */
import { structDef } from '../trace/commands.js';
import type { StructValue as R9Struct } from '../trace/call.js';
import type { Scalar, StructDef } from '../trace/schema-types.js';
import type { Value } from './model.js';

/** The object behind a pointer-to-one (`&x`), or the value itself. */
export function deref(v: Value | undefined): Value | undefined {
  if (v !== null && typeof v === 'object' && 'kind' in v && v.kind === 'array' && v.items.length === 1) return v.items[0];
  return v;
}

/** A value as one integer or float: enums, bitmasks, BOOLs and pointers give their number; `&x` gives x's. */
export function numberOf(v: Value | undefined): number | undefined {
  const d = deref(v);
  if (d === null) return 0;
  if (d === undefined) return undefined;
  if (typeof d === 'number') return d;
  if (typeof d === 'bigint') return Number(BigInt.asUintN(64, d));
  if (typeof d === 'boolean') return d ? 1 : 0;
  if (typeof d === 'object' && 'kind' in d) {
    switch (d.kind) {
      case 'float': case 'double': return d.value;
      case 'enum': case 'bitmask': return typeof d.value === 'bigint' ? Number(BigInt.asIntN(64, d.value)) : d.value;
      case 'pointer': return typeof d.address === 'bigint' ? Number(d.address) : d.address;
      default: return undefined;
    }
  }
  return undefined;
}

/** A pointer value's address as a bigint (0n for NULL), undefined when the value is no pointer. */
export function addressOf(v: Value | undefined): bigint | undefined {
  const d = deref(v);
  if (d === null) return 0n;
  if (typeof d === 'number' && Number.isInteger(d)) return BigInt(d);
  if (typeof d === 'bigint') return d;
  if (d && typeof d === 'object' && 'kind' in d && d.kind === 'pointer') return BigInt(d.address);
  return undefined;
}

/** A number stored in a schema scalar: uint wraps to 32 bits as C does, int keeps its sign. */
export function asScalar(t: Scalar, n: number): number {
  switch (t) {
    case 'uint': return Number.isFinite(n) ? Number(BigInt.asUintN(32, BigInt(Math.trunc(n)))) : 0;
    case 'int': return Number.isFinite(n) ? Number(BigInt.asIntN(32, BigInt(Math.trunc(n)))) : 0;
    case 'ubyte': return n & 0xff;
    case 'bool': return n ? 1 : 0;
    case 'float': return n;
  }
}

/** The scalar leaves of a value in memory order: struct members, then array items, recursively. */
export function leaves(v: Value | undefined, out: Value[] = []): Value[] {
  if (v !== null && typeof v === 'object' && 'kind' in v) {
    if (v.kind === 'struct') {
      for (const m of v.members) leaves(m, out);
      return out;
    }
    if (v.kind === 'array') {
      for (const m of v.items) leaves(m, out);
      return out;
    }
  }
  out.push(v ?? null);
  return out;
}

interface LeafField { path: string[]; type: Scalar }
const LEAF_CACHE = new Map<string, LeafField[]>();

/** A schema struct's scalar fields in memory order, nested structs flattened. */
function leafFields(def: StructDef): LeafField[] {
  let got = LEAF_CACHE.get(def.name);
  if (got) return got;
  got = [];
  for (const f of [...def.fields].sort((a, b) => a.offset - b.offset)) {
    if (typeof f.type === 'string') got.push({ path: [f.name], type: f.type });
    else for (const l of leafFields(structDef(f.type.struct))) got.push({ path: [f.name, ...l.path], type: l.type });
  }
  LEAF_CACHE.set(def.name, got);
  return got;
}

/**
 * A schema struct filled from an apitrace struct (or `&struct`) in memory order: D3D9's structs
 * and ours hold the same scalars in the same order (D3DRECT's x1..y2 are our Rect's
 * left..bottom, D3DMATRIX's m[4][4] our _11.._44). Undefined when the scalars do not line up.
 */
export function structOf(name: string, v: Value | undefined): R9Struct | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  const src = leaves(d);
  const fields = leafFields(structDef(name));
  if (src.length !== fields.length) return undefined;
  const out: R9Struct = {};
  for (let i = 0; i < fields.length; i++) {
    const n = numberOf(src[i]);
    if (n === undefined) return undefined;
    let at = out;
    const path = fields[i].path;
    for (let k = 0; k < path.length - 1; k++) at = (at[path[k]] ??= {}) as R9Struct;
    at[path[path.length - 1]] = asScalar(fields[i].type, n);
  }
  return out;
}

/**
 * A patch's edge segments (RectPatchSegments, TriPatchSegments) from what apitrace records of
 * pNumSegs: a pointer to one float, the first edge's count, which every edge then takes (a whole
 * struct of floats is read as one); null for NULL.
 */
export function segmentsOf(name: string, v: Value | undefined): R9Struct | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  const src = leaves(d);
  if (src.length !== 1) return structOf(name, v);
  const n = numberOf(src[0]);
  if (n === undefined) return undefined;
  const out: R9Struct = {};
  for (const f of leafFields(structDef(name))) out[f.path[0]] = asScalar(f.type, n);
  return out;
}

/** An array of structs (Clear's rects, a declaration's elements, palette entries). */
export function structsOf(name: string, v: Value | undefined): R9Struct[] | null | undefined {
  if (v === null || v === undefined) return null;
  const items = typeof v === 'object' && 'kind' in v && v.kind === 'array' ? v.items : [v];
  const out: R9Struct[] = [];
  for (const item of items) {
    const s = structOf(name, item);
    if (!s) return undefined;
    out.push(s);
  }
  return out;
}

/** Raw bytes: a blob, `&blob`, a repr's machine half (a shader's tokens), or a string's UTF-8. */
export function blobOf(v: Value | undefined): Uint8Array | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  if (typeof d === 'object' && 'kind' in d) {
    if (d.kind === 'blob') return d.bytes;
    if (d.kind === 'repr') return blobOf(d.machine);
  }
  return undefined;
}

/** An array of numbers packed 4 bytes each (float32 for floats, 32-bit integers otherwise), or a blob as is. */
export function packedOf(v: Value | undefined, as: 'float' | 'int'): Uint8Array | null | undefined {
  const b = blobOf(v);
  if (b !== undefined) return b;
  if (!v || typeof v !== 'object' || !('kind' in v) || v.kind !== 'array') return undefined;
  const out = new Uint8Array(v.items.length * 4);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < v.items.length; i++) {
    const n = numberOf(v.items[i]);
    if (n === undefined) return undefined;
    if (as === 'float') dv.setFloat32(i * 4, n, true);
    else dv.setUint32(i * 4, asScalar('uint', n), true);
  }
  return out;
}

/** A list of WORDs (a gamma ramp's 3 × 256) packed 2 bytes each. */
export function wordsOf(v: Value | undefined): Uint8Array | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  const ls = leaves(d);
  const out = new Uint8Array(ls.length * 2);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < ls.length; i++) {
    const n = numberOf(ls[i]);
    if (n === undefined) return undefined;
    dv.setUint16(i * 2, n & 0xffff, true);
  }
  return out;
}

/** A GUID (Data1 u32, Data2 u16, Data3 u16, Data4 8 bytes) as its 16 bytes in memory order. */
export function guidOf(v: Value | undefined): Uint8Array | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  const b = blobOf(d);
  if (b) return b;
  const ls = leaves(d).map(numberOf);
  if (ls.length !== 11 || ls.some((n) => n === undefined)) return undefined;
  const out = new Uint8Array(16);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, ls[0]! >>> 0, true);
  dv.setUint16(4, ls[1]! & 0xffff, true);
  dv.setUint16(6, ls[2]! & 0xffff, true);
  for (let i = 0; i < 8; i++) out[8 + i] = ls[3 + i]! & 0xff;
  return out;
}

/** Text: a string, a wide string, or NULL. */
export function textOf(v: Value | undefined): string | null | undefined {
  const d = deref(v);
  if (d === null || d === undefined) return null;
  if (typeof d === 'string') return d;
  if (typeof d === 'object' && 'kind' in d && d.kind === 'wstring') return d.text;
  return undefined;
}
