import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/golden/check.js';
import { htmlReport, imageHref, writeHtmlReport } from '../../src/golden/report/html.js';
import { junitXml } from '../../src/golden/report/junit.js';
import type { CheckReport, TraceResult } from '../../src/golden/types.js';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const EVIL = [SCRIPT, IMG];

const base = { calls: 10, frames: 1, goldenFrames: 1, frameResults: [], issues: [], warnings: [] };

/** A report by hand: a pass, a fail with a diff frame and an HRESULT mismatch, a trace without goldens; trace text in every string. */
function handReport(dir: string): CheckReport {
  const evilTrace = join('traces', `${IMG}.r9t`);
  const rep = join(dir, 'rep', 'x');
  const fail: TraceResult = {
    ...base, trace: evilTrace, goldenDir: join('traces', `${IMG}.golden`), status: 'fail', calls: 12, frames: 2, goldenFrames: 2,
    reasons: [`line 7, call 5: ${SCRIPT} returned D3DERR_INVALIDCALL`, `frame 1 (call 11): 3 pixels differ ${IMG}`],
    frameResults: [
      { frame: 0, call: 6, status: 'pass', diffPixels: 0, maxChannelDiff: 0, golden: 'g/frame-0000.png' },
      {
        frame: 1, call: 11, status: 'diff', diffPixels: 3, maxChannelDiff: 200, golden: join('traces', `${IMG}.golden`, 'frame-0001.png'), message: `frame 1 (call 11): marker ${SCRIPT} ${IMG}`,
        files: { expected: join(rep, `${IMG} #1-expected.png`), actual: join(rep, 'frame-0001-actual.png'), diff: join(rep, 'frame-0001-diff.png') },
      },
    ],
    issues: [{ kind: 'mismatch', call: 5, method: `Clear${SCRIPT}`, line: 7, expected: `D3D_OK${IMG}`, actual: 'D3DERR_INVALIDCALL', message: `call 5: handle ${SCRIPT} & ${IMG}` }],
    reportDir: rep, warnings: [`warning ${SCRIPT}\u0001`],
  };
  return {
    tool: 'replay9 0.1.0', options: { update: false, threshold: 0, maxDiffPixels: 0, reportDir: join(dir, 'rep') },
    traces: [
      { ...base, trace: 'traces/a.r9t', goldenDir: 'traces/a.golden', status: 'pass', reasons: [] },
      fail,
      { ...base, trace: `traces/${SCRIPT.replace('/', '_')}.r9t`, goldenDir: 'traces/n.golden', status: 'no-goldens', frames: 0, goldenFrames: 0, reasons: [`no goldens ${SCRIPT}`] },
    ],
    summary: { traces: 3, passed: 1, failed: 1, noGoldens: 1, updated: 0 }, ok: false,
  };
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/g;

/**
 * No trace string reaches the markup unescaped: every tag parses as name plus double-quoted
 * attributes, no text outside a tag holds `<`, and no tag is a script or carries an event handler.
 */
function expectInert(markup: string): void {
  for (const s of EVIL) expect(markup).not.toContain(s);
  expect(markup).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  const text = markup.replace(/^<\?xml[^>]*\?>|^<!DOCTYPE html>/, '').replace(TAG, '');
  expect(text).not.toContain('<');
  for (const [, , name, attrs] of markup.matchAll(TAG)) {
    expect(name.toLowerCase()).not.toMatch(/^(script|iframe|object|embed)$/);
    for (const [, attr, value] of attrs.matchAll(/\s+([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
      expect(attr.toLowerCase()).not.toMatch(/^on/);
      expect(value ?? '').not.toMatch(/^\s*javascript:/i);
    }
  }
}

describe('JUnit XML of a check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-report-'));
  const r = handReport(dir);
  const xml = junitXml(r);

  it('has one testsuite "replay9 check" and one testcase per trace, classname the trace path', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite name="replay9 check" tests="3" failures="2" errors="0" skipped="0" time="0">/);
    const cases = [...xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)" time="0"/g)].map((m) => m[2]);
    expect(cases).toEqual(['traces/a.r9t', 'traces/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.r9t', 'traces/&lt;script&gt;alert(1)&lt;_script&gt;.r9t']);
  });

  it('gives the failing trace and the trace without goldens a failure with the reasons, frames and calls; the pass none', () => {
    const cases = xml.split('<testcase ').slice(1);
    expect(cases[0]).not.toContain('<failure');
    expect(cases[1]).toMatch(/<failure message="line 7, call 5: &lt;script&gt;alert\(1\)&lt;\/script&gt; returned D3DERR_INVALIDCALL; frame 1 \(call 11\)[^"]*" type="fail">/);
    expect(cases[1]).toContain('frame 1 (Present call 11): diff, 3 pixels differ, max channel difference 200');
    expect(cases[1]).toContain('mismatch at call 5, Clear&lt;script&gt;alert(1)&lt;/script&gt;, line 7 (expected D3D_OK&quot;&gt;&lt;img src=x onerror=alert(1)&gt;, actual D3DERR_INVALIDCALL)');
    expect(cases[1]).toContain('diff: ' + join(dir, 'rep', 'x', 'frame-0001-diff.png'));
    expect(cases[2]).toMatch(/<failure message="no goldens &lt;script&gt;alert\(1\)&lt;\/script&gt;" type="no-goldens">/);
  });

  it('escapes every trace string and drops characters XML cannot hold', () => {
    expectInert(xml);
    expect(xml).toContain('warning &lt;script&gt;alert(1)&lt;/script&gt;\uFFFD');
  });

  it('is the same bytes every time (no clock in it)', () => {
    expect(junitXml(handReport(dir))).toBe(xml);
    expect(xml).not.toMatch(/timestamp|time="[^0]/);
  });
});

describe('HTML report of a check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-report-'));
  const r = handReport(dir);
  const page = htmlReport(r, join(dir, 'rep'));

  it('escapes marker and handle names, file names and messages, in text and in attributes', () => {
    expectInert(page);
    expect(page).toContain('marker &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('<td>Clear&lt;script&gt;alert(1)&lt;/script&gt;</td>');
  });

  it('links the images relative to the report folder, each path segment URL-encoded', () => {
    const srcs = [...page.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]);
    expect(srcs).toEqual([`x/${encodeURIComponent(`${IMG} #1-expected.png`).replace(/'/g, '&#39;')}`, 'x/frame-0001-actual.png', 'x/frame-0001-diff.png']);
    expect(srcs[0]).toContain('%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%20%231');
    expect(imageHref(join(dir, 'other', 'a b.png'), join(dir, 'rep'))).toBe('../other/a%20b.png');
  });

  it('shows a summary row per trace and sections only for the failing ones, with Present call and failing calls', () => {
    expect(page.match(/<tr><td>/g)).toHaveLength(3 + 1);
    expect(page.match(/<section class="trace"/g)).toHaveLength(2);
    expect(page).toContain('Frame 1, Present call 11: diff');
    expect(page).toMatch(/<tr><td>5<\/td><td>mismatch<\/td><td>Clear[^<]*<\/td><td>7<\/td><td>D3D_OK[^<]*<\/td><td>D3DERR_INVALIDCALL<\/td>/);
    expect(page).toContain("default-src 'none'");
  });

  it('escapes what a real check of a trace with hostile D3DPERF markers and file name reports', () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-report-'));
    const t = join(d, `${IMG}.r9t`);
    const src = readFileSync('traces/clear-colorfill.r9t', 'utf8')
      .replace('bb = dev.GetBackBuffer', `D3DPERF_BeginEvent(0xffff0000, "${SCRIPT}")\nD3DPERF_SetMarker(0xff00ff00, "\\"><img src=x onerror=alert(1)>")\nD3DPERF_EndEvent()\nbb = dev.GetBackBuffer`);
    writeFileSync(t, src);
    copyFileSync(t, join(d, `${SCRIPT.replace(/\//g, '_')}.r9t`));
    expect(runCheck([d], { update: true }).ok).toBe(true);
    // a one-pixel change in frame 0 and a call whose HRESULT changes
    writeFileSync(t, src.replace('dev.Present(NULL, NULL, NULL, NULL)\n', 'dev.ColorFill(bb, {63, 47, 64, 48}, 0xffffffff)\ndev.Present(NULL, NULL, NULL, NULL)\n')
      .replace('dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff) -> D3DERR_INVALIDCALL', 'dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff)'));
    const rep = join(d, 'rep');
    const report = runCheck([d], { reportDir: rep });
    expect(report.traces.map((x) => x.status)).toEqual(['fail', 'pass']);
    const file = writeHtmlReport(report, rep);
    expect(file).toBe(join(rep, 'index.html'));
    const html = readFileSync(file, 'utf8');
    expectInert(html);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.r9t');
    expect(html).toContain('Frame 0, Present call 10: diff');
    expect([...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1])).toEqual(['___img_src_x_onerror_alert_1__/frame-0000-expected.png', '___img_src_x_onerror_alert_1__/frame-0000-actual.png', '___img_src_x_onerror_alert_1__/frame-0000-diff.png']);
    expect(html).toMatch(/<td>\d+<\/td><td>mismatch<\/td><td>ColorFill<\/td><td>\d+<\/td><td>D3D_OK<\/td><td>D3DERR_INVALIDCALL<\/td>/);
    expectInert(junitXml(report));
  });
});
