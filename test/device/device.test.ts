import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { D3DCLEAR, D3DERR, D3DFMT, D3DLOCK, D3DPOOL, D3DUSAGE, D3D_OK, HR } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import type { D3DPRESENT_PARAMETERS } from '../../src/device/types.js';

function device(pp: Partial<D3DPRESENT_PARAMETERS> = {}): Device {
  const d3d = Direct3DCreate9(32)!;
  const r = d3d.CreateDevice(0, 1, null, 0x20, { ...PP, ...pp });
  expect(r.hr).toBe(D3D_OK);
  return r.device as Device;
}

/** The stored word of pixel (x, y) of a surface with 1-4 byte pixels. */
function word(s: Surface, x: number, y: number): number {
  const n = s.format.blockBytes;
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + s.data[y * s.pitch + x * n + i];
  return v;
}

describe('Clear and ColorFill store what D3D9 stores', () => {
  // FLOAT→UNORM: c/255 · (2^n − 1) + 0.5, truncated (reference C.5)
  const cases: Array<[string, number, number, number]> = [
    ['A8R8G8B8 keeps every bit', D3DFMT.A8R8G8B8, 0x80ff4001, 0x80ff4001],
    ['X8R8G8B8 writes X as all ones', D3DFMT.X8R8G8B8, 0x00123456, 0xff123456],
    ['R5G6B5 rounds 0x80 to 16/32/16', D3DFMT.R5G6B5, 0xff808080, (16 << 11) | (32 << 5) | 16],
    ['A1R5G5B5 rounds alpha 0x80 up to 1', D3DFMT.A1R5G5B5, 0x80ff0000, 0x8000 | (31 << 10)],
    ['A4R4G4B4 takes the nearest 4-bit step', D3DFMT.A4R4G4B4, 0x7f0f1122, (7 << 12) | (1 << 8) | (1 << 4) | 2],
    ['A2R10G10B10 widens 8-bit channels', D3DFMT.A2R10G10B10, 0xffff8000, (3 * 2 ** 30) + (1023 << 20) + (514 << 10)],
    ['A8B8G8R8 swaps red and blue', D3DFMT.A8B8G8R8, 0xff102030, 0xff302010],
  ];
  for (const [what, fmt, color, stored] of cases) {
    it(what, () => {
      const dev = device();
      const s = dev.CreateRenderTarget(8, 4, fmt, 0, 0, false).surface as Surface;
      expect(dev.ColorFill(s, { left: 2, top: 1, right: 6, bottom: 3 }, color)).toBe(D3D_OK);
      expect(word(s, 3, 2) >>> 0).toBe(stored >>> 0);
      expect(word(s, 1, 1)).toBe(0);
      expect(word(s, 6, 2)).toBe(0);
    });
  }

  it('clears depth and stencil of D24S8 separately, keeping the other', () => {
    const dev = device();
    const ds = dev.autoDepthStencil!;
    expect(dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 0.5, 0x1ab)).toBe(D3D_OK);
    // 0.5 · (2^24 − 1) + 0.5 = 8388608 = 0x800000; the stencil keeps its low 8 bits
    expect(word(ds, 0, 0)).toBe(0x800000ab);
    expect(dev.Clear(0, null, D3DCLEAR.STENCIL, 0, 0, 7)).toBe(D3D_OK);
    expect(word(ds, 5, 5)).toBe(0x80000007);
    expect(dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1, 0)).toBe(D3D_OK);
    expect(word(ds, 5, 5)).toBe(0xffffff07);
  });

  it('converts the clear colour through the sRGB curve with SRGBWRITEENABLE, on formats that allow it', () => {
    const dev = device();
    dev.SetRenderState(194, 1); // D3DRS_SRGBWRITEENABLE
    expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0xff808080, 1, 0)).toBe(D3D_OK);
    // linear 128/255 is sRGB 0.7372: ·255 + 0.5 truncates to 188 (0xBC); X8R8G8B8's X byte is written as ones
    expect(word(dev.backBuffer, 3, 3) >>> 0).toBe(0xffbcbcbc);
    const rt = dev.CreateRenderTarget(4, 4, D3DFMT.R5G6B5, 0, 0, false).surface as Surface;
    expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
    expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0xff808080, 1, 0)).toBe(D3D_OK);
    // R5G6B5 has no sRGB writes: the colour is stored linear
    expect(word(rt, 1, 1)).toBe((16 << 11) | (32 << 5) | 16);
  });

  it('fills compressed surfaces in whole blocks only', () => {
    const dev = device();
    const dxt = dev.CreateOffscreenPlainSurface(8, 8, D3DFMT.DXT1, D3DPOOL.DEFAULT).surface as Surface;
    expect(dev.ColorFill(dxt, { left: 1, top: 0, right: 4, bottom: 4 }, 0xffffffff)).toBe(D3DERR.INVALIDCALL);
    expect(dev.ColorFill(dxt, { left: 4, top: 4, right: 8, bottom: 8 }, 0xffff0000)).toBe(D3D_OK);
    // block (1, 1): both endpoints pure red 0xF800
    expect([...dxt.data.subarray(dxt.pitch + 8, dxt.pitch + 12)]).toEqual([0x00, 0xf8, 0x00, 0xf8]);
    expect([...dxt.data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('clips Clear to the viewport and to the rects given', () => {
    const dev = device();
    const bb = dev.backBuffer;
    dev.SetViewport({ X: 2, Y: 2, Width: 4, Height: 4, MinZ: 0, MaxZ: 1 });
    expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0xffffffff, 1, 0)).toBe(D3D_OK);
    expect([word(bb, 1, 1), word(bb, 2, 2), word(bb, 5, 5), word(bb, 6, 6)]).toEqual([0, 0xffffffff, 0xffffffff, 0]);
    expect(dev.Clear(1, [{ left: 0, top: 0, right: 3, bottom: 3 }], D3DCLEAR.TARGET, 0xff00ff00, 1, 0)).toBe(D3D_OK);
    expect([word(bb, 0, 0), word(bb, 2, 2), word(bb, 3, 3)]).toEqual([0, 0xff00ff00, 0xffffffff]);
  });

  it('refuses the Clear calls Windows refuses', () => {
    const noDepth = device({ EnableAutoDepthStencil: false });
    expect(noDepth.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1, 0)).toBe(D3DERR.INVALIDCALL);
    const d24x8 = device({ AutoDepthStencilFormat: D3DFMT.D24X8 });
    expect(d24x8.Clear(0, null, D3DCLEAR.STENCIL, 0, 1, 0)).toBe(D3DERR.INVALIDCALL);
    expect(d24x8.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1, 0)).toBe(D3D_OK);
    const dev = device();
    expect(dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1.5, 0)).toBe(D3DERR.INVALIDCALL);
    expect(noDepth.Clear(1, null, D3DCLEAR.ZBUFFER, 0, 1, 0)).toBe(D3DERR.INVALIDCALL);
  });

  // Wine visual.c clear_test, Windows-validated: both succeed; the first clears nothing, the second
  // clears as if no rects were given (the docs' "must be 0 if pRects is NULL" is not enforced)
  it.each([
    ['Count 0 with rects clears nothing', 0, [{ left: 0, top: 0, right: 64, bottom: 32 }], 0xff0000ff],
    ['Count 1 with NULL rects clears the whole viewport', 1, null, 0xff00ff00],
    ['Count 2 with NULL rects clears the whole viewport', 2, null, 0xff00ff00],
  ] as const)('accepts a Count that does not match pRects: %s', (_what, count, rects, want) => {
    const dev = device();
    const bb = dev.backBuffer;
    expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0xff0000ff, 1, 0)).toBe(D3D_OK);
    expect(dev.Clear(count, rects, D3DCLEAR.TARGET, 0xff00ff00, 1, 0)).toBe(D3D_OK);
    for (const [x, y] of [[0, 0], [32, 16], [63, 31]]) expect(word(bb, x, y) & 0xffffff).toBe(want & 0xffffff);
  });

  it('refuses ColorFill on surfaces outside the DEFAULT pool, depth buffers and out-of-bounds rects', () => {
    const dev = device();
    const sys = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!;
    expect(dev.ColorFill(sys, null, 0)).toBe(D3DERR.INVALIDCALL);
    expect(dev.ColorFill(dev.autoDepthStencil, null, 0)).toBe(D3DERR.INVALIDCALL);
    expect(dev.ColorFill(dev.backBuffer, { left: 0, top: 0, right: 65, bottom: 1 }, 0)).toBe(D3DERR.INVALIDCALL);
    expect(dev.ColorFill(dev.backBuffer, { left: 3, top: 0, right: 3, bottom: 1 }, 0)).toBe(D3DERR.INVALIDCALL);
    const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    expect(dev.ColorFill(tex.GetSurfaceLevel(0).surface!, null, 0)).toBe(D3DERR.INVALIDCALL);
    const rtTex = dev.CreateTexture(4, 4, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    expect(dev.ColorFill(rtTex.GetSurfaceLevel(0).surface!, null, 0xff000000)).toBe(D3D_OK);
  });
});

describe('resources follow D3D9 creation and lock rules', () => {
  it('refuses what Windows refuses at creation', () => {
    const dev = device();
    expect(dev.CreateTexture(4, 4, 1, D3DUSAGE.RENDERTARGET | D3DUSAGE.DYNAMIC, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(4, 4, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(4, 4, 1, 0, D3DFMT.D24S8, D3DPOOL.DEFAULT).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateRenderTarget(4, 4, D3DFMT.D16, 0, 0, false).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateDepthStencilSurface(4, 4, D3DFMT.A8R8G8B8, 0, 0, false).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.MANAGED).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateIndexBuffer(16, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateRenderTarget(0, 4, D3DFMT.A8R8G8B8, 0, 0, false).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('answers D3DERR_OUTOFVIDEOMEMORY instead of exhausting the process', () => {
    const dev = device();
    const held: unknown[] = [];
    let hr: number = D3D_OK;
    for (let i = 0; i < 40 && hr === D3D_OK; i++) {
      const r = dev.CreateRenderTarget(8192, 8192, D3DFMT.A8R8G8B8, 0, 0, false);
      hr = r.hr;
      held.push(r.surface);
    }
    expect(hr).toBe(HR.D3DERR_OUTOFVIDEOMEMORY);
  });

  it('locks only what is lockable, once, within bounds', () => {
    const dev = device();
    const rtNo = dev.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false).surface!;
    expect(rtNo.LockRect(null, 0).hr).toBe(D3DERR.INVALIDCALL);
    const rt = dev.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
    expect(rt.LockRect({ left: 0, top: 0, right: 5, bottom: 1 }, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(rt.LockRect(null, 0).hr).toBe(D3D_OK);
    expect(rt.LockRect(null, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(rt.UnlockRect()).toBe(D3D_OK);
    expect(rt.UnlockRect()).toBe(D3DERR.INVALIDCALL);
    expect(dev.autoDepthStencil!.LockRect(null, 0).hr).toBe(D3DERR.INVALIDCALL);
    const d16l = dev.CreateDepthStencilSurface(4, 4, D3DFMT.D16_LOCKABLE, 0, 0, false).surface!;
    expect(d16l.LockRect(null, D3DLOCK.READONLY).hr).toBe(D3D_OK);
    const defTex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    expect(defTex.LockRect(0, null, 0).hr).toBe(D3DERR.INVALIDCALL);
    const dynTex = dev.CreateTexture(4, 4, 1, D3DUSAGE.DYNAMIC, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    expect(dynTex.LockRect(0, null, D3DLOCK.DISCARD).hr).toBe(D3D_OK);
    const dxt = dev.CreateTexture(8, 8, 1, 0, D3DFMT.DXT1, D3DPOOL.MANAGED).texture!;
    expect(dxt.LockRect(0, { left: 2, top: 0, right: 4, bottom: 4 }, 0).hr).toBe(D3DERR.INVALIDCALL);
    const lr = dxt.LockRect(0, { left: 4, top: 4, right: 8, bottom: 8 }, 0);
    expect(lr.hr).toBe(D3D_OK);
    expect(lr.lockedRect!.Pitch).toBe(16);
  });

  it('builds mip chains down to 1×1 when Levels is 0', () => {
    const dev = device();
    expect(dev.CreateTexture(16, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!.GetLevelCount()).toBe(5);
    expect(dev.CreateTexture(16, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!.GetLevelCount()).toBe(2);
    expect(dev.CreateTexture(16, 4, 0, D3DUSAGE.AUTOGENMIPMAP, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!.GetLevelCount()).toBe(1);
  });

  it('counts references as COM does', () => {
    const dev = device();
    const bb = dev.GetBackBuffer(0, 0, 0).surface!;
    // the back buffer's count starts at 0: GetBackBuffer makes it 1 (Wine device.c test_refcount)
    expect(bb.Release()).toBe(0);
    const tex = dev.CreateTexture(4, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    const lvl = tex.GetSurfaceLevel(1).surface!;
    // a level shares its texture's count
    expect(tex.Release()).toBe(1);
    expect(lvl.Release()).toBe(0);
  });

  it('resets the viewport and scissor rect when render target 0 changes', () => {
    const dev = device();
    const rt = dev.CreateRenderTarget(10, 6, D3DFMT.A8R8G8B8, 0, 0, false).surface!;
    dev.SetViewport({ X: 1, Y: 1, Width: 2, Height: 2, MinZ: 0.5, MaxZ: 1 });
    expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
    expect(dev.state.viewport).toEqual({ X: 0, Y: 0, Width: 10, Height: 6, MinZ: 0, MaxZ: 1 });
    expect(dev.state.scissor).toEqual({ left: 0, top: 0, right: 10, bottom: 6 });
    expect(dev.SetRenderTarget(0, null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetViewport({ X: 5, Y: 0, Width: 6, Height: 6, MinZ: 0, MaxZ: 1 })).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetDepthStencilSurface().hr).toBe(D3D_OK);
    expect(dev.SetDepthStencilSurface(null)).toBe(D3D_OK);
    expect(dev.GetDepthStencilSurface().hr).toBe(D3DERR.NOTFOUND);
  });

  it('starts with the documented state: ZENABLE follows the auto depth-stencil', () => {
    expect(device().state.renderStates[7]).toBe(1);
    expect(device({ EnableAutoDepthStencil: false }).state.renderStates[7]).toBe(0);
    // STENCILMASK default 0xFFFFFFFF, CULLMODE CCW (3)
    expect(device().state.renderStates[58]).toBe(0xffffffff);
    expect(device().state.renderStates[22]).toBe(3);
  });
});
