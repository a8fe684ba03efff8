/**
 * `check --shard i/n` (DESIGN.md "Scale"): a deterministic slice of the trace set for one job of
 * a CI matrix. Traces are sorted by path, then shard i (1-based) takes those whose index % n is
 * i - 1, so the n shards cover every trace exactly once whatever order the paths came in.
 */
import { UsageError } from '../errors.js';

export interface Shard {
  /** 1-based: 1..count */
  index: number;
  count: number;
}

/** `2/4` → {index: 2, count: 4}; anything else is a usage error saying what was expected. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--shard must be i/n (e.g. 1/4), got ${JSON.stringify(text)}`);
  return validateShard({ index: Number(m[1]), count: Number(m[2]) });
}

export function validateShard(s: Shard): Shard {
  const { index, count } = s;
  if (!Number.isSafeInteger(count) || count < 1) throw new UsageError(`--shard i/n: n must be an integer ≥ 1, got ${count}`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count) throw new UsageError(`--shard i/n: i must be an integer from 1 to n (${count}), got ${index}`);
  return s;
}

/** The traces of shard `s`: sorted by path (code-unit order, the same on every machine), every n-th from i - 1. */
export function selectShard(traces: readonly string[], s: Shard | undefined): string[] {
  if (!s) return [...traces];
  validateShard(s);
  const sorted = [...traces].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.filter((_, k) => k % s.count === s.index - 1);
}
