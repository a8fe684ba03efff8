import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { LONG } from '../helpers.js';
import { describe, expect, it } from 'vitest';
import { CHUNK_HEADER_SIZE, ChunkKind, Compression, HEADER_SIZE, MAX_CHUNK_RAW, MAX_CHUNK_STORED } from '../../src/trace/container.js';
import { crc32 } from '../../src/trace/crc32.js';
import { TraceReader } from '../../src/trace/reader.js';
import { encodeHeader, headerFromOptions } from '../../src/trace/writer.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-limits-'));

/** A 32-byte chunk header, its CRCs right, claiming what the arguments say. */
function chunkHeader(o: { compression: number; stored: Uint8Array | number; rawSize: number; calls?: number }): Uint8Array {
  const h = new Uint8Array(CHUNK_HEADER_SIZE);
  const dv = new DataView(h.buffer);
  dv.setUint32(0, 0x394b4843, true);
  h[4] = ChunkKind.Commands;
  h[5] = o.compression;
  dv.setUint32(8, typeof o.stored === 'number' ? o.stored : o.stored.length, true);
  dv.setUint32(12, o.rawSize, true);
  dv.setUint32(16, typeof o.stored === 'number' ? 0 : crc32(o.stored), true);
  dv.setUint32(24, o.calls ?? 1, true);
  dv.setUint32(28, crc32(h, 0, 28), true);
  return h;
}

function traceOf(compression: 'none' | 'deflate', head: Uint8Array, stored: Uint8Array): Uint8Array {
  return Buffer.concat([encodeHeader(headerFromOptions({ compression })), head, stored]);
}

describe('chunk sizes are bounded by the largest legal chunk', () => {
  it('a declared raw size above it is refused before anything is read or inflated, naming the byte', () => {
    const stored = deflateRawSync(Buffer.alloc(1000));
    const bytes = traceOf('deflate', chunkHeader({ compression: Compression.Deflate, stored, rawSize: MAX_CHUNK_RAW + 1 }), stored);
    expect(() => TraceReader.fromBytes(bytes)).toThrow(`trace chunk: byte ${HEADER_SIZE + 12}: raw size ${MAX_CHUNK_RAW + 1} is above the largest legal chunk (${MAX_CHUNK_RAW} bytes)`);
  });

  it('so is a stored size above it, though the file is that long (a sparse file: nothing of it is read)', () => {
    const file = join(tmp(), 'huge.r9');
    const size = MAX_CHUNK_STORED + 1;
    const fd = openSync(file, 'w');
    writeSync(fd, Buffer.concat([encodeHeader(headerFromOptions({ compression: 'none' })), chunkHeader({ compression: Compression.None, stored: size, rawSize: size })]));
    // the last byte makes the file long enough to hold the chunk; the rest is a hole
    writeSync(fd, Buffer.of(0), 0, 1, HEADER_SIZE + CHUNK_HEADER_SIZE + size - 1);
    closeSync(fd);
    const t0 = process.hrtime.bigint();
    expect(() => TraceReader.open(file)).toThrow(`trace chunk: byte ${HEADER_SIZE + 8}: stored size ${size} is above the largest legal chunk (${MAX_CHUNK_STORED} bytes)`);
    expect(Number(process.hrtime.bigint() - t0) / 1e6).toBeLessThan(500);
  });

  it('a stream that inflates to more than its header says stops at the declared size', () => {
    const stored = deflateRawSync(Buffer.alloc(100_000));
    const bytes = traceOf('deflate', chunkHeader({ compression: Compression.Deflate, stored, rawSize: 4096 }), stored);
    expect(() => TraceReader.fromBytes(bytes)).toThrow(`trace chunk: byte ${HEADER_SIZE + CHUNK_HEADER_SIZE}: inflates to more than the 4096 bytes its header says`);
  });

  // a process of its own: the long suite runs it
  it.runIf(LONG)('a 128 MiB deflate bomb costs one buffer of its declared size, not three', () => {
    const raw = 128 << 20;
    const stored = deflateRawSync(Buffer.alloc(raw), { level: 9 });
    const file = join(tmp(), 'bomb.r9');
    writeFileSync(file, traceOf('deflate', chunkHeader({ compression: Compression.Deflate, stored, rawSize: raw }), stored));
    const reader = fileURLToPath(new URL('../../src/trace/reader.ts', import.meta.url));
    const script = `const { TraceReader } = await import(${JSON.stringify(reader)});
      const before = process.resourceUsage().maxRSS;
      let message = '';
      try { TraceReader.open(${JSON.stringify(file)}); } catch (e) { message = e.message; }
      console.log(JSON.stringify({ grew: (process.resourceUsage().maxRSS - before) * 1024, message }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const { grew, message } = JSON.parse(r.stdout) as { grew: number; message: string };
    // zeros are no call: the first call's size is 0
    expect(message).toMatch(/^trace chunk: chunk payload at byte 64, inflated byte 0: call 0 \(call 0 of the chunk\): call size 0/);
    // the inflated bytes once (plus the stored megabyte and some slack); concatenating and copying them took 3×
    expect(grew).toBeLessThan(raw * 1.5);
  }, 30_000);
});
