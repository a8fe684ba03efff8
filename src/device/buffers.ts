/** Vertex and index buffers: bytes with D3D9's lock rules (nested locks allowed). */
import { D3DERR, D3DFMT, D3DLOCK, D3DRTYPE, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { declareInterfaces } from './interfaces.js';
import { guardReleased } from './released.js';
import { RESOURCE_GUARDS, Resource } from './resource.js';
import type { D3DINDEXBUFFER_DESC, D3DVERTEXBUFFER_DESC, IDirect3DIndexBuffer9, IDirect3DVertexBuffer9 } from './types.js';
import type { MemoryBudget } from './memory.js';

export interface BufferSpec {
  length: number;
  usage: number;
  pool: number;
  /** vertex buffers: the FVF; index buffers: the index format */
  fvfOrFormat: number;
}

interface BufferLock { offset: number; size: number; readOnly: boolean }

abstract class Buffer9 extends Resource {
  readonly data: Uint8Array;
  private locks: BufferLock[] = [];

  constructor(readonly spec: BufferSpec, private readonly budget?: MemoryBudget) {
    super();
    this.data = new Uint8Array(spec.length);
  }
  protected override destroy(): void {
    this.budget?.give(this.spec.length);
    super.destroy();
  }
  get resourcePool(): number {
    return this.spec.pool;
  }
  get locked(): boolean {
    return this.locks.length > 0;
  }

  Lock(OffsetToLock: number, SizeToLock: number, Flags: number): { hr: HRESULT; data?: Uint8Array } {
    const len = this.spec.length;
    // SizeToLock 0 locks to the end of the buffer
    const size = SizeToLock === 0 ? len - OffsetToLock : SizeToLock;
    if (OffsetToLock > len || size < 0 || OffsetToLock + size > len) return { hr: D3DERR.INVALIDCALL };
    const readOnly = (Flags & D3DLOCK.READONLY) !== 0;
    this.locks.push({ offset: OffsetToLock, size, readOnly });
    // a READONLY lock hands out a copy: writes through it are not recorded, so they must not land either
    const range = readOnly ? this.data.slice(OffsetToLock, OffsetToLock + size) : this.data.subarray(OffsetToLock, OffsetToLock + size);
    return { hr: D3D_OK, data: range };
  }
  Unlock(): HRESULT {
    // Unlock on an unlocked buffer succeeds on Windows too; it is a no-op
    this.locks.pop();
    return D3D_OK;
  }
  captureLock(): Uint8Array | undefined {
    const l = this.locks[this.locks.length - 1];
    if (!l || l.readOnly) return undefined;
    return this.data.slice(l.offset, l.offset + l.size);
  }
  restoreLock(bytes: Uint8Array): boolean {
    const l = this.locks[this.locks.length - 1];
    if (!l || bytes.length !== l.size) return false;
    this.data.set(bytes, l.offset);
    return true;
  }
}

export class VertexBuffer extends Buffer9 implements IDirect3DVertexBuffer9 {
  get resourceType(): number {
    return D3DRTYPE.VERTEXBUFFER;
  }
  GetDesc(): { hr: HRESULT; desc?: D3DVERTEXBUFFER_DESC } {
    const { usage, pool, length, fvfOrFormat } = this.spec;
    return { hr: D3D_OK, desc: { Format: D3DFMT.VERTEXDATA, Type: D3DRTYPE.VERTEXBUFFER, Usage: usage, Pool: pool, Size: length, FVF: fvfOrFormat } };
  }
}
export class IndexBuffer extends Buffer9 implements IDirect3DIndexBuffer9 {
  get resourceType(): number {
    return D3DRTYPE.INDEXBUFFER;
  }
  GetDesc(): { hr: HRESULT; desc?: D3DINDEXBUFFER_DESC } {
    const { usage, pool, length, fvfOrFormat } = this.spec;
    return { hr: D3D_OK, desc: { Format: fvfOrFormat, Type: D3DRTYPE.INDEXBUFFER, Usage: usage, Pool: pool, Size: length } };
  }
}

declareInterfaces(VertexBuffer, ['IDirect3DVertexBuffer9', 'IDirect3DResource9']);
declareInterfaces(IndexBuffer, ['IDirect3DIndexBuffer9', 'IDirect3DResource9']);
guardReleased(VertexBuffer.prototype, 'IDirect3DVertexBuffer9', { ...RESOURCE_GUARDS, Lock: 'out', Unlock: 'hr', GetDesc: 'out' });
guardReleased(IndexBuffer.prototype, 'IDirect3DIndexBuffer9', { ...RESOURCE_GUARDS, Lock: 'out', Unlock: 'hr', GetDesc: 'out' });
