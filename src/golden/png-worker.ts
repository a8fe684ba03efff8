/**
 * Worker-thread entry of PngPool (png-pool.ts): converts a copied surface to RGBA8, encodes its
 * PNG and writes the file, then counts the frame done in the shared counter.
 */
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { formatInfo, surfaceToRGBA8 } from '../formats/index.js';
import { writePng } from './png-write.js';
import type { PngJob, PngWorkerMessage, PngWorkerStart } from './png-pool.js';

const { counter } = workerData as PngWorkerStart;
const done = new Int32Array(counter);
const errors: string[] = [];

parentPort!.on('message', (m: PngJob | 'close') => {
  if (m === 'close') {
    parentPort!.postMessage({ errors } satisfies PngWorkerMessage);
    parentPort!.close();
    return;
  }
  try {
    const f = formatInfo(m.format);
    if (!f) throw new Error(`unknown format ${m.format}`);
    const data = new Uint8Array(m.data);
    writeFileSync(m.file, writePng({ width: m.width, height: m.height, data: surfaceToRGBA8(f, data, m.pitch, m.width, m.height) }));
  } catch (e) {
    errors.push(`${m.file}: ${(e as Error).message}`);
  } finally {
    Atomics.add(done, 0, 1);
    Atomics.notify(done, 0);
  }
});
