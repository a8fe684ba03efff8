/**
 * The apitrace → replay9 mapping on calls built by hand: objects named by pointers, lock data
 * folded from the fake memcpys, shaders and initial data from their blobs, unmapped calls counted,
 * adapter answers as notes. Each expected value follows from D3D9's rules, stated beside it.
 */
import { describe, expect, it } from 'vitest';
import { CaptureImporter, importCalls } from '../../src/capture/import.js';
import type { ForeignCall } from '../../src/capture/import.js';
import type { CallRecord } from '../../src/trace/call.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { TraceReader } from '../../src/trace/reader.js';
import { Replayer } from '../../src/replay/replayer.js';
import { arr, blob, Calls, f, ptr, ref, struct, withDevice } from './import-build.js';

function run(c: Calls, imp = new CaptureImporter()): { records: CallRecord[]; imp: CaptureImporter } {
  return { records: [...importCalls(c.list, imp)].map((x) => x.record), imp };
}

function replay(records: CallRecord[]): Replayer {
  const sink = new MemorySink();
  const w = new TraceWriter(sink);
  for (const r of records) w.append(r);
  w.close();
  const r = new Replayer({});
  r.run(TraceReader.fromBytes(sink.bytes()));
  return r;
}

const bytes = (n: number, seed: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff);

describe('apitrace calls as replay9 calls', () => {
  it('names objects by handle in creation order and maps arguments by their d3d9.h names', () => {
    const c = withDevice()
      .call('IDirect3DDevice9::Clear', { this: ptr(0xde00), Count: 1, pRects: arr(struct('D3DRECT', { x1: 1, y1: 2, x2: 3, y2: 4 })), Flags: 1, Color: 0xff336699, Z: f(1), Stencil: 0 }, 0)
      .call('IDirect3DDevice9::SetTransform', {
        this: ptr(0xde00), State: 256,
        pMatrix: ref(struct('D3DMATRIX', { m: arr(arr(f(1), f(2), f(3), f(4)), arr(f(5), f(6), f(7), f(8)), arr(f(9), f(10), f(11), f(12)), arr(f(13), f(14), f(15), f(16))) })),
      }, 0)
      .call('IDirect3DDevice9::SetVertexShaderConstantF', { this: ptr(0xde00), StartRegister: 2, pConstantData: arr(f(0.5), f(-1), f(2), f(0)), Vector4fCount: 1 }, 0)
      .call('IDirect3DDevice9::Present', { this: ptr(0xde00), pSourceRect: null, pDestRect: null, hDestWindowOverride: null, pDirtyRegion: null }, 0);
    const { records, imp } = run(c);
    expect(records.map((r) => r.command)).toEqual(['Direct3DCreate9', 'CreateDevice', 'Clear', 'SetTransform', 'SetVertexShaderConstantF', 'Present']);
    expect(records[0]).toMatchObject({ self: 0, created: 1, args: { SDKVersion: 32 } });
    expect(records[1]).toMatchObject({ self: 1, created: 2, result: 0, args: { Adapter: 0, DeviceType: 1, BehaviorFlags: 0x40 } });
    expect((records[1].args.pPresentationParameters as Record<string, number>).BackBufferWidth).toBe(64);
    // D3DRECT {x1, y1, x2, y2} is a RECT's left, top, right, bottom
    expect(records[2].args.pRects).toEqual([{ left: 1, top: 2, right: 3, bottom: 4 }]);
    // D3DMATRIX m[row][column] is _11 .. _44 in memory order
    expect(records[3].args.pMatrix).toMatchObject({ _11: 1, _14: 4, _21: 5, _44: 16 });
    expect([...new Float32Array((records[4].args.pConstantData as Uint8Array).slice().buffer)]).toEqual([0.5, -1, 2, 0]);
    expect(records[5]).toMatchObject({ self: 2, args: { pSourceRect: null, pDestRect: null } });
    expect(imp.frames).toBe(1);
    expect(imp.unmapped).toEqual([]);
  });

  it('retires a pointer when its Release returns 0, so a reused address names a new object', () => {
    const tex = (p: number): [string, Record<string, import('../../src/capture/model.js').Value>, number] => [
      'IDirect3DDevice9::CreateTexture',
      { this: ptr(0xde00), Width: 4, Height: 4, Levels: 1, Usage: 0, Format: 21, Pool: 1, ppTexture: ref(ptr(p)), pSharedHandle: null }, 0,
    ];
    const c = withDevice().call(...tex(0x100))
      .call('IDirect3DTexture9::AddRef', { this: ptr(0x100) }, 2)
      .call('IDirect3DTexture9::Release', { this: ptr(0x100) }, 1)
      .call('IDirect3DDevice9::SetTexture', { this: ptr(0xde00), Stage: 0, pTexture: ptr(0x100) }, 0)
      .call('IDirect3DTexture9::Release', { this: ptr(0x100) }, 0)
      .call(...tex(0x100))
      .call('IDirect3DDevice9::SetTexture', { this: ptr(0xde00), Stage: 0, pTexture: ptr(0x100) }, 0);
    const { records } = run(c);
    expect(records[2].created).toBe(3);
    // a Release that leaves a reference keeps the pointer's object
    expect(records[5].args.pTexture).toBe(3);
    expect(records[6]).toMatchObject({ command: 'Release', self: 3, result: 0 });
    expect(records[7].created).toBe(4);
    expect(records[8].args.pTexture).toBe(4);
  });

  it('gives an object handed out again (GetBackBuffer) the handle it already has', () => {
    const gb = { this: ptr(0xde00), iSwapChain: 0, iBackBuffer: 0, Type: 0, ppBackBuffer: ref(ptr(0xbb00)) };
    const c = withDevice().call('IDirect3DDevice9::GetBackBuffer', gb, 0).call('IDirect3DDevice9::GetBackBuffer', gb, 0)
      .call('IDirect3DDevice9::GetRenderTarget', { this: ptr(0xde00), RenderTargetIndex: 0, ppRenderTarget: ref(ptr(0xbb00)) }, 0);
    const { records } = run(c);
    expect(records.slice(2).map((r) => r.created)).toEqual([3, 3, 3]);
    expect(replay(records).findings).toEqual([]);
  });

  it('folds six cube faces locked at once into their unlocks, matched by pointer', () => {
    const c = withDevice().call('IDirect3DDevice9::CreateCubeTexture', {
      this: ptr(0xde00), EdgeLength: 4, Levels: 1, Usage: 0, Format: 21, Pool: 1, ppCubeTexture: ref(ptr(0xc00)), pSharedHandle: null,
    }, 0);
    for (let face = 0; face < 6; face++) {
      c.call('IDirect3DCubeTexture9::LockRect', {
        this: ptr(0xc00), FaceType: face, Level: 0, pLockedRect: ref(struct('D3DLOCKED_RECT', { Pitch: 16, pBits: ptr(0x10000 + face * 0x1000) })), pRect: null, Flags: 0,
      }, 0);
    }
    // copied in the reverse order: the pointer, not the order, says which face
    for (let face = 5; face >= 0; face--) {
      c.memcpy(0x10000 + face * 0x1000, bytes(64, face)).call('IDirect3DCubeTexture9::UnlockRect', { this: ptr(0xc00), FaceType: face, Level: 0 }, 0);
    }
    const { records } = run(c);
    const unlocks = records.filter((r) => r.command === 'CubeTextureUnlockRect');
    expect(unlocks.map((r) => r.args.FaceType)).toEqual([5, 4, 3, 2, 1, 0]);
    for (const u of unlocks) expect(u.args.data).toEqual(bytes(64, u.args.FaceType as number));
    expect(replay(records).findings).toEqual([]);
  });

  it('re-pitches a sub-rectangle lock: rows at the application\'s pitch become packed rows', () => {
    // an 8×4 A8R8G8B8 surface, rect {2, 1, 6, 3}: 2 rows of 4 texels = 16 bytes each; the driver's pitch is 64,
    // so apitrace copies Pitch × (rows − 1) + row bytes = 80 bytes from the rect's first texel
    const src = bytes(80, 3);
    const c = withDevice().call('IDirect3DDevice9::CreateOffscreenPlainSurface', {
      this: ptr(0xde00), Width: 8, Height: 4, Format: 21, Pool: 2, ppSurface: ref(ptr(0x500)), pSharedHandle: null,
    }, 0)
      .call('IDirect3DSurface9::LockRect', {
        this: ptr(0x500), pLockedRect: ref(struct('D3DLOCKED_RECT', { Pitch: 64, pBits: ptr(0x7f0000001048n) })),
        pRect: ref(struct('RECT', { left: 2, top: 1, right: 6, bottom: 3 })), Flags: 0,
      }, 0)
      .memcpy(0x7f0000001048n, src)
      .call('IDirect3DSurface9::UnlockRect', { this: ptr(0x500) }, 0);
    const { records } = run(c);
    const data = records[4].args.data as Uint8Array;
    expect(data.length).toBe(32);
    expect(data.subarray(0, 16)).toEqual(src.subarray(0, 16));
    expect(data.subarray(16)).toEqual(src.subarray(64, 80));
    expect(replay(records).findings).toEqual([]);
  });

  it('places a buffer copy at dest − the locked pointer, and keeps a READONLY buffer lock\'s copy', () => {
    const c = withDevice().call('IDirect3DDevice9::CreateVertexBuffer', {
      this: ptr(0xde00), Length: 48, Usage: 0, FVF: 0x42, Pool: 0, ppVertexBuffer: ref(ptr(0x600)), pSharedHandle: null,
    }, 0)
      // SizeToLock 0 locks from OffsetToLock to the end: 32 bytes
      .call('IDirect3DVertexBuffer9::Lock', { this: ptr(0x600), OffsetToLock: 16, SizeToLock: 0, ppbData: ref(ptr(0x9000)), Flags: 0 }, 0)
      .memcpy(0x9000 + 8, bytes(24, 1))
      .call('IDirect3DVertexBuffer9::Unlock', { this: ptr(0x600) }, 0)
      // a buffer's lock is its memory on Windows: what the application wrote through a READONLY lock is drawn
      .call('IDirect3DVertexBuffer9::Lock', { this: ptr(0x600), OffsetToLock: 0, SizeToLock: 0, ppbData: ref(ptr(0x9000)), Flags: 0x10 }, 0)
      .memcpy(0x9000, bytes(48, 2))
      .call('IDirect3DVertexBuffer9::Unlock', { this: ptr(0x600) }, 0);
    const { records } = run(c);
    const first = records[4].args.data as Uint8Array;
    expect(first.length).toBe(32);
    expect(first.subarray(8)).toEqual(bytes(24, 1));
    expect(records[6].args.data).toEqual(bytes(48, 2));
    expect(replay(records).findings).toEqual([]);
  });

  it('leaves out a READONLY surface lock\'s copy: it holds the capture driver\'s pixels, which replay renders itself', () => {
    const c = withDevice().call('IDirect3DDevice9::CreateOffscreenPlainSurface', {
      this: ptr(0xde00), Width: 4, Height: 4, Format: 21, Pool: 2, ppSurface: ref(ptr(0x500)), pSharedHandle: null,
    }, 0)
      .call('IDirect3DSurface9::LockRect', { this: ptr(0x500), pLockedRect: ref(struct('D3DLOCKED_RECT', { Pitch: 16, pBits: ptr(0x4000) })), pRect: null, Flags: 0x10 }, 0)
      .memcpy(0x4000, bytes(64, 5))
      .call('IDirect3DSurface9::UnlockRect', { this: ptr(0x500) }, 0);
    const { records } = run(c);
    expect(records[4]).toMatchObject({ command: 'SurfaceUnlockRect', args: { data: null } });
  });

  it('takes a shader\'s tokens from the blob of its (disassembly, blob) pair, and a SYSTEMMEM texture\'s data from pSharedHandle', () => {
    const tokens = Uint32Array.of(0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0xc00f0000, 0x90e40000, 0x0000ffff);
    const tb = new Uint8Array(tokens.buffer);
    const init = bytes(4 * 4 * 4, 9);
    const c = withDevice()
      .call('IDirect3DDevice9::CreateVertexShader', { this: ptr(0xde00), pFunction: { kind: 'repr', human: 'vs_2_0\n', machine: blob(tb) }, ppShader: ref(ptr(0x700)) }, 0)
      .call('IDirect3DDevice9::CreateTexture', {
        this: ptr(0xde00), Width: 4, Height: 4, Levels: 1, Usage: 0, Format: 21, Pool: 2, ppTexture: ref(ptr(0x800)), pSharedHandle: ref(blob(init)),
      }, 0);
    const { records } = run(c);
    expect(records[2].args.pFunction).toEqual(tb);
    expect(records[2].created).toBe(3);
    expect(records[3].args.pSharedHandleData).toEqual(init);
    expect(records[3].args.pSharedHandle).toBe(0);
  });

  it('lists the D3D9 calls it cannot map with counts and first call numbers, the calls outside D3D9 apart, and goes on', () => {
    const c = new Calls()
      .call('CreateWindowExA', { dwExStyle: 0 }, ptr(0x20044))
      .call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
      .call('CreateWindowExA', { dwExStyle: 0 }, ptr(0x20046))
      .call('IDirect3DDevice9::BeginScene', { this: ptr(0xbad) }, 0)
      .call('IDirect3D9::GetAdapterCount', { this: ptr(0xd3d0) }, 1)
      .call('CreateDXGIFactory', { riid: 0 }, 0);
    const foreign: ForeignCall[] = [];
    const { records, imp } = run(c, new CaptureImporter({ onForeign: (f) => foreign.push(f) }));
    expect(records.map((r) => r.command)).toEqual(['Direct3DCreate9', 'GetAdapterCount']);
    expect(records[1].args.ReturnValue).toBe(1);
    expect(imp.unmapped).toEqual([
      { name: 'IDirect3DDevice9::BeginScene', reason: 'its object was not made by a mapped call', count: 1, first: [3] },
    ]);
    expect(imp.foreign).toEqual([
      { name: 'CreateWindowExA', reason: 'not a Direct3D 9 call', count: 2, first: [0, 2] },
      { name: 'CreateDXGIFactory', reason: 'not a Direct3D 9 call', count: 1, first: [5] },
    ]);
    // each with the replay9 call it came before and its text as `apitrace dump` prints it
    expect(foreign).toEqual([
      { before: 0, source: 0, text: '0 CreateWindowExA(dwExStyle = 0) = 0x20044' },
      { before: 1, source: 2, text: '2 CreateWindowExA(dwExStyle = 0) = 0x20046' },
      { before: 2, source: 5, text: '5 CreateDXGIFactory(riid = 0) = 0' },
    ]);
  });

  it('maps DrawRectPatch and DrawTriPatch: the one segment count apitrace records of pNumSegs goes to every edge (with a note), NULL stays NULL', () => {
    const INVALIDCALL = 0x8876086c | 0;
    const rect = struct('D3DRECTPATCH_INFO', { StartVertexOffsetWidth: 0, StartVertexOffsetHeight: 1, Width: 4, Height: 4, Stride: 4, Basis: 0, Degree: 3 });
    const tri = struct('D3DTRIPATCH_INFO', { StartVertexOffset: 0, NumVertices: 10, Basis: 0, Degree: 3 });
    const c = withDevice()
      .call('IDirect3DDevice9::DrawRectPatch', { this: ptr(0xde00), Handle: 0, pNumSegs: ref(f(2.5)), pRectPatchInfo: ref(rect) }, INVALIDCALL)
      .call('IDirect3DDevice9::DrawTriPatch', { this: ptr(0xde00), Handle: 5, pNumSegs: ref(f(3)), pTriPatchInfo: ref(tri) }, INVALIDCALL)
      .call('IDirect3DDevice9::DrawTriPatch', { this: ptr(0xde00), Handle: 6, pNumSegs: null, pTriPatchInfo: null }, INVALIDCALL);
    const { records, imp } = run(c);
    expect(imp.unmapped).toEqual([]);
    expect(records.slice(2)).toMatchObject([
      { command: 'DrawRectPatch', result: 0x8876086c, args: { Handle: 0, pNumSegs: { Edge0: 2.5, Edge1: 2.5, Edge2: 2.5, Edge3: 2.5 }, pRectPatchInfo: { StartVertexOffsetHeight: 1, Width: 4, Degree: 3 } } },
      { command: 'DrawTriPatch', args: { Handle: 5, pNumSegs: { Edge0: 3, Edge1: 3, Edge2: 3 }, pTriPatchInfo: { NumVertices: 10, Degree: 3 } } },
      { command: 'DrawTriPatch', args: { Handle: 6, pNumSegs: null, pTriPatchInfo: null } },
    ]);
    expect(imp.notes.map((n) => n.message)).toEqual(["IDirect3DDevice9::DrawRectPatch: apitrace records only the first edge's count of pNumSegs; every edge takes it"]);
    // replay9's device has no D3DDEVCAPS_RTPATCHES either: the same INVALIDCALL
    expect(replay(records).findings).toEqual([]);
  });

  it('maps D3DPERF markers onto replay9\'s D3DPERF calls', () => {
    const c = new Calls()
      .call('D3DPERF_BeginEvent', { col: 0xff808080, wszName: { kind: 'wstring', text: 'Draw' } }, 0)
      .call('D3DPERF_EndEvent', {}, 0);
    const { records } = run(c);
    expect(records).toMatchObject([{ command: 'PerfBeginEvent', args: { wszName: 'Draw', col: 0xff808080 } }, { command: 'PerfEndEvent' }]);
  });

  it('notes an adapter answer that differs from replay9\'s and replays replay9\'s; a D3D9 rule\'s answer stays', () => {
    const NOTAVAILABLE = 0x8876086a;
    const INVALIDCALL = 0x8876086c;
    const check = (fmt: number, ret: number): [string, Record<string, import('../../src/capture/model.js').Value>, number] => [
      'IDirect3D9::CheckDeviceFormat', { this: ptr(0xd3d0), Adapter: 0, DeviceType: 1, AdapterFormat: 22, Usage: 0, RType: 3, CheckFormat: fmt }, ret,
    ];
    const c = new Calls().call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
      .call(...check(0x31545844, 0)) // the capture's adapter has DXT1: say replay9 has not
      .call(...check(12345, INVALIDCALL | 0));
    const oracle = { checkResult: (r: CallRecord): number => (r.args.CheckFormat === 12345 ? 0 : NOTAVAILABLE) };
    const { records, imp } = run(c, new CaptureImporter({ oracle }));
    expect(records[1].result).toBe(NOTAVAILABLE);
    expect(records[2].result).toBe(INVALIDCALL);
    expect(imp.notes).toHaveLength(1);
    expect(imp.notes[0]).toMatchObject({ call: 1, source: 1 });
    expect(imp.notes[0].message).toMatch(/D3D_OK at record time; replay9 answers D3DERR_NOTAVAILABLE/);
  });

  it('takes GetAdapterIdentifier\'s strings, driver version and GUID out of D3DADAPTER_IDENTIFIER9 by member name', () => {
    const guid = struct('GUID', { Data1: 0x12345678, Data2: 0x9abc, Data3: 0xdef0, Data4: arr(1, 2, 3, 4, 5, 6, 7, 8) });
    const id = struct('D3DADAPTER_IDENTIFIER9', {
      Driver: 'aticfx64.dll', Description: 'Radeon', DeviceName: '\\\\.\\DISPLAY1', DriverVersion: 0x0008001100000005,
      VendorId: 0x1002, DeviceId: 0x73bf, SubSysId: 7, Revision: 0xc1, DeviceIdentifier: guid, WHQLLevel: 1,
    });
    const c = new Calls().call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
      .call('IDirect3D9::GetAdapterIdentifier', { this: ptr(0xd3d0), Adapter: 0, Flags: 0, pIdentifier: ref(id) }, 0);
    const { records, imp } = run(c);
    expect(imp.unmapped).toEqual([]);
    expect(records[1].args).toMatchObject({
      Driver: 'aticfx64.dll', Description: 'Radeon', DeviceIdentifier: '12345678-9abc-def0-0102-030405060708',
      // LARGE_INTEGER 0x0008001100000005: the low DWORD, then the high one
      pIdentifier: { DriverVersionLowPart: 5, DriverVersionHighPart: 0x00080011, VendorId: 0x1002, DeviceId: 0x73bf, WHQLLevel: 1 },
    });
    // an adapter's identity varies by machine (r9 varies): at replay a difference is a note, not a mismatch
    expect(replay(records).findings.filter((f) => f.kind !== 'note')).toEqual([]);
  });

  it('lists the caps the application saw that differ from replay9\'s as one note, naming each member', () => {
    const caps = struct('D3DCAPS9', { DeviceType: 1, AdapterOrdinal: 0, MaxTextureWidth: 16384, VS20Caps: struct('D3DVSHADERCAPS2_0', { Caps: 1, NumTemps: 32 }) });
    const c = new Calls().call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
      .call('IDirect3D9::GetDeviceCaps', { this: ptr(0xd3d0), Adapter: 0, DeviceType: 1, pCaps: ref(caps) }, 0);
    const mine = new Map([['DeviceType', 1], ['AdapterOrdinal', 0], ['MaxTextureWidth', 8192], ['VS20Caps.Caps', 1], ['VS20Caps.NumTemps', 12]]);
    const { records, imp } = run(c, new CaptureImporter({ oracle: { caps: () => mine } }));
    expect(records[1]).toMatchObject({ command: 'GetDeviceCaps', args: { Adapter: 0, DeviceType: 1 } });
    expect(imp.notes.map((n) => n.message)).toEqual([
      'IDirect3D9::GetDeviceCaps: the application saw other caps than replay9 has: MaxTextureWidth 0x4000 (replay9: 0x2000), VS20Caps.NumTemps 32 (replay9: 12)',
    ]);
  });

  it('notes a display mode the capture\'s adapter listed past the end of replay9\'s list, and replays replay9\'s INVALIDCALL', async () => {
    const { deviceOracle } = await import('../../src/cli/capture-open.js');
    const mode = struct('D3DDISPLAYMODE', { Width: 7680, Height: 4320, RefreshRate: 60, Format: 22 });
    const c = new Calls().call('Direct3DCreate9', { SDKVersion: 32 }, ptr(0xd3d0))
      .call('IDirect3D9::EnumAdapterModes', { this: ptr(0xd3d0), Adapter: 0, Format: 22, Mode: 4000, pMode: ref(mode) }, 0);
    const { records, imp } = run(c, new CaptureImporter({ oracle: deviceOracle() }));
    expect(records[1]).toMatchObject({ command: 'EnumAdapterModes', result: 0x8876086c, args: { pMode: null } });
    expect(imp.notes.map((n) => n.message)).toEqual(['IDirect3D9::EnumAdapterModes: the application was told D3D_OK at record time; replay9 answers D3DERR_INVALIDCALL']);
    expect(replay(records).findings).toEqual([]);
  });

  it('leaves out GetData polls the capture\'s GPU answered S_FALSE and GetData of timing queries, with one note each', () => {
    const S_FALSE = 1;
    const query = (p: number, type: number): [string, Record<string, import('../../src/capture/model.js').Value>, number] => [
      'IDirect3DDevice9::CreateQuery', { this: ptr(0xde00), Type: type, ppQuery: ref(ptr(p)) }, 0,
    ];
    const getData = (p: number, ret: number, data: import('../../src/capture/model.js').Value): [string, Record<string, import('../../src/capture/model.js').Value>, number] => [
      'IDirect3DQuery9::GetData', { this: ptr(p), pData: data, dwSize: 4, dwGetDataFlags: 1 }, ret,
    ];
    const left: number[] = [];
    const c = withDevice()
      .call(...query(0x900, 8)) // D3DQUERYTYPE_EVENT
      .call('IDirect3DQuery9::Issue', { this: ptr(0x900), dwIssueFlags: 1 }, 0)
      .call(...getData(0x900, S_FALSE, null))
      .call(...getData(0x900, S_FALSE, null))
      .call(...getData(0x900, 0, ref(1)))
      .call(...query(0x910, 10)) // D3DQUERYTYPE_TIMESTAMP: the capture machine's clock
      .call('IDirect3DQuery9::Issue', { this: ptr(0x910), dwIssueFlags: 1 }, 0)
      .call(...getData(0x910, 0, ref(29441720283635n)));
    const { records, imp } = run(c, new CaptureImporter({ onLeftOut: (n) => left.push(n) }));
    expect(left).toEqual([4, 5, 9]);
    expect(records.filter((r) => r.command === 'QueryGetData').map((r) => r.result)).toEqual([0]);
    expect(imp.notes).toHaveLength(2);
    expect(replay(records).findings).toEqual([]);
  });
});
