/**
 * A 4×4 P8 texture (indices 0 … 15, row by row) drawn through the device's texture palettes. Frame 0:
 * palette 0 as created (every entry white), palette 1 (a hue ramp) and palette 2 (a grey ramp), side
 * by side. Frame 1: palette 1 rewritten (reversed), then a D3DSBT_ALL state block captured with palette
 * 2 current brings palette 2 back after SetCurrentTexturePalette(1); between them the calls a device
 * without palette-independent features refuses: SetCurrentTexturePalette of a palette never set,
 * DrawRectPatch, DeletePatch (each D3DERR_INVALIDCALL, recorded with its result).
 */
import { D3DCLEAR, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSBT, D3DTOP, D3DTSS } from '../../src/index.js';
import type { PALETTEENTRY, Scene } from '../../src/index.js';
import { createDevice, pack } from './lib.js';

const hue = (i: number): PALETTEENTRY => {
  // 16 steps around red → yellow → green → cyan → blue → magenta
  const t = (i % 16) * 6 / 16;
  const k = Math.floor(t);
  const f = Math.round((t - k) * 255);
  const rgb = [[255, f, 0], [255 - f, 255, 0], [0, 255, f], [0, 255 - f, 255], [f, 0, 255], [255, 0, 255 - f]][k];
  return { peRed: rgb[0], peGreen: rgb[1], peBlue: rgb[2], peFlags: 0xff };
};
const grey = (i: number): PALETTEENTRY => ({ peRed: (i % 16) * 17, peGreen: (i % 16) * 17, peBlue: (i % 16) * 17, peFlags: 0xff });

/** XYZRHW|TEX1 quad from (x0, y0) to (x1, y1) over the whole texture. */
function quad(x0: number, y0: number, x1: number, y1: number): Float32Array {
  return pack('ffffff', [[x0, y0, 0, 1, 0, 0], [x1, y0, 0, 1, 1, 0], [x0, y1, 0, 1, 0, 1], [x1, y1, 0, 1, 1, 1]]);
}

const scene: Scene = (d3d, ctx) => {
  const dev = createDevice(d3d, ctx, 96, 32);
  ctx.name('tex');
  const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.P8, D3DPOOL.MANAGED).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) lr.pBits[y * lr.Pitch + x] = 4 * y + x;
  tex.UnlockRect(0);
  dev.SetPaletteEntries(1, Array.from({ length: 256 }, (_, i) => hue(i)));
  dev.SetPaletteEntries(2, Array.from({ length: 256 }, (_, i) => grey(i)));
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetTexture(0, tex);
  dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);

  // frame 0: palettes 0, 1 and 2
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  for (let p = 0; p < 3; p++) {
    dev.SetCurrentTexturePalette(p);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(p * 32, 0, p * 32 + 32, 32), 24);
  }
  dev.EndScene();
  dev.Present(null, null, null, null);

  // frame 1: palette 1 reversed; a state block brings palette 2 back; refused calls in between
  ctx.name('sb');
  const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
  dev.SetPaletteEntries(1, Array.from({ length: 256 }, (_, i) => hue(15 - (i % 16))));
  dev.SetCurrentTexturePalette(7);
  dev.DrawRectPatch(0, { Edge0: 2, Edge1: 2, Edge2: 2, Edge3: 2 }, { StartVertexOffsetWidth: 0, StartVertexOffsetHeight: 0, Width: 4, Height: 4, Stride: 4, Basis: 0, Degree: 3 });
  dev.DeletePatch(1);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  dev.SetCurrentTexturePalette(1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0, 0, 32, 32), 24);
  sb.Apply();
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(32, 0, 64, 32), 24);
  dev.EndScene();
  dev.Present(null, null, null, null);
  sb.Release();
  tex.Release();
};

export default scene;
