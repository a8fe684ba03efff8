/**
 * Frames written as PNG off the replay thread: the surface's bytes are copied (a memcpy) and
 * handed to worker threads, which convert, encode and write; the replay goes on at once. At most
 * `maxInFlight` frames wait at a time (the replay waits for a worker beyond that), so memory stays
 * bounded whatever the trace. The files are the same bytes as writing them in place would give.
 */
import { availableParallelism } from 'node:os';
import { blockRows } from '../formats/index.js';
import type { Worker } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';
import { surfaceImage } from './image.js';
import { writePng } from './png-write.js';
import { startWorker } from './worker-start.js';
import type { StoredSurface } from './store.js';

export interface PngWorkerStart {
  /** a SharedArrayBuffer of one Int32: frames finished by every worker */
  counter: SharedArrayBuffer;
}

export interface PngJob {
  file: string;
  /** D3DFORMAT number */
  format: number;
  width: number;
  height: number;
  pitch: number;
  data: ArrayBuffer;
}

export type PngWorkerMessage = { errors: string[] };

const WORKER_URL = new URL('./png-worker.js', import.meta.url);
/** seconds without a finished frame, while the queue is full, after which `write` gives up */
const STALL_SECONDS = 120;

export class PngPool {
  private readonly workers: Worker[] = [];
  private readonly done: Int32Array;
  private readonly counter = new SharedArrayBuffer(4);
  private sent = 0;
  private closed = false;
  /** frames written on this thread (the first one: a worker costs more to start than one frame) */
  private inline = 0;
  private readonly errors: string[] = [];

  /**
   * `threads`: workers (default: one per core beyond the replay's own, at least one);
   * `maxInFlight`: frames queued or being written before `write` waits (default 2 a worker).
   */
  constructor(private readonly threads = Math.max(1, availableParallelism() - 1), private readonly maxInFlight = 2 * threads, private readonly firstInline = true) {
    this.done = new Int32Array(this.counter);
  }

  /**
   * Queues the first sample of `s` as a PNG at `file` (its bytes are copied now: the caller may go on
   * writing `s`). The first frame is written here and now; the workers start with the second.
   */
  write(file: string, s: StoredSurface): void {
    if (this.closed) throw new Error('PngPool: write after close');
    if (this.firstInline && this.inline === 0) {
      this.inline++;
      try {
        writeFileSync(file, writePng(surfaceImage(s)));
      } catch (e) {
        this.errors.push(`${file}: ${(e as Error).message}`);
      }
      return;
    }
    while (this.workers.length < this.threads) this.workers.push(startWorker(WORKER_URL, { counter: this.counter } satisfies PngWorkerStart));
    let waited = 0;
    while (this.sent - Atomics.load(this.done, 0) >= this.maxInFlight) {
      const seen = Atomics.load(this.done, 0);
      if (Atomics.wait(this.done, 0, seen, 1000) === 'timed-out' && Atomics.load(this.done, 0) === seen) {
        // a worker that died cannot say so while this thread waits: give up rather than hang
        if (++waited >= STALL_SECONDS) throw new Error(`PngPool: no frame written for ${STALL_SECONDS} s (a PNG worker stopped?)`);
      } else waited = 0;
    }
    const bytes = s.data.slice(0, s.pitch * blockRows(s.format, s.height));
    const job: PngJob = { file, format: s.format.id, width: s.width, height: s.height, pitch: s.pitch, data: bytes.buffer };
    // round robin: every worker gets every n-th frame, so the load is even and the order fixed
    this.workers[this.sent % this.workers.length].postMessage(job, [bytes.buffer]);
    this.sent++;
  }

  /** Waits until every queued frame is written and stops the workers; throws naming the files that failed. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const errors = this.errors;
    await Promise.all(this.workers.map((w) => new Promise<void>((resolve, reject) => {
      w.once('message', (m: PngWorkerMessage) => { errors.push(...m.errors); });
      w.once('error', reject);
      w.once('exit', () => resolve());
      w.postMessage('close');
    })));
    if (errors.length) throw new Error(`writing frames failed: ${errors.join('; ')}`);
  }
}
