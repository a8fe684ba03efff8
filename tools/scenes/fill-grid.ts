/**
 * An example scene: `replay9 record tools/scenes/fill-grid.ts -o grid.r9`.
 * A scene module's default export receives a recording Direct3D9; every call
 * it makes is written to the trace.
 */
import { D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFMT, D3DMULTISAMPLE, D3DSWAPEFFECT } from '../../src/index.js';
import type { Direct3D9, IDirect3DDevice9, Scene } from '../../src/index.js';

const scene: Scene = (d3d: Direct3D9, ctx) => {
  ctx.name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, {
    BackBufferWidth: 96, BackBufferHeight: 64, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1,
    MultiSampleType: D3DMULTISAMPLE.NONE, MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD,
    hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: false, AutoDepthStencilFormat: 0,
    Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  }).device as IDirect3DDevice9;
  ctx.name('bb');
  const bb = dev.GetBackBuffer(0, 0, 0).surface!;
  for (let frame = 0; frame < 4; frame++) {
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff101010, 1, 0);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 6; x++) {
        if ((x + y + frame) % 2 !== 0) continue;
        const color = (0xff000000 | ((x * 40) << 16) | ((y * 60) << 8) | (frame * 60)) >>> 0;
        dev.ColorFill(bb, { left: x * 16, top: y * 16, right: x * 16 + 16, bottom: y * 16 + 16 }, color);
      }
    }
    dev.Present(null, null, null, null);
  }
  bb.Release();
  dev.Release();
};
export default scene;
