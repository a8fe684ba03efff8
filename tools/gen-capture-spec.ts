/**
 * `tsx tools/gen-capture-spec.ts [APITRACE_GIT_DIR]`: regenerates src/capture/generated/d3d9-spec.ts,
 * the table of every D3D9 function, interface method, enum, bitmask and struct as apitrace's tracer
 * writes them. Input data: apitrace's specs/winapi.py, d3d9types.py, d3d9caps.py and d3d9.py, read
 * with `git show` from a clone of apitrace (default: the mirror at /work/.mirror/apitrace+apitrace/repo).
 * The .py files are read as data by a small evaluator of the subset of Python they use; enum and flag
 * values come from replay9's own D3D9 constant tables (src/d3d9), plus EXTRA_VALUES below for the
 * names those tables lack. The generated file is committed; this script only refreshes it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lookupConstant } from '../src/d3d9/enum-registry.js';
import type { ApiSpec, SpecArg, SpecBitmask, SpecEnum, SpecFunction, SpecInterface, SpecStruct, SpecType } from '../src/capture/spec-types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_APITRACE = '/work/.mirror/apitrace+apitrace/repo';
export const OUT_PATH = join(root, 'src', 'capture', 'generated', 'd3d9-spec.ts');
const DEFAULT_REPO = DEFAULT_APITRACE;
const FILES = ['specs/winapi.py', 'specs/d3d9types.py', 'specs/d3d9caps.py', 'specs/d3d9.py'];

/** MAKEFOURCC(a, b, c, d): the four characters, first in the low byte. */
const fourcc = (s: string): number => (s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24)) >>> 0;

/** Values of names that src/d3d9's tables do not carry (d3d9.h, d3d9types.h, d3d9caps.h, winerror.h, and
 * the vendor FOURCC formats apitrace defines itself in dispatch/d3d9imports.hpp, d3d8imports.hpp). */
const EXTRA_VALUES: Record<string, number> = {
  D3DFMT_ATI1N: fourcc('ATI1'),
  D3DFMT_ATI2N: fourcc('ATI2'),
  D3DFMT_AYUV: fourcc('AYUV'),
  D3DFMT_NV12: fourcc('NV12'),
  D3DFMT_YV12: fourcc('YV12'),
  D3DFMT_AL16: fourcc('AL16'),
  D3DFMT_R16: fourcc(' R16'),
  D3DCS_ALL: 0xfff,
  D3DCAPS3_RESERVED: 0x8000001f,
  FALSE: 0,
  TRUE: 1,
  D3D_OK: 0,
  E_PENDING: 0x8000000a,
  E_POINTER: 0x80004003,
  E_ABORT: 0x80004004,
  E_UNEXPECTED: 0x8000ffff,
  E_ACCESSDENIED: 0x80070005,
  E_HANDLE: 0x80070006,
  D3DADAPTER_DEFAULT: 0,
  D3DENUM_WHQL_LEVEL: 0x2,
  D3DPRESENT_RATE_DEFAULT: 0,
  D3DFVF_RESERVED0: 0x1,
  D3D9_RESOURCE_PRIORITY_MINIMUM: 0x28000000,
  D3D9_RESOURCE_PRIORITY_LOW: 0x50000000,
  D3D9_RESOURCE_PRIORITY_NORMAL: 0x78000000,
  D3D9_RESOURCE_PRIORITY_HIGH: 0xa0000000,
  D3D9_RESOURCE_PRIORITY_MAXIMUM: 0xc8000000,
};
/** HRESULTs are LONGs: apitrace writes an error's value as a negative number. */
const SIGNED_ENUMS = new Set(['HRESULT']);

// ---- a tokenizer and evaluator for the Python subset of apitrace's specs ----

type Tok = { t: 'name' | 'str' | 'num' | 'op'; v: string };

function tokenize(src: string): Tok[][] {
  const stmts: Tok[][] = [];
  let cur: Tok[] = [];
  let depth = 0;
  let i = 0;
  let skipIndented = false;
  let lineStart = true;
  while (i < src.length) {
    const c = src[i];
    if (lineStart && depth === 0) {
      lineStart = false;
      const m = /^[ \t]*/.exec(src.slice(i))![0];
      const rest = src.slice(i + m.length);
      if (m.length > 0 && skipIndented && !/^(#|\n|$)/.test(rest)) {
        i = src.indexOf('\n', i);
        if (i < 0) break;
        continue;
      }
      if (m.length === 0 && !/^(#|\n|$)/.test(rest)) skipIndented = false;
      if (/^(def|class|if|for|while|try|with)\b/.test(rest)) {
        skipIndented = true;
        i = src.indexOf('\n', i);
        if (i < 0) break;
        continue;
      }
    }
    if (c === '\n') {
      lineStart = true;
      if (depth === 0 && cur.length) {
        stmts.push(cur);
        cur = [];
      }
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\\') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = src.startsWith(c.repeat(3), i);
      const q = triple ? c.repeat(3) : c;
      const end = src.indexOf(q, i + q.length);
      const text = src.slice(i + q.length, end);
      i = end + q.length;
      if (!triple || cur.length) cur.push({ t: 'str', v: text });
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 200));
    if (name) {
      cur.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const num = /^(0x[0-9a-fA-F]+|\d+)/.exec(src.slice(i, i + 40));
    if (num) {
      cur.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    const op = src.startsWith('+=', i) ? '+=' : c;
    if ('([{'.includes(op)) depth++;
    if (')]}'.includes(op)) depth--;
    cur.push({ t: 'op', v: op });
    i += op.length;
  }
  if (cur.length) stmts.push(cur);
  return stmts;
}

type PyVal =
  | { py: 'type'; type: SpecType; enumName?: string }
  | { py: 'str'; v: string }
  | { py: 'num'; v: number }
  | { py: 'const'; v: boolean | null }
  | { py: 'list'; items: PyVal[] }
  | { py: 'arg'; arg: SpecArg }
  | { py: 'method'; ret: SpecType; name: string; args: SpecArg[] }
  | { py: 'iface'; name: string; base?: string; methods: Array<{ ret: SpecType; name: string; args: SpecArg[] }> }
  | { py: 'module'; functions: Array<{ ret: SpecType; name: string; args: SpecArg[] }>; ifaces: string[] }
  | { py: 'builtin'; fn: (args: PyVal[], kw: Record<string, PyVal>) => PyVal }
  | { py: 'bound'; fn: (args: PyVal[]) => PyVal };

const enums: Array<{ name: string; names: string[] }> = [];
const bitmasks: Array<{ name: string; names: string[] }> = [];
const structs: Array<{ name: string; members: Array<readonly [string, SpecType]> }> = [];
const ifaces = new Map<string, Extract<PyVal, { py: 'iface' }>>();
const env = new Map<string, PyVal>();

const T = (type: SpecType, enumName?: string): PyVal => ({ py: 'type', type, enumName });
function asType(v: PyVal): SpecType {
  if (v.py === 'type') return v.type;
  if (v.py === 'iface') return { k: 'obj', iface: v.name };
  throw new Error(`expected a type, got ${v.py}`);
}
function asStr(v: PyVal): string {
  if (v.py === 'str') return v.v;
  if (v.py === 'num') return String(v.v);
  throw new Error(`expected a string, got ${v.py}`);
}
function asList(v: PyVal): PyVal[] {
  if (v.py !== 'list') throw new Error(`expected a list, got ${v.py}`);
  return v.items;
}
function asArg(v: PyVal): SpecArg {
  if (v.py === 'arg') return v.arg;
  const [t, n] = asList(v);
  return { name: asStr(n), type: asType(t), dir: 'in' };
}
function newEnum(name: string, values: PyVal): PyVal {
  enums.push({ name, names: asList(values).map(asStr) });
  return T({ k: 'enum', i: enums.length - 1 }, name);
}
const builtin = (fn: (a: PyVal[], kw: Record<string, PyVal>) => PyVal): PyVal => ({ py: 'builtin', fn });
const method = (a: PyVal[]): PyVal => ({ py: 'method', ret: asType(a[0]), name: asStr(a[1]), args: asList(a[2]).map(asArg) });

function defineBuiltins(): void {
  for (const n of ['Int', 'Long', 'LongLong', 'Short', 'SChar', 'Char', 'WChar', 'IntPtr', 'Int8', 'Int16', 'Int32', 'Int64']) env.set(n, T({ k: 'sint' }));
  for (const n of ['UInt', 'ULong', 'ULongLong', 'UShort', 'UChar', 'SizeT', 'UIntPtr', 'UInt8', 'UInt16', 'UInt32', 'UInt64']) env.set(n, T({ k: 'uint' }));
  env.set('Float', T({ k: 'float' }));
  env.set('Double', T({ k: 'double' }));
  env.set('Bool', T({ k: 'bool' }));
  env.set('Void', T({ k: 'void' }));
  for (const n of ['CString', 'ConstCString']) env.set(n, T({ k: 'string' }));
  for (const n of ['WString', 'ConstWString']) env.set(n, T({ k: 'wstring' }));
  env.set('True', { py: 'const', v: true });
  env.set('False', { py: 'const', v: false });
  env.set('None', { py: 'const', v: null });
  const same = builtin((a) => a[a.length === 2 ? 1 : 0]);
  env.set('Alias', same);
  env.set('Handle', same);
  env.set('Const', builtin((a) => a[0]));
  env.set('Reference', builtin((a) => a[0]));
  env.set('Pointer', builtin((a) => T({ k: 'pointer', to: asType(a[0]) })));
  env.set('ConstPointer', builtin((a) => T({ k: 'pointer', to: asType(a[0]) })));
  env.set('ObjPointer', builtin((a) => T(a[0].py === 'iface' ? { k: 'obj', iface: a[0].name } : { k: 'opaque' })));
  for (const n of ['IntPointer', 'LinearPointer', 'OpaquePointer', 'OpaqueArray', 'OpaqueBlob', 'Opaque', 'DECLARE_HANDLE']) env.set(n, builtin(() => T({ k: 'opaque' })));
  env.set('String', builtin(() => T({ k: 'string' })));
  env.set('Array', builtin((a) => T({ k: 'array', of: asType(a[0]), len: a[1].py === 'num' ? a[1].v : asStr(a[1]) })));
  // D3DSHADER9 (sized by _shaderSize): the tracer writes a shader as (disassembly, tokens)
  env.set('Blob', builtin((a) => T(asStr(a[1]).startsWith('_shaderSize') ? { k: 'shader' } : { k: 'blob', size: asStr(a[1]) })));
  env.set('Enum', builtin((a) => newEnum(asStr(a[0]), a[1])));
  env.set('FakeEnum', builtin((a) => newEnum('', a[1])));
  const flags = builtin((a) => {
    bitmasks.push({ name: '', names: asList(a[1]).map(asStr) });
    return T({ k: 'bitmask', i: bitmasks.length - 1 });
  });
  env.set('Flags', flags);
  env.set('Bitmask', flags);
  env.set('Struct', builtin((a) => {
    structs.push({ name: asStr(a[0]), members: asList(a[1]).map((m) => { const x = asArg(m); return [x.name, x.type] as const; }) });
    return T({ k: 'struct', i: structs.length - 1 });
  }));
  const poly = (switchOn: PyVal, cases: PyVal, dflt: PyVal | undefined): SpecType => ({
    k: 'poly',
    switchOn: asStr(switchOn),
    cases: asList(cases).map((c) => { const [n, t] = asList(c); return [[asStr(n)], asType(t)] as const; }),
    ...(dflt && dflt.py === 'type' ? { default: dflt.type } : {}),
  });
  env.set('Polymorphic', builtin((a) => T(poly(a[0], a[1], a[2]))));
  env.set('EnumPolymorphic', builtin((a) => {
    const e = newEnum(asStr(a[0]), { py: 'list', items: asList(a[2]).map((c) => asList(c)[0]) });
    return { py: 'list', items: [e, T(poly(a[1], a[2], a[3]))] };
  }));
  env.set('In', builtin((a) => ({ py: 'arg', arg: { name: asStr(a[1]), type: asType(a[0]), dir: 'in' } })));
  env.set('Out', builtin((a) => ({ py: 'arg', arg: { name: asStr(a[1]), type: asType(a[0]), dir: 'out' } })));
  env.set('InOut', builtin((a) => ({ py: 'arg', arg: { name: asStr(a[1]), type: asType(a[0]), dir: 'inout' } })));
  env.set('StdMethod', builtin(method));
  env.set('Method', builtin(method));
  env.set('StdFunction', builtin(method));
  env.set('Interface', builtin((a) => {
    const base = a[1]?.py === 'iface' ? a[1] : undefined;
    const i: PyVal = { py: 'iface', name: asStr(a[0]), base: base?.name, methods: [] };
    ifaces.set(i.name, i);
    return i;
  }));
  env.set('Module', builtin(() => ({ py: 'module', functions: [], ifaces: [] })));
  // MAKE_HRESULT(ok, errors): HRESULT's generic values with D3D_OK first and the module's errors after
  env.set('MAKE_HRESULT', builtin((_a, kw) => {
    const base = enums.find((e) => e.name === 'HRESULT')!;
    base.names.push(...asList(kw.errors).map(asStr)); // apitrace extends the generic HRESULT in place too
    const names = [asStr(kw.ok ?? { py: 'str', v: 'S_OK' }), ...base.names.slice(1)];
    return newEnum('HRESULT', { py: 'list', items: names.map((v) => ({ py: 'str', v }) as PyVal) });
  }));
}

class Evaluator {
  private pos = 0;
  constructor(private readonly toks: Tok[]) {}
  private peek(): Tok | undefined {
    return this.toks[this.pos];
  }
  private eat(v: string): boolean {
    if (this.peek()?.v === v && this.peek()?.t === 'op') {
      this.pos++;
      return true;
    }
    return false;
  }
  private expect(v: string): void {
    if (!this.eat(v)) throw new Error(`expected ${v} at token ${this.pos}: ${JSON.stringify(this.peek())}`);
  }
  done(): boolean {
    return this.pos >= this.toks.length;
  }
  statement(): void {
    const t = this.toks;
    if (t[0].v === 'from' || t[0].v === 'import') return;
    // NAME[, NAME] = expr | NAME.attr += expr | expr
    let j = 0;
    const targets: string[] = [];
    while (t[j]?.t === 'name' && (t[j + 1]?.v === ',' || t[j + 1]?.v === '=')) {
      targets.push(t[j].v);
      j += 2;
      if (t[j - 1].v === '=') break;
    }
    if (targets.length && t[j - 1].v === '=') {
      this.pos = j;
      const v = this.expr();
      if (targets.length === 1) env.set(targets[0], v);
      else asList(v).forEach((x, k) => env.set(targets[k], x));
      return;
    }
    if (t[0].t === 'name' && t[1]?.v === '.' && t[2]?.v === 'methods' && (t[3]?.v === '+=' || t[3]?.v === '=')) {
      this.pos = 4;
      const i = env.get(t[0].v);
      if (i?.py !== 'iface') throw new Error(`${t[0].v} is not an interface`);
      if (t[3].v === '=') i.methods.length = 0;
      for (const m of asList(this.expr())) if (m.py === 'method') i.methods.push(m);
      return;
    }
    this.expr();
  }
  expr(): PyVal {
    let v = this.atom();
    for (;;) {
      if (this.eat('(')) {
        const args: PyVal[] = [];
        const kw: Record<string, PyVal> = {};
        while (!this.eat(')')) {
          const p = this.peek()!;
          if (p.t === 'name' && this.toks[this.pos + 1]?.v === '=') {
            this.pos += 2;
            kw[p.v] = this.expr();
          } else args.push(this.expr());
          this.eat(',');
        }
        if (v.py === 'builtin' || v.py === 'bound') v = v.fn(args, kw);
        else throw new Error(`cannot call ${v.py}`);
      } else if (this.eat('.')) {
        const attr = this.peek()!.v;
        this.pos++;
        v = attribute(v, attr);
      } else if (this.eat('[')) {
        const idx = this.expr();
        this.expect(']');
        v = asList(v)[idx.py === 'num' ? idx.v : 0];
      } else return v;
    }
  }
  private atom(): PyVal {
    const p = this.peek();
    if (!p) throw new Error('unexpected end');
    this.pos++;
    if (p.t === 'str') {
      let s = p.v;
      while (this.peek()?.t === 'str') s += this.toks[this.pos++].v;
      return { py: 'str', v: s };
    }
    if (p.t === 'num') return { py: 'num', v: Number(p.v) };
    if (p.t === 'name') {
      const v = env.get(p.v);
      if (!v) throw new Error(`unknown name ${p.v}`);
      return v;
    }
    if (p.v === '[' || p.v === '(') {
      const close = p.v === '[' ? ']' : ')';
      const items: PyVal[] = [];
      while (!this.eat(close)) {
        items.push(this.expr());
        this.eat(',');
      }
      return { py: 'list', items };
    }
    throw new Error(`unexpected ${p.v}`);
  }
}

function attribute(v: PyVal, attr: string): PyVal {
  if (v.py === 'module') {
    if (attr === 'addFunctions') return { py: 'bound', fn: (a) => { for (const f of asList(a[0])) if (f.py === 'method') v.functions.push(f); return v; } };
    if (attr === 'addInterfaces') return { py: 'bound', fn: (a) => { for (const i of asList(a[0])) if (i.py === 'iface') v.ifaces.push(i.name); return v; } };
    if (attr === 'mergeModule') return { py: 'bound', fn: () => v };
  }
  if (v.py === 'type' && attr === 'values') return { py: 'list', items: [] };
  throw new Error(`no attribute ${attr} of ${v.py}`);
}

function readSpecs(repo: string): { modules: Array<Extract<PyVal, { py: 'module' }>>; skipped: string[] } {
  defineBuiltins();
  const skipped: string[] = [];
  for (const file of FILES) {
    const src = execFileSync('git', ['-C', repo, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const stmt of tokenize(src)) {
      try {
        const ev = new Evaluator(stmt);
        ev.statement();
      } catch (e) {
        // a statement of winapi.py that the D3D9 tables never use (its own helpers, other APIs)
        skipped.push(`${file}: ${stmt.slice(0, 3).map((t) => t.v).join(' ')}: ${(e as Error).message}`);
      }
    }
  }
  const modules = [...env.entries()].filter(([, v]) => v.py === 'module').map(([, v]) => v as Extract<PyVal, { py: 'module' }>);
  return { modules, skipped };
}

/** D3DFVF_TEXCOORDSIZEn(i): the texture format code (TEXTUREFORMAT1 = 3, 2 = 0, 3 = 1, 4 = 2) at bits 16 + 2i. */
function texCoordSize(name: string): number | undefined {
  const m = /^D3DFVF_TEXCOORDSIZE([1-4])\((\d)\)$/.exec(name);
  if (!m) return undefined;
  const code = [3, 0, 1, 2][Number(m[1]) - 1];
  return (code << (16 + 2 * Number(m[2]))) >>> 0;
}

function valueOf(name: string, missing: Set<string>): number {
  const v = EXTRA_VALUES[name] ?? lookupConstant(name) ?? texCoordSize(name);
  if (v === undefined) {
    missing.add(name);
    return 0;
  }
  return v;
}

/** Every method of an interface, its bases' first (IUnknown's QueryInterface, AddRef, Release lead). */
function allMethods(name: string): Array<{ ret: SpecType; name: string; args: SpecArg[] }> {
  const i = ifaces.get(name)!;
  return [...(i.base ? allMethods(i.base) : []), ...i.methods];
}

export function buildSpec(repo: string): { spec: ApiSpec; missing: string[]; skipped: string[] } {
  const { modules, skipped } = readSpecs(repo);
  const missing = new Set<string>();
  const specEnums: SpecEnum[] = enums.map((e) => ({
    name: e.name,
    values: e.names.map((n) => {
      const v = valueOf(n, missing);
      return [n, SIGNED_ENUMS.has(e.name) ? v | 0 : v >>> 0] as const;
    }),
  }));
  const specBitmasks: SpecBitmask[] = bitmasks.map((b) => ({ name: b.name, flags: b.names.map((n) => [n, valueOf(n, missing) >>> 0] as const) }));
  const specStructs: SpecStruct[] = structs.map((s) => ({ name: s.name, members: s.members }));
  const functions: SpecFunction[] = [];
  const interfaces: SpecInterface[] = [];
  for (const [name, i] of ifaces) {
    if (name === 'IUnknown') continue;
    interfaces.push({ name, ...(i.base ? { base: i.base } : {}) });
    for (const m of allMethods(name)) {
      functions.push({
        name: `${name}::${m.name}`,
        iface: name,
        method: m.name,
        ret: m.ret,
        args: [{ name: 'this', type: { k: 'obj', iface: name }, dir: 'in' }, ...m.args],
      });
    }
  }
  const seen = new Set<string>();
  for (const mod of modules) {
    for (const f of mod.functions) {
      if (seen.has(f.name)) continue;
      seen.add(f.name);
      functions.push({ name: f.name, iface: '', method: f.name, ret: f.ret, args: f.args });
    }
  }
  return { spec: { enums: specEnums, bitmasks: specBitmasks, structs: specStructs, interfaces, functions }, missing: [...missing], skipped };
}

/** The generated file's text for the specs in `repo` (throws when a value is unknown). */
export function specText(repo: string = DEFAULT_REPO): string {
  const { spec, missing, skipped } = buildSpec(repo);
  if (missing.length) throw new Error(`no value known for: ${missing.join(', ')}`);
  if (process.env.VERBOSE) for (const s of skipped) console.error(`skipped ${s}`);
  const section = (items: readonly unknown[]): string => `[\n${items.map((x) => `    ${JSON.stringify(x)},\n`).join('')}  ]`;
  const text =
    `// Generated by tools/gen-capture-spec.ts from apitrace's specs/d3d9*.py and winapi.py (MIT), with\n` +
    `// values from src/d3d9. Do not edit: run \`tsx tools/gen-capture-spec.ts\` to regenerate.\n` +
    `import type { ApiSpec } from '../spec-types.js';\n\n` +
    `export const D3D9_SPEC: ApiSpec = {\n` +
    Object.entries(spec).map(([k, v]) => `  ${k}: ${section(v as unknown[])},\n`).join('') +
    `};\n`;
  return text;
}

function main(): void {
  const text = specText(process.argv[2] ?? DEFAULT_REPO);
  mkdirSync(dirname(OUT_PATH), { recursive: true });
  writeFileSync(OUT_PATH, text);
  console.log(`${OUT_PATH}: ${text.length} characters`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
