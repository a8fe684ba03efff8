/** `replay9 snapshot T`: adds seek snapshots every K frames, so inspect at any call starts near it. */
import { renameSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { Argv } from 'yargs';
import type { DeviceProfile } from '../../device/caps.js';
import { addSnapshots } from '../../replay/rewrite.js';
import type { SnapshotReport } from '../../replay/rewrite.js';
import { FileSink } from '../../trace/byte-io.js';
import { isTextTrace, openTrace } from '../../trace/open.js';
import type { TraceReader } from '../../trace/reader.js';
import { EXIT, thousands, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';

/** A progress line on a terminal for traces long enough to wait for. */
export function progressLine(io: Io, what: string, total: number): ((done: number) => void) | undefined {
  if (!io.tty || total < 100_000) return undefined;
  return (done) => io.err(`\r${what}: ${thousands(done)}/${thousands(total)} calls`);
}

/**
 * Reads `input` and writes a new trace through `write` into a temporary file,
 * renamed to `output` once complete (so rewriting in place is safe and a
 * failure leaves nothing behind); a progress line on a terminal meanwhile.
 */
export function rewriteTrace<T>(
  input: string, output: string, verb: string, io: Io | undefined,
  write: (reader: TraceReader, sink: FileSink, onProgress: ((done: number) => void) | undefined) => T,
  { strict = false }: { strict?: boolean } = {},
): T {
  const { reader } = openTrace(input, { strict });
  const tmp = `${output}.tmp`;
  try {
    const progress = io ? progressLine(io, `${verb} ${basename(input)}`, reader.callCount) : undefined;
    const out = write(reader, new FileSink(tmp), progress);
    if (progress) io!.err('\n');
    renameSync(tmp, output);
    return out;
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    reader.close();
  }
}

/** Writes `input` with snapshots to `output` (in place when they are the same). */
export function snapshotTrace(input: string, output: string, every: number, opts: { profile?: DeviceProfile; io?: Io } = {}): SnapshotReport {
  if (isTextTrace(output)) throw new UsageError(`${output}: the text form (.r9t) has no place for snapshots; write a .r9 trace`);
  if (!Number.isInteger(every) || every < 1) throw new UsageError(`--every expects a whole number of frames from 1, found ${every}`);
  return rewriteTrace(input, output, 'snapshotting', opts.io, (reader, sink, onProgress) => addSnapshots(reader, sink, every, { profile: opts.profile, onProgress }));
}

export function registerSnapshot(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'snapshot <trace>',
    'Store device-state snapshots (objects, resources with their bytes, states) every K frames, so that inspect and trim start from the nearest one instead of call 0',
    (a) => a
      .positional('trace', { type: 'string', demandOption: true, describe: 'the trace (.r9, or .r9t with -o)' })
      .option('every', { alias: 'k', type: 'number', default: 100, describe: 'a snapshot before frame K, 2K, 3K, ...' })
      .option('output', { alias: 'o', type: 'string', requiresArg: true, describe: 'write here (default: the trace itself, rewritten)' })
      .option('profile', { choices: ['dx9', 'dx8'] as const, describe: 'replay on this driver profile (default: the trace\'s)' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 snapshot out/fill-grid.r9 --every 2', 'a snapshot every 2 frames, in place')
      .example('$0 snapshot traces/fill-grid.r9t -o out/fill-grid.r9', 'a text trace compiled, with snapshots'),
    (argv) => {
      const input = argv.trace as string;
      requireReadable(input);
      if (isTextTrace(input) && !argv.output) throw new UsageError(`${input} is a text trace, which cannot hold snapshots: name a .r9 output with -o`);
      const out = (argv.output as string | undefined) ?? input;
      const rep = snapshotTrace(input, out, argv.every as number, { profile: argv.profile as DeviceProfile | undefined, io });
      if (argv.json) io.out(JSON.stringify({ output: out, ...rep }, null, 2));
      else {
        for (const s of rep.skipped) io.err(`warning: no snapshot at ${s}`);
        const where = rep.snapshots.length ? ` (before calls ${rep.snapshots.length > 8 ? `${rep.snapshots.slice(0, 8).join(', ')}, ...` : rep.snapshots.join(', ')})` : '';
        io.out(`${out}: ${rep.snapshots.length} snapshot${rep.snapshots.length === 1 ? '' : 's'} every ${argv.every} frames${where}; ${thousands(rep.calls)} calls, ${rep.frames} frames`);
      }
      done(EXIT.ok);
    },
  );
}
