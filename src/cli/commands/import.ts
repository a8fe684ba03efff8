/** `replay9 import APP.trace -o T.r9|.r9t`: an apitrace capture as a replay9 trace. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { foreignComments, importApitrace, isApitracePath } from '../../capture/import-trace.js';
import type { CaptureImportSummary } from '../../capture/import-trace.js';
import { FileSink, MemorySink } from '../../trace/byte-io.js';
import { traceText } from '../../trace/convert.js';
import { isTextTrace } from '../../trace/open.js';
import { TraceReader } from '../../trace/reader.js';
import { deviceOracle, strictFailure, summaryMessages } from '../capture-open.js';
import { EXIT, requireReadable, thousands, UsageError } from '../io.js';
import type { Io } from '../io.js';

export interface ImportReport extends CaptureImportSummary {
  input: string;
  output: string;
}

/**
 * Imports `input` into `output` (.r9 or .r9t by extension), through a temporary file renamed at the
 * end. The text form shows the capture's calls outside D3D9 as `# N name(args) = ret` comments where
 * they were; comments do not reach a binary trace, so a .r9 holds only the D3D9 calls.
 */
export function importCapture(input: string, output: string, onProgress?: (n: number) => void): ImportReport {
  const tmp = `${output}.tmp`;
  try {
    let summary: CaptureImportSummary;
    if (isTextTrace(output)) {
      const sink = new MemorySink();
      const comments = foreignComments();
      summary = importApitrace(input, sink, { oracle: deviceOracle(), onProgress, onForeign: comments.add });
      writeFileSync(tmp, [...traceText(TraceReader.fromBytes(sink.bytes(), input), comments.byCall)].join('\n') + '\n');
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
      .option('strict', { type: 'boolean', default: false, describe: 'fail (exit 1) when the capture holds Direct3D 9 calls replay9 cannot import (the trace is still written); calls outside D3D9 do not count' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 import test/fixtures/apitrace/tri.trace -o out/tri.r9', 'import a capture; every other command also reads the .trace directly')
      .example('$0 import test/fixtures/apitrace/map_cubemap.trace -o out/map_cubemap.r9t --strict', 'as text, failing on any call left out'),
    (argv) => {
      const input = argv.capture as string;
      const output = argv.output as string;
      if (!isApitracePath(input)) throw new UsageError(`import reads apitrace captures (.trace); ${input} is not one`);
      if (!/\.r9t?$/i.test(output)) throw new UsageError(`import writes a .r9 or .r9t trace; ${output} is neither`);
      requireReadable(input);
      const progress = io.tty && !argv.json ? (n: number): void => io.err(`\rimporting ${input}: ${thousands(n)} calls\r`) : undefined;
      const r = importCapture(input, output, progress);
      if (progress) io.err('\r\x1b[K');
      const failure = argv.strict ? strictFailure(input, r) : undefined;
      if (argv.json) io.out(JSON.stringify(r, null, 2));
      else {
        io.out(`wrote ${output}: ${thousands(r.calls)} calls (of ${thousands(r.sourceCalls)} in the capture), ${r.frames} frame${r.frames === 1 ? '' : 's'}, ${r.objects} objects; ${r.unmapped.reduce((n, u) => n + u.count, 0)} calls not imported, ${r.foreign.reduce((n, u) => n + u.count, 0)} outside Direct3D 9`);
        for (const m of summaryMessages(r)) io.out(m);
      }
      if (failure) io.err(`error: ${failure}`);
      done(failure ? EXIT.failed : EXIT.ok);
    },
  );
}
