/**
 * `check --jobs N` (DESIGN.md "Scale"): the traces of a check replayed N at a time, on this thread
 * and N − 1 worker threads.
 * The replay is deterministic and every task is planned up front (report folders included), so the
 * report is the same, bit for bit, as one thread's: results go back in plan order, not in the
 * order workers finish.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UsageError } from '../cli/io.js';
import { TraceFormatError, TraceSyntaxError } from '../trace/errors.js';
import { checkOptions, checkReport, planCheck, runCheckTask } from './check.js';
import type { CheckTask } from './check.js';
import type { ResultMessage, TaskMessage, WorkerError } from './check-worker.js';
import type { CheckOptions, CheckReport, TraceResult } from './types.js';

/** Run from TypeScript source (vitest, tsx): the worker needs tsx's loader to import .ts. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './check-worker.ts' : './check-worker.js', import.meta.url);

function startWorker(): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL);
  // Node 20 ignores `--import tsx` in a worker's execArgv (its loader hooks do not reach the
  // worker), so the worker registers tsx's ESM loader itself, then imports the .ts entry
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(code, { eval: true });
}

/** Tasks handed to a worker ahead of its results. */
const IN_FLIGHT = 2;

/** Told after each trace is checked: how many are done of how many, and which one finished. */
export type CheckProgress = (done: number, total: number, trace: string) => void;

/** Like runCheck, on `jobs` worker threads (at most one per trace); `jobs` 1 runs in this thread. */
export async function runCheckJobs(paths: readonly string[], options: Partial<CheckOptions> = {}, jobs = 1, progress?: CheckProgress, workersOnly = false): Promise<CheckReport> {
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be an integer ≥ 1, got ${jobs}`);
  const opts = checkOptions(options);
  const tasks = planCheck(paths, opts);
  if (jobs === 1 || tasks.length <= 1) {
    return checkReport(opts, tasks.map((t, i) => {
      const r = runCheckTask(t, opts);
      progress?.(i + 1, tasks.length, t.trace);
      return r;
    }));
  }
  return checkReport(opts, await runOnWorkers(tasks, opts, Math.min(jobs, tasks.length), progress, workersOnly));
}

/**
 * Hands tasks out to n workers, two in flight each. This thread checks traces too until the first
 * worker has finished one (they take a while to load and warm up), so short checks do not wait on
 * idle startup; after that it only hands out tasks and collects results, since a thread that both
 * checks and feeds the workers keeps them waiting (measured: 1.15× with this thread working
 * throughout, 1.38× with it stepping back, for 2 jobs on 2 cores). `workersOnly` (tests): this
 * thread checks nothing. The first error in plan order wins.
 */
function runOnWorkers(tasks: readonly CheckTask[], opts: CheckOptions, n: number, progress?: CheckProgress, workersOnly = false): Promise<TraceResult[]> {
  const results = new Array<TraceResult>(tasks.length);
  const errors = new Map<number, Error>();
  let next = 0;
  let active = 0;
  let finished = 0;
  let done = false;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const finish = (): void => {
      if (done) return;
      done = true;
      for (const w of workers) void w.terminate();
      const first = [...errors.keys()].sort((a, b) => a - b)[0];
      if (first !== undefined) reject(errors.get(first));
      else resolve(results);
    };
    const start = (w: Worker): void => {
      // after an error, start nothing new: one thread would have stopped at it too
      if (errors.size > 0 || next >= tasks.length) {
        if (active === 0) finish();
        return;
      }
      const index = next++;
      active++;
      w.postMessage({ index, task: tasks[index], opts } satisfies TaskMessage);
    };
    let workerReady = false;
    // this thread's share while the workers start: one task, then a turn of the event loop for their messages
    const step = (): void => {
      if (done) return;
      const over = errors.size > 0 || next >= tasks.length;
      if (over || workerReady) {
        if (over && active === 0) finish();
        return;
      }
      const index = next++;
      try {
        results[index] = runCheckTask(tasks[index], opts);
      } catch (e) {
        errors.set(index, e instanceof Error ? e : new Error(String(e)));
      }
      progress?.(++finished, tasks.length, tasks[index].trace);
      setImmediate(step);
    };
    for (let i = 0; i < n; i++) {
      const w = startWorker();
      workers.push(w);
      w.on('message', (m: ResultMessage) => {
        workerReady = true;
        active--;
        if ('error' in m) errors.set(m.index, rebuildError(m.error));
        else results[m.index] = m.result;
        progress?.(++finished, tasks.length, tasks[m.index].trace);
        start(w);
      });
      // a worker that died (not a task that threw, which comes back as a message) fails the check
      w.on('error', (e) => {
        errors.set(-1, e);
        finish();
      });
    }
    // two tasks in flight per worker: its next task is already queued when it finishes one, instead
    // of waiting for this thread to come back from its own task to hand one out
    for (let k = 0; k < IN_FLIGHT; k++) for (const w of workers) start(w);
    if (!workersOnly) setImmediate(step);
  });
}

/** The error a task threw in a worker, as the class the CLI maps to an exit code where it has one. */
function rebuildError(e: WorkerError): Error {
  let err: Error;
  if (e.at) {
    const where = `${e.at.file}:${e.at.line}:${e.at.column}: `;
    err = new TraceSyntaxError(e.at.file, e.at.line, e.at.column, e.message.startsWith(where) ? e.message.slice(where.length) : e.message);
  } else if (e.name === 'TraceFormatError') err = new TraceFormatError(e.message, e.offset);
  else if (e.name === 'UsageError') err = new UsageError(e.message);
  else {
    err = new Error(e.message);
    err.name = e.name;
    Object.assign(err, e.code !== undefined ? { code: e.code } : {}, e.syscall !== undefined ? { syscall: e.syscall } : {});
  }
  if (e.stack) err.stack = e.stack;
  return err;
}
