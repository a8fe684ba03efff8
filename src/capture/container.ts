/**
 * The outside of an apitrace `.trace` file: the compressed container around the event stream.
 * Snappy (magic `at`, then chunks of a u32 LE compressed length and a raw snappy block, each at
 * most 1 MB uncompressed as apitrace writes them), read chunk by chunk from a file or from memory.
 * A source hands the decompressed stream on in pieces and says where a stream offset lies in the
 * file, for error messages.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { TraceFormatError } from '../trace/errors.js';
import type { TraceHeader } from './model.js';
import { SnappyError, snappyDecompress, snappyMaxCompressedLength } from './snappy.js';

/** Random-access bytes: a file read with readSync, or a buffer. */
export interface ByteInput {
  readonly size: number;
  /** up to `length` bytes from `position` (fewer at the end) */
  read(position: number, length: number): Uint8Array;
  close(): void;
}

export function fileInput(path: string): ByteInput {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    read(position, length) {
      const n = Math.max(0, Math.min(length, size - position));
      const buf = new Uint8Array(n);
      let got = 0;
      while (got < n) {
        const r = readSync(fd, buf, got, n - got, position + got);
        if (r === 0) break;
        got += r;
      }
      return got === n ? buf : buf.subarray(0, got);
    },
    close() {
      closeSync(fd);
    },
  };
}

export function memoryInput(bytes: Uint8Array): ByteInput {
  return {
    size: bytes.length,
    read: (position, length) => bytes.subarray(position, Math.min(bytes.length, position + length)),
    close() {},
  };
}

/** The decompressed event stream, in pieces. */
export interface StreamSource {
  readonly compression: TraceHeader['compression'];
  /** the next piece (never empty), or null at the end of the stream */
  next(): Uint8Array | null;
  /** `byte N (chunk at file byte M)`: where stream offset N is, for messages */
  describe(streamOffset: number): string;
  /** the file offset nearest to a stream offset (TraceFormatError.offset) */
  fileOffset(streamOffset: number): number;
  readonly warnings: string[];
  close(): void;
}

/** Largest uncompressed chunk accepted: apitrace writes 1 MB; anything far above is corrupt. */
export const MAX_CHUNK = 64 << 20;

/** Snappy chunks, one at a time. */
export class SnappySource implements StreamSource {
  readonly compression = 'snappy' as const;
  readonly warnings: string[] = [];
  private at = 2;
  private streamAt = 0;
  /** the last few chunks: [stream offset, file offset] (errors are near the current read position) */
  private recent: Array<readonly [number, number]> = [];
  private done = false;

  constructor(private readonly input: ByteInput) {}

  next(): Uint8Array | null {
    while (!this.done) {
      const piece = this.chunk();
      if (piece && piece.length > 0) return piece;
    }
    return null;
  }

  private chunk(): Uint8Array | null {
    const { input } = this;
    const start = this.at;
    const left = input.size - start;
    if (left <= 0) return this.end();
    if (left < 4) {
      this.warnings.push(`apitrace trace: file byte ${start}: the file ends inside a chunk's length (${left} of 4 bytes); the trace was cut short`);
      return this.end();
    }
    const h = input.read(start, 4);
    const size = (h[0] | (h[1] << 8) | (h[2] << 16)) + h[3] * 0x1000000;
    // apitrace's writer never stores an empty chunk; its reader takes one as the end of data
    if (size === 0) {
      if (left > 4) this.warnings.push(`apitrace trace: file byte ${start}: an empty chunk ends the data; ${left - 4} bytes after it ignored`);
      return this.end();
    }
    const max = snappyMaxCompressedLength(MAX_CHUNK);
    if (size > max) {
      throw new TraceFormatError(`apitrace trace: file byte ${start}: chunk length ${size} is above the bound ${max}`, start);
    }
    const body = input.read(start + 4, size);
    const cut = body.length < size;
    this.recent.push([this.streamAt, start]);
    if (this.recent.length > 4) this.recent.shift();
    let data: Uint8Array;
    try {
      const r = snappyDecompress(body, MAX_CHUNK, cut);
      data = r.data;
    } catch (e) {
      if (e instanceof SnappyError) {
        throw new TraceFormatError(`apitrace trace: file byte ${start + 4 + e.at} (chunk at file byte ${start}): bad snappy block: ${e.message}`, start + 4 + e.at);
      }
      throw e;
    }
    if (cut) {
      this.warnings.push(`apitrace trace: file byte ${start}: the file ends inside a chunk (${body.length} of ${size} bytes); read the ${data.length} bytes that decode, the trace was cut short`);
      this.done = true;
    }
    this.at = start + 4 + size;
    this.streamAt += data.length;
    return data;
  }

  private end(): null {
    this.done = true;
    return null;
  }

  private chunkOf(streamOffset: number): number {
    for (let i = this.recent.length - 1; i >= 0; i--) if (this.recent[i][0] <= streamOffset) return this.recent[i][1];
    return this.recent.length ? this.recent[0][1] : 2;
  }

  describe(streamOffset: number): string {
    return `byte ${streamOffset} (chunk at file byte ${this.chunkOf(streamOffset)})`;
  }

  fileOffset(streamOffset: number): number {
    return this.chunkOf(streamOffset);
  }

  close(): void {
    this.input.close();
  }
}

/** Picks the container by its magic (apitrace's trace_file_read.cpp does the same). */
export function openSource(input: ByteInput): StreamSource {
  const m = input.read(0, 4);
  if (m.length >= 2 && m[0] === 0x61 && m[1] === 0x74) return new SnappySource(input);
  input.close();
  const magic = [...m].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  throw new TraceFormatError(`apitrace trace: file byte 0: not an apitrace trace (magic ${magic || 'missing'}; expected 'at' for snappy)`, 0);
}
