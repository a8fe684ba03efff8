/**
 * raster.*: fill rate of the fixed-function pipeline at 1024×768, in Mpix/s,
 * against a hand-written typed-array loop writing one u32 per pixel in the same
 * run: flat-colour triangles, depth+stencil-tested triangles, and bilinear
 * textured triangles (each frame: full-screen quads, two triangles each).
 */
import { Direct3DCreate9 } from '../src/device/direct3d9.js';
import type { Device } from '../src/device/device.js';
import { D3DCMP, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DSTENCILOP, D3DTEXF } from '../src/d3d9/index.js';
import type { IDirect3DTexture9 } from '../src/device/types.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const W = 1024;
const H = 768;
const QUADS = 4;

function device(): Device {
  const pp = {
    BackBufferWidth: W, BackBufferHeight: H, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, 1);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  return dev;
}

/** A full-screen quad as a strip of XYZRHW|DIFFUSE|TEX1 vertices (28 bytes). */
function quad(z: number, color: number): Float32Array {
  const v = new Float32Array(4 * 7);
  const u = new Uint32Array(v.buffer);
  [[-0.5, -0.5, 0, 0], [W - 0.5, -0.5, 1, 0], [-0.5, H - 0.5, 0, 1], [W - 0.5, H - 0.5, 1, 1]].forEach(([x, y, s, t], i) => {
    v.set([x, y, z, 1], i * 7);
    u[i * 7 + 4] = color;
    v[i * 7 + 5] = s;
    v[i * 7 + 6] = t;
  });
  return v;
}

function frame(dev: Device, quads: Float32Array[]): void {
  for (const q of quads) dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, q, 28);
}

/** The baseline: one u32 store per pixel, the same number of pixels. */
function baselineLoop(target: Uint32Array, pixels: number): () => number {
  return () => {
    let c = 0xff102030;
    for (let n = 0; n < pixels; n += target.length) {
      for (let i = 0; i < target.length; i++) target[i] = c;
      c = (c + 1) >>> 0;
    }
    return target[0];
  };
}

function texture(dev: Device): IDirect3DTexture9 {
  const tex = dev.CreateTexture(256, 256, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  for (let i = 0; i < 256 * 256 * 4; i++) lr.pBits[i] = (i * 37) & 0xff;
  tex.UnlockRect(0);
  return tex;
}

export const raster: Benchmark = {
  name: 'raster',
  run(ctx: BenchContext): Result[] {
    const pixels = W * H * QUADS;
    const target = new Uint32Array(W * H);
    const base = baselineLoop(target, pixels);
    const cases: Array<[string, string, (dev: Device) => Float32Array[]]> = [
      ['raster.flat_color', '>= 1.0', (dev) => {
        dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
        return Array.from({ length: QUADS }, (_, i) => quad(0.5, 0xff000000 + i * 0x101010));
      }],
      ['raster.depth_stencil', '>= 0.2', (dev) => {
        dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
        dev.SetRenderState(D3DRS.ZENABLE, 1);
        dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
        dev.SetRenderState(D3DRS.STENCILENABLE, 1);
        dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.INCR);
        return Array.from({ length: QUADS }, (_, i) => quad(0.9 - i * 0.1, 0xff204060));
      }],
      ['raster.bilinear_textured', '>= 0.1', (dev) => {
        dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
        dev.SetTexture(0, texture(dev));
        dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
        dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
        return Array.from({ length: QUADS }, () => quad(0.5, 0xffffffff));
      }],
    ];
    const timing = { warmup: 1, runs: Math.max(3, Math.min(5, ctx.timing.runs)) };
    return cases.map(([name, goal, setup]) => {
      const dev = device();
      const quads = setup(dev);
      const t = timePair(() => frame(dev, quads), base, timing);
      ctx.log(`${name}: ours ${describe(t.ours)}, u32 loop ${describe(t.baseline)}`);
      const ours = pixels / t.ours.median / 1e6;
      const loop = pixels / t.baseline.median / 1e6;
      return { row: { name, unit: 'Mpix/s', value: ours, baseline: 'hand-written loop storing one u32 per pixel', baselineValue: loop, ratio: ours / loop }, goal };
    });
  },
};
