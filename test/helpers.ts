/** Shared helpers of the test suite. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/cli/main.js';
import type { Io } from '../src/cli/io.js';
import { Direct3DCreate9, Direct3DCreate9Ex } from '../src/api/index.js';
import type { Direct3D9, Direct3D9Ex } from '../src/api/index.js';
import { TraceRecorder } from '../src/record/recorder.js';
import { nullDirect3DCreate9 } from '../src/replay/null-backend.js';
import { MemorySink } from '../src/trace/byte-io.js';
import { compileText, traceText } from '../src/trace/convert.js';
import { TraceReader } from '../src/trace/reader.js';
import type { WriterOptions } from '../src/trace/writer.js';

/** Records what `scene` does into an in-memory .r9 and returns its bytes. */
export function recordBytes(
  scene: (d3d: Direct3D9, name: (n: string) => void, createEx: (SDKVersion: number) => { hr: number; d3d?: Direct3D9Ex }) => void,
  opts: { nullDevice?: boolean; writer?: WriterOptions } = {},
): Uint8Array {
  const rec = TraceRecorder.inMemory(opts.writer);
  const backend = opts.nullDevice ? { backend: nullDirect3DCreate9 } : {};
  const d3d = Direct3DCreate9(32, { recorder: rec, ...backend });
  if (!d3d) throw new Error('Direct3DCreate9 failed');
  scene(d3d, (n) => rec.nameNext(n), (v) => Direct3DCreate9Ex(v, { recorder: rec, ...backend }));
  rec.close();
  return rec.bytes();
}

export function toText(bytes: Uint8Array): string {
  return [...traceText(TraceReader.fromBytes(bytes))].join('\n') + '\n';
}

export function fromText(text: string, file = 'test.r9t'): Uint8Array {
  const sink = new MemorySink();
  compileText(text, file, sink);
  return sink.bytes();
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

/** Runs the command line in process: its exit code and what it printed (each message ending in a newline). */
export async function runCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const line = (t: string): string => (t.endsWith('\n') ? t : t + '\n');
  const io: Io = { out: (t) => { out += line(t); }, err: (t) => { err += line(t); }, tty: false };
  const code = await main(args, io);
  return { code, out, err };
}

/** mulberry32, a small seeded generator uniform in [0, 1): tests draw their "random" cases from it, the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The long run (`npm run test:long`, REPLAY9_LONG=1) takes every case of the property, fuzz and
 * every-call loops; `npm test` takes `short` of them, spread over the range by the caller.
 */
export const LONG = process.env.REPLAY9_LONG === '1';
export const scale = (long: number, short: number): number => (LONG ? long : short);

/** `count` items of `all`, evenly spread and always with the first and the last (all of them in the long run). */
export function spread<T>(all: readonly T[], count: number): T[] {
  if (LONG || all.length <= count) return [...all];
  if (count <= 1) return all.slice(0, count);
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(all[Math.round((i * (all.length - 1)) / (count - 1))]);
  return out;
}

/** Every file under `dir` whose name ends with `suffix`, depth first. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p, suffix) : p.endsWith(suffix) ? [p] : [];
  });
}
