/**
 * A depth-stencil surface smaller than the render target: D3D9 leaves it undefined; replay9 draws
 * only the pixels the depth-stencil surface covers while depth or stencil testing is on, and never
 * touches memory outside either surface.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

function setup(): { dev: Device; ds: Surface } {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 8 }).device as Device;
  const ds = dev.CreateDepthStencilSurface(8, 4, D3DFMT.D24S8, 0, 0, false).surface as Surface;
  expect(dev.SetDepthStencilSurface(ds)).toBe(D3D_OK);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0xff000000, 1, 0x33);
  return { dev, ds };
}

function fullScreen(dev: Device): void {
  const v = new Float32Array(20);
  const u = new Uint32Array(v.buffer);
  [[0, 0], [16, 0], [0, 8], [16, 8]].forEach(([x, y], i) => { v.set([x, y, 0.5, 1], i * 5); u[i * 5 + 4] = 0xffffffff; });
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 20)).toBe(D3D_OK);
}

const px = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + 4 * x, true) >>> 0;

describe('a depth-stencil surface smaller than the render target', () => {
  for (const [what, state] of [['depth test', D3DRS.ZENABLE], ['stencil test', D3DRS.STENCILENABLE]] as const) {
    it(`with the ${what} on, only the pixels it covers are drawn and its memory stays its own`, () => {
      const { dev, ds } = setup();
      dev.SetRenderState(D3DRS.ZENABLE, 0);
      dev.SetRenderState(state, 1);
      dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
      dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.ALWAYS);
      fullScreen(dev);
      const bb = dev.backBuffer;
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 16; x++) expect(px(bb, x, y) & 0xffffff, `(${x},${y})`).toBe(x < 8 && y < 4 ? 0xffffff : 0);
      }
      // every depth-stencil pixel written once: z 0.5 over the cleared stencil 0x33, when depth was written
      const want = state === D3DRS.ZENABLE ? 0x80000033 : 0xffffff33;
      for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) expect(px(ds, x, y)).toBe(want);
    });
  }

  it('with neither test on, the whole render target is drawn', () => {
    const { dev } = setup();
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    fullScreen(dev);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 16; x++) expect(px(dev.backBuffer, x, y) & 0xffffff).toBe(0xffffff);
  });
});
