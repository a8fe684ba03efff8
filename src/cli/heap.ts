/**
 * The V8 settings the command line runs with. They are process-wide, so only the command line
 * (bin/replay9.js, and the benchmarks' child processes that stand in for it) uses them, never the
 * library.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { findTraces } from '../replay/find-traces.js';

/**
 * The garbage collector's settings. A replay makes lots of short-lived objects (a draw's setup)
 * and keeps little (the live heap of a replay is about 9 MiB however long the trace). Left to its
 * defaults, V8 grows the young generation to 32 MiB and lets the old one reach several times what
 * is live before collecting it, so the peak resident memory of a replay rises with its length
 * (75 MiB for 1,000 frames, 120 MiB for 10,000, 131 MiB for 20,000 of the seek benchmark's scene)
 * though nothing is kept. These settings stop the young generation growing from the size it has
 * when they are set, and let the old one grow only 30 % past what is live. Set before the code
 * loads (young generation 1 MiB), a replay's peak stays flat (76 and 82 MiB for 1,000 and 10,000
 * frames through `replay9 replay`) at some cost in collections; set after (16 MiB: loading grew
 * it), `check` over many small traces runs about 30 % faster than with 1 MiB. bin/replay9.js
 * picks per command.
 */
export function useReplayHeapSettings(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=30');
}

/**
 * V8 flags for a process whose threads are all busy replaying, so that V8 compiles on them:
 * - `--single-threaded`: no helper threads (concurrent compilation, parallel and concurrent
 *   garbage collection), which could only take turns from the replays;
 * - a larger interrupt budget (300,000 against 132 KiB of bytecode run before a function is
 *   considered for optimisation) and less inlining (300 against 920 bytes of inlined bytecode
 *   a function): fewer and smaller optimising compilations, now paid on the replay's own thread.
 * Measured on 2 cores with --jobs 2 (600 copies of the sample traces): 5.2 s with the first
 * alone, 4.8 s with all three; with --jobs 1, where compilation runs beside the replay, the last
 * two gain nothing (7.4–8.8 s either way).
 */
export const SATURATED_FLAGS: readonly string[] = ['--single-threaded', '--interrupt-budget=300000', '--max-inlined-bytecode-size-cumulative=300'];

/** Signals a terminal or a supervisor sends to stop a command, passed on to the process run again. */
const FORWARDED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * `check --jobs N` with at least as many threads as cores runs with SATURATED_FLAGS (on 2 cores,
 * 600 traces: --jobs 2 ran 1.35× as fast as --jobs 1 with V8's defaults, about 1.55× with
 * them). V8 takes them only when it starts, so this runs `script` again with the same arguments
 * in a process started with them, and exits as it does (its code, or its signal). The two stop
 * together: SIGINT, SIGTERM and SIGHUP sent to this process are passed on, and the other process
 * stops when this one has gone (however it went: it watches an IPC channel). Resolves (doing
 * nothing else) in every other case: other commands, fewer jobs, fewer than two traces, a process
 * run under --inspect, and the process run again.
 */
export async function rerunSingleThreadedIfSaturated(script: string, args: readonly string[]): Promise<void> {
  if (process.execArgv.includes(SATURATED_FLAGS[0])) {
    followParent();
    return;
  }
  if (args[0] !== 'check' || jobsOption(args) < Math.max(2, availableParallelism())) return;
  // one trace runs on one thread, where V8's helpers have the other cores
  if (tracesToCheck(args) < 2) return;
  // one debugged process, not two fighting over the inspector's port
  if (process.execArgv.some((a) => a.startsWith('--inspect'))) return;
  const child = spawn(process.execPath, [...SATURATED_FLAGS, ...process.execArgv, script, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const s of FORWARDED) process.on(s, forward);
  const end = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (const s of FORWARDED) process.off(s, forward);
  if (end.signal) process.kill(process.pid, end.signal);
  process.exit(end.code ?? 1);
}

/** In the process run again: stop when the one that started it has gone (its IPC channel closes). */
function followParent(): void {
  if (!process.channel) return;
  // the channel must not keep this process alive, only tell it when the other end is gone
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

/** check's options that take a value (the rest are flags): what is not a path among its arguments */
const CHECK_VALUE_OPTIONS = new Set(['--threshold', '--max-diff-pixels', '--report', '--junit', '--shard', '--jobs']);

/**
 * How many traces `check` will replay, read from its arguments before yargs has read them: the
 * paths are the words that are neither options nor their values; a --shard i/n takes its share.
 * Infinity when a path does not exist (check reports that) or the count is unclear: this only
 * decides whether to run again, never what check does.
 */
export function tracesToCheck(args: readonly string[]): number {
  const paths: string[] = [];
  let shards = 1;
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      paths.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-')) {
      const name = a.split('=')[0];
      const value = a.includes('=') ? a.slice(name.length + 1) : CHECK_VALUE_OPTIONS.has(name) ? args[++i] : undefined;
      if (name === '--shard' && value) shards = Number(value.split('/')[1]) || 1;
      continue;
    }
    paths.push(a);
  }
  let count: number;
  try {
    count = findTraces(paths).length;
  } catch {
    return Infinity;
  }
  return Math.ceil(count / Math.max(1, shards));
}

/**
 * The value of --jobs among the arguments, for deciding whether to run again before yargs has read
 * them: the last one given (yargs makes repeated --jobs a usage error later); 1 when there is none
 * or it is not a whole number (also a usage error later).
 */
export function jobsOption(args: readonly string[]): number {
  let jobs = 1;
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    const v = args[i] === '--jobs' ? args[i + 1] : args[i].startsWith('--jobs=') ? args[i].slice('--jobs='.length) : undefined;
    if (v !== undefined) jobs = Number(v);
  }
  return Number.isSafeInteger(jobs) ? jobs : 1;
}
