/** Builds apitrace calls (model.ts) by hand, as the parser would hand them over, for the importer's tests. */
import type { FunctionSig, StructValue, TraceCall, Value } from '../../src/capture/model.js';
import { CALL_FLAG } from '../../src/capture/model.js';

const sigs = new Map<string, FunctionSig>();
let nextSig = 0;
function sigOf(name: string, argNames: string[]): FunctionSig {
  const k = `${name}(${argNames.join(',')})`;
  let s = sigs.get(k);
  if (!s) sigs.set(k, (s = { id: nextSig++, name, argNames }));
  return s;
}

export const ptr = (address: number | bigint): Value => ({ kind: 'pointer', address });
/** `&x`: apitrace writes a pointer to one value as an array of one */
export const ref = (v: Value): Value => ({ kind: 'array', items: [v] });
export const arr = (...items: Value[]): Value => ({ kind: 'array', items });
export const blob = (bytes: Uint8Array | number[]): Value => ({ kind: 'blob', bytes: bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes) });
export const f = (value: number): Value => ({ kind: 'float', value });
export function struct(name: string, members: Record<string, Value>): StructValue {
  return { kind: 'struct', sig: { id: 0, name, memberNames: Object.keys(members) }, members: Object.values(members) };
}

/** A stream of calls numbered in order. */
export class Calls {
  readonly list: TraceCall[] = [];
  call(name: string, args: Record<string, Value>, ret?: Value, flags = 0): this {
    this.list.push({
      no: this.list.length, thread: 0, sig: sigOf(name, Object.keys(args)), args: Object.values(args), ret, flags, incomplete: false, offset: 0,
    });
    return this;
  }
  memcpy(dest: number | bigint, bytes: Uint8Array): this {
    return this.call('memcpy', { dest: ptr(dest), src: blob(bytes), n: bytes.length }, undefined, CALL_FLAG.FAKE);
  }
}

export const PP = (w = 64, h = 64, fmt = 22): StructValue => struct('D3DPRESENT_PARAMETERS', {
  BackBufferWidth: w, BackBufferHeight: h, BackBufferFormat: fmt, BackBufferCount: 1, MultiSampleType: 0, MultiSampleQuality: 0,
  SwapEffect: 1, hDeviceWindow: ptr(0x20044), Windowed: 1, EnableAutoDepthStencil: 0, AutoDepthStencilFormat: 0, Flags: 0,
  FullScreen_RefreshRateInHz: 0, PresentationInterval: 0x80000000,
});

/** Direct3DCreate9 at 0xd3d0 and a device at 0xde00 (handles 1 and 2). */
export function withDevice(c = new Calls(), pp = PP()): Calls {
  return c
    .call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
    .call('IDirect3D9::CreateDevice', {
      this: ptr(0xd3d0), Adapter: 0, DeviceType: 1, hFocusWindow: ptr(0x20044), BehaviorFlags: 0x40,
      pPresentationParameters: ref(pp), ppReturnedDeviceInterface: ref(ptr(0xde00)),
    }, 0);
}
