/**
 * `replay9 <command>`: yargs, one module per command. Exit codes (DESIGN.md
 * contract 4): 0 success, 1 a check failed, 2 bad usage or unreadable input,
 * 3 an internal error (a bug in replay9; its stack with --debug).
 */
import { statSync } from 'node:fs';
import type { Argv } from 'yargs';
import { InternalError, StrictImportError } from '../errors.js';
import { TraceFormatError } from '../trace/errors.js';
import { PACKAGE_VERSION } from '../version.js';
import { EXIT, fileErrorText, processIo, UsageError } from './io.js';
import { plainDumpArgs } from './plain-dump.js';
import { explainUnknown } from './suggest.js';
import type { Io } from './io.js';

const isFolder = (a: string): boolean => !a.startsWith('-') && (statSync(a, { throwIfNoEntry: false })?.isDirectory() ?? false);

type Register = (y: Argv, io: Io, done: (code: number) => void) => Argv;

/**
 * The commands, in the order --help lists them, each loaded only when needed: a command line that
 * names one loads that one alone (`info` then starts in about two thirds of the time, without the
 * raster core); --help, no command or an unknown one load them all, for the list and suggestions.
 */
const COMMANDS: ReadonlyArray<[name: string, load: () => Promise<Register>]> = [
  ['info', async () => (await import('./commands/info.js')).registerInfo],
  ['dump', async () => (await import('./commands/dump.js')).registerDump],
  ['convert', async () => (await import('./commands/convert.js')).registerConvert],
  ['replay', async () => (await import('./commands/replay.js')).registerReplay],
  ['inspect', async () => (await import('./commands/inspect.js')).registerInspect],
  ['check', async () => (await import('./commands/check.js')).registerCheck],
  ['merge-reports', async () => (await import('./commands/merge-reports.js')).registerMergeReports],
  ['diff-images', async () => (await import('./commands/diff-images.js')).registerDiffImages],
  ['snapshot', async () => (await import('./commands/snapshot.js')).registerSnapshot],
  ['trim', async () => (await import('./commands/trim.js')).registerTrim],
  ['repair', async () => (await import('./commands/repair.js')).registerRepair],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['record', async () => (await import('./commands/record.js')).registerRecord],
  ['formats', async () => (await import('./commands/formats.js')).registerFormats],
  ['caps', async () => (await import('./commands/caps.js')).registerCaps],
  ['import', async () => (await import('./commands/import.js')).registerImport],
];

/**
 * Runs the CLI on `args`; returns the exit code. `loaded` is called once the command's code has
 * loaded, before it runs (bin/replay9.js sets the garbage collector's settings there for check).
 */
export async function main(args: readonly string[], io: Io = processIo, loaded?: () => void): Promise<number> {
  let code: number = EXIT.ok;
  const done = (c: number): void => {
    code = c;
  };
  if (args.length === 0) {
    // no command: the list of commands, as a usage error
    io.err(await helpText());
    return EXIT.usage;
  }
  // an apitrace capture named (or a folder that may hold some): every command reads it through the importer
  if (args.some((a) => /\.trace$/i.test(a) || isFolder(a))) await import('./capture-open.js');
  // dump's plain forms start without yargs (plain-dump.ts)
  const plainDump = plainDumpArgs(args);
  if (plainDump) {
    try {
      const { runDump } = await import('./commands/dump.js');
      loaded?.();
      await runDump(plainDump, io, done);
      return code;
    } catch (e) {
      return failureCode(e, args, io);
    }
  }
  const { default: yargs } = await import('yargs');
  let y: Argv = yargs([...args])
    .scriptName('replay9')
    .usage('$0 <command> [options]\n\nRecords, replays and inspects Direct3D 9 traces on a deterministic software device.')
    .version(PACKAGE_VERSION)
    .strict()
    .demandCommand(1, "name a command ('replay9 --help' lists them)")
    .recommendCommands()
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .option('debug', { type: 'boolean', global: true, describe: 'On an internal error (exit 3), print its stack' })
    .epilogue('Exit codes: 0 success, 1 a check failed (a result mismatch), 2 bad usage or unreadable input, 3 an internal error (a bug in replay9: --debug prints its stack).\nEvery command takes --help.')
    .fail((msg, err) => {
      throw err ?? new UsageError(explainUnknown(msg, args, knownOptions(y)));
    });
  // after a command's handler starts, yargs lays out that command's whole help text in case a later
  // failure shows it; ours never does (the failure handler above throws), and the layout costs about
  // 75 ms of CPU a run, more than a small trace's replay. --help lays its text out when asked.
  type UsageHooks = { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } };
  const usage = (y as unknown as UsageHooks).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
  const named = COMMANDS.filter(([name]) => name === args[0]);
  for (const [, load] of named.length === 1 ? named : COMMANDS) y = (await load())(y, io, done);
  loaded?.();
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
    return failureCode(e, args, io);
  }
}

/** The exit code of a command that threw `e`, its message written to `io` (contract 4). */
function failureCode(e: unknown, args: readonly string[], io: Io): number {
  if (e instanceof UsageError) {
    // a file that cannot be opened needs no pointer to the help
    const hint = e.message.startsWith('cannot open ') ? '' : `\nRun 'replay9 --help' for the commands, 'replay9 <command> --help' for one.`;
    io.err(`replay9: ${e.message}${hint}`);
    return EXIT.usage;
  }
  if (e instanceof TraceFormatError) {
    io.err(`replay9: ${e.message}`);
    return EXIT.usage;
  }
  if (e instanceof StrictImportError) {
    io.err(`replay9: ${e.message}`);
    return EXIT.failed;
  }
  const sys = e as NodeJS.ErrnoException;
  if (sys && typeof sys.code === 'string' && sys.syscall) {
    io.err(`replay9: ${fileErrorText(sys) ?? sys.message}`);
    return EXIT.usage;
  }
  if (e instanceof Error && e.name === 'YError') {
    io.err(`replay9: ${e.message}\nRun 'replay9 --help' for the commands.`);
    return EXIT.usage;
  }
  // anything else is a bug: a message and exit 3, never a crash (the stack only with --debug)
  const internal = e instanceof InternalError || (e instanceof Error && e.name === 'InternalError');
  const message = e instanceof Error ? (internal ? e.message : `internal error: ${e.name === 'Error' ? '' : `${e.name}: `}${e.message}`) : `internal error: ${String(e)}`;
  const debug = args.includes('--debug');
  io.err(`replay9: ${message}${debug && e instanceof Error && e.stack ? `\n${e.stack}` : '\n(run again with --debug for the stack)'}`);
  return EXIT.internal;
}

/** The top-level help: the command list. */
async function helpText(): Promise<string> {
  let text = '';
  await main(['--help'], { out: (t) => { text += t; }, err: (t) => { text += t; }, tty: false });
  return text;
}

/** The options the command being parsed knows (yargs keeps them, without a public type for it). */
function knownOptions(y: Argv): string[] {
  return Object.keys((y as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
}
