/**
 * check.*: the golden side of `replay9 check` (DESIGN.md contract 5, "Scale").
 * - check.compare_unchanged_1080p: an unchanged 1920×1080 frame against its golden as check does
 *   it (xxHash64 of the pixels against golden.json's hash) vs the naive way (decode the golden PNG
 *   with pngjs, then pixelmatch).
 * - png.encode_1080p: our PNG writer vs pngjs's default encoder, on the same frame.
 * - check.jobs2_vs_jobs1: `replay9 check --jobs 2` vs `--jobs 1` on the sample traces (copied
 *   12 times so there is work to share; .600_traces: 60 times), each a fresh process of the built CLI;
 *   .marginal: the difference of the two, the 480 extra traces alone (start-up and warm-up left out).
 * The frame is rendered-looking (sky gradient, flat-shaded boxes, a shaded floor), seeded, not noise.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { compareWithGolden } from '../src/golden/compare.js';
import { decodePng, encodePng } from '../src/golden/image.js';
import type { Rgba8Image } from '../src/golden/image.js';
import { goldenSurfaceOf, lazyCapture, pixelHash, sha256Hex } from '../src/golden/store.js';
import { unchangedStored } from '../src/golden/check.js';
import { formatInfo } from '../src/formats/index.js';
import { D3DFMT } from '../src/d3d9/index.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const W = 1920;
const H = 1080;
/** copies of the sample traces for the --jobs run */
const COPIES = 12;

/** A 1080p frame that looks rendered: vertical sky gradient, a lit floor, flat-shaded boxes. */
export function renderedFrame(seed = 9): Rgba8Image {
  const data = new Uint8Array(W * H * 4);
  const horizon = (H * 0.55) | 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      if (y < horizon) data.set([40 + ((y * 120) / horizon) | 0, 80 + ((y * 100) / horizon) | 0, 200 - ((y * 60) / horizon) | 0, 255], i);
      else {
        const d = (y - horizon) / (H - horizon);
        const checker = ((((x - W / 2) / (1 + d * 8)) >> 6) + (((y - horizon) * 4) >> 6)) & 1;
        const l = (60 + d * 140) | 0;
        data.set([checker ? l : l >> 1, checker ? l : l >> 1, checker ? (l * 3) >> 2 : l >> 2, 255], i);
      }
    }
  }
  let a = seed >>> 0;
  const rnd = (n: number): number => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return (a >>> 8) % n;
  };
  for (let b = 0; b < 24; b++) {
    const bw = 60 + rnd(300);
    const bh = 60 + rnd(300);
    const bx = rnd(W - bw);
    const by = rnd(H - bh);
    const c = [rnd(256), rnd(256), rnd(256)];
    for (let y = by; y < by + bh; y++) {
      // two faces: lit front, darker side, a vertical shading ramp on each
      const shade = 0.7 + (0.3 * (y - by)) / bh;
      for (let x = bx; x < bx + bw; x++) {
        const f = x < bx + (bw * 3) / 4 ? shade : shade * 0.6;
        data.set([(c[0] * f) | 0, (c[1] * f) | 0, (c[2] * f) | 0, 255], (y * W + x) * 4);
      }
    }
  }
  return { width: W, height: H, data };
}

function compareRows(ctx: BenchContext, frame: Rgba8Image): Result[] {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-bench-check-'));
  try {
    const png = encodePng(frame);
    writeFileSync(join(dir, 'frame-0000.png'), png);
    // the golden.json entry as replay9 writes it
    const entry = { file: 'frame-0000.png', width: W, height: H, sha256: sha256Hex(frame.data), xxh64: pixelHash(frame.data) };
    const t = timePair(
      () => { const r = compareWithGolden(frame, entry, dir, { threshold: 0 }); if (!r.equal) throw new Error('bench: frame differs from its golden'); return r; },
      () => {
        const expected = decodePng(readFileSync(join(dir, entry.file)));
        const n = pixelmatch(expected.data, frame.data, undefined, W, H, { threshold: 0, includeAA: true });
        if (n !== 0) throw new Error('bench: frame differs from its golden');
        return n;
      },
      ctx.timing,
    );
    ctx.log(`check.compare_unchanged_1080p.own_png: hash ${describe(t.ours)}, pngjs decode of our PNG + pixelmatch ${describe(t.baseline)}`);
    // the naive pipeline end to end: goldens written by pngjs's default encoder (adaptive filters), read back by pngjs
    const naivePng = (() => { const p = new PNG({ width: W, height: H }); p.data = Buffer.from(frame.data); return PNG.sync.write(p, { colorType: 6 }); })();
    writeFileSync(join(dir, 'naive.png'), naivePng);
    const naive = timePair(
      () => { const r = compareWithGolden(frame, entry, dir, { threshold: 0 }); if (!r.equal) throw new Error('bench: frame differs from its golden'); return r; },
      () => {
        const expected = decodePng(readFileSync(join(dir, 'naive.png')));
        const n = pixelmatch(expected.data, frame.data, undefined, W, H, { threshold: 0, includeAA: true });
        if (n !== 0) throw new Error('bench: frame differs from its golden');
        return n;
      },
      ctx.timing,
    );
    ctx.log(`check.compare_unchanged_1080p: hash ${describe(naive.ours)}, pngjs decode of a pngjs-written golden + pixelmatch ${describe(naive.baseline)}`);
    const enc = timePair(
      () => encodePng(frame),
      () => { const p = new PNG({ width: W, height: H }); p.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength); return PNG.sync.write(p, { colorType: 6 }); },
      ctx.timing,
    );
    const theirs = (() => { const p = new PNG({ width: W, height: H }); p.data = Buffer.from(frame.data); return PNG.sync.write(p, { colorType: 6 }).length; })();
    ctx.log(`png.encode_1080p: ours ${describe(enc.ours)} (${png.length} bytes), pngjs default ${describe(enc.baseline)} (${theirs} bytes)`);
    // an unchanged frame as check now takes it: a hash of the surface in its own format (X8R8G8B8
    // here, as a back buffer stores it) and the golden files' intactness, against one xxHash64 of those bytes
    const x8 = formatInfo(D3DFMT.X8R8G8B8)!;
    const stored = new Uint8Array(W * H * 4);
    for (let i = 0; i < stored.length; i += 4) {
      stored[i] = frame.data[i + 2]; stored[i + 1] = frame.data[i + 1]; stored[i + 2] = frame.data[i]; stored[i + 3] = 0xff;
    }
    const surface = { format: x8, width: W, height: H, pitch: W * 4, samples: 1, data: stored };
    const storedEntry = { ...entry, fileXxh64: pixelHash(png), surface: goldenSurfaceOf(surface) };
    const unchanged = timePair(
      () => {
        const c = lazyCapture(surface, () => { throw new Error('bench: an unchanged frame was converted'); }, false);
        if (!unchangedStored(c, storedEntry, dir)) throw new Error('bench: frame differs from its golden');
      },
      () => pixelHash(stored),
      ctx.timing,
    );
    ctx.log(`check.unchanged_stored_1080p: surface hash + golden file check ${describe(unchanged.ours)}, one xxHash64 of the stored bytes ${describe(unchanged.baseline)}`);
    const fps = (s: number): number => 1 / s;
    return [
      {
        row: { name: 'check.unchanged_stored_1080p', unit: 'frames/s', value: fps(unchanged.ours.median), baseline: 'one xxHash64 of the surface\'s stored bytes', baselineValue: fps(unchanged.baseline.median), ratio: unchanged.baseline.median / unchanged.ours.median },
        goal: '>= 0.5',
      },
      {
        row: { name: 'check.compare_unchanged_1080p', unit: 'frames/s', value: fps(naive.ours.median), baseline: 'the naive way: pngjs decode of a pngjs-written golden + pixelmatch', baselineValue: fps(naive.baseline.median), ratio: naive.baseline.median / naive.ours.median },
        goal: '>= 10',
      },
      {
        row: { name: 'check.compare_unchanged_1080p.own_png', unit: 'frames/s', value: fps(t.ours.median), baseline: 'pngjs decode of our golden PNG (Up filter, level 3) + pixelmatch', baselineValue: fps(t.baseline.median), ratio: t.baseline.median / t.ours.median },
      },
      {
        row: { name: 'png.encode_1080p', unit: 'frames/s', value: fps(enc.ours.median), baseline: "pngjs PNG.sync.write, default options", baselineValue: fps(enc.baseline.median), ratio: enc.baseline.median / enc.ours.median },
        goal: '>= 3',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `check` run as its own process of the CLI as built next to this file (tsc output, or tsx from
 * source), through a runner script in `dir` that does what bin/replay9.js does (not `node -e`:
 * workers inherit execArgv): a check with a thread per core runs again single-threaded, the heap
 * settings come once check's code has loaded.
 */
function checkProcess(dir: string, args: readonly string[]): () => void {
  const fromSource = import.meta.url.endsWith('.ts');
  const mainUrl = new URL(fromSource ? '../src/cli/main.ts' : '../src/cli/main.js', import.meta.url).href;
  const heapUrl = new URL(fromSource ? '../src/cli/heap.ts' : '../src/cli/heap.js', import.meta.url).href;
  const runner = join(dir, 'run-check.mjs');
  writeFileSync(runner, [
    `const heap = await import(${JSON.stringify(heapUrl)});`,
    `await heap.rerunSingleThreadedIfSaturated((await import('node:url')).fileURLToPath(import.meta.url), process.argv.slice(2));`,
    `const { main } = await import(${JSON.stringify(mainUrl)});`,
    'process.exitCode = await main(process.argv.slice(2), undefined, heap.useReplayHeapSettings);',
    '',
  ].join('\n'));
  const argv = [...(fromSource ? ['--import', 'tsx'] : []), runner, 'check', ...args];
  return () => {
    const r = spawnSync(process.execPath, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench: replay9 check ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  };
}

interface JobsTiming {
  traces: number;
  jobs2: number;
  jobs1: number;
}

function jobsRow(ctx: BenchContext, copies: number, name: string, goal?: string): Result & { timing: JobsTiming } {
  // the sample traces of the project `npm run bench` runs in (this file may be tsc output elsewhere)
  const root = process.cwd();
  const src = readdirSync(join(root, 'traces')).filter((f) => /\.r9t?$/.test(f));
  const dir = mkdtempSync(join(tmpdir(), 'replay9-bench-jobs-'));
  try {
    for (let k = 0; k < copies; k++) for (const f of src) copyFileSync(join(root, 'traces', f), join(dir, `${k}-${f}`));
    checkProcess(dir, [dir, '--update', '--jobs', '2'])();
    const report = join(dir, 'report');
    const t = timePair(checkProcess(dir, [dir, '--report', report, '--jobs', '2']), checkProcess(dir, [dir, '--report', report, '--jobs', '1']), { warmup: Math.min(ctx.timing.warmup, 1), runs: Math.min(ctx.timing.runs, 3) });
    ctx.log(`${name}: ${src.length * copies} traces, --jobs 2 ${describe(t.ours)}, --jobs 1 ${describe(t.baseline)} (${availableParallelism()} CPUs)`);
    const n = src.length * copies;
    return {
      row: { name, unit: 'traces/s', value: n / t.ours.median, baseline: 'replay9 check --jobs 1 (same traces, one thread)', baselineValue: n / t.baseline.median, ratio: t.baseline.median / t.ours.median },
      ...(goal ? { goal } : {}),
      timing: { traces: n, jobs2: t.ours.median, jobs1: t.baseline.median },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const check: Benchmark = {
  name: 'check',
  run(ctx: BenchContext): Result[] {
    // the second row is a CI-sized run, where each thread's start-up and warm-up (loading, the JIT
    // compiling the hot code: about 0.75 s of CPU time) weighs less; the third takes the difference
    // of the two, the extra traces alone: how the replays themselves scale, start-up left out
    const small = jobsRow(ctx, COPIES, 'check.jobs2_vs_jobs1', '>= 1.6');
    const large = jobsRow(ctx, COPIES * 5, 'check.jobs2_vs_jobs1.600_traces');
    const extra = large.timing.traces - small.timing.traces;
    const jobs2 = large.timing.jobs2 - small.timing.jobs2;
    const jobs1 = large.timing.jobs1 - small.timing.jobs1;
    ctx.log(`check.jobs2_vs_jobs1.marginal: the ${extra} traces the second run has more take ${(jobs2 * 1000).toFixed(0)} ms with --jobs 2, ${(jobs1 * 1000).toFixed(0)} ms with --jobs 1`);
    const marginal: Result = {
      row: { name: 'check.jobs2_vs_jobs1.marginal', unit: 'traces/s', value: extra / jobs2, baseline: `--jobs 1 on the same ${extra} extra traces (difference of the two runs above)`, baselineValue: extra / jobs1, ratio: jobs1 / jobs2 },
    };
    return [...compareRows(ctx, renderedFrame()), small, large, marginal];
  },
};
