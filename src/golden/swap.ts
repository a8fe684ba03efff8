/**
 * Putting a new golden folder in place of the old one, and finishing or undoing that swap when a
 * process was killed in the middle of it. rename() cannot replace a non-empty folder, so the swap
 * takes steps, each leaving a state the next check or update recognises by the names alone:
 *   NAME.golden.tmp-T   the new golden being written (complete once its golden.json is there)
 *   NAME.golden.old-T   the old golden, parked while the new one moves in (same token T)
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The steps of a swap, in order: park the old folder, move the new one in, drop the old one. */
export const SWAP_STEPS = ['park', 'move-in', 'drop-old'] as const;
export type SwapStep = (typeof SWAP_STEPS)[number];

/** Called before each step (tests stop the swap there, as a kill would). */
export type BeforeSwapStep = (step: SwapStep) => void;

/** A leftover of a swap: its kind and its path. */
interface Leftover {
  kind: 'tmp' | 'old';
  path: string;
}

export const tempDirFor = (dir: string, token: string): string => `${dir}.tmp-${token}`;
export const parkedDirFor = (dir: string, token: string): string => `${dir}.old-${token}`;

/**
 * Replaces `dir` with `fresh` (= tempDirFor(dir, token)). A failure that lets this code run on
 * (an error, not a kill) puts the old folder back; a kill leaves names recoverGoldenDir reads.
 */
export function swapDir(fresh: string, dir: string, token: string, before?: BeforeSwapStep): void {
  if (!existsSync(dir)) {
    before?.('move-in');
    renameSync(fresh, dir);
    return;
  }
  const old = parkedDirFor(dir, token);
  before?.('park');
  renameSync(dir, old);
  try {
    before?.('move-in');
    renameSync(fresh, dir);
  } catch (e) {
    renameSync(old, dir);
    throw e;
  }
  before?.('drop-old');
  rmSync(old, { recursive: true, force: true });
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function leftoversOf(dir: string): Leftover[] {
  const parent = dirname(dir);
  const re = new RegExp(`^${escapeRegExp(basename(dir))}\\.(tmp|old)-\\d+-\\d+-\\d+$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  return names.sort().flatMap((n) => {
    const m = re.exec(n);
    return m ? [{ kind: m[1] as Leftover['kind'], path: join(parent, n) }] : [];
  });
}

/** A state of leftovers that no rule settles (two interrupted updates at once): the message says what to do. */
export class SwapRecoveryError extends Error {
  override readonly name = 'SwapRecoveryError';
}

/**
 * Settles what an interrupted swap left beside `dir`; returns what it did, in words, or undefined.
 * - `dir` missing, one complete new folder left → finish: move it in (drop the parked old one);
 * - `dir` missing, no complete new folder, one parked old folder → restore it;
 * - `dir` there: the swap never began or had finished, and leftovers are debris, removed only
 *   with `cleanup` (an update does; a check leaves them, as another process may be writing).
 */
export function recoverGoldenDir(dir: string, isComplete: (folder: string) => boolean, cleanup: boolean): string | undefined {
  const left = leftoversOf(dir);
  if (left.length === 0) return undefined;
  const drop = (ls: readonly Leftover[]): void => {
    for (const l of ls) rmSync(l.path, { recursive: true, force: true });
  };
  if (existsSync(dir)) {
    if (!cleanup) return undefined;
    drop(left);
    return `removed what an interrupted update left beside ${dir}: ${left.map((l) => basename(l.path)).join(', ')}`;
  }
  const complete = left.filter((l) => l.kind === 'tmp' && isComplete(l.path));
  const parked = left.filter((l) => l.kind === 'old');
  const ambiguous = complete.length > 1 || (complete.length === 0 && parked.length > 1);
  if (ambiguous) {
    throw new SwapRecoveryError(`${dir} is missing and several interrupted updates left folders beside it (${left.map((l) => basename(l.path)).join(', ')}): rename the one to keep to ${basename(dir)}`);
  }
  if (complete.length === 1) {
    renameSync(complete[0].path, dir);
    drop(left.filter((l) => l !== complete[0]));
    return `finished an interrupted update: moved the complete new golden ${basename(complete[0].path)} in as ${dir}`;
  }
  if (parked.length === 1) {
    renameSync(parked[0].path, dir);
    drop(left.filter((l) => l !== parked[0]));
    return `restored the golden ${dir} from ${basename(parked[0].path)}, where an interrupted update had parked it`;
  }
  // only unfinished new folders: there was no golden before either
  if (cleanup) drop(left);
  return undefined;
}
