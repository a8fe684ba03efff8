/**
 * IDirect3DSwapChain9 (and its Ex form, the same object): a device's implicit swap chain (ordinal 0,
 * whose back buffer and present parameters are the device's) or an additional one made by
 * CreateAdditionalSwapChain (ordinal 1, 2, ... in creation order, its own back buffer). Present keeps a
 * copy of what it showed, the front buffer, which GetFrontBufferData reads back.
 */
import { D3DERR, D3DFMT, D3DPOOL, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { surfaceToRGBA8 } from '../formats/index.js';
import { DESKTOP_MODE, RASTER_STATUS } from './machine.js';
import { RefCounted } from './ref-counted.js';
import { declareInterfaces } from './interfaces.js';
import { guardReleased } from './released.js';
import { Surface } from './surface.js';
import type {
  D3DDISPLAYMODE, D3DDISPLAYMODEEX, D3DPRESENTSTATS, D3DPRESENT_PARAMETERS, D3DRASTER_STATUS, IDirect3DDevice9,
  IDirect3DSurface9, IDirect3DSwapChain9Ex, NULLPTR, RECT,
} from './types.js';

/** What a swap chain needs of its device (the device module imports this one). */
export interface SwapChainHost extends IDirect3DDevice9 {
  AddRef(): number;
  backBuffer: Surface;
  presentParameters: D3DPRESENT_PARAMETERS;
  /** presents `chain`: D3D_OK, or why not (a lost device) */
  presentChain(chain: SwapChain): HRESULT;
}

/** The image a Present showed: the back buffer's bytes then, in its format. */
export interface FrontBuffer { format: Surface['format']; width: number; height: number; pitch: number; data: Uint8Array }

/** D3DDISPLAYROTATION_IDENTITY: the emulated monitor is never rotated. */
const ROTATION_IDENTITY = 1;
/** D3DSCANLINEORDERING_PROGRESSIVE */
const PROGRESSIVE = 1;

/** The one back buffer of D3D9's up to D3DPRESENT_BACK_BUFFERS_MAX: replay9 presents by copy, so every index shows the same surface. */
export function backBufferCount(pp: D3DPRESENT_PARAMETERS): number {
  return Math.max(1, pp.BackBufferCount);
}

export class SwapChain extends RefCounted implements IDirect3DSwapChain9Ex {
  /** successful presents of this chain (GetLastPresentCount) */
  presents = 0;
  /** the last presented image; null before the first Present (and after a Reset) */
  front: FrontBuffer | null = null;

  constructor(
    readonly device: SwapChainHost,
    /** 0: the device's implicit chain; 1, 2, ...: additional chains in creation order (names their frame sequence) */
    readonly ordinal: number,
    private readonly own?: { presentParameters: D3DPRESENT_PARAMETERS; backBuffer: Surface },
  ) {
    super();
  }

  get backBuffer(): Surface {
    return this.own ? this.own.backBuffer : this.device.backBuffer;
  }

  get presentParameters(): D3DPRESENT_PARAMETERS {
    return this.own ? this.own.presentParameters : this.device.presentParameters;
  }

  get isImplicit(): boolean {
    return this.own === undefined;
  }

  /** Copies the back buffer into the front buffer (called by the device once the present is allowed). */
  capture(): void {
    const b = this.backBuffer;
    this.front = { format: b.format, width: b.width, height: b.height, pitch: b.pitch, data: b.data.slice(0, b.pitch * b.height) };
    this.presents++;
  }

  Present(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR, dwFlags: number): HRESULT {
    void pSourceRect; void pDestRect; void hDestWindowOverride; void pDirtyRegion; void dwFlags;
    return this.device.presentChain(this);
  }

  GetFrontBufferData(pDestSurface: IDirect3DSurface9 | null): HRESULT {
    return copyFrontBuffer(this, pDestSurface);
  }

  GetBackBuffer(iBackBuffer: number, Type: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    // D3DBACKBUFFER_TYPE_MONO only; an index past BackBufferCount (0 counts as 1) is INVALIDCALL (Wine device.c test_swapchain)
    if (iBackBuffer >= backBufferCount(this.presentParameters) || Type !== 0) return { hr: D3DERR.INVALIDCALL };
    this.backBuffer.AddRef();
    return { hr: D3D_OK, surface: this.backBuffer };
  }

  GetRasterStatus(): { hr: HRESULT; rasterStatus?: D3DRASTER_STATUS } {
    return { hr: D3D_OK, rasterStatus: { ...RASTER_STATUS } };
  }

  GetDisplayMode(): { hr: HRESULT; mode?: D3DDISPLAYMODE } {
    return { hr: D3D_OK, mode: displayModeOf(this.presentParameters) };
  }

  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 } {
    this.device.AddRef();
    return { hr: D3D_OK, device: this.device };
  }

  /** The parameters as the chain was made, with what D3D9 fills in: BackBufferCount 0 reads 1 (test_swapchain), the format in use. */
  GetPresentParameters(): { hr: HRESULT; presentationParameters?: D3DPRESENT_PARAMETERS } {
    const pp = this.presentParameters;
    return { hr: D3D_OK, presentationParameters: { ...pp, BackBufferCount: backBufferCount(pp), BackBufferFormat: this.backBuffer.format.id } };
  }

  GetLastPresentCount(): { hr: HRESULT; lastPresentCount?: number } {
    return { hr: D3D_OK, lastPresentCount: this.presents };
  }

  /** Windowed chains read all zeroes (Microsoft docs, IDirect3DSwapChain9Ex::GetPresentStatistics); the emulated device gives them to every chain. */
  GetPresentStats(): { hr: HRESULT; presentationStatistics?: D3DPRESENTSTATS } {
    const zero = { LowPart: 0, HighPart: 0 };
    return { hr: D3D_OK, presentationStatistics: { PresentCount: 0, PresentRefreshCount: 0, SyncRefreshCount: 0, SyncQPCTime: { ...zero }, SyncGPUTime: { ...zero } } };
  }

  GetDisplayModeEx(): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number } {
    return { hr: D3D_OK, mode: displayModeExOf(displayModeOf(this.presentParameters)), rotation: ROTATION_IDENTITY };
  }
}

/** The display mode a chain runs in: the desktop's when windowed, the chain's own size and format full-screen. */
export function displayModeOf(pp: D3DPRESENT_PARAMETERS): D3DDISPLAYMODE {
  const windowed = pp.Windowed !== false && pp.Windowed !== 0;
  if (windowed) return { ...DESKTOP_MODE };
  return { Width: pp.BackBufferWidth, Height: pp.BackBufferHeight, RefreshRate: pp.FullScreen_RefreshRateInHz || DESKTOP_MODE.RefreshRate, Format: pp.BackBufferFormat };
}

/** D3DDISPLAYMODEEX of a mode: Size is the structure's 24 bytes. */
export function displayModeExOf(m: D3DDISPLAYMODE): D3DDISPLAYMODEEX {
  return { Size: 24, Width: m.Width, Height: m.Height, RefreshRate: m.RefreshRate, Format: m.Format, ScanLineOrdering: PROGRESSIVE };
}

/**
 * GetFrontBufferData: the front buffer as A8R8G8B8 into a SYSTEMMEM surface the size of the display
 * mode (the desktop when windowed; Microsoft docs, IDirect3DDevice9::GetFrontBufferData). The emulated
 * window's client area sits at the desktop's origin over a black desktop; before any Present the
 * front buffer is black.
 */
export function copyFrontBuffer(chain: SwapChain, dest: IDirect3DSurface9 | null): HRESULT {
  if (!(dest instanceof Surface) || dest.locked) return D3DERR.INVALIDCALL;
  const mode = displayModeOf(chain.presentParameters);
  if (dest.format.id !== D3DFMT.A8R8G8B8 || dest.spec.pool !== D3DPOOL.SYSTEMMEM) return D3DERR.INVALIDCALL;
  if (dest.width !== mode.Width || dest.height !== mode.Height) return D3DERR.INVALIDCALL;
  const out = new Uint32Array(dest.data.buffer, dest.data.byteOffset, (dest.pitch * dest.height) >>> 2);
  const rowWords = dest.pitch >>> 2;
  out.fill(0xff000000);
  const f = chain.front;
  if (!f) return D3D_OK;
  const rgba = surfaceToRGBA8(f.format, f.data, f.pitch, f.width, f.height);
  const w = Math.min(f.width, dest.width);
  const h = Math.min(f.height, dest.height);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * f.width + x) * 4;
      // A8R8G8B8 in a little-endian word: A in the top byte, B in the bottom one
      out[y * rowWords + x] = ((rgba[i + 3] << 24) | (rgba[i] << 16) | (rgba[i + 1] << 8) | rgba[i + 2]) >>> 0;
    }
  }
  return D3D_OK;
}

// a swap chain of an Ex device is an IDirect3DSwapChain9Ex too
declareInterfaces(SwapChain, (o) => ((o as SwapChain).device as unknown as { ex?: boolean }).ex ? ['IDirect3DSwapChain9Ex', 'IDirect3DSwapChain9'] : ['IDirect3DSwapChain9']);
guardReleased(SwapChain.prototype, 'IDirect3DSwapChain9', {
  QueryInterface: 'out',
  Present: 'hr', GetFrontBufferData: 'hr', GetBackBuffer: 'out', GetRasterStatus: 'out', GetDisplayMode: 'out', GetDevice: 'out',
  GetPresentParameters: 'out', GetLastPresentCount: 'out', GetPresentStats: 'out', GetDisplayModeEx: 'out',
});
