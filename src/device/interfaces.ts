/**
 * Which D3D9 interfaces each object class answers QueryInterface for: its own and the ones it
 * inherits in d3d9.h (a texture is also an IDirect3DBaseTexture9 and an IDirect3DResource9), with
 * the Ex interfaces only on objects made as Ex (Device.ex, Direct3D9.ex). Each class declares its
 * list where it is defined; IUnknown is implied.
 */
import { D3D_OK, HR, IID, normalizeGuid } from '../d3d9/index.js';
import type { HRESULT, InterfaceName } from '../d3d9/index.js';

type Chain = readonly InterfaceName[] | ((o: object) => readonly InterfaceName[]);

const CHAINS = new Map<object, Chain>();

/** Declares the interfaces of a class (most derived first); `chain` may depend on the object (ex flags). */
export function declareInterfaces(cls: abstract new (...args: never[]) => object, chain: Chain): void {
  CHAINS.set(cls.prototype, chain);
}

/** The interfaces an object answers for, IUnknown last; none for a class that declared none. */
export function interfacesOf(o: object): readonly InterfaceName[] {
  for (let p = Object.getPrototypeOf(o) as object | null; p; p = Object.getPrototypeOf(p) as object | null) {
    const c = CHAINS.get(p);
    if (c) return [...(typeof c === 'function' ? c(o) : c), 'IUnknown'];
  }
  return ['IUnknown'];
}

/**
 * IUnknown::QueryInterface of any object: the object itself, AddRef'd, for IUnknown and every
 * interface it is; E_NOINTERFACE and NULL for any other IID.
 */
export function queryInterface<T extends object & { AddRef(): number }>(o: T, riid: string): { hr: HRESULT; ppvObject?: T } {
  const g = normalizeGuid(riid);
  if (!g || !interfacesOf(o).some((name) => IID[name] === g)) return { hr: HR.E_NOINTERFACE };
  o.AddRef();
  return { hr: D3D_OK, ppvObject: o };
}
