/**
 * Reads an .r9 container chunk by chunk (memory stays flat however long the
 * trace is) and seeks through the footer index. A file without a usable footer
 * is scanned up to its last complete chunk, with a warning. Every size and
 * offset is checked before use; corruption is a TraceFormatError with the byte.
 */
import { brotliDecompressSync, inflateRawSync } from 'node:zlib';
import { ByteBuffer } from 'flatbuffers';
import type { CallRecord } from './call.js';
import { decodeCall, CALL_SLOT } from './codec.js';
import { COMMANDS, FRAME_END_COMMANDS } from './commands.js';
import { FrameEnds } from './frames.js';
import {
  CHUNK_HEADER_SIZE, CHUNK_MAGIC, ChunkKind, Compression, COMPRESSION_MINOR, FOOTER_ENTRY_SIZE, FOOTER_MAGIC, FORMAT_MINOR,
  FORMAT_VERSION, HEADER_SIZE, MAGIC, MAX_CHUNK_BYTES, MAX_CHUNK_RAW, MAX_CHUNK_STORED, MAX_LEVEL, maxRawSize, MIN_CHUNK_BYTES,
  TRAILER_MAGIC, TRAILER_SIZE,
} from './container.js';
import type { ChunkInfo, TraceHeader } from './container.js';
import { compressionName, isSnapshotKind, PROFILES } from './container.js';

function failProfile(p: number): never {
  throw new TraceFormatError(`trace header: byte 21: unknown driver profile ${p} (0 dx9, 1 dx8)`, 21);
}
import { FileSource, MemorySource } from './byte-io.js';
import type { ByteSource } from './byte-io.js';
import { crc32 } from './crc32.js';
import { TraceFormatError } from './errors.js';
import { verifyCalls } from './verify.js';

/** the commands that may end a frame, or decide whether a later call does (frames.ts), by union type */
const FRAME_TYPES = new Map(COMMANDS.flatMap((c, i) => (c && (FRAME_END_COMMANDS.has(c.name) || c.name === 'GetSwapChain' || c.name === 'SwapChainPresent') ? [[i, c.name] as const] : [])));

/** how a brotli chunk's output buffer grows (a default 512 KiB chunk fits in one step) */
const BROTLI_STEP = 4 << 20;

export interface LoadedBatch {
  chunk: ChunkInfo;
  bb: ByteBuffer;
  firstCall: number;
  /** positions of the Call tables */
  calls: number[];
}

function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

export function decodeHeader(b: Uint8Array, size: number): TraceHeader {
  if (size < HEADER_SIZE) throw new TraceFormatError(`trace header: byte 0: expected a ${HEADER_SIZE}-byte header, the file has ${size} bytes`, 0);
  for (let i = 0; i < MAGIC.length; i++) {
    if (b[i] !== MAGIC[i]) throw new TraceFormatError(`trace header: byte ${i}: not a replay9 trace (bad magic)`, i);
  }
  if (crc32(b, 0, 28) !== u32(b, 28)) throw new TraceFormatError('trace header: byte 28: header CRC mismatch', 28);
  const formatVersion = b[8];
  const formatMinor = b[9];
  if (formatVersion !== FORMAT_VERSION) {
    throw new TraceFormatError(`trace header: byte 8: format version ${formatVersion}.${formatMinor}, this replay9 reads versions ${FORMAT_VERSION}.0 to ${FORMAT_VERSION}.${FORMAT_MINOR}`, 8);
  }
  if (formatMinor > FORMAT_MINOR) {
    throw new TraceFormatError(`trace header: byte 9: format version ${formatVersion}.${formatMinor}, this replay9 reads versions up to ${FORMAT_VERSION}.${FORMAT_MINOR}`, 9);
  }
  const headerSize = b[10] | (b[11] << 8);
  if (headerSize !== HEADER_SIZE) throw new TraceFormatError(`trace header: byte 10: header size ${headerSize}, expected ${HEADER_SIZE}`, 10);
  const chunkBytes = u32(b, 16);
  if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) throw new TraceFormatError(`trace header: byte 16: chunk target ${chunkBytes} is outside ${MIN_CHUNK_BYTES}..${MAX_CHUNK_BYTES}`, 16);
  for (let i = 22; i < 28; i++) if (b[i] !== 0) throw new TraceFormatError(`trace header: byte ${i}: reserved byte is ${b[i]}, expected 0`, i);
  const compression = b[15] as Compression;
  if (!knownCompression(compression, formatMinor)) {
    throw new TraceFormatError(`trace header: byte 15: unknown compression ${compression} for format ${formatVersion}.${formatMinor}`, 15);
  }
  if (b[20] > MAX_LEVEL[compression]) throw new TraceFormatError(`trace header: byte 20: compression level ${b[20]} is outside 0..${MAX_LEVEL[compression]}`, 20);
  return {
    formatVersion,
    formatMinor,
    writerVersion: `${b[12]}.${b[13]}.${b[14]}`,
    compression,
    chunkBytes,
    level: b[20],
    profile: PROFILES[b[21]] ?? failProfile(b[21]),
  };
}

/** Whether a file of this format minor version may use compression `c`. */
function knownCompression(c: number, formatMinor: number): c is Compression {
  return (c === Compression.None || c === Compression.Deflate || c === Compression.Brotli) && COMPRESSION_MINOR[c] <= formatMinor;
}

export interface ReaderOptions {
  /**
   * For repair: a trace without a usable footer is read up to the first thing that is not a
   * complete, intact chunk (a cut chunk, garbage, zeros, a chunk whose CRC or calls are wrong)
   * and the rest is reported in `dropped` instead of failing.
   */
  salvage?: boolean;
}

export class TraceReader {
  readonly header: TraceHeader;
  readonly chunks: ChunkInfo[] = [];
  /** call number of each Present, in order */
  readonly frames: number[] = [];
  readonly warnings: string[] = [];
  callCount = 0;
  hasFooter = false;
  /** where the complete chunks end (the footer's place) */
  dataEnd = HEADER_SIZE;
  /** salvage mode: what follows the last good chunk of a trace without a usable footer (undefined when nothing does) */
  dropped?: { offset: number; bytes: number; reason: string };

  static open(path: string, options: ReaderOptions = {}): TraceReader {
    return new TraceReader(new FileSource(path), path, options);
  }
  static fromBytes(bytes: Uint8Array, label = '<memory>'): TraceReader {
    return new TraceReader(new MemorySource(bytes), label);
  }

  constructor(private readonly src: ByteSource, readonly label: string, private readonly options: ReaderOptions = {}) {
    try {
      this.header = decodeHeader(src.read(0, Math.min(HEADER_SIZE, src.size)), src.size);
      if (!this.readFooter()) this.scan();
    } catch (e) {
      src.close();
      throw e;
    }
  }

  get size(): number {
    return this.src.size;
  }
  close(): void {
    this.src.close();
  }

  private readFooter(): boolean {
    const size = this.src.size;
    if (size < HEADER_SIZE + TRAILER_SIZE) return false;
    const t = this.src.read(size - TRAILER_SIZE, TRAILER_SIZE);
    if (u32(t, 12) !== TRAILER_MAGIC) return false;
    const offset = u32(t, 0) + u32(t, 4) * 0x100000000;
    const len = u32(t, 8);
    const unusable = (why: string): false => {
      this.warnings.push(`footer index unusable (${why}); chunks were scanned instead`);
      return false;
    };
    if (offset < HEADER_SIZE || len < 20 || offset + len + TRAILER_SIZE !== size) return unusable(`trailer at byte ${size - TRAILER_SIZE} points outside the file`);
    const f = this.src.read(offset, len);
    if (u32(f, 0) !== FOOTER_MAGIC) return unusable(`no index magic at byte ${offset}`);
    if (crc32(f, 0, len - 4) !== u32(f, len - 4)) return unusable(`index CRC mismatch at byte ${offset + len - 4}`);
    const nChunks = u32(f, 4);
    const nFrames = u32(f, 8);
    const nCalls = u32(f, 12);
    if (16 + nChunks * FOOTER_ENTRY_SIZE + nFrames * 4 + 4 !== len) return unusable(`index counts do not match its length at byte ${offset}`);
    let at = 16;
    let expectOffset = HEADER_SIZE;
    let expectCall = 0;
    for (let i = 0; i < nChunks; i++, at += FOOTER_ENTRY_SIZE) {
      const c: ChunkInfo = {
        offset: u32(f, at) + u32(f, at + 4) * 0x100000000,
        firstCall: u32(f, at + 8),
        callCount: u32(f, at + 12),
        kind: f[at + 16] as ChunkKind,
        storedSize: u32(f, at + 20),
        compression: this.header.compression,
        rawSize: 0,
        crc: 0,
      };
      if (c.storedSize > MAX_CHUNK_STORED) return unusable(`chunk ${i} claims ${c.storedSize} stored bytes, above the largest legal chunk`);
      if (c.offset !== expectOffset) return unusable(`chunk ${i} listed at byte ${c.offset}, expected ${expectOffset}`);
      if (c.firstCall !== expectCall) return unusable(`chunk ${i} starts at call ${c.firstCall}, expected ${expectCall}`);
      if (isSnapshotKind(c.kind) && c.callCount !== 0) return unusable(`snapshot chunk ${i} claims ${c.callCount} calls`);
      if (c.kind !== ChunkKind.Commands && !isSnapshotKind(c.kind)) return unusable(`chunk ${i} has unknown kind ${c.kind}`);
      expectOffset = c.offset + CHUNK_HEADER_SIZE + c.storedSize;
      if (c.kind === ChunkKind.Commands) expectCall += c.callCount;
      this.chunks.push(c);
    }
    if (expectOffset !== offset || expectCall !== nCalls) {
      this.chunks.length = 0;
      return unusable('chunk list does not reach the index');
    }
    let prev = -1;
    for (let i = 0; i < nFrames; i++, at += 4) {
      const call = u32(f, at);
      if (call <= prev || call >= nCalls) {
        this.chunks.length = 0;
        this.frames.length = 0;
        return unusable(`frame ${i} at call ${call} is out of order`);
      }
      this.frames.push(call);
      prev = call;
    }
    this.callCount = nCalls;
    this.dataEnd = offset;
    this.hasFooter = true;
    return true;
  }

  /** Reads and checks a chunk header at `offset`; undefined when the file ends inside it. */
  private chunkHeaderAt(offset: number): ChunkInfo | undefined {
    if (offset + CHUNK_HEADER_SIZE > this.src.size) return undefined;
    const h = this.src.read(offset, CHUNK_HEADER_SIZE);
    if (u32(h, 0) !== CHUNK_MAGIC) throw new TraceFormatError(`trace chunk: byte ${offset}: expected a chunk header ("CHK9")`, offset);
    if (crc32(h, 0, 28) !== u32(h, 28)) throw new TraceFormatError(`trace chunk: byte ${offset + 28}: chunk header CRC mismatch`, offset + 28);
    const c: ChunkInfo = {
      offset,
      kind: h[4] as ChunkKind,
      compression: h[5] as Compression,
      storedSize: u32(h, 8),
      rawSize: u32(h, 12),
      crc: u32(h, 16),
      firstCall: u32(h, 20),
      callCount: u32(h, 24),
    };
    if (c.kind !== ChunkKind.Commands && !isSnapshotKind(c.kind)) throw new TraceFormatError(`trace chunk: byte ${offset + 4}: unknown chunk kind ${c.kind}`, offset + 4);
    if (!knownCompression(c.compression, this.header.formatMinor)) throw new TraceFormatError(`trace chunk: byte ${offset + 5}: unknown compression ${c.compression}`, offset + 5);
    if (c.storedSize > MAX_CHUNK_STORED) throw new TraceFormatError(`trace chunk: byte ${offset + 8}: stored size ${c.storedSize} is above the largest legal chunk (${MAX_CHUNK_STORED} bytes)`, offset + 8);
    if (c.rawSize > MAX_CHUNK_RAW) throw new TraceFormatError(`trace chunk: byte ${offset + 12}: raw size ${c.rawSize} is above the largest legal chunk (${MAX_CHUNK_RAW} bytes)`, offset + 12);
    const maxRaw = maxRawSize(c.compression, c.storedSize);
    if (c.rawSize > maxRaw || (c.compression === Compression.None && c.rawSize !== c.storedSize)) {
      throw new TraceFormatError(`trace chunk: byte ${offset + 12}: raw size ${c.rawSize} is impossible for ${c.storedSize} stored bytes`, offset + 12);
    }
    return c;
  }

  private scan(): void {
    const size = this.src.size;
    let offset = HEADER_SIZE;
    let calls = 0;
    const salvage = this.options.salvage === true;
    const frameEnds = new FrameEnds();
    while (offset < size) {
      if (offset + 4 <= size && u32(this.src.read(offset, 4), 0) === FOOTER_MAGIC) {
        if (salvage) this.dropped = { offset, bytes: size - offset, reason: 'an unusable footer index' };
        break;
      }
      let c: ChunkInfo | undefined;
      try {
        c = this.chunkHeaderAt(offset);
        if (!c || offset + CHUNK_HEADER_SIZE + c.storedSize > size) {
          this.warnings.push(`trace ends inside the chunk at byte ${offset} (${size - offset} bytes left): read up to call ${calls}`);
          if (salvage) this.dropped = { offset, bytes: size - offset, reason: 'a chunk cut short' };
          break;
        }
        // a snapshot chunk stands before the call that follows it: its first call is the calls so far
        if (c.firstCall !== calls) throw new TraceFormatError(`trace chunk: byte ${offset + 20}: first call ${c.firstCall}, expected ${calls}`, offset + 20);
        if (isSnapshotKind(c.kind) && c.callCount !== 0) throw new TraceFormatError(`trace chunk: byte ${offset + 24}: a snapshot chunk holds no calls, this one claims ${c.callCount}`, offset + 24);
        if (c.kind === ChunkKind.Commands) {
          const b = this.loadBatch(c);
          for (let i = 0; i < b.calls.length; i++) {
            const name = FRAME_TYPES.get(callType(b.bb, b.calls[i]));
            if (name !== undefined && frameEnds.ends(name, callHandle(b.bb, b.calls[i], 'self'), callHandle(b.bb, b.calls[i], 'created'))) this.frames.push(calls + i);
          }
        } else if (salvage) this.readPayload(c);
      } catch (e) {
        if (!salvage || !(e instanceof TraceFormatError)) throw e;
        this.dropped = { offset, bytes: size - offset, reason: e.message };
        break;
      }
      if (c.kind === ChunkKind.Commands) calls += c.callCount;
      this.chunks.push(c);
      offset += CHUNK_HEADER_SIZE + c.storedSize;
    }
    if (!this.warnings.some((w) => w.startsWith('footer'))) this.warnings.unshift(`${this.label}: no footer index (the recorder did not finish?); read ${this.chunks.length} complete chunks`);
    this.callCount = calls;
    this.dataEnd = offset;
  }

  /** The raw payload of a chunk: header re-checked, CRC checked, inflated. */
  readPayload(info: ChunkInfo): Uint8Array {
    const c = this.chunkHeaderAt(info.offset);
    if (!c || info.offset + CHUNK_HEADER_SIZE + c.storedSize > this.src.size) {
      throw new TraceFormatError(`trace chunk: byte ${info.offset}: chunk runs past the end of the file`, info.offset);
    }
    if (c.storedSize !== info.storedSize || c.kind !== info.kind || c.firstCall !== info.firstCall || c.callCount !== info.callCount) {
      throw new TraceFormatError(`trace chunk: byte ${info.offset}: chunk header disagrees with the footer index`, info.offset);
    }
    info.rawSize = c.rawSize;
    info.crc = c.crc;
    info.compression = c.compression;
    const at = info.offset + CHUNK_HEADER_SIZE;
    const stored = this.src.read(at, c.storedSize);
    if (crc32(stored) !== c.crc) throw new TraceFormatError(`trace chunk: byte ${at}: payload CRC mismatch (${c.storedSize} bytes)`, at);
    if (c.compression === Compression.None) return stored;
    let raw: Uint8Array;
    try {
      // one output buffer of the declared size (and a byte, to see a longer stream): no concatenation,
      // no copy, and a stream that inflates to more than the header says stops there
      // (brotli's bound is looser: its buffer grows in steps, so a damaged stream costs what it inflates to)
      const step = c.compression === Compression.Brotli ? Math.min(c.rawSize + 1, BROTLI_STEP) : c.rawSize + 1;
      const limits = { chunkSize: Math.max(64, step), maxOutputLength: Math.max(1, c.rawSize) };
      raw = c.compression === Compression.Brotli ? brotliDecompressSync(stored, limits) : inflateRawSync(stored, limits);
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TraceFormatError(`trace chunk: byte ${at}: inflates to more than the ${c.rawSize} bytes its header says`, at);
      throw new TraceFormatError(`trace chunk: byte ${at}: ${compressionName(c.compression)} stream is corrupt (${(e as Error).message})`, at);
    }
    if (raw.length !== c.rawSize) throw new TraceFormatError(`trace chunk: byte ${at}: inflated to ${raw.length} bytes, header says ${c.rawSize}`, at);
    return raw;
  }

  /** A verified command batch. */
  loadBatch(info: ChunkInfo): LoadedBatch {
    const raw = this.readPayload(info);
    const calls = verifyCalls(raw, { fileOffset: info.offset + CHUNK_HEADER_SIZE, inflated: info.compression === Compression.Deflate, firstCall: info.firstCall }, info.callCount);
    return { chunk: info, bb: new ByteBuffer(raw), firstCall: info.firstCall, calls };
  }

  /** Command chunks in order, from the one holding call `from`. */
  *batches(from = 0): Generator<LoadedBatch> {
    for (const c of this.chunks) {
      if (c.kind !== ChunkKind.Commands || c.firstCall + c.callCount <= from) continue;
      yield this.loadBatch(c);
    }
  }

  /** Every call from `from` (inclusive) to `to` (exclusive), decoded. */
  *calls(from = 0, to = Infinity): Generator<{ n: number; call: CallRecord }> {
    for (const b of this.batches(from)) {
      for (let i = 0; i < b.calls.length; i++) {
        const n = b.firstCall + i;
        if (n < from) continue;
        if (n >= to) return;
        yield { n, call: decodeCall(b.bb, b.calls[i]) };
      }
    }
  }

  /** Index of the command chunk holding call `n`, by binary search. */
  chunkIndexForCall(n: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.chunks[mid];
      if (c.firstCall <= n) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    while (found >= 0 && this.chunks[found].kind !== ChunkKind.Commands) found--;
    return found;
  }

  /** Where call `n` is, for messages: `trace chunk at byte B` (the chunk that holds it), or undefined past the end. */
  placeOfCall(n: number): string | undefined {
    const i = this.chunkIndexForCall(n);
    const c = this.chunks[i];
    return c && n < c.firstCall + c.callCount ? `trace chunk at byte ${c.offset}` : undefined;
  }

  /** The calls of frame `f` (from 0): from the call after the previous Present to its own Present. */
  frameRange(f: number): { first: number; last: number } | undefined {
    const last = this.frames[f];
    if (last === undefined) return undefined;
    return { first: f === 0 ? 0 : this.frames[f - 1] + 1, last };
  }
}

/** The Call table's `self` or `created` handle at `pos` (verified input). */
function callHandle(bb: ByteBuffer, pos: number, slot: 'self' | 'created'): number {
  const o = bb.__offset(pos, 4 + 2 * CALL_SLOT[slot]);
  return o ? bb.readUint32(pos + o) : 0;
}

/** The union type id of the Call table at `pos` (verified input). */
export function callType(bb: ByteBuffer, pos: number): number {
  const o = bb.__offset(pos, 4 + 2 * CALL_SLOT.commandType);
  return o ? bb.readUint8(pos + o) : 0;
}
