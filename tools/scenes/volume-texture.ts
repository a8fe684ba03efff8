/**
 * A 4×4×4 volume texture (slices red, green, blue, white; level 1 yellow, level 2 magenta) sampled with
 * three texture coordinates. Frame 0: point sampling at each slice's centre (top row), then linear
 * filtering between slices (bottom row: halfway red/green, green/blue, a quarter of the way from green
 * to blue, and r = 0 with ADDRESSW WRAP, halfway between white and red). Frame 1: the mip levels, through
 * MAXMIPLEVEL and through a minified quad; the coordinates come from the FVF's second set
 * (D3DTSS_TEXCOORDINDEX 1), and the last quad clamps r (ADDRESSW CLAMP) at 0 and 1.
 */
import {
  D3DCLEAR, D3DFMT, D3DFVF, D3DFVF_TEXCOORDSIZE, D3DLOCK, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTADDRESS, D3DTEXF, D3DTSS,
} from '../../src/index.js';
import type { Scene } from '../../src/index.js';
import { createDevice } from './lib.js';

const SLICES = [0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff];
const LEVEL_COLOURS = [0, 0xffffff00, 0xffff00ff];

/** A quad from (x0, y0) to (x1, y1) with u, v over 0..span and r from r0 (top) to r1 (bottom); `pad` extra coordinate sets go first. */
function quad(x0: number, y0: number, x1: number, y1: number, span: number, r0: number, r1: number, pad = 0): Float32Array {
  const corners = [[x0, y0, 0, 0, r0], [x1, y0, span, 0, r0], [x0, y1, 0, span, r1], [x1, y1, span, span, r1]];
  return Float32Array.from(corners.flatMap(([x, y, u, v, r]) => [x, y, 0.5, 1, ...Array<number>(2 * pad).fill(0.5), u, v, r]));
}

const scene: Scene = (d3d, ctx) => {
  const dev = createDevice(d3d, ctx, 128, 64);
  ctx.name('src');
  const src = dev.CreateVolumeTexture(4, 4, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).volumeTexture!;
  // level 0 slice by slice, through sub-box locks (one slice each: RowPitch 16, SlicePitch 64)
  for (let z = 0; z < 4; z++) {
    const box = src.LockBox(0, { Left: 0, Top: 0, Right: 4, Bottom: 4, Front: z, Back: z + 1 }, 0).lockedVolume!;
    const words = new Uint32Array(box.pBits.buffer, box.pBits.byteOffset, (3 * box.RowPitch + 16) / 4);
    for (let y = 0; y < 4; y++) words.fill(SLICES[z], (y * box.RowPitch) / 4, (y * box.RowPitch) / 4 + 4);
    src.UnlockBox(0);
  }
  for (let level = 1; level < 3; level++) {
    ctx.name(`level${level}`);
    const vol = src.GetVolumeLevel(level).volume!;
    const desc = vol.GetDesc();
    const box = vol.LockBox(null, 0).lockedVolume!;
    for (let z = 0; z < desc.Depth; z++) {
      for (let y = 0; y < desc.Height; y++) {
        const at = box.pBits.byteOffset + z * box.SlicePitch + y * box.RowPitch;
        new Uint32Array(box.pBits.buffer, at, desc.Width).fill(LEVEL_COLOURS[level]);
      }
    }
    vol.UnlockBox();
    vol.Release();
  }
  // a READONLY look at slice 2 is not recorded as data
  src.LockBox(0, { Left: 0, Top: 0, Right: 4, Bottom: 4, Front: 2, Back: 3 }, D3DLOCK.READONLY);
  src.UnlockBox(0);
  ctx.name('vt');
  const vt = dev.CreateVolumeTexture(4, 4, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).volumeTexture!;
  dev.UpdateTexture(src, vt);
  dev.SetTexture(0, vt);
  dev.SetRenderState(D3DRS.LIGHTING, 0);

  // frame 0: slices point-sampled, then linear between slices
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1 | D3DFVF_TEXCOORDSIZE(3, 0));
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.NONE);
  for (let z = 0; z < 4; z++) dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(z * 32, 0, z * 32 + 32, 32, 1, (z + 0.5) / 4, (z + 0.5) / 4), 28);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
  [0.25, 0.5, 0.4375, 0].forEach((r, i) => dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(i * 32, 32, i * 32 + 32, 64, 1, r, r), 28));
  dev.EndScene();
  dev.Present(null, null, null, null);

  // frame 1: mip levels, coordinates from set 1
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX2 | D3DFVF_TEXCOORDSIZE(2, 0) | D3DFVF_TEXCOORDSIZE(3, 1));
  dev.SetTextureStageState(0, D3DTSS.TEXCOORDINDEX, 1);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.POINT);
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.POINT);
  dev.SetSamplerState(0, D3DSAMP.MAXMIPLEVEL, 1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0, 0, 32, 32, 1, 0.5, 0.5, 1), 36);
  dev.SetSamplerState(0, D3DSAMP.MAXMIPLEVEL, 2);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(32, 0, 64, 32, 1, 0.5, 0.5, 1), 36);
  dev.SetSamplerState(0, D3DSAMP.MAXMIPLEVEL, 0);
  // 8 pixels over 4 repeats of a 4-texel axis: 2 texels a pixel, λ = 1, level 1 (yellow)
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(64, 0, 72, 8, 4, 0.5, 0.5, 1), 36);
  // r from 0 to 1 down the quad, clamped in w: the slices top to bottom, point-sampled at level 0
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.NONE);
  dev.SetSamplerState(0, D3DSAMP.ADDRESSW, D3DTADDRESS.CLAMP);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(96, 0, 128, 64, 1, -0.25, 1.25, 1), 36);
  dev.EndScene();
  dev.Present(null, null, null, null);

  vt.Release();
  src.Release();
  dev.Release();
};
export default scene;
