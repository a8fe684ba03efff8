/**
 * A shadow-volume scene (z-pass) drawn with two-sided stencil in one pass:
 * `replay9 record tools/scenes/shadow-volume.ts -o traces/shadow-volume.r9t`.
 * shadow-volume-2pass.ts draws the same volume in the classic two passes; the
 * frames must be identical bit for bit.
 *
 * The scene: a floor (z 0.8), an occluder nearer than the volume (z 0.3), and a
 * volume shaped as a frustum in screen space: a front cap at z 0.5 and a larger
 * back cap at z 0.95 behind the floor, joined by four sides. Front-facing faces
 * (the cap and sides, clockwise) increment where they pass the depth test, the
 * back cap (counter-clockwise) decrements: the floor inside the volume ends at
 * 1 and is darkened; under the occluder every face fails and nothing changes.
 */
import { D3DBLEND, D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS, D3DSTENCILOP } from '../../src/index.js';
import type { Direct3D9, IDirect3DDevice9, Scene, SceneContext } from '../../src/index.js';
import { createDevice, pack, rhwQuad } from './lib.js';

const W = 160;
const H = 120;

type V = readonly [number, number, number];

/** Triangles of the volume, each wound clockwise (front) or counter-clockwise (back cap). */
function volumeTriangles(frame: number): Float32Array {
  const dx = frame * 12;
  const front: V[] = [[50 + dx, 35, 0.5], [100 + dx, 35, 0.5], [100 + dx, 70, 0.5], [50 + dx, 70, 0.5]];
  const back: V[] = [[25 + dx, 15, 0.95], [140 + dx, 15, 0.95], [140 + dx, 105, 0.95], [25 + dx, 105, 0.95]];
  const tris: V[][] = [];
  const area = (t: V[]): number => (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[2][0] - t[0][0]) * (t[1][1] - t[0][1]);
  const wound = (t: V[], clockwise: boolean): V[] => ((area(t) > 0) === clockwise ? t : [t[0], t[2], t[1]]);
  const quad = (a: V, b: V, c: V, d: V, clockwise: boolean): void => {
    tris.push(wound([a, b, c], clockwise), wound([a, c, d], clockwise));
  };
  quad(front[0], front[1], front[2], front[3], true);
  quad(back[0], back[1], back[2], back[3], false);
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    quad(front[i], front[j], back[j], back[i], true);
  }
  return pack('ffffc', tris.flat().map(([x, y, z]) => [x, y, z, 1, 0xffffffff]));
}

function stencilOps(dev: IDirect3DDevice9, pass: number, ccwPass?: number): void {
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.ALWAYS);
  dev.SetRenderState(D3DRS.STENCILFAIL, D3DSTENCILOP.KEEP);
  dev.SetRenderState(D3DRS.STENCILZFAIL, D3DSTENCILOP.KEEP);
  dev.SetRenderState(D3DRS.STENCILPASS, pass);
  if (ccwPass === undefined) return;
  dev.SetRenderState(D3DRS.CCW_STENCILFUNC, D3DCMP.ALWAYS);
  dev.SetRenderState(D3DRS.CCW_STENCILFAIL, D3DSTENCILOP.KEEP);
  dev.SetRenderState(D3DRS.CCW_STENCILZFAIL, D3DSTENCILOP.KEEP);
  dev.SetRenderState(D3DRS.CCW_STENCILPASS, ccwPass);
}

export function shadowScene(passes: 1 | 2): Scene {
  return (d3d: Direct3D9, ctx: SceneContext) => {
    const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    for (let frame = 0; frame < 3; frame++) {
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0xff203040, 1, 0);
      dev.BeginScene();
      // the lit scene: floor and occluder write colour and depth
      dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
      dev.SetRenderState(D3DRS.ZWRITEENABLE, 1);
      dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0xf);
      dev.SetRenderState(D3DRS.STENCILENABLE, 0);
      dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 0);
      dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(10, 10, 150, 110, 0.8, 0xffd0c8a0), 20);
      dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(70, 45, 90, 60, 0.3, 0xff3070c0), 20);
      // the volume: stencil only
      const tris = volumeTriangles(frame);
      dev.SetRenderState(D3DRS.ZWRITEENABLE, 0);
      dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
      dev.SetRenderState(D3DRS.STENCILENABLE, 1);
      if (passes === 1) {
        dev.SetRenderState(D3DRS.TWOSIDEDSTENCILMODE, 1);
        stencilOps(dev, D3DSTENCILOP.INCR, D3DSTENCILOP.DECR);
        dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, tris.length / 15, tris, 20);
        dev.SetRenderState(D3DRS.TWOSIDEDSTENCILMODE, 0);
      } else {
        dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.CCW);
        stencilOps(dev, D3DSTENCILOP.INCR);
        dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, tris.length / 15, tris, 20);
        dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.CW);
        stencilOps(dev, D3DSTENCILOP.DECR);
        dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, tris.length / 15, tris, 20);
      }
      // darken where the stencil is not 0
      dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
      dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0xf);
      dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.NOTEQUAL);
      dev.SetRenderState(D3DRS.STENCILREF, 0);
      dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.KEEP);
      dev.SetRenderState(D3DRS.ZENABLE, 0);
      dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 1);
      dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.SRCALPHA);
      dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.INVSRCALPHA);
      dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, rhwQuad(0, 0, W, H, 0, 0x99000000), 20);
      dev.SetRenderState(D3DRS.ZENABLE, 1);
      dev.EndScene();
      dev.Present(null, null, null, null);
    }
    dev.Release();
  };
}

export default shadowScene(1);
