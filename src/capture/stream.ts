/**
 * A cursor over the decompressed event stream: bytes, LEB128 unsigned integers, floats and
 * length-prefixed byte runs, pulled piece by piece from a StreamSource. The end of the stream is
 * a StreamEnd (the parser decides whether that is a clean end or a cut); anything malformed is a
 * TraceFormatError naming the stream offset and the chunk it came from.
 */
import { TraceFormatError } from '../trace/errors.js';
import type { StreamSource } from './container.js';

/** The stream ended in the middle of something. */
export class StreamEnd extends Error {
  override readonly name = 'StreamEnd';
}

const EMPTY = new Uint8Array(0);

export class ByteStream {
  private buf: Uint8Array = EMPTY;
  private pos = 0;
  /** stream offset of buf[0] */
  private base = 0;
  private ended = false;
  private readonly scratch = new DataView(new ArrayBuffer(8));
  private readonly leb = new Uint8Array(10);

  constructor(readonly source: StreamSource) {}

  get offset(): number {
    return this.base + this.pos;
  }

  private load(): boolean {
    if (this.ended) return false;
    const next = this.source.next();
    if (!next) {
      this.ended = true;
      return false;
    }
    this.base += this.buf.length;
    this.buf = next;
    this.pos = 0;
    return true;
  }

  /** true when no byte is left */
  atEnd(): boolean {
    while (this.pos >= this.buf.length) if (!this.load()) return true;
    return false;
  }

  byte(): number {
    while (this.pos >= this.buf.length) if (!this.load()) throw new StreamEnd('the stream ends');
    return this.buf[this.pos++];
  }

  /** An unsigned LEB128 integer of up to 64 bits: a number, or a bigint above 2^53 − 1. */
  uint(): number | bigint {
    let v = 0;
    let mul = 1;
    const start = this.offset;
    const seen = this.leb;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      seen[i] = b;
      v += (b & 0x7f) * mul;
      if (b < 0x80) {
        if (v <= Number.MAX_SAFE_INTEGER) return v;
        // the float sum above is inexact past 2^53: decode the kept bytes exactly
        let big = 0n;
        for (let k = i; k >= 0; k--) big = (big << 7n) | BigInt(seen[k] & 0x7f);
        return BigInt.asUintN(64, big);
      }
      mul *= 128;
    }
    this.fail('an integer runs past 10 bytes', start);
  }

  /** A count, id or index: an integer no larger than `max`. */
  count(what: string, max: number): number {
    const start = this.offset;
    const v = this.uint();
    if (typeof v === 'bigint' || v > max) this.fail(`${what} ${v} is above the bound ${max}`, start);
    return v as number;
  }

  /** `n` bytes (a fresh copy); memory grows only as the bytes actually arrive */
  bytes(n: number): Uint8Array {
    if (this.pos + n <= this.buf.length) {
      const out = this.buf.slice(this.pos, this.pos + n);
      this.pos += n;
      return out;
    }
    const parts: Uint8Array[] = [];
    let left = n;
    while (left > 0) {
      while (this.pos >= this.buf.length) if (!this.load()) throw new StreamEnd('the stream ends');
      const take = Math.min(left, this.buf.length - this.pos);
      parts.push(this.buf.subarray(this.pos, this.pos + take));
      this.pos += take;
      left -= take;
    }
    const out = new Uint8Array(n);
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }

  float32(): number {
    const b = this.bytes(4);
    for (let i = 0; i < 4; i++) this.scratch.setUint8(i, b[i]);
    return this.scratch.getFloat32(0, true);
  }

  float64(): number {
    const b = this.bytes(8);
    for (let i = 0; i < 8; i++) this.scratch.setUint8(i, b[i]);
    return this.scratch.getFloat64(0, true);
  }

  /** Throws a TraceFormatError at a stream offset (the current one by default). */
  fail(message: string, at = this.offset): never {
    throw new TraceFormatError(`apitrace trace: ${this.source.describe(at)}: ${message}`, this.source.fileOffset(at));
  }
}
