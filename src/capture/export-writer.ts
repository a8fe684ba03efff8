/**
 * Writes TraceCalls as an apitrace `.trace` (docs/FORMAT.markdown, version 6): the 'at' snappy
 * container of chunks (each a snappy block of literal runs, which every snappy reader accepts),
 * the header with its properties, each call an enter event (signature on first use, flags, every
 * argument) and a leave event (the return value). Signatures are written in full the first time
 * their id appears, as apitrace's own writer does.
 */
import type { ByteSink } from '../trace/byte-io.js';
import type { TraceCall, TraceHeader, Value } from './model.js';

/** Uncompressed bytes per chunk (apitrace's writer uses 1 MiB too). */
const CHUNK = 1 << 20;

class Bytes {
  buf = new Uint8Array(1 << 16);
  len = 0;
  byte(b: number): void {
    if (this.len === this.buf.length) this.grow(1);
    this.buf[this.len++] = b;
  }
  uint(n: number | bigint): void {
    let v = BigInt(n);
    if (v < 0n) throw new RangeError(`apitrace writer: negative ${v} as an unsigned integer`);
    if (typeof n === 'number' && n < 2 ** 31) {
      let x = n;
      while (x >= 0x80) {
        this.byte((x & 0x7f) | 0x80);
        x >>>= 7;
      }
      return this.byte(x);
    }
    while (v >= 0x80n) {
      this.byte(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.byte(Number(v));
  }
  sint(n: number | bigint): void {
    if (n < 0) {
      this.byte(0x03);
      this.uint(-BigInt(n));
    } else {
      this.byte(0x04);
      this.uint(n);
    }
  }
  raw(b: Uint8Array): void {
    if (this.len + b.length > this.buf.length) this.grow(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }
  string(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.uint(b.length);
    this.raw(b);
  }
  private grow(need: number): void {
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + need));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}

/** One snappy block holding `data` as literal runs (tag 60 with a 4-byte length for long runs). */
function snappyLiteral(data: Uint8Array): Uint8Array {
  const out = new Bytes();
  out.uint(data.length);
  for (let at = 0; at < data.length; at += 0x10000) {
    const run = data.subarray(at, Math.min(data.length, at + 0x10000));
    const n = run.length - 1;
    if (n < 60) out.byte(n << 2);
    else {
      out.byte(62 << 2); // a 3-byte length follows
      out.byte(n & 0xff);
      out.byte((n >> 8) & 0xff);
      out.byte((n >> 16) & 0xff);
    }
    out.raw(run);
  }
  return out.buf.subarray(0, out.len);
}

export class ExportTraceWriter {
  private readonly out = new Bytes();
  private readonly seen = { fn: new Set<number>(), en: new Set<number>(), bm: new Set<number>(), st: new Set<number>() };
  private started = false;

  constructor(private readonly sink: ByteSink, header: TraceHeader) {
    this.out.uint(header.version);
    this.out.uint(header.semanticVersion);
    for (const [k, v] of header.properties) {
      this.out.string(k);
      this.out.string(v);
    }
    this.out.string('');
  }

  call(c: TraceCall): void {
    const o = this.out;
    o.byte(0x00);
    o.uint(c.thread);
    o.uint(c.sig.id);
    if (!this.seen.fn.has(c.sig.id)) {
      this.seen.fn.add(c.sig.id);
      o.string(c.sig.name);
      o.uint(c.sig.argNames.length);
      for (const n of c.sig.argNames) o.string(n);
    }
    if (c.flags) {
      o.byte(0x05);
      o.uint(c.flags);
    }
    c.args.forEach((v, i) => {
      if (v === undefined) return;
      o.byte(0x01);
      o.uint(i);
      this.value(v);
    });
    o.byte(0x00);
    o.byte(0x01);
    o.uint(c.no);
    if (c.ret !== undefined) {
      o.byte(0x02);
      this.value(c.ret);
    }
    o.byte(0x00);
    if (o.len >= CHUNK) this.flush();
  }

  close(): void {
    this.flush();
    this.sink.close?.();
  }

  private flush(): void {
    if (!this.started) {
      this.sink.write(Uint8Array.of(0x61, 0x74)); // 'a' 't'
      this.started = true;
    }
    if (this.out.len === 0) return;
    const block = snappyLiteral(this.out.buf.subarray(0, this.out.len));
    const size = new Uint8Array(4);
    new DataView(size.buffer).setUint32(0, block.length, true);
    this.sink.write(size);
    this.sink.write(block);
    this.out.len = 0;
  }

  private value(v: Value): void {
    const o = this.out;
    if (v === null) return o.byte(0x00);
    if (typeof v === 'boolean') return o.byte(v ? 0x02 : 0x01);
    if (typeof v === 'number' || typeof v === 'bigint') return o.sint(v);
    if (typeof v === 'string') {
      o.byte(0x07);
      return o.string(v);
    }
    switch (v.kind) {
      case 'float': {
        o.byte(0x05);
        const b = new Uint8Array(4);
        new DataView(b.buffer).setFloat32(0, v.value, true);
        return o.raw(b);
      }
      case 'double': {
        o.byte(0x06);
        const b = new Uint8Array(8);
        new DataView(b.buffer).setFloat64(0, v.value, true);
        return o.raw(b);
      }
      case 'wstring':
        o.byte(0x0f);
        o.uint(v.text.length);
        for (let i = 0; i < v.text.length; i++) o.uint(v.text.charCodeAt(i));
        return;
      case 'blob':
        o.byte(0x08);
        o.uint(v.bytes.length);
        return o.raw(v.bytes);
      case 'enum':
        o.byte(0x09);
        o.uint(v.sig.id);
        if (!this.seen.en.has(v.sig.id)) {
          this.seen.en.add(v.sig.id);
          o.uint(v.sig.values.length);
          for (const [n, x] of v.sig.values) {
            o.string(n);
            o.sint(x);
          }
        }
        return o.sint(v.value);
      case 'bitmask':
        o.byte(0x0a);
        o.uint(v.sig.id);
        if (!this.seen.bm.has(v.sig.id)) {
          this.seen.bm.add(v.sig.id);
          o.uint(v.sig.flags.length);
          for (const [n, x] of v.sig.flags) {
            o.string(n);
            o.uint(x);
          }
        }
        return o.uint(v.value);
      case 'array':
        o.byte(0x0b);
        o.uint(v.items.length);
        for (const x of v.items) this.value(x);
        return;
      case 'struct':
        o.byte(0x0c);
        o.uint(v.sig.id);
        if (!this.seen.st.has(v.sig.id)) {
          this.seen.st.add(v.sig.id);
          o.string(v.sig.name);
          o.uint(v.sig.memberNames.length);
          for (const n of v.sig.memberNames) o.string(n);
        }
        for (const x of v.members) this.value(x);
        return;
      case 'pointer':
        if (!v.address) return o.byte(0x00);
        o.byte(0x0d);
        return o.uint(v.address);
      case 'repr':
        o.byte(0x0e);
        this.value(v.human);
        return this.value(v.machine);
    }
  }
}
