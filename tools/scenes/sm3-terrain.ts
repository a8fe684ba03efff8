/**
 * Shader model 3 with loops and vertex texture fetch: a 12×12 grid displaced by a 16×16 R32F
 * height map read in the vertex shader (texldl at level 0 on D3DVERTEXTEXTURESAMPLER0; four more
 * reads a texel away give the normal by central differences), lit by three point lights in a
 * loop (loop aL, i0 over c10[aL] positions and c20[aL] colours, with 1 / (1 + k·d²) falloff; ps_3_0
 * cannot index constants, so the loop is in the vertex shader). The pixel shader darkens contour
 * lines every 0.1 of height (frc, cmp). Two frames: the lights circle the terrain.
 */
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DUSAGE, D3DVERTEXTEXTURESAMPLER0 } from '../../src/index.js';
import type { Direct3D9, Scene } from '../../src/index.js';
import { createDevice, lookAtLH, perspectiveFovLH } from './lib.js';
import { columns, fillTexture, mul, pixelShader, vertexShader } from './shader-lib.js';

const VS = `vs_3_0
def c8, 0, 0.45, 0.0625, 1
def c9, 0.6, 1.8, 0, 0
dcl_position v0
dcl_texcoord0 v1
dcl_2d s0
dcl_position o0
dcl_color o1
dcl_texcoord0 o2
mov r0.xy, v1
mov r0.zw, c8.x
texldl r1, r0, s0
add r7, r0, c8.zxxx
texldl r2, r7, s0
add r7, r0, -c8.zxxx
texldl r3, r7, s0
add r7, r0, c8.xzxx
texldl r4, r7, s0
add r7, r0, -c8.xzxx
texldl r5, r7, s0
mov r6, v0
mad r6.y, r1.x, c8.y, v0.y
add r8.x, r3.x, -r2.x
add r8.z, r5.x, -r4.x
mul r8.xz, r8, c9.y
mov r8.y, c8.w
nrm r9.xyz, r8
mov r10, c1
loop aL, i0
add r11.xyz, c10[aL], -r6
dp3 r12.w, r11, r11
rsq r12.x, r12.w
mul r11.xyz, r11, r12.x
dp3_sat r12.y, r9, r11
mad r12.w, r12.w, c9.x, c8.w
rcp r12.z, r12.w
mul r12.y, r12.y, r12.z
mad r10.xyz, c20[aL], r12.y, r10
endloop
mul r10.xyz, r10, c3
mov r10.w, c8.w
m4x4 o0, r6, c4
mov o1, r10
mov o2, r1.x`;

const PS = `ps_3_0
def c0, 10, -0.12, 0.6, 1
dcl_color v0
dcl_texcoord0 v1.x
mul r0.x, v1.x, c0.x
frc r0.x, r0.x
add r0.x, r0.x, c0.y
cmp r1.x, r0.x, c0.w, c0.z
mul r2.xyz, v0, r1.x
mov r2.w, c0.w
mov oC0, r2`;

const N = 12;

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, 64, 64, D3DFMT.D24S8);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 1);

  ctx.name('heights');
  const heights = dev.CreateTexture(16, 16, 1, 0, D3DFMT.R32F, D3DPOOL.MANAGED).texture!;
  fillTexture(heights, 16, 16, 4, (x, y, v, at) => {
    const h = 0.5 + 0.3 * Math.sin(x * 0.7) * Math.cos(y * 0.5) + 0.2 * Math.sin((x + y) * 0.35);
    v.setFloat32(at, Math.fround(h), true);
  });

  ctx.name('decl');
  const decl = dev.CreateVertexDeclaration([
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
    { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 0 },
    D3DDECL_END,
  ]).vertexDeclaration!;
  ctx.name('grid');
  const grid = dev.CreateVertexBuffer(20 * N * N, D3DUSAGE.WRITEONLY, 0, D3DPOOL.MANAGED).vertexBuffer!;
  const verts = new Float32Array(5 * N * N);
  for (let j = 0; j < N; j++) {
    for (let i = 0; i < N; i++) {
      const u = i / (N - 1);
      const w = j / (N - 1);
      verts.set([u * 2 - 1, 0, w * 2 - 1, u, w], 5 * (j * N + i));
    }
  }
  grid.Lock(0, 0, 0).data!.set(new Uint8Array(verts.buffer));
  grid.Unlock();
  ctx.name('indices');
  const cells = (N - 1) * (N - 1);
  const indices = dev.CreateIndexBuffer(12 * cells, D3DUSAGE.WRITEONLY, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!;
  const idx = new Uint16Array(6 * cells);
  for (let j = 0, k = 0; j < N - 1; j++) {
    for (let i = 0; i < N - 1; i++, k += 6) {
      const a = j * N + i;
      idx.set([a, a + N, a + 1, a + 1, a + N, a + N + 1], k);
    }
  }
  indices.Lock(0, 0, 0).data!.set(new Uint8Array(idx.buffer));
  indices.Unlock();

  const vs = vertexShader(dev, ctx, 'vs', VS);
  const ps = pixelShader(dev, ctx, 'ps', PS);
  const viewProj = mul(lookAtLH([0, 1.6, -2.1], [0, 0.1, 0.1], [0, 1, 0]), perspectiveFovLH(Math.PI / 3, 1, 0.5, 10));
  dev.SetVertexShaderConstantF(4, columns(viewProj), 4);
  dev.SetVertexShaderConstantF(1, new Float32Array([0.08, 0.08, 0.1, 1]), 1);
  dev.SetVertexShaderConstantF(3, new Float32Array([0.55, 0.8, 0.45, 1]), 1);
  dev.SetVertexShaderConstantF(20, new Float32Array([1, 0.4, 0.3, 1, 0.3, 0.5, 1, 1, 1, 1, 0.8, 1]), 3);
  dev.SetVertexShaderConstantI(0, new Int32Array([3, 0, 1, 0]), 1);
  dev.SetTexture(D3DVERTEXTEXTURESAMPLER0, heights);
  dev.SetSamplerState(D3DVERTEXTEXTURESAMPLER0, D3DSAMP.MINFILTER, D3DTEXF.POINT);
  dev.SetSamplerState(D3DVERTEXTEXTURESAMPLER0, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
  dev.SetVertexDeclaration(decl);
  dev.SetStreamSource(0, grid, 0, 20);
  dev.SetIndices(indices);
  dev.SetVertexShader(vs);
  dev.SetPixelShader(ps);

  for (const turn of [0, 1.2]) {
    const lights = [0, 1, 2].flatMap((k) => {
      const a = turn + (k * 2 * Math.PI) / 3;
      return [Math.cos(a) * 0.9, 0.9, Math.sin(a) * 0.9, 1];
    });
    dev.SetVertexShaderConstantF(10, new Float32Array(lights), 3);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff182030, 1, 0);
    dev.BeginScene();
    dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, N * N, 0, 2 * cells);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
};

export default scene;
