import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/trace/call.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import {
  CHUNK_HEADER_SIZE, ChunkKind, Compression, HEADER_SIZE, MAX_BROTLI_RATIO, MAX_DEFLATE_RATIO,
} from '../../src/trace/container.js';
import { compileText, traceText } from '../../src/trace/convert.js';
import { crc32 } from '../../src/trace/crc32.js';
import { TraceReader } from '../../src/trace/reader.js';
import { encodeHeader, headerFromOptions, TraceWriter } from '../../src/trace/writer.js';
import type { WriterOptions } from '../../src/trace/writer.js';

const fixture = (name: string): Uint8Array => readFileSync(new URL(`../fixtures/r9/${name}`, import.meta.url));
const sample = (name: string): string => readFileSync(new URL(`../../traces/${name}.r9t`, import.meta.url), 'utf8');

/** The sample compiled with `options` over the default writer settings (its #@replay9 pragma names deflate). */
function compiled(name: string, options: WriterOptions): Uint8Array {
  const sink = new MemorySink();
  compileText(sample(name), `${name}.r9t`, sink, { compression: 'brotli', chunkBytes: undefined, level: undefined, ...options });
  return sink.bytes();
}

/** The calls as text lines (the text form is canonical: byte arrays compare as bytes, whatever their class). */
const calls = (bytes: Uint8Array, from = 0): string[] => {
  const r = TraceReader.fromBytes(bytes);
  return [...traceText(r)].filter((l) => !l.startsWith('#')).slice(from);
};

function written(records: readonly CallRecord[], options: WriterOptions): Uint8Array {
  const sink = new MemorySink();
  const w = new TraceWriter(sink, options);
  for (const c of records) w.append(c);
  w.close();
  return sink.bytes();
}

/** A header whose CRC is right after `edit`. */
function withHeader(bytes: Uint8Array, edit: (h: Uint8Array) => void): Uint8Array {
  const out = bytes.slice();
  edit(out);
  new DataView(out.buffer).setUint32(28, crc32(out, 0, 28), true);
  return out;
}

// files written by format 1.0 (deflate, 256-byte chunks), kept as they were written
describe('a format 1.0 trace', () => {
  for (const name of ['triangles', 'stencil-ref-mask']) {
    it(`${name}: reads as format 1.0 with the calls and frames of its text, and seeks`, () => {
      const old = fixture(`${name}-format-1.0.r9`);
      const r = TraceReader.fromBytes(old);
      expect([old[8], old[9]]).toEqual([1, 0]);
      expect(r.header).toMatchObject({ formatVersion: 1, formatMinor: 0, compression: Compression.Deflate, chunkBytes: 256, level: 6 });
      expect(r.hasFooter).toBe(true);
      expect(r.warnings).toEqual([]);
      const expected = compiled(name, { compression: 'none' });
      expect(calls(old)).toEqual(calls(expected));
      expect(r.frames).toEqual(TraceReader.fromBytes(expected).frames);
      const mid = r.chunks[r.chunks.length >> 1].firstCall + 1;
      const tail = [...r.calls(mid)];
      expect(tail[0].n).toBe(mid);
      expect(tail.length).toBe(r.callCount - mid);
    });
  }

  it('is written again byte for byte by a deflate writer (deflate files stay 1.0)', () => {
    expect(Buffer.from(compiled('stencil-ref-mask', { compression: 'deflate', chunkBytes: 256, writerVersion: '0.1.0' })))
      .toEqual(Buffer.from(fixture('stencil-ref-mask-format-1.0.r9')));
  });
});

describe('format 1.1', () => {
  it('is what the default writer makes: brotli chunks of up to 512 KiB, quality 6', () => {
    const bytes = compiled('stencil-ref-mask', {});
    expect([bytes[8], bytes[9], bytes[15], bytes[20]]).toEqual([1, 1, Compression.Brotli, 6]);
    const r = TraceReader.fromBytes(bytes);
    expect(r.header).toMatchObject({ formatVersion: 1, formatMinor: 1, compression: Compression.Brotli, chunkBytes: 512 * 1024 });
    expect(r.chunks.map((c) => bytes[c.offset + 5])).toEqual([Compression.Brotli]);
    expect(calls(bytes)).toEqual(calls(compiled('stencil-ref-mask', { compression: 'none' })));
    // a smaller file than deflate's, for the same calls in the same chunks
    expect(bytes.length).toBeLessThan(compiled('stencil-ref-mask', { compression: 'deflate', chunkBytes: 512 * 1024 }).length);
  });

  it('seeks and survives truncation chunk by chunk, as 1.0 does', () => {
    const bytes = compiled('stencil-ref-mask', { chunkBytes: 256 });
    const all = calls(bytes);
    const r = TraceReader.fromBytes(bytes);
    expect(r.chunks.length).toBeGreaterThan(4);
    const c = r.chunks[3];
    const tail = [...r.calls(c.firstCall + 2)];
    expect(tail.map((x) => x.n)).toEqual(Array.from({ length: r.callCount - c.firstCall - 2 }, (_, i) => c.firstCall + 2 + i));
    const cut = TraceReader.fromBytes(bytes.slice(0, c.offset + CHUNK_HEADER_SIZE + (c.storedSize >> 1)));
    expect(cut.hasFooter).toBe(false);
    expect(cut.warnings.length).toBeGreaterThan(0);
    expect(calls(bytes.slice(0, c.offset + CHUNK_HEADER_SIZE + (c.storedSize >> 1)))).toEqual(all.slice(0, c.firstCall));
  });

  it('keeps brotli for a chunk of repeated frames, though it compresses past deflate\'s 1032:1', () => {
    const frame = TraceReader.fromBytes(compiled('fill-grid', { compression: 'none' }));
    const records = [...frame.calls()].map((c) => c.call);
    const repeated: CallRecord[] = [];
    while (repeated.length < 20_000) repeated.push(...records);
    const bytes = written(repeated, {});
    const r = TraceReader.fromBytes(bytes);
    for (const c of r.chunks) r.readPayload(c);
    expect(r.chunks.map((c) => c.compression)).toEqual(r.chunks.map(() => Compression.Brotli));
    expect(Math.max(...r.chunks.map((c) => c.rawSize / c.storedSize))).toBeGreaterThan(MAX_DEFLATE_RATIO);
    expect(r.callCount).toBe(repeated.length);
  });

  it('stores a chunk deflated when brotli would inflate past the reader bound (a run of zeros)', () => {
    const data = new Uint8Array(16 << 20);
    const records: CallRecord[] = [
      { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
      { command: 'VertexBufferUnlock', self: 3, result: 0, created: 0, args: { data } },
    ];
    const bytes = written(records, {});
    const r = TraceReader.fromBytes(bytes);
    const chunk = r.chunks[0];
    // the premise: brotli alone would break the bound the reader enforces
    const raw = r.readPayload(chunk);
    const brotli = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_LGWIN]: 22, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    expect(brotli.length * MAX_BROTLI_RATIO + 64).toBeLessThan(raw.length);
    expect(bytes[chunk.offset + 5]).toBe(Compression.Deflate);
    expect(chunk.compression).toBe(Compression.Deflate);
    expect(r.header.compression).toBe(Compression.Brotli);
    const back = [...r.calls()].map((x) => x.call);
    expect(back[1].args.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back[1].args.data as Uint8Array).equals(Buffer.from(data))).toBe(true);
  });

  it('a brotli stream that inflates to more than its header says stops at the declared size', () => {
    const stored = brotliCompressSync(Buffer.alloc(100_000, 7));
    const head = new Uint8Array(CHUNK_HEADER_SIZE);
    const dv = new DataView(head.buffer);
    dv.setUint32(0, 0x394b4843, true);
    head[4] = ChunkKind.Commands;
    head[5] = Compression.Brotli;
    dv.setUint32(8, stored.length, true);
    dv.setUint32(12, 4096, true);
    dv.setUint32(16, crc32(stored), true);
    dv.setUint32(24, 1, true);
    dv.setUint32(28, crc32(head, 0, 28), true);
    const bytes = Buffer.concat([encodeHeader(headerFromOptions({})), head, stored]);
    expect(() => TraceReader.fromBytes(bytes)).toThrow(`trace chunk: byte ${HEADER_SIZE + CHUNK_HEADER_SIZE}: inflates to more than the 4096 bytes its header says`);
    // and one claiming more than the ratio bound allows is refused before anything is inflated
    dv.setUint32(12, stored.length * MAX_BROTLI_RATIO + 65, true);
    dv.setUint32(28, crc32(head, 0, 28), true);
    const over = Buffer.concat([encodeHeader(headerFromOptions({})), head, stored]);
    expect(() => TraceReader.fromBytes(over)).toThrow(`trace chunk: byte ${HEADER_SIZE + 12}: raw size ${stored.length * MAX_BROTLI_RATIO + 65} is impossible`);
  });

  it('a damaged brotli stream is a TraceFormatError naming the payload byte', () => {
    const good = deflateRawSync(Buffer.from('not brotli at all, a deflate stream'));
    const bytes = compiled('triangles', {});
    const r = TraceReader.fromBytes(bytes);
    const c = r.chunks[0];
    const out = bytes.slice();
    const at = c.offset + CHUNK_HEADER_SIZE;
    out.set(good.subarray(0, Math.min(good.length, c.storedSize)), at);
    const dv = new DataView(out.buffer);
    dv.setUint32(c.offset + 16, crc32(out, at, at + c.storedSize), true);
    dv.setUint32(c.offset + 28, crc32(out, c.offset, c.offset + 28), true);
    expect(() => [...TraceReader.fromBytes(out).calls()]).toThrow(new RegExp(`^trace chunk: byte ${at}: brotli stream is corrupt`));
  });
});

describe('the header version', () => {
  const v11 = compiled('triangles', {});
  it('a newer minor version is refused, naming byte 9', () => {
    expect(() => TraceReader.fromBytes(withHeader(v11, (h) => { h[9] = 2; }))).toThrow('trace header: byte 9: format version 1.2, this replay9 reads versions up to 1.1');
  });
  it('another major version is refused, naming byte 8', () => {
    expect(() => TraceReader.fromBytes(withHeader(v11, (h) => { h[8] = 2; h[9] = 0; }))).toThrow('trace header: byte 8: format version 2.0');
  });
  it('a 1.0 header cannot say brotli, nor a 1.0 chunk', () => {
    expect(() => TraceReader.fromBytes(withHeader(v11, (h) => { h[9] = 0; }))).toThrow('trace header: byte 15: unknown compression 2 for format 1.0');
    const v10 = withHeader(v11, (h) => { h[9] = 0; h[15] = Compression.Deflate; });
    expect(() => [...TraceReader.fromBytes(v10).calls()]).toThrow(`trace chunk: byte ${HEADER_SIZE + 5}: unknown compression 2`);
  });
  it('a brotli quality above 11 is refused, naming byte 20', () => {
    expect(() => TraceReader.fromBytes(withHeader(v11, (h) => { h[20] = 12; }))).toThrow('trace header: byte 20: compression level 12 is outside 0..11');
    expect(TraceReader.fromBytes(withHeader(v11, (h) => { h[20] = 11; })).header.level).toBe(11);
  });
});
