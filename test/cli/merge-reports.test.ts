import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import type { CheckReport } from '../../src/golden/types.js';


const SAMPLES = ['clear-colorfill.r9t', 'triangles.r9t', 'fill-grid.r9t'];

/** Three traces with goldens; clear-colorfill then changed by one pixel, so it fails. */
async function traces(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), 'replay9-merge-'));
  for (const s of SAMPLES) copyFileSync(join('traces', s), join(d, s));
  expect((await runCli('check', d, '--update')).code).toBe(0);
  const t = join(d, 'clear-colorfill.r9t');
  const present = 'dev.Present(NULL, NULL, NULL, NULL)\n';
  writeFileSync(t, readFileSync(t, 'utf8').replace(present, `dev.ColorFill(bb, {63, 47, 64, 48}, 0xffffffff)\n${present}`));
  return d;
}

/** `check --json` of some traces, saved to a file. */
async function shard(d: string, file: string, ...paths: string[]): Promise<string> {
  const r = await runCli('check', ...paths.map((p) => join(d, p)), '--json', '--report', join(d, 'rep'));
  writeFileSync(join(d, file), r.out);
  return join(d, file);
}

/** the report with its traces sorted, without the times (which differ from run to run) */
const sorted = (r: CheckReport): CheckReport => {
  const { seconds: _, ...rest } = r;
  return { ...rest, traces: [...r.traces].sort((a, b) => (a.trace < b.trace ? -1 : 1)) };
};

describe('replay9 merge-reports', () => {
  it('merges the JSON of two shards into what one run over every trace reports', async () => {
    const d = await traces();
    const whole = JSON.parse((await runCli('check', d, '--json', '--report', join(d, 'rep'))).out) as CheckReport;
    // shards in an order that differs from the sorted one
    const a = await shard(d, 'a.json', 'triangles.r9t', 'clear-colorfill.r9t');
    const b = await shard(d, 'b.json', 'fill-grid.r9t');
    const r = await runCli('merge-reports', b, a, '--json-out', join(d, 'merged.json'), '--junit', join(d, 'junit.xml'), '--html', join(d, 'rep'));
    expect(r.code).toBe(1);
    const merged = JSON.parse(readFileSync(join(d, 'merged.json'), 'utf8')) as CheckReport;
    expect(merged.traces.map((t) => t.trace)).toEqual(SAMPLES.map((s) => join(d, s)).sort());
    expect(sorted(merged)).toEqual(sorted(whole));
    // each trace keeps the time its shard measured
    const shardTimes = new Map([a, b].flatMap((f) => {
      const rep = JSON.parse(readFileSync(f, 'utf8')) as CheckReport;
      return rep.traces.map((t, i): [string, number] => [t.trace, rep.seconds![i]]);
    }));
    expect(merged.seconds).toEqual(merged.traces.map((t) => shardTimes.get(t.trace)));
    expect(merged.summary).toEqual({ traces: 3, passed: 2, failed: 1, noGoldens: 0, updated: 0 });
    expect(r.out).toMatch(/^3 traces: 2 passed, 1 failed, 0 without goldens$/m);
    const xml = readFileSync(join(d, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<testsuite name="replay9 check" tests="3" failures="1"/);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    const html = readFileSync(join(d, 'rep', 'index.html'), 'utf8');
    expect(html).toContain('<img src="clear-colorfill/frame-0000-diff.png"');
    // the JSON printed with --json is the same document
    expect(JSON.parse((await runCli('merge-reports', a, b, '--json')).out)).toEqual(merged);
  });

  it('exits 0 when every shard passed', async () => {
    const d = await traces();
    const a = await shard(d, 'a.json', 'triangles.r9t');
    const b = await shard(d, 'b.json', 'fill-grid.r9t');
    const r = await runCli('merge-reports', a, b);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^2 traces: 2 passed, 0 failed, 0 without goldens$/m);
  });

  it('exits 2 naming the file on unreadable, invalid or overlapping input', async () => {
    const d = await traces();
    const a = await shard(d, 'a.json', 'triangles.r9t');
    writeFileSync(join(d, 'broken.json'), '{"tool": "replay9", "traces": [');
    let r = await runCli('merge-reports', a, join(d, 'broken.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(d, 'broken.json')}: not JSON`);
    const doc = JSON.parse(readFileSync(a, 'utf8')) as Record<string, unknown> & { traces: Array<Record<string, unknown>> };
    doc.traces[0].status = 'maybe';
    writeFileSync(join(d, 'odd.json'), JSON.stringify(doc));
    r = await runCli('merge-reports', join(d, 'odd.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(d, 'odd.json')}: not a replay9 check report: .traces[0].status should be`);
    r = await runCli('merge-reports', a, join(d, 'nope.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(join(d, 'nope.json'));
    r = await runCli('merge-reports', a, a, '--junit', join(d, 'j.xml'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/trace .*triangles\.r9t is also in/);
    expect(existsSync(join(d, 'j.xml'))).toBe(false);
  });

  it('explains every option in --help', async () => {
    const r = await runCli('merge-reports', '--help');
    expect(r.code).toBe(0);
    for (const o of ['--json-out', '--junit', '--html', '--json']) expect(r.out).toContain(o);
  });
});

describe('replay9 check --junit and the HTML report', () => {
  it('writes JUnit XML and index.html beside the failure images', async () => {
    const d = await traces();
    const rep = join(d, 'rep');
    const r = await runCli('check', d, '--report', rep, '--junit', join(d, 'out', 'junit.xml'));
    expect(r.code).toBe(1);
    const xml = readFileSync(join(d, 'out', 'junit.xml'), 'utf8');
    expect([...xml.matchAll(/classname="([^"]*)"/g)].map((m) => m[1])).toEqual(SAMPLES.map((s) => join(d, s)).sort());
    expect(xml).toMatch(/<failure message="frame 0 \(call 7\): 1 pixel differs/);
    const html = readFileSync(join(rep, 'index.html'), 'utf8');
    expect([...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1])).toEqual(['expected', 'actual', 'diff'].map((k) => `clear-colorfill/frame-0000-${k}.png`));
    expect(html).toContain('Frame 0, Present call 7: diff');
    const help = await runCli('check', '--help');
    expect(help.out).toContain('--junit');
  });

  it('writes the report folder for a passing check too, and a JUnit file with no failure', async () => {
    const d = await traces();
    const rep = join(d, 'rep');
    const r = await runCli('check', join(d, 'triangles.r9t'), '--report', rep, '--junit', join(d, 'j.xml'));
    expect(r.code).toBe(0);
    expect(readdirSync(rep).sort()).toEqual(['index.html', 'report.json']);
    expect((JSON.parse(readFileSync(join(rep, 'report.json'), 'utf8')) as CheckReport).ok).toBe(true);
    expect(readFileSync(join(d, 'j.xml'), 'utf8')).not.toContain('<failure');
  });

  it('writes the page for a result (HRESULT) mismatch alone, with call, method, line and both results', async () => {
    const d = await traces();
    const t = join(d, 'triangles.r9t');
    writeFileSync(t, readFileSync(t, 'utf8').replace('dev.BeginScene()', 'dev.BeginScene()\ndev.BeginScene() -> D3D_OK'));
    const rep = join(d, 'rep');
    expect((await runCli('check', t, '--report', rep)).code).toBe(1);
    const html = readFileSync(join(rep, 'index.html'), 'utf8');
    expect(html).toMatch(/<tr><td>\d+<\/td><td>mismatch<\/td><td>BeginScene<\/td><td>\d+<\/td><td>D3D_OK<\/td><td>D3DERR_INVALIDCALL<\/td>/);
    const fresh = mkdtempSync(join(tmpdir(), 'replay9-merge-'));
    copyFileSync(join('traces', 'triangles.r9t'), join(fresh, 'triangles.r9t'));
    expect((await runCli('check', fresh, '--report', join(fresh, 'rep'))).code).toBe(1);
    expect(readFileSync(join(fresh, 'rep', 'index.html'), 'utf8')).toContain('NO GOLDENS');
  });
});
