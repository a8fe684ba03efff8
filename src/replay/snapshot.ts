/**
 * Replay snapshots, the foundation of seek and trim: everything a replay
 * needs to go on from a call (the emulated objects with their bytes and
 * states, the handle table and names, the counters, the findings so far) as
 * plain data that msgpackr stores. restoreReplay gives a Replayer that
 * continues with run(reader).
 */
import { captureHandles, SnapshotError, SNAPSHOT_VERSION } from '../device/snapshot.js';
import type { SnapshotData } from '../device/snapshot.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';

export { SnapshotError, SNAPSHOT_VERSION } from '../device/snapshot.js';
export type ReplaySnapshot = SnapshotData;

/** The replayer's state between two calls; refused (SnapshotError) while a lock is open. */
export function captureReplay(r: Replayer): ReplaySnapshot {
  const t = r.tables();
  let captured: ReturnType<typeof captureHandles>;
  try {
    captured = captureHandles(t.handles);
  } catch (e) {
    if (e instanceof SnapshotError) throw new SnapshotError(`cannot snapshot the replay ${r.callsReplayed === 0 ? 'before its first call' : `after call ${r.callsReplayed - 1}`}: ${e.message}`);
    throw e;
  }
  return {
    version: SNAPSHOT_VERSION, callsReplayed: r.callsReplayed, frames: r.frames, perfDepth: t.perfDepth, profile: r.profile,
    objects: captured.objects, handles: captured.handles, missing: [...t.missing], names: t.names.map(([id, n]) => [id, n]),
    findings: r.findings.map((f) => ({ ...f })),
  };
}

/** A Replayer that continues from the snapshot (options as for a new Replayer: onPresent, lines, ...). */
export function restoreReplay(s: ReplaySnapshot, options: ReplayOptions = {}): Replayer {
  if (s.version !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot version ${s.version}, this replay9 reads version ${SNAPSHOT_VERSION}`);
  const r = new Replayer(options);
  r.loadSnapshot(s);
  return r;
}
