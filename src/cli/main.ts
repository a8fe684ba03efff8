/**
 * `replay9 <command>`: yargs, one module per command. Exit codes (DESIGN.md
 * contract 4): 0 success, 1 a check failed, 2 bad usage or unreadable input.
 */
import yargs from 'yargs';
import { TraceFormatError } from '../trace/errors.js';
import { PACKAGE_VERSION } from '../version.js';
import { registerConvert } from './commands/convert.js';
import { registerCaps } from './commands/caps.js';
import { registerCheck } from './commands/check.js';
import { registerDiffImages } from './commands/diff-images.js';
import { registerDump } from './commands/dump.js';
import { registerFormats } from './commands/formats.js';
import { registerInfo } from './commands/info.js';
import { registerInspect } from './commands/inspect.js';
import { registerMergeReports } from './commands/merge-reports.js';
import { registerRecord } from './commands/record.js';
import { registerRepair } from './commands/repair.js';
import { registerReplay } from './commands/replay.js';
import { registerSnapshot } from './commands/snapshot.js';
import { registerTrim } from './commands/trim.js';
import { EXIT, processIo, UsageError } from './io.js';
import type { Io } from './io.js';

const COMMANDS = [registerInfo, registerDump, registerConvert, registerReplay, registerInspect, registerCheck, registerMergeReports, registerDiffImages, registerSnapshot, registerTrim, registerRepair, registerRecord, registerFormats, registerCaps];

/** Runs the CLI on `args`; returns the exit code. */
export async function main(args: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const done = (c: number): void => {
    code = c;
  };
  let y = yargs([...args])
    .scriptName('replay9')
    .usage('$0 <command> [options]\n\nRecords, replays and inspects Direct3D 9 traces on a deterministic software device.')
    .version(PACKAGE_VERSION)
    .strict()
    .demandCommand(1, 'name a command (see the list above)')
    .recommendCommands()
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .epilogue('Exit codes: 0 success, 1 a check failed (a result mismatch), 2 bad usage or unreadable input.\nEvery command takes --help.')
    .fail((msg, err) => {
      throw err ?? new UsageError(msg);
    });
  for (const register of COMMANDS) y = register(y, io, done);
  try {
    let printed = '';
    await y.parseAsync([...args], {}, (_err, _argv, output) => {
      printed = output;
    });
    if (printed) {
      // --help, --version and usage errors arrive here as text
      const isError = code === EXIT.ok && /Unknown|Not enough|Missing|Invalid|Did you mean/.test(printed) && !args.includes('--help');
      (isError ? io.err : io.out)(printed);
    }
    return code;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`replay9: ${e.message}\nRun 'replay9 --help' for the commands, 'replay9 <command> --help' for one.`);
      return EXIT.usage;
    }
    if (e instanceof TraceFormatError) {
      io.err(`replay9: ${e.message}`);
      return EXIT.usage;
    }
    const sys = e as NodeJS.ErrnoException;
    if (sys && typeof sys.code === 'string' && sys.syscall) {
      io.err(`replay9: ${sys.message}`);
      return EXIT.usage;
    }
    if (e instanceof Error && e.name === 'YError') {
      io.err(`replay9: ${e.message}\nRun 'replay9 --help' for the commands.`);
      return EXIT.usage;
    }
    throw e;
  }
}
