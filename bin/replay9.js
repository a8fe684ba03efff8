#!/usr/bin/env node
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const { rerunSingleThreadedIfSaturated, useReplayHeapSettings } = await import('../dist/cli/heap.js');
// check with a thread for every core runs without V8's helper threads (src/cli/heap.ts)
await rerunSingleThreadedIfSaturated(fileURLToPath(import.meta.url), args);

// `replay9 dump t.r9 | head` closes the pipe early: that is not an error
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

// The garbage collector's settings (src/cli/heap.ts) freeze the young generation at the size it
// has when they are set: before the code loads (1 MiB) for the commands that stream one trace,
// so their peak memory stays flat however long it is; once check's code has loaded (16 MiB) for
// check, which replays many traces and gains more from fewer collections than from a smaller peak.
const streaming = args[0] !== 'check';
if (streaming) useReplayHeapSettings();
const { main } = await import('../dist/cli/main.js');
process.exitCode = await main(args, undefined, streaming ? undefined : useReplayHeapSettings);
