/**
 * Writes TraceCalls as an apitrace `.trace` (format version 6, snappy chunks of 1 MB of stream
 * as apitrace writes them). Each call is an enter event (thread, signature, every argument,
 * flags) and a leave event (the return value). Signatures are interned by object identity: the
 * first use writes the whole signature, later uses its id. Call numbers are implied by the order
 * of enter events, so the calls are numbered in the order they are written.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { BitmaskSig, EnumSig, FunctionSig, StructSig, TraceCall, TraceHeader, Value } from './model.js';
import { snappyCompress } from './snappy.js';
import { withRoom } from '../trace/byte-io.js';

/** Where the compressed bytes go. */
export interface ApitraceSink {
  write(bytes: Uint8Array): void;
  close?(): void;
}

/** Keeps the file in memory (tests, small exports). */
export class MemorySink implements ApitraceSink {
  private readonly parts: Uint8Array[] = [];
  write(bytes: Uint8Array): void {
    this.parts.push(bytes.slice());
  }
  bytes(): Uint8Array {
    return Buffer.concat(this.parts);
  }
}

function fileSink(path: string): ApitraceSink {
  const fd = openSync(path, 'w');
  return {
    write: (b) => {
      for (let at = 0; at < b.length; ) at += writeSync(fd, b, at, b.length - at);
    },
    close: () => closeSync(fd),
  };
}

/** Bytes of the event stream waiting to be compressed. */
class Bytes {
  buf = new Uint8Array(1 << 16);
  length = 0;
  private readonly scratch = new DataView(new ArrayBuffer(8));

  private room(n: number): void {
    if (this.length + n > this.buf.length) this.buf = withRoom(this.buf, this.length, n);
  }
  byte(b: number): void {
    this.room(1);
    this.buf[this.length++] = b;
  }
  uint(v: number | bigint): void {
    if (typeof v === 'number' && v <= 0xffffffff) {
      this.room(5);
      while (v >= 0x80) {
        this.buf[this.length++] = (v & 0x7f) | 0x80;
        v = Math.floor(v / 128);
      }
      this.buf[this.length++] = v;
      return;
    }
    let b = BigInt.asUintN(64, BigInt(v));
    this.room(10);
    while (b >= 0x80n) {
      this.buf[this.length++] = Number(b & 0x7fn) | 0x80;
      b >>= 7n;
    }
    this.buf[this.length++] = Number(b);
  }
  raw(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  string(s: string): void {
    // one byte per character, as the reader gives strings back; wider text as UTF-8
    const wide = /[^\u0000-\u00ff]/.test(s);
    const b = wide ? Buffer.from(s, 'utf8') : Buffer.from(s, 'latin1');
    this.uint(b.length);
    this.raw(b);
  }
  float(v: number, bytes: 4 | 8): void {
    if (bytes === 4) this.scratch.setFloat32(0, v, true);
    else this.scratch.setFloat64(0, v, true);
    this.room(bytes);
    for (let i = 0; i < bytes; i++) this.buf[this.length++] = this.scratch.getUint8(i);
  }
  /** drops the first n bytes */
  shift(n: number): void {
    this.buf.copyWithin(0, n, this.length);
    this.length -= n;
  }
}

/** apitrace's chunk: 1 MB of uncompressed stream. */
export const CHUNK_SIZE = 1 << 20;

/** Ids for the signatures of one kind: a signature keeps its own id unless another one took it first. */
class Interner<S extends { readonly id: number }> {
  private readonly ids = new Map<S, number>();
  private readonly taken = new Set<number>();
  private next = 0;
  /** the id, and whether this is the first use (the full signature follows) */
  id(sig: S): [number, boolean] {
    const known = this.ids.get(sig);
    if (known !== undefined) return [known, false];
    let id = sig.id;
    if (!Number.isSafeInteger(id) || id < 0 || this.taken.has(id)) {
      while (this.taken.has(this.next)) this.next++;
      id = this.next;
    }
    this.taken.add(id);
    this.ids.set(sig, id);
    return [id, true];
  }
}

export class ApitraceWriter {
  private readonly sink: ApitraceSink;
  private readonly out = new Bytes();
  private readonly functions = new Interner<FunctionSig>();
  private readonly enums = new Interner<EnumSig>();
  private readonly bitmasks = new Interner<BitmaskSig>();
  private readonly structs = new Interner<StructSig>();
  private nextNo = 0;
  private closed = false;

  constructor(sink: ApitraceSink | string, header?: Partial<Pick<TraceHeader, 'semanticVersion' | 'properties'>>) {
    this.sink = typeof sink === 'string' ? fileSink(sink) : sink;
    this.sink.write(Uint8Array.of(0x61, 0x74));
    const o = this.out;
    o.uint(6);
    o.uint(Math.min(6, header?.semanticVersion ?? 6));
    for (const [k, v] of header?.properties ?? []) {
      if (k === '') continue; // an empty name ends the list
      o.string(k);
      o.string(v);
    }
    o.string('');
  }

  /** Writes one call; returns the call number it gets in the file. */
  call(c: TraceCall): number {
    if (this.closed) throw new Error('ApitraceWriter: call() after close()');
    const o = this.out;
    const no = this.nextNo++;
    o.byte(0x00);
    o.uint(c.thread);
    const [id, first] = this.functions.id(c.sig);
    o.uint(id);
    if (first) {
      o.string(c.sig.name);
      o.uint(c.sig.argNames.length);
      for (const a of c.sig.argNames) o.string(a);
    }
    c.args.forEach((v, i) => {
      if (v === undefined) return;
      o.byte(0x01);
      o.uint(i);
      this.value(v);
    });
    if (c.flags) {
      o.byte(0x05);
      o.uint(c.flags);
    }
    o.byte(0x00);
    if (!c.incomplete) {
      o.byte(0x01);
      o.uint(no);
      if (c.ret !== undefined) {
        o.byte(0x02);
        this.value(c.ret);
      }
      o.byte(0x00);
    }
    this.flush(false);
    return no;
  }

  private int(v: number | bigint): void {
    if (typeof v === 'number' && !Number.isInteger(v)) throw new TypeError(`ApitraceWriter: ${v} is not an integer (a float needs {kind: 'float'})`);
    const negative = typeof v === 'bigint' ? v < 0n : v < 0 || Object.is(v, -0);
    this.out.byte(negative ? 0x03 : 0x04);
    this.out.uint(typeof v === 'bigint' ? (negative ? -v : v) : Math.abs(v));
  }

  private value(v: Value): void {
    const o = this.out;
    if (v === null) return o.byte(0x00);
    switch (typeof v) {
      case 'boolean':
        return o.byte(v ? 0x02 : 0x01);
      case 'number':
      case 'bigint':
        return this.int(v);
      case 'string':
        o.byte(0x07);
        return o.string(v);
      default:
        break;
    }
    switch (v.kind) {
      case 'float':
        o.byte(0x05);
        return o.float(v.value, 4);
      case 'double':
        o.byte(0x06);
        return o.float(v.value, 8);
      case 'wstring':
        o.byte(0x0f);
        o.uint(v.text.length);
        for (let i = 0; i < v.text.length; i++) o.uint(v.text.charCodeAt(i));
        return;
      case 'blob':
        o.byte(0x08);
        o.uint(v.bytes.length);
        return o.raw(v.bytes);
      case 'enum': {
        o.byte(0x09);
        const [id, first] = this.enums.id(v.sig);
        o.uint(id);
        if (first) {
          o.uint(v.sig.values.length);
          for (const [name, n] of v.sig.values) {
            o.string(name);
            this.int(n);
          }
        }
        return this.int(v.value);
      }
      case 'bitmask': {
        o.byte(0x0a);
        const [id, first] = this.bitmasks.id(v.sig);
        o.uint(id);
        if (first) {
          o.uint(v.sig.flags.length);
          for (const [name, n] of v.sig.flags) {
            o.string(name);
            o.uint(n);
          }
        }
        return o.uint(v.value);
      }
      case 'array':
        o.byte(0x0b);
        o.uint(v.items.length);
        for (const item of v.items) this.value(item);
        return;
      case 'struct': {
        o.byte(0x0c);
        const [id, first] = this.structs.id(v.sig);
        o.uint(id);
        if (first) {
          o.string(v.sig.name);
          o.uint(v.sig.memberNames.length);
          for (const m of v.sig.memberNames) o.string(m);
        }
        if (v.members.length !== v.sig.memberNames.length) {
          throw new TypeError(`ApitraceWriter: struct ${v.sig.name} has ${v.members.length} members, its signature ${v.sig.memberNames.length}`);
        }
        for (const m of v.members) this.value(m);
        return;
      }
      case 'pointer':
        o.byte(0x0d);
        return o.uint(v.address);
      case 'repr':
        o.byte(0x0e);
        this.value(v.human);
        return this.value(v.machine);
      default: {
        const never: never = v;
        throw new TypeError(`ApitraceWriter: not a value: ${JSON.stringify(never)}`);
      }
    }
  }

  private flush(all: boolean): void {
    const o = this.out;
    let at = 0;
    while (o.length - at >= CHUNK_SIZE || (all && o.length > at)) {
      const n = Math.min(CHUNK_SIZE, o.length - at);
      const block = snappyCompress(o.buf.subarray(at, at + n));
      const head = new Uint8Array(4);
      new DataView(head.buffer).setUint32(0, block.length, true);
      this.sink.write(head);
      this.sink.write(block);
      at += n;
    }
    // one move of the remainder (a huge blob is cut into many chunks without quadratic copying)
    if (at) o.shift(at);
  }

  /** Writes what is buffered and closes a file sink. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flush(true);
    this.sink.close?.();
  }
}
