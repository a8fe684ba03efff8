/** Surfaces: memory in their own format (src/formats), the lock rules of D3D9. */
import { D3DERR, D3DFMT, D3DRTYPE, D3DUSAGE, D3DLOCK, D3D_OK, HR } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { blockRows, pitchOf, rowBytes } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { RESOURCE_GUARDS, Resource } from './resource.js';
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

/** Formats GetDC works on (Wine device.c test_getdc, validated on Windows); the others fail. */
const DC_FORMATS: ReadonlySet<number> = new Set([D3DFMT.A8R8G8B8, D3DFMT.X8R8G8B8, D3DFMT.R5G6B5, D3DFMT.X1R5G5B5, D3DFMT.A1R5G5B5, D3DFMT.R8G8B8]);

export class Surface extends Resource implements IDirect3DSurface9 {
  readonly format: FormatInfo;
  readonly width: number;
  readonly height: number;
  readonly pitch: number;
  /** samples stored one after another, each pitch × block rows */
  readonly samples: number;
  readonly data: Uint8Array;
  private lock: OpenLock | undefined;
  /** the device context GetDC handed out, until ReleaseDC */
  private dc = 0;
  /** a texture level's report of a write to it (the texture's dirty region) */
  dirtied?: (r: RECT | null) => void;

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
    super.destroy();
  }

  get resourceType(): number {
    return D3DRTYPE.SURFACE;
  }
  get resourcePool(): number {
    return this.spec.pool;
  }
  /** a texture level answers GetDevice for its texture, and keeps no priority of its own */
  protected override get owner(): RefCounted {
    return this.spec.container ?? this;
  }
  protected override get keepsPriority(): boolean {
    return !this.spec.container && super.keepsPriority;
  }
  /** Is a device context out (GetDC without ReleaseDC)? */
  get hasDC(): boolean {
    return this.dc !== 0;
  }

  /**
   * The texture or cube texture of a level, else the device (a swap chain's surfaces answer with
   * the device until swap chains are objects), as the interface asked for: E_NOINTERFACE and NULL
   * when the container is not one (Wine device.c test_surface_get_container).
   */
  GetContainer(riid: string): { hr: HRESULT; container?: RefCounted } {
    // a texture level's texture; a back buffer's swap chain; else the device (Wine device.c test_refcount)
    const owner = this.parentObject as (RefCounted & { swapChainOf?(s: Surface): RefCounted | undefined }) | undefined;
    const c = this.spec.container ?? owner?.swapChainOf?.(this) ?? owner;
    if (!c) return { hr: HR.E_NOINTERFACE };
    const q = c.QueryInterface(riid);
    return q.ppvObject ? { hr: q.hr, container: q.ppvObject } : { hr: q.hr };
  }

  /**
   * A device context on the surface: only some formats have one (DC_FORMATS), not while the
   * surface is locked or a DC is out; while it is out the surface cannot be locked. GDI drawing is
   * not emulated: the bytes stay as they were. The handle is opaque (the same for a surface each time).
   */
  GetDC(): { hr: HRESULT; hdc?: number } {
    if (!DC_FORMATS.has(this.format.id) || this.lock || this.dc !== 0 || this.samples > 1) return { hr: D3DERR.INVALIDCALL };
    this.dc = dcHandle(this);
    this.dirtied?.(null);
    return { hr: D3D_OK, hdc: this.dc };
  }
  ReleaseDC(hdc: number): HRESULT {
    if (this.dc === 0 || (hdc >>> 0) !== this.dc) return D3DERR.INVALIDCALL;
    this.dc = 0;
    return D3D_OK;
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
    if (!this.spec.lockable || this.spec.multiSample > 1 || this.lock || this.dc !== 0) return { hr: D3DERR.INVALIDCALL };
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
    if (!(Flags & (D3DLOCK.READONLY | D3DLOCK.NO_DIRTY_UPDATE))) this.dirtied?.(pRect ? r : null);
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

/** An opaque HDC value, the same for a surface each time (from its size) so record and replay agree. */
function dcHandle(s: Surface): number {
  return (0x2d000000 | ((s.width & 0x7ff) << 12) | (s.height & 0xfff)) >>> 0;
}

declareInterfaces(Surface, ['IDirect3DSurface9', 'IDirect3DResource9']);
guardReleased(Surface.prototype, 'IDirect3DSurface9', {
  ...RESOURCE_GUARDS, LockRect: 'out', UnlockRect: 'hr', GetDesc: 'out', GetContainer: 'out', GetDC: 'out', ReleaseDC: 'hr',
});
