/**
 * Two swap chains of one device: the implicit chain (96×64) shows bars sliding right, an additional
 * chain (48×48) shows a square growing, each presented on its own every frame, so the goldens hold two
 * frame sequences: frame-NNNN.png for the implicit chain and frame-NNNN-sc1.png for the additional one.
 */
import { D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFMT, D3DMULTISAMPLE, D3DSWAPEFFECT } from '../../src/index.js';
import type { D3DPRESENT_PARAMETERS, Direct3D9, IDirect3DDevice9, IDirect3DSwapChain9Ex, Scene } from '../../src/index.js';

const PP: D3DPRESENT_PARAMETERS = {
  BackBufferWidth: 96, BackBufferHeight: 64, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1,
  MultiSampleType: D3DMULTISAMPLE.NONE, MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD,
  hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: false, AutoDepthStencilFormat: 0,
  Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
};

const scene: Scene = (d3d: Direct3D9, ctx) => {
  ctx.name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as IDirect3DDevice9;
  ctx.name('sc');
  const sc = dev.CreateAdditionalSwapChain({ ...PP, BackBufferWidth: 48, BackBufferHeight: 48 }).swapChain as IDirect3DSwapChain9Ex;
  ctx.name('bb');
  const bb = dev.GetBackBuffer(0, 0, 0).surface!;
  ctx.name('scbb');
  const scbb = sc.GetBackBuffer(0, 0).surface!;
  dev.GetNumberOfSwapChains();
  sc.GetPresentParameters();
  for (let frame = 0; frame < 3; frame++) {
    // the implicit chain: Clear draws into render target 0, its back buffer
    dev.SetRenderTarget(0, bb);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202040, 1, 0);
    for (let i = 0; i < 3; i++) {
      const x = frame * 16 + i * 8;
      dev.ColorFill(bb, { left: x, top: 8 + i * 16, right: x + 32, bottom: 20 + i * 16 }, [0xffe04040, 0xff40e040, 0xff4040e0][i]);
    }
    dev.Present(null, null, null, null);
    // the additional chain: render into its back buffer, then present it through the chain
    dev.SetRenderTarget(0, scbb);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff404020, 1, 0);
    const half = 6 + frame * 6;
    dev.ColorFill(scbb, { left: 24 - half, top: 24 - half, right: 24 + half, bottom: 24 + half }, 0xfff0c020);
    sc.Present(null, null, null, null, 0);
  }
  sc.GetLastPresentCount();
  dev.SetRenderTarget(0, bb);
  scbb.Release();
  bb.Release();
  sc.Release();
  dev.Release();
};
export default scene;
