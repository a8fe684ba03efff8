/**
 * Reading apitrace's `.trace` format (docs/FORMAT.markdown): the snappy container, the header,
 * enter/leave events joined into calls, every value kind, and the errors a corrupt file gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TraceFormatError } from '../../src/trace/errors.js';
import { apitraceFromBytes, openApitrace } from '../../src/capture/parser.js';
import { snappyDecompress, SnappyError } from '../../src/capture/snappy.js';
import type { TraceCall } from '../../src/capture/model.js';
import { call, header6, snappyFile, str, uleb } from './apitrace-bytes.js';
import { TRACES } from './apitrace-fixtures.js';

const readAll = (bytes: Uint8Array): { calls: TraceCall[]; warnings: string[] } => {
  const f = apitraceFromBytes(bytes);
  const calls = [...f.calls()];
  return { calls, warnings: f.warnings };
};

describe('real captures (apitrace 13 under Wine)', () => {
  it('there are at least twelve of them', () => expect(TRACES.length).toBeGreaterThanOrEqual(12));
  for (const path of TRACES) {
    const name = path.split('/').slice(-2).join('/');
    it(`${name}: every call apitrace dump lists is read, with its function name, and nothing is left over`, () => {
      const f = openApitrace(path);
      expect(f.header.version).toBe(6);
      expect(f.header.semanticVersion).toBe(6);
      expect(f.header.compression).toBe('snappy');
      expect(f.header.properties.map(([k]) => k)).toContain('process.name');
      const calls = [...f.calls()];
      expect(f.warnings).toEqual([]);
      // single-threaded programs: leave order is enter order, numbered from 0
      expect(calls.map((c) => c.no)).toEqual(calls.map((_, i) => i));
      expect(calls.every((c) => !c.incomplete)).toBe(true);
      const dumpPath = path.replace(/\.trace$/, '.dump.txt');
      let dump: string;
      try {
        dump = readFileSync(dumpPath, 'utf8');
      } catch {
        return; // tri_pp_rawblob has no dump beside it
      }
      const listed = [...dump.matchAll(/^(\d+) ([A-Za-z0-9_:]+)\(/gm)].map((m) => [Number(m[1]), m[2]] as const);
      expect(listed.length).toBeGreaterThan(5);
      for (const [no, fn] of listed) expect(calls[no]?.sig.name, `call ${no}`).toBe(fn);
      // the calls the dump leaves out are the ones apitrace marks verbose
      const shown = new Set(listed.map(([no]) => no));
      for (const c of calls) if (!shown.has(c.no)) expect(c.sig.name).toMatch(/GetDeviceCaps|CheckDeviceFormat|EnumAdapterModes|GetAdapterModeCount/);
    });
  }
});

describe('snappy blocks', () => {
  const block = (...b: number[]) => Uint8Array.from(b);
  it('a copy that overlaps its own output repeats the pattern', () => {
    // length 8; literal "ab"; copy kind 1: length 6, offset 2
    const r = snappyDecompress(block(8, 1 << 2, 0x61, 0x62, (2 << 2) | 1, 2), 100);
    expect(Buffer.from(r.data).toString('latin1')).toBe('abababab');
  });
  it('reads 2- and 4-byte offset copies and a literal with a length byte', () => {
    const lit = Array.from({ length: 70 }, (_, i) => i);
    // literal of 70 (tag 60<<2, then 69); copy kind 2 length 3 offset 70; copy kind 3 length 2 offset 1 (the last byte, twice)
    const r = snappyDecompress(block(75, 60 << 2, 69, ...lit, (2 << 2) | 2, 70, 0, (1 << 2) | 3, 1, 0, 0, 0), 100);
    expect([...r.data]).toEqual([...lit, 0, 1, 2, 2, 2]);
  });
  it('refuses a copy from before the start, a zero offset, a length past the declared one, and a length above the bound', () => {
    expect(() => snappyDecompress(block(8, 0, 0x61, (2 << 2) | 1, 2), 100)).toThrow(/reaches 2 bytes back with 1/);
    expect(() => snappyDecompress(block(8, 0, 0x61, (2 << 2) | 1, 0), 100)).toThrow(SnappyError);
    expect(() => snappyDecompress(block(2, 2 << 2, 1, 2, 3), 100)).toThrow(/past the declared length 2/);
    expect(() => snappyDecompress(block(0x80, 0x80, 0x80, 0x80, 0x01), 1000)).toThrow(/above the bound 1000/);
    expect(() => snappyDecompress(block(4, 1 << 2, 1, 2), 100)).toThrow(/decodes to 2 bytes, not the declared 4/);
  });
  it('with partial, a cut block gives what decoded', () => {
    const r = snappyDecompress(block(6, 5 << 2, 1, 2, 3), 100, true);
    expect(r.short).toBe(true);
    expect([...r.data]).toEqual([1, 2, 3]);
  });
});

describe('the header', () => {
  it('names a version it does not take', () => {
    for (const v of [7, 2]) {
      const bytes = snappyFile([...uleb(v), ...uleb(v), 0]);
      expect(() => apitraceFromBytes(bytes)).toThrow(new RegExp(`format version ${v} is not one this reader takes`));
    }
  });
  it('reads versions 3, 4 and 5: no properties, the thread on enter from 4, a thread detail before', () => {
    for (const v of [3, 4, 5]) {
      const enter = v >= 4 ? [0x00, ...uleb(7)] : [0x00];
      const sig = [...uleb(0), ...str('f'), ...uleb(1), ...str('x')];
      const bytes = snappyFile([...uleb(v), ...enter, ...sig, 0x01, 0, 0x04, 5, ...(v < 4 ? [0x03, 9] : []), 0x00, 0x01, 0, 0x00]);
      const f = apitraceFromBytes(bytes);
      expect(f.header).toEqual({ version: v, semanticVersion: v, properties: [], compression: 'snappy' });
      const [c] = [...f.calls()];
      expect(c.args).toEqual([5]);
      expect(c.thread).toBe(v >= 4 ? 7 : 9);
    }
  });
  it('refuses a file that is not apitrace, and one that ends inside its header', () => {
    expect(() => apitraceFromBytes(Uint8Array.from([0x52, 0x39, 0, 0]))).toThrow(/not an apitrace trace \(magic 52 39 00 00/);
    expect(() => apitraceFromBytes(snappyFile([6, 6, 3, 0x61]))).toThrow(/ends inside the header/);
  });
});

describe('events and values', () => {
  const h = header6([['process.name', 'app.exe']]);

  it('joins enter and leave: out arguments over the inputs, the return from leave, emitted in leave order', () => {
    const sig0 = [...uleb(0), ...str('F'), ...uleb(2), ...str('In'), ...str('pOut')];
    const bytes = snappyFile([
      ...h,
      0x00, 0, ...sig0, 0x01, 0, 0x04, 1, 0x01, 1, 0x00, 0x00, // enter call 0: In = 1, pOut = NULL
      0x00, 0, ...uleb(0), 0x01, 0, 0x04, 2, 0x00, // enter call 1 (signature by id)
      0x01, 1, 0x02, 0x04, 20, 0x00, // leave 1
      0x01, 0, 0x01, 1, 0x0b, 1, 0x0d, 0x80, 0x01, 0x02, 0x03, 5, 0x05, 1, 0x00, // leave 0: pOut = &0x80, ret -5, fake flag
    ]);
    const f = apitraceFromBytes(bytes);
    expect(f.header.properties).toEqual([['process.name', 'app.exe']]);
    const calls = [...f.calls()];
    expect(calls.map((c) => c.no)).toEqual([1, 0]);
    expect(calls[0].args).toEqual([2, undefined]);
    expect(calls[0].ret).toBe(20);
    expect(calls[1].args).toEqual([1, { kind: 'array', items: [{ kind: 'pointer', address: 0x80 }] }]);
    expect(calls[1].ret).toBe(-5);
    expect(calls[1].flags).toBe(1);
    expect(calls[1].sig).toBe(calls[0].sig);
  });

  it('reads every value kind', () => {
    const f32 = [0x00, 0x00, 0xc0, 0x3f]; // 1.5
    const f64 = [0, 0, 0, 0, 0, 0, 0x04, 0xc0]; // -2.5
    const values: number[][] = [
      [0x00], [0x01], [0x02], [0x03, 7], [0x04, ...uleb(2 ** 40)], [0x04, ...uleb(2n ** 64n - 1n)],
      [0x05, ...f32], [0x06, ...f64], [0x07, ...str('a"\\\u00c3\u00a9')], [0x08, 3, 9, 8, 7],
      [0x09, 1, 2, ...str('A'), 0x04, 1, ...str('B'), 0x03, 1, 0x03, 1], // enum B = -1
      [0x0a, 2, 2, ...str('F0'), 0, ...str('F1'), 1, 3], // bitmask value 3
      [0x0c, 3, ...str('S'), 2, ...str('x'), ...str('y'), 0x04, 1, 0x00], // struct {x = 1, y = NULL}
      [0x0e, 0x07, ...str('mov'), 0x08, 1, 0xff], // repr
      [0x0f, 3, 0x48, ...uleb(0xe9), ...uleb(0x1f600)], // L"Hé😀"
    ];
    const { calls } = readAll(snappyFile([...h, ...call(0, 0, 'F', values)]));
    const a = calls[0].args;
    expect(a.slice(0, 6)).toEqual([null, false, true, -7, 2 ** 40, 2n ** 64n - 1n]);
    expect(a[6]).toEqual({ kind: 'float', value: 1.5 });
    expect(a[7]).toEqual({ kind: 'double', value: -2.5 });
    expect(a[8]).toBe('a"\\\u00c3\u00a9'); // the two UTF-8 bytes of é, one character each
    expect(a[9]).toEqual({ kind: 'blob', bytes: Uint8Array.from([9, 8, 7]) });
    expect(a[10]).toEqual({ kind: 'enum', sig: { id: 1, values: [['A', 1], ['B', -1]] }, value: -1 });
    expect(a[11]).toEqual({ kind: 'bitmask', sig: { id: 2, flags: [['F0', 0], ['F1', 1]] }, value: 3 });
    expect(a[12]).toEqual({ kind: 'struct', sig: { id: 3, name: 'S', memberNames: ['x', 'y'] }, members: [1, null] });
    expect(a[13]).toEqual({ kind: 'repr', human: 'mov', machine: { kind: 'blob', bytes: Uint8Array.from([0xff]) } });
    expect(a[14]).toEqual({ kind: 'wstring', text: 'Hé😀' });
  });

  it('skips backtraces, and an event split over any two chunks reads the same', () => {
    const bt = [0x04, 2, 1, 0x01, ...str('mod.dll'), 0x04, 12, 0x00, 1]; // frame 1 in full, then by id
    const sig = [...uleb(0), ...str('G'), ...uleb(1), ...str('v')];
    const stream = [...h, 0x00, 0, ...sig, 0x01, 0, 0x06, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, ...bt, 0x00, 0x01, 0, 0x02, 0x04, ...uleb(300), 0x00];
    const whole = readAll(snappyFile(stream)).calls;
    expect(whole).toHaveLength(1);
    expect(whole[0].args).toEqual([{ kind: 'double', value: 1 }]);
    expect(whole[0].ret).toBe(300);
    for (let cut = 1; cut < stream.length; cut++) {
      const r = readAll(snappyFile(stream.slice(0, cut), stream.slice(cut)));
      expect(r.calls, `cut at ${cut}`).toEqual(whole);
      expect(r.warnings).toEqual([]);
    }
  });

  it('a call without a leave event at the end comes last, marked incomplete', () => {
    const sig = [...uleb(0), ...str('Crash'), ...uleb(0)];
    const { calls, warnings } = readAll(snappyFile([...h, ...call(0, 1, 'F', [[0x04, 1]], [0x04, 0]), 0x00, 0, ...sig, 0x00]));
    expect(calls.map((c) => [c.no, c.sig.name, c.incomplete])).toEqual([[0, 'F', false], [1, 'Crash', true]]);
    expect(warnings.join()).toMatch(/1 call\(s\) have no leave event \(first: call 1\)/);
  });
});

describe('corrupt input', () => {
  const h = header6();
  const fails = (bytes: Uint8Array, re: RegExp): void => {
    let err: unknown;
    try {
      readAll(bytes);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TraceFormatError);
    expect((err as Error).message).toMatch(re);
  };
  it('names the stream byte and the chunk it came from', () => {
    const stream = [...h, 0x00, 0, ...uleb(0), ...str('F'), 1, ...str('x'), 0x01, 0, 0x1f];
    fails(snappyFile(stream), new RegExp(`^apitrace trace: byte ${stream.length - 1} \\(chunk at file byte 2\\): unknown value type 0x1f`));
    fails(snappyFile([...h, 0x07]), /unknown event 0x7/);
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 0, 0x09]), /unknown call detail 0x9 in call 0 \(F\)/);
  });
  it('bounds every count, length and id before it allocates', () => {
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 1, ...str('x'), 0x01, 0, 0x08, ...uleb(2 ** 40)]), /blob length 1099511627776 is above the bound/);
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 1, ...str('x'), 0x01, 0, 0x0b, ...uleb(2 ** 30)]), /array length \d+ is above the bound/);
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 0, 0x01, ...uleb(1e6), 0x00]), /argument index 1000000 is above the bound/);
    fails(snappyFile([...h, 0x00, 0, ...uleb(2 ** 30)]), /function signature id \d+ is above the bound/);
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 1, ...str('x'), 0x01, 0, ...new Array(100).fill(0x0e)]), /nested deeper than 64/);
    fails(snappyFile([...h, 0x00, 0, 0, ...str('F'), 1, ...str('x'), 0x01, 0, 0x04, ...new Array(11).fill(0x80)]), /runs past 10 bytes/);
    const big = Uint8Array.from([0x61, 0x74, 0xff, 0xff, 0xff, 0x7f, 0]);
    fails(big, /^apitrace trace: file byte 2: chunk length 2147483647 is above the bound/);
  });
});
