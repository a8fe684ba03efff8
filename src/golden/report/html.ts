/**
 * A CheckReport as one self-contained page (DESIGN.md contract 5): a summary table, then for each
 * failing trace its reasons, its replay issues (call, method, line, expected / actual HRESULT) and,
 * per failing frame, the expected / actual / diff PNGs side by side. Inline CSS, no script, no
 * network: it opens from a CI artifact or the disk. Every string from a trace is escaped, and the
 * Content-Security-Policy forbids scripts should an escape ever be missed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckReport, FrameResult, ReplayIssue, TraceResult } from '../types.js';
import { escapeMarkup as esc } from './escape.js';

export const HTML_REPORT_FILE = 'index.html';

const LABEL: Record<TraceResult['status'], string> = { pass: 'PASS', fail: 'FAIL', 'no-goldens': 'NO GOLDENS', updated: 'UPDATED' };

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:1em 2em;max-width:1400px;color:#1b1f24;background:#fff}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.6em 0 .4em;word-break:break-all}h3{font-size:1.05em;margin:1.2em 0 .3em}
table{border-collapse:collapse;margin:.6em 0}th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
code,.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em;word-break:break-all}
.status{font-weight:600;padding:.05em .45em;border-radius:3px;white-space:nowrap}
.pass,.updated{background:#dafbe1;color:#116329}.fail{background:#ffebe9;color:#a40e26}.no-goldens{background:#fff8c5;color:#7d4e00}
section.trace{border-top:2px solid #d0d7de;margin-top:1.5em}
.frame{margin:1em 0 1.6em;padding:.6em .8em;border:1px solid #d0d7de;border-radius:6px;background:#fafbfc}
.shots{display:flex;flex-wrap:wrap;gap:1em;margin:.6em 0 0}
.shots figure{margin:0;flex:1 1 0;min-width:180px;max-width:520px}
.shots figcaption{font-weight:600;margin-bottom:.2em}
.shots img{display:block;width:100%;height:auto;image-rendering:pixelated;border:1px solid #8c959f;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
.none{color:#57606a;font-style:italic}ul{margin:.3em 0;padding-left:1.4em}
`;

/** The page for `r`, whose image links are relative to `dir` (where the page will live). */
export function htmlReport(r: CheckReport, dir: string): string {
  const s = r.summary;
  const failing = r.traces.map((t, i) => ({ t, i })).filter(({ t }) => t.status === 'fail' || t.status === 'no-goldens');
  const title = r.options.update ? `replay9 check: ${s.updated} updated` : `replay9 check: ${s.passed} passed, ${s.failed} failed, ${s.noGoldens} without goldens`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data: http: https:; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${CSS}</style>`,
    '</head>',
    '<body>',
    `<h1>${esc(title)}</h1>`,
    `<p>${esc(`${s.traces} trace${s.traces === 1 ? '' : 's'}, replay9 ${r.tool}, threshold ${r.options.threshold}, at most ${r.options.maxDiffPixels} differing pixel${r.options.maxDiffPixels === 1 ? '' : 's'} a frame`)}</p>`,
    summaryTable(r),
    notesList(r),
    ...failing.map(({ t, i }) => traceSection(t, i, dir)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes `index.html` into `dir` (created if need be); returns its path. */
export function writeHtmlReport(r: CheckReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, HTML_REPORT_FILE);
  writeFileSync(file, htmlReport(r, dir));
  return file;
}

function summaryTable(r: CheckReport): string {
  const rows = r.traces.map((t, i) => {
    const bad = t.frameResults.filter((f) => f.status !== 'pass').length;
    const failing = t.status === 'fail' || t.status === 'no-goldens';
    const name = failing ? `<a href="#trace-${i}" class="path">${esc(t.trace)}</a>` : `<span class="path">${esc(t.trace)}</span>`;
    return `<tr><td>${name}</td><td>${badge(t.status)}</td><td class="num">${t.frames}</td><td class="num">${t.goldenFrames}</td><td class="num">${bad}</td><td class="num">${t.issues.length}</td><td class="num">${t.calls}</td></tr>`;
  });
  return [
    '<table class="summary">',
    '<thead><tr><th>trace</th><th>status</th><th>frames</th><th>golden frames</th><th>failing frames</th><th>replay issues</th><th>calls</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
  ].join('\n');
}

/** Notes on the goldens of traces that did not fail (a failing trace's are in its section). */
function notesList(r: CheckReport): string {
  const items = r.traces.filter((t) => t.status !== 'fail' && t.status !== 'no-goldens').flatMap((t) => (t.notes ?? []).map((n) => `<li><span class="path">${esc(t.trace)}</span>: ${esc(n)}</li>`));
  return items.length ? `<h2>Notes</h2><ul class="notes">${items.join('')}</ul>` : '';
}

const badge = (s: TraceResult['status']): string => `<span class="status ${esc(s)}">${esc(LABEL[s] ?? s)}</span>`;

function traceSection(t: TraceResult, i: number, dir: string): string {
  const frames = t.frameResults.filter((f) => f.status !== 'pass');
  return [
    `<section class="trace" id="trace-${i}">`,
    `<h2>${badge(t.status)} <span class="path">${esc(t.trace)}</span></h2>`,
    `<p>goldens: <span class="path">${esc(t.goldenDir)}</span>${t.reportDir ? `; images: <span class="path">${esc(t.reportDir)}</span>` : ''}</p>`,
    t.reasons.length ? `<ul class="reasons">${t.reasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '',
    t.issues.length ? issuesTable(t.issues) : '',
    t.warnings.length ? `<h3>Warnings</h3><ul>${t.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '',
    t.notes?.length ? `<h3>Notes</h3><ul>${t.notes.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '',
    ...frames.map((f) => frameBlock(f, i, dir)),
    '</section>',
  ].filter(Boolean).join('\n');
}

function issuesTable(issues: readonly ReplayIssue[]): string {
  const cell = (v: string | number | undefined): string => (v === undefined ? '<td class="none">–</td>' : `<td>${esc(String(v))}</td>`);
  const rows = issues.map((x) => `<tr>${cell(x.call)}${cell(x.kind)}${cell(x.method)}${cell(x.line)}${cell(x.expected)}${cell(x.actual)}${cell(x.message)}</tr>`);
  return [
    '<h3>Replay issues</h3>',
    '<table class="issues"><thead><tr><th>call</th><th>kind</th><th>method</th><th>line</th><th>expected</th><th>actual</th><th>message</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody></table>`,
  ].join('\n');
}

function frameBlock(f: FrameResult, trace: number, dir: string): string {
  const name = f.swapChain ? `sc${f.swapChain}:${f.frame}` : String(f.frame);
  const at = f.call !== undefined ? `Frame ${name}, Present call ${f.call}` : `Frame ${name}`;
  // a missing or raw-only failure has no expected PNG of its own: the golden is the expected image
  const expected = f.files?.expected ?? (f.status === 'missing' || f.status === 'raw' ? f.golden : undefined);
  const shots = [figure('expected', expected, dir), figure('actual', f.files?.actual, dir), figure('diff', f.files?.diff, dir)];
  return [
    `<div class="frame" id="trace-${trace}-frame-${f.frame}${f.swapChain ? `-sc${f.swapChain}` : ''}">`,
    `<h3>${esc(at)}: ${esc(f.status)}</h3>`,
    f.message ? `<p>${esc(f.message)}</p>` : '',
    `<p>${f.diffPixels} differing pixel${f.diffPixels === 1 ? '' : 's'}, max channel difference ${f.maxChannelDiff}${f.golden ? `; golden <span class="path">${esc(f.golden)}</span>` : ''}</p>`,
    `<div class="shots">${shots.join('')}</div>`,
    '</div>',
  ].filter(Boolean).join('\n');
}

function figure(kind: string, file: string | undefined, dir: string): string {
  if (!file) return `<figure class="${kind}"><figcaption>${kind}</figcaption><p class="none">no image</p></figure>`;
  const src = esc(imageHref(file, dir));
  return `<figure class="${kind}"><figcaption>${kind}</figcaption><a href="${src}"><img src="${src}" alt="${esc(`${kind}: ${file}`)}"></a></figure>`;
}

/** `file` as a URL relative to `dir`, each path segment percent-encoded (a file name may hold `"`, `#`, `?`...). */
export function imageHref(file: string, dir: string): string {
  const rel = relative(resolve(dir), resolve(file));
  // another drive (Windows): no relative path exists
  if (isAbsolute(rel)) return pathToFileURL(resolve(file)).href;
  return rel.split(sep).map(encodeURIComponent).join('/');
}
