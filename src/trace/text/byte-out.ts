import { withRoom } from '../byte-io.js';
import { FLOAT32_TEXT_MAX, putFloat32 } from './float-text.js';

/**
 * Text written straight into a growing byte buffer (UTF-8) and handed on in blocks of about
 * 64 KB, always at a line end: printing a long trace makes no string per line or per value.
 */

/** the ASCII codes of the hex digits */
const HEX = new TextEncoder().encode('0123456789abcdef');
const FLUSH_AT = 1 << 16;

/** Writes `0x` and eight lower-case hex digits of `v` at `p` (10 bytes of room needed); returns the end. */
export function putHex32(v: number, buf: Uint8Array, p: number): number {
  buf[p] = 48;
  buf[p + 1] = 120;
  for (let i = 0; i < 8; i++) buf[p + 2 + i] = HEX[(v >>> (28 - 4 * i)) & 15];
  return p + 10;
}

export class ByteOut {
  buf = new Uint8Array(1 << 17);
  pos = 0;
  private readonly encoder = new TextEncoder();

  /** `sink` receives each block; the bytes are its own (a copy), so it may keep them. */
  constructor(private readonly sink: (block: Uint8Array) => void) {}

  /** Room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.buf = withRoom(this.buf, this.pos, n);
  }

  /** A string, as UTF-8 (ASCII byte by byte, the rest through the encoder). */
  str(s: string): void {
    const n = s.length;
    this.ensure(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        this.pos = p;
        this.utf8(s.slice(i));
        return;
      }
      b[p++] = c;
    }
    this.pos = p;
  }

  private utf8(s: string): void {
    this.ensure(s.length * 3);
    this.pos += this.encoder.encodeInto(s, this.buf.subarray(this.pos)).written;
  }

  /** One ASCII character by its code. */
  byte(c: number): void {
    if (this.pos >= this.buf.length) this.ensure(1);
    this.buf[this.pos++] = c;
  }

  /** `n` spaces */
  spaces(n: number): void {
    if (n <= 0) return;
    this.ensure(n);
    this.buf.fill(32, this.pos, this.pos + n);
    this.pos += n;
  }

  /** `, ` */
  comma(): void {
    this.ensure(2);
    this.buf[this.pos++] = 44;
    this.buf[this.pos++] = 32;
  }

  /** A non-negative integer below 2^53 in decimal. */
  uint(v: number): void {
    if (v < 10) {
      this.byte(48 + v);
      return;
    }
    let digits = 1;
    for (let x = v; x >= 10; x = Math.floor(x / 10)) digits++;
    this.ensure(digits);
    const b = this.buf;
    let x = v;
    for (let p = this.pos + digits - 1; p >= this.pos; p--) {
      b[p] = 48 + (x % 10);
      x = Math.floor(x / 10);
    }
    this.pos += digits;
  }

  /** An integer (either sign) in decimal. */
  int(v: number): void {
    if (v < 0) {
      this.byte(45);
      this.uint(-v);
    } else this.uint(v);
  }

  /** `0x` and eight lower-case hex digits: what `hex32` returns. */
  hex32(v: number): void {
    this.ensure(10);
    this.pos = putHex32(v, this.buf, this.pos);
  }

  /** A finite float32 by its bits as shortestFloat32 writes it; false (nothing written) for NaN and infinities. */
  float32(bits: number): boolean {
    this.ensure(FLOAT32_TEXT_MAX);
    const end = putFloat32(bits, this.buf, this.pos);
    if (end < 0) return false;
    this.pos = end;
    return true;
  }

  /** Ends a line; hands on the block when it is big enough. */
  newline(): void {
    this.byte(10);
    if (this.pos >= FLUSH_AT) this.flush();
  }

  flush(): void {
    if (this.pos === 0) return;
    this.sink(this.buf.slice(0, this.pos));
    this.pos = 0;
  }
}
