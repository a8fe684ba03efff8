/**
 * Seek: a replay that stands before call N, started from the last snapshot
 * chunk at or before N instead of from call 0 when the trace has one.
 */
import { ChunkKind } from '../trace/container.js';
import type { ChunkInfo } from '../trace/container.js';
import type { TraceReader } from '../trace/reader.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';
import { readSnapshotChunk, snapshotChunks } from './snapshot-chunk.js';

/**
 * The snapshot chunk a replay to call `to` (exclusive) starts from: the last
 * one, in file order, before call `to`, or at it unless a Restore stands at
 * `to` (the replay takes that state on only when it goes on to call `to`, and a
 * Snapshot written after it holds the restored state).
 */
export function seekPoint(reader: TraceReader, to: number): ChunkInfo | undefined {
  const chunks = snapshotChunks(reader);
  const restoredAtTo = chunks.some((c) => c.kind === ChunkKind.Restore && c.firstCall === to);
  let best: ChunkInfo | undefined;
  for (const c of chunks) if (c.firstCall < to || (c.firstCall === to && !restoredAtTo)) best = c;
  return best;
}

/** A replay that has run calls [0, to): restored from the nearest snapshot, then replayed. */
export function replayTo(reader: TraceReader, to: number, options: ReplayOptions = {}): { replayer: Replayer; from: number } {
  const r = new Replayer(options);
  const c = seekPoint(reader, to);
  if (c) r.loadSnapshot(readSnapshotChunk(reader, c), c);
  return { replayer: r.run(reader, to), from: c?.firstCall ?? 0 };
}
