/**
 * Reads apitrace's event stream (docs/FORMAT.markdown, versions 3 to 6) into TraceCalls: the
 * header, enter and leave events joined into one call each (emitted in leave order), interned
 * signatures, every value kind. Streamed: a file is read chunk by chunk and only calls still
 * waiting for their leave event are held.
 *
 * Strings (`0x07`) come back with one character per byte (latin1), so writing one gives back
 * the bytes read; wide strings come back as UTF-16 code units.
 */
import { TraceFormatError } from '../trace/errors.js';
import { fileInput, memoryInput, openSource, type ByteInput, type StreamSource } from './container.js';
import type { BitmaskSig, EnumSig, FunctionSig, StructSig, TraceCall, TraceHeader, Value } from './model.js';
import { ByteStream, StreamEnd } from './stream.js';

/** The format versions this reader takes (apitrace 13 writes 6). */
export const MIN_VERSION = 3;
export const MAX_VERSION = 6;

/** Bounds on what one trace may declare (each far above any real D3D9 capture). */
export const LIMITS = {
  string: 16 << 20,
  blob: 256 << 20,
  /** items of an array, members of a struct, values of an enum, characters of a wide string */
  count: 1 << 24,
  /** an argument index */
  arg: 1 << 12,
  /** a signature or frame id */
  id: 1 << 24,
  /** arrays, structs and reprs inside one another */
  depth: 64,
  /** calls entered and not yet left */
  pending: 1 << 16,
} as const;

const EVENT_ENTER = 0x00;
const EVENT_LEAVE = 0x01;

export interface ApitraceFile {
  readonly header: TraceHeader;
  /** the calls, in leave order, then those with no leave event (flagged incomplete) */
  calls(): Iterable<TraceCall>;
  /** what the last pass over calls() found and read past (a cut file, a stray leave event) */
  readonly warnings: string[];
}

/** Opens an apitrace `.trace` file; the header is read now, the calls as they are iterated. */
export function openApitrace(path: string): ApitraceFile {
  return new Reader(() => fileInput(path));
}

/** The same over bytes in memory. */
export function apitraceFromBytes(bytes: Uint8Array): ApitraceFile {
  return new Reader(() => memoryInput(bytes));
}

class Reader implements ApitraceFile {
  readonly header: TraceHeader;
  readonly warnings: string[] = [];

  constructor(private readonly open: () => ByteInput) {
    const src = openSource(open());
    try {
      this.header = readHeader(new ByteStream(src), src);
    } finally {
      src.close();
    }
  }

  *calls(): Generator<TraceCall> {
    this.warnings.length = 0;
    const src = openSource(this.open());
    try {
      const s = new ByteStream(src);
      readHeader(s, src);
      yield* new EventParser(s, this.header.version, this.warnings).run();
      this.warnings.push(...src.warnings);
    } finally {
      src.close();
    }
  }
}

function readHeader(s: ByteStream, src: StreamSource): TraceHeader {
  try {
    const version = s.uint();
    if (typeof version === 'bigint' || version > MAX_VERSION || version < MIN_VERSION) {
      s.fail(`format version ${version} is not one this reader takes (${MIN_VERSION} to ${MAX_VERSION})`, 0);
    }
    let semanticVersion = version;
    const properties: Array<readonly [string, string]> = [];
    if (version >= 6) {
      const at = s.offset;
      const sv = s.uint();
      if (typeof sv === 'bigint' || sv > version) s.fail(`semantic version ${sv} is above the format version ${version}`, at);
      semanticVersion = sv;
      for (;;) {
        const name = readString(s);
        if (name === '') break;
        properties.push([name, readString(s)]);
      }
    }
    return { version, semanticVersion, properties, compression: src.compression };
  } catch (e) {
    if (e instanceof StreamEnd) {
      throw new TraceFormatError(`apitrace trace: ${src.describe(s.offset)}: the stream ends inside the header`, src.fileOffset(s.offset));
    }
    throw e;
  }
}

function readString(s: ByteStream): string {
  const n = s.count('string length', LIMITS.string);
  return latin1(s.bytes(n));
}

function latin1(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode(...b.subarray(i, i + 8192));
  return out;
}

/** A call between its enter and leave events. */
interface Building {
  no: number;
  thread: number;
  sig: FunctionSig;
  args: Array<Value | undefined>;
  ret: Value | undefined;
  flags: number;
  offset: number;
}

class EventParser {
  private readonly functions = new Map<number, FunctionSig>();
  private readonly enums = new Map<number, EnumSig>();
  private readonly bitmasks = new Map<number, BitmaskSig>();
  private readonly structs = new Map<number, StructSig>();
  private readonly frames = new Set<number>();
  private readonly pending = new Map<number, Building>();
  private nextNo = 0;
  private strayLeaves = 0;

  constructor(
    private readonly s: ByteStream,
    private readonly version: number,
    private readonly warnings: string[],
  ) {}

  *run(): Generator<TraceCall> {
    const { s } = this;
    for (;;) {
      if (s.atEnd()) break;
      const at = s.offset;
      let done: TraceCall | null = null;
      try {
        const event = s.byte();
        if (event === EVENT_ENTER) this.enter(at);
        else if (event === EVENT_LEAVE) done = this.leave(at);
        else s.fail(`unknown event 0x${event.toString(16)} (expected 0x00 enter or 0x01 leave)`, at);
      } catch (e) {
        if (!(e instanceof StreamEnd)) throw e;
        this.warnings.push(`apitrace trace: ${s.source.describe(at)}: the stream ends inside an event; the trace was cut short, read up to the last complete event`);
        break;
      }
      if (done) yield done;
    }
    if (this.strayLeaves) this.warnings.push(`apitrace trace: ${this.strayLeaves} leave event(s) for calls never entered were skipped`);
    if (this.pending.size) {
      const nos = [...this.pending.keys()];
      this.warnings.push(`apitrace trace: ${nos.length} call(s) have no leave event (first: call ${nos[0]}); read as incomplete`);
    }
    for (const b of this.pending.values()) yield finish(b, true);
    this.pending.clear();
  }

  private enter(at: number): void {
    const { s } = this;
    const thread = this.version >= 4 ? s.count('thread number', 0xffffffff) : 0;
    const sig = this.functionSig();
    const b: Building = { no: this.nextNo++, thread, sig, args: new Array<Value | undefined>(sig.argNames.length).fill(undefined), ret: undefined, flags: 0, offset: at };
    this.details(b);
    if (this.pending.size >= LIMITS.pending) s.fail(`more than ${LIMITS.pending} calls entered and not left`, at);
    this.pending.set(b.no, b);
  }

  private leave(at: number): TraceCall | null {
    const { s } = this;
    const no = s.count('call number', Number.MAX_SAFE_INTEGER);
    const b = this.pending.get(no);
    if (!b) {
      // apitrace skips a leave whose enter it never saw; so do we, after reading its details
      this.strayLeaves++;
      this.details({ no, thread: 0, sig: { id: -1, name: '?', argNames: [] }, args: [], ret: undefined, flags: 0, offset: at });
      return null;
    }
    this.details(b);
    this.pending.delete(no);
    return finish(b, false);
  }

  private details(b: Building): void {
    const { s } = this;
    for (;;) {
      const at = s.offset;
      const d = s.byte();
      switch (d) {
        case 0x00:
          return;
        case 0x01: {
          const i = s.count('argument index', LIMITS.arg);
          const v = this.value(0);
          while (b.args.length <= i) b.args.push(undefined);
          b.args[i] = v;
          break;
        }
        case 0x02:
          b.ret = this.value(0);
          break;
        case 0x03:
          b.thread = s.count('thread number', 0xffffffff);
          break;
        case 0x04:
          this.backtrace();
          break;
        case 0x05:
          b.flags = s.count('call flags', 0xffffffff);
          break;
        default:
          s.fail(`unknown call detail 0x${d.toString(16)} in call ${b.no} (${b.sig.name})`, at);
      }
    }
  }

  /** Backtraces are read past: replay9 has no use for them. */
  private backtrace(): void {
    const { s } = this;
    const n = s.count('backtrace frame count', LIMITS.count);
    for (let i = 0; i < n; i++) {
      const id = s.count('frame id', LIMITS.id);
      if (this.frames.has(id)) continue;
      this.frames.add(id);
      for (;;) {
        const at = s.offset;
        const d = s.byte();
        if (d === 0x00) break;
        if (d >= 0x01 && d <= 0x03) readString(s);
        else if (d === 0x04 || d === 0x05) s.uint();
        else s.fail(`unknown backtrace frame detail 0x${d.toString(16)}`, at);
      }
    }
  }

  private functionSig(): FunctionSig {
    const { s } = this;
    const id = s.count('function signature id', LIMITS.id);
    const known = this.functions.get(id);
    if (known) return known;
    const name = readString(s);
    const n = s.count('argument count', LIMITS.arg);
    const argNames: string[] = [];
    for (let i = 0; i < n; i++) argNames.push(readString(s));
    const sig: FunctionSig = { id, name, argNames };
    this.functions.set(id, sig);
    return sig;
  }

  private enumSig(): EnumSig {
    const { s } = this;
    const id = s.count('enum signature id', LIMITS.id);
    const known = this.enums.get(id);
    if (known) return known;
    const n = s.count('enum value count', LIMITS.count);
    const values: Array<readonly [string, number | bigint]> = [];
    for (let i = 0; i < n; i++) values.push([readString(s), this.sint()]);
    const sig: EnumSig = { id, values };
    this.enums.set(id, sig);
    return sig;
  }

  private bitmaskSig(): BitmaskSig {
    const { s } = this;
    const id = s.count('bitmask signature id', LIMITS.id);
    const known = this.bitmasks.get(id);
    if (known) return known;
    const n = s.count('bitmask flag count', LIMITS.count);
    const flags: Array<readonly [string, number | bigint]> = [];
    for (let i = 0; i < n; i++) flags.push([readString(s), s.uint()]);
    const sig: BitmaskSig = { id, flags };
    this.bitmasks.set(id, sig);
    return sig;
  }

  private structSig(): StructSig {
    const { s } = this;
    const id = s.count('struct signature id', LIMITS.id);
    const known = this.structs.get(id);
    if (known) return known;
    const name = readString(s);
    const n = s.count('struct member count', LIMITS.count);
    const memberNames: string[] = [];
    for (let i = 0; i < n; i++) memberNames.push(readString(s));
    const sig: StructSig = { id, name, memberNames };
    this.structs.set(id, sig);
    return sig;
  }

  /** An integer with its type byte (0x03 negative, 0x04 positive), as enums store theirs. */
  private sint(): number | bigint {
    const { s } = this;
    const at = s.offset;
    const t = s.byte();
    if (t === 0x03) return negate(s.uint());
    if (t === 0x04) return s.uint();
    return s.fail(`expected an integer (0x03 or 0x04), found type 0x${t.toString(16)}`, at);
  }

  private value(depth: number): Value {
    const { s } = this;
    const at = s.offset;
    const t = s.byte();
    switch (t) {
      case 0x00:
        return null;
      case 0x01:
        return false;
      case 0x02:
        return true;
      case 0x03:
        return negate(s.uint());
      case 0x04:
        return s.uint();
      case 0x05:
        return { kind: 'float', value: s.float32() };
      case 0x06:
        return { kind: 'double', value: s.float64() };
      case 0x07:
        return readString(s);
      case 0x08:
        return { kind: 'blob', bytes: s.bytes(s.count('blob length', LIMITS.blob)) };
      case 0x09: {
        const sig = this.enumSig();
        return { kind: 'enum', sig, value: this.sint() };
      }
      case 0x0a: {
        const sig = this.bitmaskSig();
        return { kind: 'bitmask', sig, value: s.uint() };
      }
      case 0x0b: {
        this.nest(depth, at);
        const n = s.count('array length', LIMITS.count);
        const items: Value[] = [];
        for (let i = 0; i < n; i++) items.push(this.value(depth + 1));
        return { kind: 'array', items };
      }
      case 0x0c: {
        this.nest(depth, at);
        const sig = this.structSig();
        const members: Value[] = [];
        for (let i = 0; i < sig.memberNames.length; i++) members.push(this.value(depth + 1));
        return { kind: 'struct', sig, members };
      }
      case 0x0d:
        return { kind: 'pointer', address: s.uint() };
      case 0x0e: {
        this.nest(depth, at);
        const human = this.value(depth + 1);
        return { kind: 'repr', human, machine: this.value(depth + 1) };
      }
      case 0x0f:
        return { kind: 'wstring', text: this.wstring() };
      default:
        return s.fail(`unknown value type 0x${t.toString(16)}`, at);
    }
  }

  private nest(depth: number, at: number): void {
    if (depth >= LIMITS.depth) this.s.fail(`values nested deeper than ${LIMITS.depth}`, at);
  }

  private wstring(): string {
    const { s } = this;
    const n = s.count('wide string length', LIMITS.count);
    const units: number[] = [];
    let out = '';
    for (let i = 0; i < n; i++) {
      const at = s.offset;
      const c = s.uint();
      if (typeof c === 'bigint' || c > 0x10ffff) return s.fail(`wide character ${c} is above U+10FFFF`, at);
      if (c > 0xffff) units.push(0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff));
      else units.push(c);
      if (units.length >= 4096) {
        out += String.fromCharCode(...units);
        units.length = 0;
      }
    }
    return out + String.fromCharCode(...units);
  }
}

/** apitrace's negative integer: a magnitude (kept exact, so that writing it gives back the same bytes). */
function negate(v: number | bigint): number | bigint {
  return -v;
}

function finish(b: Building, incomplete: boolean): TraceCall {
  return { no: b.no, thread: b.thread, sig: b.sig, args: b.args, ret: b.ret, flags: b.flags, incomplete, offset: b.offset };
}

/** `fromBytes(bytes)`: apitraceFromBytes under the short name tests use. */
export { apitraceFromBytes as fromBytes };
