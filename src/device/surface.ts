/** Surfaces: memory in their own format (src/formats), the lock rules of D3D9. */
import { D3DERR, D3DRTYPE, D3DUSAGE, D3DLOCK, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { blockRows, pitchOf, rowBytes } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import type { D3DLOCKED_RECT, D3DSURFACE_DESC, IDirect3DSurface9, RECT } from './types.js';
import type { MemoryBudget } from './memory.js';

export interface SurfaceSpec {
  format: FormatInfo;
  width: number;
  height: number;
  usage: number;
  pool: number;
  multiSample: number;
  multiSampleQuality: number;
  /** may the application lock it (reference: lockability rules) */
  lockable: boolean;
  /** depth-stencil created with Discard */
  discard?: boolean;
  /** the texture whose level this is, or undefined */
  container?: RefCounted;
}

interface OpenLock {
  /** byte offset of the rect's first block */
  offset: number;
  rowBytes: number;
  rows: number;
  readOnly: boolean;
}

export class Surface extends RefCounted implements IDirect3DSurface9 {
  readonly format: FormatInfo;
  readonly width: number;
  readonly height: number;
  readonly pitch: number;
  /** samples stored one after another, each pitch × block rows */
  readonly samples: number;
  readonly data: Uint8Array;
  private lock: OpenLock | undefined;

  constructor(readonly spec: SurfaceSpec, private readonly budget?: MemoryBudget, data?: Uint8Array) {
    super();
    this.format = spec.format;
    this.width = spec.width;
    this.height = spec.height;
    this.pitch = pitchOf(spec.format, spec.width);
    this.samples = Math.max(1, spec.multiSample);
    this.data = data ?? new Uint8Array(Surface.bytesFor(spec));
  }

  static bytesFor(spec: Omit<SurfaceSpec, 'usage' | 'pool' | 'lockable'>): number {
    return pitchOf(spec.format, spec.width) * blockRows(spec.format, spec.height) * Math.max(1, spec.multiSample);
  }

  get locked(): boolean {
    return this.lock !== undefined;
  }
  get isRenderTarget(): boolean {
    return (this.spec.usage & D3DUSAGE.RENDERTARGET) !== 0;
  }
  get isDepthStencil(): boolean {
    return (this.spec.usage & D3DUSAGE.DEPTHSTENCIL) !== 0;
  }

  override AddRef(): number {
    return this.spec.container ? this.spec.container.AddRef() : super.AddRef();
  }
  override Release(): number {
    return this.spec.container ? this.spec.container.Release() : super.Release();
  }
  /** a texture level lives as long as its texture */
  override get alive(): boolean {
    return this.spec.container ? this.spec.container.alive : super.alive;
  }
  protected override destroy(): void {
    this.budget?.give(this.data.length);
  }

  GetDesc(): { hr: HRESULT; desc?: D3DSURFACE_DESC } {
    return { hr: D3D_OK, desc: this.desc() };
  }
  /** The D3DSURFACE_DESC (a texture level's too: its Type is D3DRTYPE_SURFACE). */
  desc(): D3DSURFACE_DESC {
    return {
      Format: this.format.id, Type: D3DRTYPE.SURFACE, Usage: this.spec.usage, Pool: this.spec.pool,
      MultiSampleType: this.spec.multiSample, MultiSampleQuality: this.spec.multiSampleQuality,
      Width: this.width, Height: this.height,
    };
  }

  /** INVALIDCALL or the rect a lock would cover (NULL = whole surface). */
  lockRectFor(pRect: RECT | null): RECT | HRESULT {
    const r = pRect ?? { left: 0, top: 0, right: this.width, bottom: this.height };
    if (r.left < 0 || r.top < 0 || r.right > this.width || r.bottom > this.height || r.left >= r.right || r.top >= r.bottom) return D3DERR.INVALIDCALL;
    const f = this.format;
    if (f.blockW > 1 || f.blockH > 1) {
      // compressed and macro-pixel formats lock whole blocks; edges may end at the surface edge
      const alignedX = (v: number): boolean => v % f.blockW === 0 || v === this.width;
      const alignedY = (v: number): boolean => v % f.blockH === 0 || v === this.height;
      if (!alignedX(r.left) || !alignedY(r.top) || !alignedX(r.right) || !alignedY(r.bottom)) return D3DERR.INVALIDCALL;
    }
    return r;
  }

  LockRect(pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT } {
    if (!this.spec.lockable || this.spec.multiSample > 1 || this.lock) return { hr: D3DERR.INVALIDCALL };
    const r = this.lockRectFor(pRect);
    if (typeof r === 'number') return { hr: r };
    const f = this.format;
    const offset = Math.floor(r.top / f.blockH) * this.pitch + Math.floor(r.left / f.blockW) * f.blockBytes;
    this.lock = {
      offset,
      rowBytes: rowBytes(f, r.right - r.left + (r.left % f.blockW)),
      rows: blockRows(f, r.bottom - r.top + (r.top % f.blockH)),
      readOnly: (Flags & D3DLOCK.READONLY) !== 0,
    };
    // a READONLY lock hands out a copy: writes through it cannot reach the surface (D3D leaves them undefined,
    // and a recording does not carry them, so record and replay stay equal)
    const bits = this.lock.readOnly ? this.data.slice(offset) : this.data.subarray(offset);
    return { hr: D3D_OK, lockedRect: { Pitch: this.pitch, pBits: bits } };
  }

  UnlockRect(): HRESULT {
    if (!this.lock) return D3DERR.INVALIDCALL;
    this.lock = undefined;
    return D3D_OK;
  }

  captureLock(): Uint8Array | undefined {
    const l = this.lock;
    if (!l || l.readOnly) return undefined;
    const out = new Uint8Array(l.rowBytes * l.rows);
    for (let y = 0; y < l.rows; y++) out.set(this.data.subarray(l.offset + y * this.pitch, l.offset + y * this.pitch + l.rowBytes), y * l.rowBytes);
    return out;
  }

  restoreLock(bytes: Uint8Array): boolean {
    const l = this.lock;
    if (!l || bytes.length !== l.rowBytes * l.rows) return false;
    for (let y = 0; y < l.rows; y++) this.data.set(bytes.subarray(y * l.rowBytes, (y + 1) * l.rowBytes), l.offset + y * this.pitch);
    return true;
  }
}

guardReleased(Surface.prototype, 'IDirect3DSurface9', { LockRect: 'out', UnlockRect: 'hr', GetDesc: 'out' });
