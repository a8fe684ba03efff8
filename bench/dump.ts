/**
 * dump.*: `replay9 dump T.r9 > /dev/null` (dump.text) and `--json` (dump.json) on the workload's
 * trace as `record` writes it (deflated), in calls per second, each a fresh process of the built
 * CLI (npm run build), process start included. The baseline is a fresh process with the same heap
 * settings that opens the same file with TraceReader and decodes every call into a CallRecord,
 * printing nothing: what any command that reads the calls pays before it shows them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

/** the checkout (npm run bench runs there) */
const ROOT = process.cwd();

/** decodes every call of argv[1] and prints their number to stderr */
const DECODE_ALL = `
const { useReplayHeapSettings } = await import(${JSON.stringify(join(ROOT, 'dist/cli/heap.js'))});
useReplayHeapSettings();
const { TraceReader } = await import(${JSON.stringify(join(ROOT, 'dist/trace/reader.js'))});
const r = TraceReader.open(process.argv[1]);
let n = 0;
for (const { call } of r.calls()) if (call.command) n++;
r.close();
process.stderr.write(n + '\\n');
`;

function run(args: readonly string[]): void {
  const devNull = openSync('/dev/null', 'w');
  try {
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench dump: node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  } finally {
    closeSync(devNull);
  }
}

export const dump: Benchmark = {
  name: 'dump',
  run(ctx: BenchContext): Result[] {
    const bin = join(ROOT, 'bin', 'replay9.js');
    if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('bench dump: run `npm run build` first (it times the built CLI)');
    const dir = mkdtempSync(join(tmpdir(), 'replay9-bench-dump-'));
    try {
      const trace = join(dir, 'T.r9');
      writeFileSync(trace, ctx.traceDeflate);
      const calls = ctx.workload.calls;
      const timing = { runs: Math.min(ctx.timing.runs, 5), warmup: Math.min(ctx.timing.warmup, 1) };
      const rows: Result[] = [];
      for (const [name, extra, goal] of [['dump.text', [], 200000], ['dump.json', ['--json'], 100000]] as const) {
        const t = timePair(() => run([bin, 'dump', trace, ...extra]), () => run(['--input-type=module', '-e', DECODE_ALL, trace]), timing);
        ctx.log(`${name}: ours ${describe(t.ours)}, baseline ${describe(t.baseline)}`);
        const value = calls / t.ours.median;
        const baselineValue = calls / t.baseline.median;
        rows.push({
          row: { name, unit: 'calls/s', value, baseline: 'a process decoding every call with TraceReader, printing nothing', baselineValue, ratio: value / baselineValue },
          goal: `ours >= ${goal / 1000}k calls/s`,
        });
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
