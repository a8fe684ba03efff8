/**
 * The .r9 container layout (DESIGN.md §3): a header, chunks, a footer index and
 * a trailer. All integers little-endian.
 *
 *   header  32 B  magic \x89R9T\r\n\x1a\n, u8 format major (1), u8 format minor, u16
 *                 header size, u8 writer major/minor/patch, u8 compression, u32 chunk
 *                 target, u8 level (deflate 0-9, brotli quality 0-11), u8 driver
 *                 profile (0 dx9, 1 dx8), 2 B + u32 reserved, u32 CRC-32 of bytes 0..27
 *   chunk   32 B  "CHK9", u8 kind, u8 compression, u16 0, u32 stored size, u32 raw
 *                 size, u32 CRC-32 of the stored bytes, u32 first call, u32 call
 *                 count, u32 CRC-32 of bytes 0..27 of this header; then the stored
 *                 bytes (kind 1: the chunk's calls, each a size-prefixed FlatBuffer whose
 *                 root is a Call; kinds 2 and 3: a replay snapshot, msgpackr; compressed
 *                 as its compression byte says); a snapshot chunk's first call is the
 *                 call it precedes and its call count 0
 *   footer        "IDX9", u32 chunk count, u32 frame count, u32 call count, then per
 *                 chunk 24 B (u32 offset lo, u32 offset hi, u32 first call, u32 call
 *                 count, u8 kind, 3 B 0, u32 stored size), then u32 per frame (the
 *                 call number of its Present), then u32 CRC-32 of all before it
 *   trailer 16 B  u32 footer offset lo, u32 hi, u32 footer length, "END9"
 *
 * Format 1.0 knows compression 0 (none) and 1 (raw deflate). Format 1.1 adds 2: a chunk's stored
 * bytes are one brotli stream (node:zlib), and a brotli trace's chunks default to 512 KiB, since
 * brotli finds the calls' repeats across a whole chunk (a deflate window is 32 KiB). A writer
 * marks a file 1.1 only when its header says brotli, so a deflate or uncompressed file is 1.0 and
 * reads as before. A compressed chunk inflates to at most MAX_DEFLATE_RATIO times its stored size
 * (deflate can do no more), a brotli chunk to at most MAX_BROTLI_RATIO times (a chunk of repeated
 * frames reaches about 2,000): a brotli stream that would compress further (long runs of one byte)
 * is stored deflated instead, its chunk header says so. A reader refuses a chunk header claiming
 * more, and grows a brotli chunk's buffer as it inflates (4 MiB steps), so a damaged stream costs
 * what it really inflates to, not what its header claims.
 */
export const MAGIC = Uint8Array.of(0x89, 0x52, 0x39, 0x54, 0x0d, 0x0a, 0x1a, 0x0a);
/** the format's major version: a reader reads every minor version of its major up to its own */
export const FORMAT_VERSION = 1;
/** the newest minor version this code reads and writes (1.1: brotli chunks) */
export const FORMAT_MINOR = 1;
export const HEADER_SIZE = 32;
export const CHUNK_HEADER_SIZE = 32;
export const CHUNK_MAGIC = 0x394b4843; // "CHK9"
export const FOOTER_MAGIC = 0x39584449; // "IDX9"
export const TRAILER_MAGIC = 0x39444e45; // "END9"
export const TRAILER_SIZE = 16;
export const FOOTER_ENTRY_SIZE = 24;

/**
 * Commands: calls. Snapshot: the replay state before its first call, a seek point (a replay from
 * the start ignores it). Restore: a state the replay takes on at its first call (a trimmed trace's
 * start): the calls before it do not lead there. Both snapshot kinds hold msgpackr SnapshotData.
 */
export const ChunkKind = { Commands: 1, Snapshot: 2, Restore: 3 } as const;
export type ChunkKind = (typeof ChunkKind)[keyof typeof ChunkKind];
export const Compression = { None: 0, Deflate: 1, Brotli: 2 } as const;
export type Compression = (typeof Compression)[keyof typeof Compression];
export type CompressionName = 'none' | 'deflate' | 'brotli';
/** the names of the compression methods, by their number (writer options, text pragma, info) */
export const COMPRESSION_NAMES: readonly CompressionName[] = ['none', 'deflate', 'brotli'];
export const compressionName = (c: Compression): CompressionName => COMPRESSION_NAMES[c];
/** the first format minor version that knows each method */
export const COMPRESSION_MINOR: Readonly<Record<Compression, number>> = { 0: 0, 1: 0, 2: 1 };
/** the highest level of each method (deflate 0-9, brotli quality 0-11) */
export const MAX_LEVEL: Readonly<Record<Compression, number>> = { 0: 9, 1: 9, 2: 11 };

/**
 * The largest legal chunk: a raw payload never exceeds this (the device's whole memory budget, what
 * one lock's data or a snapshot can hold); the writer refuses more, and a header claiming more is
 * corruption. Reading a trace holds one chunk's stored and raw bytes at a time, so its memory stays
 * within about twice this however the file is made.
 */
export const MAX_CHUNK_RAW = 1024 * 1024 * 1024;
/** The largest legal stored payload: deflate may add up to 5 bytes per 16 KiB block that does not compress. */
export const MAX_CHUNK_STORED = MAX_CHUNK_RAW + (MAX_CHUNK_RAW >>> 12) + 64;
/** The range of the writer's chunk target. */
export const MIN_CHUNK_BYTES = 256;
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
/** deflate cannot expand by more than about 1032:1; a brotli chunk is held to the same bound (see above) */
export const MAX_DEFLATE_RATIO = 1032;
/** a brotli chunk's bound: repeated frames compress about 2,000:1 in a 512 KiB chunk */
export const MAX_BROTLI_RATIO = 65536;
/** the most bytes a chunk stored in `stored` bytes with this compression may inflate to */
export function maxRawSize(compression: Compression, stored: number): number {
  if (compression === Compression.None) return stored;
  return Math.min(MAX_CHUNK_RAW, stored * (compression === Compression.Brotli ? MAX_BROTLI_RATIO : MAX_DEFLATE_RATIO) + 64);
}

export type TraceProfile = 'dx9' | 'dx8';
export const PROFILES: readonly TraceProfile[] = ['dx9', 'dx8'];

export interface TraceHeader {
  /** the format's major version (1) */
  formatVersion: number;
  /** its minor version: 0, or 1 for a file whose header says brotli */
  formatMinor: number;
  writerVersion: string;
  compression: Compression;
  chunkBytes: number;
  /** deflate level or brotli quality */
  level: number;
  /** the driver profile replay emulates: a Direct3D 9 driver or a DirectX 8-level one */
  profile: TraceProfile;
}

export interface ChunkInfo {
  /** byte offset of the chunk header in the file */
  offset: number;
  kind: ChunkKind;
  compression: Compression;
  storedSize: number;
  rawSize: number;
  crc: number;
  firstCall: number;
  callCount: number;
}

export function versionBytes(v: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  if (!m) throw new Error(`bad writer version ${v}`);
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (parts.some((p) => p > 255)) throw new Error(`writer version ${v} does not fit the header`);
  return parts as [number, number, number];
}

export const isSnapshotKind = (k: ChunkKind): boolean => k === ChunkKind.Snapshot || k === ChunkKind.Restore;
