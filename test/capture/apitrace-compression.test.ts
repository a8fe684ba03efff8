/**
 * apitrace's other containers: the same captures repacked by `apitrace repack` with gzip
 * (--zlib), brotli and seekable zstd read as the same calls as the snappy original; a file cut
 * short in any of them reads up to the cut with a warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apitraceFromBytes, openApitrace } from '../../src/capture/parser.js';
import type { TraceCall } from '../../src/capture/model.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { FIXTURES } from './apitrace-fixtures.js';

const DIR = join(FIXTURES, 'apitrace');
const KINDS = ['gzip', 'brotli', 'zstd'] as const;

describe('gzip, brotli and zstd containers', () => {
  for (const name of ['tri', 'map_cubemap']) {
    const original = openApitrace(join(DIR, `${name}.trace`));
    const calls = [...original.calls()];
    for (const kind of KINDS) {
      it(`${name}.${kind}.trace: detected by its magic, the same header and calls as the snappy original`, () => {
        const f = openApitrace(join(DIR, 'compressed', `${name}.${kind}.trace`));
        expect(f.header).toEqual({ ...original.header, compression: kind });
        expect([...f.calls()]).toEqual(calls);
        expect(f.warnings).toEqual([]);
      });
      it(`${name}.${kind}.trace cut in half: the calls before the cut and a warning (zstd: a refusal that says so when no block is whole)`, () => {
        const bytes = readFileSync(join(DIR, 'compressed', `${name}.${kind}.trace`));
        const cut = bytes.subarray(0, bytes.length >> 1);
        if (kind === 'zstd') {
          // these files are one zstd block: half of it decodes to nothing, as in apitrace
          expect(() => apitraceFromBytes(cut)).toThrow(/ends inside the header \(apitrace trace: the zstd stream ends early \(unexpected EOF\); the trace was cut short\)/);
          return;
        }
        const f = apitraceFromBytes(cut);
        const got: TraceCall[] = [...f.calls()];
        expect(f.warnings.join('\n')).toMatch(/cut short/);
        const complete = got.filter((c) => !c.incomplete);
        expect(complete.length).toBeGreaterThan(0);
        expect(complete.length).toBeLessThan(calls.length);
        expect(complete).toEqual(calls.slice(0, complete.length));
      });
    }
  }

  it('a file that is none of the four is refused, naming its magic', () => {
    expect(() => apitraceFromBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toThrow(TraceFormatError);
    expect(() => apitraceFromBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toThrow(/magic 89 50 4e 47: not snappy/);
    expect(() => apitraceFromBytes(new Uint8Array(0))).toThrow(/the file is empty/);
  });

  it('a zstd frame asking for a window above the bound is refused before any allocation', () => {
    // magic, frame header descriptor 0 (window descriptor follows), window exponent 31 - 10 → 2 GB
    expect(() => apitraceFromBytes(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0, 0]))).toThrow(/window of 2147483648 bytes is above the bound/);
  });
});
