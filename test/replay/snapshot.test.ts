/**
 * Replay snapshots: a replay stopped at call N, snapshotted, encoded with
 * msgpackr and decoded, then restored and run to the end presents the same
 * frames (sha256 of the back buffer bytes, exact) and finds the same findings
 * as a replay that never stopped. A snapshot with a lock open is refused.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pack, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { presentedImage } from '../../src/golden/image.js';
import { Replayer } from '../../src/replay/replayer.js';
import type { PresentEvent, ReplayOptions } from '../../src/replay/replayer.js';
import { captureReplay, restoreReplay, SnapshotError } from '../../src/replay/snapshot.js';
import type { ReplaySnapshot } from '../../src/replay/snapshot.js';
import { openTrace } from '../../src/trace/open.js';
import { TraceReader } from '../../src/trace/reader.js';
import { fromText, LONG, spread } from '../helpers.js';

const TRACES = join(import.meta.dirname, '..', '..', 'traces');
const names = readdirSync(TRACES).filter((n) => n.endsWith('.r9t')).sort();

interface Outcome { hashes: string[]; findings: string[] }

function hashing(hashes: string[], lines: readonly number[] | undefined): ReplayOptions {
  return {
    lines,
    onPresent: ({ device }: PresentEvent) => {
      hashes.push(createHash('sha256').update(presentedImage(device)!.data).digest('hex'));
    },
  };
}

function straight(path: string): Outcome & { calls: number } {
  const { reader, lines } = openTrace(path);
  try {
    const hashes: string[] = [];
    const r = new Replayer(hashing(hashes, lines)).run(reader);
    return { hashes, findings: r.findings.map((f) => f.message), calls: reader.callCount };
  } finally {
    reader.close();
  }
}

/** Replays to call `at`, snapshots through msgpackr, restores, and replays the rest. */
function interrupted(path: string, at: number): Outcome & { snapshotBytes: number } {
  const { reader, lines } = openTrace(path);
  try {
    const hashes: string[] = [];
    const first = new Replayer(hashing(hashes, lines)).run(reader, at);
    expect(first.callsReplayed).toBe(at);
    let captured;
    try {
      captured = captureReplay(first);
    } catch (e) {
      // a snapshot is refused while a resource is locked: the next call is the point instead
      if (e instanceof SnapshotError && /locked/.test(e.message) && at < reader.callCount) return interrupted(path, at + 1);
      throw e;
    }
    const bytes = pack(captured);
    const snap = unpack(bytes) as ReplaySnapshot;
    const r = restoreReplay(snap, hashing(hashes, lines)).run(reader);
    return { hashes, findings: r.findings.map((f) => f.message), snapshotBytes: bytes.length };
  } finally {
    reader.close();
  }
}

describe('a replay snapshotted at call N and restored continues exactly as an uninterrupted one', () => {
  it('has traces to run', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  // the short run takes an even spread of the sample traces; the long run takes them all
  for (const name of spread(names, 4)) {
    it(`${name}: ${LONG ? 'at the start, a third, two thirds and the last call' : 'a third and two thirds in'}`, () => {
      const path = join(TRACES, name);
      const want = straight(path);
      expect(want.hashes.length).toBeGreaterThan(0);
      // the short run: a third and two thirds in; the long run also the start and the last two calls
      const points = [...new Set(LONG ? [0, Math.floor(want.calls / 3), Math.floor((2 * want.calls) / 3), want.calls - 1, want.calls] : [Math.floor(want.calls / 3), Math.floor((2 * want.calls) / 3)])];
      for (const at of points) {
        const got = interrupted(path, at);
        expect({ at, ...got, snapshotBytes: undefined }).toEqual({ at, hashes: want.hashes, findings: want.findings, snapshotBytes: undefined });
      }
    });
  }

  it('is the same snapshot, byte for byte, when taken twice at the same call', () => {
    const path = join(TRACES, names[0]);
    const take = (): Buffer => {
      const { reader } = openTrace(path);
      try {
        return pack(captureReplay(new Replayer().run(reader, Math.floor(reader.callCount / 2))));
      } finally {
        reader.close();
      }
    };
    expect(Buffer.compare(take(), take())).toBe(0);
  });
});

/** Cube and AUTOGENMIPMAP textures, level and face handles, a recorded and an ALL state block, a released target. */
const RESOURCES = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 32, BackBufferHeight: 16, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
tex = dev.CreateTexture(4, 4, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
tex.LockRect(0, NULL, 0)
tex.UnlockRect(0, hex"ff0000ff00ff00ff0000ffffffffffffff0000ff00ff00ff0000ffffffffffffff0000ff00ff00ff0000ffffffffffffff0000ff00ff00ff0000ffffffffffff")
tex.SetAutoGenFilterType(D3DTEXF_POINT)
cube = dev.CreateCubeTexture(4, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
face = cube.GetCubeMapSurface(D3DCUBEMAP_FACE_NEGATIVE_Z, 1)
cube.LockRect(D3DCUBEMAP_FACE_NEGATIVE_Z, 1, NULL, 0)
cube.UnlockRect(D3DCUBEMAP_FACE_NEGATIVE_Z, 1, hex"01020304050607080910111213141516")
vb = dev.CreateVertexBuffer(80, 0, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, D3DPOOL_MANAGED, NULL)
vb.Lock(0, 0, 0)
vb.Unlock(hex"00000000000000000000003f0000803f0000ffff00008041000000000000003f0000803f00ff00ff00000000000080410000003f0000803fff0000ff0000000000000000000000000000000000000000")
dev.BeginStateBlock()
dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)
dev.SetTexture(0, tex)
dev.SetStreamSource(0, vb, 0, 20)
sb = dev.EndStateBlock()
all = dev.CreateStateBlock(D3DSBT_ALL)
rt = dev.CreateRenderTarget(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)
dev.ColorFill(rt, NULL, 0xff336699)
dev.Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff202020, 1, 0)
dev.BeginScene()
sb.Apply()
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.DrawPrimitive(D3DPT_TRIANGLELIST, 0, 1)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1)
dev.SetRenderState(D3DRS_LIGHTING, FALSE)
dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[16, 0, 0.5, 1, 0, 0], [32, 0, 0.5, 1, 1, 0], [16, 16, 0.5, 1, 0, 1], [32, 16, 0.5, 1, 1, 1]], 24)
dev.EndScene()
bb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)
dev.StretchRect(rt, NULL, bb, {0, 8, 8, 16}, D3DTEXF_NONE)
dev.Present(NULL, NULL, NULL, NULL)
all.Apply()
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1)
rt.Release()
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff000080, 1, 0)
dev.BeginScene()
dev.SetTexture(0, tex)
dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[0, 0, 0.5, 1, 0, 0], [32, 0, 0.5, 1, 1, 0], [0, 16, 0.5, 1, 0, 1], [32, 16, 0.5, 1, 1, 1]], 24)
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`;

/** A volume texture, its level handle, a sub-box lock on each, and draws sampling it (UpdateTexture into a DEFAULT copy). */
const VOLUMES = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
src = dev.CreateVolumeTexture(2, 2, 2, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, NULL)
src.LockBox(0, NULL, 0)
src.UnlockBox(0, hex"ff0000ffff0000ffff0000ffff0000ff00ff00ff00ff00ff00ff00ff00ff00ff")
lvl = src.GetVolumeLevel(1)
lvl.LockBox({Left: 0, Top: 0, Right: 1, Bottom: 1, Front: 0, Back: 1}, 0)
lvl.UnlockBox(hex"808080ff")
vt = dev.CreateVolumeTexture(2, 2, 2, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, NULL)
dev.UpdateTexture(src, vt)
dev.SetTexture(0, vt)
dev.SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0))
dev.BeginScene()
dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[0, 0, 0.5, 1, 0, 0, 0.25], [8, 0, 0.5, 1, 1, 0, 0.25], [0, 8, 0.5, 1, 0, 1, 0.75], [8, 8, 0.5, 1, 1, 1, 0.75]], 28)
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
src.LockBox(0, {Left: 1, Top: 0, Right: 2, Bottom: 1, Front: 1, Back: 2}, 0)
src.UnlockBox(0, hex"ffffffff")
dev.UpdateTexture(src, vt)
dev.BeginScene()
dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[8, 0, 0.5, 1, 0, 0, 1], [16, 0, 0.5, 1, 1, 0, 1], [8, 8, 0.5, 1, 0, 1, 0.5], [16, 8, 0.5, 1, 1, 1, 0.5]], 28)
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`;

interface Source { reader: TraceReader; lines?: readonly number[] }

function sources(): Array<[string, () => Source]> {
  return [
    ...spread(names, 6).map((n): [string, () => Source] => [n, () => openTrace(join(TRACES, n))]),
    ['resources (text)', () => ({ reader: TraceReader.fromBytes(fromText(RESOURCES)) })],
    ['volume textures (text)', () => ({ reader: TraceReader.fromBytes(fromText(VOLUMES)) })],
  ];
}

/** Replays the whole trace, snapshotting and restoring after every call where no lock is open (the short run: about 20 calls spread over it, the last included). */
function chained(open: () => Source): Outcome & { refused: number; final: Buffer } {
  const { reader, lines } = open();
  try {
    const hashes: string[] = [];
    const options = hashing(hashes, lines);
    let r = new Replayer(options);
    let refused = 0;
    const step = LONG ? 1 : Math.max(1, Math.floor(reader.callCount / 20));
    for (let n = 1; n <= reader.callCount; n++) {
      r.run(reader, n);
      if (n % step !== 0 && n !== reader.callCount) continue;
      try {
        r = restoreReplay(unpack(pack(captureReplay(r))) as ReplaySnapshot, options);
      } catch (e) {
        if (!(e instanceof SnapshotError)) throw e;
        refused++;
      }
    }
    return { hashes, findings: r.findings.map((f) => f.message), refused, final: pack(captureReplay(r)) };
  } finally {
    reader.close();
  }
}

function uninterrupted(open: () => Source): Outcome & { final: Buffer } {
  const { reader, lines } = open();
  try {
    const hashes: string[] = [];
    const r = new Replayer(hashing(hashes, lines)).run(reader);
    return { hashes, findings: r.findings.map((f) => f.message), final: pack(captureReplay(r)) };
  } finally {
    reader.close();
  }
}

describe('a replay snapshotted and restored after every call', () => {
  for (const [name, open] of sources()) {
    it(`${name}: presents the same frames, finds the same, and ends in the same snapshot byte for byte`, () => {
      const want = uninterrupted(open);
      const got = chained(open);
      expect(want.hashes.length).toBeGreaterThan(0);
      expect(got.hashes).toEqual(want.hashes);
      expect(got.findings).toEqual(want.findings);
      expect(unpack(got.final)).toEqual(unpack(want.final));
      expect(Buffer.compare(got.final, want.final)).toBe(0);
    });
  }
});

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
`;

describe('a snapshot is refused while a lock is open', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['a surface', 's = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, NULL)\ns.LockRect(NULL, 0)\n', /after call 3: a surface is locked/],
    ['a texture level', 't = dev.CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)\nt.LockRect(0, NULL, 0)\n', /after call 3: a texture level is locked/],
    ['a vertex buffer', 'vb = dev.CreateVertexBuffer(64, 0, 0, D3DPOOL_MANAGED, NULL)\nvb.Lock(0, 0, 0)\n', /after call 3: a vertex buffer is locked/],
  ];
  for (const [what, body, message] of cases) {
    it(`on ${what}, naming the call`, () => {
      const r = new Replayer().run(TraceReader.fromBytes(fromText(HEAD + body)));
      expect(r.findings).toEqual([]);
      expect(() => captureReplay(r)).toThrow(SnapshotError);
      expect(() => captureReplay(r)).toThrow(message);
    });
  }
});
