/**
 * Shader objects (IDirect3DVertexShader9, IDirect3DPixelShader9) and the shader constant registers:
 * creation checks the token stream's frame (src/d3d9/shader-tokens.ts) and keeps its tokens; the
 * constant setters and getters validate register ranges. A shader object builds its executable
 * (src/driver/shader) on first use and keeps it; draws run it (src/driver/raster/programmable).
 */
import { D3DERR, D3D_OK, shaderStreamBytes } from '../d3d9/index.js';
import type { ConstantLimits, HRESULT, ShaderKind } from '../d3d9/index.js';
import { bytesOf } from './draw.js';
import { note } from './notes.js';
import { DEFAULT_LIMITS as DEFAULT_SHADER_LIMITS, parseShader, validateShader } from '../shader/index.js';
import { RefCounted } from './ref-counted.js';
import { createExecutable } from '../driver/shader/index.js';
import type { ShaderExecutable } from '../driver/shader/index.js';
import { declareInterfaces } from './interfaces.js';
import { guardReleased } from './released.js';
import type { BOOL, BYTES, IDirect3DDevice9, IDirect3DPixelShader9, IDirect3DVertexShader9 } from './types.js';

export class Shader extends RefCounted {
  private built?: ShaderExecutable;

  /** `tokens`: the stream through its end token, as created */
  constructor(private readonly device: IDirect3DDevice9 & RefCounted, readonly kind: ShaderKind, readonly tokens: Uint8Array) {
    super();
  }

  /** The shader ready to run, built on first use and kept (creation validated the tokens, so they parse). */
  get executable(): ShaderExecutable {
    if (this.built) return this.built;
    // a copy: the tokens may sit at any byte offset of a larger buffer (a restored snapshot's Buffer)
    const parsed = parseShader(new Uint32Array(Uint8Array.from(this.tokens).buffer, 0, this.tokens.length >> 2));
    if (!parsed.ok) throw new Error(`device/shader: a created ${this.kind} shader does not parse: ${parsed.error.message}`);
    this.built = createExecutable(parsed.program);
    return this.built;
  }

  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 } {
    this.device.AddRef();
    return { hr: D3D_OK, device: this.device };
  }

  /**
   * NULL pData reports the size; a buffer smaller than the tokens is INVALIDCALL; otherwise the
   * tokens are copied and *pSizeOfData is left as given (Wine device.c test_shader; wined3d's
   * shader_get_function notes that the MOREDATA of the docs is not what Windows returns).
   */
  GetFunction(pData: BOOL, pSizeOfData: number): { hr: HRESULT; data?: Uint8Array | null; sizeOfData?: number } {
    const size = this.tokens.length;
    if (pData === false || pData === 0) return { hr: D3D_OK, data: null, sizeOfData: size };
    if ((pSizeOfData >>> 0) < size) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, data: this.tokens.slice(), sizeOfData: pSizeOfData >>> 0 };
  }
}

export class VertexShader extends Shader implements IDirect3DVertexShader9 {}
export class PixelShader extends Shader implements IDirect3DPixelShader9 {}

declareInterfaces(VertexShader, ['IDirect3DVertexShader9']);
declareInterfaces(PixelShader, ['IDirect3DPixelShader9']);
guardReleased(VertexShader.prototype, 'IDirect3DVertexShader9', { QueryInterface: 'out', GetDevice: 'out', GetFunction: 'out' });
guardReleased(PixelShader.prototype, 'IDirect3DPixelShader9', { QueryInterface: 'out', GetDevice: 'out', GetFunction: 'out' });

/** The validated token stream of a CreateVertexShader/CreatePixelShader call (a copy), or INVALIDCALL. */
export function shaderTokens(pFunction: BYTES | null, kind: ShaderKind, softwareVertexProcessing = false): Uint8Array | HRESULT {
  if (!pFunction) return D3DERR.INVALIDCALL;
  const b = bytesOf(pFunction);
  const n = shaderStreamBytes(b, kind);
  if (n === undefined) return D3DERR.INVALIDCALL;
  const tokens = b.slice(0, n);
  // the runtime's validator: a stream that does not parse, or breaks its version's rules, is refused
  const parsed = parseShader(new Uint32Array(tokens.buffer, 0, n / 4));
  const errors = parsed.ok ? validateShader(parsed.program, { ...DEFAULT_SHADER_LIMITS, maxVertexShaderConst: softwareVertexProcessing ? 8192 : 256 }) : [parsed.error];
  if (errors.length > 0) {
    note('invalid-shader', () => `${kind} shader refused: token ${errors[0].offset}: ${errors[0].message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`);
    return D3DERR.INVALIDCALL;
  }
  return tokens;
}

export type ConstType = keyof ConstantLimits;
/** Bytes per register: four floats or four ints, or one BOOL. */
export const CONST_BYTES: Readonly<Record<ConstType, number>> = { f: 16, i: 16, b: 4 };

/** One stage's constant registers as raw bytes (floats keep their bits exactly, NaNs included). */
export interface ShaderConstants { f: Uint8Array; i: Uint8Array; b: Uint8Array }

export function emptyConstants(l: ConstantLimits): ShaderConstants {
  return { f: new Uint8Array(l.f * 16), i: new Uint8Array(l.i * 16), b: new Uint8Array(l.b * 4) };
}

/** A register range inside the stage's registers (the start itself must be one: wined3d's check). */
export function rangeOk(limit: number, start: number, count: number): boolean {
  return start >>> 0 < limit && count >>> 0 <= limit - (start >>> 0);
}

/**
 * The bytes a Set*ShaderConstant* call stores, or INVALIDCALL: the range must lie within the
 * stage's registers, and the data must hold `count` registers (NULL or a short array: replay9's
 * rule, where Windows would read past the application's array).
 */
export function constantsToSet(limit: number, type: ConstType, start: number, data: BYTES | null, count: number): Uint8Array | HRESULT {
  if (!rangeOk(limit, start, count) || !data) return D3DERR.INVALIDCALL;
  const b = bytesOf(data);
  const n = (count >>> 0) * CONST_BYTES[type];
  return b.length < n ? D3DERR.INVALIDCALL : b.subarray(0, n);
}

/** What a Get*ShaderConstant* call returns: a copy of the registers, as Float32Array, Int32Array or BOOLs. */
export function constantsToGet(store: ShaderConstants, limit: number, type: ConstType, start: number, count: number): { hr: HRESULT; constantData?: Float32Array | Int32Array | Uint32Array } {
  if (!rangeOk(limit, start, count)) return { hr: D3DERR.INVALIDCALL };
  const unit = CONST_BYTES[type];
  const bytes = store[type].slice((start >>> 0) * unit, ((start >>> 0) + (count >>> 0)) * unit);
  const constantData = type === 'f' ? new Float32Array(bytes.buffer) : type === 'i' ? new Int32Array(bytes.buffer) : new Uint32Array(bytes.buffer);
  return { hr: D3D_OK, constantData };
}
