/**
 * The trace fuzzer (DESIGN.md §3: a corrupt file gives TraceFormatError, never
 * a hang, a crash of another kind, or a huge allocation). Mutant `i` of run
 * seed `s` is always the same bytes, so a failure is reproduced by its seed and
 * index: `npm run fuzz -- --seed s --only i`.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CallRecord } from '../src/trace/call.js';
import { TraceFormatError } from '../src/trace/errors.js';
import { TraceReader } from '../src/trace/reader.js';
import { buildCorpus } from './fuzz-corpus.js';
import type { BaseTrace, CorpusOptions } from './fuzz-corpus.js';
import { MUTATIONS, MUTATION_WEIGHTS } from './fuzz-mutate.js';
import { Prng, seedOf } from './prng.js';

export type Outcome =
  /** every call read */
  | 'ok'
  /** refused with TraceFormatError */
  | 'format'
  /** any other exception */
  | 'crash'
  /** read, but took longer than the bound */
  | 'slow'
  /** read calls other than the ones the damage leaves (a cut file: the original's first calls) */
  | 'garbage'
  /** did not finish: the CLI's watchdog killed the process reading it */
  | 'hang'
  /** the process reading it died (out of memory, a fatal error) */
  | 'abort';

export const FAILURES: ReadonlySet<Outcome> = new Set<Outcome>(['crash', 'slow', 'garbage', 'hang', 'abort']);

export interface Mutant {
  index: number;
  base: BaseTrace;
  mutation: string;
  detail: string;
  bytes: Uint8Array;
  expect?: 'prefix' | 'same';
}

export interface MutantResult {
  index: number;
  base: string;
  mutation: string;
  detail: string;
  outcome: Outcome;
  ms: number;
  /** calls read before the end or the error */
  calls: number;
  error?: { name: string; message: string; stack?: string };
}

export interface FuzzOptions extends CorpusOptions {
  seed: number;
  count: number;
  /** first mutant index (to resume or to run one) */
  start?: number;
  /** per-file bound in milliseconds (default 2000) */
  limitMs?: number;
  /** called before each mutant is read (the CLI's watchdog listens) */
  onMutant?(index: number): void;
  /** called with each result */
  onResult?(result: MutantResult): void;
}

export interface FuzzSummary {
  seed: number;
  count: number;
  outcomes: Record<Outcome, number>;
  /** per mutation kind, per outcome */
  byMutation: Record<string, Partial<Record<Outcome, number>>>;
  failures: MutantResult[];
  slowestMs: number;
}

/** Mutant `index` of the run with this corpus and seed. */
export function makeMutant(corpus: readonly BaseTrace[], seed: number, index: number): Mutant {
  const r = new Prng(seedOf(seed, index));
  const base = r.pick(corpus);
  const mutation = r.weighted(MUTATION_WEIGHTS);
  const m = MUTATIONS[mutation](r, base.bytes, corpus.map((c) => c.bytes));
  return { index, base, mutation, detail: m.detail, bytes: m.bytes, expect: m.expect };
}

/** Reads a mutant fully: opens it, decodes every call; classifies what happened. */
export function readMutant(m: Mutant, limitMs = 2000): MutantResult {
  const t0 = performance.now();
  let calls = 0;
  let outcome: Outcome = 'ok';
  let error: MutantResult['error'];
  const got: CallRecord[] = [];
  try {
    const reader = TraceReader.fromBytes(m.bytes, `mutant ${m.index}`);
    for (const { call } of reader.calls()) {
      calls++;
      if (m.expect) got.push(call);
    }
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    outcome = e instanceof TraceFormatError ? 'format' : 'crash';
    error = { name: err.name, message: err.message, stack: err.stack };
  }
  const ms = performance.now() - t0;
  if (outcome === 'ok' && m.expect) {
    const want = m.expect === 'same' ? m.base.calls : m.base.calls.slice(0, got.length);
    if (!isDeepStrictEqual(got, want)) {
      const at = got.length !== want.length && isDeepStrictEqual(got, want.slice(0, got.length)) ? got.length : got.findIndex((c, i) => !isDeepStrictEqual(c, want[i]));
      outcome = 'garbage';
      error = { name: 'Garbage', message: `read ${got.length} calls, expected ${m.expect === 'same' ? 'the original' : 'a prefix of the original'} ${want.length}; call ${at} reads ${JSON.stringify(got[at])?.slice(0, 200)}, the original ${JSON.stringify(want[at])?.slice(0, 200)}` };
    }
  }
  if (outcome !== 'crash' && outcome !== 'garbage' && ms > limitMs) {
    outcome = 'slow';
    error = { name: 'Slow', message: `took ${ms.toFixed(0)} ms, the bound is ${limitMs} ms` };
  }
  return { index: m.index, base: m.base.label, mutation: m.mutation, detail: m.detail, outcome, ms, calls, error };
}

export function emptyOutcomes(): Record<Outcome, number> {
  return { ok: 0, format: 0, crash: 0, slow: 0, garbage: 0, hang: 0, abort: 0 };
}

/** Adds one result to a summary. */
export function tally(s: FuzzSummary, res: MutantResult): void {
  s.count++;
  s.outcomes[res.outcome]++;
  const k = (s.byMutation[res.mutation] ??= {});
  k[res.outcome] = (k[res.outcome] ?? 0) + 1;
  if (FAILURES.has(res.outcome)) s.failures.push(res);
  if (Number.isFinite(res.ms)) s.slowestMs = Math.max(s.slowestMs, res.ms);
}

export function emptySummary(seed: number): FuzzSummary {
  return { seed, count: 0, outcomes: emptyOutcomes(), byMutation: {}, failures: [], slowestMs: 0 };
}

/** Runs mutants start .. start+count-1 of run `seed`. */
export function fuzz(o: FuzzOptions): FuzzSummary {
  const corpus = buildCorpus(o.seed, o);
  const summary = emptySummary(o.seed);
  const start = o.start ?? 0;
  for (let i = start; i < start + o.count; i++) {
    o.onMutant?.(i);
    const res = readMutant(makeMutant(corpus, o.seed, i), o.limitMs);
    o.onResult?.(res);
    tally(summary, res);
  }
  return summary;
}
