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
import { Direct3DCreate9 } from '../src/api/index.js';
import * as wrap from '../src/api/wrap.js';
import { COMMANDS, INTERFACE_OF } from '../src/trace/commands.js';
import type { HandleKind } from '../src/trace/commands.js';
import { D3D9_FUNCTIONS, D3D9_INTERFACES, D3D9_METHOD_KEYS, D3D9_TOTALS, methodKey } from './fixtures/d3d9-methods.js';

/** Methods of d3d9.h without a command or an API method yet, `IFACE.Method` (`.Function` for free functions). Sorted. */
const NOT_YET: readonly string[] = [
  '.D3DPERF_GetStatus',
  '.D3DPERF_QueryRepeatFrame',
  '.D3DPERF_SetOptions',
  '.D3DPERF_SetRegion',
  '.Direct3DCreate9Ex',
  'IDirect3D9.CheckDeviceType',
  'IDirect3D9.EnumAdapterModes',
  'IDirect3D9.GetAdapterCount',
  'IDirect3D9.GetAdapterDisplayMode',
  'IDirect3D9.GetAdapterIdentifier',
  'IDirect3D9.GetAdapterModeCount',
  'IDirect3D9.GetAdapterMonitor',
  'IDirect3D9.RegisterSoftwareDevice',
  'IDirect3D9Ex.CreateDeviceEx',
  'IDirect3D9Ex.EnumAdapterModesEx',
  'IDirect3D9Ex.GetAdapterDisplayModeEx',
  'IDirect3D9Ex.GetAdapterLUID',
  'IDirect3D9Ex.GetAdapterModeCountEx',
  'IDirect3DDevice9.CreateAdditionalSwapChain',
  'IDirect3DDevice9.CreatePixelShader',
  'IDirect3DDevice9.CreateQuery',
  'IDirect3DDevice9.CreateVertexShader',
  'IDirect3DDevice9.DeletePatch',
  'IDirect3DDevice9.DrawRectPatch',
  'IDirect3DDevice9.DrawTriPatch',
  'IDirect3DDevice9.EvictManagedResources',
  'IDirect3DDevice9.GetAvailableTextureMem',
  'IDirect3DDevice9.GetClipPlane',
  'IDirect3DDevice9.GetClipStatus',
  'IDirect3DDevice9.GetCreationParameters',
  'IDirect3DDevice9.GetCurrentTexturePalette',
  'IDirect3DDevice9.GetDeviceCaps',
  'IDirect3DDevice9.GetDirect3D',
  'IDirect3DDevice9.GetDisplayMode',
  'IDirect3DDevice9.GetFrontBufferData',
  'IDirect3DDevice9.GetGammaRamp',
  'IDirect3DDevice9.GetNumberOfSwapChains',
  'IDirect3DDevice9.GetPaletteEntries',
  'IDirect3DDevice9.GetPixelShader',
  'IDirect3DDevice9.GetPixelShaderConstantB',
  'IDirect3DDevice9.GetPixelShaderConstantF',
  'IDirect3DDevice9.GetPixelShaderConstantI',
  'IDirect3DDevice9.GetRasterStatus',
  'IDirect3DDevice9.GetSwapChain',
  'IDirect3DDevice9.GetVertexShader',
  'IDirect3DDevice9.GetVertexShaderConstantB',
  'IDirect3DDevice9.GetVertexShaderConstantF',
  'IDirect3DDevice9.GetVertexShaderConstantI',
  'IDirect3DDevice9.MultiplyTransform',
  'IDirect3DDevice9.ProcessVertices',
  'IDirect3DDevice9.SetClipPlane',
  'IDirect3DDevice9.SetClipStatus',
  'IDirect3DDevice9.SetCurrentTexturePalette',
  'IDirect3DDevice9.SetCursorPosition',
  'IDirect3DDevice9.SetCursorProperties',
  'IDirect3DDevice9.SetDialogBoxMode',
  'IDirect3DDevice9.SetGammaRamp',
  'IDirect3DDevice9.SetNPatchMode',
  'IDirect3DDevice9.SetPaletteEntries',
  'IDirect3DDevice9.SetPixelShader',
  'IDirect3DDevice9.SetPixelShaderConstantB',
  'IDirect3DDevice9.SetPixelShaderConstantF',
  'IDirect3DDevice9.SetPixelShaderConstantI',
  'IDirect3DDevice9.SetSoftwareVertexProcessing',
  'IDirect3DDevice9.SetVertexShader',
  'IDirect3DDevice9.SetVertexShaderConstantB',
  'IDirect3DDevice9.SetVertexShaderConstantF',
  'IDirect3DDevice9.SetVertexShaderConstantI',
  'IDirect3DDevice9.ShowCursor',
  'IDirect3DDevice9.TestCooperativeLevel',
  'IDirect3DDevice9.ValidateDevice',
  'IDirect3DDevice9Ex.CheckDeviceState',
  'IDirect3DDevice9Ex.CheckResourceResidency',
  'IDirect3DDevice9Ex.ComposeRects',
  'IDirect3DDevice9Ex.CreateDepthStencilSurfaceEx',
  'IDirect3DDevice9Ex.CreateOffscreenPlainSurfaceEx',
  'IDirect3DDevice9Ex.CreateRenderTargetEx',
  'IDirect3DDevice9Ex.GetDisplayModeEx',
  'IDirect3DDevice9Ex.GetGPUThreadPriority',
  'IDirect3DDevice9Ex.GetMaximumFrameLatency',
  'IDirect3DDevice9Ex.PresentEx',
  'IDirect3DDevice9Ex.ResetEx',
  'IDirect3DDevice9Ex.SetConvolutionMonoKernel',
  'IDirect3DDevice9Ex.SetGPUThreadPriority',
  'IDirect3DDevice9Ex.SetMaximumFrameLatency',
  'IDirect3DDevice9Ex.WaitForVBlank',
  'IDirect3DPixelShader9.GetDevice',
  'IDirect3DPixelShader9.GetFunction',
  'IDirect3DQuery9.GetData',
  'IDirect3DQuery9.GetDataSize',
  'IDirect3DQuery9.GetDevice',
  'IDirect3DQuery9.GetType',
  'IDirect3DQuery9.Issue',
  'IDirect3DSwapChain9.GetBackBuffer',
  'IDirect3DSwapChain9.GetDevice',
  'IDirect3DSwapChain9.GetDisplayMode',
  'IDirect3DSwapChain9.GetFrontBufferData',
  'IDirect3DSwapChain9.GetPresentParameters',
  'IDirect3DSwapChain9.GetRasterStatus',
  'IDirect3DSwapChain9.Present',
  'IDirect3DSwapChain9Ex.GetDisplayModeEx',
  'IDirect3DSwapChain9Ex.GetLastPresentCount',
  'IDirect3DSwapChain9Ex.GetPresentStats',
  'IDirect3DVertexShader9.GetDevice',
  'IDirect3DVertexShader9.GetFunction',
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
  for (const kind of Object.keys(WRAPPERS) as HandleKind[]) {
    const iface = INTERFACE_OF[kind];
    for (const m of Object.getOwnPropertyNames(WRAPPERS[kind])) {
      if (m === 'constructor') continue;
      if (m.startsWith('D3DPERF_') && perfHosts.has(kind) && FUNCTIONS.has(m)) continue;
      if (!declaringInterface(iface, m)) unknown.push(`API object of ${iface}: ${m}`);
    }
  }
  // a d3d9.h method is in the API when an API object of its interface, or of one inheriting it,
  // carries it and types.ts declares it there
  for (const i of D3D9_INTERFACES) {
    for (const m of i.methods) {
      const has = (Object.keys(WRAPPERS) as HandleKind[]).some((kind) => {
        const w = INTERFACE_OF[kind];
        return inherits(w, i.name) && declared.get(w)?.has(m.name) === true && hasFn(WRAPPERS[kind], m.name);
      });
      if (has) covered.add(methodKey(i.name, m.name));
    }
  }
  if (typeof Direct3DCreate9 === 'function') covered.add(methodKey('', 'Direct3DCreate9'));
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
