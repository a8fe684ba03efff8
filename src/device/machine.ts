/**
 * The emulated machine: what IDirect3D9, the device and its swap chains answer where Windows answers
 * with the machine's own values (adapter identity, display modes, raster position, memory). replay9
 * answers the same fixed values everywhere, so a replay never depends on where it runs; a trace
 * recorded on a real machine that saw other values gets a note, not a finding (the schema marks these
 * calls `varies`).
 */
import { D3DFMT } from '../d3d9/index.js';
import { MEMORY_BUDGET } from './memory.js';

/** D3DDISPLAYMODE */
export interface DisplayMode {
  Width: number;
  Height: number;
  RefreshRate: number;
  Format: number;
}

/** The adapter's current desktop mode: 1920×1080, 60 Hz, X8R8G8B8. */
export const DESKTOP_MODE: Readonly<DisplayMode> = Object.freeze({ Width: 1920, Height: 1080, RefreshRate: 60, Format: D3DFMT.X8R8G8B8 });

/** The sizes every display format offers, smallest first (the order EnumAdapterModes walks), all at 60 Hz. */
export const MODE_SIZES: readonly (readonly [number, number])[] = [
  [640, 480],
  [800, 600],
  [1024, 768],
  [1280, 720],
  [1280, 1024],
  [1920, 1080],
];

/** The display formats with modes (D3D9 enumerates modes for these adapter formats only). */
export const MODE_FORMATS: readonly number[] = [D3DFMT.X8R8G8B8, D3DFMT.R5G6B5];

/** The modes of `format` in enumeration order; none for a format that is not a display format. */
export function displayModes(format: number): DisplayMode[] {
  if (!MODE_FORMATS.includes(format)) return [];
  return MODE_SIZES.map(([Width, Height]) => ({ Width, Height, RefreshRate: 60, Format: format }));
}

/** D3DADAPTER_IDENTIFIER9 of the one adapter. DeviceIdentifier is a GUID written as text. */
export const ADAPTER_IDENTIFIER = Object.freeze({
  Driver: 'replay9.dll',
  Description: 'replay9 software device',
  DeviceName: '\\\\.\\DISPLAY1',
  DriverVersionHighPart: 0x0009_0000,
  DriverVersionLowPart: 0x0000_0001,
  VendorId: 0,
  DeviceId: 0,
  SubSysId: 0,
  Revision: 0,
  DeviceIdentifier: '00000000-0000-0000-0000-000000000000',
  WHQLLevel: 0,
});

/** HMONITOR of the adapter's monitor: an opaque, fixed, non-NULL value. */
export const ADAPTER_MONITOR = 0x0001_0001;

/** LUID of the adapter (IDirect3D9Ex::GetAdapterLUID). */
export const ADAPTER_LUID = Object.freeze({ LowPart: 1, HighPart: 0 });

/** D3DRASTER_STATUS: the beam is always at line 0, outside the vertical blank. */
export const RASTER_STATUS = Object.freeze({ InVBlank: false, ScanLine: 0 });

/** GetAvailableTextureMem: the device's memory budget in bytes, rounded down to a whole MB as Windows does. */
export const AVAILABLE_TEXTURE_MEM = Math.floor(MEMORY_BUDGET / (1024 * 1024)) * 1024 * 1024;
