/**
 * trace.bytes_per_call: bytes on disk per call of the deflated .r9 (default
 * writer settings) against the same calls as plain records packed with
 * msgpackr, and as JSON lines, each deflated as one stream (level 6 as well).
 */
import { deflateRawSync } from 'node:zlib';
import { pack } from 'msgpackr';
import type { CallRecord } from '../src/trace/call.js';
import type { BenchContext, Benchmark, Result } from './types.js';

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function msgpackStream(records: readonly CallRecord[]): Uint8Array {
  return concat(records.map((r) => pack(r)));
}

/** One JSON object per line; byte arrays as base64 (JSON has no bytes). */
function jsonLines(records: readonly CallRecord[]): Uint8Array {
  const replacer = (_k: string, v: unknown): unknown => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);
  return Buffer.from(records.map((r) => JSON.stringify(r, replacer)).join('\n') + '\n');
}

export const traceBytes: Benchmark = {
  name: 'trace.bytes_per_call',
  run(ctx: BenchContext): Result[] {
    const records = ctx.records();
    const n = records.length;
    const ours = ctx.traceDeflate.length / n;
    const mpRaw = msgpackStream(records);
    const jlRaw = jsonLines(records);
    const mp = deflateRawSync(mpRaw, { level: 6 }).length / n;
    const jl = deflateRawSync(jlRaw, { level: 6 }).length / n;
    ctx.log(`trace.bytes_per_call: before deflate .r9 ${(ctx.traceNone.length / n).toFixed(1)}, msgpackr ${(mpRaw.length / n).toFixed(1)}, JSON lines ${(jlRaw.length / n).toFixed(1)} bytes/call`);
    return [
      {
        row: { name: 'trace.bytes_per_call', unit: 'bytes/call', value: ours, baseline: 'msgpackr pack per call + deflateRaw of the whole stream', baselineValue: mp, ratio: ours / mp },
        goal: '<= 1.0',
      },
      {
        row: { name: 'trace.bytes_per_call.jsonl', unit: 'bytes/call', value: ours, baseline: 'JSON lines (bytes as base64) + deflateRaw of the whole stream', baselineValue: jl, ratio: ours / jl },
        goal: '<= 1.0',
      },
    ];
  },
};
