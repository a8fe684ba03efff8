/** Reading a snapshot chunk (kind Snapshot or Restore) of a trace into SnapshotData. */
import { decodeSnapshot, SnapshotError } from '../device/snapshot.js';
import type { SnapshotData } from '../device/snapshot.js';
import { CHUNK_HEADER_SIZE, isSnapshotKind } from '../trace/container.js';
import type { ChunkInfo } from '../trace/container.js';
import { TraceFormatError } from '../trace/errors.js';
import type { TraceReader } from '../trace/reader.js';

/** The snapshot a chunk holds; a TraceFormatError names the byte when it is not one. */
export function readSnapshotChunk(reader: TraceReader, info: ChunkInfo): SnapshotData {
  if (!isSnapshotKind(info.kind)) throw new Error(`chunk at byte ${info.offset} is not a snapshot chunk`);
  const raw = reader.readPayload(info);
  const at = info.offset + CHUNK_HEADER_SIZE;
  try {
    const s = decodeSnapshot(raw);
    if (s.callsReplayed !== info.firstCall) throw new SnapshotError(`the snapshot is of call ${s.callsReplayed}, its chunk header says call ${info.firstCall}`);
    return s;
  } catch (e) {
    if (e instanceof SnapshotError) throw new TraceFormatError(`trace snapshot: byte ${at}: ${e.message}`, at);
    throw e;
  }
}

/** The snapshot chunks of a trace, in file order. */
export function snapshotChunks(reader: TraceReader): ChunkInfo[] {
  return reader.chunks.filter((c) => isSnapshotKind(c.kind));
}
