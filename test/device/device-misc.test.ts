/**
 * The device's machine-dependent and miscellaneous methods and the IDirect3DDevice9Ex ones, with
 * expectations from Windows (Wine d3d9 device.c test_cursor, d3d9ex.c tests) and Microsoft's docs;
 * ComposeRects' output worked out by hand from the documented operation.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9, Direct3DCreate9Ex } from '../../src/device/direct3d9.js';
import type { Direct3D9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { AVAILABLE_TEXTURE_MEM } from '../../src/device/machine.js';
import {
  D3DCOMPOSERECTSOP, D3DCREATE, D3DDEVTYPE, D3DERR, D3DFMT, D3DPOOL, D3DPRESENTFLAG, D3DSAMP, D3DSGR, D3DSWAPEFFECT, D3DTA, D3DTEXF,
  D3DTOP, D3DTSS, D3DUSAGE, D3DRS, D3D_OK, D3D_SDK_VERSION, identityGammaRamp,
} from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import type { D3DPRESENT_PARAMETERS, IDirect3DVertexBuffer9 } from '../../src/device/types.js';

function device(pp: Partial<D3DPRESENT_PARAMETERS> = {}, flags: number = D3DCREATE.SOFTWARE_VERTEXPROCESSING): Device {
  const r = (Direct3DCreate9(D3D_SDK_VERSION) as Direct3D9).CreateDevice(0, D3DDEVTYPE.HAL, null, flags, { ...PP, ...pp });
  expect(r.hr).toBe(D3D_OK);
  return r.device as Device;
}
function exDevice(): Device {
  const r = (Direct3DCreate9Ex(D3D_SDK_VERSION).d3d as Direct3D9).CreateDeviceEx(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP, null);
  expect(r.hr).toBe(D3D_OK);
  return r.device as Device;
}

describe('creation, caps and memory', () => {
  it('GetDirect3D hands back the creating object with one more reference', () => {
    const d3d = Direct3DCreate9(D3D_SDK_VERSION) as Direct3D9;
    const dev = d3d.CreateDevice(0, D3DDEVTYPE.REF, 0x1234, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as Device;
    const before = d3d.refCount;
    const r = dev.GetDirect3D();
    expect(r).toEqual({ hr: D3D_OK, d3d });
    expect(d3d.refCount).toBe(before + 1);
    expect(dev.GetCreationParameters()).toEqual({ hr: D3D_OK, parameters: { AdapterOrdinal: 0, DeviceType: D3DDEVTYPE.REF, hFocusWindow: 0x1234, BehaviorFlags: D3DCREATE.SOFTWARE_VERTEXPROCESSING } });
    expect(dev.GetDeviceCaps().caps).toEqual(d3d.GetDeviceCaps(0, D3DDEVTYPE.REF).caps);
  });

  it('GetAvailableTextureMem is the machine\'s figure, a whole number of MB', () => {
    const dev = device();
    expect(dev.GetAvailableTextureMem()).toBe(AVAILABLE_TEXTURE_MEM);
    expect(dev.GetAvailableTextureMem() % (1024 * 1024)).toBe(0);
    expect(dev.EvictManagedResources()).toBe(D3D_OK);
  });
});

describe('gamma ramps', () => {
  it('start as the identity, keep what SetGammaRamp stored, and ignore a swap chain that does not exist', () => {
    const dev = device();
    const id = identityGammaRamp();
    expect(dev.GetGammaRamp(0)).toEqual({ hr: D3D_OK, ramp: id });
    expect(id.red[255]).toBe(65535);
    expect(id.green[1]).toBe(257);
    const ramp = { red: new Uint16Array(256).fill(1), green: Array.from({ length: 256 }, (_, i) => i), blue: new Uint16Array(256).fill(65535) };
    expect(dev.SetGammaRamp(0, D3DSGR.NO_CALIBRATION, ramp)).toBe(D3D_OK);
    const got = dev.GetGammaRamp(0).ramp!;
    expect([got.red[7], got.green[200], got.blue[0]]).toEqual([1, 200, 65535]);
    expect(dev.SetGammaRamp(1, D3DSGR.NO_CALIBRATION, identityGammaRamp())).toBe(D3D_OK);
    expect(dev.GetGammaRamp(0).ramp!.red[7]).toBe(1);
    expect(dev.GetGammaRamp(1)).toEqual({ hr: D3D_OK });
  });
});

describe('the cursor (Wine device.c test_cursor)', () => {
  it('stays hidden until a cursor image is set; ShowCursor returns the visibility before the call', () => {
    const dev = device();
    const cursor = dev.CreateOffscreenPlainSurface(32, 32, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH).surface!;
    expect(dev.ShowCursor(true)).toBe(false);
    expect(dev.ShowCursor(true)).toBe(false);
    expect(dev.SetCursorProperties(0, 0, null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetCursorProperties(0, 0, cursor)).toBe(D3D_OK);
    expect(dev.ShowCursor(true)).toBe(false);
    expect(dev.ShowCursor(true)).toBe(true);
    expect(dev.ShowCursor(false)).toBe(true);
    expect(dev.ShowCursor(false)).toBe(false);
    expect(dev.SetCursorPosition(-10, 20, 0)).toBe(D3D_OK);
  });

  const sizes: Array<[number, number, boolean]> = [[1, 1, true], [2, 4, true], [3, 2, false], [2, 3, false], [6, 6, false], [32, 32, true], [64, 16, true]];
  for (const [w, h, ok] of sizes) {
    it(`a ${w}×${h} cursor is ${ok ? 'accepted' : 'refused'}: both sides must be powers of two`, () => {
      const dev = device();
      const s = dev.CreateOffscreenPlainSurface(w, h, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).surface!;
      expect(dev.SetCursorProperties(0, 0, s)).toBe(ok ? D3D_OK : D3DERR.INVALIDCALL);
    });
  }

  it('is no larger than the display mode (1920×1080: 1024×1024 fits, 2048 wide or high does not), and A8R8G8B8 only', () => {
    const dev = device();
    const mk = (w: number, h: number, f: number = D3DFMT.A8R8G8B8) => dev.CreateOffscreenPlainSurface(w, h, f, D3DPOOL.SYSTEMMEM).surface!;
    expect(dev.SetCursorProperties(0, 0, mk(1024, 1024))).toBe(D3D_OK);
    expect(dev.SetCursorProperties(0, 0, mk(2048, 1024))).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetCursorProperties(0, 0, mk(1024, 2048))).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetCursorProperties(0, 0, mk(32, 32, D3DFMT.X8R8G8B8))).toBe(D3DERR.INVALIDCALL);
  });
});

describe('SetDialogBoxMode (the docs\' conditions)', () => {
  const good: Partial<D3DPRESENT_PARAMETERS> = { BackBufferFormat: D3DFMT.X8R8G8B8, SwapEffect: D3DSWAPEFFECT.DISCARD, Flags: D3DPRESENTFLAG.LOCKABLE_BACKBUFFER };
  const cases: Array<[string, Partial<D3DPRESENT_PARAMETERS>, number, number]> = [
    ['a GDI back buffer, discard, lockable', good, 0, D3D_OK],
    ['R5G6B5', { ...good, BackBufferFormat: D3DFMT.R5G6B5 }, 0, D3D_OK],
    ['an A8R8G8B8 back buffer', { ...good, BackBufferFormat: D3DFMT.A8R8G8B8 }, 0, D3DERR.INVALIDCALL],
    ['multisampling', { ...good, Flags: 0, MultiSampleType: 2 }, 0, D3DERR.INVALIDCALL],
    ['SWAPEFFECT_COPY', { ...good, SwapEffect: D3DSWAPEFFECT.COPY }, 0, D3DERR.INVALIDCALL],
    ['no LOCKABLE_BACKBUFFER', { ...good, Flags: 0 }, 0, D3DERR.INVALIDCALL],
    ['ADAPTERGROUP_DEVICE', good, D3DCREATE.ADAPTERGROUP_DEVICE, D3DERR.INVALIDCALL],
  ];
  for (const [what, pp, flags, hr] of cases) {
    it(`${what}: ${hr === D3D_OK ? 'D3D_OK' : 'INVALIDCALL'}`, () => {
      const dev = device(pp, D3DCREATE.SOFTWARE_VERTEXPROCESSING | flags);
      expect(dev.SetDialogBoxMode(true)).toBe(hr);
      expect(dev.SetDialogBoxMode(false)).toBe(D3D_OK);
    });
  }
  it('not between BeginScene and EndScene', () => {
    const dev = device(good);
    dev.BeginScene();
    expect(dev.SetDialogBoxMode(true)).toBe(D3DERR.INVALIDCALL);
    dev.EndScene();
    expect(dev.SetDialogBoxMode(true)).toBe(D3D_OK);
  });
});

describe('ValidateDevice', () => {
  it('one pass for the default state and a textured stage', () => {
    const dev = device();
    expect(dev.ValidateDevice()).toEqual({ hr: D3D_OK, numPasses: 1 });
    dev.SetTexture(0, dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!);
    dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
    expect(dev.ValidateDevice()).toEqual({ hr: D3D_OK, numPasses: 1 });
  });
  const cases: Array<[string, (d: Device) => void, number]> = [
    ['an op outside TextureOpCaps (BUMPENVMAP)', (d) => d.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.BUMPENVMAP), D3DERR.UNSUPPORTEDCOLOROPERATION],
    ['an alpha op outside TextureOpCaps', (d) => d.SetTextureStageState(0, D3DTSS.ALPHAOP, D3DTOP.BUMPENVMAPLUMINANCE), D3DERR.UNSUPPORTEDALPHAOPERATION],
    ['a colour arg of D3DTA_TEMP without TSSARGTEMP', (d) => d.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.TEMP), D3DERR.UNSUPPORTEDCOLORARG],
    ['an alpha arg of D3DTA_CONSTANT without PERSTAGECONSTANT', (d) => d.SetTextureStageState(0, D3DTSS.ALPHAARG1, D3DTA.CONSTANT), D3DERR.UNSUPPORTEDALPHAARG],
    ['an anisotropic filter outside TextureFilterCaps', (d) => {
      d.SetTexture(0, d.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!);
      d.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.ANISOTROPIC);
    }, D3DERR.UNSUPPORTEDTEXTUREFILTER],
    ['linear filtering of a YUV texture', (d) => {
      d.SetTexture(1, d.CreateTexture(8, 8, 1, 0, D3DFMT.YUY2, D3DPOOL.MANAGED).texture!);
      d.SetSamplerState(1, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
    }, D3DERR.UNSUPPORTEDTEXTUREFILTER],
    ['a depth buffer smaller than the render target with Z on', (d) => {
      d.SetDepthStencilSurface(d.CreateDepthStencilSurface(16, 16, D3DFMT.D16, 0, 0, false).surface!);
      d.SetRenderState(D3DRS.ZENABLE, 1);
    }, D3DERR.CONFLICTINGRENDERSTATE],
  ];
  for (const [what, set, hr] of cases) {
    it(`${what}`, () => {
      const dev = device();
      set(dev);
      expect(dev.ValidateDevice()).toEqual({ hr });
    });
  }
  it('a disabled stage ends the stages it checks', () => {
    const dev = device();
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.DISABLE);
    dev.SetTextureStageState(1, D3DTSS.COLOROP, D3DTOP.BUMPENVMAP);
    expect(dev.ValidateDevice()).toEqual({ hr: D3D_OK, numPasses: 1 });
  });
});

describe('IDirect3DDevice9Ex settings', () => {
  it('GPU thread priority: 0 at first, -7..7 kept, outside INVALIDCALL', () => {
    const dev = exDevice();
    expect(dev.GetGPUThreadPriority()).toEqual({ hr: D3D_OK, priority: 0 });
    expect(dev.SetGPUThreadPriority(-7)).toBe(D3D_OK);
    expect(dev.SetGPUThreadPriority(7)).toBe(D3D_OK);
    expect(dev.SetGPUThreadPriority(8)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetGPUThreadPriority(-8)).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetGPUThreadPriority().priority).toBe(7);
  });

  it('maximum frame latency: 3 at first, 0 resets to 3, 1..30 kept, 31 INVALIDCALL (Wine d3d9ex.c)', () => {
    const dev = exDevice();
    expect(dev.GetMaximumFrameLatency()).toEqual({ hr: D3D_OK, maxLatency: 3 });
    expect(dev.SetMaximumFrameLatency(1)).toBe(D3D_OK);
    expect(dev.GetMaximumFrameLatency().maxLatency).toBe(1);
    expect(dev.SetMaximumFrameLatency(30)).toBe(D3D_OK);
    expect(dev.SetMaximumFrameLatency(31)).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetMaximumFrameLatency().maxLatency).toBe(30);
    expect(dev.SetMaximumFrameLatency(0)).toBe(D3D_OK);
    expect(dev.GetMaximumFrameLatency().maxLatency).toBe(3);
  });

  it('the Ex methods fail on a device that is not Ex', () => {
    const dev = device();
    expect(dev.SetGPUThreadPriority(1)).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetMaximumFrameLatency().hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateRenderTargetEx(8, 8, D3DFMT.A8R8G8B8, 0, 0, false, null, 0).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('Create*Ex take the security usages and refuse others', () => {
    const dev = exDevice();
    expect(dev.CreateRenderTargetEx(8, 8, D3DFMT.A8R8G8B8, 0, 0, false, null, D3DUSAGE.RESTRICTED_CONTENT).hr).toBe(D3D_OK);
    expect(dev.CreateRenderTargetEx(8, 8, D3DFMT.A8R8G8B8, 0, 0, false, null, D3DUSAGE.DYNAMIC).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateDepthStencilSurfaceEx(8, 8, D3DFMT.D24S8, 0, 0, false, null, 0).surface).toBeDefined();
    expect(dev.CreateDepthStencilSurfaceEx(8, 8, D3DFMT.D24S8, 0, 0, false, null, D3DUSAGE.TEXTAPI).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateOffscreenPlainSurfaceEx(16, 2, D3DFMT.A1, D3DPOOL.DEFAULT, null, D3DUSAGE.TEXTAPI).hr).toBe(D3D_OK);
    expect(dev.CreateOffscreenPlainSurfaceEx(16, 2, D3DFMT.A1, D3DPOOL.DEFAULT, null, D3DUSAGE.WRITEONLY).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('CheckResourceResidency: resident; NULL, 0 or a count beyond the array INVALIDCALL', () => {
    const dev = exDevice();
    const t = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    const vb = dev.CreateVertexBuffer(16, 0, 0, D3DPOOL.DEFAULT).vertexBuffer!;
    expect(dev.CheckResourceResidency([t, vb], 2)).toBe(D3D_OK);
    expect(dev.CheckResourceResidency([t, vb], 3)).toBe(D3DERR.INVALIDCALL);
    expect(dev.CheckResourceResidency([t], 0)).toBe(D3DERR.INVALIDCALL);
    expect(dev.CheckResourceResidency(null, 1)).toBe(D3DERR.INVALIDCALL);
  });

  it('SetConvolutionMonoKernel: 1..7 on each side, NULL weights are ones', () => {
    const dev = exDevice();
    expect(dev.SetConvolutionMonoKernel(3, 2, [0.25, 0.5, 0.25], null)).toBe(D3D_OK);
    expect(dev.misc.convolution).toEqual({ width: 3, height: 2, rows: [0.25, 0.5, 0.25], columns: [1, 1] });
    expect(dev.SetConvolutionMonoKernel(8, 1, null, null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetConvolutionMonoKernel(0, 1, null, null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetConvolutionMonoKernel(3, 1, [1, 2], null)).toBe(D3DERR.INVALIDCALL);
  });
});

describe('ComposeRects (the documented operation on A1 surfaces)', () => {
  /** A 16×2 A1 surface with its two rows of two bytes (first pixel in the top bit). */
  function a1(dev: Device, rows: number[][]): Surface {
    const s = dev.CreateOffscreenPlainSurfaceEx(16, 2, D3DFMT.A1, D3DPOOL.DEFAULT, null, D3DUSAGE.TEXTAPI).surface as Surface;
    const lr = s.LockRect(null, 0).lockedRect!;
    rows.forEach((r, y) => lr.pBits.set(r, y * lr.Pitch));
    s.UnlockRect();
    return s;
  }
  function descs(dev: Device, words: number[]): IDirect3DVertexBuffer9 {
    const vb = dev.CreateVertexBuffer(words.length * 2, 0, 0, D3DPOOL.DEFAULT).vertexBuffer!;
    vb.Lock(0, 0, 0).data!.set(new Uint8Array(new Uint16Array(words).buffer));
    vb.Unlock();
    return vb;
  }
  const bytes = (s: Surface): number[] => [s.data[0], s.data[1], s.data[s.pitch], s.data[s.pitch + 1]];
  // source rects: 0 = (0,0) 4×2, 1 = (12,0) 4×1, 2 = (14,0) 4×1 (not inside the 16-wide source: ignored)
  const SRC = [0, 0, 4, 2, 12, 0, 4, 1, 14, 0, 4, 1];
  // destinations: rect 0 at (2,0), rect 1 at (8,1), rect 2 at (0,0)
  const DST = [0, 0, 2, 0, 1, 0, 8, 1, 2, 0, 0, 0];
  // source rows 10110000 00000001 / 11111111 00000000; destination rows 00001111 11110000 / 0 0
  const cases: Array<[string, number, number[]]> = [
    ['COPY', D3DCOMPOSERECTSOP.COPY, [0x2f, 0xf0, 0x3c, 0x10]],
    ['OR', D3DCOMPOSERECTSOP.OR, [0x2f, 0xf0, 0x3c, 0x10]],
    ['AND', D3DCOMPOSERECTSOP.AND, [0x0f, 0xf0, 0x00, 0x00]],
    ['NEG', D3DCOMPOSERECTSOP.NEG, [0x13, 0xf0, 0x00, 0xe0]],
  ];
  for (const [what, op, want] of cases) {
    it(`${what} writes each rectangle with its operation`, () => {
      const dev = exDevice();
      const src = a1(dev, [[0xb0, 0x01], [0xff, 0x00]]);
      const dst = a1(dev, [[0x0f, 0xf0], [0x00, 0x00]]);
      expect(dev.ComposeRects(src, dst, descs(dev, SRC), 3, descs(dev, DST), op, 0, 0)).toBe(D3D_OK);
      expect(bytes(dst)).toEqual(want);
    });
  }

  it('offsets move the destinations and clip them to the surface', () => {
    const dev = exDevice();
    const src = a1(dev, [[0xb0, 0x01], [0xff, 0x00]]);
    const dst = a1(dev, [[0x0f, 0xf0], [0x00, 0x00]]);
    // rect 0 lands at (-1, 1): source columns 1..3 of row 0 reach x 0..2 of row 1; rect 1 at (5, 2) is outside
    expect(dev.ComposeRects(src, dst, descs(dev, SRC), 2, descs(dev, DST), D3DCOMPOSERECTSOP.COPY, -3, 1)).toBe(D3D_OK);
    expect(bytes(dst)).toEqual([0x0f, 0xf0, 0x60, 0x00]);
  });

  it('only NumRects destinations are read', () => {
    const dev = exDevice();
    const src = a1(dev, [[0xb0, 0x01], [0xff, 0x00]]);
    const dst = a1(dev, [[0x0f, 0xf0], [0x00, 0x00]]);
    expect(dev.ComposeRects(src, dst, descs(dev, SRC), 1, descs(dev, DST), D3DCOMPOSERECTSOP.COPY, 0, 0)).toBe(D3D_OK);
    expect(bytes(dst)).toEqual([0x2f, 0xf0, 0x3c, 0x00]);
  });

  it('refuses what the docs rule out, changing nothing', () => {
    const dev = exDevice();
    const src = a1(dev, [[0xb0, 0x01], [0xff, 0x00]]);
    const dst = a1(dev, [[0x0f, 0xf0], [0x00, 0x00]]);
    const s = descs(dev, SRC), d = descs(dev, DST);
    const argb = dev.CreateOffscreenPlainSurface(16, 2, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).surface!;
    const IC = D3DERR.INVALIDCALL;
    expect(dev.ComposeRects(src, src, s, 1, d, 1, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(src, argb, s, 1, d, 1, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(null, dst, s, 1, d, 1, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(src, dst, null, 1, d, 1, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(src, dst, s, 1, d, 0, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(src, dst, s, 1, d, 5, 0, 0)).toBe(IC);
    expect(dev.ComposeRects(src, dst, s, 0x10000, d, 1, 0, 0)).toBe(IC);
    // a destination naming source rect 3 of 3
    expect(dev.ComposeRects(src, dst, s, 1, descs(dev, [3, 0, 0, 0]), 1, 0, 0)).toBe(IC);
    s.Lock(0, 0, 0);
    expect(dev.ComposeRects(src, dst, s, 1, d, 1, 0, 0)).toBe(IC);
    s.Unlock();
    expect(bytes(dst)).toEqual([0x0f, 0xf0, 0x00, 0x00]);
    expect(device().ComposeRects(src, dst, s, 1, d, 1, 0, 0)).toBe(IC);
  });
});

describe('textures over application memory (D3D9Ex; Wine d3d9ex.c test_user_memory, device.c test_shared_handle)', () => {
  const mem = (): Uint8Array => {
    const m = new Uint8Array(128 * 128 * 4);
    for (let i = 0; i < m.length; i++) m[i] = (i * 7) & 0xff;
    return m;
  };
  it('an Ex device makes a one-level SYSTEMMEM texture holding the memory\'s bytes at a pitch of width × 4', () => {
    const dev = exDevice();
    const bytes = mem();
    const r = dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, bytes);
    expect(r.hr).toBe(D3D_OK);
    const lr = r.texture!.LockRect(0, null, 0).lockedRect!;
    expect(lr.Pitch).toBe(128 * 4);
    expect(lr.pBits.subarray(0, 128 * 128 * 4)).toEqual(bytes);
    r.texture!.UnlockRect(0);
  });
  it('refuses Levels 0 (even 1×1) or 2, and pools other than SYSTEMMEM, with INVALIDCALL', () => {
    const dev = exDevice();
    expect(dev.CreateTexture(128, 128, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, mem()).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(1, 1, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, mem()).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(128, 128, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, mem()).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH, mem()).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, new Uint8Array(16)).hr).toBe(D3DERR.INVALIDCALL);
  });
  it('a device that is not Ex answers any pSharedHandle with E_NOTIMPL', () => {
    const dev = device();
    expect(dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, mem()).hr).toBe(0x80004001);
    expect(dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT, 0x1234).hr).toBe(0x80004001);
    expect(dev.CreateOffscreenPlainSurface(128, 128, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT, 0x1234).hr).toBe(0x80004001);
    expect(dev.CreateVertexBuffer(16, 0, 0, D3DPOOL.DEFAULT, 0x1234).hr).toBe(0x80004001);
    expect(dev.CreateIndexBuffer(16, 0, D3DFMT.INDEX16, D3DPOOL.DEFAULT, 0x1234).hr).toBe(0x80004001);
  });
});
