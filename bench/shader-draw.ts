/**
 * shader_draw.*: whole draws through the device with shaders against the same draws through the
 * fixed-function pipeline, in one run (ratio: fixed-function time / shader time; both paths draw
 * the same image, test/bench/shader-draw.test.ts checks it):
 * - ps20_modulate: a ps_2_0 doing what D3DTOP_MODULATE does (texld t0 × v0, bilinear) on
 *   full-target pre-transformed quads, against stage 0 MODULATE TEXTURE/DIFFUSE (its span path);
 * - vs20_tnl: a vs_2_0 doing m4x4 position and one directional light's N·L diffuse with the
 *   material colour, against fixed-function T&L with that light, on a mesh of many vertices drawn
 *   into a tiny viewport (the raster cost is small beside the vertex cost).
 */
import { Direct3DCreate9 } from '../src/device/direct3d9.js';
import type { Device } from '../src/device/device.js';
import {
  D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLMETHOD, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DLIGHT, D3DPOOL, D3DPT, D3DRS,
  D3DSAMP, D3DTA, D3DTEXF, D3DTOP, D3DTS, D3DTSS, D3D_OK,
} from '../src/d3d9/index.js';
import { assemble } from '../src/shader/index.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

/** D3DTOP_MODULATE of stage 0 (TEXTURE × DIFFUSE, colour and alpha) as a ps_2_0. */
export const MODULATE_PS20 = `ps_2_0
dcl t0.xy
dcl v0
dcl_2d s0
texld r0, t0, s0
mul r0, r0, v0
mov oC0, r0`;

/**
 * Fixed-function T&L of one directional light (diffuse only) as a vs_2_0: c0..c3 the transposed
 * world·view·projection, c4 the direction towards the light (−Direction, normalized; world and view
 * are identity so model normals are the lighting space's), c5 material diffuse × light diffuse with
 * the material's alpha, c6.x 0.
 */
export const TNL_VS20 = `vs_2_0
dcl_position v0
dcl_normal v1
m4x4 oPos, v0, c0
dp3 r0.x, v1, c4
max r0.x, r0.x, c6.x
mul r1, c5, r0.x
mov r1.w, c5.w
mov oD0, r1`;

function device(w: number, h: number): Device {
  const pp = {
    BackBufferWidth: w, BackBufferHeight: h, BackBufferFormat: D3DFMT.A8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  // software vertex processing: the fixed-function T&L and the vertex shader both run on the CPU here anyway
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
  return dev;
}

function tokens(text: string): Uint32Array {
  const a = assemble(text);
  if (!a.ok) throw new Error(`bench shader: ${a.error.line}:${a.error.column} ${a.error.message}`);
  return a.tokens;
}

/** A seeded 256×256 A8R8G8B8 texture, one level, bilinear. */
function texture(dev: Device, seed: number): void {
  const tex = dev.CreateTexture(256, 256, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  let a = seed >>> 0;
  for (let i = 0; i < 256 * 256 * 4; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    lr.pBits[i] = a >>> 24;
  }
  tex.UnlockRect(0);
  dev.SetTexture(0, tex);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
}

/** A w×h pre-transformed quad (strip of XYZRHW|DIFFUSE|TEX1), a different diffuse at each corner, coordinates over 0..1.5 (wrap). */
function modulateQuad(w: number, h: number): Float32Array {
  const v = new Float32Array(4 * 7);
  const u = new Uint32Array(v.buffer);
  const corners: Array<[number, number, number, number, number]> = [
    [-0.5, -0.5, 0, 0, 0xffffffff], [w - 0.5, -0.5, 1.5, 0, 0xc080ff40], [-0.5, h - 0.5, 0, 1.5, 0x8040c0ff], [w - 0.5, h - 0.5, 1.5, 1.5, 0xff20a060],
  ];
  corners.forEach(([x, y, s, t, c], i) => {
    v.set([x, y, 0.5, 1], i * 7);
    u[i * 7 + 4] = c;
    v[i * 7 + 5] = s;
    v[i * 7 + 6] = t;
  });
  return v;
}

/** A scene that draws one frame through either path. */
export interface DrawScene {
  dev: Device;
  draw(): void;
}

/** The MODULATE quad on a w×h target: through stage 0 (`shader` false) or the ps_2_0. */
export function modulateScene(w: number, h: number, shader: boolean): DrawScene {
  const dev = device(w, h);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  texture(dev, 7);
  dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.MODULATE);
  dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
  dev.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.DIFFUSE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAOP, D3DTOP.MODULATE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAARG1, D3DTA.TEXTURE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAARG2, D3DTA.DIFFUSE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
  if (shader) {
    const r = dev.CreatePixelShader(tokens(MODULATE_PS20));
    if (r.hr !== D3D_OK) throw new Error(`bench: CreatePixelShader ${r.hr}`);
    dev.SetPixelShader(r.pixelShader!);
  }
  const q = modulateQuad(w, h);
  return { dev, draw: () => { dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, q, 28); } };
}

/**
 * A seeded mesh of `triangles` small triangles (POSITION float3, NORMAL float3 of unit length)
 * spread over x, y in [−1, 1] at z 0.2..1 (inside the projection's depth range).
 */
export function mesh(triangles: number, seed: number): Float32Array {
  const v = new Float32Array(triangles * 3 * 6);
  let a = seed >>> 0;
  const rnd = (): number => { a = (Math.imul(a, 22695477) + 1) >>> 0; return (a >>> 8) / 16777216; };
  for (let t = 0; t < triangles; t++) {
    const cx = rnd() * 2 - 1, cy = rnd() * 2 - 1, cz = 0.2 + 0.8 * rnd();
    for (let k = 0; k < 3; k++) {
      const at = (t * 3 + k) * 6;
      v[at] = cx + (k === 1 ? 0.05 : 0); v[at + 1] = cy + (k === 2 ? 0.05 : 0); v[at + 2] = cz;
      const nx = rnd() * 2 - 1, ny = rnd() * 2 - 1, nz = rnd() * 2 - 1;
      const len = Math.hypot(nx, ny, nz) || 1;
      v[at + 3] = nx / len; v[at + 4] = ny / len; v[at + 5] = nz / len;
    }
  }
  return v;
}

const LIGHT_DIR = [0.3, -0.5, 0.8];
const LIGHT_DIFFUSE = [0.9, 0.8, 0.7, 1];
const MATERIAL_DIFFUSE = [0.75, 0.5, 1, 0.6];

/** A perspective projection (row-vector D3D convention), world and view identity. */
const PROJECTION = [1.5, 0, 0, 0, 0, 1.5, 0, 0, 0, 0, 1.1, 1, 0, 0, -0.11, 0];

/** The mesh on a w×h target lit by one directional light: fixed-function T&L (`shader` false) or the vs_2_0. */
export function tnlScene(w: number, h: number, shader: boolean, vertices: Float32Array): DrawScene {
  const dev = device(w, h);
  const zero = { r: 0, g: 0, b: 0, a: 0 };
  const color = (c: readonly number[]): { r: number; g: number; b: number; a: number } => ({ r: c[0], g: c[1], b: c[2], a: c[3] });
  const triangles = vertices.length / 18;
  if (shader) {
    const r = dev.CreateVertexShader(tokens(TNL_VS20));
    if (r.hr !== D3D_OK) throw new Error(`bench: CreateVertexShader ${r.hr}`);
    const d = dev.CreateVertexDeclaration([
      { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: D3DDECLMETHOD.DEFAULT, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
      { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT3, Method: D3DDECLMETHOD.DEFAULT, Usage: D3DDECLUSAGE.NORMAL, UsageIndex: 0 },
      D3DDECL_END,
    ]);
    if (d.hr !== D3D_OK) throw new Error(`bench: CreateVertexDeclaration ${d.hr}`);
    dev.SetVertexDeclaration(d.vertexDeclaration!);
    dev.SetVertexShader(r.vertexShader!);
    const p = PROJECTION;
    // m4x4 takes rows: the transpose of the row-vector matrix
    const transposed = [0, 1, 2, 3].flatMap((c) => [p[c], p[4 + c], p[8 + c], p[12 + c]]);
    const len = Math.hypot(LIGHT_DIR[0], LIGHT_DIR[1], LIGHT_DIR[2]);
    const toLight = [-LIGHT_DIR[0] / len, -LIGHT_DIR[1] / len, -LIGHT_DIR[2] / len, 0];
    const diffuse = [0, 1, 2].map((i) => MATERIAL_DIFFUSE[i] * LIGHT_DIFFUSE[i]).concat(MATERIAL_DIFFUSE[3]);
    dev.SetVertexShaderConstantF(0, Float32Array.from([...transposed, ...toLight, ...diffuse, 0, 0, 0, 0]), 7);
  } else {
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.NORMAL);
    const p = PROJECTION;
    dev.SetTransform(D3DTS.PROJECTION, {
      _11: p[0], _12: p[1], _13: p[2], _14: p[3], _21: p[4], _22: p[5], _23: p[6], _24: p[7],
      _31: p[8], _32: p[9], _33: p[10], _34: p[11], _41: p[12], _42: p[13], _43: p[14], _44: p[15],
    });
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    dev.SetRenderState(D3DRS.AMBIENT, 0);
    dev.SetMaterial({ Diffuse: color(MATERIAL_DIFFUSE), Ambient: zero, Specular: zero, Emissive: zero, Power: 0 });
    dev.SetLight(0, {
      Type: D3DLIGHT.DIRECTIONAL, Diffuse: color(LIGHT_DIFFUSE), Specular: zero, Ambient: zero,
      Position: { x: 0, y: 0, z: 0 }, Direction: { x: LIGHT_DIR[0], y: LIGHT_DIR[1], z: LIGHT_DIR[2] },
      Range: 0, Falloff: 0, Attenuation0: 0, Attenuation1: 0, Attenuation2: 0, Theta: 0, Phi: 0,
    });
    dev.LightEnable(0, true);
  }
  return { dev, draw: () => { dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, triangles, vertices, 24); } };
}

const PS_SIZE = 512;
const TNL_TRIANGLES = 20000;
const TNL_SIZE = 8;

export const shaderDraw: Benchmark = {
  name: 'shader_draw',
  run(ctx: BenchContext): Result[] {
    const timing = { warmup: 2, runs: Math.max(3, Math.min(7, ctx.timing.runs)) };
    const results: Result[] = [];
    {
      const ff = modulateScene(PS_SIZE, PS_SIZE, false), sh = modulateScene(PS_SIZE, PS_SIZE, true);
      const t = timePair(sh.draw, ff.draw, timing);
      ctx.log(`shader_draw.ps20_modulate: shader ${describe(t.ours)}, fixed-function ${describe(t.baseline)}`);
      const px = PS_SIZE * PS_SIZE;
      const ours = px / t.ours.median / 1e6, base = px / t.baseline.median / 1e6;
      results.push({
        row: { name: 'shader_draw.ps20_modulate', unit: 'Mpix/s', value: ours, baseline: 'stage 0 MODULATE, same quad (fixed-function span path)', baselineValue: base, ratio: ours / base },
        goal: '>= 0.5',
      });
    }
    {
      const m = mesh(TNL_TRIANGLES, 3);
      const ff = tnlScene(TNL_SIZE, TNL_SIZE, false, m), sh = tnlScene(TNL_SIZE, TNL_SIZE, true, m);
      const t = timePair(sh.draw, ff.draw, timing);
      ctx.log(`shader_draw.vs20_tnl: shader ${describe(t.ours)}, fixed-function ${describe(t.baseline)}`);
      const n = TNL_TRIANGLES * 3;
      const ours = n / t.ours.median / 1e6, base = n / t.baseline.median / 1e6;
      results.push({
        row: { name: 'shader_draw.vs20_tnl', unit: 'Mvert/s', value: ours, baseline: 'fixed-function T&L, one directional light, same mesh', baselineValue: base, ratio: ours / base },
        goal: '>= 0.5',
      });
    }
    return results;
  },
};
