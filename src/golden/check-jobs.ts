/**
 * `check --jobs N` (DESIGN.md "Scale"): the traces of a check replayed N at a time, on this thread
 * and N − 1 worker threads.
 * The replay is deterministic and every task is planned up front (report folders included), so the
 * report is the same, bit for bit, as one thread's: results go back in plan order, not in the
 * order workers finish.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './worker-start.js';
import { UsageError } from '../errors.js';
import { TraceFormatError, TraceSyntaxError } from '../trace/errors.js';
import { traceOpenerModules } from '../trace/open.js';
import { checkOptions, checkReport, planCheck, timedCheckTask } from './check.js';
import type { CheckTask } from './check.js';
import { claimTask, stopAfter, taskControl } from './check-claim.js';
import type { WorkerStart } from './check-claim.js';
import type { ResultMessage, WorkerError } from './check-worker.js';
import type { CheckOptions, CheckReport, TraceResult } from './types.js';

const WORKER_URL = new URL('./check-worker.js', import.meta.url);

/**
 * Told after each trace is checked, in the order they finish: how many are done of how many, which
 * one finished, and its result (none when it threw).
 */
export type CheckProgress = (done: number, total: number, trace: string, result?: TraceResult) => void;

/** Like runCheck, on `jobs` threads (at most one per trace); `jobs` 1 runs in this thread only. */
export async function runCheckJobs(paths: readonly string[], options: Partial<CheckOptions> = {}, jobs = 1, progress?: CheckProgress, workersOnly = false): Promise<CheckReport> {
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be an integer ≥ 1, got ${jobs}`);
  const opts = checkOptions(options);
  const tasks = planCheck(paths, opts);
  if ((jobs === 1 && !workersOnly) || tasks.length === 0) {
    const runs = tasks.map((t, i) => {
      const r = timedCheckTask(t, opts);
      progress?.(i + 1, tasks.length, t.trace, r.result);
      return r;
    });
    return checkReport(opts, runs.map((r) => r.result), runs.map((r) => r.seconds));
  }
  const runs = await runOnThreads(tasks, opts, Math.min(jobs, tasks.length), progress, workersOnly);
  return checkReport(opts, runs.map((r) => r.result), runs.map((r) => r.seconds));
}

interface TimedResult {
  result: TraceResult;
  seconds: number;
}

/**
 * Checks the tasks on this thread and n − 1 workers (n workers when `workersOnly`, for tests).
 * Every thread takes the next unclaimed task from one shared counter, so no thread waits for
 * another to hand it work, and each runtime warms up once (a worker costs a start-up and its own
 * compilation of the hot code: on two cores, this thread plus one worker beats two workers fed by
 * this thread). An error at task i stops the claiming of tasks after i; those before it were all
 * claimed already and run to the end, so the first error in plan order is the one a single thread
 * would have stopped at.
 */
function runOnThreads(tasks: readonly CheckTask[], opts: CheckOptions, n: number, progress?: CheckProgress, workersOnly = false): Promise<TimedResult[]> {
  const results = new Array<TimedResult>(tasks.length);
  const errors = new Map<number, Error>();
  const control = taskControl(tasks.length);
  let finished = 0;
  let running = workersOnly ? n : n - 1;
  let settled = false;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const settle = (): void => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      const first = [...errors.keys()].sort((a, b) => a - b)[0];
      if (first !== undefined) reject(errors.get(first));
      else resolve(results);
    };
    const record = (index: number, outcome: TimedResult | { error: Error }): void => {
      if ('error' in outcome) {
        errors.set(index, outcome.error);
        stopAfter(control, index);
      } else results[index] = outcome;
      progress?.(++finished, tasks.length, tasks[index].trace, 'error' in outcome ? undefined : outcome.result);
    };
    const threadDone = (): void => {
      if (--running === 0) settle();
    };
    const data: WorkerStart = { tasks, opts, control };
    for (let i = 0; i < running; i++) {
      // the modules that let this thread open other forms of trace (an apitrace capture) load in the worker first
      const w = startWorker(WORKER_URL, data, traceOpenerModules());
      workers.push(w);
      let done = false;
      w.on('message', (m: ResultMessage) => {
        if ('done' in m) {
          done = true;
          threadDone();
        } else record(m.index, 'error' in m ? { error: rebuildError(m.error) } : { result: m.result, seconds: m.seconds });
      });
      // a worker that died (not a task that threw, which comes back as a message) fails the check
      w.on('error', (e) => {
        errors.set(-1, e);
        settle();
      });
      w.on('exit', (code) => {
        if (done || settled) return;
        errors.set(-1, new Error(`a check worker stopped (exit code ${code}) before it had checked its traces`));
        settle();
      });
    }
    if (workersOnly) return;
    running++;
    // this thread's share: one task a turn of the event loop, so the workers' results (and the
    // progress line) are taken in as they come
    const step = (): void => {
      if (settled) return;
      const index = claimTask(control);
      if (index < 0) {
        threadDone();
        return;
      }
      try {
        record(index, timedCheckTask(tasks[index], opts));
      } catch (e) {
        record(index, { error: e instanceof Error ? e : new Error(String(e)) });
      }
      setImmediate(step);
    };
    step();
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
