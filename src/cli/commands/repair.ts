/** `replay9 repair T`: rewrites the footer index of a trace whose recorder died. */
import { copyFileSync, renameSync, openSync, closeSync, ftruncateSync, writeSync } from 'node:fs';
import type { Argv } from 'yargs';
import { TraceReader } from '../../trace/reader.js';
import { encodeFooter } from '../../trace/writer.js';
import { EXIT } from '../io.js';
import type { Io } from '../io.js';

export interface RepairResult {
  calls: number;
  frames: number;
  chunks: number;
  hadFooter: boolean;
  /** what followed the last complete, intact chunk and was left out: where it started, its length, why it was not a chunk */
  dropped: { offset: number; bytes: number; reason: string } | null;
  warnings: string[];
}

/**
 * Keeps every complete, intact chunk, drops what follows the last of them (a cut chunk, garbage,
 * zeros, an unusable footer) and writes a fresh footer.
 */
export function repairTrace(input: string, output: string): RepairResult {
  const reader = TraceReader.open(input, { salvage: true });
  let res: RepairResult;
  try {
    // with a footer, every chunk is read through once, so a corrupt one stops the repair instead of
    // being indexed (without one, the salvaging scan has read them all)
    if (reader.hasFooter) for (const c of reader.chunks) reader.readPayload(c);
    res = {
      calls: reader.callCount, frames: reader.frames.length, chunks: reader.chunks.length, hadFooter: reader.hasFooter,
      dropped: reader.dropped ?? null, warnings: reader.warnings,
    };
  } finally {
    reader.close();
  }
  const tmp = `${output}.tmp`;
  copyFileSync(input, tmp);
  const fd = openSync(tmp, 'r+');
  try {
    ftruncateSync(fd, reader.dataEnd);
    const footer = encodeFooter(reader.dataEnd, reader.chunks, reader.frames, reader.callCount);
    writeSync(fd, footer, 0, footer.length, reader.dataEnd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, output);
  return res;
}

export function registerRepair(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'repair <trace>',
    'Rewrite the footer index of a trace that has none (the recorder died): keeps every complete chunk, drops what follows them (a cut chunk, garbage, zeros) and says how many bytes from where',
    (a) => a
      .positional('trace', { type: 'string', demandOption: true, describe: 'the .r9 trace' })
      .option('output', { alias: 'o', type: 'string', describe: 'write the repaired trace here (default: in place)' })
      .option('json', { type: 'boolean', default: false }),
    (argv) => {
      const out = (argv.output as string | undefined) ?? (argv.trace as string);
      const r = repairTrace(argv.trace as string, out);
      if (argv.json) io.out(JSON.stringify({ output: out, ...r }, null, 2));
      else {
        for (const w of r.warnings) io.err(`warning: ${w}`);
        if (r.dropped) io.err(`dropped ${r.dropped.bytes} bytes from byte ${r.dropped.offset} to the end: ${r.dropped.reason}`);
        io.out(`${out}: ${r.chunks} chunks, ${r.calls} calls, ${r.frames} frames indexed${r.hadFooter ? ' (the footer was intact; rewritten)' : ''}${r.dropped ? `; ${r.dropped.bytes} bytes dropped from byte ${r.dropped.offset}` : ''}`);
      }
      done(EXIT.ok);
    },
  );
}
