/**
 * One replay9 argument value (schema/replay9.fbs field) as the Value apitrace's tracer writes for an
 * argument of that spec type: enums and bitmasks with their signatures, pointers to one value as an
 * array of one, D3DMATRIX as its m[4][4], object handles as fake pointers, constant data as arrays.
 */
import { disassemble } from '../shader/disassemble.js';
import { isFloatBits, type ArgValue, type StructValue as R9Struct } from '../trace/call.js';
import type { StructValue, Value } from './model.js';
import { BITMASK_SIGS, D3D9_SPEC, ENUM_SIGS, STRUCT_SIGS, polyCase } from './spec-d3d9.js';
import type { SpecType } from './spec-types.js';

/** What value conversion needs from the exporter: object handles as addresses. */
export interface ValueContext {
  address(handle: number): number;
  /** the name of an enum value of the argument a polymorphic value switches on (`D3DRS_ZENABLE`) */
  switchName(arg: string): string | undefined;
  /** a value that could not take its spec type (for the exporter's warnings) */
  note(what: string): void;
}

const NULLABLE: ReadonlySet<string> = new Set(['opaque', 'poly', 'blob', 'shader', 'array']);
const SCALAR: ReadonlySet<string> = new Set(['uint', 'sint', 'enum', 'bitmask']);
const float = (v: number): Value => ({ kind: 'float', value: v });

function scalarOf(v: ArgValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (isFloatBits(v)) return new Float32Array(new Uint32Array([v.f32bits]).buffer)[0];
  return undefined;
}

/** A little-endian DWORD or UINT64 (as a number: query answers stay far below 2^53). */
function scalarBytes(b: Uint8Array): number | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length === 4) return view.getUint32(0, true);
  if (b.length === 8) return Number(view.getBigUint64(0, true));
  return undefined;
}

/** Elements of a little-endian array of 4-byte values kept as bytes (shader constants, gamma ramps). */
function elements(bytes: Uint8Array, of: SpecType): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: number[] = [];
  const size = of.k === 'uint' && bytes.length === 768 * 2 ? 2 : 4;
  for (let o = 0; o + size <= bytes.length; o += size) {
    out.push(size === 2 ? view.getUint16(o, true) : of.k === 'float' ? view.getFloat32(o, true) : of.k === 'sint' ? view.getInt32(o, true) : view.getUint32(o, true));
  }
  return out;
}

/** The fields of a replay9 struct in a spec struct's member order: by name, else by position. */
function membersOf(v: R9Struct, names: readonly string[]): Array<ArgValue | undefined> {
  const own = Object.keys(v);
  const byName = names.some((n) => n in v);
  return names.map((n, i) => (byName ? v[n] : v[own[i]]) as ArgValue | undefined);
}

/**
 * A struct of fixed arrays of integers replay9 keeps as bytes (D3DGAMMARAMP: 256 red, green, blue
 * WORDs): the elements split evenly over the bytes, little-endian.
 */
function arraysStruct(i: number, b: Uint8Array, ctx: ValueContext): Value | undefined {
  const members = D3D9_SPEC.structs[i].members;
  const lens = members.map(([, t]) => (t.k === 'array' && typeof t.len === 'number' && t.of.k === 'uint' ? t.len : 0));
  const total = lens.reduce((a, x) => a + x, 0);
  const size = total > 0 ? b.length / total : 0;
  if (lens.includes(0) || (size !== 1 && size !== 2 && size !== 4)) return ctx.note('expected a struct'), undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const read = (o: number): number => (size === 1 ? view.getUint8(o) : size === 2 ? view.getUint16(o, true) : view.getUint32(o, true));
  let at = 0;
  const values: Value[] = lens.map((n) => ({ kind: 'array', items: Array.from({ length: n }, () => { const x = read(at); at += size; return x; }) }));
  return { kind: 'struct', sig: STRUCT_SIGS[i], members: values };
}

/** A GUID kept as its 16 bytes in memory order, as the members of apitrace's GUID struct. */
function guidValue(i: number, b: Uint8Array): Value {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const data4: Value = { kind: 'array', items: Array.from(b.subarray(8, 16)) };
  return { kind: 'struct', sig: STRUCT_SIGS[i], members: [view.getUint32(0, true), view.getUint16(4, true), view.getUint16(6, true), data4] };
}

export function toValue(type: SpecType, v: ArgValue | undefined, ctx: ValueContext): Value | undefined {
  if (v === undefined) return undefined;
  switch (type.k) {
    case 'void':
      return undefined;
    case 'uint':
    case 'sint': {
      const n = scalarOf(v);
      if (n === undefined) return ctx.note(`expected a number, got ${typeof v}`), undefined;
      return type.k === 'sint' ? n | 0 : n >>> 0;
    }
    case 'float':
    case 'double': {
      const n = scalarOf(v);
      return n === undefined ? undefined : { kind: type.k, value: n };
    }
    case 'bool':
      return Boolean(scalarOf(v));
    case 'enum': {
      const n = scalarOf(v);
      // the sig's values are signed where the type is (HRESULT), so the value is written the same way
      const signed = D3D9_SPEC.enums[type.i].values.some(([, x]) => x < 0);
      return n === undefined ? undefined : { kind: 'enum', sig: ENUM_SIGS[type.i], value: signed ? n | 0 : n >>> 0 };
    }
    case 'bitmask': {
      const n = scalarOf(v);
      return n === undefined ? undefined : { kind: 'bitmask', sig: BITMASK_SIGS[type.i], value: n >>> 0 };
    }
    case 'obj': {
      const h = scalarOf(v);
      return !h ? null : { kind: 'pointer', address: ctx.address(h) };
    }
    case 'opaque': {
      const n = scalarOf(v);
      return !n ? null : { kind: 'pointer', address: n };
    }
    case 'pointer':
      // replay9 keeps an absent pointer-to-struct as null, and a NULL handle-like pointer as 0
      if (v === null || (typeof v === 'number' && (type.to.k === 'struct' || (v === 0 && NULLABLE.has(type.to.k))))) return null;
      // one scalar kept as its bytes (a query's answer: DWORD, BOOL or UINT64)
      if (v instanceof Uint8Array && SCALAR.has(type.to.k)) {
        const n = scalarBytes(v);
        return n === undefined ? { kind: 'blob', bytes: v } : wrapOne(toValue(type.to, n, ctx));
      }
      // a patch's edge segments (replay9 keeps all of them): apitrace's spec records pNumSegs as a
      // pointer to one float, so the first edge's count goes out
      if (type.to.k === 'float' && typeof v === 'object' && !(v instanceof Uint8Array) && !Array.isArray(v) && !isFloatBits(v)) {
        return wrapOne(toValue(type.to, Object.values(v)[0] as ArgValue, ctx));
      }
      return wrapOne(toValue(type.to, v, ctx));
    case 'struct':
      return structValue(type.i, v, ctx);
    case 'array':
      return arrayValue(type, v, ctx);
    case 'blob':
      if (v instanceof Uint8Array) return { kind: 'blob', bytes: v };
      return v === null ? null : undefined;
    case 'shader':
      if (v instanceof Uint8Array) return shaderValue(v);
      return v === null ? null : undefined;
    case 'string':
      return typeof v === 'string' ? v : null;
    case 'wstring':
      return typeof v === 'string' ? { kind: 'wstring', text: v } : null;
    case 'poly': {
      const t = polyCase(type, ctx.switchName(type.switchOn));
      return t ? toValue(t, v, ctx) : typeof v === 'number' ? v >>> 0 : undefined;
    }
  }
}

/**
 * A shader's tokens as apitrace's tracer writes them when it can disassemble them: a repr of the
 * disassembly text beside the token blob (`apitrace dump` shows the text, retrace uses the blob);
 * tokens the disassembler refuses go as the plain blob, as the tracer writes them when it cannot.
 */
export function shaderValue(bytes: Uint8Array): Value {
  const blob: Value = { kind: 'blob', bytes };
  if (bytes.length % 4 !== 0 || bytes.length === 0) return blob;
  const tokens = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const d = disassemble(tokens);
  return d.ok ? { kind: 'repr', human: d.text, machine: blob } : blob;
}

function wrapOne(v: Value | undefined): Value {
  return { kind: 'array', items: [v ?? null] };
}

function structValue(i: number, v: ArgValue, ctx: ValueContext): Value | undefined {
  if (v === null) return null;
  const spec = D3D9_SPEC.structs[i];
  if (v instanceof Uint8Array && spec.name === 'GUID' && v.length === 16) return guidValue(i, v);
  if (v instanceof Uint8Array) return arraysStruct(i, v, ctx);
  if (typeof v !== 'object' || v instanceof Uint8Array || Array.isArray(v) || isFloatBits(v)) return ctx.note('expected a struct'), undefined;
  // D3DMATRIX: one member m[4][4]; replay9 keeps _11.._44
  if (spec.members.length === 1 && spec.members[0][1].k === 'array' && spec.members[0][1].of.k === 'array') {
    const f = Object.values(v).map((x) => scalarOf(x as ArgValue) ?? 0);
    const rows: Value[] = [0, 1, 2, 3].map((r) => ({ kind: 'array', items: f.slice(r * 4, r * 4 + 4).map(float) }));
    return { kind: 'struct', sig: STRUCT_SIGS[i], members: [{ kind: 'array', items: rows }] } satisfies StructValue;
  }
  const fields = membersOf(v, spec.members.map(([n]) => n));
  const members = spec.members.map(([, t], k) => toValue(t, fields[k], ctx) ?? defaultOf(t));
  return { kind: 'struct', sig: STRUCT_SIGS[i], members };
}

function arrayValue(type: Extract<SpecType, { k: 'array' }>, v: ArgValue, ctx: ValueContext): Value | undefined {
  if (v === null) return null;
  if (Array.isArray(v)) return { kind: 'array', items: v.map((x) => toValue(type.of, x, ctx) ?? null) };
  if (v instanceof Uint8Array) {
    if (type.of.k === 'enum') return { kind: 'array', items: elements(v, { k: 'uint' }).map((n) => toValue(type.of, n, ctx) ?? null) };
    return { kind: 'array', items: elements(v, type.of).map((n) => (type.of.k === 'float' ? float(n) : n)) };
  }
  // a fixed array replay9 keeps as a struct (SetClipPlane's float[4] as {a, b, c, d})
  if (typeof v === 'object' && !isFloatBits(v)) return { kind: 'array', items: Object.values(v).map((x) => toValue(type.of, x as ArgValue, ctx) ?? null) };
  return ctx.note('expected an array'), undefined;
}

/** What a member the replay9 struct does not carry is written as (a zero of its type). */
function defaultOf(t: SpecType): Value {
  switch (t.k) {
    case 'float':
    case 'double':
      return { kind: t.k, value: 0 };
    case 'enum':
      return { kind: 'enum', sig: ENUM_SIGS[t.i], value: 0 };
    case 'bitmask':
      return { kind: 'bitmask', sig: BITMASK_SIGS[t.i], value: 0 };
    case 'struct':
      return { kind: 'struct', sig: STRUCT_SIGS[t.i], members: D3D9_SPEC.structs[t.i].members.map(([, m]) => defaultOf(m)) };
    case 'array':
      return typeof t.len === 'number' ? { kind: 'array', items: Array.from({ length: t.len }, () => defaultOf(t.of)) } : null;
    case 'uint':
    case 'sint':
      return 0;
    case 'bool':
      return false;
    default:
      return null;
  }
}
