/** `replay9 check PATHS...`: the yargs glue and text output around runCheck (src/golden/check.ts). */
import { basename, join } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_REPORT_DIR } from '../../golden/check.js';
import { runCheckJobs } from '../../golden/check-jobs.js';
import { parseShard } from '../../golden/shard.js';
import type { CheckReport, TraceResult } from '../../golden/types.js';
import { EXIT, UsageError, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';
import { bold, dim, green, red, yellow } from '../style.js';
import type { ColorOn } from '../style.js';
import { checkWritesHtml, writeReportFiles } from './report-files.js';
import { findTraces } from '../../replay/find-traces.js';

/** the JSON report's name in the --report folder, beside index.html */
export const REPORT_JSON_FILE = 'report.json';

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
      .option('update', { type: 'boolean', default: false, describe: '(re)write the goldens of every trace instead of comparing: prints NEW, CHANGED (which frames) or UNCHANGED per trace, and leaves unchanged goldens untouched; atomic per trace; exits 0' })
      .option('threshold', { type: 'number', default: 0, describe: 'pixelmatch colour threshold from 0 to 1: 0 counts any colour change, larger values ignore smaller changes' })
      .option('max-diff-pixels', { type: 'number', default: 0, describe: 'a frame still passes when at most this many pixels differ (after the threshold)' })
      .option('report', { type: 'string', describe: `folder for the report: index.html and ${REPORT_JSON_FILE} (always written when this option is given), and expected / actual / diff PNGs of failing frames, one subfolder per trace. Without it, failures go to ${DEFAULT_REPORT_DIR} (index.html there only when a trace fails or the folder exists)` })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document (the full report) instead of text' })
      .option('junit', { type: 'string', describe: 'also write the report as JUnit XML to this file (one testsuite, one testcase per trace, a failure for each failing trace)' })
      .option('strict', { ...STRICT_OPTION, describe: 'an apitrace capture (.trace) holding Direct3D 9 calls replay9 cannot import fails its check, naming the first (calls outside D3D9 do not count)' })
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
      const reportDir = argv.report ?? DEFAULT_REPORT_DIR;
      // text: each trace's line as it finishes (completion order with --jobs); JSON: a progress line on a terminal
      const progress = argv.json
        ? (io.tty ? (n: number, total: number, trace: string) => io.err(n < total ? `\x1b[Kchecked ${n}/${total}: ${basename(trace)}\r` : '\x1b[K\r') : undefined)
        : (_n: number, _total: number, _trace: string, t?: TraceResult) => { if (t) io.out(traceLines(t, io).join('\n')); };
      const report = await runCheckJobs(argv.paths as string[], {
        update: argv.update,
        threshold: numberOption('threshold', argv.threshold, 0, 1),
        maxDiffPixels: numberOption('max-diff-pixels', argv['max-diff-pixels'], 0, Infinity, true),
        reportDir,
        ...(shard ? { shard } : {}),
        ...(argv.strict ? { strict: true } : {}),
      }, jobs, progress);
      // a shard may be empty (more shards than traces): that is not a usage error, no traces at all is
      if (report.traces.length === 0 && (!shard || findTraces(argv.paths as string[]).length === 0)) throw new UsageError(`no .r9 or .r9t traces in ${(argv.paths as string[]).join(' ')}`);
      // the files hold the report in plan order, whatever order the traces finished in
      const always = argv.report !== undefined;
      writeReportFiles(report, {
        junit: argv.junit,
        html: always || checkWritesHtml(report, reportDir) ? reportDir : undefined,
        ...(always ? { json: join(reportDir, REPORT_JSON_FILE) } : {}),
      });
      io.out(argv.json ? JSON.stringify(report, null, 2) : summaryLine(report, io));
      done(report.ok ? EXIT.ok : EXIT.failed);
    },
  );
}

const LABEL: Record<TraceResult['status'], string> = { pass: 'PASS', fail: 'FAIL', 'no-goldens': 'NO GOLDENS', updated: 'UPDATED' };
const UPDATE_LABEL = { new: 'NEW', changed: 'CHANGED', unchanged: 'UNCHANGED' } as const;

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

function label(t: TraceResult, on: ColorOn): string {
  if (t.status === 'updated') {
    const change = t.update?.change;
    if (!change) return green(on, LABEL.updated);
    return change === 'unchanged' ? dim(on, UPDATE_LABEL[change]) : change === 'new' ? green(on, UPDATE_LABEL[change]) : yellow(on, UPDATE_LABEL[change]);
  }
  return t.status === 'pass' ? green(on, LABEL.pass) : t.status === 'fail' ? bold(on, red(on, LABEL.fail)) : yellow(on, LABEL[t.status]);
}

/** What --update did to a trace's golden, in words. */
function updateText(t: TraceResult): string {
  const written = `${plural(t.goldenFrames, 'frame')} written to ${t.goldenDir}`;
  const u = t.update;
  if (!u) return written;
  if (u.change === 'unchanged') return `${plural(t.goldenFrames, 'frame')}, golden left as it was`;
  if (u.change === 'new') return written;
  const what = u.frames.length ? `frame${u.frames.length === 1 ? '' : 's'} ${u.frames.join(', ')} changed` : 'same pixels; golden.json now records what this version checks first (file and stored-surface hashes)';
  return `${what}; ${written}`;
}

/** A trace's line (`PASS t.r9t: 3 frames`), then one line per note about its golden. */
export function traceLines(t: TraceResult, on: ColorOn = false): string[] {
  const what = t.status === 'updated' ? updateText(t) : t.status === 'pass' ? plural(t.frames, 'frame') : '';
  const reasons = t.status === 'updated' && t.reasons.length ? `; replay issues: ${t.reasons.join('; ')}` : t.status !== 'updated' && t.reasons.length ? t.reasons.join('; ') : '';
  const images = t.reportDir ? ` (images in ${t.reportDir})` : '';
  return [`${label(t, on)} ${t.trace}: ${[what, reasons].filter(Boolean).join('')}${images}`, ...(t.notes ?? []).map((n) => dim(on, `  note: ${n}`))];
}

/** `3 traces: 2 passed, 1 failed, 0 without goldens` (with --update: how many new, changed, unchanged). */
export function summaryLine(r: CheckReport, on: ColorOn = false): string {
  const s = r.summary;
  const changes = (c: keyof typeof UPDATE_LABEL): number => r.traces.filter((t) => t.update?.change === c).length;
  const parts = !r.options.update ? [`${s.passed} passed`, `${s.failed} failed`, `${s.noGoldens} without goldens`]
    : r.traces.some((t) => t.update) ? [`${changes('new')} new`, `${changes('changed')} changed`, `${changes('unchanged')} unchanged`] : [`${s.updated} updated`];
  const line = `${plural(s.traces, 'trace')}: ${parts.join(', ')}`;
  return bold(on, r.options.update || r.ok ? line : red(on, line));
}

/** One line per trace (and its notes), then the summary line. */
export function checkText(r: CheckReport, on: ColorOn = false): string {
  return [...r.traces.flatMap((t) => traceLines(t, on)), summaryLine(r, on)].join('\n');
}
