#!/usr/bin/env node
import { main } from '../dist/cli/main.js';
import { useReplayHeapSettings } from '../dist/cli/heap.js';

useReplayHeapSettings();

// `replay9 dump t.r9 | head` closes the pipe early: that is not an error
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv.slice(2));
