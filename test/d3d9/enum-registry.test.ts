import { describe, it, expect } from 'vitest';
import * as d3d9 from '../../src/d3d9/index.js';
import { ENUM_TABLES, lookupConstant, type EnumTable } from '../../src/d3d9/index.js';

const tables = Object.entries(ENUM_TABLES);

describe('ENUM_TABLES registry', () => {
  it('keys every table by its own D3D9 type name', () => {
    for (const [key, table] of tables) expect(table.type).toBe(key);
  });

  it('registers every exported *_TABLE', () => {
    const registered = new Set<EnumTable>(Object.values(ENUM_TABLES));
    const exported = Object.entries(d3d9).filter(([name]) => name.endsWith('_TABLE'));
    expect(exported.length).toBeGreaterThan(60);
    for (const [name, table] of exported) expect(registered.has(table as EnumTable), name).toBe(true);
  });

  it('has no full name that two tables define with different values', () => {
    const seen = new Map<string, { value: number; type: string }>();
    const conflicts: string[] = [];
    for (const [type, table] of tables) {
      for (const [name, value] of table.entries()) {
        const earlier = seen.get(name);
        if (earlier === undefined) seen.set(name, { value, type });
        else if (earlier.value !== value) conflicts.push(`${name}: ${earlier.type}=${earlier.value} ${type}=${value}`);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('gives every full name its own table prefix', () => {
    for (const [, table] of tables) {
      for (const [name] of table.entries()) expect(name.startsWith(table.prefix)).toBe(true);
    }
  });

  it('holds every value as an unsigned 32-bit integer', () => {
    for (const [, table] of tables) {
      for (const [name, value] of table.entries()) {
        expect(Number.isInteger(value) && value >= 0 && value <= 0xffffffff, name).toBe(true);
      }
    }
  });

  it('uses single bits in flags tables, apart from the documented masks and zero values', () => {
    const masks = new Set(['D3DFVFCAPS_TEXCOORDCOUNTMASK']);
    for (const [type, table] of tables) {
      if (table.kind !== 'flags' || type === 'D3DFVF') continue;
      for (const [name, value] of table.entries()) {
        if (value === 0 || masks.has(name)) continue;
        expect((value & (value - 1)) >>> 0, name).toBe(0);
      }
    }
  });

  it('reads a missing key as undefined, also for Object.prototype names', () => {
    expect(ENUM_TABLES['D3DNOTATYPE']).toBeUndefined();
    expect(ENUM_TABLES['toString']).toBeUndefined();
  });
});

describe('lookupConstant finds a full name in any table', () => {
  it.each([
    ['D3DFMT_A8R8G8B8', 21],
    ['D3DFMT_YUY2', 0x32595559],
    ['D3DCLEAR_TARGET', 1],
    ['D3DRS_TWOSIDEDSTENCILMODE', 185],
    ['D3DERR_INVALIDCALL', 0x8876086c],
    ['S_OK', 0],
    ['D3DTS_WORLD1', 257],
    ['D3DMULTISAMPLE_4_SAMPLES', 4],
    ['D3DVBF_0WEIGHTS', 256],
    ['D3DCLIPPLANE5', 32],
    ['D3DWRAPCOORD_3', 8],
    ['D3DWRAP_W', 4],
    ['D3DPRESENT_INTERVAL_IMMEDIATE', 0x80000000],
    ['D3DPRESENT_DONOTWAIT', 1],
    ['D3DPRESENTFLAG_LOCKABLE_BACKBUFFER', 1],
    ['D3DFVF_XYZRHW', 4],
    ['D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR', 0x30000],
    ['D3DSTENCILCAPS_TWOSIDED', 0x100],
    ['D3DCREATE_SOFTWARE_VERTEXPROCESSING', 0x20],
  ])('%s = %i', (name, value) => {
    expect(lookupConstant(name)).toBe(value);
  });

  it('returns undefined for names it does not know, short names and prototype names', () => {
    expect(lookupConstant('D3DFMT_BOGUS')).toBeUndefined();
    expect(lookupConstant('A8R8G8B8')).toBeUndefined();
    expect(lookupConstant('d3dfmt_a8r8g8b8')).toBeUndefined();
    expect(lookupConstant('constructor')).toBeUndefined();
  });
});

describe('reverse lookups name a value by the first declared name', () => {
  it.each([
    ['HRESULT', 0, 'D3D_OK'],
    ['D3DFVF', 0, 'D3DFVF_TEX0'],
    ['D3DFVF', 2, 'D3DFVF_XYZ'],
    ['D3DTRANSFORMSTATETYPE', 256, 'D3DTS_WORLD'],
    ['D3DTA', 0, 'D3DTA_DIFFUSE'],
    ['D3DTA', 0xf, 'D3DTA_SELECTMASK'],
    ['D3DTSS_TCI', 0, 'D3DTSS_TCI_PASSTHRU'],
    ['D3DFORMAT', 0x32595559, 'D3DFMT_YUY2'],
    ['D3DCMPFUNC', 8, 'D3DCMP_ALWAYS'],
    ['D3DPRESENT_INTERVAL', 0, 'D3DPRESENT_INTERVAL_DEFAULT'],
  ])('%s %i → %s', (type, value, name) => {
    expect(ENUM_TABLES[type].nameOf(value)).toBe(name);
  });

  it('prints flags as names in bit order, with unknown bits in hex', () => {
    expect(d3d9.formatFlags(d3d9.D3DCLEAR_TABLE, 0x7)).toBe('D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL');
    expect(d3d9.formatFlags(d3d9.D3DCLEAR_TABLE, 0x9)).toBe('D3DCLEAR_TARGET | 0x8');
    expect(d3d9.formatFlags(d3d9.D3DPRESENT_INTERVAL_TABLE, 0)).toBe('D3DPRESENT_INTERVAL_DEFAULT');
  });
});
