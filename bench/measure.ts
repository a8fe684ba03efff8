/**
 * Timing for the benchmarks: warm-up runs, then timed runs of ours and the
 * baseline interleaved (so drift on a shared machine hits both alike), and the
 * median of each. process.hrtime is used here only, never in src/.
 */

export interface Timed {
  /** median seconds per run */
  median: number;
  samples: number[];
}

/** `12.3 ms (11.9-14.0)`: the median and the range of the samples, for the log. */
export function describe(t: Timed): string {
  const ms = (s: number): string => (s * 1000).toFixed(1);
  return `${ms(t.median)} ms (${ms(Math.min(...t.samples))}-${ms(Math.max(...t.samples))})`;
}

export interface PairOptions {
  warmup: number;
  runs: number;
}

function once(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  sink = fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/** keeps results alive so that the timed work cannot be dropped */
export let sink: unknown;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Times `ours` and `baseline` alternately; returns the median of each. */
export function timePair(ours: () => unknown, baseline: () => unknown, o: PairOptions): { ours: Timed; baseline: Timed } {
  for (let i = 0; i < o.warmup; i++) { once(baseline); once(ours); }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    // alternate which goes first, so neither always runs right after a GC the other caused
    if (i % 2 === 0) { b.push(once(baseline)); a.push(once(ours)); } else { a.push(once(ours)); b.push(once(baseline)); }
  }
  return { ours: { median: median(a), samples: a }, baseline: { median: median(b), samples: b } };
}

/**
 * Runs `ours` and `baseline` alternately until each has run `runs` times or `seconds` have
 * passed (at least once each), so that V8 has tiered up the code a long replay runs: a
 * device's per-draw code is called a few times per frame and reaches optimized code only
 * after some thousand draws, a hand-written loop is optimized within its first frame.
 * Returns how many times each ran.
 */
export function warmUp(ours: () => unknown, baseline: () => unknown, runs: number, seconds: number): number {
  const t0 = process.hrtime.bigint();
  let n = 0;
  do {
    sink = baseline();
    sink = ours();
    n++;
  } while (n < runs && Number(process.hrtime.bigint() - t0) / 1e9 < seconds);
  return n;
}

/**
 * timePair `rounds` times; each side keeps its best (lowest) median, so one
 * round disturbed by another process on a shared machine does not decide the ratio.
 */
export function timePairBest(ours: () => unknown, baseline: () => unknown, o: PairOptions, rounds: number): { ours: Timed; baseline: Timed } {
  let best: { ours: Timed; baseline: Timed } | undefined;
  for (let r = 0; r < rounds; r++) {
    const t = timePair(ours, baseline, o);
    if (!best) { best = t; continue; }
    best = {
      ours: { median: Math.min(best.ours.median, t.ours.median), samples: [...best.ours.samples, ...t.ours.samples] },
      baseline: { median: Math.min(best.baseline.median, t.baseline.median), samples: [...best.baseline.samples, ...t.baseline.samples] },
    };
  }
  if (!best) throw new RangeError('timePairBest: rounds must be at least 1');
  return best;
}
