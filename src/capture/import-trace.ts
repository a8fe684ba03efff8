/** A whole apitrace capture imported into a replay9 trace, streamed call by call (what `replay9 import` runs). */
import type { ByteSink } from '../trace/byte-io.js';
import { TraceWriter } from '../trace/writer.js';
import type { WriterOptions } from '../trace/writer.js';
import { CaptureImporter, importCalls } from './import.js';
import type { ForeignCall, ImportNote, ImportOptions, UnmappedCalls } from './import.js';
import { openApitrace } from './parser.js';

export interface CaptureImportSummary {
  /** the capture's calls, fake memcpys included */
  sourceCalls: number;
  /** replay9 calls written */
  calls: number;
  frames: number;
  /** objects the capture named */
  objects: number;
  /** Direct3D 9 calls replay9 has no command for */
  unmapped: UnmappedCalls[];
  /** calls outside Direct3D 9 (window-system calls, DXGI probes): kept only as text comments */
  foreign: UnmappedCalls[];
  notes: ImportNote[];
  /** what the reader read past (a cut file) */
  warnings: string[];
}

export interface CaptureImportOptions extends ImportOptions {
  writer?: WriterOptions;
  /** told every few thousand capture calls, with how many so far */
  onProgress?(sourceCalls: number): void;
}

/** Is this path an apitrace capture (by its extension)? */
export function isApitracePath(path: string): boolean {
  return path.toLowerCase().endsWith('.trace');
}

/** Reads the capture at `path` and writes the replay9 trace to `sink` (closed at the end). */
export function importApitrace(path: string, sink: ByteSink, options: CaptureImportOptions = {}): CaptureImportSummary {
  const file = openApitrace(path);
  const importer = new CaptureImporter(options);
  const writer = new TraceWriter(sink, options.writer ?? {});
  let sourceCalls = 0;
  const counted = function* <T>(calls: Iterable<T>): Generator<T> {
    for (const c of calls) {
      sourceCalls++;
      if (options.onProgress && sourceCalls % 4096 === 0) options.onProgress(sourceCalls);
      yield c;
    }
  };
  for (const { record } of importCalls(counted(file.calls()), importer)) writer.append(record);
  writer.close();
  return {
    sourceCalls, calls: importer.calls, frames: importer.frames, objects: importer.objectCount,
    unmapped: importer.unmapped, foreign: importer.foreign, notes: importer.notes, warnings: [...file.warnings],
  };
}

/** `# ` comment lines for the calls outside Direct3D 9, by the replay9 call they come before (a string's newlines continue the comment). */
export function foreignComments(): { add(f: ForeignCall): void; byCall: Map<number, string[]> } {
  const byCall = new Map<number, string[]>();
  return {
    byCall,
    add(f: ForeignCall): void {
      const lines = f.text.split(/\r?\n/).map((l, i) => `#${i ? '   ' : ' '}${l}`);
      const at = byCall.get(f.before);
      if (at) at.push(...lines);
      else byCall.set(f.before, lines);
    },
  };
}
