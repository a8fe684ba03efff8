/**
 * Out-values (schema fields marked r9 "out ..."): what a Get* call returns through its out-pointers
 * is recorded, printed after the result, read back, and compared at replay. The D3D9 rules of the
 * getters are Windows-validated expectations from Wine's d3d9 tests (named per case).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/api/index.js';
import {
  D3DCREATE, D3DDEVTYPE, D3DERR, D3DFMT, D3DFVF, D3DPOOL, D3DRS, D3DRTYPE, D3DSWAPEFFECT, D3DTS, D3DUSAGE, D3DZB, D3D_OK,
} from '../../src/d3d9/index.js';
import type { D3DPRESENT_PARAMETERS, IDirect3DDevice9, IDirect3DTexture9, IDirect3DVertexBuffer9, IDirect3DIndexBuffer9 } from '../../src/device/types.js';
import { Replayer } from '../../src/replay/replayer.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';

const PP: D3DPRESENT_PARAMETERS = {
  BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
  MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
  AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
};

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
`;

function replay(text: string): Replayer {
  return new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(text)));
}

function device(flags: number = D3DCREATE.SOFTWARE_VERTEXPROCESSING): IDirect3DDevice9 {
  const d3d = Direct3DCreate9(32)!;
  return d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, flags, PP).device as IDirect3DDevice9;
}

/** Every getter with out-values, on state the scene set (recorded on the emulated device). */
function getterScene(d3d: Parameters<Parameters<typeof recordBytes>[0]>[0], name: (n: string) => void): void {
  name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as IDirect3DDevice9;
  name('tex');
  const tex = dev.CreateTexture(8, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture as IDirect3DTexture9;
  name('cube');
  const cube = dev.CreateCubeTexture(4, 1, D3DUSAGE.RENDERTARGET, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).cubeTexture!;
  name('vb');
  const vb = dev.CreateVertexBuffer(60, D3DUSAGE.WRITEONLY, D3DFVF.XYZRHW | D3DFVF.DIFFUSE, D3DPOOL.DEFAULT).vertexBuffer as IDirect3DVertexBuffer9;
  name('ib');
  const ib = dev.CreateIndexBuffer(12, 0, D3DFMT.INDEX16, D3DPOOL.DEFAULT).indexBuffer as IDirect3DIndexBuffer9;
  dev.SetRenderState(D3DRS.FOGEND, 0x3f400000);
  dev.SetTexture(1, cube);
  dev.SetTransform(D3DTS.VIEW, { _11: 2, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: -0.5, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1 });
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  dev.SetStreamSource(0, vb, 20, 20);
  dev.SetIndices(ib);
  dev.LightEnable(3, true);
  dev.GetRenderState(D3DRS.ZENABLE);
  dev.GetRenderState(D3DRS.FOGEND);
  dev.GetSamplerState(0, 1);
  dev.GetTextureStageState(0, 1);
  dev.GetTexture(0);
  dev.GetTexture(1).texture!.Release();
  dev.GetTexture(16);
  dev.GetTransform(D3DTS.VIEW);
  dev.GetTransform(D3DTS.PROJECTION);
  dev.GetViewport();
  dev.GetScissorRect();
  dev.GetFVF();
  dev.GetStreamSource(0).streamData!.Release();
  dev.GetStreamSource(1);
  dev.GetIndices().indexData!.Release();
  dev.GetMaterial();
  dev.GetLight(3);
  dev.GetLight(4);
  dev.GetLightEnable(3);
  dev.GetSoftwareVertexProcessing();
  dev.GetNPatchMode();
  const bb = dev.GetBackBuffer(0, 0, 0).surface!;
  bb.GetDesc();
  tex.GetLevelDesc(1);
  tex.GetLevelDesc(9);
  tex.GetLevelCount();
  tex.GetAutoGenFilterType();
  tex.GetLOD();
  cube.GetLevelDesc(0);
  cube.GetLevelCount();
  cube.GetAutoGenFilterType();
  cube.GetLOD();
  vb.GetDesc();
  ib.GetDesc();
}

describe('out-values in the text form', () => {
  const bin = recordBytes((d3d, name) => getterScene(d3d, name));
  const text = toText(bin);
  const lines = text.split('\n');

  it.each([
    // defaults (Wine stateblock.c render_state_default_data_init: ZENABLE is D3DZB_TRUE with an auto depth stencil)
    'dev.GetRenderState(D3DRS_ZENABLE) -> {pValue: D3DZB_TRUE}',
    'dev.GetRenderState(D3DRS_FOGEND) -> {pValue: 0.75}',
    'dev.GetTexture(0) -> {ppTexture: NULL}',
    'dev.GetTexture(1) -> {ppTexture: cube}',
    'dev.GetTexture(16) -> D3DERR_INVALIDCALL',
    'dev.GetTransform(D3DTS_VIEW) -> {pMatrix: {_11: 2, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: -0.5, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1}}',
    'dev.GetViewport() -> {pViewport: {X: 0, Y: 0, Width: 16, Height: 8, MinZ: 0, MaxZ: 1}}',
    'dev.GetScissorRect() -> {pRect: {0, 0, 16, 8}}',
    'dev.GetFVF() -> {pFVF: D3DFVF_XYZRHW | D3DFVF_DIFFUSE}',
    'dev.GetStreamSource(0) -> {ppStreamData: vb, pOffsetInBytes: 20, pStride: 20}',
    'dev.GetStreamSource(1) -> {ppStreamData: NULL, pOffsetInBytes: 0, pStride: 0}',
    'dev.GetIndices() -> {ppIndexData: ib}',
    'dev.GetLight(4) -> D3DERR_INVALIDCALL',
    'dev.GetLightEnable(3) -> {pEnable: 128}',
    'dev.GetSoftwareVertexProcessing() -> {ReturnValue: TRUE}',
    'dev.GetNPatchMode() -> {ReturnValue: 0}',
    'tex.GetLevelDesc(1) -> {pDesc: {Format: D3DFMT_A8R8G8B8, Type: D3DRTYPE_SURFACE, Usage: 0, Pool: D3DPOOL_MANAGED, MultiSampleType: D3DMULTISAMPLE_NONE, MultiSampleQuality: 0, Width: 4, Height: 2}}',
    'tex.GetLevelDesc(9) -> D3DERR_INVALIDCALL',
    'tex.GetLevelCount() -> {ReturnValue: 4}',
    // a texture without D3DUSAGE_AUTOGENMIPMAP has no filter (test/device/autogen-mips.test.ts)
    'tex.GetAutoGenFilterType() -> {ReturnValue: D3DTEXF_NONE}',
    'cube.GetLevelCount() -> {ReturnValue: 1}',
    'vb.GetDesc() -> {pDesc: {Format: D3DFMT_VERTEXDATA, Type: D3DRTYPE_VERTEXBUFFER, Usage: D3DUSAGE_WRITEONLY, Pool: D3DPOOL_DEFAULT, Size: 60, FVF: D3DFVF_XYZRHW | D3DFVF_DIFFUSE}}',
    'ib.GetDesc() -> {pDesc: {Format: D3DFMT_INDEX16, Type: D3DRTYPE_INDEXBUFFER, Usage: 0, Pool: D3DPOOL_DEFAULT, Size: 12}}',
  ])('prints %s', (line) => {
    expect(lines).toContain(line);
  });

  it('converts binary → text → binary byte-identically, and replays without findings', () => {
    expect(sameBytes(fromText(text), bin)).toBe(true);
    expect(replay(text).findings).toEqual([]);
  });

  it('reads out-values given in any order, and refuses unknown ones', () => {
    const a = fromText(`${HEAD}dev.GetStreamSource(0) -> {pStride: 0, ppStreamData: NULL, pOffsetInBytes: 0}\n`);
    const b = fromText(`${HEAD}dev.GetStreamSource(0) -> {ppStreamData: NULL, pOffsetInBytes: 0, pStride: 0}\n`);
    expect(sameBytes(a, b)).toBe(true);
    expect(() => fromText(`${HEAD}dev.GetFVF() -> {pValue: 0}\n`)).toThrow(/3:.*GetFVF has no out-value 'pValue'/);
    expect(() => fromText(`${HEAD}dev.SetFVF(0) -> {pValue: 0}\n`)).toThrow(/returns no out-values/);
  });
});

describe('out-values at replay', () => {
  it('a recorded value the device does not return is a mismatch naming the call, the parameter and both values', () => {
    const r = replay(`${HEAD}dev.GetRenderState(D3DRS_ZENABLE) -> {pValue: D3DZB_FALSE}\n`);
    expect(r.findings).toEqual([{
      kind: 'mismatch', call: 2, line: 3, method: 'IDirect3DDevice9::GetRenderState', parameter: 'pValue',
      expected: 'D3DZB_FALSE', actual: 'D3DZB_TRUE',
      message: 'call 2: IDirect3DDevice9::GetRenderState returned pValue D3DZB_TRUE, the trace recorded D3DZB_FALSE',
    }]);
  });

  it('objects are compared by identity', () => {
    const r = replay(`${HEAD}tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
other = dev.CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
dev.SetTexture(0, tex)
dev.GetTexture(0) -> {ppTexture: other}
`);
    expect(r.findings.map((f) => [f.kind, f.parameter, f.expected, f.actual])).toEqual([['mismatch', 'ppTexture', 'other', 'tex']]);
  });

  it('a struct out-value differing in one field is a mismatch', () => {
    const r = replay(`${HEAD}dev.GetViewport() -> {pViewport: {X: 0, Y: 0, Width: 16, Height: 8, MinZ: 0, MaxZ: 0.5}}\n`);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ kind: 'mismatch', parameter: 'pViewport', expected: '{X: 0, Y: 0, Width: 16, Height: 8, MinZ: 0, MaxZ: 0.5}', actual: '{X: 0, Y: 0, Width: 16, Height: 8, MinZ: 0, MaxZ: 1}' });
  });

  it('a failed call compares its HRESULT only', () => {
    const r = replay(`${HEAD}dev.GetLight(0) -> D3DERR_INVALIDCALL\ndev.GetLight(0) -> {pLight: NULL}\n`);
    expect(r.findings.map((f) => [f.call, f.kind, f.expected, f.actual])).toEqual([[3, 'mismatch', 'D3D_OK', 'D3DERR_INVALIDCALL']]);
  });
});

describe('D3D9 rules of the getters', () => {
  it('returned objects are AddRef\'d: each Get* needs its Release (Wine device.c test_refcount)', () => {
    const dev = device();
    const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).texture!;
    const vb = dev.CreateVertexBuffer(60, 0, 0, D3DPOOL.MANAGED, null).vertexBuffer!;
    const ib = dev.CreateIndexBuffer(12, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED, null).indexBuffer!;
    dev.SetTexture(0, tex);
    dev.SetStreamSource(0, vb, 0, 20);
    dev.SetIndices(ib);
    // binding holds no reference the application can see; each Get* adds one
    expect(dev.GetTexture(0).texture).toBe(tex);
    expect(dev.GetTexture(0).texture).toBe(tex);
    expect(tex.Release()).toBe(2);
    expect(tex.Release()).toBe(1);
    expect(dev.GetStreamSource(0).streamData).toBe(vb);
    expect(vb.Release()).toBe(1);
    expect(dev.GetIndices().indexData).toBe(ib);
    expect(ib.Release()).toBe(1);
    expect(tex.Release()).toBe(0);
  });

  it('the recorder sees the API\'s Release counts after Get*', () => {
    const text = toText(recordBytes((d3d, name) => {
      name('dev');
      const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, PP).device as IDirect3DDevice9;
      name('tex');
      const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
      dev.SetTexture(0, tex);
      const got = dev.GetTexture(0).texture!;
      expect(got).toBe(tex);
      got.Release();
      tex.Release();
    }));
    expect(text).toContain('dev.GetTexture(0) -> {ppTexture: tex}\ntex.Release() -> 1\ntex.Release()\n');
  });

  it('unset state reads back as its default (Wine stateblock.c render_state_default_data_init, transform_default_data, light_default_data)', () => {
    const dev = device();
    expect(dev.GetRenderState(D3DRS.ZENABLE)).toEqual({ hr: D3D_OK, value: D3DZB.TRUE });
    expect(dev.GetRenderState(D3DRS.FOGDENSITY)).toEqual({ hr: D3D_OK, value: 0x3f800000 });
    expect(dev.GetRenderState(D3DRS.STENCILMASK)).toEqual({ hr: D3D_OK, value: 0xffffffff });
    expect(dev.GetTransform(D3DTS.WORLD).matrix).toEqual({ _11: 1, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: 1, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1 });
    expect(dev.GetTexture(0)).toEqual({ hr: D3D_OK, texture: null });
    expect(dev.GetIndices()).toEqual({ hr: D3D_OK, indexData: null });
    expect(dev.GetStreamSource(0)).toEqual({ hr: D3D_OK, streamData: null, offsetInBytes: 0, stride: 0 });
    expect(dev.GetFVF()).toEqual({ hr: D3D_OK, fvf: 0 });
    // a light only enabled is the default light, and enabled reads back as 128 (light_test_data_out)
    expect(dev.LightEnable(2, true)).toBe(D3D_OK);
    expect(dev.GetLight(2).light).toMatchObject({ Type: 3, Diffuse: { r: 1, g: 1, b: 1, a: 0 }, Direction: { x: 0, y: 0, z: 1 } });
    expect(dev.GetLightEnable(2)).toEqual({ hr: D3D_OK, enable: 128 });
  });

  it('out-of-range indices and lights never set are D3DERR_INVALIDCALL (Wine stateblock.c light_initial_data; device.c test_set_stream_source)', () => {
    const dev = device();
    expect(dev.GetLight(0).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetLightEnable(0).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetTexture(16).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetStreamSource(16).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetRenderState(256).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('GetRenderTarget past NumSimultaneousRTs is INVALIDCALL; GetDepthStencilSurface with none bound is D3DERR_NOTFOUND (Wine device.c test_reset, d3d9ex.c test_reset_ex)', () => {
    const dev = device();
    const rts = Direct3DCreate9(32)!.GetDeviceCaps(0, D3DDEVTYPE.HAL).caps!.NumSimultaneousRTs;
    expect(dev.GetRenderTarget(rts).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.GetRenderTarget(rts - 1).hr).not.toBe(D3DERR.INVALIDCALL);
    expect(dev.SetDepthStencilSurface(null)).toBe(D3D_OK);
    expect(dev.GetDepthStencilSurface()).toEqual({ hr: D3DERR.NOTFOUND });
  });

  it('Get* while a state block records returns the device state, not what was recorded (Wine stateblock.c rendertarget_stateblock_events: EVENT_CHECK_DEFAULT while recording)', () => {
    const dev = device();
    expect(dev.BeginStateBlock()).toBe(D3D_OK);
    dev.SetRenderState(D3DRS.ZENABLE, D3DZB.FALSE);
    dev.SetFVF(D3DFVF.XYZ);
    expect(dev.GetRenderState(D3DRS.ZENABLE).value).toBe(D3DZB.TRUE);
    expect(dev.GetFVF().fvf).toBe(0);
    const sb = dev.EndStateBlock().stateBlock!;
    expect(sb.Apply()).toBe(D3D_OK);
    expect(dev.GetRenderState(D3DRS.ZENABLE).value).toBe(D3DZB.FALSE);
    expect(dev.GetFVF().fvf).toBe(D3DFVF.XYZ);
  });

  it('GetSoftwareVertexProcessing follows the creation flags', () => {
    expect(device(D3DCREATE.SOFTWARE_VERTEXPROCESSING).GetSoftwareVertexProcessing()).toBe(true);
    expect(device(D3DCREATE.HARDWARE_VERTEXPROCESSING).GetSoftwareVertexProcessing()).toBe(false);
  });

  it('resource descriptions: a texture level is a D3DRTYPE_SURFACE of the level size', () => {
    const dev = device();
    const tex = dev.CreateTexture(8, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).texture!;
    expect(tex.GetLevelCount()).toBe(4);
    expect(tex.GetLevelDesc(3)).toMatchObject({ hr: D3D_OK, desc: { Type: D3DRTYPE.SURFACE, Width: 1, Height: 1, Format: D3DFMT.A8R8G8B8 } });
    expect(tex.GetLevelDesc(4)).toEqual({ hr: D3DERR.INVALIDCALL });
  });
});
