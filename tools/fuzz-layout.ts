/**
 * A .r9 file taken apart and put back together, and the small helpers every
 * mutation shares: little-endian field edits, CRC repair, interesting values.
 */
import { CHUNK_HEADER_SIZE, ChunkKind, HEADER_SIZE } from '../src/trace/container.js';
import type { ChunkInfo, Compression } from '../src/trace/container.js';
import { crc32 } from '../src/trace/crc32.js';
import { TraceReader } from '../src/trace/reader.js';
import { encodeFooter } from '../src/trace/writer.js';
import type { Prng } from './prng.js';

/** A file taken apart: header, chunks (header + stored bytes), footer and trailer. */
export interface Layout {
  header: Uint8Array;
  chunks: Array<{ head: Uint8Array; stored: Uint8Array }>;
  tail: Uint8Array;
  frames: readonly number[];
}

export interface Mutated {
  bytes: Uint8Array;
  /** what was done, for the report */
  detail: string;
  /**
   * what a successful read must give: `prefix` (a cut file: the original's first
   * calls) or `same` (the damage does not change the calls as verified: all of them)
   */
  expect?: 'prefix' | 'same';
}

export type Mutation = (r: Prng, base: Uint8Array, pool: readonly Uint8Array[]) => Mutated;

export const u32 = (b: Uint8Array, at: number): number => new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(at, true);
export const setU32 = (b: Uint8Array, at: number, v: number): void => new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(at, v >>> 0, true);
export const setU16 = (b: Uint8Array, at: number, v: number): void => new DataView(b.buffer, b.byteOffset, b.byteLength).setUint16(at, v & 0xffff, true);

export function split(bytes: Uint8Array): Layout {
  const r = TraceReader.fromBytes(bytes);
  return {
    header: bytes.slice(0, HEADER_SIZE),
    chunks: r.chunks.map((c) => ({
      head: bytes.slice(c.offset, c.offset + CHUNK_HEADER_SIZE),
      stored: bytes.slice(c.offset + CHUNK_HEADER_SIZE, c.offset + CHUNK_HEADER_SIZE + c.storedSize),
    })),
    tail: bytes.slice(r.dataEnd),
    frames: r.frames,
  };
}

export type FooterMode = 'keep' | 'rebuild' | 'drop';

/** Puts a layout back together; `rebuild` writes a footer that matches the chunks as they now are. */
export function join(l: Layout, footer: FooterMode): Uint8Array {
  const parts: Uint8Array[] = [l.header];
  const infos: ChunkInfo[] = [];
  let at = l.header.length;
  let calls = 0;
  for (const c of l.chunks) {
    const kind = c.head[4] as ChunkKind;
    const info: ChunkInfo = {
      offset: at, kind, compression: c.head[5] as Compression, storedSize: c.stored.length, rawSize: u32(c.head, 12),
      crc: u32(c.head, 16), firstCall: u32(c.head, 20), callCount: u32(c.head, 24),
    };
    if (kind === ChunkKind.Commands) calls += info.callCount;
    infos.push(info);
    parts.push(c.head, c.stored);
    at += c.head.length + c.stored.length;
  }
  if (footer === 'keep') parts.push(l.tail);
  if (footer === 'rebuild') parts.push(encodeFooter(at, infos, l.frames.filter((f) => f < calls), calls));
  return concat(parts);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export function fixHeadCrc(head: Uint8Array): void {
  setU32(head, 28, crc32(head, 0, 28));
}

/** Interesting 32-bit values for a field that held `orig`, in a file of `size` bytes. */
export function interesting32(r: Prng, orig: number, size: number): number {
  return r.pick([0, 1, 2, 4, 12, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffc, orig + 1, orig - 1, orig + 4, orig - 4, orig * 2,
    orig >>> 1, size, size - 4, size + 4, 0x10000, 0x4000000, r.u32(), r.int(256)]) >>> 0;
}
export function interesting16(r: Prng, orig: number): number {
  return r.pick([0, 1, 2, 3, 4, 6, 0x7ffe, 0x7fff, 0x8000, 0x8002, 0xfffc, 0xfffe, 0xffff, orig + 2, orig - 2, orig + 1, orig * 2, r.int(0x10000)]);
}
export const INTERESTING8 = [0, 1, 0x7f, 0x80, 0xfe, 0xff];

export function pickFooter(r: Prng, keep: number, rebuild: number, drop: number): FooterMode {
  return r.weighted<FooterMode>([[keep, 'keep'], [rebuild, 'rebuild'], [drop, 'drop']]);
}
