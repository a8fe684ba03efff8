import { describe, expect, it } from 'vitest';
import { TraceFormatError } from '../../src/trace/errors.js';
import { CHUNK_HEADER_SIZE, HEADER_SIZE } from '../../src/trace/container.js';
import { MemorySink, MemorySource } from '../../src/trace/byte-io.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import type { CallRecord } from '../../src/trace/call.js';

/** A trace of `frames` frames of `per` Clear calls then a Present, in small chunks. */
function sample(frames: number, per: number, opts: { compression?: 'none' | 'deflate'; chunkBytes?: number } = {}): { bytes: Uint8Array; calls: CallRecord[] } {
  const calls: CallRecord[] = [
    { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
  ];
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < per; i++) calls.push({ command: 'Clear', self: 2, result: 0, created: 0, args: { Count: 0, pRects: null, Flags: 1, Color: (f * 1000 + i) >>> 0, Z: 1, Stencil: 0 } });
    calls.push({ command: 'Present', self: 2, result: 0, created: 0, args: { pSourceRect: null, pDestRect: null, hDestWindowOverride: 0, pDirtyRegion: 0 } });
  }
  const sink = new MemorySink();
  const w = new TraceWriter(sink, { chunkBytes: opts.chunkBytes ?? 256, compression: opts.compression });
  for (const c of calls) w.append(c);
  w.close();
  return { bytes: sink.bytes(), calls };
}

describe('the .r9 container', () => {
  it('indexes chunks and frames in the footer, and seeks through it', () => {
    const { bytes, calls } = sample(20, 9);
    const r = TraceReader.fromBytes(bytes);
    expect(r.hasFooter).toBe(true);
    expect(r.warnings).toEqual([]);
    expect(r.callCount).toBe(calls.length);
    expect(r.frames).toEqual(calls.flatMap((c, i) => (c.command === 'Present' ? [i] : [])));
    expect(r.chunks.length).toBeGreaterThan(5);
    // every call is in the chunk the index names for it
    for (let n = 0; n < calls.length; n += 7) {
      const c = r.chunks[r.chunkIndexForCall(n)];
      expect(n).toBeGreaterThanOrEqual(c.firstCall);
      expect(n).toBeLessThan(c.firstCall + c.callCount);
    }
    // reading from call N decodes the same calls as reading everything
    const from = 123;
    const tail = [...r.calls(from)].map((x) => x.call);
    expect(tail).toEqual(calls.slice(from).map((c) => ({ ...c, args: { ...c.args } })));
  });

  it('seeks to a call or a frame without reading the chunks before it', () => {
    const { bytes, calls } = sample(30, 9);
    const reads: number[] = [];
    const src = new MemorySource(bytes);
    const counting = { get size() { return src.size; }, read: (o: number, l: number) => { reads.push(o); return src.read(o, l); }, close: () => undefined };
    const r = new TraceReader(counting, 'counted');
    const frame = r.frameRange(20)!;
    expect(frame).toEqual({ first: r.frames[19] + 1, last: r.frames[20] });
    reads.length = 0;
    const got = [...r.calls(frame.first, frame.last + 1)].map((x) => x.n);
    expect(got).toEqual(Array.from({ length: frame.last - frame.first + 1 }, (_, i) => frame.first + i));
    expect(calls[got[got.length - 1]].command).toBe('Present');
    // only the chunks holding that frame were touched
    const first = r.chunks[r.chunkIndexForCall(frame.first)].offset;
    expect(Math.min(...reads)).toBe(first);
    expect(r.frameRange(30)).toBeUndefined();
  });

  it('reads the same calls with and without compression', () => {
    const a = sample(5, 30, { compression: 'none' });
    const b = sample(5, 30, { compression: 'deflate' });
    expect(b.bytes.length).toBeLessThan(a.bytes.length);
    expect([...TraceReader.fromBytes(a.bytes).calls()]).toEqual([...TraceReader.fromBytes(b.bytes).calls()]);
  });

  it('reads a file without a footer up to its last complete chunk, with a warning', () => {
    const { bytes, calls } = sample(10, 9);
    const full = TraceReader.fromBytes(bytes);
    const second = full.chunks[2];
    // cut in the middle of the third chunk's payload
    const cut = bytes.slice(0, second.offset + CHUNK_HEADER_SIZE + 5);
    const r = TraceReader.fromBytes(cut);
    expect(r.hasFooter).toBe(false);
    expect(r.chunks.length).toBe(2);
    expect(r.callCount).toBe(full.chunks[0].callCount + full.chunks[1].callCount);
    expect(r.warnings.join('\n')).toMatch(/no footer index/);
    expect(r.warnings.join('\n')).toMatch(new RegExp(`inside the chunk at byte ${second.offset}`));
    expect([...r.calls()].map((x) => x.call.args.Color)).toEqual(calls.slice(0, r.callCount).map((c) => c.args.Color));
  });

  it('names the byte offset of a corrupt chunk', () => {
    const { bytes } = sample(4, 9, { compression: 'none' });
    const r0 = TraceReader.fromBytes(bytes);
    const c = r0.chunks[1];
    const bad = bytes.slice();
    bad[c.offset + CHUNK_HEADER_SIZE + 10] ^= 0x40;
    const r = TraceReader.fromBytes(bad);
    let err: unknown;
    try {
      for (const _ of r.calls()) void _;
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TraceFormatError);
    expect((err as Error).message).toContain(`byte ${c.offset + CHUNK_HEADER_SIZE}`);
    expect((err as Error).message).toMatch(/CRC mismatch/);
  });

  it('refuses what is not a trace, naming what was expected', () => {
    expect(() => TraceReader.fromBytes(new TextEncoder().encode('d3d = Direct3DCreate9(32)\n'))).toThrow(/byte 0: expected a 32-byte header|bad magic/);
    const { bytes } = sample(1, 1);
    const wrongVersion = bytes.slice();
    wrongVersion[8] = 9;
    expect(() => TraceReader.fromBytes(wrongVersion)).toThrow(TraceFormatError);
    expect(HEADER_SIZE).toBe(32);
  });

  it('keeps memory flat: a chunk is only as large as its target', () => {
    const { bytes } = sample(200, 50, { chunkBytes: 4096 });
    const r = TraceReader.fromBytes(bytes);
    let maxRaw = 0;
    for (const b of r.batches()) maxRaw = Math.max(maxRaw, b.bb.bytes().length);
    // a chunk closes once its calls pass the target: it overshoots by one call and its offset table (4 B a call)
    expect(maxRaw).toBeLessThan(4096 * 1.25);
  });
});
