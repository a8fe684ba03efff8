/**
 * The garbage collector settings the command line runs with. A replay makes
 * lots of short-lived objects (a draw's setup) and keeps little (the live heap
 * of a replay is about 9 MiB however long the trace). Left to its defaults, V8
 * grows the young generation to 32 MiB and lets the old one reach several
 * times what is live before collecting it, so the peak resident memory of a
 * replay rises with its length (75 MiB for 1,000 frames, 120 MiB for 10,000,
 * 131 MiB for 20,000 of the seek benchmark's scene) though nothing is kept.
 * These settings stop the young generation growing from the size it has when
 * they are set, and let the old one grow only 30 % past what is live. Set
 * before the code loads (young generation 1 MiB), a replay's peak stays flat
 * (76 and 82 MiB for 1,000 and 10,000 frames through `replay9 replay`) at some
 * cost in collections; set after (16 MiB: loading grew it), `check` over many
 * small traces runs about 30 % faster than with 1 MiB. bin/replay9.js picks per
 * command. Process-wide, so only the command line (and its benchmarks' child
 * processes) calls this, never the library.
 */
import { setFlagsFromString } from 'node:v8';

export function useReplayHeapSettings(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=30');
}
