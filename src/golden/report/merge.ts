/**
 * `merge-reports`: the JSON reports of `check --shard i/n` runs as one CheckReport (DESIGN.md
 * "Scale"), traces sorted by path and the summary recounted, so it equals the report of one run over
 * every trace. Input is checked field by field first: a report is read from files other jobs wrote.
 */
import type { CheckOptions, CheckReport, TraceResult } from '../types.js';
import { FRAME_STATUSES } from '../types.js';

/** A file that is not a check report (or does not fit with the others); the message names it. */
export class ReportFormatError extends Error {
  override name = 'ReportFormatError';
}

const TRACE_STATUSES: ReadonlySet<string> = new Set(['pass', 'fail', 'no-goldens', 'updated']);
const ISSUE_KINDS: ReadonlySet<string> = new Set(['mismatch', 'lock-data', 'unimplemented', 'skipped']);
const FRAME_STATUS_SET: ReadonlySet<string> = new Set(FRAME_STATUSES);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads one `check --json` document; throws ReportFormatError naming `file` and the bad field. */
export function parseCheckReport(text: string, file: string): CheckReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ReportFormatError(`${file}: not JSON (${(e as Error).message})`);
  }
  const bad = (where: string, expected: string): never => {
    throw new ReportFormatError(`${file}: not a replay9 check report: ${where} should be ${expected}`);
  };
  const str = (o: Obj, k: string, where: string, optional = false): void => {
    if (!(optional && o[k] === undefined) && typeof o[k] !== 'string') bad(`${where}.${k}`, 'a string');
  };
  const num = (o: Obj, k: string, where: string, optional = false): void => {
    if (!(optional && o[k] === undefined) && (typeof o[k] !== 'number' || !Number.isFinite(o[k]))) bad(`${where}.${k}`, 'a number');
  };
  const arr = (o: Obj, k: string, where: string): unknown[] => (Array.isArray(o[k]) ? (o[k] as unknown[]) : bad(`${where}.${k}`, 'an array'));
  const obj = (v: unknown, where: string): Obj => (isObj(v) ? v : bad(where, 'an object'));

  const r = obj(doc, 'the document');
  str(r, 'tool', '');
  const o = obj(r.options, '.options');
  if (typeof o.update !== 'boolean') bad('.options.update', 'true or false');
  num(o, 'threshold', '.options');
  num(o, 'maxDiffPixels', '.options');
  str(o, 'reportDir', '.options');
  arr(r, 'traces', '').forEach((tv, ti) => {
    const w = `.traces[${ti}]`;
    const t = obj(tv, w);
    for (const k of ['trace', 'goldenDir']) str(t, k, w);
    str(t, 'reportDir', w, true);
    if (typeof t.status !== 'string' || !TRACE_STATUSES.has(t.status)) bad(`${w}.status`, 'pass, fail, no-goldens or updated');
    for (const k of ['calls', 'frames', 'goldenFrames']) num(t, k, w);
    for (const k of ['reasons', 'warnings']) arr(t, k, w).forEach((x, i) => typeof x === 'string' || bad(`${w}.${k}[${i}]`, 'a string'));
    if (t.notes !== undefined) arr(t, 'notes', w).forEach((x, i) => typeof x === 'string' || bad(`${w}.notes[${i}]`, 'a string'));
    if (t.update !== undefined) {
      const u = obj(t.update, `${w}.update`);
      if (u.change !== 'new' && u.change !== 'changed' && u.change !== 'unchanged') bad(`${w}.update.change`, 'new, changed or unchanged');
      arr(u, 'frames', `${w}.update`).forEach((x, i) => Number.isInteger(x) || bad(`${w}.update.frames[${i}]`, 'an integer'));
    }
    arr(t, 'frameResults', w).forEach((fv, fi) => {
      const fw = `${w}.frameResults[${fi}]`;
      const f = obj(fv, fw);
      for (const k of ['frame', 'diffPixels', 'maxChannelDiff']) num(f, k, fw);
      num(f, 'call', fw, true);
      num(f, 'swapChain', fw, true);
      if (typeof f.status !== 'string' || !FRAME_STATUS_SET.has(f.status)) bad(`${fw}.status`, FRAME_STATUSES.join(', '));
      for (const k of ['golden', 'message', 'note']) str(f, k, fw, true);
      if (f.files !== undefined) {
        const files = obj(f.files, `${fw}.files`);
        for (const k of ['expected', 'actual', 'diff']) str(files, k, `${fw}.files`, true);
      }
    });
    arr(t, 'issues', w).forEach((iv, ii) => {
      const iw = `${w}.issues[${ii}]`;
      const x = obj(iv, iw);
      if (typeof x.kind !== 'string' || !ISSUE_KINDS.has(x.kind)) bad(`${iw}.kind`, [...ISSUE_KINDS].join(', '));
      num(x, 'call', iw);
      num(x, 'line', iw, true);
      for (const k of ['method', 'message']) str(x, k, iw);
      for (const k of ['expected', 'actual']) str(x, k, iw, true);
    });
  });
  if (r.seconds !== undefined) {
    const secs = arr(r, 'seconds', '');
    if (secs.length !== (r.traces as unknown[]).length) bad('.seconds', 'one number per trace');
    secs.forEach((x, i) => (typeof x === 'number' && Number.isFinite(x) && x >= 0) || bad(`.seconds[${i}]`, 'a number of seconds'));
  }
  return doc as CheckReport;
}

/** Orders by code unit, not locale, so every machine sorts the same way. */
const byPath = (a: TraceResult, b: TraceResult): number => (a.trace < b.trace ? -1 : a.trace > b.trace ? 1 : 0);

/**
 * One report from several. The shards must have run the same tool with the same options (else their
 * verdicts do not add up), and no trace may appear twice (overlapping shards).
 */
export function mergeReports(inputs: ReadonlyArray<{ file: string; report: CheckReport }>): CheckReport {
  if (inputs.length === 0) throw new ReportFormatError('no reports to merge');
  const first = inputs[0];
  const seen = new Map<string, string>();
  for (const { file, report } of inputs) {
    if (report.tool !== first.report.tool) throw new ReportFormatError(`${file}: written by ${report.tool}, ${first.file} by ${first.report.tool}`);
    for (const k of ['update', 'threshold', 'maxDiffPixels'] as const) {
      const a = report.options[k];
      const b = first.report.options[k];
      if (a !== b) throw new ReportFormatError(`${file}: checked with ${k} ${String(a)}, ${first.file} with ${String(b)}`);
    }
    for (const t of report.traces) {
      const other = seen.get(t.trace);
      if (other !== undefined) throw new ReportFormatError(`${file}: trace ${t.trace} is also in ${other} (do the shards overlap?)`);
      seen.set(t.trace, file);
    }
  }
  // each trace keeps its time (when every report has times)
  const timed = inputs.every((i) => i.report.seconds !== undefined);
  const runs = inputs.flatMap((i) => i.report.traces.map((t, k) => ({ t, seconds: i.report.seconds?.[k] ?? 0 }))).sort((a, b) => byPath(a.t, b.t));
  const traces = runs.map((x) => x.t);
  const count = (s: TraceResult['status']): number => traces.filter((t) => t.status === s).length;
  const summary = { traces: traces.length, passed: count('pass'), failed: count('fail'), noGoldens: count('no-goldens'), updated: count('updated') };
  const o = first.report.options;
  // only the fields a single run has: a shard's own settings do not describe the merged run
  const options: CheckOptions = { update: o.update, threshold: o.threshold, maxDiffPixels: o.maxDiffPixels, reportDir: o.reportDir };
  return { tool: first.report.tool, options, traces, summary, ok: summary.failed + summary.noGoldens === 0, ...(timed ? { seconds: runs.map((x) => x.seconds) } : {}) };
}
