/**
 * The V8 settings the command line runs with. They are process-wide, so only the command line
 * (bin/replay9.js, and the benchmarks' child processes that stand in for it) uses them, never the
 * library.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

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

/**
 * `check --jobs N` with at least as many threads as cores runs with SATURATED_FLAGS (on 2 cores,
 * 600 traces: --jobs 2 ran 1.35× as fast as --jobs 1 with V8's defaults, about 1.55× with
 * them). V8 takes them only when it starts, so this runs `script` again with the same arguments
 * in a process started with them, and exits with its status. Returns (doing nothing) in every
 * other case, and in the process it started.
 */
export function rerunSingleThreadedIfSaturated(script: string, args: readonly string[]): void {
  if (args[0] !== 'check' || process.execArgv.includes('--single-threaded')) return;
  if (jobsOption(args) < Math.max(2, availableParallelism())) return;
  const child = spawnSync(process.execPath, [...SATURATED_FLAGS, ...process.execArgv, script, ...args], { stdio: 'inherit' });
  if (child.error) throw child.error;
  if (child.signal) process.kill(process.pid, child.signal);
  process.exit(child.status ?? 1);
}

/** The value of --jobs among the arguments as yargs reads it (the last one given); 1 if none or not a number. */
export function jobsOption(args: readonly string[]): number {
  let jobs = 1;
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    const v = args[i] === '--jobs' ? args[i + 1] : args[i].startsWith('--jobs=') ? args[i].slice('--jobs='.length) : undefined;
    if (v !== undefined) jobs = Number(v);
  }
  return Number.isFinite(jobs) ? jobs : 1;
}
