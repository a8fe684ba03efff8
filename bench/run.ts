/**
 * `npm run bench [-- --json]`: runs every benchmark of bench/ on one seeded
 * workload and prints a table, or with --json exactly one JSON array of
 * {name, unit, value, baseline, baselineValue, ratio} on stdout (progress goes
 * to stderr). Every figure is a ratio against a baseline timed in the same run
 * (DESIGN.md §6). `npm run -s bench -- --json` keeps npm's banner off stdout.
 * Started by tsx, it times tsc's output instead (see compiled.ts); --tsx times
 * the code as tsx runs it.
 */
import { parseArgs } from 'node:util';
import { TraceReader } from '../src/trace/reader.js';
import type { CallRecord } from '../src/trace/call.js';
import { runCompiled, underTsx } from './compiled.js';
import { recordThroughApi } from './record-api.js';
import { recordThroughput } from './record-throughput.js';
import { replayDispatch } from './replay-dispatch.js';
import { traceBytes } from './trace-bytes.js';
import { formatRows } from './format-rows.js';
import { raster } from './raster.js';
import { rasterTextured } from './raster-textured.js';
import { stretch } from './stretch.js';
import { check } from './check.js';
import { framesOut } from './frames-out.js';
import { seek } from './seek.js';
import { shader } from './shader.js';
import { shaderDraw } from './shader-draw.js';
import { dump } from './dump.js';
import { drawAlloc } from './draw-alloc.js';
import type { BenchContext, Benchmark, Result } from './types.js';
import { buildWorkload } from './workload.js';

const BENCHMARKS: readonly Benchmark[] = [replayDispatch, traceBytes, recordThroughput, formatRows, raster, rasterTextured, stretch, check, framesOut, seek, shader, shaderDraw, dump, drawAlloc];

const USAGE = `usage: npm run bench -- [--json] [--calls N] [--runs N] [--warmup N] [--seed N] [--only NAME] [--tsx]`;

function options(): { json: boolean; calls: number; runs: number; warmup: number; seed: number; only?: string } {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      calls: { type: 'string', default: '200000' },
      runs: { type: 'string', default: '9' },
      warmup: { type: 'string', default: '3' },
      seed: { type: 'string', default: '9' },
      only: { type: 'string' },
      tsx: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name: string, v: string, min: number): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) {
      process.stderr.write(`bench: --${name} must be an integer >= ${min}\n${USAGE}\n`);
      process.exit(2);
    }
    return n;
  };
  return {
    json: values.json, calls: int('calls', values.calls, 100), runs: int('runs', values.runs, 1),
    warmup: int('warmup', values.warmup, 0), seed: int('seed', values.seed, 0), only: values.only,
  };
}

function fmt(v: number, unit: string): string {
  if (unit === 'calls/s') return v >= 1e6 ? `${(v / 1e6).toFixed(2)} M` : `${(v / 1e3).toFixed(1)} k`;
  return v.toFixed(2);
}

function table(results: readonly Result[]): string {
  const head = ['benchmark', 'ours', 'baseline', 'unit', 'ratio', 'goal', 'baseline is'];
  const rows = results.map(({ row, goal }) => [
    row.name, fmt(row.value, row.unit), fmt(row.baselineValue, row.unit), row.unit, row.ratio.toFixed(3), goal ?? '', row.baseline,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 1 || i === 2 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const o = options();
  if (underTsx && !process.argv.includes('--tsx')) process.exit(runCompiled(process.argv.slice(2)));
  const log = (msg: string): void => { process.stderr.write(`bench: ${msg}\n`); };
  const t0 = performance.now();
  const workload = buildWorkload(o.seed, o.calls);
  const traceNone = recordThroughApi(workload, { compression: 'none' });
  const traceDeflate = recordThroughApi(workload, {});
  let records: CallRecord[] | undefined;
  const ctx: BenchContext = {
    workload, traceNone, traceDeflate,
    records: () => (records ??= [...TraceReader.fromBytes(traceNone).calls()].map((c) => c.call)),
    timing: { runs: o.runs, warmup: o.warmup },
    log,
  };
  log(`timing ${underTsx ? 'the TypeScript as tsx runs it' : 'tsc output'}; ${o.calls} calls (seed ${o.seed}), ${workload.ops.filter((x) => x.k === 'present').length} frames, ${traceNone.length} bytes uncompressed, ${traceDeflate.length} deflated`);
  const results: Result[] = [];
  for (const b of BENCHMARKS) {
    if (o.only && !b.name.startsWith(o.only)) continue;
    const tb = performance.now();
    results.push(...(await b.run(ctx)));
    log(`${b.name}: ${((performance.now() - tb) / 1000).toFixed(1)} s`);
  }
  log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (o.json) process.stdout.write(`${JSON.stringify(results.map((r) => r.row))}\n`);
  else process.stdout.write(`${table(results)}\n`);
}

await main();
