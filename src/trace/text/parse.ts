/**
 * The parser of the .r9t text trace (DESIGN.md contract 2): one call per line,
 * handles bound by name, constants by their D3D9 names, structs, vertex and
 * index lists packed by the FVF and index format in effect. Errors name the
 * file, line and column.
 */
import {
  D3DFMT, fvfLayout, GAMMA_RAMP_WORDS, guidBytes, HRESULT_TABLE, iidByName, lookupConstant, parseFvfTerm, parseTransformStateTerm,
} from '../../d3d9/index.js';
import { packQueryData } from './query-data.js';
import type { ArgValue, CallRecord, FloatBits, StructValue } from '../call.js';
import { floatFieldBits, floatFieldValue } from '../codec.js';
import { commandForMethod, COUNT_RESULTS, INTERFACE_OF, kindAccepts, structDef } from '../commands.js';
import type { CommandInfo, HandleKind } from '../commands.js';
import { TraceSyntaxError } from '../errors.js';
import type { StructDef, TableField } from '../schema-types.js';
import type { WriterOptions } from '../writer.js';
import { Lexer } from './lexer.js';
import { COMPRESSION_NAMES, MAX_CHUNK_BYTES, MIN_CHUNK_BYTES } from '../container.js';
import type { CompressionName } from '../container.js';
import type { AsmTok, Tok } from './lexer.js';
import { assembleShaderBlock } from './shader-text.js';
import { defaultName, isReservedName, quoteString } from './names.js';
import { isGammaField, isOptionalTail, PACKED_ITEM_BYTES, packedKind, shapeOf, stateValueShape } from './shapes.js';
import type { Shape } from './shapes.js';

/** A parsed value before it meets its parameter's type. */
type Node =
  | { t: 'num'; v: number; hex: boolean; tok: Tok }
  | { t: 'ident'; name: string; arg?: number; tok: Tok }
  | { t: 'str'; v: string; tok: Tok }
  | { t: 'bytes'; v: Uint8Array; tok: Tok }
  /** shader assembly, assembled once its parameter is known to take tokens */
  | { t: 'asm'; tok: AsmTok }
  | { t: 'or'; terms: Node[]; tok: Tok }
  | { t: 'struct'; named: Array<{ name: string; v: Node; tok: Tok }> | null; items: Node[]; tok: Tok }
  | { t: 'list'; items: Node[]; tok: Tok }
  /** a vertex list packed by the FVF in effect as it was parsed */
  | { t: 'vertices'; bytes: Uint8Array; layout: FvfLayout; tok: Tok }
  /** an index list as 32-bit values, packed to the index format once that argument is read; `wide`: the first index above 16 bits */
  | { t: 'indices'; values: Uint32Array; wide?: { v: number; tok: Tok }; tok: Tok };

type FvfLayout = NonNullable<ReturnType<typeof fvfLayout>>;

/**
 * How deep lists and structs may nest in a value: far more than any parameter needs (a vertex
 * list is 2 deep, a struct in a struct 2), little enough that a hostile line cannot exhaust the stack.
 */
export const MAX_NESTING = 64;

export interface ParsedTrace {
  calls: CallRecord[];
  /** the 1-based line of each call */
  lines: number[];
  /** writer settings from the `#@replay9` line, if any */
  options: WriterOptions;
}

export function parseTrace(src: string, file = '<text>'): ParsedTrace {
  const parser = new TextParser(src, file);
  const calls: CallRecord[] = [];
  const lines: number[] = [];
  for (let c = parser.nextCall(); c; c = parser.nextCall()) {
    calls.push(c.call);
    lines.push(c.line);
  }
  return { calls, lines, options: parser.options };
}

/** The calls of a text trace one at a time (parseTrace collects them all). */
export class TextParser {
  private readonly lexer: Lexer;
  /** the next tokens, read ahead of the parse (at most two) */
  private ahead: Tok[] = [];
  private ids = new Map<string, number>();
  private kinds = new Map<number, HandleKind>();
  private maxId = 0;
  private fvf = new Map<number, number>();
  /** each query's D3DQUERYTYPE (GetData's pData may be written as its value) */
  private queryTypes = new Map<number, number>();
  /** writer settings from the `#@replay9` line, if any */
  readonly options: WriterOptions = {};
  /** the object of the statement being parsed (vertex lists use its FVF) */
  private self = 0;
  /** how many lists and structs enclose the value being parsed */
  private depth = 0;

  constructor(private readonly src: string, private readonly file: string) {
    this.lexer = new Lexer(src, file);
    this.readPragma();
  }

  private err(tok: Tok, msg: string): never {
    throw new TraceSyntaxError(this.file, tok.line, tok.col, msg);
  }
  /** the token `k` places ahead (0: the next one) */
  private peek(k = 0): Tok {
    while (this.ahead.length <= k) this.ahead.push(this.lexer.next());
    return this.ahead[k];
  }
  private next(): Tok {
    return this.ahead.length > 0 ? this.ahead.shift()! : this.lexer.next();
  }
  private isPunct(text: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === text;
  }
  private expect(text: string, what: string): Tok {
    const t = this.next();
    if (t.kind !== 'punct' || t.text !== text) this.err(t, `expected '${text}' ${what}, found ${describe(t)}`);
    return t;
  }

  /** The next call and its 1-based line, or undefined at the end of the text. */
  nextCall(): { call: CallRecord; line: number } | undefined {
    for (;;) {
      const t = this.peek();
      if (t.kind === 'eof') return undefined;
      if (t.kind === 'nl') { this.next(); continue; }
      return { line: t.line, call: this.statement() };
    }
  }

  private readPragma(): void {
    const m = /^#@replay9\b([^\n]*)/m.exec(this.src);
    if (!m) return;
    const line = this.src.slice(0, m.index).split('\n').length;
    for (const kv of m[1].trim().split(/\s+/).filter(Boolean)) {
      const [k, v] = kv.split('=');
      const bad = (): never => { throw new TraceSyntaxError(this.file, line, 1, `bad #@replay9 setting '${kv}'`); };
      switch (k) {
        // the version follows from the compression (container.ts); 1.1 texts name brotli
        case 'format': if (v !== '1' && v !== '1.0' && v !== '1.1') bad(); break;
        case 'writer': if (!/^\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v) || v.split('.').some((p) => Number(p) > 255)) bad(); this.options.writerVersion = v; break;
        case 'chunk': if (!/^\d+$/.test(v) || Number(v) < MIN_CHUNK_BYTES || Number(v) > MAX_CHUNK_BYTES) bad(); this.options.chunkBytes = Number(v); break;
        case 'compression': if (!(COMPRESSION_NAMES as readonly string[]).includes(v)) bad(); this.options.compression = v as CompressionName; break;
        case 'level': if (!/^\d\d?$/.test(v) || Number(v) > 11) bad(); this.options.level = Number(v); break;
        case 'profile': if (v !== 'dx9' && v !== 'dx8') bad(); this.options.profile = v as 'dx9' | 'dx8'; break;
        default: bad();
      }
    }
  }

  private statement(): CallRecord {
    // a name is an identifier or a "quoted string" (any name the binary form can hold)
    const first = this.next();
    if (first.kind !== 'ident' && first.kind !== 'str') this.err(first, `expected a call, found ${describe(first)}`);
    let bindTok: Tok | undefined;
    let objTok: Tok | undefined;
    let methodTok = first;
    if (this.isPunct('=')) {
      this.next();
      bindTok = first;
      methodTok = this.next();
      if (methodTok.kind !== 'ident' && methodTok.kind !== 'str') this.err(methodTok, `expected a call after '=', found ${describe(methodTok)}`);
    }
    if (this.isPunct('.')) {
      this.next();
      objTok = methodTok;
      methodTok = this.next();
      if (methodTok.kind !== 'ident') this.err(methodTok, `expected a method name after '.', found ${describe(methodTok)}`);
    }
    if (methodTok.kind !== 'ident') this.err(methodTok, `expected a call, found ${describe(methodTok)}`);
    let self = 0;
    let selfKind: HandleKind | undefined;
    if (objTok) {
      const id = this.ids.get(objTok.text);
      if (id === undefined) this.err(objTok, `${shownName(objTok)} is not bound to an object (bind it with '${objTok.kind === 'str' ? quoteString(objTok.text) : objTok.text} = ...' first)`);
      self = id!;
      selfKind = this.kinds.get(id!);
    }
    const info = commandForMethod(selfKind, methodTok.text);
    if (!info) {
      const where = selfKind ? `${INTERFACE_OF[selfKind]} (${objTok!.text})` : 'the free functions';
      this.err(methodTok, `${where} has no method '${methodTok.text}' that replay9 records`);
    }
    this.expect('(', `after ${methodTok.text}`);
    this.self = self;
    const nodes: Node[] = [];
    const fields = info!.ins;
    if (!this.isPunct(')')) {
      for (;;) {
        // vertex and index lists are packed as they are read: a million vertices are one typed array, not millions of nodes
        const r9 = fields[nodes.length]?.r9;
        if ((r9 === 'vertices' || r9 === 'indices') && this.isPunct('[')) nodes.push(this.value(r9 === 'vertices' ? this.vertexList(info!) : this.indexList()));
        else nodes.push(this.value());
        if (this.isPunct(',')) { this.next(); continue; }
        break;
      }
    }
    const close = this.expect(')', 'to close the argument list');
    let result = 0;
    let outs: Node | undefined;
    if (this.isPunct('->')) {
      this.next();
      if (!this.isPunct('{')) result = this.result(info!);
      if (this.isPunct('{')) {
        if (info!.outs.length === 0) this.err(this.peek(), `${info!.method} returns no out-values`);
        outs = this.term();
      }
    }
    const end = this.next();
    if (end.kind !== 'nl') this.err(end, `expected the end of the line, found ${describe(end)}`);

    const args = this.args(info!, nodes, close);
    this.outValues(info!, outs, args);
    const call: CallRecord = { command: info!.name, self, result, created: 0, args };
    if (bindTok) this.bind(call, info!, bindTok);
    if (call.command === 'SetFVF') this.fvf.set(self, call.args.FVF as number);
    if (call.command === 'CreateQuery' && call.created) this.queryTypes.set(call.created, call.args.Type as number);
    return call;
  }

  private bind(call: CallRecord, info: CommandInfo, tok: Tok): void {
    const kind = info.creates;
    if (!kind) this.err(tok, `${info.method} creates no object to bind to ${shownName(tok)}`);
    const quoted = tok.kind === 'str';
    if (!quoted && isReservedName(tok.text)) this.err(tok, `'${tok.text}' is reserved and cannot name an object (a quoted name can be anything: "${tok.text}")`);
    if (quoted && tok.text === '') this.err(tok, 'a name cannot be empty');
    let id = this.ids.get(tok.text);
    if (id !== undefined) {
      // the call returned an object already bound (GetBackBuffer twice): its name was stored once, when bound
      if (this.kinds.get(id) !== kind) this.err(tok, `${shownName(tok)} already names a ${this.kinds.get(id)}, not a ${kind}`);
      call.created = id;
      return;
    }
    id = ++this.maxId;
    this.ids.set(tok.text, id);
    this.kinds.set(id, kind!);
    call.created = id;
    // a quoted name is always recorded; a bare one unless it is the default name
    if (quoted || tok.text !== defaultName(kind!, id)) call.name = tok.text;
  }

  private result(info: CommandInfo): number {
    const neg = this.isPunct('-') ? (this.next(), true) : false;
    const t = this.next();
    if (t.kind === 'num') {
      const v = Number(t.text);
      if (!Number.isInteger(v) || v > 0xffffffff) this.err(t, `expected a 32-bit integer result, found ${t.text}`);
      return (neg ? -v : v) >>> 0;
    }
    if (t.kind === 'ident' && !neg) {
      const v = HRESULT_TABLE.valueOf(t.text);
      if (v === undefined) this.err(t, `unknown result '${t.text}' (expected an HRESULT name such as D3DERR_INVALIDCALL${COUNT_RESULTS.has(info.name) ? ', or a number' : ''})`);
      return v! >>> 0;
    }
    return this.err(t, `expected a result after '->', found ${describe(t)}`);
  }

  // ---- values ----

  /** A term, or an OR of terms (`first`: the first term, already parsed). */
  private value(first: Node = this.term()): Node {
    if (!this.isPunct('|')) return first;
    const terms = [first];
    while (this.isPunct('|')) { this.next(); terms.push(this.term()); }
    return { t: 'or', terms, tok: first.tok };
  }

  private term(): Node {
    const t = this.next();
    switch (t.kind) {
      case 'num': return { t: 'num', v: Number(t.text), hex: isHexLiteral(t.text), tok: t };
      case 'str': return { t: 'str', v: t.text, tok: t };
      case 'bytes': return { t: 'bytes', v: t.bytes!, tok: t };
      case 'asm': return { t: 'asm', tok: t as AsmTok };
      case 'ident': {
        if (this.isPunct('(')) {
          this.next();
          const n = this.next();
          if (n.kind !== 'num') this.err(n, `expected a number in ${t.text}(...)`);
          this.expect(')', `to close ${t.text}(`);
          return { t: 'ident', name: t.text, arg: Number(n.text), tok: t };
        }
        return { t: 'ident', name: t.text, tok: t };
      }
      case 'punct':
        if (t.text === '-') {
          const n = this.next();
          if (n.kind !== 'num' || isHexLiteral(n.text)) this.err(n, `expected a decimal number after '-'`);
          return { t: 'num', v: -Number(n.text), hex: false, tok: t };
        }
        if (t.text === '{' || t.text === '[') {
          if (this.depth >= MAX_NESTING) this.err(t, `lists and structs nest more than ${MAX_NESTING} deep here`);
          this.depth++;
          const node = t.text === '{' ? this.structNode(t) : this.listNode(t);
          this.depth--;
          return node;
        }
        break;
      default:
        break;
    }
    return this.err(t, `expected a value, found ${describe(t)}`);
  }

  private listNode(open: Tok): Node {
    const items: Node[] = [];
    // a list whose '[' ends its line runs over lines until its ']' (a shader's tokens with their disassembly as comments)
    const block = this.peek().kind === 'nl';
    const skipLines = (): void => { while (block && this.peek().kind === 'nl') this.next(); };
    skipLines();
    if (!this.isPunct(']')) {
      for (;;) {
        items.push(this.value());
        skipLines();
        if (this.isPunct(',')) { this.next(); skipLines(); continue; }
        break;
      }
    }
    this.expect(']', 'to close the list');
    return { t: 'list', items, tok: open };
  }

  private structNode(open: Tok): Node {
    const named: Array<{ name: string; v: Node; tok: Tok }> = [];
    const items: Node[] = [];
    if (!this.isPunct('}')) {
      for (;;) {
        const t = this.peek();
        const nt = this.peek(1);
        if (t.kind === 'ident' && nt.kind === 'punct' && nt.text === ':') {
          this.next();
          this.next();
          named.push({ name: t.text, v: this.value(), tok: t });
        } else items.push(this.value());
        if (this.isPunct(',')) { this.next(); continue; }
        break;
      }
    }
    this.expect('}', 'to close the struct');
    if (named.length && items.length) this.err(open, 'a struct is either all named fields or all positional values');
    return { t: 'struct', named: items.length ? null : named, items, tok: open };
  }

  // ---- typing the values against the schema ----

  /** The out-values after the result (`{pValue: D3DZB_TRUE}`), by name; one not given is 0 (a struct: absent). */
  private outValues(info: CommandInfo, n: Node | undefined, args: Record<string, ArgValue>): void {
    const given = new Map<string, Node>();
    if (n) {
      if (n.t !== 'struct' || n.named === null) this.err(n.tok, `out-values are written by name: {${info.outs.map((f) => `${f.name}: ...`).join(', ')}}`);
      for (const e of (n as Extract<Node, { t: 'struct' }>).named!) {
        if (!info.outs.some((f) => f.name === e.name)) this.err(e.tok, `${info.method} has no out-value '${e.name}' (out-values: ${info.outs.map((f) => f.name).join(', ')})`);
        if (given.has(e.name)) this.err(e.tok, `out-value '${e.name}' given twice`);
        given.set(e.name, e.v);
      }
    }
    for (const f of info.outs) {
      const v = given.get(f.name);
      args[f.name] = v ? this.field(f, v, args, info) : f.type.kind === 'scalar' ? 0 : null;
    }
  }

  private args(info: CommandInfo, nodes: Node[], close: Tok): Record<string, ArgValue> {
    const fields = info.ins;
    const last = fields[fields.length - 1];
    const optionalTail = last !== undefined && (isOptionalTail(last) || last.r9 === 'pointer') ? 1 : 0;
    if (nodes.length > fields.length || nodes.length < fields.length - optionalTail) {
      const names = fields.map((f) => f.name).join(', ');
      this.err(nodes[fields.length]?.tok ?? close, `${info.method} takes ${fields.length - optionalTail}${optionalTail ? '-' + fields.length : ''} arguments (${names}), found ${nodes.length}`);
    }
    const args: Record<string, ArgValue> = {};
    const typed: Array<[TableField, Node]> = [];
    fields.forEach((f, i) => {
      if (i < nodes.length) typed.push([f, nodes[i]]);
      // an out-pointer left out was given (only NULL is written)
      else args[f.name] = f.r9 === 'pointer' ? 1 : null;
    });
    // scalars first: state values and packed data depend on other arguments
    for (const [f, n] of typed) if (f.type.kind === 'scalar' && !f.r9?.startsWith('state')) args[f.name] = this.scalarField(f, n);
    for (const [f, n] of typed) {
      if (f.name in args) continue;
      args[f.name] = this.field(f, n, args, info);
    }
    return args;
  }

  private field(f: TableField, n: Node, args: Record<string, ArgValue>, info: CommandInfo): ArgValue {
    const isNull = n.t === 'ident' && n.name === 'NULL';
    switch (f.type.kind) {
      case 'scalar': {
        const shape = shapeOf(f.r9, f.type.scalar);
        if (shape.k !== 'state') return this.scalarField(f, n);
        const state = (args.State ?? args.Type) as number;
        return this.scalar(stateValueShape(shape.space, state), n, f.name);
      }
      case 'struct':
        return isNull ? null : this.struct(structDef(f.type.struct), n, f.name);
      case 'structs': {
        if (isNull) return null;
        if (n.t !== 'list') this.err(n.tok, `${f.name} expects a list of ${f.type.struct} or NULL`);
        const def = structDef(f.type.struct);
        return (n as { items: Node[] }).items.map((it) => this.struct(def, it, f.name));
      }
      case 'string':
        if (isNull) return null;
        if (n.t !== 'str') this.err(n.tok, `${f.name} expects a "string" or NULL`);
        return (n as { v: string }).v;
      case 'bytes':
        if (isNull) return null;
        if (f.r9 === 'guid' || f.r9 === 'out guid') return this.guid(n, f.name);
        if (f.r9 === 'private' && (n.t === 'ident' || n.t === 'str')) return this.handleBytes(n, f.name);
        if (n.t === 'bytes') return n.v;
        if (n.t === 'list' && packedKind(f.r9)) return this.packed(f, n);
        if (n.t === 'asm' && packedKind(f.r9) === 'tokens') return this.shaderBlock(n.tok);
        if (n.t === 'vertices' && f.r9 === 'vertices') return this.vertices(n, args, info);
        if (n.t === 'indices' && f.r9 === 'indices') return this.indices(n, args);
        if (n.t === 'list' && isGammaField(f)) return this.gammaRamp(n as Extract<Node, { t: 'list' }>, f.name);
        if (f.r9 === 'out query') return this.queryData(n);
        return this.err(n.tok, `${f.name} expects ${f.r9 === 'vertices' ? 'a list of vertices, ' : f.r9 === 'indices' ? 'a list of indices, ' : ''}hex"..." or b64"..." data`);
      default:
        return this.err(n.tok, `unsupported parameter ${f.name}`);
    }
  }

  /** GetData's pData written as the query type's value: a number, TRUE or FALSE. */
  private queryData(n: Node): Uint8Array {
    const v = n.t === 'num' ? n.v : n.t === 'ident' && (n.name === 'TRUE' || n.name === 'FALSE') ? Number(n.name === 'TRUE') : undefined;
    if (v === undefined) return this.err(n.tok, 'pData expects the query\'s value (a number, TRUE or FALSE), hex"..." data or NULL');
    const packed = packQueryData(v, this.queryTypes.get(this.self));
    return typeof packed === 'string' ? this.err(n.tok, packed) : packed;
  }

  /** A GUID: IID_name or guid"..." (hex"..." of 16 bytes is taken too). */
  private guid(n: Node, what: string): Uint8Array {
    if (n.t === 'ident') {
      const g = iidByName(n.name);
      if (g === undefined) this.err(n.tok, `${what}: unknown interface ID '${n.name}' (IID_IDirect3DTexture9, ..., or guid"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")`);
      return guidBytes(g!);
    }
    if (n.t !== 'bytes' || n.v.length !== 16) return this.err(n.tok, `${what} expects an IID_ name or guid"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"`);
    return n.v;
  }

  /** An object named where a pointer is passed as data (D3DSPD_IUNKNOWN): its handle, 4 bytes little-endian. */
  private handleBytes(n: Node, what: string): Uint8Array {
    const id = this.scalar({ k: 'handle', want: 'Unknown' }, n, what) as number;
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, id, true);
    return b;
  }

  private scalarField(f: TableField, n: Node): number | FloatBits {
    if (f.type.kind !== 'scalar') throw new Error('scalarField on non-scalar');
    return this.scalar(shapeOf(f.r9, f.type.scalar), n, f.name);
  }

  /** A number of the given shape; floats come back as float32 values, floatbits as bits. */
  private scalar(shape: Shape, n: Node, what: string): number | FloatBits {
    switch (shape.k) {
      case 'float':
        return this.float(n, what);
      case 'floatbits':
        if (n.t === 'num' && !n.hex) return floatFieldBits(this.float(n, what));
        return this.integer(n, what, 'uint');
      case 'handle': {
        if (n.t === 'ident' && n.name === 'NULL') return 0;
        if (n.t === 'num' && n.v === 0) return 0;
        if (n.t !== 'ident' && n.t !== 'str') this.err(n.tok, `${what} expects an object name or NULL, found ${describeNode(n)}`);
        const id = this.ids.get(n.tok.text);
        if (id === undefined) this.err(n.tok, `${shownName(n.tok)} is not bound to an object`);
        const kind = this.kinds.get(id!)!;
        if (!kindAccepts(shape.want, kind)) this.err(n.tok, `${what} expects a ${shape.want}, ${shownName(n.tok)} is a ${kind}`);
        return id!;
      }
      case 'int':
        return this.integer(n, what, 'int');
      default:
        return this.integer(n, what, 'uint');
    }
  }

  /** A float value: a decimal (rounded to float32, finite), or a hex literal giving its exact bits. */
  private float(n: Node, what: string): number | FloatBits {
    if (n.t !== 'num') return this.err(n.tok, `${what} expects a number, found ${describeNode(n)}`);
    if (n.hex) {
      if (n.v > 0xffffffff) this.err(n.tok, `${what}: ${n.tok.text} is more than the 32 bits of a float`);
      return floatFieldValue(n.v);
    }
    const f = Math.fround(n.v);
    if (!Number.isFinite(f)) this.err(n.tok, `${what}: ${n.tok.text} is outside the float32 range (write infinities and NaNs as their bits, e.g. 0x7f800000)`);
    return f;
  }

  /** An integer: a number, a constant name, TRUE/FALSE/NULL, or an OR of them. */
  private integer(n: Node, what: string, sign: 'int' | 'uint'): number {
    switch (n.t) {
      case 'num': {
        if (!Number.isInteger(n.v)) this.err(n.tok, `${what} expects an integer, found ${n.v}`);
        const lo = sign === 'int' ? -0x80000000 : n.hex ? 0 : -0x80000000;
        const hi = sign === 'int' && !n.hex ? 0x7fffffff : 0xffffffff;
        if (n.v < lo || n.v > hi) this.err(n.tok, `${what}: ${n.v} does not fit in 32 bits`);
        return sign === 'int' ? n.v | 0 : n.v >>> 0;
      }
      case 'ident': {
        if (n.name === 'TRUE') return 1;
        if (n.name === 'FALSE' || n.name === 'NULL') return 0;
        const v = n.arg !== undefined ? parseFvfTerm(`${n.name}(${n.arg})`) ?? parseTransformStateTerm(`${n.name}(${n.arg})`) : lookupConstant(n.name);
        if (v === undefined) this.err(n.tok, `unknown constant '${n.name}${n.arg !== undefined ? `(${n.arg})` : ''}'`);
        return sign === 'int' ? v! | 0 : v! >>> 0;
      }
      case 'or': {
        let v = 0;
        for (const t of n.terms) v |= this.integer(t, what, 'uint');
        return sign === 'int' ? v | 0 : v >>> 0;
      }
      default:
        return this.err(n.tok, `${what} expects a number or constant, found ${describeNode(n)}`);
    }
  }

  private struct(def: StructDef, n: Node, what: string): StructValue {
    if (n.t !== 'struct') return this.err(n.tok, `${what} expects a ${def.name} struct {...} or NULL, found ${describeNode(n)}`);
    const out: StructValue = {};
    const fill = (sf: StructDef['fields'][number], node: Node | undefined): void => {
      if (typeof sf.type === 'object') {
        const inner = structDef(sf.type.struct);
        out[sf.name] = node ? this.struct(inner, node, `${what}.${sf.name}`) : zeroStruct(inner);
      } else {
        out[sf.name] = node ? this.scalar(shapeOf(sf.r9, sf.type), node, `${what}.${sf.name}`) : 0;
      }
    };
    if (n.named === null) {
      if (n.items.length !== def.fields.length) this.err(n.tok, `${def.name} has ${def.fields.length} fields (${def.fields.map((f) => f.name).join(', ')}), found ${n.items.length} values`);
      def.fields.forEach((sf, i) => fill(sf, n.items[i]));
      return out;
    }
    const given = new Map<string, Node>();
    for (const e of n.named) {
      if (!def.fields.some((f) => f.name === e.name)) this.err(e.tok, `${def.name} has no field '${e.name}' (fields: ${def.fields.map((f) => f.name).join(', ')})`);
      if (given.has(e.name)) this.err(e.tok, `field '${e.name}' given twice`);
      given.set(e.name, e.v);
    }
    for (const sf of def.fields) fill(sf, given.get(sf.name));
    return out;
  }

  /**
   * A vertex list (the next token is its '['), each vertex packed by the FVF in effect on this
   * device as it is read, into one growing buffer: linear time, and memory for the bytes only.
   */
  private vertexList(info: CommandInfo): Node {
    const open = this.next();
    if (this.depth + 2 > MAX_NESTING) this.err(open, `lists and structs nest more than ${MAX_NESTING} deep here`);
    const fvf = this.fvf.get(this.self);
    if (fvf === undefined) this.err(open, `vertex lists need an FVF: call SetFVF on this device first, or give the data as hex"..."/b64"..."`);
    const layout = fvfLayout(fvf!);
    if (!layout) this.err(open, `the FVF in effect (0x${fvf!.toString(16)}) does not describe a vertex`);
    const { stride, fields } = layout!;
    const names = (): string => fields.map((f) => f.name).join(', ');
    let out = new Uint8Array(stride * 64);
    let dv = new DataView(out.buffer);
    let count = 0;
    if (!this.isPunct(']')) {
      for (;;) {
        const vtok = this.peek();
        if (vtok.kind !== 'punct' || vtok.text !== '[') this.err(this.value().tok, `each vertex is a list [${names()}]`);
        this.next();
        if ((count + 1) * stride > out.length) {
          const grown = new Uint8Array(out.length * 2);
          grown.set(out);
          out = grown;
          dv = new DataView(out.buffer);
        }
        let j = 0;
        this.depth += 2;
        if (!this.isPunct(']')) {
          for (;;) {
            const v = this.value();
            const fd = fields[j];
            if (fd) {
              const at = count * stride + fd.offset;
              if (fd.kind === 'u32') dv.setUint32(at, this.integer(v, `vertex ${count} ${fd.name}`, 'uint'), true);
              else dv.setUint32(at, floatFieldBits(this.float(v, `vertex ${count} ${fd.name}`)), true);
            }
            j++;
            if (this.isPunct(',')) { this.next(); continue; }
            break;
          }
        }
        this.depth -= 2;
        this.expect(']', 'to close the vertex');
        if (j !== fields.length) this.err(vtok, `vertex ${count} has ${j} values, the FVF declares ${fields.length} (${names()})`);
        if (this.isPunct('|')) this.err(vtok, `each vertex is a list [${names()}]`);
        count++;
        if (this.isPunct(',')) { this.next(); continue; }
        break;
      }
    }
    this.expect(']', `to close the vertex list of ${info.method}`);
    return { t: 'vertices', bytes: out.subarray(0, count * stride), layout: layout!, tok: open };
  }

  /** An index list (the next token is its '['), read into one growing array of 32-bit values. */
  private indexList(): Node {
    const open = this.next();
    let values = new Uint32Array(256);
    let count = 0;
    let wide: { v: number; tok: Tok } | undefined;
    this.depth++;
    if (!this.isPunct(']')) {
      for (;;) {
        const it = this.value();
        const v = this.integer(it, `index ${count}`, 'uint');
        if (v > 0xffff && !wide) wide = { v, tok: it.tok };
        if (count === values.length) {
          const grown = new Uint32Array(values.length * 2);
          grown.set(values);
          values = grown;
        }
        values[count++] = v;
        if (this.isPunct(',')) { this.next(); continue; }
        break;
      }
    }
    this.depth--;
    this.expect(']', 'to close the list');
    return { t: 'indices', values: values.subarray(0, count), ...(wide ? { wide } : {}), tok: open };
  }

  /** A token list (hex words), a list of registers of four (floats or ints) or a list of BOOLs, packed as DWORDs. */
  private packed(f: TableField, n: Extract<Node, { t: 'list' }>): Uint8Array {
    const kind = packedKind(f.r9)!;
    const out = new Uint8Array(n.items.length * PACKED_ITEM_BYTES[kind]);
    const dv = new DataView(out.buffer);
    n.items.forEach((it, r) => {
      if (kind === 'tokens' || kind === 'bools') {
        dv.setUint32(r * 4, this.integer(it, `${f.name} item ${r}`, 'uint'), true);
        return;
      }
      if (it.t !== 'list' || it.items.length !== 4) this.err(it.tok, `${f.name}: register ${r} is a list of 4 ${kind === 'float4' ? 'floats' : 'integers'}`);
      (it as Extract<Node, { t: 'list' }>).items.forEach((v, c) => {
        const what = `${f.name} register ${r} component ${c}`;
        dv.setUint32(r * 16 + c * 4, kind === 'float4' ? floatFieldBits(this.float(v, what)) : this.integer(v, what, 'int') >>> 0, true);
      });
    });
    return out;
  }

  /** An asm"..." block as its tokens, little-endian DWORDs. */
  private shaderBlock(t: AsmTok): Uint8Array {
    const tokens = assembleShaderBlock(t.text, this.file, t.bodyLine, t.bodyCol);
    const out = new Uint8Array(tokens.length * 4);
    const dv = new DataView(out.buffer);
    tokens.forEach((w, k) => dv.setUint32(k * 4, w, true));
    return out;
  }

  private vertices(n: Extract<Node, { t: 'vertices' }>, args: Record<string, ArgValue>, info: CommandInfo): Uint8Array {
    const stride = args.VertexStreamZeroStride as number;
    if (stride !== n.layout.stride) this.err(n.tok, `${info.method}: VertexStreamZeroStride ${stride} differs from the FVF's vertex size ${n.layout.stride}; give the data as hex"..."`);
    return n.bytes;
  }

  /** A D3DGAMMARAMP as its 768 WORDs (red, green, blue), packed little-endian. */
  private gammaRamp(n: Extract<Node, { t: 'list' }>, name: string): Uint8Array {
    if (n.items.length !== GAMMA_RAMP_WORDS) this.err(n.tok, `${name} expects a list of ${GAMMA_RAMP_WORDS} numbers (256 red, 256 green, 256 blue), got ${n.items.length}`);
    const out = new Uint8Array(GAMMA_RAMP_WORDS * 2);
    const dv = new DataView(out.buffer);
    n.items.forEach((it, i) => {
      const v = this.integer(it, `${name} entry ${i}`, 'uint');
      if (v > 0xffff) this.err(it.tok, `${name} entry ${i}: ${v} does not fit in a WORD`);
      dv.setUint16(i * 2, v, true);
    });
    return out;
  }

  private indices(n: Extract<Node, { t: 'indices' }>, args: Record<string, ArgValue>): Uint8Array {
    const fmt = args.IndexDataFormat as number;
    const size = fmt === D3DFMT.INDEX16 ? 2 : fmt === D3DFMT.INDEX32 ? 4 : 0;
    if (!size) this.err(n.tok, 'index lists need IndexDataFormat D3DFMT_INDEX16 or D3DFMT_INDEX32');
    if (size === 2 && n.wide) this.err(n.wide.tok, `index ${n.wide.v} does not fit in 16 bits`);
    const out = new Uint8Array(n.values.length * size);
    const dv = new DataView(out.buffer);
    for (let i = 0; i < n.values.length; i++) {
      if (size === 2) dv.setUint16(i * 2, n.values[i], true);
      else dv.setUint32(i * 4, n.values[i], true);
    }
    return out;
  }

}

/** A number token written 0x... (the lexer has checked the rest). */
function isHexLiteral(text: string): boolean {
  return text.length > 1 && (text[1] === 'x' || text[1] === 'X');
}

function zeroStruct(def: StructDef): StructValue {
  const out: StructValue = {};
  for (const f of def.fields) out[f.name] = typeof f.type === 'object' ? zeroStruct(structDef(f.type.struct)) : 0;
  return out;
}

/** A name token in a message: 'dev', or "a name" quoted as the text writes it. */
function shownName(t: Tok): string {
  return t.kind === 'str' ? quoteString(t.text) : `'${t.text}'`;
}

function describe(t: Tok): string {
  switch (t.kind) {
    case 'nl': return 'the end of the line';
    case 'eof': return 'the end of the file';
    case 'str': return `the string ${quoteString(t.text)}`;
    case 'asm': return 'an asm"..." block';
    default: return `'${t.text}'`;
  }
}

function describeNode(n: Node): string {
  switch (n.t) {
    case 'num': return String(n.v);
    case 'ident': return n.name;
    case 'str': return 'a string';
    case 'bytes': return 'data';
    case 'asm': return 'shader assembly';
    case 'or': return 'an OR of constants';
    case 'struct': return 'a struct';
    case 'list': return 'a list';
    case 'vertices': return 'a vertex list';
    case 'indices': return 'an index list';
  }
}
