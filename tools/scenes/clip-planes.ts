/**
 * User clip planes: `replay9 record tools/scenes/clip-planes.ts -o traces/clip-planes.r9t`.
 * A lit sphere (XYZ|NORMAL triangles, one directional light) spinning through
 * MultiplyTransform, cut by two world-space planes: a tilted one that slides
 * across it from frame to frame and a horizontal one that takes off its top.
 * The cut shows the inside of the far hemisphere (culling off, shaded dark
 * there). A ground quad below is cut by the same planes; a strip of three
 * markers is transformed with ProcessVertices and drawn as XYZRHW vertices,
 * which user planes leave whole. The clip status is read back each frame.
 */
import { D3DCLEAR, D3DCULL, D3DFMT, D3DFVF, D3DLIGHT, D3DPOOL, D3DPT, D3DRS, D3DTS } from '../../src/index.js';
import type { Direct3D9, Scene, SceneContext } from '../../src/index.js';
import type { D3DMATRIX } from '../../src/device/types.js';
import { createDevice, IDENTITY, lookAtLH, pack, perspectiveFovLH } from './lib.js';

const W = 160;
const H = 120;

/** A UV sphere of radius r: XYZ|NORMAL triangles, clockwise seen from outside. */
function sphere(rings: number, segments: number, r: number): Float32Array {
  const at = (i: number, j: number): number[] => {
    const theta = (Math.PI * i) / rings;
    const phi = (2 * Math.PI * j) / segments;
    const n = [Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi)];
    return [r * n[0], r * n[1], r * n[2], n[0], n[1], n[2]];
  };
  const verts: number[][] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      verts.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
    }
  }
  return pack('ffffff', verts);
}

function rotationY(a: number): D3DMATRIX {
  const c = Math.cos(a), s = Math.sin(a);
  return { ...IDENTITY, _11: c, _13: -s, _31: s, _33: c };
}

const scene: Scene = (d3d: Direct3D9, ctx: SceneContext) => {
  const dev = createDevice(d3d, ctx, W, H, D3DFMT.D24S8);
  const c = (r: number, g: number, b: number, a = 1): { r: number; g: number; b: number; a: number } => ({ r, g, b, a });
  dev.SetTransform(D3DTS.VIEW, lookAtLH([0, 1.5, -4.5], [0, 0, 0], [0, 1, 0]));
  dev.SetTransform(D3DTS.PROJECTION, perspectiveFovLH(Math.PI / 3, W / H, 0.5, 20));
  dev.SetMaterial({ Diffuse: c(0.9, 0.6, 0.2), Ambient: c(0.9, 0.6, 0.2), Specular: c(0, 0, 0, 0), Emissive: c(0, 0, 0, 0), Power: 0 });
  dev.SetRenderState(D3DRS.AMBIENT, 0xff303030);
  dev.SetLight(0, {
    Type: D3DLIGHT.DIRECTIONAL, Diffuse: c(1, 1, 1), Specular: c(0, 0, 0, 0), Ambient: c(0, 0, 0, 0),
    Position: { x: 0, y: 0, z: 0 }, Direction: { x: 0.5, y: -0.6, z: 0.6 }, Range: 0, Falloff: 0,
    Attenuation0: 0, Attenuation1: 0, Attenuation2: 0, Theta: 0, Phi: 0,
  });
  dev.LightEnable(0, true);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  const ball = sphere(12, 20, 1.2);
  const ground = pack('ffffff', [
    [-3, -1.3, -2, 0, 1, 0], [-3, -1.3, 4, 0, 1, 0], [3, -1.3, 4, 0, 1, 0],
    [-3, -1.3, -2, 0, 1, 0], [3, -1.3, 4, 0, 1, 0], [3, -1.3, -2, 0, 1, 0],
  ]);

  // three markers, transformed once by ProcessVertices into an XYZRHW buffer
  ctx.name('markers');
  const markers = dev.CreateVertexBuffer(3 * 16, 0, D3DFVF.XYZ | D3DFVF.DIFFUSE, D3DPOOL.MANAGED, null).vertexBuffer!;
  const m = markers.Lock(0, 0, 0).data!;
  m.set(new Uint8Array(pack('fffc', [[-1.8, 1.6, 0, 0xff40c0ff], [1.8, 1.6, 0, 0xff40c0ff], [0, 2.2, 0, 0xffffffff]]).buffer));
  markers.Unlock();
  ctx.name('screenMarkers');
  const screen = dev.CreateVertexBuffer(3 * 20, 0, D3DFVF.XYZRHW | D3DFVF.DIFFUSE, D3DPOOL.SYSTEMMEM, null).vertexBuffer!;
  dev.SetTransform(D3DTS.WORLD, IDENTITY);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
  dev.SetStreamSource(0, markers, 0, 16);
  dev.ProcessVertices(0, 0, 3, screen, null, 0);

  for (let frame = 0; frame < 3; frame++) {
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff203040, 1, 0);
    dev.BeginScene();
    // plane 0 keeps x + 0.4·y ≥ −0.6 + 0.6·frame (world space); plane 1 keeps y ≤ 0.8
    dev.SetClipPlane(0, { a: 1, b: 0.4, c: 0, d: 0.6 - 0.6 * frame });
    dev.SetClipPlane(1, { a: 0, b: -1, c: 0, d: 0.8 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 3);
    dev.SetClipStatus({ ClipUnion: 0, ClipIntersection: 0xffffffff });
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.NORMAL);
    dev.SetTransform(D3DTS.WORLD, IDENTITY);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 2, ground, 24);
    dev.MultiplyTransform(D3DTS.WORLD, rotationY(0.5 + 0.4 * frame));
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, ball.length / 6 / 3, ball, 24);
    dev.GetClipStatus();
    // pre-transformed: user planes do not cut them
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    dev.SetStreamSource(0, screen, 0, 20);
    dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
  screen.Release();
  markers.Release();
  dev.Release();
};
export default scene;
