/**
 * A skinned mesh with a matrix palette (vs_2_0, mova and a0-relative constants): an arm of 8
 * segments (a strip of 18 vertices) bound to three bones at y = −0.8, −0.2 and 0.4. Each vertex
 * carries two bone indices (UBYTE4) and two weights; the vertex shader turns the indices into
 * constant offsets (index · 3, mova a0.xy), transforms the position by both bones' 4×3 matrices
 * (c10[a0.x] …, three constants a bone) and blends them. Colours mark the bones (red, green, blue),
 * blended like the positions. Three frames bend the joints further each time; the pixel stage is
 * fixed function (the diffuse colour).
 */
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DPT, D3DRS } from '../../src/index.js';
import type { D3DMATRIX, Direct3D9, Scene } from '../../src/index.js';
import { createDevice, IDENTITY } from './lib.js';
import { columns, mul, rotationZ, translation, vertexShader } from './shader-lib.js';

const VS = `vs_2_0
def c9, 3, 0, 0, 1
dcl_position v0
dcl_blendweight v1
dcl_blendindices v2
dcl_color v3
mul r0.xy, v2, c9.x
mova a0.xy, r0
dp4 r1.x, v0, c10[a0.x]
dp4 r1.y, v0, c11[a0.x]
dp4 r1.z, v0, c12[a0.x]
dp4 r2.x, v0, c10[a0.y]
dp4 r2.y, v0, c11[a0.y]
dp4 r2.z, v0, c12[a0.y]
mul r1.xyz, r1, v1.x
mad r1.xyz, r2, v1.y, r1
mov r1.w, c9.w
m4x4 oPos, r1, c0
mov oD0, v3`;

const JOINTS = [-0.8, -0.2, 0.4];
const COLORS = [[1, 0.2, 0.2], [0.2, 1, 0.2], [0.3, 0.4, 1]];

/** Bone i's skinning matrix: rotate about each joint up the chain, parents first (bind pose: identity). */
function palette(angles: number[]): D3DMATRIX[] {
  const out: D3DMATRIX[] = [];
  let parent = IDENTITY;
  for (let i = 0; i < JOINTS.length; i++) {
    const j = JOINTS[i];
    const local = mul(mul(translation(0, -j, 0), rotationZ(angles[i])), translation(0, j, 0));
    parent = mul(local, parent);
    out.push(parent);
  }
  return out;
}

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, 64, 64);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);

  ctx.name('decl');
  const decl = dev.CreateVertexDeclaration([
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
    { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.BLENDWEIGHT, UsageIndex: 0 },
    { Stream: 0, Offset: 20, Type: D3DDECLTYPE.UBYTE4, Method: 0, Usage: D3DDECLUSAGE.BLENDINDICES, UsageIndex: 0 },
    { Stream: 0, Offset: 24, Type: D3DDECLTYPE.D3DCOLOR, Method: 0, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
    D3DDECL_END,
  ]).vertexDeclaration!;
  const vs = vertexShader(dev, ctx, 'vs', VS);

  // 9 rows of 2 vertices from y = −0.8 to 0.8, x = ±0.12; each row weighted between its two nearest bones
  const vertices = new ArrayBuffer(28 * 18);
  const view = new DataView(vertices);
  for (let row = 0; row < 9; row++) {
    const y = -0.8 + row * 0.2;
    const b = y < JOINTS[1] ? 0 : 1;
    const t = Math.min(1, Math.max(0, (y - JOINTS[b]) / (JOINTS[b + 1] - JOINTS[b]) * 2 - 0.5));
    const weights = [1 - t, t];
    const color = COLORS[b].map((c, k) => c * weights[0] + COLORS[b + 1][k] * weights[1]);
    for (const x of [-0.12, 0.12]) {
      const at = 28 * (row * 2 + (x < 0 ? 0 : 1));
      [x, y, 0.5, weights[0], weights[1]].forEach((f, k) => view.setFloat32(at + 4 * k, f, true));
      [b, b + 1, 0, 0].forEach((i, k) => view.setUint8(at + 20 + k, i));
      const c = color.map((v) => Math.round(v * 255));
      view.setUint32(at + 24, (0xff000000 | (c[0] << 16) | (c[1] << 8) | c[2]) >>> 0, true);
    }
  }
  const strip = new Uint8Array(vertices);

  dev.SetVertexShaderConstantF(0, columns(IDENTITY), 4);
  dev.SetVertexDeclaration(decl);
  dev.SetVertexShader(vs);
  for (const bend of [0, 0.5, 1]) {
    const bones = palette([0.3 * bend, 0.6 * bend, 0.8 * bend]);
    bones.forEach((m, i) => dev.SetVertexShaderConstantF(10 + 3 * i, columns(m, 3), 3));
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202028, 1, 0);
    dev.BeginScene();
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 16, strip, 28);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
};

export default scene;
