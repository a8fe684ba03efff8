/**
 * The IDirect3D9 / IDirect3D9Ex adapter questions as pure functions: one adapter (ordinal 0), its
 * modes, identity and monitor from machine.ts, CheckDeviceType's display / back-buffer pairs, the
 * D3DDISPLAYMODEFILTER and CreateDeviceEx's full-screen display mode rules. Each returns an HRESULT
 * or the answer; nothing here changes state.
 */
import {
  D3DDEVTYPE, D3DDISPLAYROTATION, D3DERR, D3DFMT, D3DSCANLINEORDERING, D3D_OK, SIZEOF_D3DDISPLAYMODEEX, SIZEOF_D3DDISPLAYMODEFILTER,
} from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { checkDeviceFormat, DISPLAY_FORMATS } from './format-support.js';
import { ADAPTER_IDENTIFIER, ADAPTER_LUID, ADAPTER_MONITOR, DESKTOP_MODE, displayModes } from './machine.js';
import type { DisplayMode } from './machine.js';
import type { D3DPRESENT_PARAMETERS } from './types.js';

/** IDirect3D9::GetAdapterCount: the emulated machine has one adapter. */
export const ADAPTER_COUNT = 1;

export interface D3DDISPLAYMODEEX extends DisplayMode { Size: number; ScanLineOrdering: number }
export interface D3DDISPLAYMODEFILTER { Size: number; Format: number; ScanLineOrdering: number }
export interface D3DLUID { LowPart: number; HighPart: number }
export interface D3DADAPTER_IDENTIFIER9 {
  Driver: string; Description: string; DeviceName: string;
  DriverVersionLowPart: number; DriverVersionHighPart: number;
  VendorId: number; DeviceId: number; SubSysId: number; Revision: number;
  DeviceIdentifier: string; WHQLLevel: number;
}

const adapterOk = (adapter: number): boolean => adapter >>> 0 === adapter && adapter < ADAPTER_COUNT;
const deviceTypeOk = (t: number): boolean => t === D3DDEVTYPE.HAL || t === D3DDEVTYPE.REF;
const modeEx = (m: DisplayMode): D3DDISPLAYMODEEX => ({ Size: SIZEOF_D3DDISPLAYMODEEX, ...m, ScanLineOrdering: D3DSCANLINEORDERING.PROGRESSIVE });

/** GetAdapterModeCount: 0 for a bad adapter or a format without modes. */
export function adapterModeCount(adapter: number, format: number): number {
  return adapterOk(adapter) ? displayModes(format).length : 0;
}

/**
 * EnumAdapterModes: INVALIDCALL for a bad adapter, a format that is not a display format (Wine
 * test_display_modes: A8R8G8B8, every non-display format and 0 all fail so) or a mode past the end;
 * NOTAVAILABLE for a display format this machine lists no modes of (X1R5G5B5, A2R10G10B10).
 */
export function enumAdapterModes(adapter: number, format: number, mode: number): { hr: HRESULT; mode?: DisplayMode } {
  if (!adapterOk(adapter) || !DISPLAY_FORMATS.has(format)) return { hr: D3DERR.INVALIDCALL };
  const modes = displayModes(format);
  if (modes.length === 0) return { hr: D3DERR.NOTAVAILABLE };
  return mode >>> 0 < modes.length ? { hr: D3D_OK, mode: modes[mode >>> 0] } : { hr: D3DERR.INVALIDCALL };
}

export function adapterDisplayMode(adapter: number): { hr: HRESULT; mode?: DisplayMode } {
  return adapterOk(adapter) ? { hr: D3D_OK, mode: { ...DESKTOP_MODE } } : { hr: D3DERR.INVALIDCALL };
}

/**
 * GetAdapterIdentifier: the machine's identifier; WHQLLevel is filled only when Flags asks for it
 * with D3DENUM_WHQL_LEVEL (0 otherwise, as the docs describe).
 */
export function adapterIdentifier(adapter: number, flags: number): { hr: HRESULT; identifier?: D3DADAPTER_IDENTIFIER9 } {
  if (!adapterOk(adapter)) return { hr: D3DERR.INVALIDCALL };
  return { hr: D3D_OK, identifier: { ...ADAPTER_IDENTIFIER, WHQLLevel: flags & 0x2 ? ADAPTER_IDENTIFIER.WHQLLevel : 0 } };
}

/** GetAdapterMonitor: the HMONITOR, NULL (0) for a bad adapter. */
export function adapterMonitor(adapter: number): number {
  return adapterOk(adapter) ? ADAPTER_MONITOR : 0;
}

export function adapterLuid(adapter: number): { hr: HRESULT; luid?: D3DLUID } {
  return adapterOk(adapter) ? { hr: D3D_OK, luid: { ...ADAPTER_LUID } } : { hr: D3DERR.INVALIDCALL };
}

/** The back-buffer formats each display format pairs with: the same format, or its alpha twin. */
const BACK_BUFFERS_OF: ReadonlyMap<number, readonly number[]> = new Map([
  [D3DFMT.X8R8G8B8, [D3DFMT.X8R8G8B8, D3DFMT.A8R8G8B8]],
  [D3DFMT.X1R5G5B5, [D3DFMT.X1R5G5B5, D3DFMT.A1R5G5B5]],
  [D3DFMT.R5G6B5, [D3DFMT.R5G6B5]],
  [D3DFMT.A2R10G10B10, [D3DFMT.A2R10G10B10]],
]);

/**
 * CheckDeviceType. INVALIDCALL: a bad adapter or device type; a full-screen check with back buffer
 * UNKNOWN. NOTAVAILABLE: the display format is not a display format, has no modes for a full-screen
 * check, or the back buffer is not its own format or alpha twin, or cannot be a render target. Wine's
 * test_display_formats shows Windows failing every other pair, windowed or not, a windowed UNKNOWN
 * back buffer included (the docs allow UNKNOWN at CreateDevice, not here); A2R10G10B10 is full-screen only.
 */
export function checkDeviceType(adapter: number, devType: number, adapterFormat: number, backBufferFormat: number, windowed: boolean): HRESULT {
  if (!adapterOk(adapter) || !deviceTypeOk(devType)) return D3DERR.INVALIDCALL;
  if (!DISPLAY_FORMATS.has(adapterFormat)) return D3DERR.NOTAVAILABLE;
  if (!windowed && displayModes(adapterFormat).length === 0) return D3DERR.NOTAVAILABLE;
  if (!windowed && backBufferFormat === D3DFMT.UNKNOWN) return D3DERR.INVALIDCALL;
  if (windowed && adapterFormat === D3DFMT.A2R10G10B10) return D3DERR.NOTAVAILABLE;
  if (!BACK_BUFFERS_OF.get(adapterFormat)!.includes(backBufferFormat)) return D3DERR.NOTAVAILABLE;
  return checkDeviceFormat(adapter, devType, adapterFormat, 0x1 /* D3DUSAGE_RENDERTARGET */, 1 /* D3DRTYPE_SURFACE */, backBufferFormat) === D3D_OK ? D3D_OK : D3DERR.NOTAVAILABLE;
}

/**
 * The modes a D3DDISPLAYMODEFILTER selects; undefined when the filter is refused (NULL, or a Size
 * that is not sizeof(D3DDISPLAYMODEFILTER): the Ex structures carry their size and the runtime
 * checks it, as Wine's d3d9ex tests show for D3DDISPLAYMODEEX). The machine's modes are all
 * progressive: an INTERLACED filter selects none, UNKNOWN or PROGRESSIVE selects all.
 */
export function filteredModes(adapter: number, filter: D3DDISPLAYMODEFILTER | null): D3DDISPLAYMODEEX[] | undefined {
  if (!adapterOk(adapter) || !filter || filter.Size !== SIZEOF_D3DDISPLAYMODEFILTER) return undefined;
  if (filter.ScanLineOrdering === D3DSCANLINEORDERING.INTERLACED) return [];
  if (filter.ScanLineOrdering !== D3DSCANLINEORDERING.UNKNOWN && filter.ScanLineOrdering !== D3DSCANLINEORDERING.PROGRESSIVE) return undefined;
  return displayModes(filter.Format).map(modeEx);
}

export function enumAdapterModesEx(adapter: number, filter: D3DDISPLAYMODEFILTER | null, mode: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX } {
  const modes = filteredModes(adapter, filter);
  if (!modes) return { hr: D3DERR.INVALIDCALL };
  if (modes.length === 0 && DISPLAY_FORMATS.has(filter!.Format)) return { hr: D3DERR.NOTAVAILABLE };
  return mode >>> 0 < modes.length ? { hr: D3D_OK, mode: modes[mode >>> 0] } : { hr: D3DERR.INVALIDCALL };
}

export function adapterDisplayModeEx(adapter: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number } {
  if (!adapterOk(adapter)) return { hr: D3DERR.INVALIDCALL };
  return { hr: D3D_OK, mode: modeEx(DESKTOP_MODE), rotation: D3DDISPLAYROTATION.IDENTITY };
}

/**
 * CreateDeviceEx's pFullscreenDisplayMode: NULL for a windowed device, required for a full-screen
 * one, where it must be a mode of the adapter (Size sizeof(D3DDISPLAYMODEEX), ScanLineOrdering
 * UNKNOWN or PROGRESSIVE) with the back buffer's size and refresh rate and a format the back buffer
 * pairs with (CheckDeviceType's rule).
 */
export function checkFullscreenDisplayMode(pp: D3DPRESENT_PARAMETERS, mode: D3DDISPLAYMODEEX | null): HRESULT {
  const windowed = pp.Windowed !== false && pp.Windowed !== 0;
  if (windowed) return mode ? D3DERR.INVALIDCALL : D3D_OK;
  if (!mode || mode.Size !== SIZEOF_D3DDISPLAYMODEEX) return D3DERR.INVALIDCALL;
  if (mode.ScanLineOrdering !== D3DSCANLINEORDERING.UNKNOWN && mode.ScanLineOrdering !== D3DSCANLINEORDERING.PROGRESSIVE) return D3DERR.INVALIDCALL;
  const known = displayModes(mode.Format).some((m) => m.Width === mode.Width && m.Height === mode.Height && m.RefreshRate === mode.RefreshRate);
  if (!known || mode.Width !== pp.BackBufferWidth || mode.Height !== pp.BackBufferHeight || mode.RefreshRate !== pp.FullScreen_RefreshRateInHz) return D3DERR.INVALIDCALL;
  return checkDeviceType(0, D3DDEVTYPE.HAL, mode.Format, pp.BackBufferFormat, false) === D3D_OK ? D3D_OK : D3DERR.INVALIDCALL;
}
