/**
 * Swap chains, presentation and Reset as Windows shows them: Wine dlls/d3d9/tests/device.c
 * test_swapchain (implicit chains only behind GetSwapChain and GetNumberOfSwapChains, back buffer
 * counts), test_reset (what blocks a Reset, DEVICENOTRESET after a failed one), and Microsoft's docs
 * for GetFrontBufferData (an A8R8G8B8 SYSTEMMEM surface the size of the display mode), Reset (additional
 * swap chains released first), D3D9Ex (ResetEx keeps resources; pFullscreenDisplayMode NULL when
 * windowed) and GetPresentStatistics (zeroes when windowed).
 */
import { describe, expect, it } from 'vitest';
import { D3DERR, D3DFMT, D3DPOOL, D3D_OK } from '../../src/d3d9/index.js';
import { Device, swapChainSpecs } from '../../src/device/device.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { DESKTOP_MODE, RASTER_STATUS } from '../../src/device/machine.js';
import { captureSnapshot, decodeSnapshot, encodeSnapshot, restoreObjects } from '../../src/device/snapshot.js';
import type { Surface } from '../../src/device/surface.js';
import type { SwapChain } from '../../src/device/swap-chain.js';
import type { D3DPRESENT_PARAMETERS } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const IC = D3DERR.INVALIDCALL;

function device(pp: Partial<D3DPRESENT_PARAMETERS> = {}): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, ...pp }).device as Device;
}

/** An IDirect3DDevice9Ex (CreateDeviceEx makes the same class with `ex` set). */
function exDevice(): Device {
  const specs = swapChainSpecs({ ...PP });
  if (typeof specs === 'number') throw new Error('bad present parameters');
  return new Device({ ...PP }, specs, 'dx9', 0x20, true);
}

const chain = (d: Device, pp: Partial<D3DPRESENT_PARAMETERS> = {}): SwapChain => {
  const r = d.CreateAdditionalSwapChain({ ...PP, ...pp });
  expect(r.hr).toBe(D3D_OK);
  return r.swapChain as SwapChain;
};

const frontSurface = (d: Device, w = DESKTOP_MODE.Width, h = DESKTOP_MODE.Height, format: number = D3DFMT.A8R8G8B8, pool: number = D3DPOOL.SYSTEMMEM): Surface =>
  d.CreateOffscreenPlainSurface(w, h, format, pool).surface as Surface;

/** The A8R8G8B8 word at (x, y) of a surface. */
const word = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + x * 4, true);

describe('swap chains of a device (Wine device.c test_swapchain)', () => {
  it('GetSwapChain hands out the implicit chain 0 only, however many additional chains exist', () => {
    const d = device({ BackBufferCount: 0 });
    const sc0 = d.GetSwapChain(0);
    expect(sc0.hr).toBe(D3D_OK);
    expect(sc0.swapChain).toBe(d.implicitSwapChain);
    expect(d.GetSwapChain(1).hr).toBe(IC);
    chain(d);
    chain(d, { BackBufferCount: 2 });
    expect(d.GetSwapChain(1)).toEqual({ hr: IC });
    expect(d.GetNumberOfSwapChains()).toBe(1);
  });

  it('BackBufferCount 0 means one back buffer; GetBackBuffer past the count is INVALIDCALL', () => {
    const d = device();
    const c0 = chain(d, { BackBufferCount: 0 });
    expect(c0.GetPresentParameters().presentationParameters!.BackBufferCount).toBe(1);
    expect(c0.GetBackBuffer(0, 0).hr).toBe(D3D_OK);
    expect(c0.GetBackBuffer(1, 0).hr).toBe(IC);
    const c1 = chain(d, { BackBufferCount: 1 });
    expect(c1.GetBackBuffer(1, 0).hr).toBe(IC);
    const c2 = chain(d, { BackBufferCount: 2 });
    expect(c2.GetBackBuffer(0, 0).hr).toBe(D3D_OK);
    expect(c2.GetBackBuffer(1, 0).hr).toBe(D3D_OK);
    expect(c2.GetBackBuffer(2, 0).hr).toBe(IC);
    // the implicit chain's back buffer through the chain is the device's
    const bb = d.implicitSwapChain.GetBackBuffer(0, 0);
    expect(bb.surface).toBe(d.backBuffer);
    // the device's GetBackBuffer reaches implicit chains only
    expect(d.GetBackBuffer(1, 0, 0).hr).toBe(IC);
  });

  it('an additional chain has its own back buffer of its own size, and knows its device', () => {
    const d = device();
    const c = chain(d, { BackBufferWidth: 16, BackBufferHeight: 8 });
    const bb = c.GetBackBuffer(0, 0).surface as Surface;
    expect(bb).not.toBe(d.backBuffer);
    expect([bb.width, bb.height]).toEqual([16, 8]);
    expect(c.GetDevice().device).toBe(d);
    expect(c.ordinal).toBe(1);
    expect(chain(d).ordinal).toBe(2);
  });

  const refusals: Array<[string, Partial<D3DPRESENT_PARAMETERS> | null]> = [
    ['NULL present parameters', null],
    ['a depth format as back buffer', { BackBufferFormat: D3DFMT.D16 }],
    ['four back buffers (D3DPRESENT_BACK_BUFFERS_MAX is 3)', { BackBufferCount: 4 }],
    ['a swap effect out of range', { SwapEffect: 9 }],
    ['a full-screen chain (a device has one, its implicit chain)', { Windowed: false }],
  ];
  for (const [what, pp] of refusals) {
    it(`CreateAdditionalSwapChain refuses ${what}`, () => {
      const d = device();
      expect(d.CreateAdditionalSwapChain(pp === null ? null : { ...PP, ...pp })).toEqual({ hr: IC });
      expect(d.additionalSwapChains.size).toBe(0);
    });
  }

  it('answers the emulated machine for raster status and display mode (src/device/machine.ts)', () => {
    const d = device();
    expect(d.GetRasterStatus(0)).toEqual({ hr: D3D_OK, rasterStatus: { ...RASTER_STATUS } });
    expect(d.GetDisplayMode(0)).toEqual({ hr: D3D_OK, mode: { ...DESKTOP_MODE } });
    expect(d.GetRasterStatus(1).hr).toBe(IC);
    expect(d.GetDisplayMode(1).hr).toBe(IC);
    expect(chain(d).GetDisplayMode().mode).toEqual({ ...DESKTOP_MODE });
  });
});

describe('Present and the front buffer', () => {
  it('a chain presents its own back buffer; GetFrontBufferData reads the last presented image as A8R8G8B8', () => {
    const d = device();
    const c = chain(d, { BackBufferWidth: 4, BackBufferHeight: 2 });
    const front = frontSurface(d);
    // before any Present the front buffer is black
    expect(c.GetFrontBufferData(front)).toBe(D3D_OK);
    expect(word(front, 0, 0)).toBe(0xff000000);
    expect(d.ColorFill(c.backBuffer, null, 0xff3366cc)).toBe(D3D_OK);
    expect(c.Present(null, null, null, null, 0)).toBe(D3D_OK);
    // drawing after the Present does not change what was shown
    d.ColorFill(c.backBuffer, null, 0xff00ff00);
    expect(c.GetFrontBufferData(front)).toBe(D3D_OK);
    expect(word(front, 0, 0)).toBe(0xff3366cc);
    expect(word(front, 3, 1)).toBe(0xff3366cc);
    // outside the window's client area: the desktop, black
    expect(word(front, 4, 0)).toBe(0xff000000);
    expect(word(front, 0, 2)).toBe(0xff000000);
    // the implicit chain was not presented
    expect(d.GetFrontBufferData(0, front)).toBe(D3D_OK);
    expect(word(front, 0, 0)).toBe(0xff000000);
    expect(c.GetLastPresentCount().lastPresentCount).toBe(1);
    expect(d.implicitSwapChain.GetLastPresentCount().lastPresentCount).toBe(0);
    expect(d.presentCount).toBe(0);
  });

  it('device Present shows the implicit chain (X8R8G8B8 reads back with alpha 0xff)', () => {
    const d = device();
    d.Clear(0, null, 1, 0x00123456, 1, 0);
    expect(d.Present(null, null, null, null)).toBe(D3D_OK);
    const front = frontSurface(d);
    expect(d.GetFrontBufferData(0, front)).toBe(D3D_OK);
    expect(word(front, 10, 10)).toBe(0xff123456);
    expect(d.implicitSwapChain.GetLastPresentCount().lastPresentCount).toBe(1);
  });

  const badDest: Array<[string, (d: Device) => Surface | null]> = [
    ['NULL', () => null],
    ['an X8R8G8B8 surface', (d) => frontSurface(d, DESKTOP_MODE.Width, DESKTOP_MODE.Height, D3DFMT.X8R8G8B8)],
    ['a SCRATCH surface', (d) => frontSurface(d, DESKTOP_MODE.Width, DESKTOP_MODE.Height, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH)],
    ['a surface of the back buffer size, not the desktop size', (d) => frontSurface(d, PP.BackBufferWidth, PP.BackBufferHeight)],
  ];
  for (const [what, make] of badDest) {
    it(`GetFrontBufferData refuses ${what}`, () => {
      const d = device();
      expect(d.GetFrontBufferData(0, make(d))).toBe(IC);
    });
  }
  it('GetFrontBufferData of swap chain 1 is INVALIDCALL', () => {
    const d = device();
    chain(d);
    expect(d.GetFrontBufferData(1, frontSurface(d))).toBe(IC);
  });

  it('GetPresentStats reads zeroes (windowed) and TestCooperativeLevel D3D_OK', () => {
    const d = device();
    const s = chain(d).GetPresentStats();
    expect(s.hr).toBe(D3D_OK);
    expect(s.presentationStatistics).toEqual({ PresentCount: 0, PresentRefreshCount: 0, SyncRefreshCount: 0, SyncQPCTime: { LowPart: 0, HighPart: 0 }, SyncGPUTime: { LowPart: 0, HighPart: 0 } });
    expect(d.TestCooperativeLevel()).toBe(D3D_OK);
  });
});

describe('Reset (Wine device.c test_reset)', () => {
  it('a live additional swap chain makes Reset fail; the device is then lost until a Reset succeeds', () => {
    const d = device();
    const c = chain(d);
    expect(d.Reset({ ...PP })).toBe(IC);
    expect(d.TestCooperativeLevel()).toBe(D3DERR.DEVICENOTRESET);
    expect(d.Present(null, null, null, null)).toBe(D3DERR.DEVICELOST);
    expect(c.Release()).toBe(0);
    expect(d.Reset({ ...PP })).toBe(D3D_OK);
    expect(d.TestCooperativeLevel()).toBe(D3D_OK);
    expect(d.Present(null, null, null, null)).toBe(D3D_OK);
  });

  it('a held back-buffer reference fails Reset with DEVICENOTRESET after; released, Reset succeeds', () => {
    const d = device();
    const bb = d.GetBackBuffer(0, 0, 0).surface!;
    expect(d.Reset({ ...PP })).toBe(IC);
    expect(d.TestCooperativeLevel()).toBe(D3DERR.DEVICENOTRESET);
    bb.Release();
    expect(d.Reset({ ...PP })).toBe(D3D_OK);
    expect(d.TestCooperativeLevel()).toBe(D3D_OK);
  });

  it('invalid present parameters leave the device lost too', () => {
    const d = device();
    expect(d.Reset({ ...PP, BackBufferFormat: D3DFMT.D16 })).toBe(IC);
    expect(d.TestCooperativeLevel()).toBe(D3DERR.DEVICENOTRESET);
  });

  it('SYSTEMMEM and SCRATCH surfaces do not block it; the implicit chain survives with the new parameters', () => {
    const d = device();
    d.CreateOffscreenPlainSurface(16, 16, D3DFMT.R5G6B5, D3DPOOL.SYSTEMMEM);
    d.CreateOffscreenPlainSurface(16, 16, D3DFMT.R5G6B5, D3DPOOL.SCRATCH);
    const sc = d.GetSwapChain(0).swapChain as SwapChain;
    expect(d.Reset({ ...PP, BackBufferWidth: 40, BackBufferHeight: 30 })).toBe(D3D_OK);
    const pp = sc.GetPresentParameters().presentationParameters!;
    expect([pp.BackBufferWidth, pp.BackBufferHeight]).toEqual([40, 30]);
    expect(d.GetSwapChain(0).swapChain).toBe(sc);
  });
});

describe('IDirect3DDevice9Ex', () => {
  it('Reset and ResetEx keep DEFAULT resources, held back buffers and additional chains (D3D9Ex)', () => {
    const d = exDevice();
    d.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false);
    const c = chain(d);
    d.GetBackBuffer(0, 0, 0);
    expect(d.Reset({ ...PP })).toBe(D3D_OK);
    expect(d.ResetEx({ ...PP, BackBufferWidth: 20 }, null)).toBe(D3D_OK);
    expect(d.backBuffer.width).toBe(20);
    expect(c.Present(null, null, null, null, 0)).toBe(D3D_OK);
    expect(d.TestCooperativeLevel()).toBe(D3D_OK);
  });

  it('ResetEx wants pFullscreenDisplayMode NULL when windowed and given when full-screen', () => {
    const d = exDevice();
    const mode = { Size: 24, Width: 640, Height: 480, RefreshRate: 60, Format: D3DFMT.X8R8G8B8, ScanLineOrdering: 1 };
    expect(d.ResetEx({ ...PP }, mode)).toBe(IC);
    expect(d.ResetEx({ ...PP, Windowed: false, BackBufferWidth: 640, BackBufferHeight: 480 }, null)).toBe(IC);
    expect(d.ResetEx(null, null)).toBe(IC);
    // a failed ResetEx does not lose an Ex device
    expect(d.TestCooperativeLevel()).toBe(D3D_OK);
  });

  it('PresentEx, CheckDeviceState, GetDisplayModeEx and WaitForVBlank answer on an Ex device only', () => {
    const d = exDevice();
    expect(d.PresentEx(null, null, null, null, 0)).toBe(D3D_OK);
    expect(d.implicitSwapChain.GetLastPresentCount().lastPresentCount).toBe(1);
    expect(d.CheckDeviceState(null)).toBe(D3D_OK);
    expect(d.WaitForVBlank(0)).toBe(D3D_OK);
    expect(d.WaitForVBlank(1)).toBe(IC);
    expect(d.GetDisplayModeEx(0)).toEqual({ hr: D3D_OK, rotation: 1, mode: { Size: 24, Width: DESKTOP_MODE.Width, Height: DESKTOP_MODE.Height, RefreshRate: DESKTOP_MODE.RefreshRate, Format: DESKTOP_MODE.Format, ScanLineOrdering: 1 } });
    const plain = device();
    expect(plain.PresentEx(null, null, null, null, 0)).toBe(IC);
    expect(plain.ResetEx({ ...PP }, null)).toBe(IC);
    expect(plain.CheckDeviceState(null)).toBe(IC);
    expect(plain.GetDisplayModeEx(0).hr).toBe(IC);
    expect(plain.WaitForVBlank(0)).toBe(IC);
  });
});

describe('snapshots of swap chains', () => {
  /** The objects of `roots` through a stored snapshot and back. */
  const roundTrip = (roots: object[]): object[] => {
    const handles = roots.map((obj, i) => ({ id: i + 1, kind: 'x', obj }));
    const s = decodeSnapshot(encodeSnapshot(captureSnapshot(handles, { callsReplayed: 0, frames: 0, perfDepth: 0, profile: 'dx9', missing: [], names: [], findings: [] })));
    const objects = restoreObjects(s.objects);
    return s.handles.map((h) => objects[h.object]);
  };

  it('keep each chain, its back buffer, its front buffer and present count, the lost state and what blocks Reset', () => {
    const d = device();
    const c = chain(d, { BackBufferWidth: 4, BackBufferHeight: 2 });
    d.ColorFill(c.backBuffer, null, 0xff3366cc);
    c.Present(null, null, null, null, 0);
    d.ColorFill(c.backBuffer, null, 0xff00ff00);
    const sc0 = d.GetSwapChain(0).swapChain as SwapChain;
    expect(d.Reset({ ...PP })).toBe(IC);
    const [d2, c2, sc02] = roundTrip([d, c, sc0]) as [Device, SwapChain, SwapChain];
    expect(sc02).toBe(d2.implicitSwapChain);
    expect(c2.ordinal).toBe(1);
    expect(c2.device).toBe(d2);
    expect(c2.GetLastPresentCount().lastPresentCount).toBe(1);
    expect(d2.TestCooperativeLevel()).toBe(D3DERR.DEVICENOTRESET);
    const front = frontSurface(d2);
    expect(c2.GetFrontBufferData(front)).toBe(D3D_OK);
    expect(word(front, 0, 0)).toBe(0xff3366cc);
    expect(word(c2.backBuffer, 0, 0)).toBe(0xff00ff00);
    // the chain still blocks Reset until its final Release; the next chain gets the next number
    expect(d2.Reset({ ...PP })).toBe(IC);
    expect(c2.Release()).toBe(0);
    expect(d2.Reset({ ...PP })).toBe(D3D_OK);
    expect(chain(d2).ordinal).toBe(2);
  });
});
