/**
 * Writes calls into the .r9 container. Chunk boundaries follow only from the
 * calls (a chunk closes once its encoded calls reach `chunkBytes`), so the
 * same calls always give the same bytes: that is what makes binary → text →
 * binary byte-identical.
 */
import { brotliCompressSync, constants as zlibConstants, deflateRawSync } from 'node:zlib';
import { Builder } from 'flatbuffers';
import type { CallRecord } from './call.js';
import { encodeCallBuffer } from './codec.js';
import { FrameEnds } from './frames.js';
import {
  CHUNK_HEADER_SIZE, CHUNK_MAGIC, ChunkKind, Compression, COMPRESSION_MINOR, COMPRESSION_NAMES, FOOTER_ENTRY_SIZE, FOOTER_MAGIC,
  FORMAT_VERSION, HEADER_SIZE, MAGIC, MAX_CHUNK_BYTES, MAX_CHUNK_RAW, MAX_LEVEL, maxRawSize, MIN_CHUNK_BYTES, TRAILER_MAGIC,
  TRAILER_SIZE, versionBytes,
} from './container.js';
import type { ChunkInfo, CompressionName, TraceHeader, TraceProfile } from './container.js';
import { PROFILES } from './container.js';
import type { ByteSink } from './byte-io.js';
import { crc32 } from './crc32.js';
import { PACKAGE_VERSION } from '../version.js';

export interface WriterOptions {
  /** close a chunk once its batch reaches this many bytes (default 512 KiB with brotli, else 64 KiB) */
  chunkBytes?: number;
  /** default brotli */
  compression?: CompressionName;
  /** deflate level 0-9 (default 6) or brotli quality 0-11 (default 6) */
  level?: number;
  /** the driver profile the trace replays on (default dx9) */
  profile?: TraceProfile;
  /** recorded in the header; defaults to this package's version */
  writerVersion?: string;
}

/** Brotli's chunks are larger: it matches repeats across the whole chunk, and 512 KiB is where the gain levels off (bench trace.bytes_per_call). */
const DEFAULT_CHUNK_BYTES: Readonly<Record<Compression, number>> = { 0: 64 * 1024, 1: 64 * 1024, 2: 512 * 1024 };

export function headerFromOptions(o: WriterOptions): TraceHeader {
  const named = COMPRESSION_NAMES.indexOf(o.compression ?? 'brotli');
  if (named < 0) throw new RangeError(`unknown compression ${String(o.compression)} (${COMPRESSION_NAMES.join(', ')})`);
  const compression = named as Compression;
  return {
    formatVersion: FORMAT_VERSION,
    // a file is 1.1 only when it needs to be: deflate and uncompressed traces stay readable by 1.0 readers
    formatMinor: COMPRESSION_MINOR[compression],
    writerVersion: o.writerVersion ?? PACKAGE_VERSION,
    compression,
    chunkBytes: o.chunkBytes ?? DEFAULT_CHUNK_BYTES[compression],
    level: o.level ?? 6,
    profile: o.profile ?? 'dx9',
  };
}

/**
 * A chunk's stored bytes and the compression they use. A brotli stream that inflates more than the
 * reader's bound allows (a run of one byte) is stored deflated instead: the bound then holds.
 */
export function compressChunk(raw: Uint8Array, compression: Compression, level: number): { stored: Uint8Array; compression: Compression } {
  if (compression === Compression.None) return { stored: raw.slice(), compression };
  if (compression === Compression.Brotli) {
    const stored = new Uint8Array(brotliCompressSync(raw, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: level,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 22,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }));
    if (raw.length <= maxRawSize(Compression.Brotli, stored.length)) return { stored, compression };
    return { stored: new Uint8Array(deflateRawSync(raw, { level: 9 })), compression: Compression.Deflate };
  }
  return { stored: new Uint8Array(deflateRawSync(raw, { level })), compression };
}

export function encodeHeader(h: TraceHeader): Uint8Array {
  const out = new Uint8Array(HEADER_SIZE);
  const dv = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[8] = h.formatVersion;
  out[9] = h.formatMinor;
  dv.setUint16(10, HEADER_SIZE, true);
  const [maj, min, pat] = versionBytes(h.writerVersion);
  out[12] = maj; out[13] = min; out[14] = pat;
  out[15] = h.compression;
  dv.setUint32(16, h.chunkBytes, true);
  out[20] = h.level;
  out[21] = PROFILES.indexOf(h.profile);
  dv.setUint32(28, crc32(out, 0, 28), true);
  return out;
}

export class TraceWriter {
  readonly header: TraceHeader;
  private builder = new Builder(1024);
  /** the open chunk's calls, each a size-prefixed FlatBuffer */
  private chunk = new Uint8Array(4096);
  private chunkLength = 0;
  private chunkCalls = 0;
  private chunkFirstCall = 0;
  private nextCall = 0;
  private chunks: ChunkInfo[] = [];
  private frames: number[] = [];
  private readonly frameEnds = new FrameEnds();
  private closed = false;

  constructor(private readonly sink: ByteSink, options: WriterOptions = {}) {
    this.header = headerFromOptions(options);
    if (!(this.header.chunkBytes >= MIN_CHUNK_BYTES && this.header.chunkBytes <= MAX_CHUNK_BYTES)) {
      throw new RangeError(`chunkBytes ${this.header.chunkBytes} is outside ${MIN_CHUNK_BYTES}..${MAX_CHUNK_BYTES}`);
    }
    const maxLevel = MAX_LEVEL[this.header.compression];
    if (!(Number.isInteger(this.header.level) && this.header.level >= 0 && this.header.level <= maxLevel)) {
      throw new RangeError(`${COMPRESSION_NAMES[this.header.compression]} level ${this.header.level} is outside 0..${maxLevel}`);
    }
    sink.write(encodeHeader(this.header));
  }

  get callCount(): number {
    return this.nextCall;
  }
  get frameCount(): number {
    return this.frames.length;
  }

  /**
   * Appends a call; returns its call number. `endsFrame` says whether it ends a frame when the
   * caller knows better than the stream so far (a trimmed trace whose swap chain came from a
   * snapshot); otherwise the calls written decide (frames.ts).
   */
  append(call: CallRecord, endsFrame?: boolean): number {
    if (this.closed) throw new Error('TraceWriter: append after close');
    const n = this.nextCall++;
    const bytes = encodeCallBuffer(this.builder, call);
    // a chunk never holds more than the reader accepts: a huge call gets a chunk of its own
    if (bytes.length > MAX_CHUNK_RAW) throw new RangeError(`call ${n} (${call.command}) encodes to ${bytes.length} bytes, more than a chunk can hold (${MAX_CHUNK_RAW})`);
    if (this.chunkLength + bytes.length > MAX_CHUNK_RAW) this.flush();
    if (this.chunkLength + bytes.length > this.chunk.length) {
      const grown = new Uint8Array(Math.max(this.chunk.length * 2, this.chunkLength + bytes.length));
      grown.set(this.chunk.subarray(0, this.chunkLength));
      this.chunk = grown;
    }
    this.chunk.set(bytes, this.chunkLength);
    this.chunkLength += bytes.length;
    this.chunkCalls++;
    const ends = this.frameEnds.ends(call.command, call.self, call.created);
    if (endsFrame ?? ends) this.frames.push(n);
    if (this.chunkLength >= this.header.chunkBytes) this.flush();
    return n;
  }

  /** Writes an opaque chunk of another kind (device-state snapshots) at the current call. */
  appendChunk(kind: ChunkKind, payload: Uint8Array): void {
    if (payload.length > MAX_CHUNK_RAW) throw new RangeError(`a chunk of ${payload.length} bytes is larger than a chunk can hold (${MAX_CHUNK_RAW})`);
    this.flush();
    this.writeChunk(kind, payload, this.nextCall, 0);
  }

  private flush(): void {
    if (this.chunkCalls === 0) return;
    this.writeChunk(ChunkKind.Commands, this.chunk.subarray(0, this.chunkLength), this.chunkFirstCall, this.chunkCalls);
    this.chunkLength = 0;
    this.chunkCalls = 0;
    this.chunkFirstCall = this.nextCall;
  }

  private writeChunk(kind: ChunkKind, raw: Uint8Array, firstCall: number, callCount: number): void {
    const { stored, compression } = compressChunk(raw, this.header.compression, this.header.level);
    const head = new Uint8Array(CHUNK_HEADER_SIZE);
    const dv = new DataView(head.buffer);
    dv.setUint32(0, CHUNK_MAGIC, true);
    head[4] = kind;
    head[5] = compression;
    dv.setUint32(8, stored.length, true);
    dv.setUint32(12, raw.length, true);
    const crc = crc32(stored);
    dv.setUint32(16, crc, true);
    dv.setUint32(20, firstCall, true);
    dv.setUint32(24, callCount, true);
    dv.setUint32(28, crc32(head, 0, 28), true);
    const offset = this.sink.position;
    this.sink.write(head);
    this.sink.write(stored);
    this.chunks.push({
      offset, kind, compression, storedSize: stored.length, rawSize: raw.length,
      crc, firstCall, callCount,
    });
  }

  /** Flushes the open chunk and writes the footer index and trailer. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.sink.write(encodeFooter(this.sink.position, this.chunks, this.frames, this.nextCall));
    this.sink.close();
    this.closed = true;
  }
}

/** Footer and trailer for chunks ending at `footerOffset`. */
export function encodeFooter(footerOffset: number, chunks: readonly ChunkInfo[], frames: readonly number[], calls: number): Uint8Array {
  const bodyLen = 16 + chunks.length * FOOTER_ENTRY_SIZE + frames.length * 4;
  const out = new Uint8Array(bodyLen + 4 + TRAILER_SIZE);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, FOOTER_MAGIC, true);
  dv.setUint32(4, chunks.length, true);
  dv.setUint32(8, frames.length, true);
  dv.setUint32(12, calls, true);
  let at = 16;
  for (const c of chunks) {
    dv.setUint32(at, c.offset % 0x100000000, true);
    dv.setUint32(at + 4, Math.floor(c.offset / 0x100000000), true);
    dv.setUint32(at + 8, c.firstCall, true);
    dv.setUint32(at + 12, c.callCount, true);
    out[at + 16] = c.kind;
    dv.setUint32(at + 20, c.storedSize, true);
    at += FOOTER_ENTRY_SIZE;
  }
  for (const f of frames) { dv.setUint32(at, f, true); at += 4; }
  dv.setUint32(at, crc32(out, 0, at), true);
  at += 4;
  dv.setUint32(at, footerOffset % 0x100000000, true);
  dv.setUint32(at + 4, Math.floor(footerOffset / 0x100000000), true);
  dv.setUint32(at + 8, bodyLen + 4, true);
  dv.setUint32(at + 12, TRAILER_MAGIC, true);
  return out;
}
