/** The report files `check` and `merge-reports` write besides their stdout: JUnit XML, the HTML page, the JSON. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeHtmlReport } from '../../golden/report/html.js';
import { junitXml } from '../../golden/report/junit.js';
import type { CheckReport } from '../../golden/types.js';

export interface ReportFileOptions {
  junit?: string;
  /** folder for index.html */
  html?: string;
  json?: string;
}

/** Writes each requested form; returns the paths written. */
export function writeReportFiles(r: CheckReport, o: ReportFileOptions): string[] {
  const written: string[] = [];
  const put = (file: string, text: string): void => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  };
  if (o.junit) put(o.junit, junitXml(r));
  if (o.json) put(o.json, JSON.stringify(r, null, 2) + '\n');
  if (o.html !== undefined) written.push(writeHtmlReport(r, o.html));
  return written;
}

/**
 * Whether `check` writes index.html into its report folder: when a trace failed (a frame or a call;
 * traces that only lack goldens have nothing to show), or when the folder already exists, so a page
 * from an earlier failing run is not left standing. A passing check into a fresh folder writes nothing.
 */
export function checkWritesHtml(r: CheckReport, reportDir: string): boolean {
  return r.traces.some((t) => t.status === 'fail') || existsSync(reportDir);
}
