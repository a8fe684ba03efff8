/**
 * replay_out.*: what writing frames costs a replay (`replay --out`), wall time on this machine's
 * cores. lit_fog_1080p: traces/lit-fog-blend.r9t (lit, textured, fogged, blended) at 1920×1080,
 * replayed with every frame written as PNG through PngPool (worker threads), against the same
 * replay writing nothing. Ratio: time without frames / time with them (goal: writing costs at most
 * 1.3×, ratio ≥ 0.77). Interleaved ABAB, median of the runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presentedSurface } from '../src/golden/image.js';
import { PngPool } from '../src/golden/png-pool.js';
import { framePngName } from '../src/golden/store.js';
import { replayTrace } from '../src/replay/replay-trace.js';
import { describe, median } from './measure.js';
import type { Timed } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

/** The checkout's root: the bench runs from bench/ under tsx, or from node_modules/.cache/replay9-bench/bench/ as tsc's output. */
function repoRoot(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? '../' : '../../../../', import.meta.url);
}

async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

async function run(ctx: BenchContext): Promise<Result[]> {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-bench-out-'));
  try {
    const trace = join(dir, 'lit-fog-1080p.r9t');
    const text = readFileSync(new URL('traces/lit-fog-blend.r9t', repoRoot()), 'utf8');
    const big = text.replace('BackBufferWidth: 160, BackBufferHeight: 120', 'BackBufferWidth: 1920, BackBufferHeight: 1080');
    if (big === text) throw new Error('bench: lit-fog-blend.r9t no longer has a 160×120 back buffer to scale');
    writeFileSync(trace, big);
    let frames = 0;
    const without = (): void => { frames = replayTrace(trace).frames; };
    const withPngs = async (): Promise<void> => {
      const pool = new PngPool();
      replayTrace(trace, { writeFrame: (e) => { const s = presentedSurface(e)!; const f = join(dir, framePngName(e.frame, e.swapChain)); pool.write(f, s); return f; } });
      await pool.close();
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ctx.timing.warmup; i++) { without(); await withPngs(); }
    for (let i = 0; i < Math.max(3, ctx.timing.runs); i++) {
      if (i % 2 === 0) { b.push(await timed(without)); a.push(await timed(withPngs)); } else { a.push(await timed(withPngs)); b.push(await timed(without)); }
    }
    const ours: Timed = { median: median(a), samples: a };
    const base: Timed = { median: median(b), samples: b };
    ctx.log(`replay_out.lit_fog_1080p: ${frames} frames; with PNGs ${describe(ours)}, without ${describe(base)}`);
    return [{
      row: { name: 'replay_out.lit_fog_1080p', unit: 'replays/s', value: 1 / ours.median, baseline: 'the same replay writing no frames', baselineValue: 1 / base.median, ratio: base.median / ours.median },
      goal: '>= 0.77',
    }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const framesOut: Benchmark = { name: 'replay_out', run };
