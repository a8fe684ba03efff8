/** `replay9 export T -o OUT.trace`: a replay9 trace in apitrace's format, for apitrace's own tools. */
import { renameSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Argv } from 'yargs';
import { ApitraceExporter, exportHeader, type ExportStats } from '../../capture/export.js';
import { ApitraceWriter } from '../../capture/writer.js';
import type { CallRecord } from '../../trace/call.js';
import { Direct3DCreate9 } from '../../device/direct3d9.js';
import { openTrace } from '../../trace/open.js';
import { EXIT, thousands, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';
import { progressLine } from './snapshot.js';

export interface ExportReport extends ExportStats {
  output: string;
  /** calls in the source trace */
  sourceCalls: number;
  bytes: number;
  warnings: string[];
}

/** Writes `input` (.r9 or .r9t) as the apitrace trace `output`, through a temporary file renamed when complete. */
export function exportTrace(input: string, output: string, io?: Io): ExportReport {
  const { reader } = openTrace(input);
  const tmp = `${output}.tmp`;
  try {
    const writer = new ApitraceWriter(tmp, exportHeader(basename(input)));
    // GetDeviceCaps goes out with the caps replay9's device (of the trace's profile) reports
    const d3d = Direct3DCreate9(32, reader.header.profile);
    const exporter = new ApitraceExporter({ caps: (adapter, type) => d3d?.GetDeviceCaps(adapter, type).caps });
    const progress = io ? progressLine(io, `exporting ${basename(input)}`, reader.callCount) : undefined;
    function* records(): Generator<CallRecord> {
      for (const { n, call } of reader.calls()) {
        if (progress && n % 10_000 === 0) progress(n);
        yield call;
      }
    }
    for (const c of exporter.convert(records())) writer.call(c);
    writer.close();
    const bytes = statSync(tmp).size;
    if (progress) io!.err('\n');
    renameSync(tmp, output);
    return { output, sourceCalls: reader.callCount, ...exporter.stats, bytes, warnings: exporter.warnings };
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    reader.close();
  }
}

export function registerExport(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'export <trace>',
    "Write a trace in apitrace's .trace format (version 6, snappy), as apitrace's D3D9 tracer would have recorded it: objects as stable made-up pointers, lock data as memcpy calls at the lock's pitch; `apitrace dump` and its other tools read it",
    (a) => a
      .positional('trace', { type: 'string', demandOption: true, describe: 'the trace (.r9 or .r9t)' })
      .option('output', { alias: 'o', type: 'string', requiresArg: true, demandOption: true, describe: 'the .trace file to write' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 export traces/triangles.r9t -o out/triangles.trace', 'then: apitrace dump out/triangles.trace'),
    (argv) => {
      requireReadable(argv.trace as string);
      const out = argv.output as string;
      if (!out.toLowerCase().endsWith('.trace')) throw new UsageError(`${out}: export writes apitrace's format; give -o a path ending in .trace`);
      const rep = exportTrace(argv.trace as string, out, io);
      if (argv.json) io.out(JSON.stringify(rep, null, 2));
      else {
        io.out(`${out}: ${thousands(rep.calls)} calls (${thousands(rep.fakeCalls)} lock copies as memcpy), ${thousands(rep.bytes)} bytes`);
        if (rep.skipped) io.out(`  ${thousands(rep.skipped)} call${rep.skipped === 1 ? '' : 's'} apitrace's D3D9 specs have no function for, left out`);
        for (const w of rep.warnings.slice(0, 10)) io.err(`warning: ${w}`);
        if (rep.warnings.length > 10) io.err(`warning: ... and ${rep.warnings.length - 10} more`);
      }
      done(EXIT.ok);
    },
  );
}
