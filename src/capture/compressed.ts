/**
 * The other containers apitrace reads: gzip (its old format: the whole file one gzip stream),
 * brotli (no magic: what is neither snappy, gzip nor zstd) and zstd (plain or seekable frames).
 *
 * zstd is streamed: the file is read 1 MB at a time and fed to fzstd in small pieces, so one
 * piece cannot expand past a few tens of MB. Node's zlib has no synchronous streaming API, so a
 * gzip or brotli file is read whole (at most MAX_COMPRESSED bytes) and inflated at once with an
 * output bound (MAX_INFLATED); the parser above still reads the result piece by piece.
 */
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Decompress } from 'fzstd';
import { TraceFormatError } from '../trace/errors.js';
import type { ByteInput, StreamSource } from './container.js';

export const MAX_COMPRESSED = 256 << 20;
export const MAX_INFLATED = 1024 << 20;
/** the largest zstd window accepted (apitrace's writer uses a few MB) */
export const MAX_ZSTD_WINDOW = 128 << 20;
const PIECE = 1 << 20;

/** gzip or brotli, inflated at once within the bounds above. */
export class InflatedSource implements StreamSource {
  readonly warnings: string[] = [];
  private data: Uint8Array;
  private at = 0;

  constructor(
    private readonly input: ByteInput,
    readonly compression: 'gzip' | 'brotli',
  ) {
    if (input.size > MAX_COMPRESSED) {
      throw new TraceFormatError(`apitrace trace: the ${compression} file is ${input.size} bytes, above the ${MAX_COMPRESSED} this reader inflates`, 0);
    }
    const bytes = input.read(0, input.size);
    this.data = this.inflate(bytes);
  }

  private inflate(bytes: Uint8Array): Uint8Array {
    const gzip = this.compression === 'gzip';
    const run = (partial: boolean): Uint8Array =>
      gzip
        ? gunzipSync(bytes, { maxOutputLength: MAX_INFLATED, ...(partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {}) })
        : brotliDecompressSync(bytes, { maxOutputLength: MAX_INFLATED, ...(partial ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}) });
    // a plain Uint8Array view: Buffer's slice() shares memory, the parser's copies must not
    const plain = (b: Uint8Array): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.length);
    try {
      return plain(run(false));
    } catch (first) {
      if ((first as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new TraceFormatError(`apitrace trace: the ${this.compression} stream inflates to more than ${MAX_INFLATED} bytes`, 0);
      }
      let part: Uint8Array;
      try {
        part = run(true);
      } catch {
        part = new Uint8Array(0);
      }
      if (part.length === 0) throw new TraceFormatError(`apitrace trace: not a readable ${this.compression} stream: ${(first as Error).message}`, 0);
      // a stream that reads when not asked to end is a cut file (the application died)
      this.warnings.push(`apitrace trace: the ${this.compression} stream ends early (${(first as Error).message}); read the ${part.length} bytes that inflate, the trace was cut short`);
      return plain(part);
    }
  }

  next(): Uint8Array | null {
    if (this.at >= this.data.length) return null;
    const piece = this.data.subarray(this.at, Math.min(this.data.length, this.at + PIECE));
    this.at += piece.length;
    return piece;
  }

  describe(streamOffset: number): string {
    return `byte ${streamOffset} of the inflated ${this.compression} stream`;
  }

  fileOffset(): number {
    return 0;
  }

  close(): void {
    this.data = new Uint8Array(0);
    this.input.close();
  }
}

/** zstd frames, decoded as the file is read. */
export class ZstdSource implements StreamSource {
  readonly compression = 'zstd' as const;
  readonly warnings: string[] = [];
  private readonly out: Uint8Array[] = [];
  private readonly z: Decompress;
  private at = 0;
  private done = false;
  /** file offset of the piece last fed, for messages */
  private fed = 0;

  constructor(private readonly input: ByteInput) {
    checkWindow(input.read(0, 18));
    this.z = new Decompress((chunk) => {
      if (chunk.length) this.out.push(chunk);
    });
  }

  next(): Uint8Array | null {
    while (this.out.length === 0 && !this.done) this.feed();
    return this.out.shift() ?? null;
  }

  private feed(): void {
    const block = this.input.read(this.at, PIECE);
    const last = this.at + block.length >= this.input.size;
    try {
      // small pieces: one push cannot expand past ~128 KB of output per 3 bytes of input
      for (let i = 0; i < block.length; i += 1024) {
        this.fed = this.at + i;
        this.z.push(block.subarray(i, Math.min(block.length, i + 1024)), last && i + 1024 >= block.length);
      }
      if (block.length === 0) this.z.push(new Uint8Array(0), true);
    } catch (e) {
      const msg = (e as Error).message;
      if (last && /unexpected EOF|end of/i.test(msg)) {
        this.warnings.push(`apitrace trace: the zstd stream ends early (${msg}); the trace was cut short`);
      } else {
        throw new TraceFormatError(`apitrace trace: file byte ${this.fed} (zstd): ${msg}`, this.fed);
      }
      this.done = true;
      return;
    }
    this.at += block.length;
    if (last) this.done = true;
  }

  describe(streamOffset: number): string {
    return `byte ${streamOffset} of the zstd stream (near file byte ${this.fed})`;
  }

  fileOffset(): number {
    return this.fed;
  }

  close(): void {
    this.input.close();
  }
}

/** Refuses a first frame whose window would make the decoder allocate more than MAX_ZSTD_WINDOW. */
function checkWindow(h: Uint8Array): void {
  if (h.length < 6) return;
  const fhd = h[4];
  const single = (fhd >> 5) & 1;
  if (single) return; // the window is the content size, which fzstd bounds as it decodes
  const exp = h[5] >> 3;
  const base = 2 ** (10 + exp);
  const window = base + (base / 8) * (h[5] & 7);
  if (window > MAX_ZSTD_WINDOW) throw new TraceFormatError(`apitrace trace: file byte 5 (zstd): window of ${window} bytes is above the bound ${MAX_ZSTD_WINDOW}`, 5);
}
