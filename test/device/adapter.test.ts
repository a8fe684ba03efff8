/**
 * IDirect3D9 / IDirect3D9Ex adapter queries, Direct3DCreate9Ex and CreateDeviceEx, with the rules
 * Windows shows in Wine's d3d9 tests (device.c test_display_modes, test_display_formats,
 * test_cursor; d3d9ex.c test_get_adapter_luid, test_get_adapter_displaymode_ex) and Microsoft's docs.
 * The machine's answers come from src/device/machine.ts.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9, Direct3DCreate9Ex } from '../../src/device/direct3d9.js';
import type { Direct3D9 } from '../../src/device/direct3d9.js';
import { ADAPTER_IDENTIFIER, ADAPTER_LUID, ADAPTER_MONITOR, DESKTOP_MODE, MODE_SIZES } from '../../src/device/machine.js';
import { D3DDEVTYPE, D3DDISPLAYROTATION, D3DERR, D3DFMT, D3DSCANLINEORDERING, D3D_OK, D3D_SDK_VERSION } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import type { Device } from '../../src/device/device.js';
import type { D3DDISPLAYMODEEX } from '../../src/device/types.js';

const d3d9 = (): Direct3D9 => Direct3DCreate9(D3D_SDK_VERSION) as Direct3D9;
const d3d9ex = (): Direct3D9 => Direct3DCreate9Ex(D3D_SDK_VERSION).d3d as Direct3D9;
const FILTER = (Format: number, ScanLineOrdering: number = D3DSCANLINEORDERING.UNKNOWN, Size = 12) => ({ Size, Format, ScanLineOrdering });

describe('adapter modes (Wine device.c test_display_modes)', () => {
  it('has one adapter whose mode count per format is the machine list; none for other formats or adapters', () => {
    const d = d3d9();
    expect(d.GetAdapterCount()).toBe(1);
    expect(d.GetAdapterModeCount(0, D3DFMT.X8R8G8B8)).toBe(MODE_SIZES.length);
    expect(d.GetAdapterModeCount(0, D3DFMT.R5G6B5)).toBe(MODE_SIZES.length);
    expect(d.GetAdapterModeCount(0, D3DFMT.A8R8G8B8)).toBe(0);
    expect(d.GetAdapterModeCount(1, D3DFMT.X8R8G8B8)).toBe(0);
  });

  it('enumerates the modes smallest first, at 60 Hz, in the asked format', () => {
    const d = d3d9();
    const modes = MODE_SIZES.map((_, i) => d.EnumAdapterModes(0, D3DFMT.R5G6B5, i));
    expect(modes.every((m) => m.hr === D3D_OK)).toBe(true);
    expect(modes.map((m) => [m.mode!.Width, m.mode!.Height, m.mode!.RefreshRate, m.mode!.Format])).toEqual(MODE_SIZES.map(([w, h]) => [w, h, 60, D3DFMT.R5G6B5]));
  });

  // every format Wine's test_display_modes lists fails EnumAdapterModes with INVALIDCALL on Windows
  const notDisplay = [
    D3DFMT.R8G8B8, D3DFMT.A8R8G8B8, D3DFMT.X8B8G8R8, D3DFMT.A1R5G5B5, D3DFMT.A4R4G4B4, D3DFMT.R3G3B2, D3DFMT.A8, D3DFMT.A8R3G3B2,
    D3DFMT.X4R4G4B4, D3DFMT.A2B10G10R10, D3DFMT.A8B8G8R8, D3DFMT.G16R16, D3DFMT.A16B16G16R16, D3DFMT.A8P8, D3DFMT.P8, D3DFMT.L8,
    D3DFMT.A8L8, D3DFMT.A4L4, D3DFMT.V8U8, D3DFMT.L6V5U5, D3DFMT.X8L8V8U8, D3DFMT.Q8W8V8U8, D3DFMT.V16U16, D3DFMT.A2W10V10U10,
    D3DFMT.UYVY, D3DFMT.YUY2, D3DFMT.DXT1, D3DFMT.DXT2, D3DFMT.DXT3, D3DFMT.DXT4, D3DFMT.DXT5, D3DFMT.MULTI2_ARGB8, D3DFMT.G8R8_G8B8,
    D3DFMT.R8G8_B8G8, D3DFMT.D16_LOCKABLE, D3DFMT.D32, D3DFMT.D15S1, D3DFMT.D24S8, D3DFMT.D24X8, D3DFMT.D24X4S4, D3DFMT.D16, D3DFMT.L16,
    D3DFMT.D32F_LOCKABLE, D3DFMT.D24FS8, D3DFMT.VERTEXDATA, D3DFMT.INDEX16, D3DFMT.INDEX32, D3DFMT.Q16W16V16U16, D3DFMT.R16F,
    D3DFMT.G16R16F, D3DFMT.A16B16G16R16F, D3DFMT.R32F, D3DFMT.G32R32F, D3DFMT.A32B32G32R32F, D3DFMT.CxV8U8, 0,
  ];
  it('refuses every format that is not a display format with INVALIDCALL', () => {
    const d = d3d9();
    expect(notDisplay.filter((f) => d.EnumAdapterModes(0, f, 0).hr !== D3DERR.INVALIDCALL)).toEqual([]);
  });

  it('refuses a mode past the end and a bad adapter; a display format without modes is NOTAVAILABLE', () => {
    const d = d3d9();
    expect(d.EnumAdapterModes(0, D3DFMT.X8R8G8B8, MODE_SIZES.length).hr).toBe(D3DERR.INVALIDCALL);
    expect(d.EnumAdapterModes(1, D3DFMT.X8R8G8B8, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(d.EnumAdapterModes(0, D3DFMT.X1R5G5B5, 0).hr).toBe(D3DERR.NOTAVAILABLE);
  });

  it('reports the desktop mode, not an A8R8G8B8 one, and INVALIDCALL past the adapter count', () => {
    const d = d3d9();
    expect(d.GetAdapterDisplayMode(0)).toEqual({ hr: D3D_OK, mode: { ...DESKTOP_MODE } });
    expect(d.GetAdapterDisplayMode(0).mode!.Format).not.toBe(D3DFMT.A8R8G8B8);
    expect(d.GetAdapterDisplayMode(1).hr).toBe(D3DERR.INVALIDCALL);
  });
});

describe('adapter identity', () => {
  it('GetAdapterIdentifier hands out the machine identifier; WHQLLevel only with D3DENUM_WHQL_LEVEL', () => {
    const d = d3d9();
    const plain = d.GetAdapterIdentifier(0, 0);
    expect(plain.hr).toBe(D3D_OK);
    expect(plain.identifier).toEqual({ ...ADAPTER_IDENTIFIER, WHQLLevel: 0 });
    expect(plain.driver).toBe(ADAPTER_IDENTIFIER.Driver);
    expect(plain.deviceName).toBe('\\\\.\\DISPLAY1');
    expect(d.GetAdapterIdentifier(0, 2).identifier!.WHQLLevel).toBe(ADAPTER_IDENTIFIER.WHQLLevel);
    expect(d.GetAdapterIdentifier(1, 0)).toEqual({ hr: D3DERR.INVALIDCALL });
  });

  it('GetAdapterMonitor is the HMONITOR, NULL for an adapter that does not exist', () => {
    const d = d3d9();
    expect(d.GetAdapterMonitor(0)).toBe(ADAPTER_MONITOR);
    expect(d.GetAdapterMonitor(0)).not.toBe(0);
    expect(d.GetAdapterMonitor(1)).toBe(0);
  });

  it('GetAdapterLUID (d3d9ex.c test_get_adapter_luid): the same LUID twice, INVALIDCALL past the adapter count', () => {
    const d = d3d9ex();
    expect(d.GetAdapterLUID(0)).toEqual({ hr: D3D_OK, luid: { ...ADAPTER_LUID } });
    expect(d.GetAdapterLUID(0)).toEqual(d.GetAdapterLUID(0));
    expect(d.GetAdapterLUID(1).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('RegisterSoftwareDevice: NULL is INVALIDCALL; an entry point registers', () => {
    const d = d3d9();
    expect(d.RegisterSoftwareDevice(null)).toBe(D3DERR.INVALIDCALL);
    expect(d.RegisterSoftwareDevice(0x401000)).toBe(D3D_OK);
  });
});

describe('CheckDeviceType (Wine test_display_formats; the docs)', () => {
  const DISPLAY = [D3DFMT.X8R8G8B8, D3DFMT.X1R5G5B5, D3DFMT.R5G6B5, D3DFMT.A2R10G10B10];
  const BACK = [D3DFMT.X8R8G8B8, D3DFMT.A8R8G8B8, D3DFMT.X1R5G5B5, D3DFMT.A1R5G5B5, D3DFMT.R5G6B5, D3DFMT.A2R10G10B10];
  // a back buffer pairs with its display format or that format's alpha twin; X1R5G5B5 and A2R10G10B10
  // have no modes on this machine (full-screen), and A2R10G10B10 is full-screen only
  const pairs = new Map<number, number[]>([
    [D3DFMT.X8R8G8B8, [D3DFMT.X8R8G8B8, D3DFMT.A8R8G8B8]],
    [D3DFMT.X1R5G5B5, [D3DFMT.X1R5G5B5, D3DFMT.A1R5G5B5]],
    [D3DFMT.R5G6B5, [D3DFMT.R5G6B5]],
    [D3DFMT.A2R10G10B10, [D3DFMT.A2R10G10B10]],
  ]);
  for (const windowed of [true, false]) {
    it(`${windowed ? 'windowed' : 'full-screen'}: only the pairs pass`, () => {
      const d = d3d9();
      for (const display of DISPLAY) {
        for (const back of BACK) {
          const hasModes = display === D3DFMT.X8R8G8B8 || display === D3DFMT.R5G6B5;
          const pass = pairs.get(display)!.includes(back) && (windowed ? display !== D3DFMT.A2R10G10B10 : hasModes);
          expect(d.CheckDeviceType(0, D3DDEVTYPE.HAL, display, back, windowed), `${display}/${back}`).toBe(pass ? D3D_OK : D3DERR.NOTAVAILABLE);
        }
      }
    });
  }

  it('a non-display adapter format is NOTAVAILABLE, a bad adapter or device type INVALIDCALL', () => {
    const d = d3d9();
    expect(d.CheckDeviceType(0, D3DDEVTYPE.HAL, D3DFMT.A8R8G8B8, D3DFMT.A8R8G8B8, true)).toBe(D3DERR.NOTAVAILABLE);
    expect(d.CheckDeviceType(1, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, D3DFMT.X8R8G8B8, true)).toBe(D3DERR.INVALIDCALL);
    expect(d.CheckDeviceType(0, 0xdead, D3DFMT.X8R8G8B8, D3DFMT.X8R8G8B8, true)).toBe(D3DERR.INVALIDCALL);
  });

  it('UNKNOWN back buffer fails: NOTAVAILABLE windowed (test_display_formats), INVALIDCALL full-screen', () => {
    const d = d3d9();
    expect(d.CheckDeviceType(0, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, D3DFMT.UNKNOWN, true)).toBe(D3DERR.NOTAVAILABLE);
    expect(d.CheckDeviceType(0, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, D3DFMT.UNKNOWN, false)).toBe(D3DERR.INVALIDCALL);
  });
});

describe('IDirect3D9Ex', () => {
  it('Direct3DCreate9Ex: D3D_OK and an Ex object; a wrong SDK version is NOTAVAILABLE with none', () => {
    const r = Direct3DCreate9Ex(D3D_SDK_VERSION);
    expect(r.hr).toBe(D3D_OK);
    expect((r.d3d as Direct3D9).ex).toBe(true);
    expect(Direct3DCreate9Ex(D3D_SDK_VERSION + 1)).toEqual({ hr: D3DERR.NOTAVAILABLE });
  });

  it('GetAdapterDisplayModeEx (d3d9ex.c test_get_adapter_displaymode_ex): the desktop mode with its size, progressive, not rotated', () => {
    const r = d3d9ex().GetAdapterDisplayModeEx(0);
    expect(r).toEqual({ hr: D3D_OK, mode: { Size: 24, ...DESKTOP_MODE, ScanLineOrdering: D3DSCANLINEORDERING.PROGRESSIVE }, rotation: D3DDISPLAYROTATION.IDENTITY });
    expect(d3d9ex().GetAdapterDisplayModeEx(1).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('filters modes by format and scan-line order; a filter with a wrong Size or NULL selects nothing', () => {
    const d = d3d9ex();
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.X8R8G8B8))).toBe(MODE_SIZES.length);
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.X8R8G8B8, D3DSCANLINEORDERING.PROGRESSIVE))).toBe(MODE_SIZES.length);
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.X8R8G8B8, D3DSCANLINEORDERING.INTERLACED))).toBe(0);
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.A8R8G8B8))).toBe(0);
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.X8R8G8B8, 0, 0))).toBe(0);
    expect(d.GetAdapterModeCountEx(0, null)).toBe(0);
    expect(d.GetAdapterModeCountEx(1, FILTER(D3DFMT.X8R8G8B8))).toBe(0);
    const m = d.EnumAdapterModesEx(0, FILTER(D3DFMT.X8R8G8B8), 1);
    expect(m).toEqual({ hr: D3D_OK, mode: { Size: 24, Width: 800, Height: 600, RefreshRate: 60, Format: D3DFMT.X8R8G8B8, ScanLineOrdering: D3DSCANLINEORDERING.PROGRESSIVE } });
    expect(d.EnumAdapterModesEx(0, FILTER(D3DFMT.X8R8G8B8), MODE_SIZES.length).hr).toBe(D3DERR.INVALIDCALL);
    expect(d.EnumAdapterModesEx(0, FILTER(D3DFMT.X8R8G8B8, 0, 16), 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(d.EnumAdapterModesEx(0, FILTER(D3DFMT.X8R8G8B8, D3DSCANLINEORDERING.INTERLACED), 0).hr).toBe(D3DERR.NOTAVAILABLE);
  });

  it('the Ex methods of a plain IDirect3D9 fail', () => {
    const d = d3d9();
    expect(d.GetAdapterModeCountEx(0, FILTER(D3DFMT.X8R8G8B8))).toBe(0);
    expect(d.GetAdapterLUID(0).hr).toBe(D3DERR.INVALIDCALL);
    expect(d.CreateDeviceEx(0, D3DDEVTYPE.HAL, null, 0x20, PP, null).hr).toBe(D3DERR.INVALIDCALL);
  });

  const FULL = { ...PP, Windowed: false, BackBufferWidth: 800, BackBufferHeight: 600, FullScreen_RefreshRateInHz: 60 };
  const MODE: D3DDISPLAYMODEEX = { Size: 24, Width: 800, Height: 600, RefreshRate: 60, Format: D3DFMT.X8R8G8B8, ScanLineOrdering: D3DSCANLINEORDERING.PROGRESSIVE };
  const cases: Array<[string, typeof PP, D3DDISPLAYMODEEX | null, number]> = [
    ['windowed with no display mode', PP, null, D3D_OK],
    ['windowed with a display mode (the docs: must be NULL)', PP, MODE, D3DERR.INVALIDCALL],
    ['full-screen with its mode', FULL, MODE, D3D_OK],
    ['full-screen, scan-line order unknown', FULL, { ...MODE, ScanLineOrdering: 0 }, D3D_OK],
    ['full-screen without a mode', FULL, null, D3DERR.INVALIDCALL],
    ['full-screen, mode Size 0', FULL, { ...MODE, Size: 0 }, D3DERR.INVALIDCALL],
    ['full-screen, mode of another size than the back buffer', FULL, { ...MODE, Width: 1024, Height: 768 }, D3DERR.INVALIDCALL],
    ['full-screen, refresh rate not the back buffer\'s', FULL, { ...MODE, RefreshRate: 75 }, D3DERR.INVALIDCALL],
    ['full-screen, a size the adapter has no mode for', { ...FULL, BackBufferWidth: 801 }, { ...MODE, Width: 801 }, D3DERR.INVALIDCALL],
    ['full-screen, A8R8G8B8 display format', FULL, { ...MODE, Format: D3DFMT.A8R8G8B8 }, D3DERR.INVALIDCALL],
    ['full-screen, interlaced', FULL, { ...MODE, ScanLineOrdering: D3DSCANLINEORDERING.INTERLACED }, D3DERR.INVALIDCALL],
  ];
  for (const [what, pp, mode, hr] of cases) {
    it(`CreateDeviceEx: ${what}`, () => {
      const r = d3d9ex().CreateDeviceEx(0, D3DDEVTYPE.HAL, null, 0x20, pp, mode);
      expect(r.hr).toBe(hr);
      if (hr === D3D_OK) expect((r.device as Device).ex).toBe(true);
      else expect(r.device).toBeUndefined();
    });
  }

  it('CreateDevice of an Ex object makes an Ex device, of a plain one a plain device (d3d9ex.c test_qi_base_to_ex)', () => {
    const r = d3d9ex().CreateDevice(0, D3DDEVTYPE.HAL, null, 0x20, PP);
    expect(r.hr).toBe(D3D_OK);
    expect((r.device as Device).ex).toBe(true);
    expect((d3d9().CreateDevice(0, D3DDEVTYPE.HAL, null, 0x20, PP).device as Device).ex).toBe(false);
  });
});
