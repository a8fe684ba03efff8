/** Tiny traces with shaders for the shader debugger's tests, written as .r9t into a temporary folder (shaders assembled from text). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble } from '../../src/shader/index.js';

export const dir = mkdtempSync(join(tmpdir(), 'replay9-debug-'));

function words(text: string): string {
  const a = assemble(text);
  if (!a.ok) throw new Error(`assemble: ${JSON.stringify(a.error)}`);
  return `[${Array.from(a.tokens, (w) => `0x${w.toString(16)}`).join(', ')}]`;
}

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
dev.Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff202020, 1.0, 0)
`;

/** A pre-transformed quad over the whole 16×8 target, texture coordinates u = x/16, v = y/8 (pixel centres at integers), depth z. */
const screenQuad = (z: number): string =>
  `dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[0, 0, ${z}, 1, 0, 0], [16, 0, ${z}, 1, 1, 0], [0, 8, ${z}, 1, 0, 1], [16, 8, ${z}, 1, 1, 1]], 24)`;
/** The same quad in clip space (x, y in [−1, 1]) for a vertex shader: u = x/16, v = y/8 again. */
const clipQuad = (z: number): string =>
  `dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[-1, 1, ${z}, 0, 0], [1, 1, ${z}, 1, 0], [-1, -1, ${z}, 0, 1], [1, -1, ${z}, 1, 1]], 20)`;

/**
 * calls: 9 a ps_2_0 `mad r0, t0.xyxy, c0, c1` over pre-transformed vertices; 13 the same pixel shader
 * after a vs_1_1 (oT0 = v1 · c0, c0 = (0.5, 0.5, 1, 1): vs_1_1 reads one constant register an instruction); 15 that draw again, culled; 17 an indexed draw.
 */
export const MAD = join(dir, 'mad.r9t');
writeFileSync(MAD, `${HEAD}ps = dev.CreatePixelShader(${words('ps_2_0\ndcl t0.xy\nmad r0, t0.xyxy, c0, c1\nmov oC0, r0')})
vs = dev.CreateVertexShader(${words('vs_1_1\ndcl_position v0\ndcl_texcoord0 v1\nmov oPos, v0\nmul oT0, v1, c0')})
dev.SetPixelShader(ps)
dev.SetPixelShaderConstantF(0, [[2, 4, 0, 0], [0.25, 0, 0.2, 1]], 2)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1)
dev.BeginScene()
${screenQuad(0.5)}
dev.SetVertexShader(vs)
dev.SetVertexShaderConstantF(0, [[0.5, 0.5, 1, 1], [0, 0, 0, 0]], 2)
dev.SetFVF(D3DFVF_XYZ | D3DFVF_TEX1)
${clipQuad(0.25)}
dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_CW)
${clipQuad(0.25)}
dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)
dev.DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 4, 1, [3, 1, 2], D3DFMT_INDEX16, [[-1, 1, 0.1, 0, 0], [1, 1, 0.1, 1, 0], [-1, -1, 0.1, 0, 1], [1, -1, 0.1, 1, 1]], 20)
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`);

/**
 * call 11: a vs_3_0 / ps_3_0 draw whose pixel shader loops three times (r0 = 3 · 0.25), branches on
 * u > 0.5 and takes dsx of its coordinates (so it runs the 2×2 quad): oC0 = r1.x · 0.5 + r0, alpha 1.
 */
export const FLOW = join(dir, 'flow.r9t');
writeFileSync(FLOW, `${HEAD}vs = dev.CreateVertexShader(${words('vs_3_0\ndcl_position v0\ndcl_texcoord0 v1\ndcl_position o0\ndcl_texcoord0 o1\nmov o0, v0\nmov o1, v1')})
ps = dev.CreatePixelShader(${words(`ps_3_0
defi i0, 3, 0, 0, 0
def c2, 0.25, 0, 0.5, 1
dcl_texcoord0 v0.xy
mov r0, c2.y
rep i0
add r0, r0, c2.x
endrep
if_gt v0.x, c2.z
mov r1, c2.w
else
mov r1, c2.y
endif
dsx r2, v0
mad r3, r1.x, c2.z, r0
mov r3.w, c2.w
mov oC0, r3`)})
dev.SetVertexShader(vs)
dev.SetPixelShader(ps)
dev.SetFVF(D3DFVF_XYZ | D3DFVF_TEX1)
dev.BeginScene()
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0, 0)
dev.SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE)
${clipQuad(0.5)}
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`);

/**
 * call 10: texkill of u − 0.5 (discards u < 0.5), then oC0 = (1, 0, 0, 0.25) under an alpha test
 * GREATER 0x80 (fails); call 12: a fixed-function draw.
 */
export const KILL = join(dir, 'kill.r9t');
writeFileSync(KILL, `${HEAD}ps = dev.CreatePixelShader(${words('ps_2_0\ndef c0, -0.5, 0, 0, 0\ndef c1, 1, 0, 0, 0.25\ndcl t0.xy\nadd r0, t0.x, c0.x\ntexkill r0\nmov oC0, c1')})
dev.SetPixelShader(ps)
dev.SetRenderState(D3DRS_ALPHATESTENABLE, TRUE)
dev.SetRenderState(D3DRS_ALPHAFUNC, D3DCMP_GREATER)
dev.SetRenderState(D3DRS_ALPHAREF, 128)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1)
dev.BeginScene()
${screenQuad(0.5)}
dev.SetPixelShader(NULL)
${screenQuad(0.5)}
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`);
