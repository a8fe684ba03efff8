/**
 * Depth-stencil values copied between D24S8 and each lockable format, made
 * visible: `replay9 record tools/scenes/depth-stencil-copies.ts -o traces/depth-stencil-copies.r9t`.
 *
 * The auto depth-stencil surface (D24S8) gets a depth ramp (0 at the left edge
 * to 1 at the right, nearer along a diagonal band) and stencil stripes (values
 * 0–7 down the screen). Frame 0 shows it directly; frames 1–4 show it after a
 * round trip through D16_LOCKABLE, D32F_LOCKABLE, D32_LOCKABLE and S8_LOCKABLE
 * (GetRenderTargetData into system memory, UpdateSurface into a fresh D24S8
 * surface cleared to depth 1 and stencil 0: replay9's depth-stencil extension).
 *
 * Showing: the upper half is contoured by 32 quads at depths (i + 0.5) / 32
 * drawn in order with ZFUNC LESS, so a pixel takes the grey of the last band
 * nearer than its stored depth; the lower half draws one colour per stencil
 * value with STENCILFUNC EQUAL. A format without stencil leaves the lower half
 * at value 0; S8_LOCKABLE carries no depth, so the upper half stays at the far
 * clear.
 */
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DMULTISAMPLE, D3DPOOL, D3DPT, D3DRS, D3DSTENCILOP } from '../../src/index.js';
import type { Direct3D9, IDirect3DDevice9, IDirect3DSurface9, Scene, SceneContext } from '../../src/index.js';
import { createDevice, pack, rhwQuad } from './lib.js';

const W = 128;
const H = 96;
const BANDS = 32;
const STENCIL_COLOURS = [0xff000000, 0xffe04040, 0xff40c040, 0xff4060e0, 0xffe0e040, 0xffe040e0, 0xff40e0e0, 0xffffffff];

function drawValues(dev: IDirect3DDevice9): void {
  dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 1, 0);
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.ZENABLE, 1);
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILENABLE, 0);
  // the ramp, then a nearer diagonal band
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, pack('ffffc', [[0, 0, 0, 1, 0], [W, 0, 1, 1, 0], [0, H, 0, 1, 0], [W, H, 1, 1, 0]]), 20);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, pack('ffffc', [[40, 0, 0.1, 1, 0], [64, 0, 0.1, 1, 0], [64, H, 0.3, 1, 0], [88, H, 0.3, 1, 0]]), 20);
  // stencil stripes
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetRenderState(D3DRS.STENCILENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.ALWAYS);
  dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.REPLACE);
  for (let v = 1; v < 8; v++) {
    dev.SetRenderState(D3DRS.STENCILREF, v);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(8 * v, (H / 8) * v, W, H, 0, 0), 20);
  }
}

function showValues(dev: IDirect3DDevice9): void {
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff402020, 1, 0);
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0xf);
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.STENCILENABLE, 0);
  dev.SetRenderState(D3DRS.ZENABLE, 1);
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESS);
  for (let i = 0; i < BANDS; i++) {
    const g = Math.round((255 * i) / (BANDS - 1));
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(0, 0, W, H / 2, (i + 0.5) / BANDS, (0xff000000 | (g << 16) | (g << 8) | g) >>> 0), 20);
  }
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetRenderState(D3DRS.STENCILENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.EQUAL);
  dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.KEEP);
  STENCIL_COLOURS.forEach((colour, v) => {
    dev.SetRenderState(D3DRS.STENCILREF, v);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(0, H / 2, W, H, 0, colour), 20);
  });
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  ctx.name('ds');
  const ds = dev.GetDepthStencilSurface().surface!;
  dev.BeginScene();
  drawValues(dev);
  showValues(dev);
  dev.EndScene();
  dev.Present(null, null, null, null);

  const lockable: Array<[string, number]> = [
    ['d16', D3DFMT.D16_LOCKABLE], ['d32f', D3DFMT.D32F_LOCKABLE], ['d32', D3DFMT.D32_LOCKABLE], ['s8', D3DFMT.S8_LOCKABLE],
  ];
  for (const [name, format] of lockable) {
    ctx.name(`${name}_sys`);
    const sys = dev.CreateOffscreenPlainSurface(W, H, format, D3DPOOL.SYSTEMMEM, null).surface!;
    ctx.name(`${name}_ds`);
    const copy = dev.CreateDepthStencilSurface(W, H, D3DFMT.D24S8, D3DMULTISAMPLE.NONE, 0, false, null).surface!;
    // values out of the original and into a fresh surface cleared to far and 0
    dev.SetDepthStencilSurface(ds);
    dev.BeginScene();
    drawValues(dev);
    dev.EndScene();
    dev.GetRenderTargetData(ds, sys);
    dev.SetDepthStencilSurface(copy);
    dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 1, 0);
    dev.UpdateSurface(sys, null, copy, null);
    dev.BeginScene();
    showValues(dev);
    dev.EndScene();
    dev.Present(null, null, null, null);
    release(copy, sys);
  }
  dev.SetDepthStencilSurface(ds);
  ds.Release();
  dev.Release();
};

function release(...s: IDirect3DSurface9[]): void {
  for (const x of s) x.Release();
}
export default scene;
