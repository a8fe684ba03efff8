/** Binary ⇄ text conversion of whole traces, streaming on the binary side. */
import type { ByteSink } from './byte-io.js';
import { TraceReader } from './reader.js';
import { TraceWriter } from './writer.js';
import type { WriterOptions } from './writer.js';
import { headerPragma, TextPrinter } from './text/print.js';
import { TextParser } from './text/parse.js';

/**
 * The .r9t text of a binary trace, line by line (no trailing newlines). `comments`: lines to print
 * before call n (key n; key = the call count: after the last call), text-only annotations such as an
 * imported capture's calls outside D3D9; the binary form does not hold them.
 */
export function* traceText(reader: TraceReader, comments?: ReadonlyMap<number, readonly string[]>): Generator<string> {
  yield headerPragma(reader.header);
  const printer = new TextPrinter((n) => reader.placeOfCall(n));
  let frame = 0;
  let frameStart = true;
  const frameEnds = new Set(reader.frames);
  let last = -1;
  for (const { n, call } of reader.calls()) {
    if (frameStart) {
      yield `# frame ${frame}`;
      frameStart = false;
    }
    const before = comments?.get(n);
    if (before) yield* before;
    yield printer.indented(call, n);
    last = n;
    if (frameEnds.has(n)) {
      frame++;
      frameStart = true;
    }
  }
  // comments after the last call (or in a trace without calls)
  if (comments) for (const [n, lines] of comments) if (n > last) yield* lines;
}

/**
 * Compiles .r9t text into a binary trace written to `sink`, a call at a time as it is parsed;
 * returns the line of each call. `options` override the text's `#@replay9` settings. On a
 * mistake in the text it throws a TraceSyntaxError and the sink holds the calls before it.
 */
export function compileText(src: string, file: string, sink: ByteSink, options: WriterOptions = {}): { calls: number; lines: number[] } {
  const parser = new TextParser(src, file);
  const w = new TraceWriter(sink, { ...parser.options, ...options });
  const lines: number[] = [];
  for (let c = parser.nextCall(); c; c = parser.nextCall()) {
    w.append(c.call);
    lines.push(c.line);
  }
  w.close();
  return { calls: lines.length, lines };
}
