/**
 * Seek: a replay that stands before call N, started from the last snapshot
 * chunk at or before N instead of from call 0 when the trace has one.
 */
import type { ChunkInfo } from '../trace/container.js';
import type { TraceReader } from '../trace/reader.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';
import { readSnapshotChunk, snapshotChunks } from './snapshot-chunk.js';

/** The snapshot chunk a replay to call `to` (exclusive) starts from: the last one, in file order, at or before it. */
export function seekPoint(reader: TraceReader, to: number): ChunkInfo | undefined {
  let best: ChunkInfo | undefined;
  for (const c of snapshotChunks(reader)) if (c.firstCall <= to) best = c;
  return best;
}

/** A replay that has run calls [0, to): restored from the nearest snapshot, then replayed. */
export function replayTo(reader: TraceReader, to: number, options: ReplayOptions = {}): { replayer: Replayer; from: number } {
  const r = new Replayer(options);
  const c = seekPoint(reader, to);
  if (c) r.loadSnapshot(readSnapshotChunk(reader, c), c);
  return { replayer: r.run(reader, to), from: c?.firstCall ?? 0 };
}
