/**
 * trace.bytes_per_call*: bytes on disk per call of the .r9 written with the default writer
 * settings, against the same calls as plain records packed with msgpackr, each deflated as one
 * stream (level 6); the main row also against JSON lines. Three sets of calls:
 * - the bench workload (`--calls`, ~500-call frames of draws, states and transforms);
 * - the sample traces (traces/*.r9t compiled with the default settings, not their pragma's; each
 *   sample a file of its own on both sides, so the row is the sum of the files' bytes over the sum
 *   of their calls, and the log lists each sample's ratio);
 * - a long repetitive trace: 50,000 five-call frames (Clear, BeginScene, one DrawPrimitiveUP,
 *   EndScene, Present) recorded through the API on the no-op device, 250,000 calls in all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { pack } from 'msgpackr';
import { Direct3DCreate9 } from '../src/api/index.js';
import type { Device } from '../src/api/index.js';
import { D3DFMT, D3DPOOL } from '../src/d3d9/index.js';
import { TraceRecorder } from '../src/record/recorder.js';
import { nullDirect3DCreate9 } from '../src/replay/null-backend.js';
import { MemorySink } from '../src/trace/byte-io.js';
import type { CallRecord } from '../src/trace/call.js';
import { compileText } from '../src/trace/convert.js';
import { TraceReader } from '../src/trace/reader.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const GOAL = '<= 0.8';

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

/** msgpackr records of the calls, deflated as one stream: the baseline's bytes. */
function msgpackDeflated(records: readonly CallRecord[]): number {
  return deflateRawSync(msgpackStream(records), { level: 6 }).length;
}

const recordsOf = (trace: Uint8Array): CallRecord[] => [...TraceReader.fromBytes(trace).calls()].map((c) => c.call);

/** One JSON object per line; byte arrays as base64 (JSON has no bytes). */
function jsonLines(records: readonly CallRecord[]): Uint8Array {
  const replacer = (_k: string, v: unknown): unknown => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);
  return Buffer.from(records.map((r) => JSON.stringify(r, replacer)).join('\n') + '\n');
}

/** Every sample trace compiled with the default writer settings (over its pragma's chunk, compression and level). */
function samples(): Array<{ name: string; bytes: Uint8Array }> {
  // npm runs the bench from the package root (the compiled bench lives elsewhere)
  const dir = join(process.cwd(), 'traces');
  return readdirSync(dir).filter((f) => f.endsWith('.r9t')).sort().map((f) => {
    const sink = new MemorySink();
    compileText(readFileSync(join(dir, f), 'utf8'), f, sink, { compression: undefined, chunkBytes: undefined, level: undefined });
    return { name: f, bytes: sink.bytes() };
  });
}

const D3DCLEAR_TARGET_ZBUFFER = 3;
const D3DFVF_XYZRHW_DIFFUSE_TEX1 = 0x004 | 0x040 | 0x100;
const D3DPT_TRIANGLELIST = 4;

/** `frames` frames of five calls each, through the API on the no-op device, default writer settings. */
export function recordSmallFrames(frames: number): Uint8Array {
  const rec = TraceRecorder.inMemory({});
  const d3d = Direct3DCreate9(32, { recorder: rec, backend: nullDirect3DCreate9 });
  if (!d3d) throw new Error('bench: Direct3DCreate9 failed');
  const dev = d3d.CreateDevice(0, 1, null, 0x20, {
    BackBufferWidth: 64, BackBufferHeight: 64, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: 1, EnableAutoDepthStencil: 1,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  }).device as Device | undefined;
  if (!dev) throw new Error('bench: CreateDevice failed');
  const texture = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).texture;
  if (!texture) throw new Error('bench: CreateTexture failed');
  dev.SetTexture(0, texture);
  dev.SetFVF(D3DFVF_XYZRHW_DIFFUSE_TEX1);
  const stride = 7;
  const verts = new Float32Array(6 * stride);
  const colors = new Uint32Array(verts.buffer);
  for (let f = 0; f < frames; f++) {
    dev.Clear(0, null, D3DCLEAR_TARGET_ZBUFFER, (0xff000000 | ((f * 2654435761) >>> 8)) >>> 0, 1, 0);
    dev.BeginScene();
    // a moving pair of triangles: positions step with the frame, colours change every frame
    const o = f % 40;
    const tri = [[o, 2, 0.5], [60 - o / 2, 10, 0.5], [20, 60, 0.5], [4, 40, 0.2], [60, 44, 0.8], [40 - o / 2, 4 + o, 0.4]];
    for (let i = 0; i < 6; i++) {
      const [x, y, z] = tri[i];
      verts.set([x, y, z, 1], i * stride);
      colors[i * stride + 4] = (0xff000000 | ((f * 40503 + i * 977) & 0xffffff)) >>> 0;
      verts[i * stride + 5] = x / 16;
      verts[i * stride + 6] = y / 16;
    }
    dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, verts, stride * 4);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
  rec.close();
  if (rec.warnings.length) throw new Error(`bench: ${rec.warnings.join('; ')}`);
  return rec.bytes();
}

function row(name: string, ours: number, base: number, calls: number, what: string): Result {
  return {
    row: { name, unit: 'bytes/call', value: ours / calls, baseline: what, baselineValue: base / calls, ratio: ours / base },
    goal: GOAL,
  };
}

export const traceBytes: Benchmark = {
  name: 'trace.bytes_per_call',
  run(ctx: BenchContext): Result[] {
    const records = ctx.records();
    const n = records.length;
    const mpRaw = msgpackStream(records);
    const jlRaw = jsonLines(records);
    const mp = deflateRawSync(mpRaw, { level: 6 }).length;
    const jl = deflateRawSync(jlRaw, { level: 6 }).length;
    ctx.log(`trace.bytes_per_call: before compression .r9 ${(ctx.traceNone.length / n).toFixed(1)}, msgpackr ${(mpRaw.length / n).toFixed(1)}, JSON lines ${(jlRaw.length / n).toFixed(1)} bytes/call`);

    let ours = 0;
    let base = 0;
    let calls = 0;
    const each: string[] = [];
    for (const s of samples()) {
      const recs = recordsOf(s.bytes);
      const b = msgpackDeflated(recs);
      ours += s.bytes.length;
      base += b;
      calls += recs.length;
      each.push(`${s.name.replace(/\.r9t$/, '')} ${(s.bytes.length / b).toFixed(3)}`);
    }
    ctx.log(`trace.bytes_per_call.samples: ${each.join(', ')}`);

    const small = recordSmallFrames(50_000);
    const smallRecords = recordsOf(small);
    const smallBase = msgpackDeflated(smallRecords);

    const what = 'msgpackr pack per call + deflateRaw of the whole stream';
    return [
      row('trace.bytes_per_call', ctx.traceDeflate.length, mp, n, what),
      { ...row('trace.bytes_per_call.jsonl', ctx.traceDeflate.length, jl, n, 'JSON lines (bytes as base64) + deflateRaw of the whole stream'), goal: '<= 1.0' },
      row('trace.bytes_per_call.samples', ours, base, calls, `${what}, per sample file (traces/*.r9t, ${calls} calls)`),
      row('trace.bytes_per_call.small_frames', small.length, smallBase, smallRecords.length, `${what} (50,000 five-call frames, ${smallRecords.length} calls)`),
    ];
  },
};
