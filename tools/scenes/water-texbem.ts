/**
 * ps_1_1 water with texbem: the sky (a 32×32 gradient with a sun and cloud bands) is drawn with
 * fixed function over the top of the frame; the water plane below it, in perspective, runs
 * vs_1_1 (scrolling the wave coordinates by c4) and ps_1_1: tex t0 reads a 16×16 V8U8 wave map,
 * texbem t1, t0 perturbs the reflection coordinates by BUMPENVMAT (0.06 on the diagonal of stage
 * 1) · (du, dv) and samples the sky, and the result is tinted by the vertex colour. Two frames:
 * the waves scroll.
 */
import { D3DCLEAR, D3DCULL, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DTSS } from '../../src/index.js';
import type { Direct3D9, Scene } from '../../src/index.js';
import { createDevice, lookAtLH, perspectiveFovLH } from './lib.js';
import { argb, columns, fillTexture, mul, pixelShader, vertexShader } from './shader-lib.js';

const VS = `vs_1_1
dcl_position v0
dcl_texcoord0 v1
m4x4 oPos, v0, c0
add oT0.xy, v1, c4
mov oT1.xy, v1
mov oD0, c5`;

const PS = `ps_1_1
tex t0
texbem t1, t0
mul r0, t1, v0`;

const f32bits = (f: number): number => new Uint32Array(Float32Array.of(f).buffer)[0];

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, 64, 64);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);

  ctx.name('sky');
  const sky = dev.CreateTexture(32, 32, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  fillTexture(sky, 32, 32, 4, (x, y, v, at) => {
    const t = y / 31;
    const sun = Math.hypot(x - 22, y - 9) < 3.5 ? 1 : 0;
    const cloud = (y % 8 === 3 || y % 8 === 4) && ((x + 3 * (y >> 3)) & 15) < 9 ? 0.35 : 0;
    const r = Math.min(1, 0.35 + 0.5 * t + cloud + sun);
    const g = Math.min(1, 0.55 + 0.4 * t + cloud + sun * 0.9);
    v.setUint32(at, argb(1, r, g, Math.min(1, 0.95 + cloud + sun * 0.5)), true);
  });
  ctx.name('waves');
  const waves = dev.CreateTexture(16, 16, 1, 0, D3DFMT.V8U8, D3DPOOL.MANAGED).texture!;
  fillTexture(waves, 16, 16, 2, (x, y, v, at) => {
    const a = ((x + 2 * y) * Math.PI) / 8;
    v.setInt8(at, Math.round(100 * Math.sin(a)));
    v.setInt8(at + 1, Math.round(100 * Math.cos(a + y * 0.4)));
  });

  const vs = vertexShader(dev, ctx, 'vs', VS);
  const ps = pixelShader(dev, ctx, 'ps', PS);
  const viewProj = mul(lookAtLH([0, 0.45, -2], [0, 0.1, 1], [0, 1, 0]), perspectiveFovLH(Math.PI / 3, 1, 0.1, 20));
  dev.SetVertexShaderConstantF(0, columns(viewProj), 4);
  dev.SetVertexShaderConstantF(5, new Float32Array([0.75, 0.9, 1, 1]), 1);
  dev.SetTextureStageState(1, D3DTSS.BUMPENVMAT00, f32bits(0.06));
  dev.SetTextureStageState(1, D3DTSS.BUMPENVMAT01, f32bits(0));
  dev.SetTextureStageState(1, D3DTSS.BUMPENVMAT10, f32bits(0));
  dev.SetTextureStageState(1, D3DTSS.BUMPENVMAT11, f32bits(0.06));
  for (const s of [0, 1]) {
    dev.SetSamplerState(s, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
    dev.SetSamplerState(s, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  }

  // the sky: a pretransformed quad over the top 30 rows; the water: the plane y = 0 from z = −1.8 (below the bottom edge of the view) to 12
  const skyQuad = new Float32Array([0, 0, 0.5, 1, 0, 0, 64, 0, 0.5, 1, 1, 0, 0, 30, 0.5, 1, 0, 1, 64, 30, 0.5, 1, 1, 1]);
  const water = new Float32Array([-6, 0, 12, 0, 0, 6, 0, 12, 4, 0, -6, 0, -1.8, 0, 2.3, 6, 0, -1.8, 4, 2.3]);
  for (const t of [0, 0.3]) {
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff8090a0, 1, 0);
    dev.BeginScene();
    dev.SetVertexShader(null);
    dev.SetPixelShader(null);
    dev.SetTexture(0, sky);
    dev.SetTexture(1, null);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, skyQuad, 24);
    dev.SetTexture(0, waves);
    dev.SetTexture(1, sky);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
    dev.SetVertexShaderConstantF(4, new Float32Array([t, t * 0.5, 0, 0]), 1);
    dev.SetVertexShader(vs);
    dev.SetPixelShader(ps);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, water, 20);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
};

export default scene;
