/**
 * stretch.*: StretchRect and ColorFill throughput in Mpix/s of destination
 * pixels. StretchRect POINT and LINEAR, A8R8G8B8 1024×1024 → 1920×1080, against
 * sharp's resize of the same sizes (kernel 'nearest' / 'linear', raw RGBA in and
 * out, one libvips thread) timed in the same run; ColorFill of a 1920×1080
 * X8R8G8B8 surface (fill.ts) against Uint32Array.fill of the
 * same pixels. sharp's API is asynchronous, so it runs on a worker thread that
 * this thread waits for with Atomics.wait: each timed call is one whole resize,
 * plus a message round trip of microseconds.
 */
import { createRequire } from 'node:module';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { D3DFMT } from '../src/d3d9/index.js';
import { fillColor } from '../src/driver/blit/fill.js';
import { explainChoice, stretchBlit } from '../src/driver/blit/index.js';
import type { StretchPlan } from '../src/driver/blit/index.js';
import type { SurfaceView } from '../src/driver/surface-view.js';
import { blockRows, formatInfo, pitchOf } from '../src/formats/index.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const SW = 1024, SH = 1024, DW = 1920, DH = 1080;

function view(format: number, width: number, height: number): SurfaceView {
  const f = formatInfo(format)!;
  const pitch = pitchOf(f, width);
  return { format: f, width, height, pitch, samples: 1, data: new Uint8Array(pitch * blockRows(f, height)) };
}

function seeded(data: Uint8Array, seed: number): void {
  let a = seed >>> 0;
  for (let i = 0; i < data.length; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    data[i] = a >>> 24;
  }
}

/** The worker: loads sharp, answers each kernel name with one resize, then wakes the waiting thread. */
const WORKER = `
const { workerData } = require('node:worker_threads');
const { flag, port, sharpPath, input, sw, sh, dw, dh } = workerData;
const done = new Int32Array(flag);
const wake = (msg) => { port.postMessage(msg); Atomics.store(done, 0, 1); Atomics.notify(done, 0); };
let sharp;
try { sharp = require(sharpPath); sharp.concurrency(1); } catch (e) { wake({ error: String(e && e.message || e) }); }
const pixels = Buffer.from(input);
port.on('message', (kernel) => {
  sharp(pixels, { raw: { width: sw, height: sh, channels: 4 } }).resize(dw, dh, { kernel, fit: 'fill' }).raw().toBuffer()
    .then((out) => wake({ bytes: out.length }), (e) => wake({ error: String(e && e.message || e) }));
});
wake({ ready: sharp ? sharp.versions.sharp : undefined });
`;

interface SharpRunner {
  version: string;
  resize(kernel: 'nearest' | 'linear'): number;
  close(): void;
}

/** sharp on a worker, called synchronously; or why it cannot run here. */
function startSharp(input: Uint8Array): SharpRunner | string {
  let sharpPath: string;
  try {
    sharpPath = createRequire(import.meta.url).resolve('sharp');
  } catch (e) {
    return `sharp not installed (${(e as Error).message.split('\n')[0]})`;
  }
  const flag = new SharedArrayBuffer(4);
  const done = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER, { eval: true, workerData: { flag, port: port2, sharpPath, input, sw: SW, sh: SH, dw: DW, dh: DH }, transferList: [port2] });
  worker.unref();
  const call = (send: (() => void) | undefined, timeoutMs: number): Record<string, unknown> => {
    Atomics.store(done, 0, 0);
    send?.();
    if (Atomics.wait(done, 0, 0, timeoutMs) === 'timed-out') throw new Error(`no answer from the sharp worker in ${timeoutMs} ms`);
    return (receiveMessageOnPort(port1 as MessagePort)?.message ?? {}) as Record<string, unknown>;
  };
  let ready: Record<string, unknown>;
  try {
    // the worker wakes once when sharp has loaded (or failed to)
    ready = Atomics.load(done, 0) === 1 ? (receiveMessageOnPort(port1)?.message as Record<string, unknown>) : call(undefined, 30_000);
  } catch (e) {
    void worker.terminate();
    return (e as Error).message;
  }
  if (typeof ready.error === 'string' || typeof ready.ready !== 'string') {
    void worker.terminate();
    return `sharp failed to load: ${String(ready.error)}`;
  }
  return {
    version: ready.ready,
    resize(kernel) {
      const m = call(() => port1.postMessage(kernel), 60_000);
      if (typeof m.bytes !== 'number') throw new Error(`sharp resize failed: ${String(m.error)}`);
      return m.bytes;
    },
    close() { port1.close(); void worker.terminate(); },
  };
}

/** The fallback baseline when sharp cannot run: a plain JS resize loop of the kind the issue measured (float math per pixel). */
function plainResize(src: Uint8Array, out: Uint8Array, linear: boolean): () => number {
  return () => {
    for (let y = 0; y < DH; y++) {
      const v = Math.min(Math.max((y + 0.5) * SH / DH - 0.5, 0), SH - 1);
      const y0 = Math.floor(v), y1 = Math.min(y0 + 1, SH - 1), fy = v - y0;
      for (let x = 0; x < DW; x++) {
        const u = Math.min(Math.max((x + 0.5) * SW / DW - 0.5, 0), SW - 1);
        const x0 = Math.floor(u), x1 = Math.min(x0 + 1, SW - 1), fx = u - x0;
        for (let c = 0; c < 4; c++) {
          const o = (y * DW + x) * 4 + c;
          if (!linear) { out[o] = src[(Math.floor((y + 0.5) * SH / DH) * SW + Math.floor((x + 0.5) * SW / DW)) * 4 + c]; continue; }
          const a = src[(y0 * SW + x0) * 4 + c] * (1 - fx) + src[(y0 * SW + x1) * 4 + c] * fx;
          const b = src[(y1 * SW + x0) * 4 + c] * (1 - fx) + src[(y1 * SW + x1) * 4 + c] * fx;
          out[o] = a * (1 - fy) + b * fy + 0.5;
        }
      }
    }
    return out[0];
  };
}

export const stretch: Benchmark = {
  name: 'stretch',
  run(ctx: BenchContext): Result[] {
    const src = view(D3DFMT.A8R8G8B8, SW, SH);
    seeded(src.data, 1024);
    const dst = view(D3DFMT.A8R8G8B8, DW, DH);
    const pixels = DW * DH;
    const mpix = (seconds: number): number => pixels / seconds / 1e6;
    const results: Result[] = [];
    const sharp = startSharp(src.data);
    if (typeof sharp === 'string') ctx.log(`stretch: ${sharp}; baseline falls back to a plain JS loop`);
    const fallbackOut = new Uint8Array(pixels * 4);
    for (const [filter, kernel] of [[1, 'nearest'], [2, 'linear']] as const) {
      const p: StretchPlan = { src, srcRect: { left: 0, top: 0, right: SW, bottom: SH }, dst, dstRect: { left: 0, top: 0, right: DW, bottom: DH }, filter, depthStencil: false };
      const name = `stretch.${filter === 1 ? 'point' : 'linear'}.A8R8G8B8_1024x1024_to_1920x1080`;
      ctx.log(`${name}: ${explainChoice(p).chosen}`);
      const baseline = typeof sharp === 'string' ? plainResize(src.data, fallbackOut, filter === 2) : () => sharp.resize(kernel);
      const t = timePair(() => { stretchBlit(p); return dst.data; }, baseline, ctx.timing);
      ctx.log(`${name}: ours ${describe(t.ours)}, baseline ${describe(t.baseline)}`);
      const what = typeof sharp === 'string'
        ? `plain JS ${kernel} loop (sharp unavailable: ${sharp})`
        : `sharp ${sharp.version} resize kernel '${kernel}', concurrency(1), raw RGBA`;
      results.push({ row: { name, unit: 'Mpix/s', value: mpix(t.ours.median), baseline: what, baselineValue: mpix(t.baseline.median), ratio: t.baseline.median / t.ours.median }, goal: '>= 2' });
    }
    if (typeof sharp !== 'string') sharp.close();

    const fill = view(D3DFMT.X8R8G8B8, DW, DH);
    const whole = { left: 0, top: 0, right: DW, bottom: DH };
    const raw = new Uint32Array(pixels);
    let colour = 0x00102030;
    const base = (): Uint32Array => raw.fill((0xff000000 | colour++) >>> 0);
    for (const [name, fn] of [['stretch.colorfill', fillColor]] as const) {
      const t = timePair(() => fn(fill, whole, colour++), base, ctx.timing);
      ctx.log(`${name}: ours ${describe(t.ours)}, Uint32Array.fill ${describe(t.baseline)}`);
      results.push({
        row: { name: `${name}.X8R8G8B8_1920x1080`, unit: 'Mpix/s', value: mpix(t.ours.median), baseline: 'Uint32Array.fill of the same pixels', baselineValue: mpix(t.baseline.median), ratio: t.baseline.median / t.ours.median },
        goal: '>= 0.8',
      });
    }
    return results;
  },
};
