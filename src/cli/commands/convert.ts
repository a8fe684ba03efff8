/** `replay9 convert IN OUT`: .r9t ⇄ .r9 by extension, lossless. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { FileSink } from '../../trace/byte-io.js';
import { traceText } from '../../trace/convert.js';
import { parseTrace } from '../../trace/text/parse.js';
import { isTextTrace, openTrace } from '../../trace/open.js';
import { TraceWriter } from '../../trace/writer.js';
import type { WriterOptions } from '../../trace/writer.js';
import { EXIT, refuseRestoredForText, requireReadable, UsageError } from '../io.js';
import { ChunkKind, COMPRESSION_NAMES, compressionName } from '../../trace/container.js';
import type { Io } from '../io.js';

/** The forms convert knows, by extension. */
const TRACE_EXTENSIONS = ['.r9', '.r9t'] as const;

export function convertTrace(input: string, output: string, options: WriterOptions = {}): { calls: number; snapshotsLeftOut: number } {
  const tmp = `${output}.tmp`;
  const rewrite = Object.keys(options).length > 0;
  if (isTextTrace(input) && !isTextTrace(output) && !rewrite) {
    // parse before the output exists: a syntax error leaves no partial file behind
    const parsed = parseTrace(readFileSync(input, 'utf8'), input);
    const w = new TraceWriter(new FileSink(tmp), parsed.options);
    for (const c of parsed.calls) w.append(c);
    w.close();
    renameSync(tmp, output);
    return { calls: parsed.calls.length, snapshotsLeftOut: 0 };
  }
  const { reader } = openTrace(input);
  try {
    let snapshotsLeftOut = 0;
    if (isTextTrace(output)) {
      refuseRestoredForText(reader, 'keep it as .r9');
      // seek snapshots can be made again from the calls (`replay9 snapshot`)
      snapshotsLeftOut = reader.chunks.filter((c) => c.kind === ChunkKind.Snapshot).length;
      writeFileSync(tmp, [...traceText(reader)].join('\n') + '\n');
    } else {
      const w = new TraceWriter(new FileSink(tmp), {
        chunkBytes: reader.header.chunkBytes,
        compression: compressionName(reader.header.compression),
        level: reader.header.level,
        writerVersion: reader.header.writerVersion,
        profile: reader.header.profile,
        ...options,
      });
      // snapshot chunks go where they stood, before the same call
      for (const c of reader.chunks) {
        if (c.kind === ChunkKind.Commands) {
          for (const { call } of reader.calls(c.firstCall, c.firstCall + c.callCount)) w.append(call);
        } else w.appendChunk(c.kind, reader.readPayload(c));
      }
      w.close();
    }
    renameSync(tmp, output);
    return { calls: reader.callCount, snapshotsLeftOut };
  } finally {
    reader.close();
  }
}

export function registerConvert(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'convert <input> <output>',
    'Convert between the binary (.r9) and text (.r9t) forms; binary → text → binary is byte-identical',
    (a) => a
      .positional('input', { type: 'string', demandOption: true, describe: 'the trace to read (.r9 or .r9t)' })
      .positional('output', { type: 'string', demandOption: true, describe: 'the trace to write; its extension picks the form' })
      .option('compression', { choices: COMPRESSION_NAMES, describe: 'rewrite chunks with this compression' })
      .option('chunk', { type: 'number', describe: 'rewrite with chunks of about this many bytes' })
      .option('level', { type: 'number', describe: 'deflate level 0-9 or brotli quality 0-11 when rewriting' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 convert traces/triangles.r9t out/triangles.r9', 'text to binary')
      .example('$0 convert out/triangles.r9 out/triangles.r9t', 'binary to text'),
    (argv) => {
      const input = argv.input as string;
      const output = argv.output as string;
      for (const [what, path] of [['input', input], ['output', output]]) {
        if (!TRACE_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e))) throw new UsageError(`convert reads and writes ${TRACE_EXTENSIONS.join(' and ')} traces (the extension picks the form); the ${what} ${path} has neither`);
      }
      requireReadable(input);
      const opts: WriterOptions = {};
      if (argv.compression) opts.compression = argv.compression;
      if (argv.chunk !== undefined) opts.chunkBytes = argv.chunk;
      if (argv.level !== undefined) opts.level = argv.level;
      const { calls, snapshotsLeftOut } = convertTrace(input, output, opts);
      const warning = snapshotsLeftOut ? `the text form has no place for the ${snapshotsLeftOut} seek snapshot${snapshotsLeftOut === 1 ? '' : 's'} of ${input}; \`replay9 snapshot\` makes them again` : undefined;
      if (warning) io.err(`warning: ${warning}`);
      if (argv.json) io.out(JSON.stringify({ input, output, form: isTextTrace(output) ? 'text' : 'binary', calls, warnings: warning ? [warning] : [] }, null, 2));
      else io.out(`wrote ${output} (${calls} calls)`);
      done(EXIT.ok);
    },
  );
}
