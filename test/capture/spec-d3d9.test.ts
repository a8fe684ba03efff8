/**
 * The D3D9 signature table (src/capture/spec-d3d9.ts) against what apitrace's own tracer wrote in
 * real captures: every function a capture names is in the table with the same argument names, and
 * every enum, bitmask and struct signature a capture carries has the table's names and values.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApitrace } from '../../src/capture/parser.js';
import type { Value } from '../../src/capture/model.js';
import { D3D9_SPEC, MEMCPY_SIG, polyCase, specFunction } from '../../src/capture/spec-d3d9.js';
import type { SpecType } from '../../src/capture/spec-types.js';
import { commandForMethod, EX_INTERFACE_OF, HANDLE_KINDS, INTERFACE_CHAIN } from '../../src/trace/commands.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const TRACES = ['apitrace', 'capture'].flatMap((d) =>
  readdirSync(join(FIXTURES, d))
    .filter((f) => f.endsWith('.trace'))
    .map((f) => join(FIXTURES, d, f)),
);

/** Every place a value disagrees with its spec type, as `path: what`. */
function check(t: SpecType, v: Value | undefined, path: string, out: string[], switchName?: (on: string) => string | undefined): void {
  if (v === undefined || v === null) return;
  const bad = (what: string): void => void out.push(`${path}: ${what}`);
  const kind = typeof v === 'object' && 'kind' in v ? v.kind : typeof v;
  switch (t.k) {
    case 'enum':
      if (kind !== 'enum') return bad(`expected an enum, got ${kind}`);
      expect((v as Extract<Value, { kind: 'enum' }>).sig.values, path).toEqual(D3D9_SPEC.enums[t.i].values);
      return;
    case 'bitmask':
      if (kind !== 'bitmask') return bad(`expected a bitmask, got ${kind}`);
      expect((v as Extract<Value, { kind: 'bitmask' }>).sig.flags, path).toEqual(D3D9_SPEC.bitmasks[t.i].flags);
      return;
    case 'struct': {
      if (kind !== 'struct') return bad(`expected a struct, got ${kind}`);
      const s = v as Extract<Value, { kind: 'struct' }>;
      const spec = D3D9_SPEC.structs[t.i];
      expect({ name: s.sig.name, members: s.sig.memberNames }, path).toEqual({ name: spec.name, members: spec.members.map(([n]) => n) });
      spec.members.forEach(([n, mt], i) => check(mt, s.members[i], `${path}.${n}`, out));
      return;
    }
    case 'pointer':
    case 'array':
      if (kind !== 'array') return bad(`expected an array, got ${kind}`);
      for (const [i, item] of (v as Extract<Value, { kind: 'array' }>).items.entries()) check(t.k === 'pointer' ? t.to : t.of, item, `${path}[${i}]`, out, switchName);
      return;
    case 'poly': {
      const c = polyCase(t, switchName?.(t.switchOn));
      if (c) check(c, v, path, out);
      return;
    }
    case 'obj':
    case 'opaque':
      if (kind !== 'pointer') return bad(`expected a pointer, got ${kind}`);
      return;
    case 'float':
    case 'double':
      if (kind !== t.k) return bad(`expected a ${t.k}, got ${kind}`);
      return;
    case 'uint':
    case 'sint':
      if (kind !== 'number') return bad(`expected an integer, got ${kind}`);
      return;
    case 'blob':
      if (kind !== 'blob') return bad(`expected a blob, got ${kind}`);
      return;
    case 'shader':
      if (kind !== 'repr' && kind !== 'blob') return bad(`expected a shader (repr or blob), got ${kind}`);
      return;
    case 'wstring':
      if (kind !== 'wstring') return bad(`expected a wide string, got ${kind}`);
      return;
    default:
      return;
  }
}

describe('the D3D9 signature table matches what apitrace wrote', () => {
  it('covers the whole API: every interface method and free function', () => {
    expect(specFunction('IDirect3DDevice9Ex::SetRenderState')).toBeDefined();
    expect(specFunction('IDirect3DTexture9::Release')?.spec.args.map((a) => a.name)).toEqual(['this']);
    expect(specFunction('IDirect3DDevice9::CreateTexture')?.sig.argNames).toEqual(['this', 'Width', 'Height', 'Levels', 'Usage', 'Format', 'Pool', 'ppTexture', 'pSharedHandle']);
    expect(specFunction('D3DPERF_BeginEvent')?.sig.argNames).toEqual(['col', 'wszName']);
    // D3D9's HRESULTs are negative LONGs: D3DERR_INVALIDCALL = MAKE_D3DHRESULT(2156) = 0x8876086C
    const hr = D3D9_SPEC.enums[(specFunction('IDirect3DDevice9::Clear')!.spec.ret as { i: number }).i];
    expect(hr.values).toContainEqual(['D3DERR_INVALIDCALL', 0x8876086c | 0]);
    expect(hr.values[0]).toEqual(['D3D_OK', 0]);
    expect(MEMCPY_SIG.argNames).toEqual(['dest', 'src', 'n']);
  });

  it('has a replay9 command for every function and method apitrace records, on every kind of object that has it', () => {
    const unmapped: string[] = [];
    for (const f of D3D9_SPEC.functions) {
      const sep = f.name.indexOf('::');
      if (sep < 0) {
        if (!commandForMethod(undefined, f.name)) unmapped.push(f.name);
        continue;
      }
      const iface = f.name.slice(0, sep);
      const method = f.name.slice(sep + 2);
      // the importer looks a method up on the object's kind: a method of IDirect3DBaseTexture9 is
      // called on a texture, a cube texture or a volume texture
      const kinds = HANDLE_KINDS.filter((k) => iface === 'IUnknown' || INTERFACE_CHAIN[k].includes(iface) || EX_INTERFACE_OF[k] === iface);
      if (kinds.length === 0) unmapped.push(`${f.name} (no object kind)`);
      for (const k of kinds) if (!commandForMethod(k, method)) unmapped.push(`${f.name} on a ${k}`);
    }
    expect(D3D9_SPEC.functions.length).toBeGreaterThan(400);
    expect(unmapped).toEqual([]);
  });

  for (const path of TRACES) {
    it(`${path.split('/').slice(-2).join('/')}: names, argument names and signatures agree`, () => {
      const problems: string[] = [];
      let checked = 0;
      // a query's type by its pointer, for GetData's pData (its type is the query's: `_this->GetType()`)
      const queryTypes = new Map<string, string>();
      const enumName = (v: Value | undefined): string | undefined =>
        v && typeof v === 'object' && 'kind' in v && v.kind === 'enum' ? v.sig.values.find(([, x]) => x === v.value)?.[0] : undefined;
      const address = (v: Value | undefined): string | undefined => {
        const p = v && typeof v === 'object' && 'kind' in v && v.kind === 'array' ? v.items[0] : v;
        return p && typeof p === 'object' && 'kind' in p && p.kind === 'pointer' ? String(p.address) : undefined;
      };
      for (const call of openApitrace(path).calls()) {
        if (call.sig.name === 'memcpy') continue;
        if (/::CreateQuery$/.test(call.sig.name)) {
          const q = address(call.args[call.sig.argNames.indexOf('ppQuery')]);
          const type = enumName(call.args[call.sig.argNames.indexOf('Type')]);
          if (q !== undefined && type !== undefined) queryTypes.set(q, type);
        }
        const entry = specFunction(call.sig.name);
        if (!entry) {
          problems.push(`${call.no}: ${call.sig.name} is not in the table`);
          continue;
        }
        expect(call.sig.argNames, call.sig.name).toEqual(entry.sig.argNames);
        const switchName = (on: string): string | undefined => {
          if (on === '_this->GetType()') return queryTypes.get(address(call.args[0]) ?? '');
          const i = entry.spec.args.findIndex((a) => a.name === on);
          const v = call.args[i];
          return v && typeof v === 'object' && 'kind' in v && v.kind === 'enum' ? v.sig.values.find(([, x]) => x === v.value)?.[0] : undefined;
        };
        entry.spec.args.forEach((a, i) => check(a.type, call.args[i], `${call.no} ${call.sig.name}(${a.name})`, problems, switchName));
        check(entry.spec.ret, call.ret, `${call.no} ${call.sig.name} =`, problems);
        checked++;
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(5);
    });
  }
});
