/**
 * Every real capture (test/fixtures/capture/NAME.trace, recorded under Wine) imported and replayed:
 * at each READONLY LockRect through which the program read a surface back, our replay's surface
 * holds the pixels the program printed (NAME.expected.txt), bit for bit, except where
 * capture-known.ts lists them with the reason and the value the D3D9 rules give (which ours must be). Wine (wined3d on
 * llvmpipe) is a second opinion here, not Windows. The replay's findings are those listed there too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaptureImporter, importCalls } from '../../src/capture/import.js';
import { openApitrace } from '../../src/capture/parser.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { Replayer } from '../../src/replay/replayer.js';
import type { CallRecord } from '../../src/trace/call.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { DIFFERENCES, FINDINGS, findingText } from './capture-known.js';
import { parseExpected, type Pixel } from './expected.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'capture');
const D3DLOCK_READONLY = 0x10;

function importCapture(name: string): CallRecord[] {
  const importer = new CaptureImporter();
  const records = [...importCalls(openApitrace(join(DIR, `${name}.trace`)).calls(), importer)].map((c) => c.record);
  expect(importer.unmapped).toEqual([]);
  return records;
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

/** Our replay's value of each expected pixel, read at the READONLY lock that printed it; and the findings. */
function replay(name: string, want: Pixel[]): { records: CallRecord[]; got: string[]; findings: string[] } {
  const records = importCapture(name);
  const sink = new MemorySink();
  const writer = new TraceWriter(sink);
  for (const r of records) writer.append(r);
  writer.close();
  const reader = TraceReader.fromBytes(sink.bytes());
  const replayer = new Replayer({});
  // each print_pixels/print_locked reads one surface through one successful READONLY LockRect, in order
  const locks = records.flatMap((r, n) => (r.command === 'SurfaceLockRect' && ((r.args.Flags as number) & D3DLOCK_READONLY) && r.result === 0 ? [n] : []));
  const surfaces = [...new Set(want.map((p) => p.surface))];
  expect(locks.length).toBeGreaterThanOrEqual(surfaces.length);
  const got: string[] = [];
  surfaces.forEach((surface, k) => {
    const n = locks[k];
    replayer.run(reader, n);
    const s = replayer.object(records[n].self)!.obj as IDirect3DSurface9;
    const lock = s.LockRect(null, D3DLOCK_READONLY).lockedRect!;
    const bits = lock.pBits as Uint8Array;
    const view = new DataView(bits.buffer, bits.byteOffset, bits.byteLength);
    for (const p of want.filter((q) => q.surface === surface)) {
      const at = p.y * lock.Pitch;
      const v = p.digits === 4 ? view.getUint16(at + 2 * p.x, true) : view.getUint32(at + 4 * p.x, true);
      got.push(`${surface} ${p.x} ${p.y} ${hex(p.digits === 6 ? v & 0xffffff : v, p.digits)}`);
    }
    s.UnlockRect();
  });
  replayer.run(reader);
  const findings = replayer.findings.map(findingText);
  return { records, got, findings };
}

const captures = readdirSync(DIR).filter((f) => f.endsWith('.trace')).map((f) => f.slice(0, -6)).sort();

describe('real captures imported and replayed give the pixels the programs read back under Wine', () => {
  it('covers every capture', () => {
    expect(captures.length).toBeGreaterThanOrEqual(23);
    for (const name of Object.keys(DIFFERENCES).concat(Object.keys(FINDINGS))) expect(captures).toContain(name);
  });

  for (const name of captures) {
    it(name, () => {
      const want = parseExpected(readFileSync(join(DIR, `${name}.expected.txt`), 'utf8'));
      const { records, got, findings } = replay(name, want);
      const differences = DIFFERENCES[name] ?? {};
      expect(got).toEqual(want.map((p) => {
        const where = `${p.surface} ${p.x} ${p.y}`;
        return `${where} ${differences[where]?.ours ?? hex(p.value, p.digits)}`;
      }));
      expect(findings).toEqual(FINDINGS[name]?.(records) ?? []);
    });
  }
});
