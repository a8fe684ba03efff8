/**
 * IDirect3DResource9, shared by surfaces, textures, cube and volume textures and buffers:
 * GetDevice, private data (private-data.ts), priority, PreLoad and GetType.
 */
import { D3DERR, D3DPOOL, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { PrivateData } from './private-data.js';
import type { PrivateDataOut } from './private-data.js';
import { RefCounted } from './ref-counted.js';
import type { BOOL } from './types.js';

/** GetDevice of any object that holds its device as its parent (resources, volumes, state blocks, declarations). */
export function deviceOf(o: RefCounted | undefined): { hr: HRESULT; device?: RefCounted } {
  const d = o?.parentObject;
  if (!d) return { hr: D3DERR.INVALIDCALL };
  d.AddRef();
  return { hr: D3D_OK, device: d };
}

const truthy = (b: BOOL): boolean => b !== false && b !== 0;

/** The private-data methods, for IDirect3DResource9 and IDirect3DVolume9 alike. */
export function setPrivateData(store: PrivateData, refguid: string, pData: Uint8Array | RefCounted | null, SizeOfData: number, Flags: number): HRESULT {
  return store.set(refguid, pData, SizeOfData >>> 0, Flags >>> 0);
}
export function getPrivateData(store: PrivateData, refguid: string, pData: BOOL, SizeOfData: number): PrivateDataOut {
  return store.get(refguid, truthy(pData) ? SizeOfData >>> 0 : null);
}

export abstract class Resource extends RefCounted {
  readonly privateData = new PrivateData();
  private priority = 0;

  /** D3DRESOURCETYPE */
  abstract get resourceType(): number;
  /** D3DPOOL */
  abstract get resourcePool(): number;
  /** the object whose parent is the device (a texture level answers for its texture) */
  protected get owner(): RefCounted {
    return this;
  }
  /** Do priorities apply? MANAGED resources only (Wine device.c test_resource_priority); overridden by texture levels. */
  protected get keepsPriority(): boolean {
    return this.resourcePool === D3DPOOL.MANAGED;
  }

  GetDevice(): { hr: HRESULT; device?: RefCounted } {
    return deviceOf(this.owner);
  }
  SetPrivateData(refguid: string, pData: Uint8Array | RefCounted | null, SizeOfData: number, Flags: number): HRESULT {
    return setPrivateData(this.privateData, refguid, pData, SizeOfData, Flags);
  }
  GetPrivateData(refguid: string, pData: BOOL, SizeOfData: number): PrivateDataOut {
    return getPrivateData(this.privateData, refguid, pData, SizeOfData);
  }
  FreePrivateData(refguid: string): HRESULT {
    return this.privateData.free(refguid);
  }
  /** The previous priority; other pools keep none and answer 0. */
  SetPriority(PriorityNew: number): number {
    if (!this.keepsPriority) return 0;
    const old = this.priority;
    this.priority = PriorityNew >>> 0;
    return old;
  }
  GetPriority(): number {
    return this.keepsPriority ? this.priority : 0;
  }
  /** Managing residency is the driver's business: nothing to do (void in D3D9; D3D_OK here). */
  PreLoad(): HRESULT {
    return D3D_OK;
  }
  GetType(): number {
    return this.resourceType;
  }
  protected override destroy(): void {
    this.privateData.clear();
  }
}

/** The guarded result shapes of the IDirect3DResource9 methods (released.ts), for each class's list. */
export const RESOURCE_GUARDS = {
  QueryInterface: 'out', GetDevice: 'out', SetPrivateData: 'hr', GetPrivateData: 'out', FreePrivateData: 'hr',
  SetPriority: 'zero', GetPriority: 'zero', PreLoad: 'hr', GetType: 'zero',
} as const;
