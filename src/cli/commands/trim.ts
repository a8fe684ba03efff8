/** `replay9 trim T --frames SET -o OUT`: a smaller trace that replays the same frames. */
import type { Argv } from 'yargs';
import type { DeviceProfile } from '../../device/caps.js';
import { framesIn, trim } from '../../replay/rewrite.js';
import { SnapshotError } from '../../replay/snapshot.js';
import type { TrimReport } from '../../replay/rewrite.js';
import type { CallSet } from '../../trace/call-set.js';
import { isTextTrace } from '../../trace/open.js';
import { EXIT, frameSetOption, thousands, UsageError, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';
import { rewriteTrace } from './snapshot.js';

export function trimTrace(input: string, output: string, set: CallSet, opts: { profile?: DeviceProfile; io?: Io; strict?: boolean } = {}): TrimReport & { sourceFrames: number; sourceCalls: number } {
  if (isTextTrace(output)) throw new UsageError(`${output}: a trimmed trace starts from a stored state, which the text form (.r9t) cannot hold; write a .r9 trace`);
  return rewriteTrace(input, output, 'trimming', opts.io, (reader, sink, onProgress) => {
    let frames: number[];
    try {
      frames = framesIn(set, reader.frames.length);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    try {
      const rep = trim(reader, sink, frames, { profile: opts.profile, onProgress });
      return { ...rep, sourceFrames: reader.frames.length, sourceCalls: reader.callCount };
    } catch (e) {
      // a lock open where a kept run starts: the state there cannot be stored
      if (e instanceof SnapshotError) throw new UsageError(`${input}: ${e.message}; trim from a frame where no lock is open`);
      throw e;
    }
  }, { strict: opts.strict });
}

export function registerTrim(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'trim <trace>',
    'Write a trace holding only some frames: each run of frames starts from the device state stored before it (objects the run never names are left out); it replays to the same frames',
    (a) => a
      .positional('trace', { type: 'string', demandOption: true, describe: 'the trace (.r9 or .r9t)' })
      .option('frames', { type: 'string', requiresArg: true, demandOption: true, describe: 'frames to keep, from 0, apitrace syntax: 7, 3-9, 10-, 0,4,8-12; the calls after the last Present come with the last frame' })
      .option('output', { alias: 'o', type: 'string', requiresArg: true, demandOption: true, describe: 'the .r9 trace to write' })
      .option('profile', { choices: ['dx9', 'dx8'] as const, describe: 'replay on this driver profile (default: the trace\'s)' })
      .option('json', { type: 'boolean', default: false })
      .option('strict', STRICT_OPTION)
      .example('$0 trim traces/fill-grid.r9t --frames 2 -o out/bug.r9', 'frame 2 alone, as frame 0 of out/bug.r9')
      .example('$0 trim traces/fill-grid.r9t --frames 0,2-3 -o out/part.r9', 'frames 0, 2 and 3: output frames 0-2'),
    (argv) => {
      requireReadable(argv.trace as string);
      const set = frameSetOption(argv.frames as string)!;
      const out = argv.output as string;
      if (out === argv.trace) throw new UsageError('trim writes a new trace: give -o a path other than the input');
      const rep = trimTrace(argv.trace as string, out, set, { profile: argv.profile as DeviceProfile | undefined, io, strict: argv.strict });
      if (argv.json) io.out(JSON.stringify({ output: out, ...rep }, null, 2));
      else {
        io.out(`${out}: ${rep.frames.length} of ${rep.sourceFrames} frames, ${thousands(rep.calls)} of ${thousands(rep.sourceCalls)} calls`);
        for (const r of rep.runs) {
          const frames = r.firstFrame === r.lastFrame ? `frame ${r.firstFrame}` : `frames ${r.firstFrame}-${r.lastFrame}`;
          io.out(`  ${frames}: starts from ${r.objects} object${r.objects === 1 ? '' : 's'} under ${r.handles} handle${r.handles === 1 ? '' : 's'}; ${r.dropped} handle${r.dropped === 1 ? '' : 's'} of the source left out`);
        }
      }
      done(EXIT.ok);
    },
  );
}
