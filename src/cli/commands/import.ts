/** `replay9 import APP.trace -o T.r9|.r9t`: an apitrace capture as a replay9 trace. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { importApitrace, isApitracePath } from '../../capture/import-trace.js';
import type { CaptureImportSummary } from '../../capture/import-trace.js';
import { FileSink, MemorySink } from '../../trace/byte-io.js';
import { traceText } from '../../trace/convert.js';
import { isTextTrace } from '../../trace/open.js';
import { TraceReader } from '../../trace/reader.js';
import { deviceOracle, summaryMessages } from '../capture-open.js';
import { EXIT, requireReadable, thousands, UsageError } from '../io.js';
import type { Io } from '../io.js';

export interface ImportReport extends CaptureImportSummary {
  input: string;
  output: string;
}

/** Imports `input` into `output` (.r9 or .r9t by extension), through a temporary file renamed at the end. */
export function importCapture(input: string, output: string, onProgress?: (n: number) => void): ImportReport {
  const tmp = `${output}.tmp`;
  try {
    let summary: CaptureImportSummary;
    if (isTextTrace(output)) {
      const sink = new MemorySink();
      summary = importApitrace(input, sink, { oracle: deviceOracle(), onProgress });
      writeFileSync(tmp, [...traceText(TraceReader.fromBytes(sink.bytes(), input))].join('\n') + '\n');
    } else summary = importApitrace(input, new FileSink(tmp), { oracle: deviceOracle(), onProgress });
    renameSync(tmp, output);
    return { input, output, ...summary };
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function registerImport(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'import <capture>',
    'Import an apitrace capture (.trace) of a Direct3D 9 application as a replay9 trace',
    (a) => a
      .positional('capture', { type: 'string', demandOption: true, describe: 'the apitrace capture to read (.trace)' })
      .option('output', { alias: 'o', type: 'string', demandOption: true, describe: 'the trace to write (.r9 or .r9t; the extension picks the form)' })
      .option('strict', { type: 'boolean', default: false, describe: 'fail (exit 1) when the capture holds calls replay9 cannot import' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 import app.trace -o app.r9', 'import a capture; every other command also reads app.trace directly')
      .example('$0 import app.trace -o app.r9t --strict', 'as text, failing on any call left out'),
    (argv) => {
      const input = argv.capture as string;
      const output = argv.output as string;
      if (!isApitracePath(input)) throw new UsageError(`import reads apitrace captures (.trace); ${input} is not one`);
      if (!/\.r9t?$/i.test(output)) throw new UsageError(`import writes a .r9 or .r9t trace; ${output} is neither`);
      requireReadable(input);
      const progress = io.tty && !argv.json ? (n: number): void => io.err(`\rimporting ${input}: ${thousands(n)} calls\r`) : undefined;
      const r = importCapture(input, output, progress);
      if (progress) io.err('\r\x1b[K');
      const failed = argv.strict && r.unmapped.length > 0;
      if (argv.json) io.out(JSON.stringify(r, null, 2));
      else {
        io.out(`wrote ${output}: ${thousands(r.calls)} calls (of ${thousands(r.sourceCalls)} in the capture), ${r.frames} frame${r.frames === 1 ? '' : 's'}, ${r.objects} objects; ${r.unmapped.reduce((n, u) => n + u.count, 0)} calls not imported`);
        for (const m of summaryMessages(r)) io.out(m);
      }
      if (failed) io.err(`error: --strict: ${r.unmapped.length} function${r.unmapped.length === 1 ? '' : 's'} of the capture could not be imported`);
      done(failed ? EXIT.failed : EXIT.ok);
    },
  );
}
