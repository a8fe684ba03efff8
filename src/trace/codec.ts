/**
 * Generic FlatBuffers encode/decode of calls, driven by the schema description,
 * so one codec serves every command. The layout is the one flatc's generated
 * accessors read (tests check both agree).
 */
import { Builder, ByteBuffer, Encoding } from 'flatbuffers';
import { isFloatBits } from './call.js';
import type { ArgValue, CallRecord, FloatBits, StructValue } from './call.js';
import { COMMANDS, commandInfo, structDef } from './commands.js';
import type { CommandName } from './commands.js';
import { TraceFormatError } from './errors.js';
import type { StructDef, TableField } from './schema-types.js';

// Call table slots (schema order: self, result, created, name, command_type, command)
export const CALL_SLOT = { self: 0, result: 1, created: 2, name: 3, commandType: 4, command: 5 } as const;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The stored bits of a float field: exact for FloatBits and −0; a NaN number is the canonical quiet NaN. */
export function floatFieldBits(v: number | FloatBits): number {
  if (isFloatBits(v)) return v.f32bits >>> 0;
  if (Number.isNaN(v)) return 0x7fc00000;
  f32[0] = v;
  return u32[0];
}

/** A float field's value from its bits: a number, or FloatBits for a NaN (its payload kept). */
export function floatFieldValue(bits: number): number | FloatBits {
  if ((bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0) return { f32bits: bits >>> 0 };
  u32[0] = bits;
  return f32[0];
}

/** Every scalar of a struct value in layout order, as uint32 bit patterns. */
function flattenStruct(def: StructDef, v: StructValue, out: number[]): void {
  for (const f of def.fields) {
    const x = v[f.name];
    if (typeof f.type === 'object') {
      flattenStruct(structDef(f.type.struct), (x ?? {}) as StructValue, out);
    } else {
      const n = typeof x === 'number' ? x : 0;
      if (f.type === 'float') out.push(floatFieldBits((x ?? 0) as number | FloatBits)); else out.push(n >>> 0);
    }
  }
}

function writeStruct(b: Builder, def: StructDef, v: StructValue): number {
  const words: number[] = [];
  flattenStruct(def, v, words);
  b.prep(4, def.size);
  for (let i = words.length - 1; i >= 0; i--) b.writeInt32(words[i] | 0);
  return b.offset();
}

function encodeTable(b: Builder, fields: readonly TableField[], args: Record<string, ArgValue>): number {
  // offsets of out-of-line values must exist before the table is started
  const offsets = new Map<string, number>();
  for (const f of fields) {
    const v = args[f.name];
    if (v === null || v === undefined) continue;
    switch (f.type.kind) {
      case 'string': offsets.set(f.name, b.createString(v as string)); break;
      case 'bytes': offsets.set(f.name, b.createByteVector(v as Uint8Array)); break;
      case 'structs': {
        const def = structDef(f.type.struct);
        const list = v as StructValue[];
        b.startVector(def.size, list.length, 4);
        for (let i = list.length - 1; i >= 0; i--) writeStruct(b, def, list[i]);
        offsets.set(f.name, b.endVector());
        break;
      }
      default: break;
    }
  }
  const slots = fields.length === 0 ? 0 : fields[fields.length - 1].slot + 1;
  b.startObject(slots);
  for (const f of fields) {
    const v = args[f.name];
    if (v === null || v === undefined) continue;
    switch (f.type.kind) {
      case 'scalar':
        // floats go in as their bits, so −0 and NaN payloads survive (a float32 0.0 is bits 0, the default)
        if (f.type.scalar === 'float') b.addFieldInt32(f.slot, floatFieldBits(v as number | FloatBits) | 0, 0);
        else if (f.type.scalar === 'ubyte' || f.type.scalar === 'bool') b.addFieldInt8(f.slot, v as number, 0);
        else b.addFieldInt32(f.slot, (v as number) | 0, 0);
        break;
      case 'struct':
        b.addFieldStruct(f.slot, writeStruct(b, structDef(f.type.struct), v as StructValue), 0);
        break;
      case 'string': case 'bytes': case 'structs':
        b.addFieldOffset(f.slot, offsets.get(f.name)!, 0);
        break;
      default:
        throw new Error(`codec: field ${f.name} of kind ${f.type.kind} is not a command parameter`);
    }
  }
  return b.endObject();
}

/** Appends one call to the builder; returns the offset of its Call table. */
export function encodeCall(b: Builder, call: CallRecord): number {
  const info = commandInfo(call.command);
  if (!info) throw new Error(`codec: unknown command ${call.command}`);
  const name = call.name ? b.createString(call.name) : 0;
  const cmd = encodeTable(b, info.table.fields, call.args);
  b.startObject(6);
  b.addFieldInt32(CALL_SLOT.self, call.self | 0, 0);
  b.addFieldInt32(CALL_SLOT.result, call.result | 0, 0);
  b.addFieldInt32(CALL_SLOT.created, call.created | 0, 0);
  if (name) b.addFieldOffset(CALL_SLOT.name, name, 0);
  b.addFieldInt8(CALL_SLOT.commandType, info.type, 0);
  b.addFieldOffset(CALL_SLOT.command, cmd, 0);
  return b.endObject();
}

/** One call as a size-prefixed FlatBuffer (a view into the builder, valid until its next use). */
export function encodeCallBuffer(b: Builder, call: CallRecord): Uint8Array {
  b.clear();
  b.finishSizePrefixed(encodeCall(b, call));
  return b.asUint8Array();
}

// ---- decoding (input already verified: see verify.ts) ----

/** The runtime's own decoder drops a leading U+FEFF (a BOM to TextDecoder): strings keep every character. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A stored string's UTF-8 bytes as a string, every character kept. */
export function utf8String(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

function readString(bb: ByteBuffer, at: number): string {
  return UTF8.decode(bb.__string(at, Encoding.UTF8_BYTES) as Uint8Array);
}

function field(bb: ByteBuffer, table: number, slot: number): number {
  return bb.__offset(table, 4 + 2 * slot);
}

function readStruct(bb: ByteBuffer, pos: number, def: StructDef): StructValue {
  const out: StructValue = {};
  for (const f of def.fields) {
    const at = pos + f.offset;
    if (typeof f.type === 'object') out[f.name] = readStruct(bb, at, structDef(f.type.struct));
    else if (f.type === 'float') out[f.name] = floatFieldValue(bb.readUint32(at));
    else if (f.type === 'int') out[f.name] = bb.readInt32(at);
    else out[f.name] = bb.readUint32(at);
  }
  return out;
}

function decodeTable(bb: ByteBuffer, table: number, fields: readonly TableField[]): Record<string, ArgValue> {
  const args: Record<string, ArgValue> = {};
  for (const f of fields) {
    const o = field(bb, table, f.slot);
    const at = table + o;
    switch (f.type.kind) {
      case 'scalar':
        if (f.type.scalar === 'float') args[f.name] = o ? floatFieldValue(bb.readUint32(at)) : 0;
        else if (f.type.scalar === 'int') args[f.name] = o ? bb.readInt32(at) : 0;
        else if (f.type.scalar === 'uint') args[f.name] = o ? bb.readUint32(at) : 0;
        else args[f.name] = o ? bb.readUint8(at) : 0;
        break;
      case 'struct':
        args[f.name] = o ? readStruct(bb, at, structDef(f.type.struct)) : null;
        break;
      case 'string':
        args[f.name] = o ? readString(bb, at) : null;
        break;
      case 'bytes': {
        if (!o) { args[f.name] = null; break; }
        const start = bb.__vector(at);
        const len = bb.__vector_len(at);
        args[f.name] = bb.bytes().slice(start, start + len);
        break;
      }
      case 'structs': {
        if (!o) { args[f.name] = null; break; }
        const def = structDef(f.type.struct);
        const start = bb.__vector(at);
        const len = bb.__vector_len(at);
        const list: StructValue[] = [];
        for (let i = 0; i < len; i++) list.push(readStruct(bb, start + i * def.size, def));
        args[f.name] = list;
        break;
      }
      default:
        break;
    }
  }
  return args;
}

/** Decodes the Call table at `pos`. */
export function decodeCall(bb: ByteBuffer, pos: number): CallRecord {
  const u = (slot: number): number => {
    const o = field(bb, pos, slot);
    return o ? bb.readUint32(pos + o) : 0;
  };
  const nameOff = field(bb, pos, CALL_SLOT.name);
  const typeOff = field(bb, pos, CALL_SLOT.commandType);
  const type = typeOff ? bb.readUint8(pos + typeOff) : 0;
  const info = COMMANDS[type];
  if (!info) throw new TraceFormatError(`trace batch: call table at ${pos} has command type ${type}, not one of the schema's`);
  const cmdOff = field(bb, pos, CALL_SLOT.command);
  const cmdPos = bb.__indirect(pos + cmdOff);
  const call: CallRecord = {
    command: info.name as CommandName,
    self: u(CALL_SLOT.self),
    result: u(CALL_SLOT.result),
    created: u(CALL_SLOT.created),
    args: decodeTable(bb, cmdPos, info.table.fields),
  };
  if (nameOff) call.name = readString(bb, pos + nameOff);
  return call;
}
