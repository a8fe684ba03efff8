/**
 * The recording layer of the API: one wrapper class per D3D9 interface, whose
 * methods are installed from the schema (one description of the API). Each
 * method calls the backend (the emulated device or the no-op one) and, when a
 * recorder is attached, records the call's inputs, result and created handle.
 * What the application wrote through a lock is captured on unlock.
 */
import type { ArgValue, StructValue } from '../trace/call.js';
import { COMMANDS, INTERFACE_CHAIN, outKey, RETURN_VALUE, structDef } from '../trace/commands.js';
import { gammaRampBytes, guidBytes, MAX_SHADER_DWORDS, normalizeGuid, shaderStreamBytes } from '../d3d9/index.js';
import { interfacesOf } from '../device/interfaces.js';
import type { CommandInfo, HandleKind } from '../trace/commands.js';
import type { Scalar, StructDef, TableField } from '../trace/schema-types.js';
import type { TraceRecorder } from '../record/recorder.js';
import { RESULT_KEY } from '../device/types.js';
import type { LockData, LockSub } from '../device/types.js';
import type { D3DGAMMARAMP } from '../d3d9/index.js';
import { isGammaField } from '../trace/text/shapes.js';


export class ApiContext {
  private readonly wrappers = new WeakMap<object, ApiObject>();
  constructor(readonly recorder: TraceRecorder | undefined) {}

  /** The wrapper of a backend object (one per object, so identity holds). */
  wrap(inner: object, kind: HandleKind): ApiObject {
    let w = this.wrappers.get(inner);
    if (!w) {
      w = new WRAPPER_CLASSES[kind](inner, this);
      this.wrappers.set(inner, w);
    }
    return w;
  }

  /** The wrapper of an object an out-parameter hands back (one the application has seen, as a rule). */
  wrapOut(inner: object, want: string): ApiObject {
    const known = this.wrappers.get(inner);
    if (known) return known;
    // an interface several kinds share: the kind whose most derived interface the object is
    const own = interfacesOf(inner)[0];
    const kind = (Object.keys(INTERFACE_CHAIN) as HandleKind[]).find((k) => INTERFACE_CHAIN[k][0] === own) ?? (want as HandleKind);
    return this.wrap(inner, kind);
  }
}

export class ApiObject {
  constructor(readonly inner: object, readonly ctx: ApiContext) {}
}

/**
 * An argument as the device receives it at replay, per its schema field: the
 * C type's value (float32, wrapped uint32/int32, BOOL as 0/1, a missing struct
 * member as 0, HWND-like "null" fields as null) with handles unwrapped. The
 * device then computes at record time exactly what it computes at replay.
 */
function deviceArg(f: TableField, v: unknown): unknown {
  if (v instanceof ApiObject) return v.inner;
  if (f.r9 === 'data') return v;
  // a pSharedHandle given as memory (a D3D9Ex SYSTEMMEM texture over the application's bytes)
  if (f.r9 === 'null' && isBytes(v)) return v;
  // an out-pointer given as NULL asks without receiving; left out, it is a real pointer
  if (f.r9 === 'pointer') return v === null ? null : undefined;
  // a REFGUID is a GUID string (IID.IDirect3DTexture9, 'xxxxxxxx-xxxx-...'): anything else is a TypeError, as a wrong buffer type is
  if (f.r9 === 'guid') {
    if (typeof v !== 'string' || !normalizeGuid(v)) throw new TypeError(`${f.name}: expected a GUID string (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), got ${JSON.stringify(v)}`);
    return v;
  }
  // private data as the device keeps it: bytes (an object of D3DSPD_IUNKNOWN was unwrapped above)
  if (f.r9 === 'private') return v === undefined || v === null ? null : toBytes(v);
  // a scalar left out is recorded as 0 (NULL for pointer-like fields): the device gets the same
  if ((v === undefined || v === null) && f.type.kind === 'scalar') return f.r9 === 'null' || f.r9?.startsWith('handle ') ? null : scalarAs(f.type.scalar, 0);
  if (v === undefined || v === null) return null;
  switch (f.type.kind) {
    case 'scalar': return f.r9 === 'null' ? (scalarAs('uint', v) as number) || null : scalarAs(f.type.scalar, v);
    case 'struct': return deviceStruct(structDef(f.type.struct), v as Record<string, unknown>);
    case 'structs': {
      const def = structDef(f.type.struct);
      // a list of a one-field struct (Weight, ResourceRef) is given as the list of its values
      if (def.fields.length === 1) return Array.from(v as ArrayLike<unknown>, (x) => (x instanceof ApiObject ? x.inner : isRecord(x) ? deviceStruct(def, x) : scalarAs(def.fields[0].type as Scalar, x)));
      return (v as Array<Record<string, unknown>>).map((x) => deviceStruct(def, x));
    }
    default: return v;
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !(x instanceof ApiObject);

function scalarAs(s: Scalar, v: unknown): number | boolean {
  const n = typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'number' ? v : 0;
  switch (s) {
    case 'float': return Math.fround(n);
    case 'uint': return n >>> 0;
    case 'int': return n | 0;
    case 'ubyte': return n & 0xff;
    case 'bool': return n !== 0;
  }
}

function deviceStruct(def: StructDef, v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const x = v[f.name];
    if (typeof f.type === 'object') out[f.name] = deviceStruct(structDef(f.type.struct), (x ?? {}) as Record<string, unknown>);
    else out[f.name] = f.r9 === 'null' ? (scalarAs('uint', x) as number) || null : scalarAs(f.type, x);
  }
  return out;
}

/** Plain-data form of an argument for the trace, per its schema field. */
function recordArg(f: TableField, v: unknown, recorder: TraceRecorder): ArgValue {
  if (f.r9 === 'pointer') return v === null ? 0 : 1;
  if (v === undefined || v === null) {
    return f.type.kind === 'scalar' ? 0 : null;
  }
  if (f.r9 === 'guid') return guidBytes(String(v));
  // a D3DSPD_IUNKNOWN object where D3D9 passes the pointer: its handle, 4 bytes little-endian
  if (f.r9 === 'private' && v instanceof ApiObject) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, recorder.idOf(v), true);
    return b;
  }
  switch (f.type.kind) {
    case 'scalar':
      if (v instanceof ApiObject) return recorder.idOf(v);
      // memory given as a pointer: recorded as a non-NULL pointer, its bytes ride in the 'shared data' field
      if (isBytes(v)) return 1;
      if (typeof v === 'boolean') return v ? 1 : 0;
      return v as number;
    case 'struct': return recordStruct(structDef(f.type.struct), v as Record<string, unknown>);
    case 'structs': {
      const def = structDef(f.type.struct);
      const one = def.fields.length === 1 ? def.fields[0].name : undefined;
      return Array.from(v as ArrayLike<unknown>, (s) => {
        if (one !== undefined && s instanceof ApiObject) return { [one]: recorder.idOf(s) };
        if (one !== undefined && !isRecord(s)) return { [one]: typeof s === 'number' ? s : 0 };
        return recordStruct(def, s as Record<string, unknown>);
      });
    }
    case 'string': return String(v);
    case 'bytes': return isGammaField(f) && !ArrayBuffer.isView(v) ? gammaArg(v) : toBytes(v);
    default: return null;
  }
}

function recordStruct(def: StructDef, v: Record<string, unknown>): StructValue {
  const out: StructValue = {};
  for (const f of def.fields) {
    const x = v[f.name];
    if (typeof f.type === 'object') out[f.name] = recordStruct(structDef(f.type.struct), (x ?? {}) as Record<string, unknown>);
    else out[f.name] = typeof x === 'boolean' ? (x ? 1 : 0) : typeof x === 'number' ? x : 0;
  }
  return out;
}

/** A D3DGAMMARAMP as the trace stores it (a malformed ramp as no bytes: the device refuses it too). */
function gammaArg(v: unknown): Uint8Array {
  return gammaRampBytes(v as D3DGAMMARAMP) ?? new Uint8Array(0);
}

/**
 * The part of a DWORD-data argument the device reads: a token stream through its end token (all of
 * it, up to the bound, when it has none), constant data for the count of registers its count field
 * names. The trace keeps that, not the rest of the application's array.
 */
function recordedData(info: CommandInfo, f: TableField, v: ArgValue, args: unknown[]): ArgValue {
  if (!(v instanceof Uint8Array)) return v;
  const [kind, countField] = (f.r9 ?? '').split(' ');
  if (kind === 'tokens') {
    const n = shaderStreamBytes(v, 'vertex') ?? shaderStreamBytes(v, 'pixel') ?? Math.min(v.length, MAX_SHADER_DWORDS * 4);
    return n < v.length ? v.slice(0, n) : v;
  }
  const unit = kind === 'float4' || kind === 'int4' ? 16 : kind === 'bools' ? 4 : 0;
  const at = countField ? info.ins.findIndex((x) => x.name === countField) : -1;
  if (!unit || at < 0) return v;
  const n = Math.min(v.length, (Number(args[at] ?? 0) >>> 0) * unit);
  return n < v.length ? v.slice(0, n) : v;
}

/** Bytes of any typed array, DataView or ArrayBuffer (copied: the trace keeps what was passed). */
export function toBytes(v: unknown): Uint8Array {
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  throw new TypeError('expected a typed array, DataView or ArrayBuffer');
}

const isBytes = (v: unknown): v is ArrayBufferView | ArrayBuffer => ArrayBuffer.isView(v) || v instanceof ArrayBuffer;

/** The memory a pSharedHandle argument gives, as it is at the call (null for NULL or a handle). */
function sharedData(info: CommandInfo, args: unknown[]): Uint8Array | null {
  const v = args[info.ins.findIndex((f) => f.name === 'pSharedHandle')];
  return isBytes(v) ? toBytes(v) : null;
}

const isUnlock = (info: CommandInfo): boolean => info.table.fields.some((f) => f.r9 === 'data');

/** The level and face an unlock names (its Level and FaceType parameters), for textures. */
function lockSub(info: CommandInfo, args: unknown[]): LockSub {
  const at = (name: string): number => {
    const i = info.table.fields.findIndex((f) => f.name === name);
    return i < 0 ? 0 : Number(args[i] ?? 0);
  };
  return { level: at('Level'), face: at('FaceType') };
}

/** Calls the backend for `info` and records it. */
export function invoke(self: ApiObject | undefined, info: CommandInfo, args: unknown[], backend: object): unknown {
  const ctx = (self?.ctx ?? (backend as unknown as { ctx: ApiContext }).ctx) as ApiContext;
  const rec = ctx.recorder;
  const unlockData = rec && isUnlock(info) ? ((backend as Partial<LockData>).captureLock?.(lockSub(info, args)) ?? null) : null;
  const fields = info.table.fields;
  // parameters left out at the end count too: the trace records them as 0
  const innerArgs = Array.from({ length: Math.max(args.length, fields.length) }, (_, i) => (i < fields.length ? deviceArg(fields[i], args[i]) : args[i] instanceof ApiObject ? (args[i] as ApiObject).inner : args[i]));
  const fn = (backend as Record<string, unknown>)[info.method];
  if (typeof fn !== 'function') throw new TypeError(`${info.method} is not a method of this backend object`);
  let out = (fn as (...a: unknown[]) => unknown).apply(backend, innerArgs);

  // a method that returns no HRESULT (GetLevelCount) records its value as an out-value and D3D_OK
  const returnsValue = info.outs.some((f) => f.name === RETURN_VALUE);
  const hr = returnsValue ? 0 : typeof out === 'number' ? out : out && typeof out === 'object' && 'hr' in out ? (out as { hr: number }).hr : 0;
  if (!returnsValue && info.outs.length > 0 && out && typeof out === 'object') out = wrapOuts(ctx, info, out as Record<string, unknown>);
  let created = 0;
  let name: string | undefined;
  if (info.creates && out && typeof out === 'object') {
    const key = RESULT_KEY[info.creates];
    const obj = (out as Record<string, unknown>)[key];
    if (obj && typeof obj === 'object') {
      const w = ctx.wrap(obj, info.creates);
      out = { ...(out as object), [key]: w };
      if (rec) {
        ({ id: created, name } = rec.bind(w, info.creates, obj));
      }
    }
  }
  // a failed creating call uses up the name given for it too
  if (info.creates && rec && !created) rec.takeName();
  if (rec) {
    const recArgs: Record<string, ArgValue> = {};
    info.ins.forEach((f, i) => {
      recArgs[f.name] = f.r9 === 'data' ? unlockData : f.r9 === 'shared data' ? sharedData(info, args) : recordedData(info, f, recordArg(f, args[i], rec), args);
    });
    // out-values: what the device returned; a call that failed filled nothing
    for (const f of info.outs) {
      const v = returnsValue ? out : (hr >>> 0) >= 0x80000000 ? undefined : (out as Record<string, unknown> | undefined)?.[outKey(f.name)];
      recArgs[f.name] = recordArg(f, v, rec);
    }
    rec.record({ command: info.name, self: self ? rec.idOf(self) : 0, result: hr >>> 0, created, ...(name ? { name } : {}), args: recArgs });
  }
  return out;
}

/** The result object with each object out-value as its API wrapper (the device hands back its own objects). */
function wrapOuts(ctx: ApiContext, info: CommandInfo, out: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const f of info.outs) {
    const want = /^out handle (\w+)$/.exec(f.r9 ?? '')?.[1];
    const key = outKey(f.name);
    const obj = out[key];
    if (!want || !obj || typeof obj !== 'object' || obj instanceof ApiObject) continue;
    copy ??= { ...out };
    copy[key] = ctx.wrapOut(obj, want);
  }
  return copy ?? out;
}

export class Direct3D9Api extends ApiObject {}
export class DeviceApi extends ApiObject {}
export class SurfaceApi extends ApiObject {}
export class TextureApi extends ApiObject {}
export class CubeTextureApi extends ApiObject {}
export class VertexBufferApi extends ApiObject {}
export class IndexBufferApi extends ApiObject {}
export class StateBlockApi extends ApiObject {}
export class VolumeTextureApi extends ApiObject {}
export class VolumeApi extends ApiObject {}
export class VertexDeclarationApi extends ApiObject {}
export class VertexShaderApi extends ApiObject {}
export class PixelShaderApi extends ApiObject {}
export class SwapChainApi extends ApiObject {}
export class QueryApi extends ApiObject {}

const WRAPPER_CLASSES: Record<HandleKind, new (inner: object, ctx: ApiContext) => ApiObject> = {
  Direct3D9: Direct3D9Api,
  Device: DeviceApi,
  Surface: SurfaceApi,
  Texture: TextureApi,
  CubeTexture: CubeTextureApi,
  VertexBuffer: VertexBufferApi,
  IndexBuffer: IndexBufferApi,
  StateBlock: StateBlockApi,
  VolumeTexture: VolumeTextureApi,
  Volume: VolumeApi,
  VertexDeclaration: VertexDeclarationApi,
  VertexShader: VertexShaderApi,
  PixelShader: PixelShaderApi,
  SwapChain: SwapChainApi,
  Query: QueryApi,
};

// install every recorded method on its interface's wrapper class
for (const info of COMMANDS.slice(1)) {
  const kinds = info.selfKinds;
  for (const kind of kinds) {
    Object.defineProperty(WRAPPER_CLASSES[kind].prototype, info.method, {
      value: function (this: ApiObject, ...args: unknown[]) {
        return invoke(this, info, args, this.inner);
      },
      writable: true,
      configurable: true,
    });
  }
}
