/**
 * Hostile and damaged apitrace files: a capture cut at any byte reads the calls complete before
 * the cut with a warning (or is refused inside its header), and seeded mutations of every capture,
 * of the file and of its decompressed event stream, give a read or a TraceFormatError, never
 * another exception or a hang. `npm test` samples; REPLAY9_LONG=1 runs every cut and more mutants.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceCall } from '../../src/capture/model.js';
import { apitraceFromBytes } from '../../src/capture/parser.js';
import { snappyCompress, snappyDecompress } from '../../src/capture/snappy.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { prng as rng, scale, spread } from '../helpers.js';
import { FIXTURES, TRACES } from './apitrace-fixtures.js';

const SEED = 20261201;
const LIMIT_MS = 2000;

type Outcome = { calls: TraceCall[]; warnings: string[] } | { error: unknown };

function read(bytes: Uint8Array): Outcome {
  try {
    const f = apitraceFromBytes(bytes);
    return { calls: [...f.calls()], warnings: f.warnings };
  } catch (error) {
    return { error };
  }
}

/** the event stream of a single- or multi-chunk snappy file */
function stream(file: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let at = 2; at < file.length; ) {
    const n = file[at] | (file[at + 1] << 8) | (file[at + 2] << 16) | (file[at + 3] << 24);
    parts.push(snappyDecompress(file.subarray(at + 4, at + 4 + n), 1 << 26).data);
    at += 4 + n;
  }
  return Buffer.concat(parts);
}

function snappyFileOf(s: Uint8Array): Uint8Array {
  const block = snappyCompress(s);
  const out = new Uint8Array(6 + block.length);
  out.set([0x61, 0x74]);
  new DataView(out.buffer).setUint32(2, block.length, true);
  out.set(block, 6);
  return out;
}

/** Small edits: flip bits, set bytes to edge values, insert, delete, duplicate a run. */
function mutate(b: Uint8Array, r: () => number, from: number): { bytes: Uint8Array; what: string } {
  const at = from + Math.floor(r() * (b.length - from));
  const pick = Math.floor(r() * 5);
  const out = Array.from(b);
  switch (pick) {
    case 0:
      out[at] ^= 1 << Math.floor(r() * 8);
      return { bytes: Uint8Array.from(out), what: `flip a bit at ${at}` };
    case 1: {
      const v = [0x00, 0x7f, 0x80, 0xff][Math.floor(r() * 4)];
      out[at] = v;
      return { bytes: Uint8Array.from(out), what: `set byte ${at} to ${v}` };
    }
    case 2:
      out.splice(at, 0, ...Array.from({ length: 1 + Math.floor(r() * 8) }, () => Math.floor(r() * 256)));
      return { bytes: Uint8Array.from(out), what: `insert at ${at}` };
    case 3:
      out.splice(at, 1 + Math.floor(r() * 8));
      return { bytes: Uint8Array.from(out), what: `delete at ${at}` };
    default: {
      const n = 1 + Math.floor(r() * 32);
      out.splice(at, 0, ...out.slice(at, at + n));
      return { bytes: Uint8Array.from(out), what: `repeat ${n} bytes at ${at}` };
    }
  }
}

function check(o: Outcome, where: string): 'ok' | 'format' {
  if ('error' in o) {
    if (!(o.error instanceof TraceFormatError)) throw new Error(`${where}: ${String(o.error)}\n${(o.error as Error).stack}`);
    expect((o.error as Error).message, where).toMatch(/^apitrace trace: /);
    return 'format';
  }
  return 'ok';
}

describe('a capture cut short', () => {
  const file = readFileSync(join(FIXTURES, 'apitrace', 'tri.trace'));
  const whole = read(file) as { calls: TraceCall[] };
  const cuts = spread(Array.from({ length: file.length }, (_, i) => i), scale(file.length, 100));
  it(`tri.trace cut at ${cuts.length} places: the calls complete before the cut, the one cut flagged incomplete, a warning`, () => {
    let partial = 0;
    for (const cut of cuts) {
      const where = `cut at ${cut} of ${file.length}`;
      const o = read(file.subarray(0, cut));
      if ('error' in o) {
        expect(o.error, where).toBeInstanceOf(TraceFormatError);
        // refused only where no call can be read: inside the magic, the chunk length or the header
        expect((o.error as Error).message, where).toMatch(/the file is empty|not an apitrace trace|ends inside the header/);
        continue;
      }
      partial++;
      expect(o.warnings.join('\n'), where).toMatch(/cut short/);
      const complete = o.calls.filter((c) => !c.incomplete);
      expect(complete, where).toEqual(whole.calls.slice(0, complete.length));
      for (const c of o.calls.filter((x) => x.incomplete)) expect(c.sig.name, where).toBe(whole.calls[c.no].sig.name);
    }
    expect(partial).toBeGreaterThan(cuts.length / 2);
  }, 120_000);
});

describe('mutated captures', () => {
  const count = scale(4000, 150);
  it(`${count} file-level and ${count} stream-level mutants of the captures: read, or refused with TraceFormatError, each within ${LIMIT_MS} ms`, () => {
    const r = rng(SEED);
    const bases = TRACES.map((p) => readFileSync(p));
    const streams = bases.map(stream);
    const outcomes = { ok: 0, format: 0 };
    let slowest = 0;
    for (let i = 0; i < count * 2; i++) {
      const k = i % bases.length;
      const onStream = i >= count;
      const m = onStream ? mutate(streams[k], r, 0) : mutate(bases[k], r, 2);
      const bytes = onStream ? snappyFileOf(m.bytes) : m.bytes;
      const t = performance.now();
      const o = read(bytes);
      slowest = Math.max(slowest, performance.now() - t);
      outcomes[check(o, `#${i} ${TRACES[k].split('/').pop()} ${onStream ? 'stream' : 'file'}: ${m.what}`)]++;
    }
    expect(slowest).toBeLessThan(LIMIT_MS);
    // both sides were reached
    expect(outcomes.ok).toBeGreaterThan(count / 20);
    expect(outcomes.format).toBeGreaterThan(count / 5);
  }, 300_000);

  it('a stream claiming huge counts and lengths at every place is refused or read without a large allocation', () => {
    const s = stream(readFileSync(TRACES[0]));
    const huge = [0xff, 0xff, 0xff, 0xff, 0x0f]; // 2^32 − 1
    const r = rng(SEED + 1);
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < scale(2000, 200); i++) {
      const at = Math.floor(r() * s.length);
      const out = Buffer.concat([s.subarray(0, at), Buffer.from(huge), s.subarray(at)]);
      check(read(snappyFileOf(out)), `huge integer at ${at}`);
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(256 << 20);
  }, 120_000);
});
