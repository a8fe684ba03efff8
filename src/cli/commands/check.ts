/** `replay9 check PATHS...`: the yargs glue and text output around runCheck (src/golden/check.ts). */
import { basename } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_REPORT_DIR } from '../../golden/check.js';
import { runCheckJobs } from '../../golden/check-jobs.js';
import { parseShard } from '../../golden/shard.js';
import type { CheckReport, TraceResult } from '../../golden/types.js';
import { EXIT, UsageError } from '../io.js';
import type { Io } from '../io.js';
import { checkWritesHtml, writeReportFiles } from './report-files.js';
import { findTraces } from '../../replay/find-traces.js';

/** A numeric option in [min, max] (or a usage error naming it). */
export function numberOption(name: string, v: unknown, min: number, max = Infinity, integer = false): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be ${integer ? 'an integer' : 'a number'} ${max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`}, got ${String(v)}`);
  }
  return n;
}

export function registerCheck(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'check <paths..>',
    'Replay traces and compare every presented frame with the goldens in NAME.golden/ beside each trace',
    (a) => a
      .positional('paths', { type: 'string', array: true, demandOption: true, describe: '.r9/.r9t files, or directories holding them (one level deep)' })
      .option('update', { type: 'boolean', default: false, describe: '(re)write the goldens of every trace instead of comparing; atomic per trace; exits 0' })
      .option('threshold', { type: 'number', default: 0, describe: 'pixelmatch colour threshold from 0 to 1: 0 counts any colour change, larger values ignore smaller changes' })
      .option('max-diff-pixels', { type: 'number', default: 0, describe: 'a frame still passes when at most this many pixels differ (after the threshold)' })
      .option('report', { type: 'string', default: DEFAULT_REPORT_DIR, describe: 'folder for expected / actual / diff PNGs of failing frames, one subfolder per trace, and index.html showing them (written when a trace fails, or when the folder already exists)' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document (the full report) instead of text' })
      .option('junit', { type: 'string', describe: 'also write the report as JUnit XML to this file (one testsuite, one testcase per trace, a failure for each failing trace)' })
      .option('shard', { type: 'string', describe: 'i/n: check only shard i (1-based) of n: the traces sorted by path, every n-th from the i-th (for a CI matrix)' })
      .option('jobs', { type: 'number', default: 1, describe: 'replay up to N traces at once: this thread and N − 1 worker threads (same report as 1; with N ≥ the number of cores, check runs in a single-threaded V8 process)' })
      .example('$0 check traces', 'check every trace in traces/ against traces/NAME.golden/')
      .example('$0 check traces --update', 'record the current frames as the goldens')
      .example('$0 check traces/triangles.r9t --threshold 0.1 --max-diff-pixels 20', 'tolerate up to 20 slightly changed pixels a frame')
      .example('$0 check traces --shard 2/4 --jobs 4', 'the second quarter of the traces, four at a time')
      .epilogue('Fails (exit 1) on: more differing pixels than --max-diff-pixels, a result (HRESULT) differing from the recorded one, a trace without goldens, a frame the golden has but the replay did not present (missing), or one it presented beyond the golden (extra). Exit 2: unreadable trace or bad option.'),
    async (argv) => {
      const shard = argv.shard === undefined ? undefined : parseShard(String(argv.shard));
      const jobs = numberOption('jobs', argv.jobs, 1, Infinity, true);
      const report = await runCheckJobs(argv.paths as string[], {
        update: argv.update,
        threshold: numberOption('threshold', argv.threshold, 0, 1),
        maxDiffPixels: numberOption('max-diff-pixels', argv['max-diff-pixels'], 0, Infinity, true),
        reportDir: argv.report,
        ...(shard ? { shard } : {}),
      }, jobs, io.tty && !argv.json ? (n, total, trace) => io.err(n < total ? `\x1b[Kchecked ${n}/${total}: ${basename(trace)}\r` : '\x1b[K\r') : undefined);
      // a shard may be empty (more shards than traces): that is not a usage error, no traces at all is
      if (report.traces.length === 0 && (!shard || findTraces(argv.paths as string[]).length === 0)) throw new UsageError(`no .r9 or .r9t traces in ${(argv.paths as string[]).join(' ')}`);
      writeReportFiles(report, { junit: argv.junit, html: checkWritesHtml(report, argv.report) ? argv.report : undefined });
      io.out(argv.json ? JSON.stringify(report, null, 2) : checkText(report));
      done(report.ok ? EXIT.ok : EXIT.failed);
    },
  );
}

const LABEL: Record<TraceResult['status'], string> = { pass: 'PASS', fail: 'FAIL', 'no-goldens': 'NO GOLDENS', updated: 'UPDATED' };

/** One line per trace, then a summary line. */
export function checkText(r: CheckReport): string {
  const lines = r.traces.map((t) => {
    const what = t.status === 'updated' ? `${t.goldenFrames} frame${t.goldenFrames === 1 ? '' : 's'} written to ${t.goldenDir}` : t.status === 'pass' ? `${t.frames} frame${t.frames === 1 ? '' : 's'}` : '';
    const reasons = t.status === 'updated' && t.reasons.length ? `; replay issues: ${t.reasons.join('; ')}` : t.status !== 'updated' && t.reasons.length ? t.reasons.join('; ') : '';
    const images = t.reportDir ? ` (images in ${t.reportDir})` : '';
    return `${LABEL[t.status]} ${t.trace}: ${[what, reasons].filter(Boolean).join('')}${images}`;
  });
  const s = r.summary;
  const parts = r.options.update ? [`${s.updated} updated`] : [`${s.passed} passed`, `${s.failed} failed`, `${s.noGoldens} without goldens`];
  lines.push(`${s.traces} trace${s.traces === 1 ? '' : 's'}: ${parts.join(', ')}`);
  return lines.join('\n');
}
