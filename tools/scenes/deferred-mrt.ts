/**
 * Deferred shading with multiple render targets. The G-buffer pass draws a floor and a box
 * (vs_2_0 / ps_2_0) into three 64×64 render-target textures at once: oC0 the albedo (A8R8G8B8),
 * oC1 the view-space normal packed as n/2 + 1/2 (A8R8G8B8), oC2 the view-space depth / far
 * (R32F; MRTs of one bit depth, 32). The lighting pass draws one pretransformed quad over the back
 * buffer whose ps_2_0 reads the three targets at the pixel centres, rebuilds the view-space
 * position from depth and the projection, and adds two point lights and ambient. One frame.
 */
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DUSAGE } from '../../src/index.js';
import type { Direct3D9, Scene } from '../../src/index.js';
import { createDevice, lookAtLH, perspectiveFovLH } from './lib.js';
import { columns, mul, pixelShader, rows, vertexShader } from './shader-lib.js';

const SIZE = 64;
const FAR = 10;

const GBUFFER_VS = `vs_2_0
dcl_position v0
dcl_normal v1
dcl_color v2
m4x4 oPos, v0, c0
m3x3 r0.xyz, v1, c4
mov oT0.xyz, r0
dp4 r1.x, v0, c6
mul oT1.x, r1.x, c8.x
mov oD0, v2`;

const GBUFFER_PS = `ps_2_0
def c0, 0.5, 0.5, 0.5, 1
dcl v0
dcl t0.xyz
dcl t1.x
nrm r0.xyz, t0
mad r0.xyz, r0, c0, c0
mov r0.w, c0.w
mov r1, t1.x
mov oC0, v0
mov oC1, r0
mov oC2, r1`;

const LIGHT_PS = `ps_2_0
def c8, 2, -1, 1, 0.08
dcl t0.xy
dcl_2d s0
dcl_2d s1
dcl_2d s2
texld r0, t0, s0
texld r1, t0, s1
texld r2, t0, s2
mad r1.xyz, r1, c8.x, c8.y
nrm r3.xyz, r1
mul r4.z, r2.x, c0.z
mad r5.x, t0.x, c8.x, c8.y
mad r5.y, t0.y, -c8.x, c8.z
mul r5.xy, r5, c0
mul r4.xy, r5, r4.z
add r6.xyz, c1, -r4
dp3 r6.w, r6, r6
rsq r7.x, r6.w
mul r6.xyz, r6, r7.x
dp3_sat r7.y, r3, r6
mad r6.w, r6.w, c0.w, c8.z
rcp r7.z, r6.w
mul r7.y, r7.y, r7.z
mul r8.xyz, c2, r7.y
add r6.xyz, c3, -r4
dp3 r6.w, r6, r6
rsq r7.x, r6.w
mul r6.xyz, r6, r7.x
dp3_sat r7.y, r3, r6
mad r6.w, r6.w, c0.w, c8.z
rcp r7.z, r6.w
mul r7.y, r7.y, r7.z
mad r8.xyz, c4, r7.y, r8
add r8.xyz, r8, c8.w
mul r8.xyz, r8, r0
mov r8.w, c8.z
mov oC0, r8`;

/** A box of half-size s at (cx, s, cz), five faces (no bottom), as a triangle list of position, normal, colour. */
function box(cx: number, cz: number, s: number, color: number): number[][] {
  const faces: Array<[number[], number[], number[]]> = [
    [[0, 1, 0], [1, 0, 0], [0, 0, 1]], [[0, 0, -1], [1, 0, 0], [0, 1, 0]], [[0, 0, 1], [-1, 0, 0], [0, 1, 0]],
    [[-1, 0, 0], [0, 0, -1], [0, 1, 0]], [[1, 0, 0], [0, 0, 1], [0, 1, 0]],
  ];
  const out: number[][] = [];
  for (const [n, a, b] of faces) {
    const c = [cx + n[0] * s, s + n[1] * s, cz + n[2] * s];
    const p = (i: number, j: number): number[] => [c[0] + (a[0] * i + b[0] * j) * s, c[1] + (a[1] * i + b[1] * j) * s, c[2] + (a[2] * i + b[2] * j) * s, ...n, color];
    out.push(p(-1, -1), p(-1, 1), p(1, -1), p(1, -1), p(-1, 1), p(1, 1));
  }
  return out;
}

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, SIZE, SIZE, D3DFMT.D24S8);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.LIGHTING, 0);

  const targets = (['albedo', 'normal', 'depth'] as const).map((name, i) => {
    ctx.name(name);
    return dev.CreateTexture(SIZE, SIZE, 1, D3DUSAGE.RENDERTARGET, i === 2 ? D3DFMT.R32F : D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
  });
  const surfaces = targets.map((t, i) => {
    ctx.name(`${['albedo', 'normal', 'depth'][i]}0`);
    return t.GetSurfaceLevel(0).surface!;
  });
  ctx.name('backbuffer');
  const backbuffer = dev.GetRenderTarget(0).surface!;

  ctx.name('decl');
  const decl = dev.CreateVertexDeclaration([
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
    { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.NORMAL, UsageIndex: 0 },
    { Stream: 0, Offset: 24, Type: D3DDECLTYPE.D3DCOLOR, Method: 0, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
    D3DDECL_END,
  ]).vertexDeclaration!;
  const gvs = vertexShader(dev, ctx, 'gvs', GBUFFER_VS);
  const gps = pixelShader(dev, ctx, 'gps', GBUFFER_PS);
  const lps = pixelShader(dev, ctx, 'lps', LIGHT_PS);

  const view = lookAtLH([1.2, 1.6, -2.4], [0, 0.2, 0], [0, 1, 0]);
  const proj = perspectiveFovLH(Math.PI / 3, 1, 0.5, FAR);
  dev.SetVertexShaderConstantF(0, columns(mul(view, proj)), 4);
  dev.SetVertexShaderConstantF(4, columns(view, 3), 3);
  dev.SetVertexShaderConstantF(8, new Float32Array([1 / FAR, 0, 0, 0]), 1);
  const floor: number[][] = [[-2, 0, -2], [-2, 0, 2], [2, 0, -2], [2, 0, -2], [-2, 0, 2], [2, 0, 2]].map((p) => [...p, 0, 1, 0, 0xffc8c0b0]);
  const tris = [...floor, ...box(-0.4, 0.3, 0.45, 0xffd04030), ...box(0.8, -0.5, 0.3, 0xff3070d0)];
  const bytes = new DataView(new ArrayBuffer(28 * tris.length));
  tris.forEach((v, i) => {
    for (let k = 0; k < 6; k++) bytes.setFloat32(28 * i + 4 * k, v[k], true);
    bytes.setUint32(28 * i + 24, v[6] >>> 0, true);
  });

  // G-buffer pass: three targets, depth tested
  surfaces.forEach((s, i) => dev.SetRenderTarget(i, s));
  dev.SetRenderState(D3DRS.ZENABLE, 1);
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x00000000, 1, 0);
  dev.BeginScene();
  dev.SetVertexDeclaration(decl);
  dev.SetVertexShader(gvs);
  dev.SetPixelShader(gps);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, tris.length / 3, new Uint8Array(bytes.buffer), 28);
  dev.EndScene();

  // lighting pass: the back buffer only, the G-buffer as textures read at texel centres
  dev.SetRenderTarget(0, backbuffer);
  dev.SetRenderTarget(1, null);
  dev.SetRenderTarget(2, null);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  targets.forEach((t, i) => {
    dev.SetTexture(i, t);
    dev.SetSamplerState(i, D3DSAMP.MINFILTER, D3DTEXF.POINT);
    dev.SetSamplerState(i, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
  });
  const p = rows(proj);
  const toView = (w: number[]): number[] => {
    const v = rows(view);
    return [0, 1, 2].map((j) => w[0] * v[0][j] + w[1] * v[1][j] + w[2] * v[2][j] + v[3][j]);
  };
  dev.SetPixelShaderConstantF(0, new Float32Array([
    1 / p[0][0], 1 / p[1][1], FAR, 0.5,
    ...toView([-1.2, 1.2, -0.6]), 1, 1, 0.85, 0.6, 1,
    ...toView([1.4, 0.8, 0.9]), 1, 0.4, 0.6, 1, 1,
  ]), 5);
  const quad = new Float32Array([-0.5, -0.5, 0.5, 1, 0, 0, SIZE - 0.5, -0.5, 0.5, 1, 1, 0, -0.5, SIZE - 0.5, 0.5, 1, 0, 1, SIZE - 0.5, SIZE - 0.5, 0.5, 1, 1, 1]);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
  dev.BeginScene();
  dev.SetVertexShader(null);
  dev.SetPixelShader(lps);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24);
  dev.EndScene();
  dev.Present(null, null, null, null);
};

export default scene;
