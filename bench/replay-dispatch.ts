/**
 * replay.dispatch: decode + verify + dispatch to the no-op device (Replayer over
 * TraceReader.fromBytes of an uncompressed trace, so inflate is not measured)
 * against a plain flatc accessor loop over the same, already-loaded batches.
 */
import { ByteBuffer } from 'flatbuffers';
import { Replayer } from '../src/replay/replayer.js';
import { nullDirect3DCreate9 } from '../src/replay/null-backend.js';
import { TraceReader } from '../src/trace/reader.js';
import { describe, timePair } from './measure.js';
import { readAllFields } from './read-baseline.js';
import type { BenchContext, Benchmark, Result } from './types.js';

function replayAll(bytes: Uint8Array, calls: number): Replayer {
  const r = new Replayer({ create: nullDirect3DCreate9 }).run(TraceReader.fromBytes(bytes));
  if (r.callsReplayed !== calls || r.findings.length > 0) {
    throw new Error(`replay.dispatch: replayed ${r.callsReplayed}/${calls} calls with ${r.findings.length} findings (${r.findings[0]?.message ?? ''})`);
  }
  return r;
}

export const replayDispatch: Benchmark = {
  name: 'replay.dispatch',
  run(ctx: BenchContext): Result[] {
    const bytes = ctx.traceNone;
    const calls = ctx.workload.calls;
    // the baseline gets the batches already out of the container: no CRC, no verifier
    const batches = [...TraceReader.fromBytes(bytes).batches()].map((b) => new ByteBuffer(b.bb.bytes().slice()));
    const sum = readAllFields(batches);
    const t = timePair(
      () => replayAll(bytes, calls),
      () => {
        if (readAllFields(batches) !== sum) throw new Error('replay.dispatch: the baseline read different values');
      },
      ctx.timing,
    );
    ctx.log(`replay.dispatch: ours ${describe(t.ours)}, baseline ${describe(t.baseline)}`);
    const value = calls / t.ours.median;
    const baselineValue = calls / t.baseline.median;
    return [{
      row: {
        name: 'replay.dispatch', unit: 'calls/s', value, baseline: 'flatc accessor loop reading every field (no CRC, verifier or device)',
        baselineValue, ratio: value / baselineValue,
      },
      goal: '>= 0.5',
    }];
  },
};
