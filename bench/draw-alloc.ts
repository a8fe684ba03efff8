/**
 * draw.alloc_bytes: bytes the device allocates per draw in steady state, on a small 64×64 scene
 * (fixed-function T&L of XYZ|DIFFUSE|TEX1 vertices, a bilinear texture, depth test), alternating
 * DrawPrimitive and DrawIndexedPrimitive with a few states changing between draws (a world
 * matrix, alpha blending, the depth function, the texture filter). It runs in a child process
 * whose young generation is large enough that no collection runs while it counts: after a
 * warm-up of WARMUP draws and two settled full collections, the growth of the V8 heap plus array-buffer memory over MEASURED draws, per draw, with
 * a PerformanceObserver confirming that no GC ran (a run with one is measured again).
 * The baseline is the budget, 2 KB a draw: the ratio is the share of it the device uses.
 */
import { spawnSync } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Direct3DCreate9 } from '../src/device/direct3d9.js';
import type { Device } from '../src/device/device.js';
import { D3DCMP, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DTS } from '../src/d3d9/index.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const SIZE = 64;
/**
 * Draws before counting: V8 optimizes the per-draw code (and with it escape analysis, which keeps
 * short-lived objects off the heap) only after several thousand draws; at 1,500 the count was
 * still falling (2.6 KB, against 2.2 KB after 20,000 on the same code).
 */
const WARMUP = 20_000;
/** draws counted: today's ~280 KB a draw must fit the young generation */
const MEASURED = 1500;
const BUDGET = 2048;
/** MiB of young generation: room for MEASURED draws at up to ~330 KB each */
const SEMI_SPACE_MB = 512;

export interface DrawScene {
  draw(i: number): void;
}

/** The scene: device, a textured quad grid in a vertex and an index buffer, camera transforms. */
export function drawScene(): DrawScene {
  const pp = {
    BackBufferWidth: SIZE, BackBufferHeight: SIZE, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
  const fvf = D3DFVF.XYZ | D3DFVF.DIFFUSE | D3DFVF.TEX1;
  // a 4×4 grid of vertices (24 bytes each) over [-1, 1]², 18 triangles
  const verts = new Float32Array(16 * 6);
  const words = new Uint32Array(verts.buffer);
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 4; x++) {
      const i = (y * 4 + x) * 6;
      verts[i] = x / 1.5 - 1; verts[i + 1] = y / 1.5 - 1; verts[i + 2] = 0.25 + 0.1 * ((x + y) & 1);
      words[i + 3] = 0xff000000 | (x * 0x400000) | (y * 0x4000) | 0x80;
      verts[i + 4] = x / 3; verts[i + 5] = y / 3;
    }
  }
  const indices = new Uint16Array(54);
  let k = 0;
  for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) {
    const a = y * 4 + x;
    indices.set([a, a + 1, a + 4, a + 4, a + 1, a + 5], k);
    k += 6;
  }
  const vb = dev.CreateVertexBuffer(verts.byteLength, 0, fvf, D3DPOOL.MANAGED).vertexBuffer!;
  vb.Lock(0, 0, 0).data!.set(new Uint8Array(verts.buffer));
  vb.Unlock();
  const ib = dev.CreateIndexBuffer(indices.byteLength, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!;
  ib.Lock(0, 0, 0).data!.set(new Uint8Array(indices.buffer));
  ib.Unlock();
  const tex = dev.CreateTexture(16, 16, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  for (let i = 0; i < 16 * 16 * 4; i++) lr.pBits[i] = (i * 37) & 0xff;
  tex.UnlockRect(0);
  const ident = { _11: 1, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: 1, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1 };
  dev.SetTransform(D3DTS.VIEW, ident);
  dev.SetTransform(D3DTS.PROJECTION, ident);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, 1);
  dev.SetRenderState(D3DRS.SRCBLEND, 5);
  dev.SetRenderState(D3DRS.DESTBLEND, 6);
  dev.SetFVF(fvf);
  dev.SetStreamSource(0, vb, 0, 24);
  dev.SetIndices(ib);
  dev.SetTexture(0, tex);
  const worlds = [0, 1, 2, 3].map((i) => ({ ...ident, _11: 1 - i * 0.1, _22: 1 - i * 0.05, _41: i * 0.05, _42: -i * 0.03 }));
  return {
    draw(i: number): void {
      dev.SetTransform(D3DTS.WORLD, worlds[i & 3]);
      dev.SetRenderState(D3DRS.ALPHABLENDENABLE, i & 1);
      dev.SetRenderState(D3DRS.ZFUNC, i & 2 ? D3DCMP.LESSEQUAL : D3DCMP.ALWAYS);
      dev.SetSamplerState(0, D3DSAMP.MAGFILTER, i & 4 ? D3DTEXF.LINEAR : D3DTEXF.POINT);
      if (i & 1) dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 16, 0, 18);
      else dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 5);
      if ((i & 63) === 63) dev.Clear(0, null, 3, 0xff203040, 1, 0);
    },
  };
}

/** In the child: bytes per draw, or undefined when a collection ran while counting. */
async function measureOnce(scene: DrawScene): Promise<number | undefined> {
  for (let i = 0; i < WARMUP; i++) scene.draw(i);
  const starts: number[] = [];
  const obs = new PerformanceObserver((list) => { for (const e of list.getEntries()) starts.push(e.startTime); });
  obs.observe({ entryTypes: ['gc'] });
  // two full collections with a pause after each: the concurrent sweeper frees the warm-up's
  // garbage after gc() returns, which would otherwise show as a heap shrinking while counting
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 2; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const t0 = performance.now();
  const before = process.memoryUsage();
  for (let i = 0; i < MEASURED; i++) scene.draw(i);
  const after = process.memoryUsage();
  const t1 = performance.now();
  // gc entries arrive on a later turn of the event loop
  await new Promise((resolve) => setTimeout(resolve, 100));
  obs.disconnect();
  if (starts.some((t) => t >= t0 && t <= t1)) return undefined;
  return (after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers)) / MEASURED;
}

async function child(): Promise<void> {
  const scene = drawScene();
  let result: number | undefined;
  for (let attempt = 0; attempt < 3 && result === undefined; attempt++) result = await measureOnce(scene);
  process.stdout.write(`${JSON.stringify({ bytesPerDraw: result ?? null })}\n`);
}

export const drawAlloc: Benchmark = {
  name: 'draw',
  run(ctx: BenchContext): Result[] {
    const file = fileURLToPath(import.meta.url);
    const r = spawnSync(process.execPath, ['--expose-gc', `--min-semi-space-size=${SEMI_SPACE_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`, file, '--child'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench draw.alloc_bytes: child exited ${r.status}: ${r.stderr}`);
    const { bytesPerDraw } = JSON.parse(r.stdout) as { bytesPerDraw: number | null };
    if (bytesPerDraw === null) throw new Error('bench draw.alloc_bytes: a collection ran during every counting run');
    ctx.log(`draw.alloc_bytes: ${bytesPerDraw.toFixed(0)} bytes a draw over ${MEASURED} draws`);
    return [{
      row: { name: 'draw.alloc_bytes', unit: 'bytes', value: bytesPerDraw, baseline: 'the budget: 2 KB a draw', baselineValue: BUDGET, ratio: bytesPerDraw / BUDGET },
      goal: 'ratio <= 1',
    }];
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--child')) await child();
