/**
 * record.throughput: calls/s recorded through the API on the no-op device into
 * memory (uncompressed) against a hand-written flatc Builder loop encoding the
 * same calls (see record-builder.ts): the cost of the API wrappers, the
 * schema-driven codec and the container over encoding by hand.
 */
import { Buffer } from 'node:buffer';
import { TraceReader } from '../src/trace/reader.js';
import { describe, timePair } from './measure.js';
import { recordThroughApi } from './record-api.js';
import { encodeWithBuilder } from './record-builder.js';
import type { BenchContext, Benchmark, Result } from './types.js';

export const recordThroughput: Benchmark = {
  name: 'record.throughput',
  run(ctx: BenchContext): Result[] {
    const w = ctx.workload;
    // fairness check, once: does the baseline write the very bytes the recorder does?
    const reader = TraceReader.fromBytes(ctx.traceNone);
    const ours = Buffer.concat(reader.chunks.map((c) => reader.readPayload(c)));
    const same = ours.equals(Buffer.concat(encodeWithBuilder(w)));
    ctx.log(`record.throughput: the baseline's batches are ${same ? 'byte-identical to' : 'NOT the same bytes as'} the recorder's`);
    const t = timePair(
      () => recordThroughApi(w, { compression: 'none' }),
      () => encodeWithBuilder(w),
      ctx.timing,
    );
    ctx.log(`record.throughput: ours ${describe(t.ours)}, baseline ${describe(t.baseline)}`);
    const value = w.calls / t.ours.median;
    const baselineValue = w.calls / t.baseline.median;
    return [{
      row: {
        name: 'record.throughput', unit: 'calls/s', value,
        baseline: 'hand-written flatc Builder loop, same calls in 64 KiB batches (no API, container or CRC)',
        baselineValue, ratio: value / baselineValue,
      },
    }];
  },
};
