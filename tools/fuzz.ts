/**
 * `npm run fuzz -- --count N --seed S`: reads N damaged traces and prints how
 * each went (read fine / TraceFormatError / failure). Exit 1 on any failure.
 *
 * The mutants are read in a child process watched from here, so a hang or a
 * fatal out-of-memory is reported against the mutant that caused it (and the
 * run goes on from the next one) instead of taking the fuzzer down with it.
 *
 *   --seed S          run seed (default 1); mutant i of seed S is always the same file
 *   --count N         mutants to read (default 3000)
 *   --start I         first mutant index (default 0)
 *   --only I          read mutant I alone, here, and print its stack
 *   --write FILE      with --only: also write the mutant's bytes to FILE
 *   --limit-ms MS     per-file time bound (default 2000)
 *   --small           only the small-chunk corpus (chunks of 256-1024 bytes), as the test suite uses;
 *                     by default two traces with 64 KiB chunks are added
 *   --json            print the summary as one JSON document
 *   --repro NAME --write FILE
 *                     write a hand-made file for a finding (see fuzz-repro.ts)
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCorpus } from './fuzz-corpus.js';
import { emptySummary, FAILURES, fuzz, makeMutant, readMutant, tally } from './fuzz-lib.js';
import { REPROS } from './fuzz-repro.js';
import type { FuzzSummary, MutantResult, Outcome } from './fuzz-lib.js';

interface Options {
  seed: number;
  count: number;
  start: number;
  only?: number;
  write?: string;
  limitMs: number;
  large: boolean;
  json: boolean;
  child: boolean;
  repro?: string;
}

type ChildMessage = { t: 'start'; i: number } | { t: 'result'; r: MutantResult } | { t: 'done' };

const USAGE = 'usage: npm run fuzz -- [--count N] [--seed S] [--start I] [--only I [--write FILE]] [--limit-ms MS] [--small] [--json] [--repro NAME --write FILE]';

function options(argv: string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        seed: { type: 'string', default: '1' }, count: { type: 'string', default: '3000' }, start: { type: 'string', default: '0' },
        only: { type: 'string' }, write: { type: 'string' }, 'limit-ms': { type: 'string', default: '2000' },
        small: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, child: { type: 'boolean', default: false },
        repro: { type: 'string' }, help: { type: 'boolean', default: false },
      },
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < min) usage(`--${name} must be an integer >= ${min}`);
    return n;
  };
  return {
    seed: int('seed', values.seed, 0), count: int('count', values.count, 1), start: int('start', values.start, 0),
    only: values.only === undefined ? undefined : int('only', values.only, 0), write: values.write,
    limitMs: int('limit-ms', values['limit-ms'], 1), large: !values.small, json: values.json, child: values.child,
    repro: values.repro,
  };
}

function usage(why: string): never {
  process.stderr.write(`fuzz: ${why}\n${USAGE}\n`);
  process.exit(2);
}

function reproduce(o: Options, index: number): string {
  return `npm run fuzz -- --seed ${o.seed} --only ${index}${o.large ? '' : ' --small'}`;
}

/** The child: reads its mutants and reports each to the parent. */
function child(o: Options): void {
  const send = (m: ChildMessage): void => { process.send!(m); };
  fuzz({
    seed: o.seed, count: o.count, start: o.start, limitMs: o.limitMs, large: o.large,
    onMutant: (i) => send({ t: 'start', i }),
    onResult: (r) => send({ t: 'result', r: FAILURES.has(r.outcome) ? r : { ...r, detail: '', error: undefined } }),
  });
  send({ t: 'done' });
  process.disconnect();
}

/** Runs [start, end) in children, restarting after a hang or a death; resolves with the summary. */
function supervise(o: Options): Promise<FuzzSummary> {
  const summary = emptySummary(o.seed);
  const corpus = buildCorpus(o.seed, o);
  const end = o.start + o.count;
  const hangMs = Math.max(10_000, 5 * o.limitMs);
  return new Promise((resolve) => {
    const lost = (index: number, outcome: Outcome, message: string): void => {
      const m = makeMutant(corpus, o.seed, index);
      tally(summary, { index, base: m.base.label, mutation: m.mutation, detail: m.detail, outcome, ms: Number.NaN, calls: 0, error: { name: outcome === 'hang' ? 'Hang' : 'ProcessDied', message } });
    };
    const launch = (from: number): void => {
      if (from >= end) { resolve(summary); return; }
      const args = ['--child', '--seed', String(o.seed), '--start', String(from), '--count', String(end - from), '--limit-ms', String(o.limitMs), ...(o.large ? [] : ['--small'])];
      const proc: ChildProcess = fork(fileURLToPath(import.meta.url), args, {
        execArgv: [...process.execArgv, '--max-old-space-size=1024'],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let current = -1;
      let done = false;
      let startedAt = Date.now();
      let stderr = '';
      proc.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
      const watchdog = setInterval(() => {
        if (current >= 0 && Date.now() - startedAt > hangMs) {
          clearInterval(watchdog);
          done = true;
          proc.kill('SIGKILL');
          lost(current, 'hang', `no result after ${hangMs} ms; the reading process was killed`);
          launch(current + 1);
        }
      }, 250);
      proc.on('message', (m: ChildMessage) => {
        if (m.t === 'start') { current = m.i; startedAt = Date.now(); } else if (m.t === 'result') { tally(summary, m.r); current = -1; } else done = true;
      });
      proc.on('exit', (code, signal) => {
        clearInterval(watchdog);
        if (done && current < 0) { resolve(summary); return; }
        if (done) return; // killed by the watchdog, already relaunched
        const at = current >= 0 ? current : -1;
        if (at < 0) { process.stderr.write(`fuzz: the reading process exited (${signal ?? code}) between mutants\n${stderr}`); resolve(summary); return; }
        lost(at, 'abort', `the reading process died (${signal ?? `exit code ${code}`}): ${stderr.split('\n').find((l) => /FATAL|heap|Error/.test(l)) ?? 'no message'}`);
        launch(at + 1);
      });
    };
    launch(o.start);
  });
}

function printSummary(o: Options, s: FuzzSummary, labels: readonly string[]): void {
  const out: string[] = [];
  const c = s.outcomes;
  out.push(`fuzz: seed ${s.seed}, mutants ${o.start}..${o.start + o.count - 1} (${s.count}) of ${labels.length} traces: ${labels.join(', ')}`);
  out.push(`  read fine        ${c.ok}`);
  out.push(`  TraceFormatError ${c.format}`);
  out.push(`  failures         ${s.failures.length} (other exception ${c.crash}, over ${o.limitMs} ms ${c.slow}, wrong calls ${c.garbage}, hang ${c.hang}, process died ${c.abort})`);
  out.push(`  slowest read     ${s.slowestMs.toFixed(1)} ms`);
  out.push('  by mutation:');
  for (const [m, k] of Object.entries(s.byMutation).sort()) {
    out.push(`    ${m.padEnd(15)} ${Object.entries(k).map(([x, n]) => `${x} ${n}`).join(', ')}`);
  }
  for (const f of s.failures.slice(0, 20)) {
    out.push(`FAIL #${f.index} [${f.base}] ${f.mutation}: ${f.detail}`);
    out.push(`  ${f.outcome}: ${f.error?.name}: ${f.error?.message}`);
    const frames = f.error?.stack?.split('\n').filter((l) => l.trim().startsWith('at ')).slice(0, 4) ?? [];
    for (const l of frames) out.push(`  ${l.trim()}`);
    out.push(`  reproduce: ${reproduce(o, f.index)}`);
  }
  if (s.failures.length > 20) out.push(`... and ${s.failures.length - 20} more failures`);
  process.stdout.write(`${out.join('\n')}\n`);
}

function only(o: Options, index: number): number {
  const corpus = buildCorpus(o.seed, o);
  const m = makeMutant(corpus, o.seed, index);
  if (o.write) writeFileSync(o.write, m.bytes);
  const r = readMutant(m, o.limitMs);
  const lines = [
    `mutant #${index} of seed ${o.seed}: [${m.base.label}] ${m.mutation}: ${m.detail}`,
    `${m.bytes.length} bytes${o.write ? `, written to ${o.write}` : ''}; ${r.calls} calls read in ${r.ms.toFixed(1)} ms`,
    `outcome: ${r.outcome}${r.error ? `: ${r.error.name}: ${r.error.message}` : ''}`,
    ...(r.outcome === 'crash' && r.error?.stack ? [r.error.stack] : []),
  ];
  process.stdout.write(o.json ? `${JSON.stringify(r)}\n` : `${lines.join('\n')}\n`);
  return FAILURES.has(r.outcome) ? 1 : 0;
}

function repro(o: Options, name: string): number {
  const make = REPROS[name];
  if (!make || !o.write) usage(`--repro takes one of ${Object.keys(REPROS).join(', ')} and needs --write FILE`);
  const r = make();
  writeFileSync(o.write, r.bytes);
  process.stdout.write(`${name}: ${r.what}; ${r.bytes.length} bytes, ${r.calls.length} calls, written to ${o.write}\n`);
  return 0;
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  if (o.repro !== undefined) { process.exitCode = repro(o, o.repro); return; }
  if (o.child) { child(o); return; }
  if (o.only !== undefined) { process.exitCode = only(o, o.only); return; }
  const s = await supervise(o);
  if (o.json) process.stdout.write(`${JSON.stringify(s)}\n`);
  else printSummary(o, s, buildCorpus(o.seed, o).map((b) => b.label));
  process.exitCode = s.failures.length > 0 ? 1 : 0;
}

await main();
