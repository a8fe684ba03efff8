import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceReader } from '../../src/trace/reader.js';
import { prng, runCli } from '../helpers.js';

const SAMPLE = 'traces/clear-colorfill.r9t';

/** The sample as a binary trace in small chunks, and the chunks it has. */
async function sample(d: string): Promise<{ bytes: Buffer; reader: TraceReader }> {
  const file = join(d, 'a.r9');
  expect((await runCli('convert', SAMPLE, file, '--chunk', '256')).code).toBe(0);
  const bytes = readFileSync(file);
  return { bytes, reader: TraceReader.fromBytes(bytes) };
}

describe('repair keeps every complete chunk and drops the rest', () => {
  const random = prng(7);
  const tails: Array<[string, (n: number) => Buffer]> = [
    ['garbage', (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)))],
    ['zeros', (n) => Buffer.alloc(n)],
  ];

  for (const [what, tail] of tails) {
    it(`after complete chunks, a tail of ${what}`, async () => {
      const d = mkdtempSync(join(tmpdir(), 'replay9-repair-'));
      const { bytes, reader } = await sample(d);
      const k = 3;
      const end = reader.chunks[k].offset; // chunks 0..k-1 are kept
      const kept = reader.chunks.slice(0, k);
      const calls = kept.reduce((n, c) => n + c.callCount, 0);
      writeFileSync(join(d, 'cut.r9'), Buffer.concat([bytes.subarray(0, end), tail(1000)]));
      // reading it as it is fails, naming the byte where the chunks stop
      const info = await runCli('info', join(d, 'cut.r9'));
      expect(info.code).toBe(2);
      expect(info.err).toContain(`byte ${end}`);
      const r = await runCli('repair', join(d, 'cut.r9'), '-o', join(d, 'fixed.r9'), '--json');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.out);
      expect([out.chunks, out.calls]).toEqual([k, calls]);
      expect(out.dropped).toMatchObject({ offset: end, bytes: 1000 });
      const text = await runCli('repair', join(d, 'cut.r9'), '-o', join(d, 'fixed2.r9'));
      expect(text.err).toContain(`dropped 1000 bytes from byte ${end} to the end`);
      expect(text.out).toContain(`${k} chunks, ${calls} calls`);
      // the repaired trace is the kept chunks and a footer, and reads cleanly
      const fixed = readFileSync(join(d, 'fixed.r9'));
      expect(fixed.subarray(0, end).equals(bytes.subarray(0, end))).toBe(true);
      const again = TraceReader.fromBytes(fixed);
      expect([again.hasFooter, again.callCount, again.warnings]).toEqual([true, calls, []]);
      expect((await runCli('replay', join(d, 'fixed.r9'))).code).toBe(0);
    });
  }

  it('a tail that is a chunk cut short', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-repair-'));
    const { bytes, reader } = await sample(d);
    const c = reader.chunks[2];
    const cutAt = c.offset + 40; // its header and 8 bytes of its payload
    writeFileSync(join(d, 'cut.r9'), bytes.subarray(0, cutAt));
    const r = await runCli('repair', join(d, 'cut.r9'), '-o', join(d, 'fixed.r9'), '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.chunks).toBe(2);
    expect(out.dropped).toEqual({ offset: c.offset, bytes: 40, reason: 'a chunk cut short' });
    expect(TraceReader.fromBytes(readFileSync(join(d, 'fixed.r9'))).callCount).toBe(c.firstCall);
  });

  it('a whole trace with garbage after its footer: the old footer goes with the garbage', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-repair-'));
    const { bytes, reader } = await sample(d);
    writeFileSync(join(d, 'long.r9'), Buffer.concat([bytes, Buffer.from('trailing junk')]));
    const r = await runCli('repair', join(d, 'long.r9'), '-o', join(d, 'fixed.r9'), '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect([out.chunks, out.calls]).toEqual([reader.chunks.length, reader.callCount]);
    expect(out.dropped).toEqual({ offset: reader.dataEnd, bytes: bytes.length - reader.dataEnd + 13, reason: 'an unusable footer index' });
    expect(readFileSync(join(d, 'fixed.r9')).equals(bytes)).toBe(true);
  });
});
