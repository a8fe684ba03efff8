/** Allocation counted in a test: V8's sampling heap profiler over one piece of work. */
import type { Session } from 'node:inspector/promises';

export interface ProfileNode { selfSize: number; children: ProfileNode[] }

function total(n: ProfileNode): number {
  let sum = n.selfSize;
  for (const c of n.children) sum += total(c);
  return sum;
}

/** Bytes allocated while `run` runs, as V8's sampling heap profiler estimates them (collected objects included). */
export async function allocated(session: Session, run: () => void): Promise<number> {
  const params = { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
  await session.post('HeapProfiler.startSampling', params);
  run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  return total(profile.head as unknown as ProfileNode);
}

/**
 * Bytes `run` allocates beyond an empty run's count, the least of three counts: a one-time
 * allocation (V8 compiling a function again) is not the work's.
 */
export async function leastAllocated(session: Session, run: () => void): Promise<number> {
  await allocated(session, () => {});
  const empty = await allocated(session, () => {});
  let least = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) least = Math.min(least, (await allocated(session, run)) - empty);
  return least;
}
