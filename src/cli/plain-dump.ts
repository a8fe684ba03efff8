/**
 * `replay9 dump` in its plain forms, read without yargs. Loading yargs and laying out the command's
 * help (which yargs does after every command, string-width for each line) cost about 0.2 s of CPU
 * at the start, a fifth of dumping 200,000 calls; dump is the command that other tools pipe
 * through (grep, diff), often on a short call range, so it starts without them. Only forms whose
 * meaning is plain are taken: a trace named by its extension, and `--json`, `--strict`, `--debug`
 * and `--calls SET` at most once each, in any order. Everything else (--help, `--calls=SET`,
 * `--no-json`, a misspelt option) goes to yargs as before, with its messages.
 */
import type { DumpArgs } from './commands/dump.js';

/** a value yargs takes as it is: not an option, not empty */
const isPlain = (a: string | undefined): a is string => a !== undefined && a !== '' && !a.startsWith('-');

/** The trace files dump reads, by extension (other names go through yargs). */
const TRACE_NAME = /\.(r9|r9t|trace)$/i;

/** dump's arguments when `args` is one of dump's plain forms, else undefined. */
export function plainDumpArgs(args: readonly string[]): DumpArgs | undefined {
  if (args[0] !== 'dump') return undefined;
  let trace: string | undefined;
  let calls: string | undefined;
  let json = false;
  let strict = false;
  let debug = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--json' && !json) json = true;
    else if (a === '--strict' && !strict) strict = true;
    else if (a === '--debug' && !debug) debug = true;
    else if (a === '--calls' && calls === undefined && isPlain(args[i + 1])) calls = args[++i];
    else if (trace === undefined && isPlain(a) && TRACE_NAME.test(a)) trace = a;
    else return undefined;
  }
  return trace === undefined ? undefined : { trace, calls, json, strict };
}
