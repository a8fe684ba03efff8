/**
 * Bounds-checks a size-prefixed Batch before any accessor reads it: the
 * FlatBuffers TypeScript runtime has no verifier, and reads past the end give
 * garbage, not errors. Every offset, vtable, vector and string is checked
 * against the buffer; a failure is a TraceFormatError naming the byte.
 */
import { COMMAND_COUNT, COMMANDS, structDef } from './commands.js';
import { TraceFormatError } from './errors.js';
import type { TableField } from './schema-types.js';
import { BATCH_SLOT, CALL_SLOT } from './codec.js';

export interface VerifyPlace {
  /** byte offset of the chunk payload in the file (for messages) */
  fileOffset: number;
  /** true when the payload was deflated: offsets then count in the inflated bytes */
  inflated: boolean;
}

/** Upper bound on calls a batch may hold: each takes at least 12 bytes. */
const MIN_CALL_BYTES = 12;

export function verifyBatch(buf: Uint8Array, place: VerifyPlace): number {
  const len = buf.length;
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const where = (at: number): string =>
    place.inflated
      ? `chunk payload at byte ${place.fileOffset}, inflated byte ${at}`
      : `byte ${place.fileOffset + at}`;
  const fail = (at: number, what: string): never => {
    throw new TraceFormatError(`trace batch: ${where(at)}: ${what}`, place.fileOffset + (place.inflated ? 0 : at));
  };
  const u32 = (at: number): number => {
    if (at < 0 || at + 4 > len) fail(at, `expected 4 bytes, the batch ends at ${len}`);
    return dv.getUint32(at, true);
  };
  const u16 = (at: number): number => {
    if (at < 0 || at + 2 > len) fail(at, `expected 2 bytes, the batch ends at ${len}`);
    return dv.getUint16(at, true);
  };

  if (len < 12) fail(0, `expected a batch of at least 12 bytes, got ${len}`);
  const size = u32(0);
  if (size !== len - 4) fail(0, `size prefix says ${size} bytes, the payload holds ${len - 4}`);

  /** Checks a table's header and vtable; returns a reader of its field offsets. */
  const table = (pos: number, what: string): ((slot: number, bytes: number) => number) => {
    if (pos < 4 || pos + 4 > len) fail(pos, `${what} table offset out of bounds`);
    const vt = pos - dv.getInt32(pos, true);
    if (vt < 4 || vt + 4 > len) fail(pos, `${what} vtable offset ${vt} out of bounds`);
    const vtLen = u16(vt);
    const objLen = u16(vt + 2);
    // the runtime reads vtable entries as signed 16-bit: 0x8000 and up would turn negative there
    if (vtLen < 4 || vtLen % 2 !== 0 || vtLen >= 0x8000 || vt + vtLen > len) fail(vt, `${what} vtable length ${vtLen} is invalid`);
    if (objLen < 4 || objLen >= 0x8000 || pos + objLen > len) fail(vt, `${what} object length ${objLen} runs past the batch`);
    return (slot, bytes) => {
      const at = 4 + 2 * slot;
      if (at + 2 > vtLen) return 0;
      const o = dv.getUint16(vt + at, true);
      if (o !== 0 && (o >= 0x8000 || o + bytes > objLen)) fail(vt + at, `${what} field ${slot} at ${o} (${bytes} bytes) lies outside the object (${objLen} bytes)`);
      return o;
    };
  };
  /** Follows a uoffset field; returns the target position. */
  const indirect = (at: number, what: string): number => {
    const target = at + u32(at);
    if (target >= len) fail(at, `${what} offset points past the batch`);
    return target;
  };
  const vector = (at: number, elem: number, what: string): { start: number; count: number } => {
    const v = indirect(at, what);
    const count = u32(v);
    if (count * elem > len - v - 4) fail(v, `${what} length ${count} runs past the batch`);
    return { start: v + 4, count };
  };

  const params = (pos: number, fields: readonly TableField[], what: string): void => {
    const f = table(pos, what);
    for (const fd of fields) {
      switch (fd.type.kind) {
        case 'scalar': f(fd.slot, fd.type.scalar === 'ubyte' || fd.type.scalar === 'bool' ? 1 : 4); break;
        case 'struct': f(fd.slot, structDef(fd.type.struct).size); break;
        case 'bytes': {
          const o = f(fd.slot, 4);
          if (o) vector(pos + o, 1, `${what}.${fd.name}`);
          break;
        }
        case 'string': {
          const o = f(fd.slot, 4);
          if (o) {
            const s = vector(pos + o, 1, `${what}.${fd.name}`);
            if (s.start + s.count >= len || buf[s.start + s.count] !== 0) fail(s.start, `${what}.${fd.name} string lacks its terminator`);
          }
          break;
        }
        case 'structs': {
          const o = f(fd.slot, 4);
          if (o) vector(pos + o, structDef(fd.type.struct).size, `${what}.${fd.name}`);
          break;
        }
        default:
          fail(pos, `${what}: unexpected field kind ${fd.type.kind}`);
      }
    }
  };

  const root = indirect(4, 'batch root');
  const bf = table(root, 'Batch');
  bf(BATCH_SLOT.firstCall, 4);
  const co = bf(BATCH_SLOT.calls, 4);
  if (!co) return 0;
  const calls = vector(root + co, 4, 'Batch.calls');
  if (calls.count > len / MIN_CALL_BYTES) fail(calls.start, `${calls.count} calls cannot fit in ${len} bytes`);
  for (let i = 0; i < calls.count; i++) {
    const what = `call ${i} of the batch`;
    const pos = indirect(calls.start + 4 * i, what);
    const f = table(pos, what);
    f(CALL_SLOT.self, 4); f(CALL_SLOT.result, 4); f(CALL_SLOT.created, 4);
    const no = f(CALL_SLOT.name, 4);
    if (no) {
      const s = vector(pos + no, 1, `${what} name`);
      if (s.start + s.count >= len || buf[s.start + s.count] !== 0) fail(s.start, `${what} name lacks its terminator`);
    }
    const to = f(CALL_SLOT.commandType, 1);
    const type = to ? buf[pos + to] : 0;
    if (type < 1 || type > COMMAND_COUNT) fail(pos + to, `${what}: command type ${type} is not one of 1..${COMMAND_COUNT}`);
    const cmdo = f(CALL_SLOT.command, 4);
    if (!cmdo) fail(pos, `${what}: command table missing`);
    const info = COMMANDS[type];
    params(indirect(pos + cmdo, `${what} command`), info.table.fields, `${what} (${info.name})`);
  }
  return calls.count;
}
