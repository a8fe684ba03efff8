/** What every benchmark reports, and what it is handed. */
import type { CallRecord } from '../src/trace/call.js';
import type { PairOptions } from './measure.js';
import type { Workload } from './workload.js';

/** One row of the table (and of `--json`): ours against a baseline measured in the same run. */
export interface Row {
  name: string;
  unit: string;
  value: number;
  /** what the baseline is */
  baseline: string;
  baselineValue: number;
  ratio: number;
}

/** A row plus what the table alone shows. */
export interface Result {
  row: Row;
  /** the goal for the ratio, e.g. `>= 0.5` */
  goal?: string;
}

export interface BenchContext {
  workload: Workload;
  /** the workload recorded through the API, uncompressed */
  traceNone: Uint8Array;
  /** the same, deflated (default writer settings) */
  traceDeflate: Uint8Array;
  /** the recorded calls as plain records */
  records(): readonly CallRecord[];
  timing: PairOptions;
  /** progress, on stderr */
  log(msg: string): void;
}

export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Result[] | Promise<Result[]>;
}
