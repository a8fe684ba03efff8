import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG, runCli } from '../helpers.js';
import { runCheck } from '../../src/golden/check.js';
import { parseShard, selectShard } from '../../src/golden/shard.js';
import type { CheckReport } from '../../src/golden/types.js';


/** The sample traces checked here: all of them in the long run, five small ones (those the failure test changes among them) in npm test. */
const SAMPLES = readdirSync('traces').filter((f) => /\.r9t?$/.test(f) && (LONG || ['clear-colorfill.r9t', 'triangles.r9t', 'fill-grid.r9t', 'stencil-ref-mask.r9t', 'extended-formats.r9t'].includes(f)));

let written: string | undefined;

/** the sample traces in a new temp folder, with goldens written by --update --jobs 2 (once, then copied) */
async function samplesWithGoldens(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), 'replay9-jobs-'));
  if (written) {
    cpSync(written, d, { recursive: true });
    return d;
  }
  for (const f of SAMPLES) cpSync(join('traces', f), join(d, f));
  const up = await runCli('check', d, '--update', '--jobs', '2');
  expect(up.code, up.err).toBe(0);
  written = mkdtempSync(join(tmpdir(), 'replay9-jobs-goldens-'));
  cpSync(d, written, { recursive: true });
  return d;
}

/** a --json report without its times, the one part that differs from run to run */
function withoutTimes(json: string): CheckReport {
  const { seconds: _, ...rest } = JSON.parse(json) as CheckReport;
  return rest;
}

describe('check --jobs', () => {
  // every sample trace twice, on worker threads that load tsx: the long suite runs it
  it.runIf(LONG)('gives the same JSON report on 2 worker threads as in one thread, over the sample traces', async () => {
    const d = await samplesWithGoldens();
    const one = await runCli('check', d, '--json', '--report', join(d, 'rep'));
    const two = await runCli('check', d, '--json', '--report', join(d, 'rep'), '--jobs', '2');
    expect(two.err).toBe('');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(withoutTimes(two.out)).toEqual(withoutTimes(one.out));
    const r = JSON.parse(two.out) as CheckReport;
    expect(r.seconds).toHaveLength(r.traces.length);
    expect(r.summary.passed).toBe(SAMPLES.length);
  });

  // worker threads load the whole replayer each: the long suite runs this
  it.runIf(LONG)('reports failures in trace order with the same report folders', async () => {
    const d = await samplesWithGoldens();
    // a golden from another trace: every frame of clear-colorfill and triangles now differs or is extra/missing
    cpSync(join(d, 'triangles.golden'), join(d, 'clear-colorfill.golden'), { recursive: true, force: true });
    const one = await runCli('check', d, '--json', '--report', join(d, 'rep1'));
    // more threads than the short run's traces need in the long run
    const four = await runCli('check', d, '--json', '--report', join(d, 'rep1'), '--jobs', LONG ? '4' : '2');
    expect(one.code).toBe(1);
    expect(four.code).toBe(1);
    expect(withoutTimes(four.out)).toEqual(withoutTimes(one.out));
  });

  it('rejects --jobs that is not a positive integer (exit 2)', async () => {
    for (const bad of ['0', '-1', '1.5', 'x']) {
      const r = await runCli('check', 'traces', '--jobs', bad);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--jobs must be an integer ≥ 1/);
    }
  });

  it.runIf(LONG)('exits 2 for an unreadable trace on a worker, as in one thread', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-jobs-'));
    cpSync(join('traces', 'triangles.r9t'), join(d, 'a.r9t'));
    cpSync(join('traces', 'triangles.r9t'), join(d, 'b.r9t'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(d, 'b.r9t'), 'dev.NoSuchMethod(1)\n');
    const one = await runCli('check', d, '--update');
    const two = await runCli('check', d, '--update', '--jobs', '2');
    expect(one.code).toBe(2);
    expect(two.code).toBe(2);
    expect(two.err).toBe(one.err);
  });

  it.runIf(LONG)('a trace that throws on a worker rethrows the same error as in this thread', async () => {
    const { runCheck } = await import('../../src/golden/check.js');
    const { runCheckJobs } = await import('../../src/golden/check-jobs.js');
    const d = mkdtempSync(join(tmpdir(), 'replay9-jobs-'));
    cpSync(join('traces', 'triangles.r9t'), join(d, 'a.r9t'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(d, 'b.r9t'), 'dev.NoSuchMethod(1)\n');
    let here: unknown;
    try { runCheck([d], { update: true, reportDir: join(d, 'rep') }); } catch (e) { here = e; }
    expect(here).toBeInstanceOf(Error);
    const there = await runCheckJobs([d], { update: true, reportDir: join(d, 'rep') }, 2, undefined, true).then(() => undefined, (e: unknown) => e);
    expect(there).toBeInstanceOf((here as Error).constructor);
    expect((there as Error).message).toBe((here as Error).message);
  });
});

describe('check --shard', () => {
  const traces = ['t/e.r9', 't/a.r9t', 't/d.r9', 't/b.r9', 't/c.r9t'];

  it('splits the traces, sorted by path, into n disjoint shards covering all of them', () => {
    expect(selectShard(traces, { index: 1, count: 2 })).toEqual(['t/a.r9t', 't/c.r9t', 't/e.r9']);
    expect(selectShard(traces, { index: 2, count: 2 })).toEqual(['t/b.r9', 't/d.r9']);
    const all = [1, 2, 3].flatMap((i) => selectShard(traces, { index: i, count: 3 }));
    expect(all.sort()).toEqual([...traces].sort());
    expect(selectShard(traces, { index: 7, count: 7 })).toEqual([]);
    // order of the input does not matter
    expect(selectShard([...traces].reverse(), { index: 1, count: 2 })).toEqual(selectShard(traces, { index: 1, count: 2 }));
  });

  it.each([
    ['0/3', /i must be an integer from 1 to n \(3\), got 0/],
    ['4/3', /i must be an integer from 1 to n \(3\), got 4/],
    ['1/0', /n must be an integer ≥ 1, got 0/],
    ['1', /--shard must be i\/n/],
    ['a/b', /--shard must be i\/n/],
    ['1/2/3', /--shard must be i\/n/],
  ])('rejects --shard %s with exit 2', async (text, message) => {
    expect(() => parseShard(text)).toThrow(message);
    const r = await runCli('check', 'traces', '--shard', text);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('checks only its shard, records it in the report, and the shards together check every trace', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-shard-'));
    for (const f of ['clear-colorfill.r9t', 'triangles.r9t', 'fill-grid.r9t']) cpSync(join('traces', f), join(d, f));
    const shards = [1, 2].map((i) => runCheck([d], { update: true, shard: { index: i, count: 2 } }));
    expect(shards.map((r) => r.traces.map((t) => t.trace))).toEqual([
      [join(d, 'clear-colorfill.r9t'), join(d, 'triangles.r9t')],
      [join(d, 'fill-grid.r9t')],
    ]);
    expect(shards[1].options.shard).toEqual({ index: 2, count: 2 });
    const cli = await runCli('check', d, '--shard', '2/2', '--json');
    expect(cli.code).toBe(0);
    expect((JSON.parse(cli.out) as CheckReport).traces.map((t) => t.status)).toEqual(['pass']);
    // more shards than traces: an empty shard passes
    const empty = await runCli('check', d, '--shard', '5/5');
    expect(empty.code).toBe(0);
    expect(empty.out).toMatch(/^0 traces: 0 passed/m);
  });
});
