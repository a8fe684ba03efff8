/**
 * Replay snapshots, the foundation of seek and trim: everything a replay
 * needs to go on from a call (the emulated objects with their bytes and
 * states, the handle table and names, the counters, the findings so far) as
 * plain data that msgpackr stores. restoreReplay gives a Replayer that
 * continues with run(reader).
 */
import { captureSnapshot, SnapshotError, SNAPSHOT_VERSION } from '../device/snapshot.js';
import type { SnapshotData } from '../device/snapshot.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';

export { SnapshotError, SNAPSHOT_VERSION } from '../device/snapshot.js';
export type ReplaySnapshot = SnapshotData;

export interface CaptureOptions {
  /** number the snapshot for another trace (trim's output): the call and frame counts it stands at */
  at?: { callsReplayed: number; frames: number };
  /** keep only these handles (objects reachable from them or from a device's state come along) */
  keep?: ReadonlySet<number>;
  /** store the replay's findings (default true) */
  findings?: boolean;
}

/** The replayer's state between two calls; refused (SnapshotError) while a lock is open. */
export function captureReplay(r: Replayer, opts: CaptureOptions = {}): ReplaySnapshot {
  const t = r.tables();
  const keep = opts.keep;
  const kept = (id: number): boolean => !keep || keep.has(id);
  try {
    return captureSnapshot(t.handles.filter((h) => kept(h.id)), {
      callsReplayed: opts.at?.callsReplayed ?? r.callsReplayed, frames: opts.at?.frames ?? r.frames, perfDepth: t.perfDepth,
      // a snapshot for another trace (trim keeps some handles) starts the additional chains' frames again from 0
      ...(!keep && r.chainFrames.size > 0 ? { chainFrames: [...r.chainFrames].sort((a, b) => a[0] - b[0]) } : {}),
      profile: r.profile, missing: t.missing.filter(kept), names: t.names.filter(([id]) => kept(id)).map(([id, n]) => [id, n]),
      findings: opts.findings === false ? [] : r.findings.map((f) => ({ ...f })),
    });
  } catch (e) {
    if (e instanceof SnapshotError) throw new SnapshotError(`cannot snapshot the replay ${r.callsReplayed === 0 ? 'before its first call' : `after call ${r.callsReplayed - 1}`}: ${e.message}`);
    throw e;
  }
}

/** A Replayer that continues from the snapshot (options as for a new Replayer: onPresent, lines, ...). */
export function restoreReplay(s: ReplaySnapshot, options: ReplayOptions = {}): Replayer {
  if (s.version !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot version ${s.version}, this replay9 reads version ${SNAPSHOT_VERSION}`);
  const r = new Replayer(options);
  r.loadSnapshot(s);
  return r;
}
