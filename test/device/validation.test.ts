/**
 * What Windows answers for each call, one row per (call, arguments, state):
 * every application mistake is an HRESULT, and a failing call changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3D9, D3DPRESENT_PARAMETERS } from '../../src/device/types.js';
import {
  D3DCREATE, D3DDEVTYPE, D3DERR, D3DFMT, D3DMULTISAMPLE, D3DPOOL, D3DRS, D3DRTYPE, D3DSBT, D3DTS, D3DUSAGE, D3D_OK, HR,
} from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const d3d = (): IDirect3D9 => Direct3DCreate9(32)!;
function device(pp: Partial<D3DPRESENT_PARAMETERS> = {}): Device {
  const r = d3d().CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, { ...PP, ...pp });
  expect(r.hr).toBe(D3D_OK);
  return r.device as Device;
}

/** Everything a setter could change, as plain data. */
function snapshot(dev: Device): string {
  const s = dev.state;
  return JSON.stringify({
    rs: [...s.renderStates], ss: s.samplerStates.map((a) => [...a]), ts: s.stageStates.map((a) => [...a]),
    tex: s.textures.map((t) => t !== null), xf: [...s.transforms].sort((a, b) => a[0] - b[0]), vp: s.viewport, sc: s.scissor,
    fvf: s.fvf, streams: s.streams.map((x) => [x.buffer !== null, x.offset, x.stride]), ib: s.indices !== null, mat: s.material,
    lights: [...s.lights].sort((a, b) => a[0] - b[0]), rt: s.renderTargets.map((r) => r?.width ?? null), ds: s.depthStencil?.width ?? null,
  });
}

const IC = D3DERR.INVALIDCALL;
const NA = D3DERR.NOTAVAILABLE;

describe('IDirect3D9 answers as Windows does', () => {
  const createRows: Array<[string, Partial<D3DPRESENT_PARAMETERS> | null, number, number, number]> = [
    ['a valid windowed device', {}, 0, D3DDEVTYPE.HAL, D3D_OK],
    ['adapter 1 of a one-adapter system', {}, 1, D3DDEVTYPE.HAL, IC],
    ['an unknown device type', {}, 0, 7, IC],
    ['a depth format as back buffer', { BackBufferFormat: D3DFMT.D16 }, 0, D3DDEVTYPE.HAL, IC],
    ['four back buffers', { BackBufferCount: 4 }, 0, D3DDEVTYPE.HAL, IC],
    ['swap effect 0', { SwapEffect: 0 }, 0, D3DDEVTYPE.HAL, IC],
    ['a colour format as auto depth-stencil', { AutoDepthStencilFormat: D3DFMT.A8R8G8B8 }, 0, D3DDEVTYPE.HAL, IC],
    ['3 samples (not offered)', { MultiSampleType: 3 }, 0, D3DDEVTYPE.HAL, IC],
    ['NULL present parameters', null, 0, D3DDEVTYPE.HAL, IC],
  ];
  for (const [what, pp, adapter, type, hr] of createRows) {
    it(`CreateDevice: ${what} → ${hr === D3D_OK ? 'D3D_OK' : 'an error'}`, () => {
      const r = d3d().CreateDevice(adapter, type, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, pp === null ? (null as unknown as D3DPRESENT_PARAMETERS) : { ...PP, ...pp });
      expect(r.hr >>> 0).toBe(hr >>> 0);
      expect(r.device !== undefined).toBe(hr === D3D_OK);
    });
  }

  const X8 = D3DFMT.X8R8G8B8;
  const formatRows: Array<[string, number, number, number, number, number]> = [
    // [what, adapter format, usage, resource type, format, expected]
    ['UNKNOWN adapter format', D3DFMT.UNKNOWN, 0, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8, IC],
    ['a non-display adapter format', D3DFMT.A8R8G8B8, 0, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8, NA],
    ['A8R8G8B8 render target surface', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.SURFACE, D3DFMT.A8R8G8B8, D3D_OK],
    ['R5G6B5 render target texture', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.TEXTURE, D3DFMT.R5G6B5, D3D_OK],
    ['a depth format as render target', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.SURFACE, D3DFMT.D24S8, NA],
    ['D24S8 depth-stencil surface', X8, D3DUSAGE.DEPTHSTENCIL, D3DRTYPE.SURFACE, D3DFMT.D24S8, D3D_OK],
    ['D24S8 depth-stencil texture (not sampleable)', X8, D3DUSAGE.DEPTHSTENCIL, D3DRTYPE.TEXTURE, D3DFMT.D24S8, NA],
    ['INTZ depth-stencil texture', X8, D3DUSAGE.DEPTHSTENCIL, D3DRTYPE.TEXTURE, D3DFMT.INTZ, D3D_OK],
    ['a depth format as a plain texture', X8, 0, D3DRTYPE.TEXTURE, D3DFMT.D16, NA],
    ['DXT1 texture', X8, 0, D3DRTYPE.TEXTURE, D3DFMT.DXT1, D3D_OK],
    ['DXT1 render target', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.TEXTURE, D3DFMT.DXT1, NA],
    ['an A8R8G8B8 volume texture', X8, 0, D3DRTYPE.VOLUMETEXTURE, D3DFMT.A8R8G8B8, D3D_OK],
    ['a depth format as a volume texture', X8, 0, D3DRTYPE.VOLUMETEXTURE, D3DFMT.D24S8, NA],
    ['a volume render target', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.VOLUMETEXTURE, D3DFMT.A8R8G8B8, NA],
    ['vertex data in a vertex buffer', X8, 0, D3DRTYPE.VERTEXBUFFER, D3DFMT.VERTEXDATA, D3D_OK],
    ['32-bit indices', X8, 0, D3DRTYPE.INDEXBUFFER, D3DFMT.INDEX32, D3D_OK],
    ['sRGB reads of A8R8G8B8', X8, D3DUSAGE.QUERY_SRGBREAD, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8, D3D_OK],
    ['sRGB reads of R5G6B5', X8, D3DUSAGE.QUERY_SRGBREAD, D3DRTYPE.TEXTURE, D3DFMT.R5G6B5, NA],
    ['sRGB writes to X8R8G8B8', X8, D3DUSAGE.RENDERTARGET | D3DUSAGE.QUERY_SRGBWRITE, D3DRTYPE.SURFACE, D3DFMT.X8R8G8B8, D3D_OK],
    ['vertex textures of R32F (vs_3_0 texldl)', X8, D3DUSAGE.QUERY_VERTEXTEXTURE, D3DRTYPE.TEXTURE, D3DFMT.R32F, D3D_OK],
    ['vertex textures of A32B32G32R32F', X8, D3DUSAGE.QUERY_VERTEXTEXTURE, D3DRTYPE.TEXTURE, D3DFMT.A32B32G32R32F, D3D_OK],
    ['vertex textures of A8R8G8B8 (not a vertex texture format)', X8, D3DUSAGE.QUERY_VERTEXTEXTURE, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8, NA],
    ['mip generation of A8R8G8B8', X8, D3DUSAGE.AUTOGENMIPMAP, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8, D3D_OK],
    ['mip generation of DXT1 (success without mips)', X8, D3DUSAGE.AUTOGENMIPMAP, D3DRTYPE.TEXTURE, D3DFMT.DXT1, HR.D3DOK_NOAUTOGEN],
    ['XR_BIAS as a back-buffer surface', X8, D3DUSAGE.RENDERTARGET, D3DRTYPE.SURFACE, D3DFMT.A2B10G10R10_XR_BIAS, D3D_OK],
    ['XR_BIAS as a texture', X8, 0, D3DRTYPE.TEXTURE, D3DFMT.A2B10G10R10_XR_BIAS, NA],
  ];
  for (const [what, af, usage, rtype, format, hr] of formatRows) {
    it(`CheckDeviceFormat: ${what}`, () => {
      expect(d3d().CheckDeviceFormat(0, D3DDEVTYPE.HAL, af, usage, rtype, format) >>> 0).toBe(hr >>> 0);
    });
  }
  it('CheckDeviceFormat: adapter 1 is INVALIDCALL', () => {
    expect(d3d().CheckDeviceFormat(1, D3DDEVTYPE.HAL, X8, 0, D3DRTYPE.TEXTURE, D3DFMT.A8R8G8B8)).toBe(IC);
  });

  it('CheckDeviceFormatConversion: YUV and back-buffer formats into the documented targets only', () => {
    const c = (s: number, t: number): number => d3d().CheckDeviceFormatConversion(0, D3DDEVTYPE.HAL, s, t);
    expect(c(D3DFMT.YUY2, D3DFMT.X8R8G8B8)).toBe(D3D_OK);
    expect(c(D3DFMT.UYVY, D3DFMT.A16B16G16R16F)).toBe(D3D_OK);
    expect(c(D3DFMT.X8R8G8B8, D3DFMT.R5G6B5)).toBe(D3D_OK);
    expect(c(D3DFMT.DXT1, D3DFMT.X8R8G8B8)).toBe(NA);
    expect(c(D3DFMT.YUY2, D3DFMT.L8)).toBe(NA);
    expect(d3d().CheckDeviceFormatConversion(3, D3DDEVTYPE.HAL, D3DFMT.YUY2, X8)).toBe(IC);
  });

  it('CheckDepthStencilMatch and CheckDeviceMultiSampleType', () => {
    expect(d3d().CheckDepthStencilMatch(0, D3DDEVTYPE.HAL, X8, D3DFMT.A8R8G8B8, D3DFMT.D24S8)).toBe(D3D_OK);
    expect(d3d().CheckDepthStencilMatch(0, D3DDEVTYPE.HAL, X8, D3DFMT.D16, D3DFMT.D24S8)).toBe(NA);
    expect(d3d().CheckDeviceMultiSampleType(0, D3DDEVTYPE.HAL, D3DFMT.A8R8G8B8, true, D3DMULTISAMPLE['4_SAMPLES'])).toEqual({ hr: D3D_OK, qualityLevels: 1 });
    expect(d3d().CheckDeviceMultiSampleType(0, D3DDEVTYPE.HAL, D3DFMT.A8R8G8B8, true, D3DMULTISAMPLE.NONMASKABLE)).toEqual({ hr: D3D_OK, qualityLevels: 4 });
    expect(d3d().CheckDeviceMultiSampleType(0, D3DDEVTYPE.HAL, D3DFMT.A8R8G8B8, true, 3).hr).toBe(NA);
    expect(d3d().CheckDeviceMultiSampleType(0, D3DDEVTYPE.HAL, D3DFMT.DXT1, true, 2).hr).toBe(NA);
  });

  it('GetDeviceCaps: two-sided stencil, StretchRect filters and the profile\'s DevCaps2', () => {
    const caps = d3d().GetDeviceCaps(0, D3DDEVTYPE.HAL).caps!;
    expect(caps.StencilCaps).toBe(0x1ff);
    expect(caps.StretchRectFilterCaps).toBe(0x03000300);
    expect(caps.DevCaps2 & 0x10).toBe(0x10);
    expect(Direct3DCreate9(32, 'dx8')!.GetDeviceCaps(0, D3DDEVTYPE.HAL).caps!.DevCaps2 & 0x10).toBe(0);
    expect(caps.NumSimultaneousRTs).toBe(4);
    expect(d3d().GetDeviceCaps(1, D3DDEVTYPE.HAL).hr).toBe(IC);
  });
});

describe('IDirect3DDevice9 refuses mistakes and changes nothing when it does', () => {
  type Row = [string, (dev: Device) => number];
  const rows: Row[] = [
    ['SetRenderTarget index 4 (four simultaneous targets)', (d) => d.SetRenderTarget(4, d.backBuffer)],
    ['SetRenderTarget 0 to NULL', (d) => d.SetRenderTarget(0, null)],
    ['SetRenderTarget to an offscreen plain surface', (d) => d.SetRenderTarget(0, d.CreateOffscreenPlainSurface(4, 4, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).surface!)],
    ['SetDepthStencilSurface to a render target', (d) => d.SetDepthStencilSurface(d.backBuffer)],
    ['SetRenderState of state 300', (d) => d.SetRenderState(300, 1)],
    ['SetSamplerState of sampler 16', (d) => d.SetSamplerState(16, 1, 1)],
    ['SetTextureStageState of stage 8', (d) => d.SetTextureStageState(8, 1, 1)],
    ['SetTexture of stage 16', (d) => d.SetTexture(16, null)],
    ['SetTexture with a surface', (d) => d.SetTexture(0, d.backBuffer as never)],
    ['SetTransform with NULL', (d) => d.SetTransform(D3DTS.WORLD, null)],
    ['SetViewport past the render target', (d) => d.SetViewport({ X: 60, Y: 0, Width: 8, Height: 8, MinZ: 0, MaxZ: 1 })],
    ['SetViewport with MinZ 2', (d) => d.SetViewport({ X: 0, Y: 0, Width: 8, Height: 8, MinZ: 2, MaxZ: 1 })],
    ['SetStreamSource of stream 16', (d) => d.SetStreamSource(16, null, 0, 0)],
    ['SetLight of type 4', (d) => d.SetLight(0, { Type: 4 } as never)],
    ['SetMaterial with NULL', (d) => d.SetMaterial(null)],
    ['EndScene outside a scene', (d) => d.EndScene()],
    ['BeginScene inside a scene', (d) => { d.BeginScene(); return d.BeginScene(); }],
    ['EndStateBlock without BeginStateBlock', (d) => d.EndStateBlock().hr],
    ['BeginStateBlock twice', (d) => { d.BeginStateBlock(); return d.BeginStateBlock(); }],
    ['CreateStateBlock of type 4', (d) => d.CreateStateBlock(4).hr],
    ['CreateStateBlock while recording', (d) => { d.BeginStateBlock(); return d.CreateStateBlock(D3DSBT.ALL).hr; }],
    ['Reset while a DEFAULT render target is alive', (d) => { d.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false); return d.Reset({ ...PP }); }],
    ['Reset while a back-buffer reference is held', (d) => { d.GetBackBuffer(0, 0, 0); return d.Reset({ ...PP }); }],
    ['Reset to a depth back-buffer format', (d) => d.Reset({ ...PP, BackBufferFormat: D3DFMT.D16 })],
    ['GetBackBuffer of back buffer 1 of 1', (d) => d.GetBackBuffer(0, 1, 0).hr],
    ['GetBackBuffer of swap chain 1', (d) => d.GetBackBuffer(1, 0, 0).hr],
    ['GetRenderTarget index 4 (past NumSimultaneousRTs)', (d) => d.GetRenderTarget(4).hr],
  ];
  for (const [what, call] of rows) {
    it(what, () => {
      const dev = device();
      dev.SetRenderState(D3DRS.ALPHAREF, 7);
      const before = snapshot(dev);
      expect(call(dev) >>> 0).toBe(IC >>> 0);
      expect(snapshot(dev)).toBe(before);
    });
  }

  it('Reset succeeds once DEFAULT resources are released, and returns every state to its default', () => {
    const dev = device();
    const rt = dev.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false).surface!;
    dev.SetRenderState(D3DRS.ALPHAREF, 7);
    expect(dev.Reset({ ...PP })).toBe(IC);
    expect(rt.Release()).toBe(0);
    // MANAGED and SYSTEMMEM resources survive a Reset
    dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED);
    expect(dev.Reset({ ...PP, BackBufferWidth: 32, BackBufferHeight: 16 })).toBe(D3D_OK);
    expect(dev.state.renderStates[D3DRS.ALPHAREF]).toBe(0);
    expect([dev.backBuffer.width, dev.backBuffer.height]).toEqual([32, 16]);
    expect(dev.state.viewport).toEqual({ X: 0, Y: 0, Width: 32, Height: 16, MinZ: 0, MaxZ: 1 });
  });

  it('GetDepthStencilSurface is NOTFOUND with no depth buffer', () => {
    expect(device({ EnableAutoDepthStencil: false }).GetDepthStencilSurface().hr).toBe(D3DERR.NOTFOUND);
  });
});

describe('state blocks', () => {
  it('a recorded block holds what was set while recording, and recording does not change the device', () => {
    const dev = device();
    expect(dev.BeginStateBlock()).toBe(D3D_OK);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetFVF(0x44);
    expect(dev.state.renderStates[D3DRS.ZENABLE]).toBe(1);
    expect(dev.state.fvf).toBe(0);
    const sb = dev.EndStateBlock().stateBlock!;
    dev.SetRenderState(D3DRS.ALPHAREF, 9);
    expect(sb.Apply()).toBe(D3D_OK);
    expect([dev.state.renderStates[D3DRS.ZENABLE], dev.state.fvf, dev.state.renderStates[D3DRS.ALPHAREF]]).toEqual([0, 0x44, 9]);
  });

  it('Capture re-reads only the entries the block holds', () => {
    const dev = device();
    dev.BeginStateBlock();
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    const sb = dev.EndStateBlock().stateBlock!;
    dev.SetRenderState(D3DRS.ZENABLE, 2);
    dev.SetRenderState(D3DRS.ALPHAREF, 3);
    expect(sb.Capture()).toBe(D3D_OK);
    dev.SetRenderState(D3DRS.ZENABLE, 1);
    dev.SetRenderState(D3DRS.ALPHAREF, 4);
    sb.Apply();
    expect([dev.state.renderStates[D3DRS.ZENABLE], dev.state.renderStates[D3DRS.ALPHAREF]]).toEqual([2, 4]);
  });

  it('PIXELSTATE holds pixel states (ALPHAREF) but not vertex-only ones (LIGHTING) nor textures', () => {
    const dev = device();
    const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    dev.SetRenderState(D3DRS.ALPHAREF, 5);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    const sb = dev.CreateStateBlock(D3DSBT.PIXELSTATE).stateBlock!;
    dev.SetRenderState(D3DRS.ALPHAREF, 6);
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    dev.SetTexture(0, tex);
    sb.Apply();
    expect([dev.state.renderStates[D3DRS.ALPHAREF], dev.state.renderStates[D3DRS.LIGHTING], dev.state.textures[0] !== null]).toEqual([5, 1, true]);
  });

  it('VERTEXSTATE holds LIGHTING, the FVF and the lights, not ALPHAREF', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetFVF(0x142);
    dev.LightEnable(2, true);
    const sb = dev.CreateStateBlock(D3DSBT.VERTEXSTATE).stateBlock!;
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    dev.SetRenderState(D3DRS.ALPHAREF, 6);
    dev.SetFVF(0x2);
    dev.LightEnable(2, false);
    sb.Apply();
    expect([dev.state.renderStates[D3DRS.LIGHTING], dev.state.renderStates[D3DRS.ALPHAREF], dev.state.fvf, dev.state.lights.get(2)?.enabled]).toEqual([0, 6, 0x142, true]);
  });

  it('ALL holds textures, transforms, viewport and streams too', () => {
    const dev = device();
    const tex = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    dev.SetTexture(3, tex);
    const m = { _11: 2, _12: 0, _13: 0, _14: 0, _21: 0, _22: 2, _23: 0, _24: 0, _31: 0, _32: 0, _33: 2, _34: 0, _41: 1, _42: 2, _43: 3, _44: 1 };
    dev.SetTransform(D3DTS.VIEW, m);
    dev.SetViewport({ X: 1, Y: 1, Width: 8, Height: 8, MinZ: 0.5, MaxZ: 1 });
    const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
    dev.SetTexture(3, null);
    dev.SetTransform(D3DTS.VIEW, { ...m, _41: 0 });
    dev.SetViewport({ X: 0, Y: 0, Width: 4, Height: 4, MinZ: 0, MaxZ: 1 });
    sb.Apply();
    expect(dev.state.textures[3]).toBe(tex);
    expect(dev.state.transform(D3DTS.VIEW)).toEqual(m);
    expect(dev.state.viewport).toEqual({ X: 1, Y: 1, Width: 8, Height: 8, MinZ: 0.5, MaxZ: 1 });
  });

  it('Capture and Apply are refused while a block is being recorded', () => {
    const dev = device();
    const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
    dev.BeginStateBlock();
    expect(sb.Capture()).toBe(IC);
    expect(sb.Apply()).toBe(IC);
  });
});
