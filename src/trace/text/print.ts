/**
 * The printer of the .r9t text trace (DESIGN.md contract 2). It keeps what it
 * needs from earlier calls: handle names and kinds, and the FVF in effect per
 * device (vertex data prints as vertex lists when the FVF describes it).
 */
import { formatEnum, formatFlags } from '../../d3d9/enum-table.js';
import { D3DFMT, D3DSPD, formatFvf, formatTransformState, fvfLayout, GAMMA_RAMP_WORDS, guidString, hresultName, iidName } from '../../d3d9/index.js';
import { formatQueryData } from './query-data.js';
import { formatShaderTokens } from './shader-text.js';
import type { ArgValue, CallRecord, FloatBits, StructValue } from '../call.js';
import { floatFieldBits } from '../codec.js';
import { commandInfo, COUNT_RESULTS, structDef } from '../commands.js';
import type { CommandInfo, HandleKind } from '../commands.js';
import { TraceFormatError } from '../errors.js';
import type { TraceHeader } from '../container.js';
import { compressionName } from '../container.js';
import type { StructDef, TableField } from '../schema-types.js';
import { defaultName, nameToken, quoteString } from './names.js';
import {
  bitsFloat, hex32, isGammaField, isOptionalTail, PACKED_ITEM_BYTES, packedKind, shapeOf, shortestFloat32, stateValueShape,
} from './shapes.js';
import type { Shape } from './shapes.js';

/** Structs printed positionally (`{left, top, right, bottom}`). */
const POSITIONAL = new Set(['Rect', 'Point', 'Weight', 'ResourceRef']);
/** Bytes up to this length print as hex, longer as base64. */
const HEX_MAX = 48;

export function headerPragma(h: TraceHeader): string {
  return `#@replay9 format=${h.formatVersion}${h.formatMinor ? `.${h.formatMinor}` : ''} writer=${h.writerVersion} chunk=${h.chunkBytes} compression=${compressionName(h.compression)} level=${h.level} profile=${h.profile}`;
}

export function formatBytes(b: Uint8Array): string {
  return b.length <= HEX_MAX ? `hex"${Buffer.from(b).toString('hex')}"` : `b64"${Buffer.from(b).toString('base64')}"`;
}

/** A float field as text: the shortest exact decimal, or its bits in hex (NaN, infinities). */
export function formatFloat(f: number | FloatBits): string {
  return (typeof f === 'number' ? shortestFloat32(f) : undefined) ?? hex32(floatFieldBits(f));
}

/** An out-value as a call that failed leaves it: 0, or an absent struct. */
export function isDefaultOut(v: ArgValue | undefined): boolean {
  return v === null || v === undefined || Object.is(v, 0);
}

/**
 * Whether the text shows a call's out-values: always after a success; after a failure only when
 * one is not the default, so that binary → text → binary stays byte-identical.
 */
export function showsOuts(info: CommandInfo, call: CallRecord): boolean {
  if (info.outs.length === 0) return false;
  return call.result < 0x80000000 || info.outs.some((f) => !isDefaultOut(call.args[f.name]));
}

export class TextPrinter {
  protected names = new Map<number, string>();
  /** each name as the text writes it (quoted when it is not an identifier) */
  protected tokens = new Map<number, string>();
  protected kinds = new Map<number, HandleKind>();
  private usedNames = new Set<string>();
  private maxId = 0;
  /** the call being printed, for messages */
  protected n = 0;
  protected fvf = new Map<number, number>();
  /** each query's D3DQUERYTYPE, to show GetData's pData as its value */
  private queryTypes = new Map<number, number>();
  protected depth = 0;

  /** `placeOf(n)` says where call n is (`trace chunk at byte B`, `file:line`) in the errors of calls the text cannot show */
  constructor(private readonly placeOf?: (n: number) => string | undefined) {}

  /** handles may be created with gaps (a trimmed trace names only some of its source's objects) */
  private gaps = false;

  /**
   * Starts from handles a stored state holds (a trace written by trim): their
   * kinds, names and the FVF each device had. The text then reads well but
   * does not convert back, since the state itself is not text.
   */
  seed(handles: ReadonlyArray<{ id: number; kind: HandleKind; name: string; fvf?: number }>): void {
    for (const h of handles) {
      this.kinds.set(h.id, h.kind);
      this.names.set(h.id, h.name);
      this.tokens.set(h.id, nameToken(h.name, h.kind, h.id, false));
      this.usedNames.add(h.name);
      this.maxId = Math.max(this.maxId, h.id);
      if (h.fvf !== undefined) this.fvf.set(h.id, h.fvf);
    }
    this.gaps = true;
  }

  kindOf(id: number): HandleKind | undefined {
    return this.kinds.get(id);
  }
  /** The name of handle `id` (as a string, unquoted) */
  nameOf(id: number): string {
    return this.names.get(id) ?? `#${id}`;
  }
  /** The name of handle `id` as the text writes it */
  protected tokenOf(id: number): string {
    return this.tokens.get(id) ?? `#${id}`;
  }

  protected bad(what: string): never {
    const place = this.placeOf?.(this.n);
    const offset = place ? /^trace chunk at byte (\d+)$/.exec(place)?.[1] : undefined;
    throw new TraceFormatError(`${place ? `${place}: ` : ''}call ${this.n}: ${what}; the text form cannot show this trace`, offset === undefined ? undefined : Number(offset));
  }

  /** Binds a created handle: new handles must come in creation order and keep names unique, or the text would read back differently. */
  private bindCreated(call: CallRecord, info: CommandInfo): void {
    if (!call.created) return;
    const kind = info.creates;
    if (!kind) this.bad(`${info.method} creates nothing, but the call records handle ${call.created}`);
    const known = this.kinds.get(call.created);
    if (known !== undefined) {
      if (known !== kind) this.bad(`handle ${call.created} is a ${known}, ${info.method} returns a ${kind}`);
      return;
    }
    if (this.gaps ? call.created <= this.maxId : call.created !== this.maxId + 1) this.bad(`handle ${call.created} is created out of order (expected ${this.maxId + 1})`);
    const name = call.name ?? defaultName(kind, call.created);
    if (this.usedNames.has(name)) this.bad(`the name '${name}' of handle ${call.created} is taken`);
    this.maxId = call.created;
    this.usedNames.add(name);
    this.names.set(call.created, name);
    this.tokens.set(call.created, nameToken(name, kind, call.created, call.name !== undefined));
    this.kinds.set(call.created, kind);
  }

  /** Checks the call's handles and binds what it creates: what printing it does to the printer, without the text. */
  protected enter(call: CallRecord, n: number): CommandInfo {
    this.n = n;
    const info = commandInfo(call.command);
    if (info.iface !== '') {
      const kind = this.kinds.get(call.self);
      if (kind === undefined) this.bad(`${info.method} is called on handle ${call.self}, which no earlier call created`);
      if (info.iface !== '*' && !info.selfKinds.includes(kind)) this.bad(`${info.method} is a ${info.iface} method, handle ${call.self} is a ${kind}`);
    }
    this.bindCreated(call, info);
    return info;
  }

  /**
   * Takes the call as `indented` would (names, nesting, FVF, query types), printing nothing: for
   * front ends that show calls another way (JSON) with `field` and `nameOf`.
   */
  advance(call: CallRecord, n = this.n): void {
    if (call.command === 'PerfEndEvent' && this.depth > 0) this.depth--;
    if (call.command === 'PerfBeginEvent') this.depth++;
    this.track(call, this.enter(call, n));
  }

  /** The call as one line of text, without indentation. */
  line(call: CallRecord, n = this.n): string {
    const info = this.enter(call, n);
    const args = info.ins.map((f) => ({ f, v: call.args[f.name] }));
    // trailing lock data (and a pSharedHandle's memory) is shown only when present, an out-pointer only when NULL
    const shown = args.filter(({ f, v }) => !(isOptionalTail(f) && (v === null || v === undefined)) && !(f.r9 === 'pointer' && v !== 0));
    const text = shown.map(({ f, v }) => this.field(f, v, call)).join(', ');
    const target = info.iface === '' ? info.method : `${this.tokenOf(call.self)}.${info.method}`;
    const bind = call.created ? `${this.tokenOf(call.created)} = ` : '';
    const parts: string[] = [];
    if (call.result !== 0) parts.push(COUNT_RESULTS.has(info.name) ? String(call.result | 0) : hresultName(call.result));
    if (showsOuts(info, call)) parts.push(this.outs(info, call));
    this.track(call, info);
    return `${bind}${target}(${text})${parts.length ? ` -> ${parts.join(' ')}` : ''}`;
  }

  /** The out-values as `{pValue: D3DZB_TRUE, ...}`, every out field by name. */
  outs(info: CommandInfo, call: CallRecord): string {
    return `{${info.outs.map((f) => `${f.name}: ${this.field(f, call.args[f.name], call)}`).join(', ')}}`;
  }

  /** The call with nesting indentation for D3DPERF events. */
  indented(call: CallRecord, n = this.n): string {
    if (call.command === 'PerfEndEvent' && this.depth > 0) this.depth--;
    const pad = '  '.repeat(this.depth);
    if (call.command === 'PerfBeginEvent') this.depth++;
    const text = this.line(call, n);
    // a shader block's lines take the call's indentation too (its assembly ignores leading space)
    return pad + (pad && text.includes('\n') ? text.replace(/\n/g, `\n${pad}`) : text);
  }

  private track(call: CallRecord, info: CommandInfo): void {
    if (info.name === 'SetFVF') this.fvf.set(call.self, call.args.FVF as number);
    if (info.name === 'CreateQuery' && call.created) this.queryTypes.set(call.created, call.args.Type as number);
  }

  /** One argument, as text. */
  field(f: TableField, v: ArgValue | undefined, call: CallRecord): string {
    if (v === null || v === undefined) return 'NULL';
    switch (f.type.kind) {
      case 'scalar': {
        let shape = shapeOf(f.r9, f.type.scalar);
        if (shape.k === 'state') shape = stateValueShape(shape.space, (call.args.State ?? call.args.Type) as number);
        return this.scalar(shape, v as number | FloatBits);
      }
      case 'struct': return this.struct(structDef(f.type.struct), v as StructValue);
      case 'structs': return `[${(v as StructValue[]).map((s) => this.struct(structDef((f.type as { struct: string }).struct), s)).join(', ')}]`;
      case 'string': return quoteString(v as string);
      case 'bytes': return this.bytes(f, v as Uint8Array, call);
      default: throw new Error(`print: field kind ${f.type.kind}`);
    }
  }

  scalar(shape: Shape, value: number | FloatBits): string {
    if (shape.k === 'float') return formatFloat(value);
    const v = value as number;
    switch (shape.k) {
      case 'uint': return String(v >>> 0);
      case 'int': return String(v | 0);
      case 'floatbits': return shortestFloat32(bitsFloat(v)) ?? hex32(v);
      case 'enum': return shape.table.type === 'D3DTRANSFORMSTATETYPE' ? formatTransformState(v >>> 0) : formatEnum(shape.table, v >>> 0);
      case 'flags': return formatFlags(shape.table, v >>> 0);
      case 'null': return v === 0 ? 'NULL' : hex32(v);
      case 'bool': return v === 1 ? 'TRUE' : v === 0 ? 'FALSE' : String(v >>> 0);
      case 'color': return hex32(v);
      case 'fvf': return formatFvf(v >>> 0);
      case 'handle':
        if (v === 0) return 'NULL';
        if (!this.names.has(v)) this.bad(`an argument names handle ${v}, which no earlier call created`);
        return this.tokenOf(v);
      case 'state': return String(v >>> 0);
    }
  }

  struct(def: StructDef, v: StructValue): string {
    const positional = POSITIONAL.has(def.name);
    const skipZeros = def.fields.length > 8 && def.name !== 'Matrix';
    const parts: string[] = [];
    for (const sf of def.fields) {
      const x = v[sf.name];
      let text: string;
      if (typeof sf.type === 'object') text = this.struct(structDef(sf.type.struct), x as StructValue);
      else {
        // +0 only: −0 is a value the text must keep
        if (skipZeros && Object.is(x, 0)) continue;
        text = this.scalar(shapeOf(sf.r9, sf.type), x as number | FloatBits);
      }
      parts.push(positional ? text : `${sf.name}: ${text}`);
    }
    return `{${parts.join(', ')}}`;
  }

  private bytes(f: TableField, b: Uint8Array, call: CallRecord): string {
    const packed = packedKind(f.r9);
    if (packed && b.length > 0 && b.length % PACKED_ITEM_BYTES[packed] === 0) {
      const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
      const words = Array.from({ length: b.length / 4 }, (_, i) => dv.getUint32(i * 4, true));
      const four = (show: (w: number) => string): string => `[${Array.from({ length: words.length / 4 }, (_, r) => `[${words.slice(r * 4, r * 4 + 4).map(show).join(', ')}]`).join(', ')}]`;
      switch (packed) {
        case 'tokens': return formatShaderTokens(Uint32Array.from(words));
        case 'float4': return four((w) => shortestFloat32(bitsFloat(w)) ?? hex32(w));
        case 'int4': return four((w) => String(w | 0));
        case 'bools': return `[${words.map((w) => (w === 1 ? 'TRUE' : w === 0 ? 'FALSE' : hex32(w))).join(', ')}]`;
      }
    }
    if (f.r9 === 'out query') {
      const value = formatQueryData(b, this.queryTypes.get(call.self));
      if (value !== undefined) return value;
    }
    // a GUID by its IID name, else guid"..."; a D3DSPD_IUNKNOWN entry's object by its name
    if ((f.r9 === 'guid' || f.r9 === 'out guid') && b.length === 16) return iidName(guidString(b)) ?? `guid"${guidString(b)}"`;
    if (f.r9 === 'private' && b.length === 4 && ((call.args.Flags as number) & D3DSPD.IUNKNOWN)) {
      const id = new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);
      if (id === 0) return 'NULL';
      if (this.names.has(id)) return this.tokenOf(id);
    }
    if (f.r9 === 'vertices') {
      const list = this.vertexList(b, call);
      if (list) return list;
    } else if (isGammaField(f) && b.length === GAMMA_RAMP_WORDS * 2) {
      const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
      return `[${Array.from({ length: GAMMA_RAMP_WORDS }, (_, i) => dv.getUint16(i * 2, true)).join(', ')}]`;
    } else if (f.r9 === 'indices') {
      const fmt = call.args.IndexDataFormat as number;
      const size = fmt === D3DFMT.INDEX16 ? 2 : fmt === D3DFMT.INDEX32 ? 4 : 0;
      if (size && b.length % size === 0) {
        const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
        const out: number[] = [];
        for (let i = 0; i < b.length; i += size) out.push(size === 2 ? dv.getUint16(i, true) : dv.getUint32(i, true));
        return `[${out.join(', ')}]`;
      }
    }
    return formatBytes(b);
  }

  /** Vertex data as lists of the fields the FVF in effect declares, when that is exact. */
  private vertexList(b: Uint8Array, call: CallRecord): string | undefined {
    const fvf = this.fvf.get(call.self);
    if (fvf === undefined) return undefined;
    const layout = fvfLayout(fvf);
    const stride = call.args.VertexStreamZeroStride as number;
    if (!layout || layout.stride !== stride || stride === 0 || b.length % stride !== 0) return undefined;
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const verts: string[] = [];
    for (let at = 0; at < b.length; at += stride) {
      const fields: string[] = [];
      for (const fd of layout.fields) {
        if (fd.kind === 'u32') fields.push(hex32(dv.getUint32(at + fd.offset, true)));
        else {
          const s = shortestFloat32(dv.getFloat32(at + fd.offset, true));
          if (s === undefined || s === '-0') return undefined;
          fields.push(s);
        }
      }
      verts.push(`[${fields.join(', ')}]`);
    }
    return `[${verts.join(', ')}]`;
  }
}
