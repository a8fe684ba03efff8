/**
 * Worker-thread entry of `check --jobs N` (see check-jobs.ts): claims tasks from the shared
 * counter until none is left, posting back each TraceResult, or the error it threw as plain
 * data, then `{ done: true }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UsageError } from '../errors.js';
import { TraceSyntaxError } from '../trace/errors.js';
import { timedCheckTask } from './check.js';
import { claimTask, stopAfter } from './check-claim.js';
import type { WorkerStart } from './check-claim.js';
import type { TraceResult } from './types.js';

/** An error crossing the thread boundary: what the main thread needs to rebuild and classify it. */
export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  syscall?: string;
  offset?: number;
  /** a text trace's syntax error: where */
  at?: { file: string; line: number; column: number };
}

export type ResultMessage = { index: number; result: TraceResult; seconds: number } | { index: number; error: WorkerError } | { done: true };

function plainError(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const x = e as Error & { code?: unknown; syscall?: unknown; offset?: unknown };
  return {
    name: e instanceof UsageError ? 'UsageError' : x.name, message: x.message, stack: x.stack,
    ...(typeof x.code === 'string' ? { code: x.code } : {}), ...(typeof x.syscall === 'string' ? { syscall: x.syscall } : {}),
    ...(typeof x.offset === 'number' ? { offset: x.offset } : {}),
    ...(e instanceof TraceSyntaxError ? { at: { file: e.file, line: e.line, column: e.column } } : {}),
  };
}

const port = parentPort;
if (!port) throw new Error('check-worker.ts runs as a worker thread of check --jobs, not on its own');
const { tasks, opts, control } = workerData as WorkerStart;
for (let index = claimTask(control); index >= 0; index = claimTask(control)) {
  let reply: ResultMessage;
  try {
    reply = { index, ...timedCheckTask(tasks[index], opts) };
  } catch (e) {
    stopAfter(control, index);
    reply = { index, error: plainError(e) };
  }
  port.postMessage(reply);
}
port.postMessage({ done: true } satisfies ResultMessage);
