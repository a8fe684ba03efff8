/** Opens a trace by extension: .r9 is read streaming; .r9t is parsed and compiled in memory. */
import { readFileSync } from 'node:fs';
import { MemorySink } from './byte-io.js';
import { compileText } from './convert.js';
import { TraceReader } from './reader.js';

export interface OpenedTrace {
  reader: TraceReader;
  /** .r9t line of each call, for text traces */
  lines?: number[];
  kind: 'binary' | 'text';
}

export function isTextTrace(path: string): boolean {
  return path.toLowerCase().endsWith('.r9t');
}

/**
 * `replayOnly`: the caller only replays the calls, never shows or writes the trace's bytes or
 * header, so a text trace is compiled without compressing its chunks (that only costs time here).
 */
export function openTrace(path: string, { replayOnly = false }: { replayOnly?: boolean } = {}): OpenedTrace {
  if (isTextTrace(path)) {
    const sink = new MemorySink();
    const { lines } = compileText(readFileSync(path, 'utf8'), path, sink, replayOnly ? { compression: 'none' } : {});
    return { reader: TraceReader.fromBytes(sink.bytes(), path), lines, kind: 'text' };
  }
  return { reader: TraceReader.open(path), kind: 'binary' };
}
