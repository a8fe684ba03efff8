/**
 * The adapter, miscellaneous and D3D9Ex calls recorded on the emulated device: their text form
 * (strings, gamma ramps as 768 numbers, one-field struct lists), binary → text → binary, a clean
 * replay, machine-dependent out-values (`varies`) reported as notes rather than mismatches, and
 * snapshots keeping the device's miscellaneous state.
 */
import { describe, expect, it } from 'vitest';
import type { Direct3D9, Direct3D9Ex, DeviceEx } from '../../src/api/index.js';
import { D3DCOMPOSERECTSOP, D3DCREATE, D3DDEVTYPE, D3DENUM, D3DFMT, D3DPOOL, D3DSCANLINEORDERING, D3DSGR, D3DUSAGE } from '../../src/d3d9/index.js';
import type { IDirect3DDevice9 } from '../../src/device/types.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { captureSnapshot, restoreObjects } from '../../src/device/snapshot.js';
import { Replayer } from '../../src/replay/replayer.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';

function scene(d3d: Direct3D9, name: (n: string) => void, createEx: (v: number) => { hr: number; d3d?: Direct3D9Ex }): void {
  d3d.GetAdapterCount();
  d3d.GetAdapterModeCount(0, D3DFMT.X8R8G8B8);
  d3d.EnumAdapterModes(0, D3DFMT.X8R8G8B8, 1);
  d3d.EnumAdapterModes(0, D3DFMT.A8R8G8B8, 0);
  d3d.GetAdapterDisplayMode(0);
  d3d.GetAdapterIdentifier(0, D3DENUM.WHQL_LEVEL);
  d3d.GetAdapterMonitor(0);
  d3d.CheckDeviceType(0, D3DDEVTYPE.HAL, D3DFMT.R5G6B5, D3DFMT.X8R8G8B8, false);
  name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as IDirect3DDevice9 & Direct3D9;
  dev.GetDirect3D().d3d!.Release();
  dev.GetCreationParameters();
  dev.GetAvailableTextureMem();
  dev.SetGammaRamp(0, D3DSGR.NO_CALIBRATION, { red: new Uint16Array(256).fill(3), green: new Uint16Array(256).fill(2), blue: new Uint16Array(256).fill(1) });
  dev.GetGammaRamp(0);
  dev.ShowCursor(true);
  dev.ValidateDevice();
  dev.D3DPERF_GetStatus();
  dev.D3DPERF_SetRegion(0xff0000ff, 'region');
  name('ex');
  const ex = createEx(32).d3d!;
  ex.GetAdapterLUID(0);
  ex.GetAdapterDisplayModeEx(0);
  ex.EnumAdapterModesEx(0, { Size: 12, Format: D3DFMT.R5G6B5, ScanLineOrdering: D3DSCANLINEORDERING.PROGRESSIVE }, 0);
  name('devex');
  const dx = ex.CreateDeviceEx(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP, null).device as DeviceEx;
  dx.SetMaximumFrameLatency(7);
  dx.GetMaximumFrameLatency();
  name('src');
  const src = dx.CreateOffscreenPlainSurfaceEx(16, 2, D3DFMT.A1, D3DPOOL.DEFAULT, null, D3DUSAGE.TEXTAPI).surface!;
  name('dst');
  const dst = dx.CreateOffscreenPlainSurfaceEx(16, 2, D3DFMT.A1, D3DPOOL.DEFAULT, null, D3DUSAGE.TEXTAPI).surface!;
  name('vb');
  const vb = dx.CreateVertexBuffer(16, 0, 0, D3DPOOL.DEFAULT).vertexBuffer!;
  vb.Lock(0, 0, 0).data!.set(new Uint8Array(new Uint16Array([0, 0, 8, 1, 0, 0, 3, 1]).buffer));
  vb.Unlock();
  dx.ComposeRects(src, dst, vb, 1, vb, D3DCOMPOSERECTSOP.NEG, 0, 0);
  dx.CheckResourceResidency([src, vb], 2);
  dx.SetConvolutionMonoKernel(2, 1, [0.5, 0.25], null);
  name('sysmem');
  dx.CreateTexture(2, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, Uint8Array.from({ length: 16 }, (_, i) => i + 1));
}

const record = (): Uint8Array => recordBytes(scene);
const replay = (text: string): Replayer => new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(text)));

describe('adapter, miscellaneous and D3D9Ex calls in a trace', () => {
  it('print their arguments and out-values readably', () => {
    const text = toText(record());
    expect(text).toContain('d3d1.GetAdapterIdentifier(0, D3DENUM_WHQL_LEVEL) -> {Driver: "replay9.dll", Description: "replay9 software device", DeviceName: "\\\\\\\\.\\\\DISPLAY1", DeviceIdentifier: "00000000-0000-0000-0000-000000000000", pIdentifier: {DriverVersionLowPart: 1, DriverVersionHighPart: 589824, VendorId: 0, DeviceId: 0, SubSysId: 0, Revision: 0, WHQLLevel: 0}}');
    expect(text).toContain('d3d1.EnumAdapterModes(0, D3DFMT_X8R8G8B8, 1) -> {pMode: {Width: 800, Height: 600, RefreshRate: 60, Format: D3DFMT_X8R8G8B8}}');
    expect(text).toContain('d3d1.EnumAdapterModes(0, D3DFMT_A8R8G8B8, 0) -> D3DERR_INVALIDCALL');
    expect(text).toContain('d3d1.GetAdapterMonitor(0) -> {ReturnValue: 0x00010001}');
    expect(text).toContain('d3d1.CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5, D3DFMT_X8R8G8B8, FALSE) -> D3DERR_NOTAVAILABLE');
    expect(text).toMatch(/dev\.SetGammaRamp\(0, D3DSGR_NO_CALIBRATION, \[(3, ){256}(2, ){256}(1, ){255}1\]\)/);
    expect(text).toMatch(/dev\.GetGammaRamp\(0\) -> \{pRamp: \[(3, ){256}(2, ){256}(1, ){255}1\]\}/);
    expect(text).toContain('dev.GetCreationParameters() -> {pParameters: {AdapterOrdinal: 0, DeviceType: D3DDEVTYPE_HAL, hFocusWindow: NULL, BehaviorFlags: D3DCREATE_SOFTWARE_VERTEXPROCESSING}}');
    expect(text).toContain('dev.ShowCursor(TRUE) -> {ReturnValue: FALSE}');
    expect(text).toContain('dev.ValidateDevice() -> {pNumPasses: 1}');
    expect(text).toContain('D3DPERF_SetRegion(0xff0000ff, "region")');
    expect(text).toContain('ex = Direct3DCreate9Ex(32)');
    expect(text).toContain('ex.GetAdapterLUID(0) -> {pLUID: {LowPart: 1, HighPart: 0}}');
    expect(text).toContain('ex.GetAdapterDisplayModeEx(0) -> {pMode: {Size: 24, Width: 1920, Height: 1080, RefreshRate: 60, Format: D3DFMT_X8R8G8B8, ScanLineOrdering: D3DSCANLINEORDERING_PROGRESSIVE}, pRotation: D3DDISPLAYROTATION_IDENTITY}');
    expect(text).toContain('devex = ex.CreateDeviceEx(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {');
    expect(text).toContain('devex.GetMaximumFrameLatency() -> {pMaxLatency: 7}');
    expect(text).toContain('devex.ComposeRects(src, dst, vb, 1, vb, D3DCOMPOSERECTS_NEG, 0, 0)');
    expect(text).toContain('devex.CheckResourceResidency([{src}, {vb}], 2)');
    expect(text).toContain('devex.SetConvolutionMonoKernel(2, 1, [{0.5}, {0.25}], NULL)');
    // the memory behind pSharedHandle rides as a trailing argument; plain creations show none
    expect(text).toContain('sysmem = devex.CreateTexture(2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, 0x00000001, hex"0102030405060708090a0b0c0d0e0f10")');
    expect(text).toContain('vb = devex.CreateVertexBuffer(16, 0, 0, D3DPOOL_DEFAULT, NULL)');
  });

  it('go binary → text → binary byte-identically and replay without findings', () => {
    const bin = record();
    const text = toText(bin);
    expect(sameBytes(bin, fromText(text))).toBe(true);
    expect(replay(text).findings).toEqual([]);
  });

  it('a machine-dependent out-value that differs is a note; another out-value that differs is a mismatch', () => {
    const text = toText(record());
    const other = text.replace('ex.GetAdapterLUID(0) -> {pLUID: {LowPart: 1, HighPart: 0}}', 'ex.GetAdapterLUID(0) -> {pLUID: {LowPart: 77, HighPart: 0}}')
      .replace('devex.GetMaximumFrameLatency() -> {pMaxLatency: 7}', 'devex.GetMaximumFrameLatency() -> {pMaxLatency: 6}');
    const f = replay(other).findings;
    expect(f.map((x) => [x.kind, x.method, x.parameter])).toEqual([
      ['note', 'IDirect3D9Ex::GetAdapterLUID', 'pLUID'],
      ['mismatch', 'IDirect3DDevice9Ex::GetMaximumFrameLatency', 'pMaxLatency'],
    ]);
  });

  it('a gamma ramp list of the wrong length is refused with its place', () => {
    const text = toText(record()).replace(/dev\.SetGammaRamp\(0, D3DSGR_NO_CALIBRATION, \[3, /, 'dev.SetGammaRamp(0, D3DSGR_NO_CALIBRATION, [');
    expect(() => fromText(text)).toThrow(/t?\.r9t:\d+:\d+.*768 numbers/);
  });

  it('snapshots keep the creator, gamma ramp and Ex settings of a device', () => {
    const r = new Replayer();
    r.run(TraceReader.fromBytes(record()));
    const t = r.tables();
    const snap = captureSnapshot(t.handles, { callsReplayed: r.callsReplayed, frames: 0, perfDepth: 0, profile: 'dx9', missing: [], names: [], findings: [] });
    const objs = restoreObjects(snap.objects);
    const devs = snap.handles.filter((h) => h.kind === 'Device').map((h) => objs[h.object] as Device);
    const [dev, devex] = devs;
    expect(dev.GetGammaRamp(0).ramp!.red[10]).toBe(3);
    expect(dev.GetDirect3D().d3d).toBe(objs[snap.handles.find((h) => h.kind === 'Direct3D9')!.object]);
    expect(devex.ex).toBe(true);
    expect(devex.GetMaximumFrameLatency().maxLatency).toBe(7);
    expect(devex.misc.convolution.rows).toEqual([0.5, 0.25]);
    const sysmem = r.object(snap.handles.at(-1)!.id)!.obj as { levels: Surface[] };
    expect([...sysmem.levels[0].data]).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });
});
