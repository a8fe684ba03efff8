/**
 * A CheckReport as JUnit XML (DESIGN.md contract 5): one testsuite "replay9 check", one testcase per
 * trace (classname = the trace path), a <failure> for a fail or a trace without goldens. `time` is
 * each trace's check in seconds as measured (report.seconds; 0 for a report without them), the
 * suite's their sum: the only part of the file that depends on the clock.
 */
import { basename } from 'node:path';
import type { CheckReport, FrameResult, ReplayIssue, TraceResult } from '../types.js';
import { escapeMarkup as esc } from './escape.js';

export const JUNIT_SUITE_NAME = 'replay9 check';

const isFailure = (t: TraceResult): boolean => t.status === 'fail' || t.status === 'no-goldens';

/** seconds with millisecond precision, as JUnit readers expect */
const time = (seconds: number | undefined): string => (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0 ? '0' : seconds.toFixed(3));

export function junitXml(r: CheckReport): string {
  const failures = r.traces.filter(isFailure).length;
  const total = r.seconds?.reduce((a, b) => a + b, 0);
  const counts = `tests="${r.traces.length}" failures="${failures}" errors="0" skipped="0" time="${time(total)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${esc(JUNIT_SUITE_NAME)}" ${counts}>`,
    `  <testsuite name="${esc(JUNIT_SUITE_NAME)}" ${counts}>`,
    '    <properties>',
    `      <property name="tool" value="${esc(r.tool)}"/>`,
    `      <property name="threshold" value="${r.options.threshold}"/>`,
    `      <property name="maxDiffPixels" value="${r.options.maxDiffPixels}"/>`,
    `      <property name="update" value="${r.options.update}"/>`,
    '    </properties>',
    ...r.traces.map((t, i) => testcase(t, r.seconds?.[i])),
    '  </testsuite>',
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}

function testcase(t: TraceResult, seconds: number | undefined): string {
  const open = `    <testcase name="${esc(basename(t.trace))}" classname="${esc(t.trace)}" time="${time(seconds)}"`;
  const body: string[] = [];
  if (isFailure(t)) {
    const message = t.reasons.length ? t.reasons.join('; ') : t.status;
    body.push(`      <failure message="${esc(message)}" type="${esc(t.status)}">${esc(failureText(t))}</failure>`);
  }
  const out = systemOut(t);
  if (out) body.push(`      <system-out>${esc(out)}</system-out>`);
  return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
}

/** The reasons, then every failing frame and replay issue with what it points at. */
export function failureText(t: TraceResult): string {
  const lines = [`${t.trace}: ${t.status}`, ...t.reasons.map((x) => `  ${x}`)];
  const frames = t.frameResults.filter((f) => f.status !== 'pass');
  if (frames.length) lines.push('frames:', ...frames.flatMap(frameLines));
  if (t.issues.length) lines.push('replay issues:', ...t.issues.map(issueLine));
  return lines.join('\n');
}

function frameLines(f: FrameResult): string[] {
  const name = f.swapChain ? `sc${f.swapChain}:${f.frame}` : String(f.frame);
  const at = f.call !== undefined ? `frame ${name} (Present call ${f.call})` : `frame ${name}`;
  const lines = [`  ${at}: ${f.status}, ${f.diffPixels} pixels differ, max channel difference ${f.maxChannelDiff}`];
  if (f.message) lines.push(`    ${f.message}`);
  if (f.note) lines.push(`    note: ${f.note}`);
  if (f.golden) lines.push(`    golden: ${f.golden}`);
  for (const k of ['expected', 'actual', 'diff'] as const) if (f.files?.[k]) lines.push(`    ${k}: ${f.files[k]}`);
  return lines;
}

function issueLine(i: ReplayIssue): string {
  const where = [`call ${i.call}`, i.method, i.line !== undefined ? `line ${i.line}` : ''].filter(Boolean).join(', ');
  const results = i.expected !== undefined || i.actual !== undefined ? ` (expected ${i.expected ?? '?'}, actual ${i.actual ?? '?'})` : '';
  return `  ${i.kind} at ${where}${results}: ${i.message}`;
}

function systemOut(t: TraceResult): string {
  const lines: string[] = [];
  if (t.status === 'updated') {
    const u = t.update;
    const frames = `${t.goldenFrames} golden frame${t.goldenFrames === 1 ? '' : 's'}`;
    if (u?.change === 'unchanged') lines.push(`unchanged: ${frames} left as they were in ${t.goldenDir}`);
    else lines.push(`${u ? `${u.change}${u.frames.length ? ` (frames ${u.frames.join(', ')})` : ''}: ` : ''}${frames} written to ${t.goldenDir}`);
  }
  if (t.status === 'updated' && t.issues.length) lines.push('replay issues:', ...t.issues.map(issueLine));
  lines.push(...t.warnings.map((w) => `warning: ${w}`), ...(t.notes ?? []).map((n) => `note: ${n}`));
  return lines.join('\n');
}
