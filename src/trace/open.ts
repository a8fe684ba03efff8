/**
 * Opens a trace by extension: .r9 is read streaming; .r9t is parsed and compiled in memory; other
 * forms (an apitrace .trace) through the opener a higher layer registered for them.
 */
import { readFileSync } from 'node:fs';
import { MemorySink } from './byte-io.js';
import { compileText } from './convert.js';
import { TraceReader } from './reader.js';

export interface OpenedTrace {
  reader: TraceReader;
  /** .r9t line of each call, for text traces */
  lines?: number[];
  kind: 'binary' | 'text';
  /** what opening it said beyond the trace itself (an imported capture's unmapped calls and notes) */
  messages?: string[];
  /** text-only comment lines to print before call n (an imported capture's calls outside D3D9), for traceText */
  comments?: ReadonlyMap<number, readonly string[]>;
}

export interface OpenOptions {
  /**
   * The caller only replays the calls, never shows or writes the trace's bytes or header, so a
   * text trace is compiled without compressing its chunks (that only costs time here).
   */
  replayOnly?: boolean;
  /** a foreign trace (an apitrace capture) with calls replay9 cannot import is an error (StrictImportError) */
  strict?: boolean;
}

/** A way to open another form of trace as a replay9 trace (the command line registers apitrace's). */
export interface TraceOpener {
  matches(path: string): boolean;
  open(path: string, options: { replayOnly: boolean; strict: boolean }): OpenedTrace;
}
const openers: TraceOpener[] = [];
const openerModules: string[] = [];

/** `module`: the URL of the module that registers `o` when imported, for worker threads to import too. */
export function registerTraceOpener(o: TraceOpener, module?: string): void {
  if (!openers.includes(o)) openers.push(o);
  if (module && !openerModules.includes(module)) openerModules.push(module);
}

/** The modules a worker thread imports to open what this thread opens. */
export function traceOpenerModules(): readonly string[] {
  return openerModules;
}

/** Does a registered opener read this path (a .trace when the command line is loaded)? */
export function isForeignTrace(path: string): boolean {
  return openers.some((o) => o.matches(path));
}

export function isTextTrace(path: string): boolean {
  return path.toLowerCase().endsWith('.r9t');
}

export function openTrace(path: string, { replayOnly = false, strict = false }: OpenOptions = {}): OpenedTrace {
  for (const o of openers) if (o.matches(path)) return o.open(path, { replayOnly, strict });
  if (isTextTrace(path)) {
    const sink = new MemorySink();
    const { lines } = compileText(readFileSync(path, 'utf8'), path, sink, replayOnly ? { compression: 'none' } : {});
    return { reader: TraceReader.fromBytes(sink.bytes(), path), lines, kind: 'text' };
  }
  return { reader: TraceReader.open(path), kind: 'binary' };
}
