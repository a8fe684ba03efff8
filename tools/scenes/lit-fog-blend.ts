/**
 * A textured, lit, fogged and blended scene:
 * `replay9 record tools/scenes/lit-fog-blend.ts -o traces/lit-fog-blend.r9t`.
 * A floor grid in perspective, textured with a checkerboard (filled through a
 * lock, mips generated automatically, trilinear filtering) and lit per vertex by
 * a point light that moves each frame; linear vertex fog towards the horizon;
 * a translucent quad blended over it with its vertex alpha.
 */
import {
  D3DBLEND, D3DCLEAR, D3DCULL, D3DFMT, D3DFOG, D3DFVF, D3DLIGHT, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DTS,
  D3DUSAGE,
} from '../../src/index.js';
import type { Direct3D9, Scene, SceneContext } from '../../src/index.js';
import { createDevice, IDENTITY, lookAtLH, pack, perspectiveFovLH } from './lib.js';

const W = 160;
const H = 120;
const f2dw = (v: number): number => new Uint32Array(new Float32Array([v]).buffer)[0];

/** An N×N grid on y = 0 from -size to size: XYZ|NORMAL|TEX1 triangles. */
function floorGrid(n: number, size: number): Float32Array {
  const verts: number[][] = [];
  const at = (i: number, j: number): number[] => {
    const x = -size + (2 * size * i) / n;
    const z = -size + (2 * size * j) / n;
    return [x, 0, z, 0, 1, 0, i / 2, j / 2];
  };
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      // clockwise seen from above (+y), the camera's side
      verts.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
  }
  return pack('ffffffff', verts);
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
  ctx.name('checker');
  const tex = dev.CreateTexture(64, 64, 0, D3DUSAGE.AUTOGENMIPMAP, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).texture!;
  const lock = tex.LockRect(0, null, 0).lockedRect!;
  const bits = new DataView((lock.pBits as Uint8Array).buffer, (lock.pBits as Uint8Array).byteOffset);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 64; x++) bits.setUint32(y * lock.Pitch + 4 * x, ((x >> 3) + (y >> 3)) & 1 ? 0xfff0f0f0 : 0xff904020, true);
  }
  tex.UnlockRect(0);

  const c = (r: number, g: number, b: number, a = 1): { r: number; g: number; b: number; a: number } => ({ r, g, b, a });
  dev.SetTransform(D3DTS.WORLD, IDENTITY);
  dev.SetTransform(D3DTS.VIEW, lookAtLH([0, 3, -6], [0, 0, 2], [0, 1, 0]));
  dev.SetTransform(D3DTS.PROJECTION, perspectiveFovLH(Math.PI / 3, W / H, 0.5, 40));
  dev.SetMaterial({ Diffuse: c(1, 1, 1), Ambient: c(1, 1, 1), Specular: c(0, 0, 0, 0), Emissive: c(0, 0, 0, 0), Power: 0 });
  dev.SetRenderState(D3DRS.AMBIENT, 0xff202020);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.CCW);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.LINEAR);
  dev.SetRenderState(D3DRS.FOGENABLE, 1);
  dev.SetRenderState(D3DRS.FOGCOLOR, 0xff8090a0);
  dev.SetRenderState(D3DRS.FOGVERTEXMODE, D3DFOG.LINEAR);
  dev.SetRenderState(D3DRS.FOGSTART, f2dw(6));
  dev.SetRenderState(D3DRS.FOGEND, f2dw(16));
  const floor = floorGrid(16, 8);
  const glass = pack('fffc', [
    [-2.5, 0.2, 0, 0x8040ff40], [-2.5, 2.2, 0, 0x8040ff40], [0.5, 0.2, 0, 0x80ff4040],
    [0.5, 2.2, 0, 0x80ff4040],
  ]);

  for (let frame = 0; frame < 3; frame++) {
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff8090a0, 1, 0);
    dev.BeginScene();
    dev.SetLight(0, {
      Type: D3DLIGHT.POINT, Diffuse: c(1, 0.95, 0.8), Specular: c(0, 0, 0, 0), Ambient: c(0, 0, 0, 0),
      Position: { x: -3 + 3 * frame, y: 1.5, z: 1 }, Direction: { x: 0, y: 0, z: 0 }, Range: 12, Falloff: 0,
      Attenuation0: 0, Attenuation1: 0.35, Attenuation2: 0, Theta: 0, Phi: 0,
    });
    dev.LightEnable(0, true);
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    dev.SetTexture(0, tex);
    dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 0);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.NORMAL | D3DFVF.TEX1);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, floor.length / 8 / 3, floor, 32);
    // the translucent quad: vertex colour and alpha, no texture, no lighting
    dev.SetTexture(0, null);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 1);
    dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.SRCALPHA);
    dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.INVSRCALPHA);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, glass, 16);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.CCW);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
  tex.Release();
  dev.Release();
};
export default scene;
