/**
 * Snapshot chunks, seek and trim. A seek (restore the nearest snapshot, replay
 * the rest) must stand exactly where a replay from call 0 stands: the test
 * compares the whole replay state, encoded, byte for byte, at random calls of
 * every sample trace. A trimmed trace must present exactly the kept frames of
 * its source, for every sample trace and several frame sets, and leave out the
 * objects its frames never name.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/api/index.js';
import { loadScene } from '../../src/cli/commands/record.js';
import { recordScene } from '../../src/api/scene.js';
import { D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFMT, D3DPOOL, D3DSWAPEFFECT, D3DTEXF } from '../../src/d3d9/index.js';
import type { Device } from '../../src/api/index.js';
import { decodeSnapshot, SnapshotError } from '../../src/device/snapshot.js';
import type { SnapshotData } from '../../src/device/snapshot.js';
import { encodeSnapshot } from '../../src/device/snapshot.js';
import { presentedImage } from '../../src/golden/image.js';
import { TraceRecorder } from '../../src/record/recorder.js';
import { Replayer } from '../../src/replay/replayer.js';
import { addSnapshots, framesIn, trim } from '../../src/replay/rewrite.js';
import { readSnapshotChunk, snapshotChunks } from '../../src/replay/snapshot-chunk.js';
import { captureReplay } from '../../src/replay/snapshot.js';
import { replayTo, seekPoint } from '../../src/replay/seek.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { CallSet } from '../../src/trace/call-set.js';
import { ChunkKind } from '../../src/trace/container.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { openTrace } from '../../src/trace/open.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { LONG, prng as rng, runCli, sameBytes, scale, spread } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TRACES = join(ROOT, 'traces');
const names = readdirSync(TRACES).filter((n) => n.endsWith('.r9t')).sort();
const tmp = mkdtempSync(join(tmpdir(), 'replay9-seek-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const binary = (name: string): Uint8Array => {
  const { reader } = openTrace(join(TRACES, name));
  const sink = new MemorySink();
  const w = new TraceWriter(sink, { compression: 'none' });
  for (const { call } of reader.calls()) w.append(call);
  w.close();
  reader.close();
  return sink.bytes();
};

/** sha-256 of every presented back buffer. */
function frameHashes(reader: TraceReader): string[] {
  const out: string[] = [];
  // the frames of swap chain 0, which the trace's index (and so trim's frame numbers) counts
  new Replayer({ onPresent: ({ device, swapChain }) => { if (swapChain === 0) out.push(createHash('sha256').update(presentedImage(device)!.data).digest('hex')); } }).run(reader);
  return out;
}

function withSnapshots(bytes: Uint8Array, every: number): Uint8Array {
  const sink = new MemorySink();
  addSnapshots(TraceReader.fromBytes(bytes), sink, every);
  return sink.bytes();
}

function trimmed(bytes: Uint8Array, frames: number[]): { bytes: Uint8Array; report: ReturnType<typeof trim> } {
  const sink = new MemorySink();
  const report = trim(TraceReader.fromBytes(bytes), sink, frames);
  return { bytes: sink.bytes(), report };
}


describe('snapshot chunks', () => {
  it('stand before the first call of every K-th frame and leave the calls and frames as they were', () => {
    const src = binary('fill-grid.r9t');
    const plain = TraceReader.fromBytes(src);
    const out = TraceReader.fromBytes(withSnapshots(src, 2));
    const at = snapshotChunks(out).map((c) => c.firstCall);
    // after the Presents of frames 1 and 3 (fill-grid has 4 frames: 0-3)
    expect(plain.frames.length).toBe(4);
    expect(at).toEqual([plain.frames[1] + 1, plain.frames[3] + 1]);
    expect(out.callCount).toBe(plain.callCount);
    expect(out.frames).toEqual(plain.frames);
    expect([...out.calls()].map((c) => c.call)).toEqual([...plain.calls()].map((c) => c.call));
    expect(frameHashes(out)).toEqual(frameHashes(plain));
    // each snapshot says where it stands
    expect(snapshotChunks(out).map((c) => readSnapshotChunk(out, c)).map((s) => [s.callsReplayed, s.frames])).toEqual([[at[0], 2], [at[1], 4]]);
  });

  it.runIf(LONG)('recorded in flight (snapshotEvery) are byte for byte the ones `snapshot` adds to the same trace afterwards', async () => {
    for (const scene of LONG ? ['lit-fog-blend.ts', 'depth-stencil-copies.ts', 'shadow-volume.ts'] : ['shadow-volume.ts']) {
      const withIt = join(tmp, `rec-${scene}.r9`);
      const without = join(tmp, `plain-${scene}.r9`);
      const fn = await loadScene(join(ROOT, 'tools', 'scenes', scene));
      expect((await recordScene(fn, withIt, { snapshotEvery: 1 })).error).toBeUndefined();
      expect((await recordScene(fn, without)).error).toBeUndefined();
      const recorded = new Uint8Array(readFileSync(withIt));
      const added = withSnapshots(new Uint8Array(readFileSync(without)), 1);
      const r = TraceReader.fromBytes(recorded);
      expect(snapshotChunks(r).length, scene).toBe(r.frames.length);
      expect(sameBytes(recorded, added), scene).toBe(true);
    }
  });

  it('the recorder refuses snapshots with a device other than the emulated one', () => {
    const rec = TraceRecorder.inMemory({ snapshotEvery: 1 });
    expect(() => Direct3DCreate9(32, { recorder: rec, backend: () => null })).toThrow(/emulated device/);
  });

  it('a snapshot chunk that does not decode is a TraceFormatError naming its byte', () => {
    const src = TraceReader.fromBytes(binary('clear-colorfill.r9t'));
    const sink = new MemorySink();
    const w = new TraceWriter(sink, { compression: 'none' });
    const calls = [...src.calls()];
    w.append(calls[0].call);
    w.appendChunk(ChunkKind.Restore, Uint8Array.of(0xc1, 0xc1, 0xc1));
    for (const c of calls.slice(1)) w.append(c.call);
    w.close();
    const bad = TraceReader.fromBytes(sink.bytes());
    const chunk = snapshotChunks(bad)[0];
    expect(chunk.firstCall).toBe(1);
    const payloadAt = chunk.offset + 32;
    expect(() => new Replayer().run(bad)).toThrow(TraceFormatError);
    expect(() => new Replayer().run(bad)).toThrow(new RegExp(`trace snapshot: byte ${payloadAt}: not a snapshot`));
    // a well-formed snapshot of the wrong call is refused too
    const sink2 = new MemorySink();
    const w2 = new TraceWriter(sink2, { compression: 'none' });
    const r = new Replayer().run(TraceReader.fromBytes(binary('clear-colorfill.r9t')), 3);
    w2.append(calls[0].call);
    w2.appendChunk(ChunkKind.Snapshot, encodeSnapshot(captureReplay(r)));
    w2.close();
    const wrong = TraceReader.fromBytes(sink2.bytes());
    expect(() => replayTo(wrong, 1)).toThrow(/the snapshot is of call 3, its chunk header says call 1/);
  });
});

describe('a damaged snapshot payload (valid CRC: made so on purpose) is a TraceFormatError or a replay, never a crash', () => {
  it(`${scale(150, 10)} seeded mutants of a Restore chunk in lit-fog-blend`, () => {
    const src = TraceReader.fromBytes(binary('lit-fog-blend.r9t'));
    const calls = [...src.calls()].map((c) => c.call);
    const at = 45;
    const snap = encodeSnapshot(captureReplay(new Replayer().run(src, at)));
    const random = rng(77);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < scale(150, 10); i++) {
      const m = snap.slice();
      const k = 1 + Math.floor(random() * 4);
      for (let j = 0; j < k; j++) m[Math.floor(random() * m.length)] = Math.floor(random() * 256);
      const sink = new MemorySink();
      const w = new TraceWriter(sink, { compression: 'none' });
      for (let n = 0; n < at; n++) w.append(calls[n]);
      w.appendChunk(ChunkKind.Restore, m);
      for (let n = at; n < calls.length; n++) w.append(calls[n]);
      w.close();
      let outcome = 'replayed';
      try {
        new Replayer().run(TraceReader.fromBytes(sink.bytes()));
      } catch (e) {
        outcome = e instanceof TraceFormatError ? 'TraceFormatError' : `${(e as Error).name}: ${(e as Error).message}`;
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect([...outcomes.keys()].sort()).toEqual(['TraceFormatError', 'replayed']);
  });
});

function insideLock(r: Replayer): boolean {
  try {
    captureReplay(r);
    return false;
  } catch (e) {
    if (e instanceof SnapshotError && /locked/.test(e.message)) return true;
    throw e;
  }
}

describe('seek: restore the nearest snapshot, then replay', () => {
  // the short run takes an even spread of the sample traces; the long run takes them all
  for (const name of spread(names, 3)) {
    it(`${name}: stands where a replay from call 0 stands, at random calls (whole state compared)`, () => {
      const src = binary(name);
      const seekable = TraceReader.fromBytes(withSnapshots(src, 1));
      const plain = TraceReader.fromBytes(src);
      const random = rng(0x5eed + name.length);
      const points = new Set([0, plain.callCount]);
      while (points.size < scale(8, 4)) points.add(Math.floor(random() * (plain.callCount + 1)));
      let fromSnapshot = 0;
      for (const n of [...points].sort((a, b) => a - b)) {
        const want = new Replayer().run(plain, n);
        // a replay standing inside an open lock has no snapshot (snapshot.ts refuses it): nothing to compare there
        if (insideLock(want)) continue;
        const { replayer: got, from } = replayTo(seekable, n);
        if (from > 0) fromSnapshot++;
        expect(from).toBe(seekPoint(seekable, n)?.firstCall ?? 0);
        expect(from).toBeLessThanOrEqual(n);
        expect(got.callsReplayed).toBe(n);
        expect(sameBytes(encodeSnapshot(captureReplay(got)), encodeSnapshot(captureReplay(want))), `${name} at call ${n}`).toBe(true);
      }
      if (snapshotChunks(seekable).length > 0) expect(fromSnapshot).toBeGreaterThan(0);
    });
  }

  it('inspect reads the same pixel from the snapshotted trace as from its source, starting at the snapshot', async () => {
    const src = join(TRACES, 'lit-fog-blend.r9t');
    const snap = join(tmp, 'lfb-snap.r9');
    expect((await runCli('snapshot', src, '-o', snap, '--every', '1')).code).toBe(0);
    const args = ['--frame', '2', '--surface', 'backbuffer', '--pixel', '40,60', '--json'];
    const a = await runCli('inspect', src, ...args);
    const b = await runCli('inspect', snap, ...args);
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const { reader } = openTrace(snap);
    // inspecting frame 2 (up to its Present) starts from the snapshot after that very Present; frame 1 from the one after frame 0
    expect(seekPoint(reader, reader.frames[2] + 1)!.firstCall).toBe(reader.frames[2] + 1);
    expect(seekPoint(reader, reader.frames[1] + 1)!.firstCall).toBe(reader.frames[1] + 1);
    expect(seekPoint(reader, reader.frames[1])!.firstCall).toBe(reader.frames[0] + 1);
    reader.close();
  });
});

describe('trim', () => {
  for (const name of spread(names, 3)) {
    it(`${name}: the trimmed trace presents exactly the kept frames of its source`, () => {
      const src = binary(name);
      const want = frameHashes(TraceReader.fromBytes(src));
      const count = want.length;
      const sets = new Set<string>();
      // the short run: the last frame alone, a run from frame 1 and a gap; the long run every frame alone and the whole trace too
      sets.add(String(count - 1));
      if (LONG) for (let f = 0; f < count; f++) sets.add(String(f));
      if (LONG) sets.add(`0-${count - 1}`);
      if (count > 1) sets.add(`1-${count - 1}`);
      if (count > 2) sets.add(`0,${count - 1}`);
      for (const text of sets) {
        const frames = framesIn(CallSet.parse(text), count);
        const { bytes, report } = trimmed(src, frames);
        const out = TraceReader.fromBytes(bytes);
        expect(out.frames.length, `${name} --frames ${text}`).toBe(frames.length);
        expect(frameHashes(out), `${name} --frames ${text}`).toEqual(frames.map((f) => want[f]));
        // and finds nothing: results (reference counts of Release included) are those recorded
        expect(new Replayer().run(out).findings, `${name} --frames ${text}`).toEqual([]);
        // one starting state per run of consecutive frames, except a run from the trace's start
        const starts = frames.filter((f, i) => i === 0 || frames[i - 1] !== f - 1);
        expect(out.chunks.filter((c) => c.kind === ChunkKind.Restore).length).toBe(starts.filter((f) => f > 0).length);
        expect(report.runs.length).toBe(starts.length);
        // the calls after the last Present come along with the last frame
        const source = TraceReader.fromBytes(src);
        const lastCall = (r: TraceReader) => [...r.calls(r.callCount - 1)][0].call;
        if (frames.at(-1) === count - 1) expect(lastCall(out)).toEqual(lastCall(source));
        else expect(lastCall(out).command).toBe('Present');
      }
    });
  }

  it('starts from the nearest snapshot and writes the same bytes as a trim that replays from call 0', () => {
    for (const name of LONG ? ['fill-grid.r9t', 'lit-fog-blend.r9t', 'depth-stencil-copies.r9t'] : ['fill-grid.r9t', 'lit-fog-blend.r9t']) {
      const src = binary(name);
      const count = TraceReader.fromBytes(src).frames.length;
      const snapped = withSnapshots(src, 1);
      for (const frames of [[count - 1], [1, count - 1], [0, 2]].filter((f) => f.every((x) => x < count))) {
        expect(sameBytes(trimmed(snapped, frames).bytes, trimmed(src, frames).bytes), `${name} ${frames}`).toBe(true);
      }
      // a trimmed trace with its own snapshots trims the same way too
      const once = trimmed(src, [0, count - 1]).bytes;
      expect(sameBytes(trimmed(withSnapshots(once, 1), [1]).bytes, trimmed(once, [1]).bytes), name).toBe(true);
    }
  });

  it(`seek in a trimmed trace with a gap stands where a replay from call 0 stands, at ${LONG ? 'every call' : 'a spread of calls'}`, () => {
    for (const name of ['fill-grid.r9t', 'shadow-volume.r9t']) {
      const src = binary(name);
      const count = TraceReader.fromBytes(src).frames.length;
      for (const bytes of [trimmed(src, [0, count - 1]).bytes, withSnapshots(trimmed(src, [0, count - 1]).bytes, 1)]) {
        const out = TraceReader.fromBytes(bytes);
        for (const to of spread([...Array(out.callCount + 1).keys()], 8)) {
          const want = encodeSnapshot(captureReplay(new Replayer().run(out, to)));
          const got = encodeSnapshot(captureReplay(replayTo(out, to).replayer));
          expect(sameBytes(got, want), `${name} at call ${to}`).toBe(true);
        }
      }
    }
  });

  it('a trimmed trace trims again, and takes snapshots, and still presents the same frames', () => {
    const src = binary('fill-grid.r9t');
    const want = frameHashes(TraceReader.fromBytes(src));
    const once = trimmed(src, [1, 2, 3]).bytes;
    const twice = trimmed(once, [1]).bytes;
    expect(frameHashes(TraceReader.fromBytes(twice))).toEqual([want[2]]);
    const snapped = withSnapshots(once, 1);
    expect(frameHashes(TraceReader.fromBytes(snapped))).toEqual([want[1], want[2], want[3]]);
    // seeking in it starts from the trimmed trace's own snapshots
    const r = TraceReader.fromBytes(snapped);
    const { replayer, from } = replayTo(r, r.frames[2] + 1);
    expect(from).toBe(r.frames[2] + 1);
    expect(replayer.frames).toBe(3);
    expect(replayTo(r, r.frames[2]).from).toBe(r.frames[1] + 1);
  });

  it('leaves out a texture the kept frames never name, keeps one bound in the state they start from', () => {
    const rec = TraceRecorder.inMemory({ compression: 'none' });
    const d3d = Direct3DCreate9(32, { recorder: rec })!;
    const { device: dev } = d3d.CreateDevice(0, 1, 0, 0x20, {
      BackBufferWidth: 16, BackBufferHeight: 16, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
      MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: 0, Windowed: 1, EnableAutoDepthStencil: 0, AutoDepthStencilFormat: 0,
      Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
    });
    // a 64×64 texture used only in frame 0, a 4×4 one bound in frame 0 and left bound
    const big = dev!.CreateTexture(64, 64, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    const small = dev!.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    dev!.SetTexture(1, big);
    dev!.SetTexture(1, null);
    dev!.SetTexture(0, small);
    dev!.Clear(0, null, 1, 0xff102030, 1, 0);
    dev!.Present(null, null, 0, null);
    dev!.Clear(0, null, 1, 0xff405060, 1, 0);
    dev!.Present(null, null, 0, null);
    rec.close();
    const src = rec.bytes();
    const { bytes, report } = trimmed(src, [1]);
    const out = TraceReader.fromBytes(bytes);
    const state = readSnapshotChunk(out, snapshotChunks(out)[0]);
    const textures = state.objects.filter((o) => o.kind === 'Texture') as Array<{ spec: { width: number } }>;
    expect(textures.map((t) => t.spec.width)).toEqual([4]);
    // the handle table holds only what frame 1 names: the device (Clear, Present)
    expect(state.handles.map((h) => h.kind)).toEqual(['Device']);
    expect(report.runs[0].dropped).toBe(3);
    expect(frameHashes(out)).toEqual([frameHashes(TraceReader.fromBytes(src))[1]]);
  });

  it('refuses frame sets beyond the trace or naming no frame', () => {
    expect(() => framesIn(CallSet.parse('2-9'), 4)).toThrow('--frames 2-9: frame 9 is beyond the trace, which has 4 frames (0-3)');
    expect(framesIn(CallSet.parse('2-'), 4)).toEqual([2, 3]);
    expect(framesIn(CallSet.parse('0,2,3'), 4)).toEqual([0, 2, 3]);
  });
});

describe('the snapshot and trim commands', () => {
  it('snapshot rewrites in place and reports where the snapshots stand', async () => {
    const t = join(tmp, 'fill.r9');
    writeFileSync(t, binary('fill-grid.r9t'));
    const r = await runCli('snapshot', t, '--every', '1', '--json');
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out) as { snapshots: number[]; frames: number };
    const { reader } = openTrace(t);
    expect(rep.snapshots).toEqual(reader.frames.map((p) => p + 1));
    expect(snapshotChunks(reader).map((c) => c.firstCall)).toEqual(rep.snapshots);
    reader.close();
    const info = await runCli('info', t);
    expect(info.out).toMatch(/and 4 snapshots/);
  });

  it.runIf(LONG)('record --snapshot-every K stores snapshots as it records; a text trace cannot hold them', async () => {
    const scene = join(ROOT, 'tools', 'scenes', 'fill-grid.ts');
    const out = join(tmp, 'rec-snap.r9');
    const r = await runCli('record', scene, '-o', out, '--snapshot-every', '2');
    expect(r.code).toBe(0);
    const { reader } = openTrace(out);
    // fill-grid presents 4 frames: snapshots after the Presents of frames 1 and 3
    expect(snapshotChunks(reader).map((c) => c.firstCall)).toEqual([reader.frames[1] + 1, reader.frames[3] + 1]);
    reader.close();
    const text = await runCli('record', scene, '-o', join(tmp, 'rec-snap.r9t'), '--snapshot-every', '2');
    expect(text.code).toBe(2);
    expect(text.err).toMatch(/text form \(\.r9t\) has no place for snapshots/);
    expect((await runCli('record', scene, '-o', out, '--snapshot-every', '0')).code).toBe(2);
  });

  it('trim where a lock is open across the frame boundary exits 2 and says so', async () => {
    const rec = TraceRecorder.inMemory({ compression: 'none' });
    const d3d = Direct3DCreate9(32, { recorder: rec })!;
    const dev = device16(d3d);
    const plain = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
    dev.Present(null, null, null, null);
    expect(plain.LockRect(null, 0).hr).toBe(0);
    dev.Present(null, null, null, null);
    plain.UnlockRect();
    dev.Present(null, null, null, null);
    rec.close();
    const file = join(tmp, 'lock.r9');
    writeFileSync(file, rec.bytes());
    const r = await runCli('trim', file, '--frames', '2', '-o', join(tmp, 'lock-out.r9'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot trim at frame 2: .*a surface is locked.*; trim from a frame where no lock is open/);
    expect((await runCli('trim', file, '--frames', '0', '-o', join(tmp, 'lock-out.r9'))).code).toBe(0);
  });

  it('trim writes the kept frames and says what the starting state holds; bad requests exit 2', async () => {
    const out = join(tmp, 'trimmed.r9');
    const ok = await runCli('trim', join(TRACES, 'stencil-ref-mask.r9t'), '--frames', '1', '-o', out);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/trimmed\.r9: 1 of 2 frames/);
    expect(ok.out).toMatch(/frame 1: starts from \d+ objects under 1 handle/);
    expect((await runCli('info', out)).out).toMatch(/starts from a stored device state/);
    const beyond = await runCli('trim', join(TRACES, 'stencil-ref-mask.r9t'), '--frames', '5', '-o', out);
    expect(beyond.code).toBe(2);
    expect(beyond.err).toMatch(/frame 5 is beyond the trace, which has 2 frames/);
    const toText = await runCli('trim', join(TRACES, 'stencil-ref-mask.r9t'), '--frames', '1', '-o', join(tmp, 'x.r9t'));
    expect(toText.code).toBe(2);
    expect(toText.err).toMatch(/text form \(\.r9t\) cannot hold/);
    // dump shows the calls after a comment naming what the stored state holds; convert to text refuses
    const dump = await runCli('dump', out);
    expect(dump.code).toBe(0);
    const lines = dump.out.trim().split('\n');
    expect(lines[1]).toMatch(/starts from stored device states \(written by trim\)/);
    expect(lines[2]).toMatch(/^# the device state stored before call 0: \d+ objects; dev \(Device\)$/);
    expect(lines[3]).toMatch(/^dev\.Clear\(/);
    // frame 1 is the last: the source's closing Releases come along
    expect(lines.at(-1)).toBe('dev.Release()');
    const numbered = await runCli('dump', out, '--calls', '0-1');
    expect(numbered.out.trim().split('\n').filter((l) => /^ +\d+  /.test(l)).map((l) => l.trim().split(/\s+/)[0])).toEqual(['0', '1']);
    const text = await runCli('convert', out, join(tmp, 'trimmed.r9t'));
    expect(text.code).toBe(2);
    expect(text.err).toMatch(/starts from a stored device state/);
  });
});

/** A 16×16 device with a D24S8 depth buffer, recorded. */
function device16(d3d: NonNullable<ReturnType<typeof Direct3DCreate9>>): Device {
  return d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, {
    BackBufferWidth: 16, BackBufferHeight: 16, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  }).device as Device;
}

describe('snapshots follow the trace, whatever it holds', () => {
  it('a dx8 trace is snapshotted, sought and trimmed on the dx8 driver (a StretchRect from a plain texture fails there)', () => {
    const scene = (snapshotEvery: number): Uint8Array => {
      const rec = TraceRecorder.inMemory({ profile: 'dx8', compression: 'none', snapshotEvery });
      const d3d = Direct3DCreate9(32, { recorder: rec })!;
      const dev = device16(d3d);
      const level = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT, null).texture!.GetSurfaceLevel(0).surface!;
      const bb = dev.GetBackBuffer(0, 0, 0).surface!;
      dev.Clear(0, null, D3DCLEAR.TARGET, 0xff0000ff, 1, 0);
      // DirectX 8-level drivers cannot stretch from a texture level: INVALIDCALL, recorded as such
      expect(dev.StretchRect(level, null, bb, null, D3DTEXF.NONE)).not.toBe(0);
      dev.Present(null, null, null, null);
      dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 1, 0);
      dev.Present(null, null, null, null);
      rec.close();
      return rec.bytes();
    };
    const recorded = scene(1);
    const added = withSnapshots(scene(0), 1);
    expect(sameBytes(recorded, added)).toBe(true);
    const r = TraceReader.fromBytes(added);
    for (const c of snapshotChunks(r)) expect(readSnapshotChunk(r, c)).toMatchObject({ profile: 'dx8', findings: [] });
    for (let to = 0; to <= r.callCount; to++) {
      expect(sameBytes(encodeSnapshot(captureReplay(replayTo(r, to).replayer)), encodeSnapshot(captureReplay(new Replayer().run(r, to))))).toBe(true);
    }
    const t = TraceReader.fromBytes(trimmed(scene(0), [1]).bytes);
    expect(readSnapshotChunk(t, snapshotChunks(t)[0]).profile).toBe('dx8');
    expect(new Replayer().run(t).findings).toEqual([]);
  });

  it('arguments an application leaves out reach the device as the trace records them (0), at record time too', () => {
    const scene = (snapshotEvery: number): Uint8Array => {
      const rec = TraceRecorder.inMemory({ compression: 'none', snapshotEvery });
      const d3d = Direct3DCreate9(32, { recorder: rec })!;
      const dev = device16(d3d);
      const call = dev as unknown as Record<string, (...a: unknown[]) => { hr: number } | number>;
      // Lockable and pSharedHandle left out: a render target that is not lockable, as the replay makes it
      const made = call.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0) as { hr: number; surface: { LockRect(r: null, f: number): { hr: number } } };
      expect(made.hr).toBe(0);
      expect(made.surface.LockRect(null, 0).hr).not.toBe(0);
      // Z and Stencil left out of a Clear of the depth buffer: 0, valid values
      expect(call.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL)).toBe(0);
      dev.Present(null, null, null, null);
      rec.close();
      return rec.bytes();
    };
    expect(new Replayer().run(TraceReader.fromBytes(scene(0))).findings).toEqual([]);
    expect(sameBytes(scene(1), withSnapshots(scene(0), 1))).toBe(true);
  });
});

describe('a snapshot that is well-formed msgpack but wrong is refused before anything is built from it', () => {
  const src = TraceReader.fromBytes(binary('lit-fog-blend.r9t'));
  const calls = [...src.calls()].map((c) => c.call);
  const at = 45;
  const good = captureReplay(new Replayer().run(src, at));
  const withRestore = (s: SnapshotData): TraceReader => {
    const sink = new MemorySink();
    const w = new TraceWriter(sink, { compression: 'none' });
    for (let n = 0; n < at; n++) w.append(calls[n]);
    w.appendChunk(ChunkKind.Restore, encodeSnapshot(s));
    for (let n = at; n < calls.length; n++) w.append(calls[n]);
    w.close();
    return TraceReader.fromBytes(sink.bytes());
  };
  type Obj = Record<string, unknown> & { kind: string };
  const find = (s: SnapshotData, kind: string): Obj => s.objects.find((o) => o.kind === kind) as unknown as Obj;
  const device = (s: SnapshotData): Obj & { state: Record<string, unknown> } => find(s, 'Device') as Obj & { state: Record<string, unknown> };
  const CASES: Array<[string, (s: SnapshotData) => void, RegExp]> = [
    ['a texture 16384 texels wide', (s) => { (find(s, 'Texture').spec as Record<string, number>).width = 16384; }, /spec width is 16384, expected a whole number 1-8192/],
    ['render target 0 naming the Direct3D9 object', (s) => { (device(s).state.renderTargets as number[])[0] = s.objects.findIndex((o) => o.kind === 'Direct3D9'); }, /state render target 0 refers to object \d+, a Direct3D9, expected Surface or Level/],
    ['render target 0 naming no object', (s) => { (device(s).state.renderTargets as number[])[0] = 9999; }, /state render target 0 is 9999/],
    ['a surface holding 4 bytes', (s) => { find(s, 'Surface').data = new Uint8Array(4); }, /data holds 4 bytes, its spec needs \d+/],
    ['a level whose container is the Direct3D9 object', (s) => { const l = s.objects.find((o) => o.kind === 'Level') as unknown as Obj | undefined; if (l) l.container = 0; else find(s, 'Texture').faces = []; }, /container refers to object 0|faces is not a list/],
    ['render states that are a number', (s) => { device(s).state.renderStates = 5; }, /state renderStates is not a list of 256/],
  ];
  for (const [what, mutate, message] of CASES) {
    it(what, () => {
      const s = decodeSnapshot(encodeSnapshot(good));
      mutate(s);
      const r = withRestore(s);
      const payload = snapshotChunks(r)[0].offset + 32;
      expect(() => new Replayer().run(r)).toThrow(TraceFormatError);
      expect(() => new Replayer().run(r)).toThrow(new RegExp(`^trace snapshot: byte ${payload}: snapshot object \\d+: ${message.source}`));
    });
  }
});
