/**
 * The core of `replay9 check`: replay each trace, compare every presented frame with its golden
 * (DESIGN.md contract 5), write expected / actual / diff images for failures only. No yargs here,
 * so tests and other reporters call `runCheck` directly.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { performance } from 'node:perf_hooks';
import { StrictImportError, UsageError } from '../errors.js';
import { replayTrace } from '../replay/replay-trace.js';
import { findTraces } from '../replay/find-traces.js';
import type { ReplayReport } from '../replay/replay-trace.js';
import { frameLabel } from '../replay/replayer.js';
import type { PresentEvent } from '../replay/replayer.js';
import { PACKAGE_VERSION } from '../version.js';
import { compareRawWithGolden, compareWithGolden } from './compare.js';
import type { GoldenCompareResult } from './compare.js';
import { encodePng, presentedSurface, surfaceImage } from './image.js';
import type { Rgba8Image } from './image.js';
import { encodeRawDump, frameStem, goldenDirFor, GoldenFormatError, goldenFrames, GoldenWriter, intactBytes, lazyCapture, needsRawDump, readGolden, recoverGolden, sameSurface } from './store.js';
import type { FrameCapture, GoldenFrame, GoldenManifest, RawDump } from './store.js';
import { selectShard, validateShard } from './shard.js';
import { SwapRecoveryError } from './swap.js';
import type { CheckOptions, CheckReport, FrameResult, ReplayIssue, TraceResult } from './types.js';

export const DEFAULT_REPORT_DIR = join('out', 'check');

export function checkOptions(o: Partial<CheckOptions> = {}): CheckOptions {
  const opts: CheckOptions = { update: o.update ?? false, threshold: o.threshold ?? 0, maxDiffPixels: o.maxDiffPixels ?? 0, reportDir: o.reportDir ?? DEFAULT_REPORT_DIR };
  if (o.shard) opts.shard = { ...validateShard(o.shard) };
  if (o.strict) opts.strict = true;
  return opts;
}

/** One unit of work of a check: a trace and the folder its failure images would go to. */
export interface CheckTask {
  trace: string;
  reportDir: string;
}

/**
 * The traces under `paths` (only the --shard slice, when given) in report order, each with its
 * report folder: planned up front so that the folders do not depend on which worker runs what.
 */
export function planCheck(paths: readonly string[], opts: CheckOptions): CheckTask[] {
  const taken = new Set<string>();
  // before sharding: two traces sharing a golden would overwrite each other from two CI jobs too
  const traces = findTraces(paths);
  refuseSharedGoldens(traces);
  return selectShard(traces, opts.shard).map((trace) => ({ trace, reportDir: reportFolder(opts.reportDir, trace, taken) }));
}

/**
 * X.r9 and X.r9t (or X.R9) beside each other both keep their golden in X.golden/ and would
 * overwrite each other's: a usage error naming both. Names are compared case-insensitively, as
 * the folders are one on Windows and macOS.
 */
export function refuseSharedGoldens(traces: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const t of traces) {
    const g = goldenDirFor(t);
    const key = join(resolve(dirname(g)), basename(g).toLowerCase());
    const other = seen.get(key);
    if (other !== undefined) throw new UsageError(`${other} and ${t} would share the golden folder ${g} and overwrite each other's goldens: rename one of them`);
    seen.set(key, t);
  }
}

/** Checks (or, with `update`, re-records the golden of) one trace. */
export function runCheckTask(task: CheckTask, opts: CheckOptions): TraceResult {
  try {
    return opts.update ? updateTrace(task.trace, opts) : checkTrace(task.trace, opts, task.reportDir);
  } catch (e) {
    // --strict: a capture with calls the import leaves out fails (its goldens untouched), the others go on
    if (!(e instanceof StrictImportError)) throw e;
    return { trace: task.trace, goldenDir: goldenDirFor(task.trace), status: 'fail', reasons: [e.message], calls: 0, frames: 0, goldenFrames: 0, frameResults: [], issues: [], warnings: [] };
  }
}

/** runCheckTask, and how long it took in seconds (for reports only, never for goldens). */
export function timedCheckTask(task: CheckTask, opts: CheckOptions): { result: TraceResult; seconds: number } {
  const start = performance.now();
  const result = runCheckTask(task, opts);
  return { result, seconds: (performance.now() - start) / 1000 };
}

/** The report of `results` (in plan order), with the seconds each took when measured. */
export function checkReport(opts: CheckOptions, results: TraceResult[], seconds?: number[]): CheckReport {
  const count = (s: TraceResult['status']): number => results.filter((r) => r.status === s).length;
  const summary = { traces: results.length, passed: count('pass'), failed: count('fail'), noGoldens: count('no-goldens'), updated: count('updated') };
  return { tool: PACKAGE_VERSION, options: opts, traces: results, summary, ok: summary.failed + summary.noGoldens === 0, ...(seconds ? { seconds } : {}) };
}

/** Checks (or, with `update`, re-records the goldens of) every trace under `paths`, in this thread. */
export function runCheck(paths: readonly string[], options: Partial<CheckOptions> = {}): CheckReport {
  const opts = checkOptions(options);
  const runs = planCheck(paths, opts).map((t) => timedCheckTask(t, opts));
  return checkReport(opts, runs.map((r) => r.result), runs.map((r) => r.seconds));
}

/**
 * The per-trace folder under `root` for failure images: the trace's file name made safe (letters,
 * digits, `.`, `_`, `-`; no leading dot, so never `.` or `..`), made unique among `taken`, and
 * checked to stay inside `root`.
 */
export function reportFolder(root: string, trace: string, taken: Set<string>): string {
  const stem = basename(trace).replace(/\.(r9t?|trace)$/i, '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, (m) => '_'.repeat(m.length)) || 'trace';
  let name = stem;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${stem}-${i}`;
  taken.add(name.toLowerCase());
  const dir = join(root, name);
  const rel = relative(resolve(root), resolve(dir));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`report folder ${dir} is not inside ${root}`);
  return dir;
}

const issuesOf = (r: ReplayReport): ReplayIssue[] => [
  ...r.mismatches.map((m): ReplayIssue => ({ kind: 'mismatch', ...m })),
  ...r.unimplemented.map((m): ReplayIssue => ({ kind: 'unimplemented', ...m })),
  ...r.skipped.map((m): ReplayIssue => ({ kind: 'skipped', ...m })),
];

/** What the replay noted without failing (a draw clamped to its data, a call on a released object that the trace also saw fail). */
const replayNotes = (r: ReplayReport): string[] => r.notes.map((n) => `${n.line !== undefined ? `line ${n.line}, ` : ''}${n.message}`);

/** What one Present showed: the presented back buffer as RGBA8, and its raw memory when PNG cannot hold it exactly. */
function capture(e: PresentEvent): FrameCapture | undefined {
  const surface = presentedSurface(e);
  return surface ? lazyCapture(surface, surfaceImage, needsRawDump(surface.format)) : undefined;
}

/**
 * An unchanged frame, known without converting it: golden.json describes the same stored surface
 * (format, pitch, samples, hash of its bytes) and its PNG (and raw dump) are still the files it
 * wrote. Anything else goes the long way: pixels, then pixelmatch.
 */
export function unchangedStored(c: FrameCapture, entry: GoldenFrame, goldenDir: string): boolean {
  // intactBytes answers undefined for a golden.json that records no file hash
  return sameSurface(c.surface, entry.surface)
    && intactBytes(join(goldenDir, entry.file), entry.fileXxh64) !== undefined
    && (!entry.raw || intactBytes(join(goldenDir, entry.raw.file), entry.raw.fileXxh64) !== undefined);
}

/** `frame 3` of swap chain 0, `frame sc1:3` of additional chain 1. */
const frameName = (swapChain: number, frame: number): string => `frame ${frameLabel(swapChain, frame)}`;

/** Settles a swap an earlier update left half done (see swap.ts); `cleanup` also removes its debris. */
function recover(goldenDir: string, cleanup: boolean, notes: string[]): void {
  const done = recoverGolden(goldenDir, cleanup);
  if (done) notes.push(done);
}

function updateTrace(trace: string, opts: CheckOptions): TraceResult {
  const goldenDir = goldenDirFor(trace);
  const notes: string[] = [];
  let previous: GoldenManifest | undefined;
  try {
    recover(goldenDir, true, notes);
    previous = readGolden(goldenDir);
  } catch (e) {
    if (e instanceof SwapRecoveryError) throw new UsageError(e.message);
    if (!(e instanceof GoldenFormatError)) throw e;
    notes.push(`replaced an unreadable golden (${e.message})`);
  }
  const writer = new GoldenWriter(goldenDir, { threshold: opts.threshold, ...(previous ? { previous } : {}) });
  let rep: ReplayReport;
  try {
    rep = replayTrace(trace, { strict: opts.strict, onPresent: (e) => { const c = capture(e); if (c) writer.add(c, e.swapChain); } });
  } catch (e) {
    writer.abort();
    throw e;
  }
  const { change, frames, swapChainFrames, manifest } = writer.commit();
  notes.push(...replayNotes(rep));
  const issues = issuesOf(rep);
  return {
    trace, goldenDir, status: 'updated', reasons: issues.map((i) => i.message), calls: rep.calls, frames: rep.frames,
    goldenFrames: manifest.frames.length, frameResults: [], issues, warnings: rep.warnings, ...(notes.length ? { notes } : {}), update: { change, frames, ...(swapChainFrames ? { swapChainFrames } : {}) },
  };
}

function checkTrace(trace: string, opts: CheckOptions, reportDir: string): TraceResult {
  const goldenDir = goldenDirFor(trace);
  let golden: GoldenManifest | undefined;
  let goldenError: string | undefined;
  const notes: string[] = [];
  try {
    recover(goldenDir, false, notes);
    golden = readGolden(goldenDir);
  } catch (e) {
    if (!(e instanceof GoldenFormatError || e instanceof SwapRecoveryError)) throw e;
    goldenError = e.message;
  }
  const withNotes = (): { notes?: string[] } => (notes.length ? { notes } : {});
  const base = { trace, goldenDir, calls: 0, frames: 0, goldenFrames: 0, frameResults: [], issues: [], warnings: [], ...withNotes() };
  if (goldenError) return { ...base, status: 'fail', reasons: [`unreadable golden: ${goldenError}`] };
  if (!golden) return { ...base, status: 'no-goldens', reasons: [`no goldens (${goldenDir}/golden.json is missing; run with --update to write them)`] };
  const g = golden;
  const frames: FrameResult[] = [];
  const images = new FailureImages(reportDir);
  const rep = replayTrace(trace, {
    strict: opts.strict,
    onPresent: (e) => {
      const c = capture(e);
      if (c) frames.push(checkFrame(e, c, g, goldenDir, opts, images));
    },
  });
  const chains = [0, ...Object.keys(g.swapChains ?? {}).map(Number).sort((a, b) => a - b)];
  for (const sc of chains) {
    const golden = goldenFrames(g, sc);
    const presented = sc === 0 ? rep.frames : (rep.swapChainFrames?.[String(sc)] ?? 0);
    for (let i = presented; i < golden.length; i++) {
      frames.push({ frame: i, ...(sc ? { swapChain: sc } : {}), status: 'missing', diffPixels: 0, maxChannelDiff: 0, golden: join(goldenDir, golden[i].file), message: `${frameName(sc, i)}: in the golden, never presented by the replay` });
    }
  }
  for (const f of frames) if (f.note) notes.push(`${frameName(f.swapChain ?? 0, f.frame)}: ${f.note}`);
  notes.push(...replayNotes(rep));
  const issues = issuesOf(rep);
  const reasons = [...issues.map((i) => (i.line !== undefined ? `line ${i.line}, ${i.message}` : i.message)), ...frames.filter((f) => f.status !== 'pass').map((f) => f.message ?? `frame ${f.frame}: ${f.status}`)];
  return {
    trace, goldenDir, status: reasons.length ? 'fail' : 'pass', reasons, calls: rep.calls, frames: rep.frames, goldenFrames: g.frames.length,
    frameResults: frames, issues, ...(images.used ? { reportDir } : {}), warnings: rep.warnings, ...withNotes(),
  };
}

function checkFrame(e: PresentEvent, c: FrameCapture, g: GoldenManifest, goldenDir: string, opts: CheckOptions, images: FailureImages): FrameResult {
  const { call, swapChain } = e;
  const frame = e.frame;
  const at = `${frameName(swapChain, frame)} (call ${call})`;
  const entry = goldenFrames(g, swapChain)[frame];
  const stem = frameStem(frame, swapChain);
  const which = swapChain ? { swapChain } : {};
  if (!entry) {
    return { frame, ...which, call, status: 'extra', diffPixels: 0, maxChannelDiff: 0, message: `${at}: presented by the replay, not in the golden`, files: images.write(stem, { actual: c.image }) };
  }
  const golden = join(goldenDir, entry.file);
  if (unchangedStored(c, entry, goldenDir)) return { frame, ...which, call, status: 'pass', diffPixels: 0, maxChannelDiff: 0, golden };
  let cmp: GoldenCompareResult;
  try {
    cmp = compareWithGolden(c.image, entry, goldenDir, opts);
  } catch (err) {
    return { frame, ...which, call, status: 'unreadable', diffPixels: 0, maxChannelDiff: 0, golden, message: `${at}: golden ${golden} unreadable (${(err as Error).message})`, files: images.write(stem, { actual: c.image }) };
  }
  const r = { frame, ...which, call, diffPixels: cmp.diffPixels, maxChannelDiff: cmp.maxChannelDiff, golden, ...(cmp.edited ? { note: `golden PNG ${entry.file} changed since it was written; compared with its pixels` } : {}) };
  if (cmp.sizeMismatch) return { ...r, status: 'size', message: `${at}: ${cmp.sizeMismatch}`, files: images.write(stem, { expected: cmp.expected, actual: c.image }) };
  if (cmp.diffPixels > opts.maxDiffPixels) {
    const n = cmp.diffPixels;
    const message = `${at}: ${n} pixel${n === 1 ? '' : 's'} differ${n === 1 ? 's' : ''} (max ${opts.maxDiffPixels} allowed), max channel difference ${cmp.maxChannelDiff}`;
    return { ...r, status: 'diff', message, files: images.write(stem, { expected: cmp.expected, actual: c.image, diff: cmp.diffImage }) };
  }
  // equal RGBA8 can hide a change only the raw dump shows (10-bit, float, depth back buffers)
  if (cmp.equal && entry.raw && c.raw) {
    const rawFile = join(goldenDir, entry.raw.file);
    let raw: { equal: boolean; edited: boolean };
    try {
      raw = compareRawWithGolden(c.raw, entry.raw, goldenDir);
    } catch (err) {
      return { ...r, status: 'unreadable', message: `${at}: golden ${rawFile} unreadable (${(err as Error).message})`, files: images.write(stem, { actual: c.image, raw: c.raw }) };
    }
    const rawNote = raw.edited ? `golden raw dump ${entry.raw.file} changed since it was written; compared with its contents` : undefined;
    const note = [r.note, rawNote].filter(Boolean).join('; ') || undefined;
    const withNote = { ...r, ...(note ? { note } : {}) };
    if (!raw.equal) return { ...withNote, status: 'raw', message: `${at}: the RGBA8 pixels match, the raw ${c.raw.format} back buffer differs from ${rawFile}`, files: images.write(stem, { actual: c.image, raw: c.raw }) };
    return { ...withNote, status: 'pass' };
  }
  return { ...r, status: 'pass' };
}

/** Writes a failing frame's images into the trace's report folder (created on first use). */
class FailureImages {
  used = false;
  constructor(private readonly dir: string) {}

  write(stem: string, imgs: { expected?: Rgba8Image; actual?: Rgba8Image; diff?: Rgba8Image; raw?: RawDump }): FrameResult['files'] {
    mkdirSync(this.dir, { recursive: true });
    this.used = true;
    const files: NonNullable<FrameResult['files']> = {};
    for (const k of ['expected', 'actual', 'diff'] as const) {
      const img = imgs[k];
      if (!img) continue;
      files[k] = join(this.dir, `${stem}-${k}.png`);
      writeFileSync(files[k], encodePng(img));
    }
    if (imgs.raw) writeFileSync(join(this.dir, `${stem}-actual.raw`), encodeRawDump(imgs.raw));
    return files;
  }
}
