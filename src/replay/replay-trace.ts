/** One trace replayed from its file to its report: what `replay`, `check` and the library's renderTrace run. */
import type { DeviceProfile } from '../device/caps.js';
import type { CallSet } from '../trace/call-set.js';
import { openTrace } from '../trace/open.js';
import type { Finding } from './findings.js';
import { Replayer } from './replayer.js';
import type { PresentEvent } from './replayer.js';

export interface ReplayReport {
  trace: string;
  calls: number;
  /** frames of swap chain 0 (every device's implicit chain) */
  frames: number;
  /** frames of each additional swap chain, by its number (absent when there were none) */
  swapChainFrames?: Record<string, number>;
  /** files writeFrame wrote, in frame order */
  written: string[];
  mismatches: Array<{ call: number; method: string; line?: number; expected?: string; actual?: string; message: string }>;
  unimplemented: Array<{ call: number; method: string; line?: number; message: string }>;
  skipped: Array<{ call: number; method: string; line?: number; message: string }>;
  /** what the device noted about calls D3D9 leaves undefined (out-of-range draws, released objects): not failures */
  notes: Array<{ call: number; method: string; line?: number; message: string }>;
  warnings: string[];
}

const bare = (f: Finding): { call: number; method: string; line?: number; message: string } => ({
  call: f.call, method: f.method.replace(/^.*::/, ''), ...(f.line !== undefined ? { line: f.line } : {}), message: f.message,
});

export interface ReplayTraceOptions {
  /** only these frames reach writeFrame */
  frames?: CallSet;
  profile?: DeviceProfile;
  /** called at every Present, before any frame is written (check compares frames here) */
  onPresent?(e: PresentEvent): void;
  /** writes a presented frame somewhere and returns the file it wrote (replay --out) */
  writeFrame?(e: PresentEvent): string | undefined;
  /** called every few thousand calls of a long trace: calls replayed, calls in the trace */
  onProgress?(done: number, total: number): void;
  /** an apitrace capture with unmapped D3D9 calls is an error (StrictImportError) */
  strict?: boolean;
}

export function replayTrace(path: string, opts: ReplayTraceOptions = {}): ReplayReport {
  const { reader, lines } = openTrace(path, { replayOnly: true, strict: opts.strict });
  const written: string[] = [];
  try {
    const total = reader.callCount;
    const r = new Replayer({
      lines,
      profile: opts.profile,
      onPresent: (e) => {
        opts.onPresent?.(e);
        if (!opts.writeFrame || (opts.frames && !opts.frames.has(e.frame))) return;
        const file = opts.writeFrame(e);
        if (file !== undefined) written.push(file);
      },
      onProgress: opts.onProgress ? (done) => opts.onProgress!(done, total) : undefined,
    });
    r.run(reader);
    return {
      trace: path,
      calls: r.callsReplayed,
      frames: r.frames,
      ...(r.chainFrames.size > 0 ? { swapChainFrames: Object.fromEntries([...r.chainFrames].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), v])) } : {}),
      written,
      mismatches: r.findings.filter((f) => f.kind === 'mismatch' || f.kind === 'lock-data').map((f) => ({ ...bare(f), ...(f.expected ? { expected: f.expected, actual: f.actual } : {}) })),
      unimplemented: r.findings.filter((f) => f.kind === 'unimplemented').map(bare),
      skipped: r.findings.filter((f) => f.kind === 'skipped').map(bare),
      notes: r.findings.filter((f) => f.kind === 'note').map(bare),
      warnings: reader.warnings,
    };
  } finally {
    reader.close();
  }
}
