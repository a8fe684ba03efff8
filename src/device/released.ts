/**
 * Calls on an object after its final Release. On Windows that is a use of freed memory; what the
 * emulated device does is what a debug runtime reports: the call fails with D3DERR_INVALIDCALL (a
 * method with out-parameters: { hr: INVALIDCALL } and nothing handed out; a count or a value: 0;
 * IDirect3DVolume9::GetDesc: a zeroed description), changes nothing, and leaves a device note. The same holds for a
 * released object passed as an argument (SetRenderTarget, ColorFill, StretchRect, SetTexture, …).
 * AddRef and Release on a released object return 0, change nothing and leave a note (see
 * ref-counted.ts): the reference count never comes back from 0.
 *
 * Each class lists every D3D9 method it has with the shape of its result (GUARDED); the guard wraps
 * them on the prototype, and a test checks that no method of any class is left out.
 */
import { D3DERR } from '../d3d9/index.js';
import { note } from './notes.js';
import { RefCounted } from './ref-counted.js';

/** What a method returns when it fails: an HRESULT, an { hr } result, a count, or a D3DVOLUME_DESC. */
export type DeadResult = 'hr' | 'out' | 'zero' | 'vdesc';

const DEAD: { [K in DeadResult]: () => unknown } = {
  hr: () => D3DERR.INVALIDCALL,
  out: () => ({ hr: D3DERR.INVALIDCALL }),
  zero: () => 0,
  vdesc: () => ({ Format: 0, Type: 0, Usage: 0, Pool: 0, Width: 0, Height: 0, Depth: 0 }),
};

/** The result a released object's method gives (tests read it). */
export function deadResult(kind: DeadResult): unknown {
  return DEAD[kind]();
}

/** The guarded methods of each interface, by name, with their result shapes. */
export const GUARDED = new Map<string, Readonly<Record<string, DeadResult>>>();

function released(o: unknown): boolean {
  return o instanceof RefCounted && !o.alive;
}

/** Wraps `methods` of a class prototype so that a released self or argument fails the call with a note. */
export function guardReleased(proto: object, iface: string, methods: Readonly<Record<string, DeadResult>>): void {
  GUARDED.set(iface, methods);
  const p = proto as Record<string, unknown>;
  for (const [name, kind] of Object.entries(methods)) {
    const method = p[name];
    if (typeof method !== 'function') throw new Error(`device/released: ${iface} has no method ${name}`);
    p[name] = function guarded(this: RefCounted, ...args: unknown[]): unknown {
      if (!this.alive) {
        note('released-object', () => `${iface}::${name} called on an object already released (its reference count reached 0): D3DERR_INVALIDCALL`);
        return DEAD[kind]();
      }
      for (let i = 0; i < args.length; i++) {
        if (released(args[i])) {
          note('released-object', () => `${iface}::${name} given, as argument ${i + 1}, an object already released: D3DERR_INVALIDCALL`);
          return DEAD[kind]();
        }
      }
      return (method as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}
