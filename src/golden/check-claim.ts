/**
 * The tasks of `check --jobs N` are shared out through one counter in shared memory: each thread
 * claims the next task by incrementing it, and an error lowers the bound claims stop at. Used by
 * this thread (check-jobs.ts) and the workers (check-worker.ts) alike.
 */
import type { CheckTask } from './check.js';
import type { CheckOptions } from './types.js';

/** control[NEXT]: the next task not yet claimed */
const NEXT = 0;
/** control[STOP_AT]: no task at or past this index is claimed (the task count, or the first failed task) */
const STOP_AT = 1;
const CONTROL_BYTES = 2 * Int32Array.BYTES_PER_ELEMENT;

/** What a worker starts with (its workerData). */
export interface WorkerStart {
  tasks: readonly CheckTask[];
  opts: CheckOptions;
  /** CONTROL_BYTES of shared memory, STOP_AT set to the task count */
  control: Int32Array;
}

/** A new control block for `count` tasks. */
export function taskControl(count: number): Int32Array {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_BYTES));
  control[STOP_AT] = count;
  return control;
}

/** The index of the next task for this thread, or −1 when there is none left to claim. */
export function claimTask(control: Int32Array): number {
  const index = Atomics.add(control, NEXT, 1);
  return index < Atomics.load(control, STOP_AT) ? index : -1;
}

/** Task `index` failed: claim nothing after it (tasks before it are claimed already, the counter only rises). */
export function stopAfter(control: Int32Array, index: number): void {
  for (let bound = Atomics.load(control, STOP_AT); index + 1 < bound;) {
    const seen = Atomics.compareExchange(control, STOP_AT, bound, index + 1);
    if (seen === bound) return;
    bound = seen;
  }
}
