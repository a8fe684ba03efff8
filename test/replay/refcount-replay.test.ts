/**
 * Reference counts, QueryInterface and the resource methods through the trace: recorded from the
 * API, written as text (IIDs by name, other GUIDs as guid"...", a D3DSPD_IUNKNOWN object by its
 * name), read back byte-identically, replayed with their counts and out-values compared (a
 * difference is a finding), and carried across snapshots (parent references, private data,
 * priority, LOD, dirty regions).
 */
import { describe, expect, it } from 'vitest';
import { pack, unpack } from 'msgpackr';
import { D3DDEVTYPE, D3DCREATE, D3DFMT, D3DLOCK, D3DPOOL, D3DSPD, IID } from '../../src/d3d9/index.js';
import type { IDirect3DDevice9, IDirect3DSurface9, IDirect3DTexture9, IUnknown } from '../../src/device/types.js';
import { Replayer } from '../../src/replay/replayer.js';
import { captureReplay, restoreReplay, SnapshotError } from '../../src/replay/snapshot.js';
import type { ReplaySnapshot } from '../../src/replay/snapshot.js';
import { TraceReader } from '../../src/trace/reader.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { trim } from '../../src/replay/rewrite.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';

const G1 = 'fdb37466-428f-4edf-a37f-9b1df488c5fc';

/** A scene using every part of the area, recorded on the emulated device. */
function scene(d3d: Parameters<Parameters<typeof recordBytes>[0]>[0], name: (n: string) => void): void {
  name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as IDirect3DDevice9;
  name('src');
  const src = dev.CreateTexture(8, 8, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture as IDirect3DTexture9;
  name('dst');
  const dst = dev.CreateTexture(8, 8, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture as IDirect3DTexture9;
  name('man');
  const man = dev.CreateTexture(8, 8, 3, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture as IDirect3DTexture9;
  src.AddRef();
  src.QueryInterface(IID.IDirect3DBaseTexture9);
  src.QueryInterface(IID.IDirect3DSurface9);
  src.Release();
  src.Release();
  man.SetPrivateData(G1, new Uint8Array([1, 2, 3]), 3, 0);
  man.SetPrivateData(IID.IDirect3DDevice9, dev, 4, D3DSPD.IUNKNOWN);
  man.SetLOD(2);
  man.SetPriority(9);
  name('lvl');
  const lvl = man.GetSurfaceLevel(0).surface as IDirect3DSurface9;
  lvl.GetContainer(IID.IDirect3DTexture9);
  man.Release();
  const dc = lvl.GetDC();
  lvl.ReleaseDC(dc.hdc!);
  const lr = src.LockRect(0, null, D3DLOCK.NO_DIRTY_UPDATE).lockedRect!;
  lr.pBits.fill(0x40, 0, 32);
  src.UnlockRect(0);
  dev.UpdateTexture(src, dst);
  src.AddDirtyRect({ left: 0, top: 0, right: 4, bottom: 1 });
  // the rest runs after any snapshot point: it reads what the state before left
  man.GetPrivateData(G1, true, 3);
  // the object comes back AddRef'd
  (man.GetPrivateData(IID.IDirect3DDevice9, true, 4).object as IUnknown).Release();
  man.GetPrivateData(IID.IDirect3DDevice9, false, 0);
  man.GetLOD();
  man.GetPriority();
  dev.UpdateTexture(src, dst);
  dev.UpdateTexture(src, dst);
  man.FreePrivateData(IID.IDirect3DDevice9);
  dev.Release();
  src.Release();
  dst.Release();
  man.Release();
  lvl.Release();
  d3d.Release();
}

function replayText(text: string): Replayer {
  return new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(text)));
}

describe('the trace of reference counts and resource methods', () => {
  const bin = recordBytes(scene);
  const text = toText(bin);

  it('writes IIDs by name, other GUIDs as guid"...", the D3DSPD_IUNKNOWN object by name, and the counts D3D9 gives', () => {
    expect(text).toContain('src.AddRef() -> 2\n');
    expect(text).toContain('src.QueryInterface(IID_IDirect3DBaseTexture9) -> {ppvObject: src}\n');
    expect(text).toContain('src.QueryInterface(IID_IDirect3DSurface9) -> E_NOINTERFACE\n');
    expect(text).toContain('src.Release() -> 2\nsrc.Release() -> 1\n');
    expect(text).toContain(`man.SetPrivateData(guid"${G1}", hex"010203", 3, 0)\n`);
    expect(text).toContain('man.SetPrivateData(IID_IDirect3DDevice9, dev, 4, D3DSPD_IUNKNOWN)\n');
    expect(text).toContain('man.SetLOD(2) -> {ReturnValue: 0}\n');
    expect(text).toContain('lvl.GetContainer(IID_IDirect3DTexture9) -> {ppContainer: man}\n');
    expect(text).toContain('man.GetPrivateData(IID_IDirect3DDevice9, TRUE, 4) -> {Data: NULL, Object: dev, pSizeOfData: 4}\n');
    expect(text).toContain('man.GetLOD() -> {ReturnValue: 2}\n');
    // the device outlives the application's reference while its textures live: 1 + src, dst, man
    expect(text).toContain('dev.Release() -> 3\n');
    // the level's release destroys its texture, the last to hold the device, which then releases its IDirect3D9
    expect(text).toMatch(/man\.Release\(\) -> 1\nlvl\.Release\(\)\nd3d\d*\.Release\(\)\n$/);
  });

  it('reads back byte for byte, and replays without a finding', () => {
    expect(sameBytes(fromText(text), bin)).toBe(true);
    expect(replayText(text).findings).toEqual([]);
  });

  it('reports a count that differs from the recorded one, and an object QueryInterface did not give', () => {
    const r = replayText(text.replace('src.AddRef() -> 2\n', 'src.AddRef() -> 3\n').replace('{ppvObject: src}', '{ppvObject: dst}'));
    expect(r.findings.map((f) => [f.kind, f.method, f.expected, f.actual])).toEqual([
      ['mismatch', 'IDirect3DTexture9::AddRef', '3', '2'],
      ['mismatch', 'IDirect3DTexture9::QueryInterface', 'dst', 'src'],
    ]);
  });

  it('refuses a GUID that is not 16 bytes, naming the line', () => {
    expect(() => fromText(text.replace('QueryInterface(IID_IDirect3DSurface9)', 'QueryInterface(hex"0102")'))).toThrow(/riid expects an IID_ name/);
  });

  it('continues from a snapshot taken after any call exactly as a replay that never stopped', () => {
    const reader = TraceReader.fromBytes(bin);
    const want = new Replayer().run(reader);
    const final = pack(captureReplay(want));
    let refused = 0;
    for (let n = 1; n < reader.callCount; n++) {
      const first = new Replayer().run(reader, n);
      let r: Replayer;
      try {
        r = restoreReplay(unpack(pack(captureReplay(first))) as ReplaySnapshot, {});
      } catch (e) {
        if (!(e instanceof SnapshotError)) throw e;
        refused++;
        continue;
      }
      r.run(reader);
      expect(r.findings, `snapshot after call ${n}`).toEqual([]);
      expect(Buffer.compare(pack(captureReplay(r)), final), `snapshot after call ${n}`).toBe(0);
    }
    // while the lock is open and while the device context is out
    expect(refused).toBe(2);
  });
});

describe('trim keeps the object a D3DSPD_IUNKNOWN entry names', () => {
  it('a frame whose SetPrivateData stores an object made in an earlier frame replays on its own', () => {
    const text = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
rt = dev.CreateRenderTarget(4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)
dev.Present(NULL, NULL, NULL, NULL)
rt.SetPrivateData(IID_IUnknown, tex, 4, D3DSPD_IUNKNOWN)
dev.Present(NULL, NULL, NULL, NULL)
`;
    const sink = new MemorySink();
    trim(TraceReader.fromBytes(fromText(text)), sink, [1]);
    const r = new Replayer().run(TraceReader.fromBytes(sink.bytes()));
    expect(r.findings).toEqual([]);
    expect(r.frames).toBe(1);
  });
});
