/** `replay9 export T -o OUT.trace`: its summary, JSON, errors, and the same bytes for the same trace. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApitrace } from '../../src/capture/parser.js';
import { runCli, sameBytes } from '../helpers.js';

const SAMPLE = join(import.meta.dirname, '..', '..', 'traces', 'dirty-regions.r9t');
const d = mkdtempSync(join(tmpdir(), 'replay9-export-cli-'));
afterAll(() => rmSync(d, { recursive: true, force: true }));

describe('replay9 export', () => {
  it('writes the trace and says how many calls and lock copies it holds', async () => {
    const out = join(d, 'a.trace');
    const r = await runCli('export', SAMPLE, '-o', out);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // dirty-regions.r9t: 53 calls, 5 of them unlocks carrying data
    expect(r.out).toBe(`${out}: 53 calls (5 lock copies as memcpy), ${readFileSync(out).length.toLocaleString('en-US')} bytes\n`);
    expect([...openApitrace(out).calls()].length).toBe(58);
    expect(readdirSync(d).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('--json gives the same figures as one document', async () => {
    const out = join(d, 'b.trace');
    const r = await runCli('export', SAMPLE, '-o', out, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as Record<string, unknown>;
    expect(doc).toMatchObject({ output: out, sourceCalls: 53, calls: 53, fakeCalls: 5, skipped: 0, warnings: [], bytes: readFileSync(out).length });
  });

  it('the same trace gives the same bytes', async () => {
    await runCli('export', SAMPLE, '-o', join(d, 'c1.trace'));
    await runCli('export', SAMPLE, '-o', join(d, 'c2.trace'));
    expect(sameBytes(readFileSync(join(d, 'c1.trace')), readFileSync(join(d, 'c2.trace')))).toBe(true);
  });

  it('an output that is not a .trace, a missing -o or a missing input is bad usage (exit 2), and nothing is written', async () => {
    const notTrace = await runCli('export', SAMPLE, '-o', join(d, 'x.r9'));
    expect(notTrace.code).toBe(2);
    expect(notTrace.err).toMatch(/ending in \.trace/);
    expect(existsSync(join(d, 'x.r9'))).toBe(false);
    expect((await runCli('export', SAMPLE)).code).toBe(2);
    const missing = await runCli('export', join(d, 'nope.r9'), '-o', join(d, 'y.trace'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.r9/);
    expect(existsSync(join(d, 'y.trace'))).toBe(false);
  });

  it('--help says what it writes', async () => {
    const r = await runCli('export', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/apitrace's \.trace format/);
    expect(r.out).toMatch(/--output/);
  });
});
