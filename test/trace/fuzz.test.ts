import { describe, expect, it } from 'vitest';
import { CHUNK_HEADER_SIZE, ChunkKind, HEADER_SIZE, TRAILER_SIZE } from '../../src/trace/container.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { TraceReader } from '../../src/trace/reader.js';
import type { CallRecord } from '../../src/trace/call.js';
import { buildCorpus } from '../../tools/fuzz-corpus.js';
import { fuzz } from '../../tools/fuzz-lib.js';
import { MUTATIONS } from '../../tools/fuzz-mutate.js';
import { signedVtableLength, signedFieldOffset } from '../../tools/fuzz-repro.js';
import { scale } from '../helpers.js';

const MUTANTS = scale(3000, 500);

/** Per-file bound (DESIGN.md §3: never a hang). */
const LIMIT_MS = 2000;
const SEED = 20261129;

type Read = { calls: CallRecord[]; warnings: string[] } | { error: unknown };

function readAll(bytes: Uint8Array): Read {
  try {
    const r = TraceReader.fromBytes(bytes);
    return { calls: [...r.calls()].map((x) => x.call), warnings: r.warnings };
  } catch (error) {
    return { error };
  }
}

describe('a damaged trace', () => {
  it(`is read or refused with TraceFormatError, within the time bound, for ${MUTANTS} mutants`, () => {
    const s = fuzz({ seed: SEED, count: MUTANTS, limitMs: LIMIT_MS });
    const report = s.failures.slice(0, 5).map((f) =>
      `#${f.index} [${f.base}] ${f.mutation}: ${f.detail}: ${f.outcome}: ${f.error?.message} (npm run fuzz -- --seed ${SEED} --only ${f.index} --small)`);
    expect(report).toEqual([]);
    expect(s.count).toBe(MUTANTS);
    expect(s.slowestMs).toBeLessThan(LIMIT_MS);
    // the run did reach both sides and every kind of damage
    expect(s.outcomes.ok).toBeGreaterThan(MUTANTS / 30);
    expect(s.outcomes.format).toBeGreaterThan(MUTANTS / 3);
    expect(Object.keys(s.byMutation).sort()).toEqual(Object.keys(MUTATIONS).sort());
  }, 60_000);

  it('cut anywhere reads exactly the chunks complete before the cut, with a warning, or is refused inside the header', () => {
    let cuts = 0;
    for (const base of buildCorpus(SEED)) {
      const full = TraceReader.fromBytes(base.bytes);
      const size = base.bytes.length;
      const places = new Set<number>([0, 1, HEADER_SIZE - 1, HEADER_SIZE, full.dataEnd, full.dataEnd + 1, size - TRAILER_SIZE, size - 1]);
      for (const c of full.chunks) {
        const end = c.offset + CHUNK_HEADER_SIZE + c.storedSize;
        for (const at of [c.offset, c.offset + 1, c.offset + 4, c.offset + CHUNK_HEADER_SIZE - 1, c.offset + CHUNK_HEADER_SIZE, c.offset + CHUNK_HEADER_SIZE + (c.storedSize >> 1), end - 1]) places.add(at);
      }
      for (const cut of [...places].filter((p) => p >= 0 && p < size)) {
        cuts++;
        const got = readAll(base.bytes.slice(0, cut));
        const where = `${base.label} cut at ${cut} of ${size}`;
        if (cut < HEADER_SIZE) {
          expect('error' in got && got.error instanceof TraceFormatError, where).toBe(true);
          continue;
        }
        if ('error' in got) throw new Error(`${where}: ${String(got.error)}`);
        // the calls of the command chunks that end at or before the cut: a prefix of the original's
        const complete = full.chunks
          .filter((c) => c.kind === ChunkKind.Commands && c.offset + CHUNK_HEADER_SIZE + c.storedSize <= cut)
          .reduce((n, c) => n + c.callCount, 0);
        expect(got.calls.length, where).toBe(complete);
        expect(got.calls, where).toEqual(base.calls.slice(0, complete));
        expect(got.warnings.length, where).toBeGreaterThan(0);
      }
    }
    expect(cuts).toBeGreaterThan(300);
  });

  // The FlatBuffers runtime reads vtable and object lengths and field offsets as signed 16-bit: the verifier
  // refuses 0x8000 and up, which the runtime would read as negative (found by the fuzzer).
  it('a vtable length of 0x8000 in a batch past 32 KiB is refused', () => {
    const r = signedVtableLength();
    const got = readAll(r.bytes);
    expect('error' in got && got.error).toBeInstanceOf(TraceFormatError);
  });

  it('a field offset of 0x8000 (which the runtime would follow to a 2^31-element list) is refused', () => {
    const got = readAll(signedFieldOffset().bytes);
    expect('error' in got && got.error).toBeInstanceOf(TraceFormatError);
  });
});
