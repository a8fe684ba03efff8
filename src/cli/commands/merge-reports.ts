/** `replay9 merge-reports JSON...`: the `check --json` reports of several shards as one report. */
import { readFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { mergeReports, parseCheckReport, ReportFormatError } from '../../golden/report/merge.js';
import type { CheckReport } from '../../golden/types.js';
import { EXIT, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';
import { checkText } from './check.js';
import { writeReportFiles } from './report-files.js';

/** Reads, checks and merges the reports; unreadable or invalid input is a usage error naming the file. */
export function mergeReportFiles(files: readonly string[]): CheckReport {
  const inputs = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    try {
      return { file, report: parseCheckReport(text, file) };
    } catch (e) {
      if (e instanceof ReportFormatError) throw new UsageError(e.message);
      throw e;
    }
  });
  try {
    return mergeReports(inputs);
  } catch (e) {
    if (e instanceof ReportFormatError) throw new UsageError(e.message);
    throw e;
  }
}

export function registerMergeReports(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'merge-reports <reports..>',
    'Merge the --json reports of several `check --shard i/n` runs into one report',
    (a) => a
      .positional('reports', { type: 'string', array: true, demandOption: true, describe: 'JSON files written by `replay9 check --json`, one per shard' })
      .option('json-out', { type: 'string', requiresArg: true, describe: 'write the merged report as JSON to this file (the same document `check --json` prints)' })
      .option('junit', { type: 'string', requiresArg: true, describe: 'write the merged report as JUnit XML to this file (one testsuite, one testcase per trace)' })
      .option('html', { type: 'string', requiresArg: true, describe: 'write index.html into this folder: a summary and, for each failing frame, expected / actual / diff images linked relative to it' })
      .option('json', { type: 'boolean', default: false, describe: 'print the merged report as one JSON document instead of text' })
      .example('$0 merge-reports out/shard-1.json out/shard-2.json --junit out/junit.xml --html out/check', 'one JUnit file and one HTML page for the whole CI matrix')
      .epilogue('Traces are sorted by path and the summary is recounted. Image paths in the reports are taken relative to the current folder. Exit 0: every trace passed; 1: any failed or has no goldens; 2: a file is unreadable, not a check report, checked with other options or tool version, or repeats a trace of another.'),
    (argv) => {
      for (const f of argv.reports as string[]) requireReadable(f);
      const report = mergeReportFiles(argv.reports as string[]);
      writeReportFiles(report, { json: argv['json-out'], junit: argv.junit, html: argv.html });
      io.out(argv.json ? JSON.stringify(report, null, 2) : checkText(report));
      done(report.ok ? EXIT.ok : EXIT.failed);
    },
  );
}
