/**
 * StretchRect gallery: `replay9 record tools/scenes/stretch-gallery.ts -o traces/stretch-gallery.r9t`.
 * One frame of panels on the back buffer, each a StretchRect:
 * an 8×8 pattern (written in system memory, UpdateSurface'd to a render
 * target) scaled up with POINT and with LINEAR; a 64×64 gradient scaled down
 * with POINT and LINEAR; a 2-sample render target with an antialiased triangle
 * resolved and scaled; the pattern converted through an R5G6B5 render target;
 * YUY2 colour bars converted to RGB.
 */
import { D3DCLEAR, D3DCULL, D3DFMT, D3DFVF, D3DMULTISAMPLE, D3DPOOL, D3DPT, D3DRS, D3DTEXF } from '../../src/index.js';
import type { Direct3D9, IDirect3DSurface9, RECT, Scene, SceneContext } from '../../src/index.js';
import { createDevice, pack } from './lib.js';

const W = 256;
const H = 160;
const rect = (left: number, top: number, w: number, h: number): RECT => ({ left, top, right: left + w, bottom: top + h });

function fillLocked(s: IDirect3DSurface9, bytesPerPixel: number, px: (x: number, y: number) => number): void {
  const desc = s.GetDesc().desc!;
  const lr = s.LockRect(null, 0).lockedRect!;
  const dv = new DataView((lr.pBits as Uint8Array).buffer, (lr.pBits as Uint8Array).byteOffset);
  for (let y = 0; y < desc.Height; y++) {
    for (let x = 0; x < desc.Width / (bytesPerPixel === 2 ? 2 : 1); x++) dv.setUint32(y * lr.Pitch + 4 * x, px(x, y), true);
  }
  s.UnlockRect();
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H);
  ctx.name('bb');
  const bb = dev.GetBackBuffer(0, 0, 0).surface!;
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff303030, 1, 0);

  // an 8×8 pattern: written in system memory, copied to a render target
  ctx.name('pattern_sys');
  const patternSys = dev.CreateOffscreenPlainSurface(8, 8, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
  const colours = [0xffe04040, 0xff40c040, 0xff4060e0, 0xfff0f0f0];
  fillLocked(patternSys, 4, (x, y) => colours[((x >> 1) + 2 * (y >> 2)) & 3] ^ ((x + y) & 1 ? 0x00202020 : 0));
  ctx.name('pattern');
  const pattern = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, D3DMULTISAMPLE.NONE, 0, false, null).surface!;
  dev.UpdateSurface(patternSys, null, pattern, null);
  dev.StretchRect(pattern, null, bb, rect(8, 8, 64, 64), D3DTEXF.POINT);
  dev.StretchRect(pattern, null, bb, rect(80, 8, 64, 64), D3DTEXF.LINEAR);

  // a 64×64 gradient with fine stripes, scaled down
  ctx.name('gradient_sys');
  const gradientSys = dev.CreateOffscreenPlainSurface(64, 64, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
  fillLocked(gradientSys, 4, (x, y) => (0xff000000 | ((x * 4) << 16) | ((y * 4) << 8) | (x & 1 ? 0xff : 0)) >>> 0);
  ctx.name('gradient');
  const gradient = dev.CreateRenderTarget(64, 64, D3DFMT.X8R8G8B8, D3DMULTISAMPLE.NONE, 0, false, null).surface!;
  dev.UpdateSurface(gradientSys, null, gradient, null);
  dev.StretchRect(gradient, null, bb, rect(152, 8, 24, 24), D3DTEXF.POINT);
  dev.StretchRect(gradient, null, bb, rect(152, 40, 24, 24), D3DTEXF.LINEAR);
  dev.StretchRect(gradient, rect(8, 8, 40, 20), bb, rect(184, 8, 64, 56), D3DTEXF.LINEAR);

  // a 2-sample render target: an antialiased triangle, resolved while scaled
  ctx.name('msaa');
  const msaa = dev.CreateRenderTarget(32, 32, D3DFMT.X8R8G8B8, D3DMULTISAMPLE['2_SAMPLES'], 0, false, null).surface!;
  dev.SetRenderTarget(0, msaa);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.MULTISAMPLEANTIALIAS, 1);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  dev.BeginScene();
  dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, pack('ffffc', [[2, 3, 0.5, 1, 0xffffff00], [30, 9, 0.5, 1, 0xffffff00], [9, 29, 0.5, 1, 0xffffff00]]), 20);
  dev.EndScene();
  dev.SetRenderTarget(0, bb);
  dev.StretchRect(msaa, null, bb, rect(8, 80, 64, 64), D3DTEXF.POINT);
  dev.StretchRect(msaa, null, bb, rect(80, 80, 32, 32), D3DTEXF.NONE);

  // R5G6B5 on the way: the pattern converted down to 16 bits and back
  ctx.name('rt565');
  const rt565 = dev.CreateRenderTarget(32, 32, D3DFMT.R5G6B5, D3DMULTISAMPLE.NONE, 0, false, null).surface!;
  dev.StretchRect(gradient, null, rt565, null, D3DTEXF.LINEAR);
  dev.StretchRect(rt565, null, bb, rect(120, 80, 32, 32), D3DTEXF.NONE);

  // YUY2 colour bars: Y0 U Y1 V per pixel pair, converted by StretchRect
  ctx.name('yuy2');
  const yuy2 = dev.CreateOffscreenPlainSurface(16, 8, D3DFMT.YUY2, D3DPOOL.DEFAULT, null).surface!;
  // BT.601 studio-range bars: white, yellow, cyan, green, magenta, red, blue, black ([Y, U, V])
  const bars = [[235, 128, 128], [210, 16, 146], [170, 166, 16], [145, 54, 34], [106, 202, 222], [81, 90, 240], [41, 240, 110], [16, 128, 128]];
  fillLocked(yuy2, 2, (pair) => {
    const [y, u, v] = bars[pair];
    return (y | (u << 8) | (y << 16) | (v << 24)) >>> 0;
  });
  dev.StretchRect(yuy2, null, bb, rect(160, 80, 88, 64), D3DTEXF.POINT);

  dev.Present(null, null, null, null);
  for (const s of [yuy2, rt565, msaa, gradient, gradientSys, pattern, patternSys, bb]) s.Release();
  dev.Release();
};
export default scene;
