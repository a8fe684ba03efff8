/**
 * seek.*: inspect at the last call of a long trace, and replay memory.
 * - seek.inspect_last_call_10k_frames: `inspect --call LAST` as inspect does it (open the trace,
 *   restore the nearest snapshot, replay the rest, find the surfaces) on a 10,000-frame trace
 *   recorded with a snapshot every 100 frames, against a full replay of the same trace; the
 *   ratio is inspect time / replay time (goal ≤ 0.05).
 * - seek.replay_peak_memory: the peak resident memory of a process replaying the 10,000-frame
 *   trace against one replaying its first 1,000 frames (the same scene, recorded shorter); flat
 *   memory means a ratio near 1.
 * The scene: a 64×64 target with depth-stencil, a texture, a few triangles a frame whose positions
 * and colours move with the frame number.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Direct3DCreate9 } from '../src/api/index.js';
import type { Device } from '../src/api/index.js';
import { replayToPoint } from '../src/inspect/point.js';
import { D3DFMT, D3DPOOL } from '../src/d3d9/index.js';
import { TraceRecorder } from '../src/record/recorder.js';
import { Replayer } from '../src/replay/replayer.js';
import { TraceReader } from '../src/trace/reader.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const FRAMES = 10_000;
const SNAPSHOT_EVERY = 100;

// D3D9 values used by the scene
const D3DCLEAR_TARGET_ZBUFFER_STENCIL = 7;
const D3DFVF_XYZRHW_DIFFUSE_TEX1 = 0x004 | 0x040 | 0x100;
const D3DPT_TRIANGLELIST = 4;
const D3DRS_ZENABLE = 7;
const D3DTSS_COLOROP = 1;
const D3DTOP_MODULATE = 4;

/** Records the scene for `frames` frames. */
export function recordLongTrace(frames: number, snapshotEvery: number): Uint8Array {
  const rec = TraceRecorder.inMemory({ snapshotEvery });
  const d3d = Direct3DCreate9(32, { recorder: rec });
  if (!d3d) throw new Error('bench: Direct3DCreate9 failed');
  const { device } = d3d.CreateDevice(0, 1, null, 0x20, {
    BackBufferWidth: 64, BackBufferHeight: 64, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: 1, EnableAutoDepthStencil: 1,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  });
  const dev = device as Device;
  const { texture } = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null);
  const bits = texture!.LockRect(0, null, 0).lockedRect!.pBits;
  const texels = new Uint32Array(bits.buffer, bits.byteOffset, 64);
  for (let i = 0; i < 64; i++) texels[i] = ((i ^ (i >> 3)) & 1) ? 0xffe0c040 : 0xff2040a0;
  texture!.UnlockRect(0);
  dev.SetTexture(0, texture!);
  dev.SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_MODULATE);
  dev.SetRenderState(D3DRS_ZENABLE, 1);
  dev.SetFVF(D3DFVF_XYZRHW_DIFFUSE_TEX1);
  const stride = 7;
  const verts = new Float32Array(6 * stride);
  const colors = new Uint32Array(verts.buffer);
  for (let f = 0; f < frames; f++) {
    dev.Clear(0, null, D3DCLEAR_TARGET_ZBUFFER_STENCIL, 0xff000000 | (f * 2654435761) >>> 8, 1, 0);
    dev.BeginScene();
    const o = f % 40;
    const tri = [[o, 2, 0.5], [60 - o / 2, 10, 0.5], [20, 60, 0.5], [4, 40, 0.2], [60, 44, 0.8], [40 - o / 2, 4 + o, 0.4]];
    tri.forEach(([x, y, z], i) => {
      verts.set([x, y, z, 1], i * stride);
      colors[i * stride + 4] = 0xff000000 | ((f * 40503 + i * 977) & 0xffffff);
      verts[i * stride + 5] = (x as number) / 16;
      verts[i * stride + 6] = (y as number) / 16;
    });
    dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, verts, stride * 4);
    dev.EndScene();
    dev.Present(null, null, null, null);
  }
  dev.Release();
  d3d.Release();
  rec.close();
  if (rec.warnings.length) throw new Error(`bench: ${rec.warnings.join('; ')}`);
  return rec.bytes();
}

/** A process that replays `trace` as the command line does and prints its peak resident set in KiB (its own: VmHWM on Linux). */
function peakRss(dir: string, trace: string): number {
  const fromSource = import.meta.url.endsWith('.ts');
  const readerUrl = new URL(fromSource ? '../src/trace/reader.ts' : '../src/trace/reader.js', import.meta.url).href;
  const replayerUrl = new URL(fromSource ? '../src/replay/replayer.ts' : '../src/replay/replayer.js', import.meta.url).href;
  const heapUrl = new URL(fromSource ? '../src/cli/heap.ts' : '../src/cli/heap.js', import.meta.url).href;
  const runner = join(dir, 'replay-rss.mjs');
  writeFileSync(runner, [
    // the settings replay9's command line runs with
    `const { useReplayHeapSettings } = await import(${JSON.stringify(heapUrl)});`,
    'useReplayHeapSettings();',
    `const { TraceReader } = await import(${JSON.stringify(readerUrl)});`,
    `const { Replayer } = await import(${JSON.stringify(replayerUrl)});`,
    'const reader = TraceReader.open(process.argv[2]);',
    'new Replayer().run(reader);',
    'reader.close();',
    // VmHWM is this process's own peak; getrusage's maxRSS would also count the parent's, kept across fork and exec
    "const { readFileSync } = await import('node:fs');",
    "let kib = process.resourceUsage().maxRSS;",
    "try { kib = Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}",
    'process.stdout.write(String(kib));',
  ].join('\n'));
  const r = spawnSync(process.execPath, [...(fromSource ? ['--import', 'tsx'] : []), runner, trace], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench: replay of ${trace} exited ${r.status}: ${r.stderr}`);
  return Number(r.stdout);
}

export const seek: Benchmark = {
  name: 'seek',
  run(ctx: BenchContext): Result[] {
    const dir = mkdtempSync(join(tmpdir(), 'replay9-bench-seek-'));
    try {
      const long = join(dir, 'long.r9');
      const tenth = join(dir, 'tenth.r9');
      writeFileSync(long, recordLongTrace(FRAMES, SNAPSHOT_EVERY));
      writeFileSync(tenth, recordLongTrace(FRAMES / 10, SNAPSHOT_EVERY));
      const probe = TraceReader.open(long);
      const last = probe.callCount - 1;
      // the farthest a call can be from the snapshot before it: frame 9998's Present, 99 frames after one
      const farthest = probe.frames[FRAMES - 2];
      ctx.log(`seek: ${FRAMES} frames, ${probe.callCount} calls, ${probe.chunks.length} chunks, ${probe.size} bytes`);
      probe.close();
      const t = timePair(
        () => {
          const reader = TraceReader.open(long);
          try {
            const p = replayToPoint(reader, { call: last });
            if (p.from === 0 || !p.surfaces.has('backbuffer')) throw new Error('bench: inspect did not start from a snapshot');
            return p.frames;
          } finally {
            reader.close();
          }
        },
        () => {
          const reader = TraceReader.open(long);
          try {
            return new Replayer().run(reader).frames;
          } finally {
            reader.close();
          }
        },
        { warmup: Math.min(ctx.timing.warmup, 1), runs: Math.min(ctx.timing.runs, 5) },
      );
      ctx.log(`seek.inspect_last_call_10k_frames: inspect ${describe(t.ours)}, full replay ${describe(t.baseline)}`);
      const inspectAt = (call: number) => (): number => {
        const reader = TraceReader.open(long);
        try {
          return replayToPoint(reader, { call }).frames;
        } finally {
          reader.close();
        }
      };
      const far = timePair(inspectAt(farthest), inspectAt(last), { warmup: 1, runs: Math.min(ctx.timing.runs, 5) });
      ctx.log(`seek.inspect_farthest_call_10k_frames: call ${farthest} ${describe(far.ours)}`);
      const rssLong = peakRss(dir, long);
      const rssTenth = peakRss(dir, tenth);
      ctx.log(`seek.replay_peak_memory: ${FRAMES} frames ${(rssLong / 1024).toFixed(1)} MiB, ${FRAMES / 10} frames ${(rssTenth / 1024).toFixed(1)} MiB`);
      return [
        {
          row: { name: 'seek.inspect_last_call_10k_frames', unit: 'ms', value: t.ours.median * 1000, baseline: `a full replay of the ${FRAMES}-frame trace`, baselineValue: t.baseline.median * 1000, ratio: t.ours.median / t.baseline.median },
          goal: '<= 0.05',
        },
        {
          row: { name: 'seek.inspect_farthest_call_10k_frames', unit: 'ms', value: far.ours.median * 1000, baseline: `a full replay of the ${FRAMES}-frame trace`, baselineValue: t.baseline.median * 1000, ratio: far.ours.median / t.baseline.median },
        },
        {
          row: { name: 'seek.replay_peak_memory', unit: 'MiB', value: rssLong / 1024, baseline: `a replay of its first ${FRAMES / 10} frames`, baselineValue: rssTenth / 1024, ratio: rssLong / rssTenth },
          goal: 'flat (~1)',
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
