/**
 * Writing apitrace's format: our snappy blocks decode to their input, and every capture read
 * and written again is the same trace to our reader and, when its binary is here, to apitrace's
 * own `dump` (which decodes our snappy with Google's library).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDump } from '../../src/capture/dump-format.js';
import type { FunctionSig, TraceCall } from '../../src/capture/model.js';
import { apitraceFromBytes, openApitrace } from '../../src/capture/parser.js';
import { snappyCompress, snappyDecompress, snappyMaxCompressedLength } from '../../src/capture/snappy.js';
import { ApitraceWriter, CHUNK_SIZE, MemorySink } from '../../src/capture/writer.js';
import { apitraceDump, HAVE_APITRACE, TRACES } from './apitrace-fixtures.js';

const TMP = mkdtempSync(join(tmpdir(), 'replay9-apitrace-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** xorshift32: seeded test data */
function bytes(seed: number, n: number, alphabet = 256): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = (x >>> 0) % alphabet;
  }
  return out;
}

function rewrite(calls: Iterable<TraceCall>, header = apitraceFromBytes(emptyTrace()).header): Uint8Array {
  const sink = new MemorySink();
  const w = new ApitraceWriter(sink, header);
  for (const c of calls) w.call(c);
  w.close();
  return sink.bytes();
}

function emptyTrace(): Uint8Array {
  const sink = new MemorySink();
  new ApitraceWriter(sink, { properties: [['process.name', 'x.exe']] }).close();
  return sink.bytes();
}

describe('snappy blocks we write', () => {
  const inputs: Array<[string, Uint8Array]> = [
    ['empty', new Uint8Array(0)],
    ['one byte', Uint8Array.of(7)],
    ['random', bytes(1, 5000)],
    ['four letters', bytes(2, 200_000, 4)],
    ['zeros across 64 KB fragments', new Uint8Array(300_000)],
    ['a 1 MB chunk of a repeating 13-byte pattern', Uint8Array.from({ length: CHUNK_SIZE }, (_, i) => (i % 13) * 19)],
  ];
  for (const [name, input] of inputs) {
    it(`${name}: decodes to the input, within snappy's bound`, () => {
      const block = snappyCompress(input);
      expect(block.length).toBeLessThanOrEqual(snappyMaxCompressedLength(input.length));
      const back = snappyDecompress(block, input.length).data;
      expect(back.length).toBe(input.length);
      expect(Buffer.from(back).equals(input)).toBe(true);
    });
  }
  it('repetitive data shrinks', () => {
    expect(snappyCompress(new Uint8Array(300_000)).length).toBeLessThan(300_000 / 20);
    expect(snappyCompress(bytes(2, 200_000, 4)).length).toBeLessThan(200_000 * 0.6);
  });
});

describe('a capture read and written again', () => {
  for (const path of TRACES) {
    const name = basename(path, '.trace');
    it(`${name}: our reader gets back the same header and calls`, () => {
      const f = openApitrace(path);
      const calls = [...f.calls()];
      const again = apitraceFromBytes(rewrite(calls, f.header));
      expect(again.header).toEqual(f.header);
      expect([...again.calls()]).toEqual(calls);
      expect(again.warnings).toEqual([]);
    });
    it.skipIf(!HAVE_APITRACE)(`${name}: apitrace dump --verbose prints the same text`, () => {
      const f = openApitrace(path);
      const out = join(TMP, `${name}.trace`);
      const w = new ApitraceWriter(out, f.header);
      for (const c of f.calls()) w.call(c);
      w.close();
      expect(apitraceDump(out, true)).toBe(apitraceDump(path, true));
    });
  }
});

describe('the writer', () => {
  const sig: FunctionSig = { id: 3, name: 'IDirect3DDevice9::Upload', argNames: ['this', 'pData'] };
  const big = (no: number, n: number): TraceCall => ({
    no, thread: 0, sig, args: [{ kind: 'pointer', address: 0x1000 }, { kind: 'blob', bytes: bytes(no + 5, n) }], ret: 0, flags: 0, incomplete: false, offset: 0,
  });

  it('cuts the stream into chunks of 1 MB, a large blob across several', () => {
    const calls = [big(0, 2_500_000), big(1, 10), big(2, 700_000)];
    const file = rewrite(calls);
    const sizes: number[] = [];
    for (let at = 2; at < file.length; ) {
      const n = file[at] | (file[at + 1] << 8) | (file[at + 2] << 16) | (file[at + 3] << 24);
      sizes.push(snappyDecompress(file.subarray(at + 4, at + 4 + n), CHUNK_SIZE).data.length);
      at += 4 + n;
    }
    expect(sizes.slice(0, -1).every((s) => s === CHUNK_SIZE)).toBe(true);
    expect(sizes.length).toBe(4);
    const back = [...apitraceFromBytes(file).calls()];
    expect(back.map((c) => (c.args[1] as { bytes: Uint8Array }).bytes.length)).toEqual([2_500_000, 10, 700_000]);
    // Buffer.equals: a deep toEqual over megabytes is far slower than the code under test
    const blob = (c: TraceCall): Buffer => Buffer.from((c.args[1] as { bytes: Uint8Array }).bytes);
    expect(blob(back[0]).equals(blob(calls[0]))).toBe(true);
    expect(blob(back[2]).equals(blob(calls[2]))).toBe(true);
    if (HAVE_APITRACE) {
      const out = join(TMP, 'big.trace');
      writeFileSync(out, file);
      expect(apitraceDump(out)).toMatch(/^2 IDirect3DDevice9::Upload\(this = 0x1000, pData = blob\(700000\)\) = 0$/m);
    }
  });

  it('gives a signature its own id, or a free one when another signature took it', () => {
    const other: FunctionSig = { id: 3, name: 'Other', argNames: [] };
    const calls: TraceCall[] = [big(0, 4), { ...big(1, 0), sig: other, args: [] }, big(2, 1)];
    const back = [...apitraceFromBytes(rewrite(calls)).calls()];
    expect(back.map((c) => [c.sig.name, c.sig.id])).toEqual([['IDirect3DDevice9::Upload', 3], ['Other', 0], ['IDirect3DDevice9::Upload', 3]]);
    expect(back[2].sig).toBe(back[0].sig);
  });

  it('writes an incomplete call without its leave event, read back as incomplete', () => {
    const calls: TraceCall[] = [big(0, 1), { ...big(1, 1), ret: undefined, incomplete: true }];
    const f = apitraceFromBytes(rewrite(calls));
    expect([...f.calls()].map((c) => [c.no, c.incomplete])).toEqual([[0, false], [1, true]]);
    expect(formatDump(f.header, f.calls())).toMatch(/^1 IDirect3DDevice9::Upload\(this = 0x1000, pData = blob\(1\)\) \/\/ incomplete$/m);
  });

  it('keeps integers of every size and sign, and refuses a fraction given as an integer', () => {
    const ints = [0, -0, 1, -1, 2 ** 53 - 1, -(2 ** 40), 2n ** 64n - 1n, -(2n ** 60n)];
    const c: TraceCall = { ...big(0, 0), sig: { id: 0, name: 'f', argNames: ints.map((_, i) => `a${i}`) }, args: ints };
    const [back] = [...apitraceFromBytes(rewrite([c])).calls()];
    expect(back.args).toEqual(ints);
    expect(Object.is(back.args[1], -0)).toBe(true);
    expect(() => rewrite([{ ...c, args: [1.5] }])).toThrow(/1.5 is not an integer/);
  });
});
