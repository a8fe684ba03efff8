/**
 * The .r9t printer (and dump's JSON lines) reading calls straight from their FlatBuffers into a
 * ByteOut: no CallRecord, no string per value. Each command gets a plan once (its fields, how
 * each shows); a call whose command has no plan (out-values, shader tokens, GUIDs, query data and
 * the like) or that creates a handle is decoded and printed by TextPrinter, whose state this
 * shares, so the text is the same byte for byte (test/trace/text-direct.test.ts).
 */
import { Encoding } from 'flatbuffers';
import type { ByteBuffer } from 'flatbuffers';
import { formatEnum, formatFlags } from '../../d3d9/enum-table.js';
import { D3DFMT, formatFvf, formatTransformState, fvfLayout, hresultName } from '../../d3d9/index.js';
import type { CallRecord } from '../call.js';
import { CALL_SLOT, decodeCall, utf8String } from '../codec.js';
import { commandInfo, COMMANDS, COUNT_RESULTS, qualifiedMethod, structDef } from '../commands.js';
import type { CommandInfo, HandleKind } from '../commands.js';
import type { StructDef, TableField } from '../schema-types.js';
import { ByteOut, putHex32 } from './byte-out.js';
import { FLOAT32_TEXT_MAX, putFloat32 } from './float-text.js';
import { quoteString } from './names.js';
import { formatBytes, TextPrinter } from './print.js';
import { isOptionalTail, shapeOf, stateValueShape } from './shapes.js';
import type { Shape } from './shapes.js';

const enum K { U32, I32, U8, F32, Struct, Structs, String, Bytes, Vertices, Indices }

interface StructPlan {
  def: StructDef;
  positional: boolean;
  skipZeros: boolean;
  fields: Array<{ name: string; offset: number; float: boolean; int: boolean; shape?: Shape; nested?: StructPlan }>;
}

interface Op {
  f: TableField;
  slot: number;
  k: K;
  /** `"Name":` */
  jsonKey: string;
  shape?: Shape;
  /** a state value: the state space, and the field that says which state */
  space?: string;
  stateOp?: Op;
  struct?: StructPlan;
  /** VertexStreamZeroStride or IndexDataFormat: what vertex or index data reads by */
  byOp?: Op;
}

interface Plan {
  info: CommandInfo;
  ins: Op[];
  json: Op[];
  perfBegin: boolean;
  perfEnd: boolean;
  /** SetFVF: the FVF field, tracked per device */
  fvfOp?: Op;
  count: boolean;
  /** `"method":"..."` by the kind of self */
  methods: Map<HandleKind | undefined, string>;
}

/** How vertex data of an FVF reads: each field's offset in a vertex, and whether it is a D3DCOLOR (else a float). */
interface VertexPlan {
  stride: number;
  offsets: Int32Array;
  colors: Uint8Array;
  /** every field on a 4-byte boundary of its vertex */
  aligned: boolean;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function vertexPlan(fvf: number): VertexPlan | null {
  const layout = fvfLayout(fvf);
  if (!layout) return null;
  return {
    stride: layout.stride,
    offsets: Int32Array.from(layout.fields, (f) => f.offset),
    colors: Uint8Array.from(layout.fields, (f) => (f.kind === 'u32' ? 1 : 0)),
    aligned: layout.fields.every((f) => (f.offset & 3) === 0),
  };
}

/** Structs printed positionally (as print.ts). */
const POSITIONAL = new Set(['Rect', 'Point', 'Weight', 'ResourceRef']);
const TEXT_CACHE_MAX = 4096;

function structPlan(def: StructDef): StructPlan {
  return {
    def,
    positional: POSITIONAL.has(def.name),
    skipZeros: def.fields.length > 8 && def.name !== 'Matrix',
    fields: def.fields.map((sf) => typeof sf.type === 'object'
      ? { name: sf.name, offset: sf.offset, float: false, int: false, nested: structPlan(structDef(sf.type.struct)) }
      : { name: sf.name, offset: sf.offset, float: sf.type === 'float', int: sf.type === 'int', shape: shapeOf(sf.r9, sf.type) }),
  };
}

/** The plan of a command, or undefined when TextPrinter prints it. */
function planOf(info: CommandInfo): Plan | undefined {
  if (info.outs.length > 0) return undefined;
  const byName = new Map<string, Op>();
  const ops: Op[] = [];
  for (const f of info.table.fields) {
    const op = opOf(f);
    if (!op) return undefined;
    byName.set(f.name, op);
    ops.push(op);
  }
  for (const op of ops) {
    if (op.space !== undefined) {
      // print.ts: the state is `args.State ?? args.Type`
      op.stateOp = byName.get('State') ?? byName.get('Type');
      if (!op.stateOp || op.stateOp.k === K.F32 || op.stateOp.k > K.F32) return undefined;
    }
    if (op.k === K.Vertices) op.byOp = byName.get('VertexStreamZeroStride');
    if (op.k === K.Indices) op.byOp = byName.get('IndexDataFormat');
    if (op.byOp && op.byOp.k > K.U8) return undefined;
  }
  return {
    info,
    ins: ops.filter((op) => info.ins.includes(op.f)),
    json: ops,
    perfBegin: info.name === 'PerfBeginEvent',
    perfEnd: info.name === 'PerfEndEvent',
    fvfOp: info.name === 'SetFVF' ? byName.get('FVF') : undefined,
    count: COUNT_RESULTS.has(info.name),
    methods: new Map(),
  };
}

function opOf(f: TableField): Op | undefined {
  const base = { f, slot: f.slot, jsonKey: `${JSON.stringify(f.name)}:` };
  const t = f.type;
  switch (t.kind) {
    case 'scalar': {
      const shape = shapeOf(f.r9, t.scalar);
      if ((t.scalar === 'float') !== (shape.k === 'float')) return undefined;
      const k = t.scalar === 'float' ? K.F32 : t.scalar === 'int' ? K.I32 : t.scalar === 'uint' ? K.U32 : K.U8;
      return shape.k === 'state' ? { ...base, k, space: shape.space } : { ...base, k, shape };
    }
    case 'struct': return { ...base, k: K.Struct, struct: structPlan(structDef(t.struct)) };
    case 'structs': return { ...base, k: K.Structs, struct: structPlan(structDef(t.struct)) };
    case 'string': return { ...base, k: K.String };
    case 'bytes':
      if (f.r9 === undefined || isOptionalTail(f)) return { ...base, k: K.Bytes };
      if (f.r9 === 'vertices') return { ...base, k: K.Vertices };
      if (f.r9 === 'indices') return { ...base, k: K.Indices };
      return undefined;
    default: return undefined;
  }
}

function field(bb: ByteBuffer, table: number, slot: number): number {
  return bb.__offset(table, 4 + 2 * slot);
}

/** A scalar field as decodeTable reads it (floats: their bits), 0 when absent. */
function scalarAt(bb: ByteBuffer, table: number, op: Op): number {
  const o = field(bb, table, op.slot);
  if (!o) return 0;
  switch (op.k) {
    case K.I32: return bb.readInt32(table + o);
    case K.U8: return bb.readUint8(table + o);
    default: return bb.readUint32(table + o);
  }
}

/** What jsonNumberKind finds: not a number, digits alone (a sign allowed), or a number with a fraction or an exponent. */
const enum JsonNumber { No, Integer, Other }

/** Digits from `i` up to `to`: the index after the last one. */
function skipDigits(b: Uint8Array, i: number, to: number): number {
  while (i < to && b[i] >= 48 && b[i] <= 57) i++;
  return i;
}

/** Whether b[from, to) is one of JSON's numbers, what `/^-?\d+(\.\d+)?(e[-+]?\d+)?$/` matches (dump turns those args into numbers), and which kind. */
function jsonNumberKind(b: Uint8Array, from: number, to: number): JsonNumber {
  let i = from;
  if (i < to && b[i] === 45) i++;
  let j = skipDigits(b, i, to);
  if (j === i) return JsonNumber.No;
  i = j;
  if (i === to) return JsonNumber.Integer;
  if (b[i] === 46) {
    j = skipDigits(b, i + 1, to);
    if (j === i + 1) return JsonNumber.No;
    i = j;
  }
  if (i < to && b[i] === 101) {
    i++;
    if (i < to && (b[i] === 43 || b[i] === 45)) i++;
    j = skipDigits(b, i, to);
    if (j === i) return JsonNumber.No;
    i = j;
  }
  return i === to ? JsonNumber.Other : JsonNumber.No;
}

export class DirectPrinter extends TextPrinter {
  private readonly plans: Array<Plan | null | undefined> = [];
  private readonly texts = new Map<Shape, Map<number, string>>();
  private readonly stateShapes = new Map<string, Map<number, Shape>>();
  private readonly layouts = new Map<number, VertexPlan | null>();
  /** each handle's name as a JSON string */
  private readonly jsonNames = new Map<number, string>();
  /** one argument's text, before dump's JSON decides whether it is a number */
  private readonly scratch = new ByteOut(() => undefined);

  private plan(type: number): Plan | null {
    let p = this.plans[type];
    if (p === undefined) {
      const info = COMMANDS[type];
      p = (info && planOf(info)) ?? null;
      this.plans[type] = p;
    }
    return p;
  }

  /**
   * Call `n` (the Call table at `pos`) as its .r9t line and a newline: indented by its D3DPERF
   * nesting, or with `numbered`, as `dump --calls` shows it (the number, then the call unindented).
   * `write` false: the printer takes the call (names, nesting, FVF) and prints nothing.
   */
  text(bb: ByteBuffer, pos: number, n: number, out: ByteOut, numbered: boolean, write = true): void {
    const plan = this.fastPlan(bb, pos);
    if (!plan) {
      const call = decodeCall(bb, pos);
      const text = this.indented(call, n);
      if (write) {
        out.str(numbered ? `${String(n).padStart(7)}  ${text.trimStart()}` : text);
        out.newline();
      }
      return;
    }
    const start = out.pos;
    try {
      this.n = n;
      const self = this.selfOf(bb, pos, plan.info);
      if (plan.perfEnd && this.depth > 0) this.depth--;
      const pad = this.depth;
      if (plan.perfBegin) this.depth++;
      const cmd = bb.__indirect(pos + field(bb, pos, CALL_SLOT.command));
      if (numbered) {
        const s = String(n);
        out.spaces(7 - s.length);
        out.str(s);
        out.spaces(2);
      } else out.spaces(2 * pad);
      if (plan.info.iface !== '') {
        out.str(this.tokenOf(self));
        out.byte(46);
      }
      out.str(plan.info.method);
      out.byte(40);
      let first = true;
      for (const op of plan.ins) {
        const o = field(bb, cmd, op.slot);
        // trailing lock data (and a pSharedHandle's memory) shows only when present, an out-pointer only when NULL
        if (!o && op.k >= K.Struct && isOptionalTail(op.f)) continue;
        if (op.f.r9 === 'pointer' && scalarAt(bb, cmd, op) !== 0) continue;
        if (!first) out.comma();
        first = false;
        this.value(bb, cmd, op, self, out);
      }
      out.byte(41);
      const result = this.u32(bb, pos, CALL_SLOT.result);
      if (result !== 0) {
        out.str(' -> ');
        if (plan.count) out.int(result | 0); else out.str(hresultName(result));
      }
      if (plan.fvfOp) this.fvf.set(self, scalarAt(bb, cmd, plan.fvfOp));
    } catch (e) {
      out.pos = start;
      throw e;
    }
    if (write) out.newline();
    else out.pos = start;
  }

  /** Call `n` as dump's JSON line (`line`: its line in a text trace); `write` as for `text`. */
  json(bb: ByteBuffer, pos: number, n: number, out: ByteOut, line?: number, write = true): void {
    const plan = this.fastPlan(bb, pos);
    if (!plan) {
      const call = decodeCall(bb, pos);
      this.advance(call, n);
      if (write) {
        out.str(JSON.stringify(this.jsonRecord(call, n, line)));
        out.newline();
      }
      return;
    }
    this.n = n;
    const self = this.selfOf(bb, pos, plan.info);
    if (plan.perfEnd && this.depth > 0) this.depth--;
    if (plan.perfBegin) this.depth++;
    const cmd = bb.__indirect(pos + field(bb, pos, CALL_SLOT.command));
    if (plan.fvfOp) this.fvf.set(self, scalarAt(bb, cmd, plan.fvfOp));
    if (!write) return;
    const start = out.pos;
    try {
      out.str('{"call":');
      out.uint(n);
      const kind = this.kindOf(self);
      let method = plan.methods.get(kind);
      if (method === undefined) {
        method = `,"method":${JSON.stringify(qualifiedMethod(plan.info, kind))}`;
        plan.methods.set(kind, method);
      }
      out.str(method);
      if (self) {
        out.str(',"self":');
        out.str(this.jsonName(self));
      }
      out.str(',"args":{');
      let first = true;
      for (const op of plan.json) {
        if (op.f.r9 === 'data' && op.k >= K.Struct && !field(bb, cmd, op.slot)) continue;
        if (!first) out.byte(44);
        first = false;
        out.str(op.jsonKey);
        const s = this.scratch;
        s.pos = 0;
        this.value(bb, cmd, op, self, s);
        this.jsonValue(s.buf, s.pos, out);
      }
      out.str('},"result":');
      const result = this.u32(bb, pos, CALL_SLOT.result);
      if (plan.count) out.int(result | 0);
      else if (result === 0) out.str('"D3D_OK"');
      else out.str(JSON.stringify(hresultName(result)));
      if (line !== undefined) {
        out.str(',"line":');
        out.uint(line);
      }
      out.byte(125);
    } catch (e) {
      out.pos = start;
      throw e;
    }
    out.newline();
  }

  /** The JSON record dump prints for a call (the printer has taken it). */
  jsonRecord(call: CallRecord, n: number, line?: number): Record<string, unknown> {
    const info = commandInfo(call.command);
    const args: Record<string, unknown> = {};
    for (const f of info.table.fields) {
      const v = call.args[f.name];
      if (f.r9 === 'data' && (v === null || v === undefined)) continue;
      const t = this.field(f, v, call);
      args[f.name] = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(t) ? Number(t) : t;
    }
    return {
      call: n,
      method: qualifiedMethod(info, this.kindOf(call.self)),
      ...(call.self ? { self: this.nameOf(call.self) } : {}),
      args,
      result: COUNT_RESULTS.has(info.name) ? call.result | 0 : hresultName(call.result),
      ...(call.created ? { created: this.nameOf(call.created) } : {}),
      ...(line !== undefined ? { line } : {}),
    };
  }

  /** The plan when the call can be printed from its buffer: a planned command that creates no handle. */
  private fastPlan(bb: ByteBuffer, pos: number): Plan | null {
    const to = field(bb, pos, CALL_SLOT.commandType);
    const plan = this.plan(to ? bb.readUint8(pos + to) : 0);
    if (!plan || this.u32(bb, pos, CALL_SLOT.created) !== 0 || field(bb, pos, CALL_SLOT.name)) return null;
    return plan;
  }

  private u32(bb: ByteBuffer, pos: number, slot: number): number {
    const o = field(bb, pos, slot);
    return o ? bb.readUint32(pos + o) : 0;
  }

  /** The call's object, checked as TextPrinter checks it. */
  private selfOf(bb: ByteBuffer, pos: number, info: CommandInfo): number {
    const self = this.u32(bb, pos, CALL_SLOT.self);
    if (info.iface !== '') {
      const kind = this.kinds.get(self);
      if (kind === undefined) this.bad(`${info.method} is called on handle ${self}, which no earlier call created`);
      if (info.iface !== '*' && !info.selfKinds.includes(kind)) this.bad(`${info.method} is a ${info.iface} method, handle ${self} is a ${kind}`);
    }
    return self;
  }

  private jsonName(id: number): string {
    let s = this.jsonNames.get(id);
    if (s === undefined) {
      s = JSON.stringify(this.nameOf(id));
      if (this.names.has(id)) this.jsonNames.set(id, s);
    }
    return s;
  }

  /** An argument's text as dump's JSON shows it: a number when it reads as one, else a string. */
  private jsonValue(b: Uint8Array, end: number, out: ByteOut): void {
    const kind = jsonNumberKind(b, 0, end);
    if (kind !== JsonNumber.No) {
      // JSON.stringify(Number(text)): the same digits for everything the printer writes but −0
      // (b beyond `end` holds earlier values: only b[0, end) is looked at)
      const plain = kind === JsonNumber.Integer && end <= 15;
      if (plain && !(end === 2 && b[0] === 45 && b[1] === 48)) {
        out.ensure(end);
        out.buf.set(b.subarray(0, end), out.pos);
        out.pos += end;
      } else {
        const x = Number(utf8String(b.subarray(0, end)));
        out.str(Number.isFinite(x) ? String(x) : 'null');
      }
      return;
    }
    // a JSON string of the text's UTF-8 (the text has no lone surrogates: names and strings are quoted)
    out.ensure(end * 6 + 2);
    const o = out.buf;
    let p = out.pos;
    o[p++] = 34;
    for (let i = 0; i < end; i++) {
      const c = b[i];
      if (c === 34 || c === 92) {
        o[p++] = 92;
        o[p++] = c;
      } else if (c < 0x20) {
        const short = c === 8 ? 98 : c === 9 ? 116 : c === 10 ? 110 : c === 12 ? 102 : c === 13 ? 114 : 0;
        o[p++] = 92;
        if (short) o[p++] = short;
        else {
          o[p++] = 117; o[p++] = 48; o[p++] = 48;
          o[p++] = 48 + (c >> 4);
          o[p++] = '0123456789abcdef'.charCodeAt(c & 15);
        }
      } else o[p++] = c;
    }
    o[p++] = 34;
    out.pos = p;
  }

  /** One argument, as TextPrinter.field shows it. */
  private value(bb: ByteBuffer, cmd: number, op: Op, self: number, out: ByteOut): void {
    const o = field(bb, cmd, op.slot);
    switch (op.k) {
      case K.U32: case K.I32: case K.U8: case K.F32: {
        const v = scalarAt(bb, cmd, op);
        const shape = op.shape ?? this.stateShape(op.space as string, scalarAt(bb, cmd, op.stateOp as Op));
        this.putScalar(shape, v, out);
        return;
      }
      case K.Struct:
        if (!o) out.str('NULL'); else this.putStruct(bb, cmd + o, op.struct as StructPlan, out);
        return;
      case K.Structs: {
        if (!o) { out.str('NULL'); return; }
        const start = bb.__vector(cmd + o);
        const len = bb.__vector_len(cmd + o);
        const plan = op.struct as StructPlan;
        out.byte(91);
        for (let i = 0; i < len; i++) {
          if (i) out.comma();
          this.putStruct(bb, start + i * plan.def.size, plan, out);
        }
        out.byte(93);
        return;
      }
      case K.String:
        if (!o) out.str('NULL'); else out.str(quoteString(utf8String(bb.__string(cmd + o, Encoding.UTF8_BYTES) as Uint8Array)));
        return;
      default: {
        if (!o) { out.str('NULL'); return; }
        const start = bb.__vector(cmd + o);
        const end = start + bb.__vector_len(cmd + o);
        const all = bb.bytes();
        if (op.k === K.Vertices && this.putVertexList(all, start, end, op.byOp ? scalarAt(bb, cmd, op.byOp) : undefined, self, out)) return;
        if (op.k === K.Indices && this.putIndexList(all, start, end, op.byOp ? scalarAt(bb, cmd, op.byOp) : undefined, out)) return;
        out.str(formatBytes(all.subarray(start, end)));
      }
    }
  }

  private stateShape(space: string, state: number): Shape {
    let m = this.stateShapes.get(space);
    if (!m) this.stateShapes.set(space, (m = new Map()));
    let s = m.get(state);
    if (!s) m.set(state, (s = stateValueShape(space, state)));
    return s;
  }

  /** As TextPrinter.scalar; `v` is the field as decoded (a float: its bits). */
  private putScalar(shape: Shape, v: number, out: ByteOut): void {
    switch (shape.k) {
      // the shortest exact decimal, else the bits (NaN, infinities)
      case 'float': case 'floatbits': if (!out.float32(v)) out.hex32(v); return;
      case 'uint': case 'state': out.uint(v >>> 0); return;
      case 'int': out.int(v | 0); return;
      case 'null': if (v === 0) out.str('NULL'); else out.hex32(v); return;
      case 'bool': if (v === 1) out.str('TRUE'); else if (v === 0) out.str('FALSE'); else out.uint(v >>> 0); return;
      case 'color': out.hex32(v); return;
      case 'handle':
        if (v === 0) { out.str('NULL'); return; }
        if (!this.names.has(v)) this.bad(`an argument names handle ${v}, which no earlier call created`);
        out.str(this.tokenOf(v));
        return;
      case 'enum': case 'flags': case 'fvf': out.str(this.named(shape, v >>> 0)); return;
    }
  }


  /** Enum, flags and FVF values by name, memoised per shape. */
  private named(shape: Shape & { k: 'enum' | 'flags' | 'fvf' }, v: number): string {
    let m = this.texts.get(shape);
    if (!m) this.texts.set(shape, (m = new Map()));
    let s = m.get(v);
    if (s === undefined) {
      s = shape.k === 'fvf' ? formatFvf(v)
        : shape.k === 'flags' ? formatFlags(shape.table, v)
        : shape.table.type === 'D3DTRANSFORMSTATETYPE' ? formatTransformState(v) : formatEnum(shape.table, v);
      if (m.size >= TEXT_CACHE_MAX) m.clear();
      m.set(v, s);
    }
    return s;
  }

  private putStruct(bb: ByteBuffer, at: number, plan: StructPlan, out: ByteOut): void {
    out.byte(123);
    let first = true;
    for (const sf of plan.fields) {
      if (sf.nested) {
        if (!first) out.comma();
        first = false;
        if (!plan.positional) { out.str(sf.name); out.str(': '); }
        this.putStruct(bb, at + sf.offset, sf.nested, out);
        continue;
      }
      const v = sf.int ? bb.readInt32(at + sf.offset) : bb.readUint32(at + sf.offset);
      // +0 only: −0 is a value the text must keep
      if (plan.skipZeros && v === 0) continue;
      if (!first) out.comma();
      first = false;
      if (!plan.positional) { out.str(sf.name); out.str(': '); }
      this.putScalar(sf.shape as Shape, v, out);
    }
    out.byte(125);
  }

  /**
   * Vertex data (bytes `from` to `to` of `b`) as lists of the fields the FVF in effect declares;
   * false (nothing written) when that is not exact.
   */
  private lastBytes: Uint8Array | undefined;
  private lastWords: Uint32Array | undefined;
  /** `b` as 32-bit words (its offset a multiple of 4), made once per buffer */
  private wordsOf(b: Uint8Array): Uint32Array {
    if (this.lastBytes !== b) {
      this.lastBytes = b;
      this.lastWords = new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
    }
    return this.lastWords as Uint32Array;
  }

  private putVertexList(b: Uint8Array, from: number, to: number, stride: number | undefined, self: number, out: ByteOut): boolean {
    const fvf = this.fvf.get(self);
    if (fvf === undefined) return false;
    let plan = this.layouts.get(fvf);
    if (plan === undefined) this.layouts.set(fvf, (plan = vertexPlan(fvf)));
    if (!plan || plan.stride !== stride || stride === 0 || (to - from) % stride !== 0) return false;
    const { offsets, colors } = plan;
    const nf = offsets.length;
    // a vertex at most: ", [", each field and its ", ", "]", and the list's "]"
    const room = nf * (FLOAT32_TEXT_MAX + 2) + 5;
    const words = LITTLE_ENDIAN && (b.byteOffset & 3) === 0 && ((from | stride) & 3) === 0 && plan.aligned ? this.wordsOf(b) : undefined;
    const start = out.pos;
    out.ensure(room);
    let buf = out.buf;
    let p = out.pos;
    buf[p++] = 91;
    for (let at = from; at < to; at += stride) {
      if (p + room > buf.length) {
        out.pos = p;
        out.ensure(room);
        buf = out.buf;
      }
      if (at !== from) {
        buf[p++] = 44;
        buf[p++] = 32;
      }
      buf[p++] = 91;
      for (let i = 0; i < nf; i++) {
        if (i) {
          buf[p++] = 44;
          buf[p++] = 32;
        }
        const q = at + offsets[i];
        const bits = words !== undefined ? words[q >> 2] : (b[q] | (b[q + 1] << 8) | (b[q + 2] << 16) | (b[q + 3] << 24)) >>> 0;
        if (colors[i]) p = putHex32(bits, buf, p);
        // −0, NaN and infinities have no vertex-list form: the data stays raw
        else if (bits === 0x80000000 || (bits & 0x7f800000) === 0x7f800000) {
          out.pos = start;
          return false;
        } else p = putFloat32(bits, buf, p);
      }
      buf[p++] = 93;
    }
    buf[p++] = 93;
    out.pos = p;
    return true;
  }

  /** Index data (bytes `from` to `to` of `b`) as a list of integers per its format; false (nothing written) when it does not divide. */
  private putIndexList(b: Uint8Array, from: number, to: number, format: number | undefined, out: ByteOut): boolean {
    const size = format === D3DFMT.INDEX16 ? 2 : format === D3DFMT.INDEX32 ? 4 : 0;
    if (!size || (to - from) % size !== 0) return false;
    out.byte(91);
    for (let i = from; i < to; i += size) {
      if (i !== from) out.comma();
      out.uint(size === 2 ? b[i] | (b[i + 1] << 8) : (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0);
    }
    out.byte(93);
    return true;
  }
}

