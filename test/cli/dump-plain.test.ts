/** `replay9 dump` in its plain forms starts without yargs, and prints and fails as it does through yargs. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { plainDumpArgs } from '../../src/cli/plain-dump.js';
import { runCli } from '../helpers.js';

/** how many times yargs was loaded in this file's module graph */
const loads = vi.hoisted(() => ({ yargs: 0 }));
vi.mock('yargs', async (importOriginal) => {
  loads.yargs++;
  return await importOriginal();
});

const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-dump-plain-'));

/** Traces of each kind dump reads: text, binary, one trim wrote (stored states), an apitrace capture. */
let made: { dir: string; all: string[] } | undefined;
async function traces(): Promise<{ dir: string; all: string[] }> {
  if (made) return made;
  const dir = tmp();
  const bin = join(dir, 'terrain.r9');
  expect((await runCli('convert', 'traces/sm3-terrain.r9t', bin)).code).toBe(0);
  const trimmed = join(dir, 'trimmed.r9');
  expect((await runCli('trim', 'traces/clear-colorfill.r9t', '--frames', '1', '-o', trimmed)).code).toBe(0);
  return (made = { dir, all: ['traces/clear-colorfill.r9t', 'traces/triangles.r9t', bin, trimmed, 'test/fixtures/apitrace/tri.trace'] });
}

describe('dump without yargs', () => {
  it('dumps in its plain forms without loading yargs', async () => {
    for (const extra of [[], ['--json'], ['--calls', 'draw'], ['--calls', '7-9', '--json', '--strict', '--debug']]) {
      const r = await runCli('dump', 'traces/triangles.r9t', ...extra);
      expect(r.code, extra.join(' ')).toBe(0);
      expect(r.out).toContain('DrawPrimitiveUP');
    }
    expect((await runCli('dump', 'no/such/trace.r9')).code).toBe(2);
    expect(loads.yargs).toBe(0);
    // any other form goes through yargs
    expect((await runCli('dump', 'traces/triangles.r9t', '--no-strict')).code).toBe(0);
    expect(loads.yargs).toBe(1);
  });

  it('takes only the plain forms', () => {
    const T = 'a/t.r9';
    expect(plainDumpArgs(['dump', T])).toEqual({ trace: T, calls: undefined, json: false, strict: false });
    expect(plainDumpArgs(['dump', '--json', 'x.R9T', '--strict'])).toEqual({ trace: 'x.R9T', calls: undefined, json: true, strict: true });
    expect(plainDumpArgs(['dump', '--calls', '0-9,draw', 'c.trace', '--debug'])).toEqual({ trace: 'c.trace', calls: '0-9,draw', json: false, strict: false });
    for (const args of [
      ['info', T], ['dump'], ['dump', T, T], ['dump', T, '--help'], ['dump', T, '--json', '--json'], ['dump', T, '--calls=3'],
      ['dump', T, '--calls'], ['dump', T, '--calls', '-3'], ['dump', T, '--calls', '1', '--calls', '2'], ['dump', T, '--no-json'],
      ['dump', T, '--jsno'], ['dump', T, '-h'], ['dump', 'trace'], ['dump', '123'], ['dump', ''], ['dump', T, '--'],
    ]) expect(plainDumpArgs(args), args.join(' ')).toBeUndefined();
  });

  it('prints what dump prints through yargs, for every kind of trace and option', async () => {
    const { all } = await traces();
    for (const t of all) {
      for (const extra of [[], ['--json'], ['--calls', '3-7,frame', '--json']]) {
        const plain = await runCli('dump', t, ...extra);
        // --no-strict is no plain form: this goes through yargs
        const viaYargs = await runCli('dump', t, ...extra, '--no-strict');
        expect(plain, `${t} ${extra.join(' ')}`).toEqual(viaYargs);
        expect(plain.code).toBe(0);
        expect(plain.out.length).toBeGreaterThan(0);
      }
    }
  });

  it('fails as dump fails through yargs: a missing file, a bad call set, a corrupt trace, a bad text trace', async () => {
    const { dir, all } = await traces();
    const corrupt = join(dir, 'corrupt.r9');
    const bytes = readFileSync(all[2]);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(corrupt, bytes);
    const bad = join(dir, 'bad.r9t');
    writeFileSync(bad, 'd3d = Direct3DCreate9(32)\nd3d.Bogus()\n');
    const cases: Array<[string[], number, RegExp]> = [
      [['dump', join(dir, 'none.r9')], 2, /none\.r9/],
      [['dump', all[0], '--calls', 'bogus'], 2, /bogus/],
      [['dump', corrupt], 2, /byte \d+/],
      [['dump', bad], 2, /bad\.r9t:2:5: /],
    ];
    for (const [args, code, message] of cases) {
      const plain = await runCli(...args);
      const viaYargs = await runCli(...args, '--no-json');
      expect(plain, args.join(' ')).toEqual(viaYargs);
      expect(plain.code, args.join(' ')).toBe(code);
      expect(plain.err).toMatch(message);
    }
  });
});
