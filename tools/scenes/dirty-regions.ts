/**
 * Texture dirty regions, SetLOD and the reference-counting calls. Four 32×32 quads, each showing a
 * 16×16 DEFAULT texture: after a full UpdateTexture (red); after a green refill under
 * D3DLOCK_NO_DIRTY_UPDATE with AddDirtyRect of the top-left quarter (that quarter green, the rest
 * still red); after a lock of the bottom-right quarter written blue (that quarter blue too); and a
 * MANAGED two-level texture (level 0 white, level 1 yellow) with SetLOD(1), sampled from level 1
 * (yellow). On the way: AddRef, QueryInterface, GetContainer, private data, GetDevice.
 */
import { D3DCLEAR, D3DFMT, D3DFVF, D3DLOCK, D3DPOOL, D3DPT, D3DRS, D3DSPD, D3DTEXF, D3DSAMP, D3DTOP, D3DTSS, IID } from '../../src/index.js';
import type { IDirect3DTexture9, RECT, Scene } from '../../src/index.js';
import { createDevice } from './lib.js';

const RED = 0xffff0000, GREEN = 0xff00ff00, BLUE = 0xff0000ff, WHITE = 0xffffffff, YELLOW = 0xffffff00;

/** Writes `color` over `rect` of a level through a lock with `flags`. */
function fill(t: IDirect3DTexture9, level: number, size: number, color: number, flags = 0, rect: RECT | null = null): void {
  const r = rect ?? { left: 0, top: 0, right: size, bottom: size };
  const lr = t.LockRect(level, rect, flags).lockedRect!;
  for (let y = 0; y < r.bottom - r.top; y++) new Uint32Array(lr.pBits.buffer, lr.pBits.byteOffset + y * lr.Pitch, r.right - r.left).fill(color);
  t.UnlockRect(level);
}

/** An XYZRHW|TEX1 quad over the whole texture. */
function quad(x: number): Float32Array {
  return Float32Array.from([[x, 0, 0, 0], [x + 32, 0, 1, 0], [x, 32, 0, 1], [x + 32, 32, 1, 1]].flatMap(([px, py, u, v]) => [px, py, 0.5, 1, u, v]));
}

const scene: Scene = (d3d, ctx) => {
  const dev = createDevice(d3d, ctx, 128, 32);
  ctx.name('src');
  const src = dev.CreateTexture(16, 16, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture!;
  ctx.name('dst');
  const dst = dev.CreateTexture(16, 16, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
  src.AddRef();
  src.QueryInterface(IID.IDirect3DBaseTexture9);
  src.Release();
  src.Release();
  src.SetPrivateData('fdb37466-428f-4edf-a37f-9b1df488c5fc', new Uint8Array([1, 2, 3, 4]), 4, 0);
  src.SetPrivateData(IID.IDirect3DDevice9, dev, 4, D3DSPD.IUNKNOWN);
  dst.GetType();
  dst.GetPriority();
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.POINT);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
  dev.SetTexture(0, dst);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  fill(src, 0, 16, RED);
  dev.UpdateTexture(src, dst);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0), 24);
  fill(src, 0, 16, GREEN, D3DLOCK.NO_DIRTY_UPDATE);
  src.AddDirtyRect({ left: 0, top: 0, right: 8, bottom: 8 });
  dev.UpdateTexture(src, dst);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(32), 24);
  fill(src, 0, 16, BLUE, 0, { left: 8, top: 8, right: 16, bottom: 16 });
  dev.UpdateTexture(src, dst);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(64), 24);
  ctx.name('man');
  const man = dev.CreateTexture(16, 16, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  fill(man, 0, 16, WHITE);
  fill(man, 1, 8, YELLOW);
  man.SetLOD(1);
  ctx.name('lvl');
  const lvl = man.GetSurfaceLevel(0).surface!;
  lvl.GetContainer(IID.IDirect3DTexture9);
  man.Release();
  dev.SetTexture(0, man);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(96), 24);
  dev.EndScene();
  dev.Present(null, null, null, null);
  dev.SetTexture(0, null);
  src.FreePrivateData(IID.IDirect3DDevice9);
  lvl.Release();
  man.Release();
  src.Release();
  dst.Release();
  dev.Release();
  d3d.Release();
};

export default scene;
