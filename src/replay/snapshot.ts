/**
 * Replay snapshots, the foundation of seek: everything a replay needs to go
 * on from a call (the emulated objects with their bytes and states, the handle
 * table, the counters, the findings so far) as plain data that msgpackr
 * encodes. restoreReplay gives a Replayer that continues with run(reader).
 */
import type { DeviceProfile } from '../device/caps.js';
import { ObjectCapture, restoreObjects, SnapshotError } from '../device/snapshot.js';
import type { ObjectSnap } from '../device/snapshot.js';
import type { HandleKind } from '../trace/commands.js';
import type { Finding } from './findings.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';

export { SnapshotError } from '../device/snapshot.js';

/** Bumped whenever the shape below changes. */
export const SNAPSHOT_VERSION = 1;

export interface ReplaySnapshot {
  version: number;
  /** the next call to replay */
  callsReplayed: number;
  frames: number;
  perfDepth: number;
  profile: DeviceProfile;
  /** the emulated objects, by id (see src/device/snapshot.ts) */
  objects: ObjectSnap[];
  /** handle → object id, sorted by handle */
  handles: Array<{ id: number; kind: HandleKind; object: number }>;
  /** handles whose creating call made no object at replay */
  missing: number[];
  findings: Finding[];
}

/** The replayer's state between two calls; refused (SnapshotError) while a lock is open. */
export function captureReplay(r: Replayer): ReplaySnapshot {
  const t = r.tables();
  const cap = new ObjectCapture();
  let handles: ReplaySnapshot['handles'];
  try {
    // handles in id order, which is creation order: the object ids follow it
    handles = t.handles.map((h) => ({ id: h.id, kind: h.kind, object: cap.ref(h.obj) }));
    cap.finish();
  } catch (e) {
    if (e instanceof SnapshotError) throw new SnapshotError(`cannot snapshot the replay ${r.callsReplayed === 0 ? 'before its first call' : `after call ${r.callsReplayed - 1}`}: ${e.message}`);
    throw e;
  }
  return {
    version: SNAPSHOT_VERSION, callsReplayed: r.callsReplayed, frames: r.frames, perfDepth: t.perfDepth, profile: r.profile,
    objects: cap.objects, handles, missing: t.missing, findings: r.findings.map((f) => ({ ...f })),
  };
}

/** A Replayer that continues from the snapshot (options as for a new Replayer: onPresent, lines, ...). */
export function restoreReplay(s: ReplaySnapshot, options: ReplayOptions = {}): Replayer {
  if (s.version !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot version ${s.version}, this replay9 reads version ${SNAPSHOT_VERSION}`);
  const objects = restoreObjects(s.objects);
  const r = new Replayer(options);
  r.loadTables({ handles: s.handles.map((h) => ({ id: h.id, kind: h.kind, obj: objects[h.object] })), missing: s.missing, perfDepth: s.perfDepth });
  r.callsReplayed = s.callsReplayed;
  r.frames = s.frames;
  r.profile = s.profile;
  r.findings.push(...s.findings.map((f) => ({ ...f })));
  return r;
}
