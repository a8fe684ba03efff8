/**
 * How much of d3d9.h replay9 covers, against the reference list (test/fixtures/d3d9-methods.ts),
 * and a ratchet: NOT_YET lists the methods that lack a command or an API method today. The test
 * fails when a method outside NOT_YET lacks either (a regression), when a method in NOT_YET has
 * gained both (take it off the list), and when the schema or the API names a method that d3d9.h
 * does not have (a misspelling).
 *
 * A method is matched where d3d9.h declares it: a command `IDirect3DTexture9.GenerateMipSubLevels`
 * covers IDirect3DBaseTexture9::GenerateMipSubLevels, and `*.Release` covers IUnknown::Release.
 * "API method": the D3D9-shaped interface in src/device/types.ts declares it (for the interface or
 * one that inherits it) and the API object of that interface (src/api) carries it; the D3DPERF_*
 * functions are methods of the API's Direct3D9 and device objects, Direct3DCreate9 is the API's
 * export.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9, Direct3DCreate9Ex } from '../src/api/index.js';
import * as wrap from '../src/api/wrap.js';
import { COMMANDS, EX_INTERFACE_OF, INTERFACE_OF } from '../src/trace/commands.js';
import type { HandleKind } from '../src/trace/commands.js';
import { D3D9_FUNCTIONS, D3D9_INTERFACES, D3D9_METHOD_KEYS, D3D9_TOTALS, methodKey } from './fixtures/d3d9-methods.js';

/** Methods of d3d9.h without a command or an API method yet, `IFACE.Method` (`.Function` for free functions). Sorted. */
const NOT_YET: readonly string[] = [

];

const IFACES = new Map(D3D9_INTERFACES.map((i) => [i.name, i]));
const FUNCTIONS = new Set(D3D9_FUNCTIONS.map((f) => f.name));

/** The interface that declares `method` for an object of interface `name` (itself or an ancestor). */
function declaringInterface(name: string, method: string): string | undefined {
  for (let i = IFACES.get(name); i; i = i.parent ? IFACES.get(i.parent) : undefined) {
    if (i.methods.some((m) => m.name === method)) return i.name;
  }
  return undefined;
}

/** Is `name` the interface `ancestor` or one that inherits from it? */
function inherits(name: string, ancestor: string): boolean {
  for (let i = IFACES.get(name); i; i = i.parent ? IFACES.get(i.parent) : undefined) if (i.name === ancestor) return true;
  return false;
}

/** Reference keys the schema's commands record, and the commands that name no d3d9.h method. */
function schemaCoverage(): { covered: Set<string>; unknown: string[] } {
  const covered = new Set<string>();
  const unknown: string[] = [];
  for (const c of COMMANDS.slice(1)) {
    let key: string | undefined;
    if (c.iface === '') key = FUNCTIONS.has(c.method) ? methodKey('', c.method) : undefined;
    else {
      const owner = declaringInterface(c.iface === '*' ? 'IUnknown' : c.iface, c.method);
      key = owner ? methodKey(owner, c.method) : undefined;
    }
    if (key) covered.add(key);
    else unknown.push(`command ${c.name}: ${c.table.r9}`);
  }
  return { covered, unknown };
}

/** The method names of each interface in src/device/types.ts: its own, and with those it inherits there. */
function typesInterfaces(): { own: Map<string, string[]>; all: Map<string, Set<string>> } {
  const file = new URL('../src/device/types.ts', import.meta.url);
  const sf = ts.createSourceFile('types.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const own = new Map<string, { methods: string[]; bases: string[] }>();
  sf.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const methods = node.members.filter(ts.isMethodSignature).map((m) => m.name.getText(sf));
    const bases = (node.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.expression.getText(sf)));
    own.set(node.name.text, { methods, bases });
  });
  const all = (name: string): Set<string> => {
    const d = own.get(name);
    return new Set(d ? [...d.methods, ...d.bases.flatMap((b) => [...all(b)])] : []);
  };
  return { own: new Map([...own].map(([n, d]) => [n, d.methods])), all: new Map([...own.keys()].map((n) => [n, all(n)])) };
}

const WRAPPERS: Record<HandleKind, object> = {
  Direct3D9: wrap.Direct3D9Api.prototype,
  Device: wrap.DeviceApi.prototype,
  Surface: wrap.SurfaceApi.prototype,
  Texture: wrap.TextureApi.prototype,
  CubeTexture: wrap.CubeTextureApi.prototype,
  VertexBuffer: wrap.VertexBufferApi.prototype,
  IndexBuffer: wrap.IndexBufferApi.prototype,
  StateBlock: wrap.StateBlockApi.prototype,
  VolumeTexture: wrap.VolumeTextureApi.prototype,
  Volume: wrap.VolumeApi.prototype,
  VertexDeclaration: wrap.VertexDeclarationApi.prototype,
  VertexShader: wrap.VertexShaderApi.prototype,
  PixelShader: wrap.PixelShaderApi.prototype,
  SwapChain: wrap.SwapChainApi.prototype,
  Query: wrap.QueryApi.prototype,
};
const hasFn = (proto: object, name: string): boolean => typeof (proto as Record<string, unknown>)[name] === 'function';

/** Reference keys the API has, and the API methods that name no d3d9.h method. */
function apiCoverage(): { covered: Set<string>; unknown: string[] } {
  const { own, all: declared } = typesInterfaces();
  const covered = new Set<string>();
  const unknown: string[] = [];
  // the interfaces of types.ts that are d3d9.h's: every method they declare must be a d3d9.h method
  // (what they take from other bases, e.g. LockData's recording hooks, is not D3D9 surface)
  for (const [name, methods] of own) {
    if (!IFACES.has(name)) continue;
    for (const m of methods) {
      if (!declaringInterface(name, m)) unknown.push(`src/device/types.ts ${name}.${m}`);
    }
  }
  // the API objects: each carries only its interface's methods (and the D3DPERF_* functions on the root objects)
  const perfHosts = new Set<HandleKind>(['Direct3D9', 'Device']);
  // the Direct3D9, device and swap-chain objects are their Ex interfaces too (the `ex` flag)
  const widest = (kind: HandleKind): string => EX_INTERFACE_OF[kind] ?? INTERFACE_OF[kind];
  for (const kind of Object.keys(WRAPPERS) as HandleKind[]) {
    const iface = widest(kind);
    for (const m of Object.getOwnPropertyNames(WRAPPERS[kind])) {
      if (m === 'constructor') continue;
      if (m.startsWith('D3DPERF_') && perfHosts.has(kind) && FUNCTIONS.has(m)) continue;
      if (!declaringInterface(iface, m)) unknown.push(`API object of ${iface}: ${m}`);
    }
  }
  // a d3d9.h method is in the API when the API object of every kind whose interface is or inherits
  // its interface carries it and types.ts declares it there (a volume texture has IDirect3DBaseTexture9's
  // methods as a texture has them)
  for (const i of D3D9_INTERFACES) {
    for (const m of i.methods) {
      const kinds = (Object.keys(WRAPPERS) as HandleKind[]).filter((kind) => inherits(widest(kind), i.name));
      const has = kinds.length > 0 && kinds.every((kind) => declared.get(widest(kind))?.has(m.name) === true && hasFn(WRAPPERS[kind], m.name));
      if (has) covered.add(methodKey(i.name, m.name));
    }
  }
  if (typeof Direct3DCreate9 === 'function') covered.add(methodKey('', 'Direct3DCreate9'));
  if (typeof Direct3DCreate9Ex === 'function') covered.add(methodKey('', 'Direct3DCreate9Ex'));
  const perfDeclared = declared.get('PerfMarkers') ?? new Set<string>();
  for (const f of D3D9_FUNCTIONS) {
    if (!f.name.startsWith('D3DPERF_')) continue;
    if (perfDeclared.has(f.name) && [...perfHosts].every((k) => hasFn(WRAPPERS[k], f.name))) covered.add(methodKey('', f.name));
  }
  for (const m of perfDeclared) if (!FUNCTIONS.has(m)) unknown.push(`src/device/types.ts PerfMarkers.${m}`);
  return { covered, unknown };
}

describe('the d3d9.h reference list', () => {
  it('has no method twice in an interface, a parent for every interface, and the totals its header states', () => {
    const problems: string[] = [];
    for (const i of D3D9_INTERFACES) {
      const seen = new Set<string>();
      for (const m of i.methods) {
        if (seen.has(m.name)) problems.push(`${i.name}.${m.name} is listed twice`);
        seen.add(m.name);
        const params = new Set(m.params.map((p) => p.name));
        if (params.size !== m.params.length) problems.push(`${i.name}.${m.name} repeats a parameter name`);
      }
      if (i.parent !== null && !IFACES.has(i.parent)) problems.push(`${i.name}: parent ${i.parent} is not in the list`);
      // no cycles: the chain of parents ends at IUnknown
      const chain = new Set<string>();
      for (let p: string | null = i.name; p !== null; p = IFACES.get(p)?.parent ?? null) {
        if (chain.has(p)) { problems.push(`${i.name}: parents loop at ${p}`); break; }
        chain.add(p);
      }
      if (i.name !== 'IUnknown' && !chain.has('IUnknown')) problems.push(`${i.name} does not derive from IUnknown`);
      // a method a parent already declares would be a second vtable slot of the same name
      for (const m of i.methods) {
        const inherited = i.parent ? declaringInterface(i.parent, m.name) : undefined;
        if (inherited) problems.push(`${i.name}.${m.name} repeats ${inherited}.${m.name}`);
      }
    }
    if (IFACES.size !== D3D9_INTERFACES.length) problems.push('an interface is listed twice');
    if (FUNCTIONS.size !== D3D9_FUNCTIONS.length) problems.push('a free function is listed twice');
    expect(problems).toEqual([]);

    const counts = Object.fromEntries(D3D9_INTERFACES.map((i) => [i.name, i.methods.length]));
    expect(counts).toEqual(D3D9_TOTALS.perInterface);
    const interfaceMethods = D3D9_INTERFACES.reduce((n, i) => n + i.methods.length, 0);
    expect(interfaceMethods).toBe(D3D9_TOTALS.interfaceMethods);
    expect(D3D9_FUNCTIONS.length).toBe(D3D9_TOTALS.functions);
    expect(D3D9_METHOD_KEYS.length).toBe(D3D9_TOTALS.all);
  });

  it('keeps NOT_YET sorted, without repeats, and made of d3d9.h methods', () => {
    const keys = new Set(D3D9_METHOD_KEYS);
    expect(NOT_YET.filter((k) => !keys.has(k)), 'NOT_YET names methods that are not in d3d9.h').toEqual([]);
    expect(new Set(NOT_YET).size, 'NOT_YET repeats a method').toBe(NOT_YET.length);
    expect([...NOT_YET], 'NOT_YET is not sorted').toEqual([...NOT_YET].sort());
  });
});

describe('replay9 coverage of d3d9.h', () => {
  const schema = schemaCoverage();
  const api = apiCoverage();

  it('names only d3d9.h methods in the schema and the API', () => {
    expect(schema.unknown, 'schema commands whose r9 names no d3d9.h method').toEqual([]);
    expect(api.unknown, 'API methods that d3d9.h does not have').toEqual([]);
  });

  it('has a command and an API method for every method outside NOT_YET, and NOT_YET only lists methods still lacking one', () => {
    const notYet = new Set(NOT_YET);
    const missing: string[] = [];
    const gained: string[] = [];
    for (const key of D3D9_METHOD_KEYS) {
      const lacks = [!schema.covered.has(key) && 'command', !api.covered.has(key) && 'API method'].filter(Boolean);
      if (lacks.length > 0 && !notYet.has(key)) missing.push(`${key} (no ${lacks.join(', no ')})`);
      if (lacks.length === 0 && notYet.has(key)) gained.push(key);
    }
    const withCommand = D3D9_METHOD_KEYS.filter((k) => schema.covered.has(k)).length;
    const withBoth = D3D9_METHOD_KEYS.filter((k) => schema.covered.has(k) && api.covered.has(k)).length;
    console.log(`${withCommand} of ${D3D9_METHOD_KEYS.length} d3d9.h methods have a command (${withBoth} with an API method too; ${NOT_YET.length} not yet)`);
    expect(missing, 'methods that lack a command or an API method but are not in NOT_YET').toEqual([]);
    expect(gained, 'methods in NOT_YET that now have a command and an API method: take them off NOT_YET').toEqual([]);
  });
});
