/** Binary ⇄ text conversion of whole traces, streaming on the binary side. */
import type { ByteSink } from './byte-io.js';
import { TraceReader } from './reader.js';
import { TraceWriter } from './writer.js';
import { headerPragma, TextPrinter } from './text/print.js';
import { parseTrace } from './text/parse.js';

/** The .r9t text of a binary trace, line by line (no trailing newlines). */
export function* traceText(reader: TraceReader): Generator<string> {
  yield headerPragma(reader.header);
  const printer = new TextPrinter();
  let frame = 0;
  let frameStart = true;
  for (const { n, call } of reader.calls()) {
    if (frameStart) {
      yield `# frame ${frame}`;
      frameStart = false;
    }
    yield printer.indented(call, n);
    if (call.command === 'Present') {
      frame++;
      frameStart = true;
    }
  }
}

/** Compiles .r9t text into a binary trace written to `sink`; returns the line of each call. */
export function compileText(src: string, file: string, sink: ByteSink): { calls: number; lines: number[] } {
  const parsed = parseTrace(src, file);
  const w = new TraceWriter(sink, parsed.options);
  for (const c of parsed.calls) w.append(c);
  w.close();
  return { calls: parsed.calls.length, lines: parsed.lines };
}
