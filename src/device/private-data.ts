/**
 * SetPrivateData / GetPrivateData / FreePrivateData of resources and volumes (Wine d3d9 device.c
 * test_private_data): data keyed by GUID, copied in; with D3DSPD_IUNKNOWN the data is an
 * interface pointer and the store holds a reference on that object until the entry is replaced,
 * freed, or the owner is destroyed. GetPrivateData of such an entry AddRefs the object it hands out.
 */
import { D3DERR, D3DSPD, D3D_OK, normalizeGuid } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { RefCounted } from './ref-counted.js';

/** sizeof(IUnknown *) of the emulated (32-bit) process: the size a D3DSPD_IUNKNOWN entry must give */
export const POINTER_SIZE = 4;

type Entry = { bytes: Uint8Array } | { object: RefCounted };

/** What GetPrivateData hands back: the bytes, or the object of a D3DSPD_IUNKNOWN entry, and the entry's size. */
export interface PrivateDataOut { hr: HRESULT; data?: Uint8Array; object?: RefCounted; sizeOfData?: number }

export class PrivateData {
  private readonly entries = new Map<string, Entry>();

  /** `pData`: bytes, or with D3DSPD_IUNKNOWN the object. A failed call leaves the old entry as it was. */
  set(refguid: string, pData: Uint8Array | RefCounted | null, SizeOfData: number, Flags: number): HRESULT {
    const key = normalizeGuid(refguid);
    if (!key || pData === null) return D3DERR.INVALIDCALL;
    let entry: Entry;
    if (Flags & D3DSPD.IUNKNOWN) {
      if (!(pData instanceof RefCounted) || SizeOfData !== POINTER_SIZE) return D3DERR.INVALIDCALL;
      pData.AddRef();
      entry = { object: pData };
    } else {
      if (!(pData instanceof Uint8Array) || pData.length < SizeOfData) return D3DERR.INVALIDCALL;
      entry = { bytes: pData.slice(0, SizeOfData) };
    }
    this.drop(key);
    this.entries.set(key, entry);
    return D3D_OK;
  }

  /**
   * `bufferSize`: *pSizeOfData on entry, or null when pData is NULL (a size query, which succeeds
   * whatever the size says). NOTFOUND leaves the size alone; MOREDATA reports it.
   */
  get(refguid: string, bufferSize: number | null): PrivateDataOut {
    const e = this.entries.get(normalizeGuid(refguid) ?? '');
    if (!e) return { hr: D3DERR.NOTFOUND };
    const size = 'object' in e ? POINTER_SIZE : e.bytes.length;
    if (bufferSize === null) return { hr: D3D_OK, sizeOfData: size };
    if (bufferSize < size) return { hr: D3DERR.MOREDATA, sizeOfData: size };
    if ('object' in e) {
      e.object.AddRef();
      return { hr: D3D_OK, object: e.object, sizeOfData: size };
    }
    return { hr: D3D_OK, data: e.bytes.slice(), sizeOfData: size };
  }

  free(refguid: string): HRESULT {
    const key = normalizeGuid(refguid) ?? '';
    if (!this.entries.has(key)) return D3DERR.NOTFOUND;
    this.drop(key);
    return D3D_OK;
  }

  /** Frees every entry (the owner is destroyed). */
  clear(): void {
    for (const key of [...this.entries.keys()]) this.drop(key);
  }

  /** The entries, sorted by GUID (snapshots). */
  list(): Array<[string, Entry]> {
    return [...this.entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** Puts a snapshot's entry back (its object's count is restored as a number). */
  restore(key: string, entry: Entry): void {
    this.entries.set(key, entry);
  }

  private drop(key: string): void {
    const old = this.entries.get(key);
    this.entries.delete(key);
    if (old && 'object' in old) old.object.Release();
  }
}
