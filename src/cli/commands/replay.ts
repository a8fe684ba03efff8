/** `replay9 replay T...`: replays traces, writes presented frames as PNG, reports result mismatches. */
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Argv } from 'yargs';
import { presentedSurface } from '../../golden/image.js';
import { PngPool } from '../../golden/png-pool.js';
import { framePngName } from '../../golden/store.js';
import type { CallSet } from '../../trace/call-set.js';
import { DEVICE_PROFILES } from '../../device/caps.js';
import type { DeviceProfile } from '../../device/caps.js';
import { findTraces } from '../../replay/find-traces.js';
import { replayTrace } from '../../replay/replay-trace.js';
import type { ReplayReport } from '../../replay/replay-trace.js';
import { callSetOption, EXIT, frameSetOption, thousands, UsageError, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';

/** Replays one trace for the command line: frames as PNG into outDir, progress on a terminal for long traces. */
function replayForCli(path: string, opts: { outDir?: string; frames?: CallSet; io: Io; profile?: DeviceProfile; pngs?: PngPool; strict?: boolean }): ReplayReport {
  const { outDir, io, pngs } = opts;
  if (outDir) mkdirSync(outDir, { recursive: true });
  let progressed = false;
  const rep = replayTrace(path, {
    frames: opts.frames,
    profile: opts.profile,
    strict: opts.strict,
    writeFrame: outDir === undefined || pngs === undefined ? undefined : (e) => {
      const shown = presentedSurface(e);
      if (!shown) return undefined;
      const file = join(outDir, framePngName(e.frame, e.swapChain));
      pngs.write(file, shown);
      return file;
    },
    onProgress: (done, total) => {
      if (!io.tty || total <= 200_000) return;
      progressed = true;
      io.err(`\rreplaying ${basename(path)}: ${thousands(done)}/${thousands(total)} calls`);
    },
  });
  if (progressed) io.err('\n');
  return rep;
}

export function registerReplay(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'replay <traces..>',
    'Replay traces on the emulated device, write each presented frame as PNG, report every call whose result differs from the recorded one',
    (a) => a
      .positional('traces', { type: 'string', array: true, demandOption: true, describe: '.r9/.r9t files, or directories holding them' })
      .option('out', { type: 'string', requiresArg: true, describe: 'write frame-NNNN.png per Present here (a folder per trace when several); frames of additional swap chain K are frame-NNNN-scK.png' })
      .option('frames', { type: 'string', requiresArg: true, describe: 'only write these frames (0-based; e.g. 0,5-9), counted in each swap chain\'s own sequence' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .option('profile', { choices: DEVICE_PROFILES, describe: 'replay on a Direct3D 9 (dx9) or DirectX 8-level (dx8) driver instead of the profile the trace names' })
      .option('strict', STRICT_OPTION)
      .example('$0 replay traces/triangles.r9t --out out/frames', 'replay and write out/frames/frame-0000.png ...')
      .example('$0 replay traces --json', 'replay every trace in a folder, machine-readable'),
    async (argv) => {
      const frames = frameSetOption(argv.frames);
      for (const t of argv.traces as string[]) requireReadable(t, { dirOk: true });
      const traces = findTraces(argv.traces as string[]);
      if (traces.length === 0) throw new UsageError(`no .r9 or .r9t traces in ${(argv.traces as string[]).join(' ')}`);
      const reports: ReplayReport[] = [];
      // PNGs are encoded and written on worker threads while the replay goes on
      const pngs = argv.out === undefined ? undefined : new PngPool();
      try {
        for (const t of traces) {
          const outDir = argv.out === undefined ? undefined : traces.length > 1 ? join(argv.out, basename(t).replace(/\.r9t?$/i, '')) : argv.out;
          const rep = replayForCli(t, { outDir, frames, io, profile: argv.profile as DeviceProfile | undefined, pngs, strict: argv.strict });
          if (argv.frames !== undefined) refuseMissingFrames(argv.frames, rep);
          reports.push(rep);
          if (!argv.json) printReport(rep, io);
        }
      } finally {
        await pngs?.close();
      }
      const bad = reports.some((r) => r.mismatches.length + r.unimplemented.length + r.skipped.length > 0);
      if (argv.json) {
        const strip = (r: ReplayReport): object => ({ calls: r.calls, frames: r.frames, ...(r.swapChainFrames ? { swapChainFrames: r.swapChainFrames } : {}), mismatches: r.mismatches, unimplemented: r.unimplemented, skipped: r.skipped, notes: r.notes, written: r.written, warnings: r.warnings });
        io.out(JSON.stringify(reports.length === 1 ? strip(reports[0]) : reports.map((r) => ({ trace: r.trace, ...strip(r) })), null, 2));
      }
      done(bad ? EXIT.failed : EXIT.ok);
    },
  );
}

/**
 * --frames naming frames the trace does not have is a usage error (it wrote nothing for them): a term
 * of the set that reaches past the last frame (`9`, `0-9` of a one-frame trace), or an open one
 * (`10-`) that starts after it.
 */
function refuseMissingFrames(text: string, rep: ReplayReport): void {
  const count = rep.frames;
  const missing = text.split(',').map((t) => t.trim()).filter((term) => {
    const set = callSetOption(term)!;
    if (Number.isFinite(set.max)) return set.max >= count;
    for (let f = 0; f < count; f++) if (set.has(f)) return false;
    return true;
  });
  if (missing.length === 0) return;
  const has = count === 0 ? 'no frames' : `${count} frame${count === 1 ? '' : 's'} (${count === 1 ? '0' : `0-${count - 1}`})`;
  throw new UsageError(`${rep.trace} has ${has}: --frames ${missing.join(',')} names frames that do not exist`);
}

function printReport(r: ReplayReport, io: Io): void {
  const issues = r.mismatches.length + r.unimplemented.length + r.skipped.length;
  const more = Object.entries(r.swapChainFrames ?? {}).map(([k, n]) => ` + ${n} of swap chain ${k}`).join('');
  io.out(`${r.trace}: ${thousands(r.calls)} calls, ${r.frames} frames${more}${r.written.length ? `, ${r.written.length} PNG written` : ''} — ${issues === 0 ? 'ok' : `${issues} finding${issues > 1 ? 's' : ''}`}`);
  const where = (f: { call: number; line?: number }): string => (f.line !== undefined ? `line ${f.line}, ` : '');
  for (const f of r.mismatches) io.out(`  ${where(f)}${f.message}`);
  for (const f of r.unimplemented) io.out(`  ${where(f)}${f.message}`);
  for (const f of r.skipped) io.out(`  ${where(f)}${f.message}`);
  for (const f of r.notes) io.out(`  note: ${where(f)}${f.message}`);
  for (const w of r.warnings) io.err(`warning: ${w}`);
}
