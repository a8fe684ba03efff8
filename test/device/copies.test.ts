import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { D3DCLEAR, D3DERR, D3DFMT, D3DPOOL, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 8 }).device as Device;
}
const u32 = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + x * 4, true);
const u16 = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint16(y * s.pitch + x * 2, true);
const IC = D3DERR.INVALIDCALL;

describe('UpdateSurface', () => {
  it('copies a SYSTEMMEM rect to a point of a DEFAULT surface of the same format', () => {
    const dev = device();
    const src = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).surface as Surface;
    new Uint32Array(src.data.buffer).forEach((_, i, a) => { a[i] = 0xff000000 + i; });
    const dst = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, false).surface as Surface;
    expect(dev.UpdateSurface(src, { left: 1, top: 1, right: 3, bottom: 3 }, dst, { x: 5, y: 6 })).toBe(D3D_OK);
    expect([u32(dst, 5, 6), u32(dst, 6, 6), u32(dst, 5, 7), u32(dst, 6, 7)]).toEqual([0xff000005, 0xff000006, 0xff000009, 0xff00000a]);
    expect(u32(dst, 4, 6)).toBe(0);
  });

  const rows: Array<[string, (d: Device) => number]> = [
    ['a DEFAULT source', (d) => d.UpdateSurface(d.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false).surface!, null, d.backBuffer, null)],
    ['a SYSTEMMEM destination', (d) => d.UpdateSurface(d.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).surface!, null, d.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).surface!, null)],
    ['different formats', (d) => d.UpdateSurface(d.CreateOffscreenPlainSurface(4, 4, D3DFMT.R5G6B5, D3DPOOL.SYSTEMMEM).surface!, null, d.backBuffer, null)],
    ['a rect past the source', (d) => d.UpdateSurface(d.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!, { left: 0, top: 0, right: 5, bottom: 1 }, d.backBuffer, null)],
    ['a point that pushes the rect past the destination', (d) => d.UpdateSurface(d.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!, null, d.backBuffer, { x: 13, y: 0 })],
    ['a locked source', (d) => { const s = d.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!; s.LockRect(null, 0); return d.UpdateSurface(s, null, d.backBuffer, null); }],
    ['a DXT rect off the block grid', (d) => d.UpdateSurface(d.CreateOffscreenPlainSurface(8, 8, D3DFMT.DXT1, D3DPOOL.SYSTEMMEM).surface!, { left: 2, top: 0, right: 6, bottom: 4 }, d.CreateTexture(8, 8, 1, 0, D3DFMT.DXT1, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!, null)],
  ];
  for (const [what, call] of rows) it(`refuses ${what}`, () => expect(call(device())).toBe(IC));
});

describe('GetRenderTargetData', () => {
  it('reads a render target back into a SYSTEMMEM surface of the same size and format', () => {
    const dev = device();
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff112233, 1, 0);
    const sys = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(dev.backBuffer, sys)).toBe(D3D_OK);
    expect(u32(sys, 15, 7)).toBe(0xff112233);
  });

  it('refuses a size or format mismatch and a multisampled source', () => {
    const dev = device();
    expect(dev.GetRenderTargetData(dev.backBuffer, dev.CreateOffscreenPlainSurface(8, 8, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!)).toBe(IC);
    expect(dev.GetRenderTargetData(dev.backBuffer, dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).surface!)).toBe(IC);
    const ms = dev.CreateRenderTarget(16, 8, D3DFMT.X8R8G8B8, 2, 0, false).surface!;
    expect(dev.GetRenderTargetData(ms, dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface!)).toBe(IC);
  });
});

describe('depth-stencil data to and from lockable formats (replay9\'s extension, seed 000\'s rules)', () => {
  it('reads D24S8 depth into D16_LOCKABLE, D32F_LOCKABLE and stencil into S8_LOCKABLE', () => {
    const dev = device();
    const ds = dev.autoDepthStencil!;
    dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 0.5, 7);
    const d16 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.D16_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, d16)).toBe(D3D_OK);
    // D24 0x800000 widens to 0x80000080 (high bits replicated), narrows to 16 bits: 0x8000
    expect(u16(d16, 3, 3)).toBe(0x8000);
    const s8 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.S8_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, s8)).toBe(D3D_OK);
    expect(s8.data[3 * s8.pitch + 3]).toBe(7);
    const f32 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.D32F_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, f32)).toBe(D3D_OK);
    expect(new DataView(f32.data.buffer).getFloat32(0, true)).toBeCloseTo(0x80000080 / 0xffffffff, 7);
  });

  it('writes D16_LOCKABLE depth into D24S8, keeping the stencil', () => {
    const dev = device();
    const ds = dev.autoDepthStencil!;
    dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 1, 0x5a);
    const d16 = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.D16_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    new Uint16Array(d16.data.buffer).fill(0x4000);
    expect(dev.UpdateSurface(d16, null, ds, { x: 2, y: 2 })).toBe(D3D_OK);
    // 0x4000 widens to 0x40004000, narrows to 24 bits: 0x400040, stored above the kept stencil 0x5a
    expect(u32(ds, 3, 3) >>> 0).toBe(0x4000405a);
    expect(u32(ds, 0, 0) >>> 0).toBe(0xffffff5a);
  });

  // reference A.1/A.2: D24 d widens to u32 (d << 8) | (d >> 16); u32 narrows to n bits as u32 >>> (32 − n);
  // a float f becomes round(clamp(f, 0, 1) · 0xFFFFFFFF) (rounding stated by replay9: to nearest)
  const widen24 = (d: number): number => ((d << 8) | (d >>> 16)) >>> 0;
  const widen16 = (d: number): number => ((d << 16) | d) >>> 0;
  const MAX = 0xffffffff;
  /** a D24S8 surface of 16×8 holding seeded depths and stencils */
  function seeded(dev: Device): { ds: Surface; depth: number[]; stencil: number[] } {
    const ds = dev.autoDepthStencil!;
    const depth: number[] = [];
    const stencil: number[] = [];
    let a = 12345;
    const next = (): number => (a = (Math.imul(a, 1103515245) + 12345) >>> 0);
    const dv = new DataView(ds.data.buffer, ds.data.byteOffset);
    for (let i = 0; i < 16 * 8; i++) {
      // spread over the range, with the extremes at the first pixels
      const d = i === 0 ? 0 : i === 1 ? 0xffffff : next() >>> 8;
      const st = next() & 0xff;
      depth.push(d);
      stencil.push(st);
      dv.setUint32((i >> 4) * ds.pitch + (i & 15) * 4, ((d << 8) | st) >>> 0, true);
    }
    return { ds, depth, stencil };
  }

  it('D24S8 → D16_LOCKABLE → D24S8: every pixel by the widening and narrowing rules, the stencil of the destination kept', () => {
    const dev = device();
    const { ds, depth } = seeded(dev);
    const d16 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.D16_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, d16)).toBe(D3D_OK);
    const back = dev.CreateDepthStencilSurface(16, 8, D3DFMT.D24S8, 0, 0, false).surface as Surface;
    new Uint32Array(back.data.buffer, back.data.byteOffset, 16 * 8).fill(0x000000a5);
    expect(dev.UpdateSurface(d16, null, back, null)).toBe(D3D_OK);
    depth.forEach((d, i) => {
      const x = i & 15;
      const y = i >> 4;
      const n16 = widen24(d) >>> 16;
      expect(u16(d16, x, y)).toBe(n16);
      expect(u32(back, x, y) >>> 0).toBe(((((widen16(n16) >>> 8) << 8) | 0xa5) >>> 0));
    });
    // the extremes survive exactly: 0 and 0xFFFFFF
    expect(u32(back, 0, 0) >>> 8).toBe(0);
    expect(u32(back, 1, 0) >>> 8).toBe(0xffffff);
  });

  it('D24S8 → D32F_LOCKABLE → D24S8: float32 of u32 / 0xFFFFFFFF, back by round-to-nearest, within one step of the original', () => {
    const dev = device();
    const { ds, depth } = seeded(dev);
    const f = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.D32F_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, f)).toBe(D3D_OK);
    const back = dev.CreateDepthStencilSurface(16, 8, D3DFMT.D24S8, 0, 0, false).surface as Surface;
    expect(dev.UpdateSurface(f, null, back, null)).toBe(D3D_OK);
    const fv = new DataView(f.data.buffer, f.data.byteOffset);
    depth.forEach((d, i) => {
      const x = i & 15;
      const y = i >> 4;
      const stored = Math.fround(widen24(d) / MAX);
      expect(fv.getFloat32(y * f.pitch + x * 4, true)).toBe(stored);
      const again = u32(back, x, y) >>> 8;
      expect(again).toBe(Math.round(stored * MAX) >>> 8);
      expect(Math.abs(again - d)).toBeLessThanOrEqual(1);
    });
    expect(u32(back, 0, 0) >>> 8).toBe(0);
    expect(u32(back, 1, 0) >>> 8).toBe(0xffffff);
  });

  it('S8_LOCKABLE extracts the stencil bytes exactly; a sub-rect lands at its point and nothing else changes', () => {
    const dev = device();
    const { ds, stencil } = seeded(dev);
    const s8 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.S8_LOCKABLE, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(dev.GetRenderTargetData(ds, s8)).toBe(D3D_OK);
    stencil.forEach((st, i) => expect(s8.data[(i >> 4) * s8.pitch + (i & 15)]).toBe(st));
    // write stencil rect {2,1}-{6,4} of s8 to (9, 3) of a fresh D24S8: depth kept, stencil replaced there only
    const back = dev.CreateDepthStencilSurface(16, 8, D3DFMT.D24S8, 0, 0, false).surface as Surface;
    new Uint32Array(back.data.buffer, back.data.byteOffset, 16 * 8).fill(0x12345600);
    expect(dev.UpdateSurface(s8, { left: 2, top: 1, right: 6, bottom: 4 }, back, { x: 9, y: 3 })).toBe(D3D_OK);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 16; x++) {
        const inside = x >= 9 && x < 13 && y >= 3 && y < 6;
        const want = inside ? (0x12345600 | stencil[(y - 3 + 1) * 16 + (x - 9 + 2)]) >>> 0 : 0x12345600;
        expect(u32(back, x, y) >>> 0, `(${x},${y})`).toBe(want);
      }
    }
  });

  it('refuses pairs with no channel in common and opaque system-memory surfaces', () => {
    const dev = device();
    expect(dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.D24S8, D3DPOOL.SYSTEMMEM).hr).toBe(IC);
    const dsNoStencil = dev.CreateDepthStencilSurface(16, 8, D3DFMT.D16, 0, 0, false).surface!;
    expect(dev.GetRenderTargetData(dsNoStencil, dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.S8_LOCKABLE, D3DPOOL.SYSTEMMEM).surface!)).toBe(IC);
  });
});

describe('UpdateTexture', () => {
  it('copies every level of a SYSTEMMEM texture into a DEFAULT one', () => {
    const dev = device();
    const src = dev.CreateTexture(8, 8, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture!;
    const dst = dev.CreateTexture(8, 8, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    for (let l = 0; l < src.GetLevelCount(); l++) {
      src.LockRect(l, null, 0).lockedRect!.pBits.fill(10 + l);
      src.UnlockRect(l);
    }
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    const levels = (dst as unknown as { levels: Surface[] }).levels;
    expect(levels.map((s) => s.data[0])).toEqual([10, 11, 12, 13]);
  });

  it('refuses mismatched formats, pools or too few source levels', () => {
    const dev = device();
    const sys1 = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture!;
    expect(dev.UpdateTexture(sys1, dev.CreateTexture(8, 8, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!)).toBe(IC);
    expect(dev.UpdateTexture(sys1, dev.CreateTexture(8, 8, 1, 0, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).texture!)).toBe(IC);
    expect(dev.UpdateTexture(sys1, dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!)).toBe(IC);
    // a larger source copies its matching-size levels
    const big = dev.CreateTexture(16, 16, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture!;
    expect(dev.UpdateTexture(big, dev.CreateTexture(8, 8, 0, D3DUSAGE.DYNAMIC, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!)).toBe(D3D_OK);
  });
});
