/**
 * Snappy's raw block format (what each chunk of an apitrace `.trace` holds): a varint with the
 * uncompressed length, then elements, each a literal run or a copy from earlier output.
 * Tag byte, low two bits: 0 literal, 1 copy with an 11-bit offset, 2 copy with a 16-bit offset,
 * 3 copy with a 32-bit offset (google/snappy format_description.txt).
 */

/** A snappy block that does not decode; `at` is the byte offset inside the block. */
export class SnappyError extends Error {
  override readonly name = 'SnappyError';
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** The uncompressed length a block declares and the size of that varint; null when the varint is cut or too long. */
export function snappyLength(src: Uint8Array): { length: number; headerBytes: number } | null {
  let n = 0;
  for (let i = 0; i < 5; i++) {
    if (i >= src.length) return null;
    const b = src[i];
    n += (b & 0x7f) * 2 ** (7 * i);
    if (b < 0x80) return n > 0xffffffff ? null : { length: n, headerBytes: i + 1 };
  }
  return null;
}

export interface SnappyResult {
  readonly data: Uint8Array;
  /** the block ended before its declared length (only with `partial`) */
  readonly short: boolean;
}

/**
 * Decodes one block. The declared length must be at most `maxLength` (the caller's bound, so a
 * hostile length never allocates). With `partial`, a block cut short returns what decoded so far
 * (apitrace reads a truncated last chunk the same way); otherwise it is a SnappyError.
 */
export function snappyDecompress(src: Uint8Array, maxLength: number, partial = false): SnappyResult {
  const head = snappyLength(src);
  if (!head) {
    if (partial) return { data: new Uint8Array(0), short: true };
    throw new SnappyError('the uncompressed length varint is cut or longer than 32 bits', 0);
  }
  if (head.length > maxLength) throw new SnappyError(`declared uncompressed length ${head.length} is above the bound ${maxLength}`, 0);
  const out = new Uint8Array(head.length);
  let o = 0;
  let i = head.headerBytes;
  const cut = (at: number): SnappyResult => {
    if (partial) return { data: out.subarray(0, o), short: true };
    throw new SnappyError('the block ends inside an element', at);
  };
  while (i < src.length) {
    const start = i;
    const tag = src[i++];
    const kind = tag & 3;
    let len: number;
    if (kind === 0) {
      len = tag >>> 2;
      if (len >= 60) {
        const extra = len - 59;
        if (i + extra > src.length) return cut(start);
        len = 0;
        for (let k = 0; k < extra; k++) len += src[i + k] * 2 ** (8 * k);
        i += extra;
      }
      len += 1;
      if (o + len > out.length) throw new SnappyError(`a literal of ${len} bytes runs past the declared length ${out.length}`, start);
      if (i + len > src.length) {
        if (!partial) return cut(start);
        const have = src.length - i;
        out.set(src.subarray(i, i + have), o);
        o += have;
        return { data: out.subarray(0, o), short: true };
      }
      out.set(src.subarray(i, i + len), o);
      o += len;
      i += len;
      continue;
    }
    let offset: number;
    if (kind === 1) {
      if (i + 1 > src.length) return cut(start);
      len = ((tag >>> 2) & 7) + 4;
      offset = ((tag >>> 5) << 8) | src[i++];
    } else if (kind === 2) {
      if (i + 2 > src.length) return cut(start);
      len = (tag >>> 2) + 1;
      offset = src[i] | (src[i + 1] << 8);
      i += 2;
    } else {
      if (i + 4 > src.length) return cut(start);
      len = (tag >>> 2) + 1;
      offset = (src[i] | (src[i + 1] << 8) | (src[i + 2] << 16)) + src[i + 3] * 0x1000000;
      i += 4;
    }
    if (offset === 0 || offset > o) throw new SnappyError(`a copy reaches ${offset} bytes back with ${o} bytes decoded`, start);
    if (o + len > out.length) throw new SnappyError(`a copy of ${len} bytes runs past the declared length ${out.length}`, start);
    if (offset >= len && len > 16) {
      out.copyWithin(o, o - offset, o - offset + len);
      o += len;
    } else {
      // byte by byte: a copy may overlap its own output (offset < len repeats a pattern)
      for (let k = 0; k < len; k++, o++) out[o] = out[o - offset];
    }
  }
  if (o !== out.length) {
    if (partial) return { data: out.subarray(0, o), short: true };
    throw new SnappyError(`the block decodes to ${o} bytes, not the declared ${out.length}`, src.length);
  }
  return { data: out, short: false };
}

/** The most bytes a block of `n` input bytes can take (snappy's MaxCompressedLength). */
export function snappyMaxCompressedLength(n: number): number {
  return 32 + n + Math.floor(n / 6);
}

const FRAGMENT = 1 << 16;
const HASH_BITS = 14;
const table = new Int32Array(1 << HASH_BITS);

function load32(b: Uint8Array, i: number): number {
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
}

/**
 * Compresses one block: greedy matching of 4-byte sequences through a hash table, 64 KB at a
 * time like snappy itself (so every copy offset fits in two bytes). Valid snappy, not the
 * smallest: apitrace and any snappy reader decode it.
 */
export function snappyCompress(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(snappyMaxCompressedLength(src.length));
  let o = 0;
  for (let n = src.length; ; ) {
    out[o++] = n >= 0x80 ? (n & 0x7f) | 0x80 : n;
    if (n < 0x80) break;
    n = Math.floor(n / 128);
  }
  const literal = (from: number, to: number): void => {
    const len = to - from;
    if (len === 0) return;
    const n = len - 1;
    if (n < 60) out[o++] = n << 2;
    else if (n < 0x100) (out[o++] = 60 << 2), (out[o++] = n);
    else if (n < 0x10000) (out[o++] = 61 << 2), (out[o++] = n & 0xff), (out[o++] = n >>> 8);
    else (out[o++] = 62 << 2), (out[o++] = n & 0xff), (out[o++] = (n >>> 8) & 0xff), (out[o++] = n >>> 16);
    out.set(src.subarray(from, to), o);
    o += len;
  };
  const copy = (offset: number, len: number): void => {
    // pieces of 64 while more than 67 remain, so the last piece is never shorter than 4
    while (len >= 68) (out[o++] = (63 << 2) | 2), (out[o++] = offset & 0xff), (out[o++] = offset >>> 8), (len -= 64);
    if (len > 64) (out[o++] = (59 << 2) | 2), (out[o++] = offset & 0xff), (out[o++] = offset >>> 8), (len -= 60);
    if (len < 12 && offset < 2048) {
      out[o++] = 1 | ((len - 4) << 2) | ((offset >>> 8) << 5);
      out[o++] = offset & 0xff;
    } else {
      out[o++] = 2 | ((len - 1) << 2);
      out[o++] = offset & 0xff;
      out[o++] = offset >>> 8;
    }
  };
  for (let start = 0; start < src.length; start += FRAGMENT) {
    const end = Math.min(src.length, start + FRAGMENT);
    table.fill(-1);
    let lit = start;
    let ip = start;
    // snappy's heuristic: after 32 misses in a row, step 2 bytes, then 3..., so data that does not compress goes fast
    let misses = 32;
    while (ip + 4 <= end) {
      const v = load32(src, ip);
      const h = Math.imul(v, 0x1e35a7bd) >>> (32 - HASH_BITS);
      const cand = table[h];
      table[h] = ip;
      if (cand >= start && load32(src, cand) === v) {
        literal(lit, ip);
        let len = 4;
        while (ip + len < end && src[cand + len] === src[ip + len]) len++;
        copy(ip - cand, len);
        ip += len;
        lit = ip;
        misses = 32;
      } else ip += misses++ >> 5;
    }
    literal(lit, end);
  }
  return out.slice(0, o);
}
