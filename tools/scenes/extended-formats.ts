/**
 * The extended formats and sRGB: `replay9 record tools/scenes/extended-formats.ts -o traces/extended-formats.r9t`.
 * Rows, top to bottom:
 * 1. a 256-step BGRA8 (A8R8G8B8) ramp, StretchRect'd to the back buffer;
 * 2. the same ramp written through a lock into an A2B10G10R10_XR_BIAS render
 *    target as XR codes (v → 384 + 2v, the lossless BGRA8 mapping), then
 *    StretchRect'd to the back buffer: row 2 equals row 1 bit for bit;
 * 3. the ramp as a texture sampled with SRGBTEXTURE (sRGB → linear: darker);
 * 4. the ramp drawn with SRGBWRITEENABLE (linear → sRGB on write: brighter);
 * 5. every XR code 0–1023 (x · 4 in all three channels): codes below 384
 *    (negative) read as 0 and above 894 (over 1.0) as 255 in the 8-bit target.
 */
import {
  D3DCLEAR, D3DCULL, D3DFMT, D3DFVF, D3DMULTISAMPLE, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DTOP, D3DTSS,
} from '../../src/index.js';
import type { Direct3D9, IDirect3DSurface9, RECT, Scene, SceneContext } from '../../src/index.js';
import { createDevice, pack } from './lib.js';

const W = 256;
const H = 100;
const ROW = 20;
const rect = (left: number, top: number, w: number, h: number): RECT => ({ left, top, right: left + w, bottom: top + h });
/** the ramp's texel x: grey x in blue and green, x inverted in red */
const rampTexel = (x: number): number => (0xff000000 | ((255 - x) << 16) | (x << 8) | x) >>> 0;

function fillRamp(s: IDirect3DSurface9): void {
  const lr = s.LockRect(null, 0).lockedRect!;
  const dv = new DataView((lr.pBits as Uint8Array).buffer, (lr.pBits as Uint8Array).byteOffset);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 256; x++) dv.setUint32(y * lr.Pitch + 4 * x, rampTexel(x), true);
  s.UnlockRect();
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H);
  ctx.name('bb');
  const bb = dev.GetBackBuffer(0, 0, 0).surface!;
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);

  ctx.name('ramp_sys');
  const rampSys = dev.CreateOffscreenPlainSurface(256, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
  fillRamp(rampSys);
  ctx.name('ramp');
  const ramp = dev.CreateRenderTarget(256, 4, D3DFMT.A8R8G8B8, D3DMULTISAMPLE.NONE, 0, false, null).surface!;
  dev.UpdateSurface(rampSys, null, ramp, null);
  dev.StretchRect(ramp, null, bb, rect(0, 0, W, ROW), D3DTEXF.NONE);

  // XR codes through a lock: rows 0-1 the ramp, rows 2-3 every code
  ctx.name('xr');
  const xr = dev.CreateRenderTarget(256, 4, D3DFMT.A2B10G10R10_XR_BIAS, D3DMULTISAMPLE.NONE, 0, true, null).surface!;
  const xl = xr.LockRect(null, 0).lockedRect!;
  const xv = new DataView((xl.pBits as Uint8Array).buffer, (xl.pBits as Uint8Array).byteOffset);
  const xrPixel = (r: number, g: number, b: number): number => ((3 << 30) | (b << 20) | (g << 10) | r) >>> 0;
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 256; x++) {
      const px = y < 2 ? xrPixel(384 + 2 * (255 - x), 384 + 2 * x, 384 + 2 * x) : xrPixel(4 * x, 4 * x, 4 * x);
      xv.setUint32(y * xl.Pitch + 4 * x, px, true);
    }
  }
  xr.UnlockRect();
  dev.StretchRect(xr, rect(0, 0, 256, 2), bb, rect(0, ROW, W, ROW), D3DTEXF.NONE);

  // the ramp as a texture, drawn twice: sRGB read, then sRGB write
  ctx.name('ramp_tex');
  const tex = dev.CreateTexture(256, 1, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  const dv = new DataView((lr.pBits as Uint8Array).buffer, (lr.pBits as Uint8Array).byteOffset);
  for (let x = 0; x < 256; x++) dv.setUint32(4 * x, rampTexel(x), true);
  tex.UnlockRect(0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetTexture(0, tex);
  dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.POINT);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
  const band = (top: number): Float32Array => pack('ffffff', [
    [0, top, 0, 1, 0, 0], [W, top, 0, 1, 1, 0], [0, top + ROW, 0, 1, 0, 1], [W, top + ROW, 0, 1, 1, 1],
  ]);
  dev.BeginScene();
  dev.SetSamplerState(0, D3DSAMP.SRGBTEXTURE, 1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, band(2 * ROW), 24);
  dev.SetSamplerState(0, D3DSAMP.SRGBTEXTURE, 0);
  dev.SetRenderState(D3DRS.SRGBWRITEENABLE, 1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, band(3 * ROW), 24);
  dev.SetRenderState(D3DRS.SRGBWRITEENABLE, 0);
  dev.EndScene();

  dev.StretchRect(xr, rect(0, 2, 256, 2), bb, rect(0, 4 * ROW, W, ROW), D3DTEXF.NONE);

  dev.Present(null, null, null, null);
  tex.Release();
  for (const s of [xr, ramp, rampSys, bb]) s.Release();
  dev.Release();
};
export default scene;
