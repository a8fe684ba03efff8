/**
 * Per-pixel lighting with a normal map (vs_2_0 / ps_2_0): a stone-tile quad seen at an angle, its
 * 32×32 normal map a 4×4 grid of round bumps. The vertex shader moves the light and eye vectors
 * into tangent space (dp3 with the tangent, binormal and normal of each vertex); the pixel shader
 * unpacks the normal (·2 − 1), renormalizes the three vectors (nrm) and adds diffuse N·L, a
 * Blinn specular pow(N·H, 16) and ambient. Two frames: the light at the top left, then at the right.
 */
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF } from '../../src/index.js';
import type { D3DVERTEXELEMENT9, Direct3D9, Scene } from '../../src/index.js';
import { createDevice, lookAtLH, perspectiveFovLH } from './lib.js';
import { argb, columns, fillTexture, mul, pixelShader, vertexShader } from './shader-lib.js';

const VS = `vs_2_0
dcl_position v0
dcl_texcoord0 v1
dcl_normal v2
dcl_tangent v3
dcl_binormal v4
m4x4 oPos, v0, c0
mov oT0.xy, v1
add r0.xyz, c4, -v0
dp3 oT1.x, r0, v3
dp3 oT1.y, r0, v4
dp3 oT1.z, r0, v2
add r1.xyz, c5, -v0
dp3 oT2.x, r1, v3
dp3 oT2.y, r1, v4
dp3 oT2.z, r1, v2`;

const PS = `ps_2_0
def c2, 2, -1, 0.12, 16
dcl t0.xy
dcl t1.xyz
dcl t2.xyz
dcl_2d s0
dcl_2d s1
texld r0, t0, s0
texld r1, t0, s1
mad r1.xyz, r1, c2.x, c2.y
nrm r2.xyz, r1
nrm r3.xyz, t1
nrm r4.xyz, t2
dp3_sat r5.x, r2, r3
add r6.xyz, r3, r4
nrm r7.xyz, r6
dp3_sat r5.y, r2, r7
pow r5.z, r5.y, c2.w
mad r8.xyz, c0, r5.x, c2.z
mul r8.xyz, r8, r0
mad r8.xyz, c1, r5.z, r8
mov r8.w, r0.w
mov oC0, r8`;

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, 64, 64);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);

  ctx.name('albedo');
  const albedo = dev.CreateTexture(32, 32, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  fillTexture(albedo, 32, 32, 4, (x, y, v, at) => {
    const tile = ((x >> 3) + (y >> 3)) & 1;
    v.setUint32(at, tile ? 0xffb89a78 : 0xff98a0a8, true);
  });
  ctx.name('normals');
  const normals = dev.CreateTexture(32, 32, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  fillTexture(normals, 32, 32, 4, (x, y, v, at) => {
    // a hemisphere of radius 3.5 texels in each 8×8 cell; tangent-space x along u, y along v, z out
    const dx = ((x & 7) + 0.5 - 4) / 3.5;
    const dy = ((y & 7) + 0.5 - 4) / 3.5;
    const d2 = dx * dx + dy * dy;
    const n = d2 < 1 ? [dx, dy, Math.sqrt(1 - d2)] : [0, 0, 1];
    v.setUint32(at, argb(1, n[0] * 0.5 + 0.5, n[1] * 0.5 + 0.5, n[2] * 0.5 + 0.5), true);
  });

  const elements: D3DVERTEXELEMENT9[] = [
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
    { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 0 },
    { Stream: 0, Offset: 20, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.NORMAL, UsageIndex: 0 },
    { Stream: 0, Offset: 32, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.TANGENT, UsageIndex: 0 },
    { Stream: 0, Offset: 44, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.BINORMAL, UsageIndex: 0 },
    D3DDECL_END,
  ];
  ctx.name('decl');
  const decl = dev.CreateVertexDeclaration(elements).vertexDeclaration!;
  const vs = vertexShader(dev, ctx, 'vs', VS);
  const ps = pixelShader(dev, ctx, 'ps', PS);

  // the quad in the z = 0 plane facing −z (the eye); v runs down, so the binormal (∂P/∂v) is −y
  const frame = [0, 0, -1, 1, 0, 0, 0, -1, 0];
  const quad = new Float32Array([
    [-1, 1, 0, 0, 0], [1, 1, 0, 1, 0], [-1, -1, 0, 0, 1], [1, -1, 0, 1, 1],
  ].flatMap((p) => [...p, ...frame]));

  const eye = [0, -0.9, -2.2];
  const viewProj = mul(lookAtLH(eye, [0, -0.1, 0], [0, 1, 0]), perspectiveFovLH(Math.PI / 3, 1, 0.5, 10));
  dev.SetVertexShaderConstantF(0, columns(viewProj), 4);
  dev.SetVertexShaderConstantF(5, new Float32Array([...eye, 1]), 1);
  dev.SetPixelShaderConstantF(0, new Float32Array([1, 0.95, 0.8, 1, 0.5, 0.5, 0.5, 1]), 2);
  for (const s of [0, 1]) {
    dev.SetSamplerState(s, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
    dev.SetSamplerState(s, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  }
  dev.SetTexture(0, albedo);
  dev.SetTexture(1, normals);
  dev.SetVertexDeclaration(decl);
  dev.SetVertexShader(vs);
  dev.SetPixelShader(ps);

  for (const light of [[-0.9, 0.9, -0.7], [1.1, -0.1, -0.5]]) {
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff101018, 1, 0);
    dev.SetVertexShaderConstantF(4, new Float32Array([...light, 1]), 1);
    dev.BeginScene();
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 56);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
};

export default scene;
