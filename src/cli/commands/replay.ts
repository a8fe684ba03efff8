/** `replay9 replay T...`: replays traces, writes presented frames as PNG, reports result mismatches. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Argv } from 'yargs';
import { encodePng, presentedImage } from '../../golden/image.js';
import type { Finding } from '../../replay/findings.js';
import { Replayer } from '../../replay/replayer.js';
import type { PresentEvent } from '../../replay/replayer.js';
import type { CallSet } from '../../trace/call-set.js';
import { DEVICE_PROFILES } from '../../device/caps.js';
import type { DeviceProfile } from '../../device/caps.js';
import { openTrace } from '../../trace/open.js';
import { findTraces } from '../find-traces.js';
import { callSetOption, EXIT, thousands, UsageError } from '../io.js';
import type { Io } from '../io.js';

export interface ReplayReport {
  trace: string;
  calls: number;
  frames: number;
  written: string[];
  mismatches: Array<{ call: number; method: string; line?: number; expected?: string; actual?: string; message: string }>;
  unimplemented: Array<{ call: number; method: string; line?: number; message: string }>;
  skipped: Array<{ call: number; method: string; line?: number; message: string }>;
  warnings: string[];
}

/** Every trace under the given paths (directories searched one level deep, sorted by name). */
const bare = (f: Finding): { call: number; method: string; line?: number; message: string } => ({
  call: f.call, method: f.method.replace(/^.*::/, ''), ...(f.line !== undefined ? { line: f.line } : {}), message: f.message,
});

export interface ReplayTraceOptions {
  outDir?: string;
  frames?: CallSet;
  io?: Io;
  profile?: DeviceProfile;
  /** called at every Present, before any frame is written (check compares frames here) */
  onPresent?(e: PresentEvent): void;
}

export function replayTrace(path: string, opts: ReplayTraceOptions): ReplayReport {
  const { reader, lines } = openTrace(path, { replayOnly: true });
  const written: string[] = [];
  try {
    if (opts.outDir) mkdirSync(opts.outDir, { recursive: true });
    const total = reader.callCount;
    const progress = opts.io?.tty && total > 200_000;
    const r = new Replayer({
      lines,
      profile: opts.profile,
      onPresent: (e) => {
        opts.onPresent?.(e);
        const { frame, device } = e;
        if (!opts.outDir || (opts.frames && !opts.frames.has(frame))) return;
        const img = presentedImage(device);
        if (!img) return;
        const file = join(opts.outDir, `frame-${String(frame).padStart(4, '0')}.png`);
        writeFileSync(file, encodePng(img));
        written.push(file);
      },
      onProgress: progress ? (done) => opts.io!.err(`\rreplaying ${basename(path)}: ${thousands(done)}/${thousands(total)} calls`) : undefined,
    });
    r.run(reader);
    if (progress) opts.io!.err('\n');
    return {
      trace: path,
      calls: r.callsReplayed,
      frames: r.frames,
      written,
      mismatches: r.findings.filter((f) => f.kind === 'mismatch' || f.kind === 'lock-data').map((f) => ({ ...bare(f), ...(f.expected ? { expected: f.expected, actual: f.actual } : {}) })),
      unimplemented: r.findings.filter((f) => f.kind === 'unimplemented').map(bare),
      skipped: r.findings.filter((f) => f.kind === 'skipped').map(bare),
      warnings: reader.warnings,
    };
  } finally {
    reader.close();
  }
}

export function registerReplay(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'replay <traces..>',
    'Replay traces on the emulated device, write each presented frame as PNG, report every call whose result differs from the recorded one',
    (a) => a
      .positional('traces', { type: 'string', array: true, demandOption: true, describe: '.r9/.r9t files, or directories holding them' })
      .option('out', { type: 'string', describe: 'write frame-NNNN.png per Present here (a folder per trace when several)' })
      .option('frames', { type: 'string', describe: 'only write these frames (0-based; e.g. 0,5-9)' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .option('profile', { choices: DEVICE_PROFILES, describe: 'replay on a Direct3D 9 (dx9) or DirectX 8-level (dx8) driver instead of the profile the trace names' })
      .example('$0 replay t.r9 --out frames/', 'replay and write frames/frame-0000.png ...')
      .example('$0 replay traces --json', 'replay every trace in a folder, machine-readable'),
    (argv) => {
      const frames = callSetOption(argv.frames);
      const traces = findTraces(argv.traces as string[]);
      if (traces.length === 0) throw new UsageError(`no .r9 or .r9t traces in ${(argv.traces as string[]).join(' ')}`);
      const reports: ReplayReport[] = [];
      for (const t of traces) {
        const outDir = argv.out === undefined ? undefined : traces.length > 1 ? join(argv.out, basename(t).replace(/\.r9t?$/, '')) : argv.out;
        const rep = replayTrace(t, { outDir, frames, io, profile: argv.profile as DeviceProfile | undefined });
        reports.push(rep);
        if (!argv.json) printReport(rep, io);
      }
      const bad = reports.some((r) => r.mismatches.length + r.unimplemented.length + r.skipped.length > 0);
      if (argv.json) {
        const strip = (r: ReplayReport): object => ({ calls: r.calls, frames: r.frames, mismatches: r.mismatches, unimplemented: r.unimplemented, skipped: r.skipped, written: r.written, warnings: r.warnings });
        io.out(JSON.stringify(reports.length === 1 ? strip(reports[0]) : reports.map((r) => ({ trace: r.trace, ...strip(r) })), null, 2));
      }
      done(bad ? EXIT.failed : EXIT.ok);
    },
  );
}

function printReport(r: ReplayReport, io: Io): void {
  const issues = r.mismatches.length + r.unimplemented.length + r.skipped.length;
  io.out(`${r.trace}: ${thousands(r.calls)} calls, ${r.frames} frames${r.written.length ? `, ${r.written.length} PNG written` : ''} — ${issues === 0 ? 'ok' : `${issues} finding${issues > 1 ? 's' : ''}`}`);
  const where = (f: { call: number; line?: number }): string => (f.line !== undefined ? `line ${f.line}, ` : '');
  for (const f of r.mismatches) io.out(`  ${where(f)}${f.message}`);
  for (const f of r.unimplemented) io.out(`  ${where(f)}${f.message}`);
  for (const f of r.skipped) io.out(`  ${where(f)}${f.message}`);
  for (const w of r.warnings) io.err(`warning: ${w}`);
}
