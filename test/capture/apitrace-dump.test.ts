/**
 * Our reading of a `.trace`, printed the way `apitrace dump` prints it, equals apitrace's own
 * dump of the same file, line for line: the default dump (verbose calls left out, a blank line
 * after each frame) and `--verbose` (every call, GetDeviceCaps' floats included). The .dump.txt
 * files were written by apitrace 13.0 (../shared/capture/bin/apitrace).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDump, formatDumpLine, formatG, formatValue, quote } from '../../src/capture/dump-format.js';
import { openApitrace } from '../../src/capture/parser.js';
import type { TraceCall, Value } from '../../src/capture/model.js';
import { storedDump, TRACES } from './apitrace-fixtures.js';

describe('apitrace dump, line for line', () => {
  for (const path of TRACES) {
    const name = basename(path, '.trace');
    for (const verbose of [false, true]) {
      const want = storedDump(path, verbose);
      it.skipIf(want === null)(`${name}: the ${verbose ? '--verbose' : 'default'} dump`, () => {
        const f = openApitrace(path);
        expect(formatDump(f.header, f.calls(), { verbose }).split('\n')).toEqual(want!.split('\n'));
      });
    }
  }
});

describe('values as apitrace prints them', () => {
  it('floats and doubles as C %g at 7 and 16 digits', () => {
    // [value, precision, what printf("%.*g") gives]
    const table: Array<[number, number, string]> = [
      [1, 7, '1'], [0.5, 7, '0.5'], [Math.fround(0.1), 7, '0.1'], [Math.fround(0.1), 16, '0.1000000014901161'],
      [1e-5, 7, '1e-05'], [0.0001, 7, '0.0001'], [123456789, 7, '1.234568e+08'], [1e7, 7, '1e+07'],
      [1234567, 7, '1234567'], [-2.5, 7, '-2.5'], [1 / 3, 16, '0.3333333333333333'], [3.4028234663852886e38, 7, '3.402823e+38'],
      [-0, 7, '-0'], [Infinity, 7, 'inf'], [-Infinity, 16, '-inf'], [9.999999e-5, 7, '9.999999e-05'], [99999995, 7, '1e+08'],
    ];
    for (const [v, p, want] of table) expect(formatG(v, p), `${v} at ${p}`).toBe(want);
  });

  it('strings: quotes and backslashes escaped, tab and newline kept, CR dropped, others in octal, cut at NUL', () => {
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote('x\ty\r\nz')).toBe('"x\ty\nz"');
    // apitrace prints the middle octal digit in place of the first: 0x01 (001) → \1, 0x1b (033) → \333, 0xe9 (351) → \551
    expect(quote('\u0001\u001b\u00e9')).toBe('"\\1\\333\\551"');
    expect(quote('ab\u0000cd')).toBe('"ab"');
  });

  it('enums by name or number, bitmasks by flags with the rest in hex, pointers in hex, one-item arrays as &', () => {
    const e = { id: 1, values: [['A', 0], ['B', -1]] as Array<[string, number]> };
    expect(formatValue({ kind: 'enum', sig: e, value: -1 })).toBe('B');
    expect(formatValue({ kind: 'enum', sig: e, value: 7 })).toBe('7');
    const m = { id: 2, flags: [['NONE', 0], ['X', 1], ['Y', 2], ['XY', 3]] as Array<[string, number]> };
    expect(formatValue({ kind: 'bitmask', sig: m, value: 0 })).toBe('NONE');
    expect(formatValue({ kind: 'bitmask', sig: m, value: 3 | 0x40 })).toBe('X | Y | 0x40');
    expect(formatValue({ kind: 'bitmask', sig: { id: 3, flags: [['X', 1]] }, value: 0 })).toBe('0x0');
    expect(formatValue({ kind: 'pointer', address: 0x34d8b0 })).toBe('0x34d8b0');
    expect(formatValue({ kind: 'array', items: [{ kind: 'pointer', address: 16 }] })).toBe('&0x10');
    expect(formatValue({ kind: 'array', items: [1, 2] })).toBe('{1, 2}');
    expect(formatValue({ kind: 'array', items: [] })).toBe('{}');
    expect(formatValue({ kind: 'repr', human: 'vs_2_0', machine: { kind: 'blob', bytes: new Uint8Array(8) } })).toBe('"vs_2_0"');
    expect(formatValue({ kind: 'wstring', text: 'Draw' })).toBe('L"Draw"');
  });

  it('a GUID by its interface name, or as uuid(...)', () => {
    const guid = (d1: number, d2: number, d3: number, d4: number[]): Value => ({
      kind: 'struct', sig: { id: 9, name: 'GUID', memberNames: ['Data1', 'Data2', 'Data3', 'Data4'] }, members: [d1, d2, d3, { kind: 'array', items: d4 }],
    });
    // IID_IDirect3DDevice9 = {D0223B96-BF7A-43fd-92BD-A43B0D82B9EB} (d3d9.h)
    expect(formatValue(guid(0xd0223b96, 0xbf7a, 0x43fd, [0x92, 0xbd, 0xa4, 0x3b, 0x0d, 0x82, 0xb9, 0xeb]))).toBe('IID_IDirect3DDevice9');
    expect(formatValue(guid(1, 2, 3, [4, 5, 6, 7, 8, 9, 10, 11]))).toBe('uuid(00000001-0002-0003-0405-060708090a0b)');
  });

  it('a call: missing arguments as ?, no return for void, the fake and incomplete marks', () => {
    const c: TraceCall = {
      no: 7, thread: 0, sig: { id: 0, name: 'memcpy', argNames: ['dest', 'src', 'n'] },
      args: [{ kind: 'pointer', address: 0x10 }, undefined, 4], ret: undefined, flags: 1, incomplete: true, offset: 0,
    };
    expect(formatDumpLine(c)).toBe('7 memcpy(dest = 0x10, src = ?, n = 4) // fake incomplete');
    expect(formatDumpLine({ ...c, flags: 0, incomplete: false, ret: 0 })).toBe('7 memcpy(dest = 0x10, src = ?, n = 4) = 0');
  });
});
