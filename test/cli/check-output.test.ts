/**
 * What `check` prints and reports: a line per trace as it finishes, colour on a terminal only,
 * and JUnit times that are the measured durations.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';
import { bold, colorEnabled, dim, green, red, yellow } from '../../src/cli/style.js';
import type { CheckReport } from '../../src/golden/types.js';

const SAMPLES = ['clear-colorfill.r9t', 'fill-grid.r9t', 'triangles.r9t'];

function samples(): string {
  const d = mkdtempSync(join(tmpdir(), 'replay9-out-'));
  for (const s of SAMPLES) copyFileSync(join('traces', s), join(d, s));
  return d;
}

/** runs the CLI with an Io that keeps each `out` call apart; `onOut` sees each as it comes */
async function cli(args: string[], opts: { color?: boolean; onOut?: (text: string) => void } = {}): Promise<{ code: number; outs: string[]; err: string }> {
  const outs: string[] = [];
  let err = '';
  const io: Io = { out: (t) => { opts.onOut?.(t); outs.push(t); }, err: (t) => { err += t; }, tty: false, color: opts.color ?? false };
  const code = await main(args, io);
  return { code, outs, err };
}

describe('terminal colour', () => {
  it('is on for a terminal, off for a pipe; NO_COLOR turns it off, FORCE_COLOR decides over both', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    // no-color.org: an empty NO_COLOR does not count
    expect(colorEnabled(tty, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled(tty, { TERM: 'dumb' })).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(tty, { FORCE_COLOR: 'false' })).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });

  it('wraps text in SGR codes that close only their own attribute, given the flag or an Io', () => {
    expect(green(true, 'ok')).toBe('\x1b[32mok\x1b[39m');
    expect(red(true, 'x')).toBe('\x1b[31mx\x1b[39m');
    expect(yellow(true, 'x')).toBe('\x1b[33mx\x1b[39m');
    expect(bold(true, red(true, 'x'))).toBe('\x1b[1m\x1b[31mx\x1b[39m\x1b[22m');
    expect(dim({ color: true }, 'x')).toBe('\x1b[2mx\x1b[22m');
    expect(green(false, 'ok')).toBe('ok');
    expect(green({ color: false }, 'ok')).toBe('ok');
    expect(green({}, 'ok')).toBe('ok');
  });

  it('colours check\'s PASS / FAIL / NO GOLDENS labels when the Io says so, and only then', async () => {
    const d = samples();
    await cli(['check', join(d, 'triangles.r9t'), '--update']);
    const on = await cli(['check', d, '--report', join(d, 'rep')], { color: true });
    expect(on.code).toBe(1);
    expect(on.outs.join('\n')).toContain(`${green(true, 'PASS')} ${join(d, 'triangles.r9t')}: 1 frame`);
    expect(on.outs.join('\n')).toContain(`${yellow(true, 'NO GOLDENS')} ${join(d, 'clear-colorfill.r9t')}: `);
    const off = await cli(['check', d, '--report', join(d, 'rep')]);
    expect(off.outs.join('\n')).not.toContain('\x1b');
    // --json is never coloured
    const json = await cli(['check', d, '--json', '--report', join(d, 'rep')], { color: true });
    expect(json.outs.join('')).not.toContain('\x1b');
  });
});

describe('check output', () => {
  it('prints each trace\'s line as soon as it is checked, not all at the end', async () => {
    const d = samples();
    // when the first trace's line comes, the traces after it have not been written yet
    const seen: Array<[string, boolean[]]> = [];
    const r = await cli(['check', d, '--update'], {
      onOut: (t) => seen.push([t.split(' ')[0], SAMPLES.map((s) => existsSync(join(d, s.replace('.r9t', '.golden'))))]),
    });
    expect(r.code).toBe(0);
    expect(seen).toEqual([
      ['NEW', [true, false, false]],
      ['NEW', [true, true, false]],
      ['NEW', [true, true, true]],
      ['3', [true, true, true]],
    ]);
  });

  it('with --jobs, prints lines in the order traces finish and writes the report files in trace order', async () => {
    const d = samples();
    await cli(['check', d, '--update']);
    const r = await cli(['check', d, '--jobs', '2', '--report', join(d, 'rep')]);
    expect(r.code).toBe(0);
    // one call per trace, then the summary
    expect(r.outs).toHaveLength(4);
    expect(r.outs.slice(0, 3).map((l) => l.replace(/^PASS (\S+): .*$/, '$1')).sort()).toEqual(SAMPLES.map((s) => join(d, s)));
    expect(r.outs[3]).toBe('3 traces: 3 passed, 0 failed, 0 without goldens');
    const report = JSON.parse(readFileSync(join(d, 'rep', 'report.json'), 'utf8')) as CheckReport;
    expect(report.traces.map((t) => t.trace)).toEqual(SAMPLES.map((s) => join(d, s)));
  });

  it('writes each trace\'s measured check time into JUnit, never into goldens', async () => {
    const d = samples();
    const start = performance.now();
    await cli(['check', d, '--update', '--junit', join(d, 'up.xml')]);
    const wall = (performance.now() - start) / 1000;
    for (const s of SAMPLES) {
      const golden = readFileSync(join(d, s.replace('.r9t', '.golden'), 'golden.json'), 'utf8');
      expect(golden).not.toMatch(/time|seconds|duration/i);
    }
    const xml = readFileSync(join(d, 'up.xml'), 'utf8');
    const times = [...xml.matchAll(/<testcase [^>]*time="([^"]*)"/g)].map((m) => Number(m[1]));
    expect(times).toHaveLength(3);
    for (const t of times) {
      expect(t).toBeGreaterThan(0);
      expect(t).toBeLessThan(wall);
    }
    const suite = Number(/<testsuite [^>]*time="([^"]*)"/.exec(xml)![1]);
    // the suite's time is the sum, each rounded to milliseconds
    expect(Math.abs(suite - times.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(0.0015 * times.length);
    const json = JSON.parse((await cli(['check', d, '--json', '--report', join(d, 'rep')])).outs[0]) as CheckReport;
    expect(json.seconds).toHaveLength(3);
    expect(json.seconds!.every((s) => s > 0)).toBe(true);
  });
});
