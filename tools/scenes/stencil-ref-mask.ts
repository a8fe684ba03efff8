/**
 * Stencil reference, read mask and write mask:
 * `replay9 record tools/scenes/stencil-ref-mask.ts -o traces/stencil-ref-mask.r9t`.
 * Overlapping quads write stencil values (REPLACE with references 1 and 2, a
 * REPLACE through write mask 0x04, an INCR and an INVERT); then each frame
 * shows the buffer by drawing one colour per value with STENCILFUNC EQUAL:
 * frame 0 compares all bits (STENCILMASK 0xFF), frame 1 only the low two
 * (STENCILMASK 0x03, so 5 reads as 1 and 6 as 2).
 */
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS, D3DSTENCILOP } from '../../src/index.js';
import type { Direct3D9, IDirect3DDevice9, Scene, SceneContext } from '../../src/index.js';
import { createDevice, rhwQuad } from './lib.js';

const W = 128;
const H = 96;
const PALETTE = [0xff101010, 0xffe04040, 0xff40c040, 0xff4060e0, 0xffe0e040, 0xffe040e0, 0xff40e0e0, 0xffffffff];

function writeStencil(dev: IDirect3DDevice9): void {
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.STENCILENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.ALWAYS);
  const quad = (x0: number, y0: number, x1: number, y1: number, op: number, ref: number, writeMask: number): void => {
    dev.SetRenderState(D3DRS.STENCILPASS, op);
    dev.SetRenderState(D3DRS.STENCILREF, ref);
    dev.SetRenderState(D3DRS.STENCILWRITEMASK, writeMask);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(x0, y0, x1, y1, 0.5, 0xffffffff), 20);
  };
  quad(8, 8, 72, 60, D3DSTENCILOP.REPLACE, 1, 0xff);
  quad(48, 32, 120, 88, D3DSTENCILOP.REPLACE, 2, 0xff);
  // only bit 2 of the reference lands: 0 → 4, 1 → 5, 2 → 6
  quad(30, 20, 100, 50, D3DSTENCILOP.REPLACE, 0xff, 0x04);
  quad(16, 70, 56, 90, D3DSTENCILOP.INCR, 0, 0xff);
  // INVERT through write mask 0x03: 0 → 3, 2 → 1, 6 → 5
  quad(90, 10, 124, 40, D3DSTENCILOP.INVERT, 0, 0x03);
}

function showStencil(dev: IDirect3DDevice9, readMask: number): void {
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0xf);
  dev.SetRenderState(D3DRS.STENCILWRITEMASK, 0);
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.EQUAL);
  dev.SetRenderState(D3DRS.STENCILMASK, readMask);
  PALETTE.forEach((color, value) => {
    dev.SetRenderState(D3DRS.STENCILREF, value);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(0, 0, W, H, 0.5, color), 20);
  });
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  for (const readMask of [0xff, 0x03]) {
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.STENCIL, 0xff808080, 1, 0);
    dev.BeginScene();
    writeStencil(dev);
    showStencil(dev, readMask);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
  dev.Release();
};
export default scene;
