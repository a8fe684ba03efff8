/**
 * Bounds-checks a chunk's calls before any accessor reads them: the FlatBuffers
 * TypeScript runtime has no verifier, and reads past the end give garbage, not
 * errors. A chunk payload is a sequence of size-prefixed Call buffers; every
 * offset, vtable, vector and string of each is checked against that call's own
 * bytes. A failure is a TraceFormatError naming the byte.
 */
import { isUtf8 } from 'node:buffer';
import { COMMAND_COUNT, COMMANDS, structDef } from './commands.js';
import { TraceFormatError } from './errors.js';
import type { TableField } from './schema-types.js';
import { CALL_SLOT } from './codec.js';

export interface VerifyPlace {
  /** byte offset of the chunk payload in the file (for messages) */
  fileOffset: number;
  /** true when the payload was deflated: offsets then count in the inflated bytes */
  inflated: boolean;
  /** the trace's number of the chunk's first call (messages name the call by it) */
  firstCall?: number;
}

/** The smallest possible call buffer: a root offset, a Call table and a command table. */
const MIN_CALL_BYTES = 16;

class Verifier {
  private readonly dv: DataView;
  /** the bounds of the call being checked */
  private start = 0;
  private end = 0;
  private call = 0;

  constructor(private readonly buf: Uint8Array, private readonly place: VerifyPlace) {
    this.dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  fail(at: number, what: string): never {
    const p = this.place;
    const where = p.inflated ? `chunk payload at byte ${p.fileOffset}, inflated byte ${at}` : `byte ${p.fileOffset + at}`;
    const call = p.firstCall === undefined ? `call ${this.call} of the chunk` : `call ${p.firstCall + this.call} (call ${this.call} of the chunk)`;
    throw new TraceFormatError(`trace chunk: ${where}: ${call}: ${what}`, p.fileOffset + (p.inflated ? 0 : at));
  }

  private u32(at: number): number {
    if (at < this.start || at + 4 > this.end) this.fail(at, `expected 4 bytes inside the call (bytes ${this.start}..${this.end})`);
    return this.dv.getUint32(at, true);
  }

  /** the table checked last: its vtable position and length, and its object length */
  private vt = 0;
  private vtLen = 0;
  private objLen = 0;

  /** Checks a table's header and vtable, and makes it the one `field` reads. */
  private table(pos: number, what: string): void {
    if (pos < this.start || pos + 4 > this.end) this.fail(pos, `${what} table offset out of bounds`);
    const vt = pos - this.dv.getInt32(pos, true);
    if (vt < this.start || vt + 4 > this.end) this.fail(pos, `${what} vtable offset ${vt} out of bounds`);
    const vtLen = this.dv.getUint16(vt, true);
    const objLen = this.dv.getUint16(vt + 2, true);
    // the runtime reads vtable entries as signed 16-bit: 0x8000 and up would turn negative there
    if (vtLen < 4 || vtLen % 2 !== 0 || vtLen >= 0x8000 || vt + vtLen > this.end) this.fail(vt, `${what} vtable length ${vtLen} is invalid`);
    if (objLen < 4 || objLen >= 0x8000 || pos + objLen > this.end) this.fail(vt, `${what} object length ${objLen} runs past the call`);
    this.vt = vt;
    this.vtLen = vtLen;
    this.objLen = objLen;
  }

  /** The offset of field `slot` of the current table (0 when absent), checked to hold `bytes` inside the object. */
  private field(slot: number, bytes: number, what: string): number {
    const at = 4 + 2 * slot;
    if (at + 2 > this.vtLen) return 0;
    const o = this.dv.getUint16(this.vt + at, true);
    if (o !== 0 && (o >= 0x8000 || o + bytes > this.objLen)) this.fail(this.vt + at, `${what} field ${slot} at ${o} (${bytes} bytes) lies outside the object (${this.objLen} bytes)`);
    return o;
  }

  /** Follows a uoffset; returns the target position. */
  private indirect(at: number, what: string): number {
    const target = at + this.u32(at);
    if (target >= this.end) this.fail(at, `${what} offset points past the call`);
    return target;
  }

  private vector(at: number, elem: number, table: string, field: string, terminated = false): void {
    const v = this.indirect(at, table);
    const count = this.u32(v);
    if (count * elem + (terminated ? 1 : 0) > this.end - v - 4) this.fail(v, `${table}.${field} length ${count} runs past the call`);
    if (terminated && this.buf[v + 4 + count] !== 0) this.fail(v, `${table}.${field} string lacks its terminator`);
    // strings are UTF-8: other bytes would read back as U+FFFD and the trace would not convert to text and back unchanged
    if (terminated && !isUtf8(this.buf.subarray(v + 4, v + 4 + count))) this.fail(v, `${table}.${field} string is not valid UTF-8`);
  }

  private params(pos: number, fields: readonly TableField[], what: string): void {
    this.table(pos, what);
    for (const fd of fields) {
      switch (fd.type.kind) {
        case 'scalar': this.field(fd.slot, fd.type.scalar === 'ubyte' || fd.type.scalar === 'bool' ? 1 : 4, what); break;
        case 'struct': this.field(fd.slot, structDef(fd.type.struct).size, what); break;
        case 'bytes': case 'string': case 'structs': {
          const o = this.field(fd.slot, 4, what);
          if (!o) break;
          const elem = fd.type.kind === 'structs' ? structDef(fd.type.struct).size : 1;
          this.vector(pos + o, elem, what, fd.name, fd.type.kind === 'string');
          break;
        }
        default:
          this.fail(pos, `${what}: unexpected field kind ${fd.type.kind}`);
      }
    }
  }

  /** Checks the size-prefixed call at `at`; returns its Call table position (the next call starts at `end`). */
  callAt(at: number, index: number): number {
    this.call = index;
    this.start = at;
    this.end = this.buf.length;
    const size = this.u32(at);
    if (size < MIN_CALL_BYTES || size > this.buf.length - at - 4) this.fail(at, `call size ${size} does not fit the ${this.buf.length - at - 4} bytes left`);
    this.start = at + 4;
    this.end = at + 4 + size;
    const pos = this.indirect(this.start, 'root');
    const what = `Call`;
    this.table(pos, what);
    this.field(CALL_SLOT.self, 4, what);
    this.field(CALL_SLOT.result, 4, what);
    this.field(CALL_SLOT.created, 4, what);
    const no = this.field(CALL_SLOT.name, 4, what);
    const to = this.field(CALL_SLOT.commandType, 1, what);
    const cmdo = this.field(CALL_SLOT.command, 4, what);
    if (no) this.vector(pos + no, 1, 'Call', 'name', true);
    const type = to ? this.buf[pos + to] : 0;
    if (type < 1 || type > COMMAND_COUNT) this.fail(pos + to, `command type ${type} is not one of 1..${COMMAND_COUNT}`);
    if (!cmdo) this.fail(pos, 'command table missing');
    const info = COMMANDS[type];
    this.params(this.indirect(pos + cmdo, 'command'), info.table.fields, info.name);
    return pos;
  }

  get callEnd(): number {
    return this.end;
  }
}

/** Verifies every call of a chunk payload; returns the positions of their Call tables. */
export function verifyCalls(buf: Uint8Array, place: VerifyPlace, expected: number): number[] {
  const v = new Verifier(buf, place);
  if (expected > buf.length / (MIN_CALL_BYTES + 4)) v.fail(0, `${expected} calls cannot fit in ${buf.length} bytes`);
  const calls: number[] = [];
  let at = 0;
  while (at < buf.length) {
    if (calls.length === expected) v.fail(at, `the chunk holds more than the ${expected} calls its header counts`);
    calls.push(v.callAt(at, calls.length));
    at = v.callEnd;
  }
  if (calls.length !== expected) v.fail(at, `the chunk holds ${calls.length} calls, its header counts ${expected}`);
  return calls;
}
