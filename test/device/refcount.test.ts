/**
 * Reference counts as D3D9 keeps them, step by step after Wine dlls/d3d9/tests/device.c
 * test_refcount (validated on Windows): a device holds its IDirect3D9; every object a device
 * creates holds the device; Get* calls AddRef what they return; a texture's levels share its
 * count; the swap chain's surfaces start at 0, hold the device only while above 0 and are not
 * freed at 0; Set* bindings add no reference; a device released while children live stays alive
 * until the last one goes.
 */
import { describe, expect, it } from 'vitest';
import { D3DDECL_END, D3DFMT, D3DFVF, D3DPOOL, D3DSBT, D3D_OK } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { Direct3D9 } from '../../src/device/direct3d9.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { RefCounted } from '../../src/device/ref-counted.js';
import type { IUnknown } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

/** Wine's get_refcount: AddRef then Release, which returns the count. */
const count = (o: IUnknown): number => {
  o.AddRef();
  return o.Release();
};

function setup(): { d3d: Direct3D9; dev: Device } {
  const d3d = Direct3DCreate9(32) as Direct3D9;
  const dev = d3d.CreateDevice(0, 1, null, 0x20, { ...PP }).device as Device;
  return { d3d, dev };
}

describe('reference counts (Wine device.c test_refcount)', () => {
  it('a device holds its IDirect3D9', () => {
    const { d3d, dev } = setup();
    expect(count(dev)).toBe(1);
    expect(count(d3d)).toBe(2);
    expect(dev.Release()).toBe(0);
    expect(count(d3d)).toBe(1);
  });

  it('implicit surfaces: created at 0, a Get adds a device reference, 0 frees nothing, AddRef at 0 is fine', () => {
    const { dev } = setup();
    let refcount = count(dev);
    const rt = dev.GetRenderTarget(0).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(rt)).toBe(1);
    expect(rt.AddRef()).toBe(2);
    expect(count(dev)).toBe(refcount);
    expect(rt.Release()).toBe(1);
    expect(count(dev)).toBe(refcount);
    expect(dev.GetRenderTarget(0).surface).toBe(rt);
    expect(count(rt)).toBe(2);
    expect(rt.Release()).toBe(1);
    expect(rt.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
    // released with the device, so AddRef at 0 is fine
    expect(rt.AddRef()).toBe(1);
    expect(count(dev)).toBe(++refcount);
    expect(rt.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
    // render target and back buffer are one surface
    const bb = dev.GetBackBuffer(0, 0, 0).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(bb.Release()).toBe(0);
    expect(bb).toBe(rt);
    expect(count(dev)).toBe(--refcount);
    const ds = dev.GetDepthStencilSurface().surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(ds)).toBe(1);
    expect(ds.AddRef()).toBe(2);
    expect(count(dev)).toBe(refcount);
    expect(ds.Release()).toBe(1);
    expect(ds.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
    expect(ds.AddRef()).toBe(1);
    expect(count(dev)).toBe(++refcount);
    expect(ds.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
  });

  it('every created object adds a device reference; Set* adds none; levels share the texture count; cleanup in Wine order', () => {
    const { d3d, dev } = setup();
    let refcount = count(dev);
    const ib = dev.CreateIndexBuffer(16, 0, D3DFMT.INDEX32, D3DPOOL.DEFAULT).indexBuffer!;
    expect(count(dev)).toBe(++refcount);
    let tmp = count(ib);
    expect(dev.SetIndices(ib)).toBe(D3D_OK);
    expect(count(ib)).toBe(tmp);
    expect(dev.SetIndices(null)).toBe(D3D_OK);
    expect(count(ib)).toBe(tmp);

    const vb = dev.CreateVertexBuffer(16, 0, D3DFVF.XYZ, D3DPOOL.DEFAULT).vertexBuffer!;
    expect(count(dev)).toBe(++refcount);
    tmp = count(vb);
    expect(dev.SetStreamSource(0, vb, 0, 12)).toBe(D3D_OK);
    expect(count(vb)).toBe(tmp);
    expect(dev.SetStreamSource(0, null, 0, 0)).toBe(D3D_OK);
    expect(count(vb)).toBe(tmp);
    const stream = dev.GetStreamSource(0);
    expect(stream.hr).toBe(D3D_OK);
    expect(stream.streamData).toBeNull();

    const decl = dev.CreateVertexDeclaration([D3DDECL_END]).vertexDeclaration!;
    expect(count(dev)).toBe(++refcount);

    const tex = dev.CreateTexture(32, 32, 3, 0, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).texture!;
    expect(count(dev)).toBe(++refcount);
    tmp = count(tex);
    expect(dev.SetTexture(0, tex)).toBe(D3D_OK);
    expect(count(tex)).toBe(tmp);
    expect(dev.SetTexture(0, null)).toBe(D3D_OK);
    expect(count(tex)).toBe(tmp);
    const level = tex.GetSurfaceLevel(1).surface!;
    expect(count(dev)).toBe(refcount);
    expect(count(tex)).toBe(tmp + 1);
    expect(count(level)).toBe(tmp + 1);
    expect(level.AddRef()).toBe(tmp + 2);
    expect(count(tex)).toBe(tmp + 2);
    expect(level.Release()).toBe(tmp + 1);
    expect(count(tex)).toBe(tmp + 1);
    expect(tex.Release()).toBe(tmp);
    expect(count(level)).toBe(tmp);

    const cube = dev.CreateCubeTexture(32, 0, 0, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).cubeTexture!;
    expect(count(dev)).toBe(++refcount);
    const vt = dev.CreateVolumeTexture(32, 32, 2, 0, 0, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).volumeTexture!;
    expect(count(dev)).toBe(++refcount);
    tmp = count(vt);
    const volume = vt.GetVolumeLevel(0).volume!;
    expect(count(dev)).toBe(refcount);
    expect(count(vt)).toBe(tmp + 1);
    expect(count(volume)).toBe(tmp + 1);
    expect(volume.AddRef()).toBe(tmp + 2);
    expect(count(vt)).toBe(tmp + 2);
    expect(volume.Release()).toBe(tmp + 1);
    expect(vt.Release()).toBe(tmp);
    expect(count(volume)).toBe(tmp);

    const ds = dev.CreateDepthStencilSurface(32, 32, D3DFMT.D24S8, 0, 0, true).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(ds)).toBe(1);
    const off = dev.CreateOffscreenPlainSurface(32, 32, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(off)).toBe(1);
    const rt3 = dev.CreateRenderTarget(32, 32, D3DFMT.X8R8G8B8, 0, 0, true).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(rt3)).toBe(1);
    const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
    expect(count(dev)).toBe(++refcount);
    expect(dev.BeginStateBlock()).toBe(D3D_OK);
    expect(count(dev)).toBe(refcount);
    const sb1 = dev.EndStateBlock().stateBlock!;
    expect(count(dev)).toBe(++refcount);
    // the implicit render target is not freed at 0: GetRenderTarget hands back the same surface
    const rt = dev.GetRenderTarget(0).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(rt.Release()).toBe(0);
    expect(dev.GetRenderTarget(0).surface).toBe(rt);
    expect(rt.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);

    // cleanup: the device lives on while its children hold it
    const release = (o: IUnknown): void => {
      o.Release();
      expect(count(dev)).toBe(--refcount);
    };
    release(dev);
    for (const o of [vb, ib, decl, level, cube, vt, ds, off, rt3, sb]) release(o);
    expect(refcount).toBe(1);
    // this destroys the device, which releases its IDirect3D9
    expect(sb1.Release()).toBe(0);
    expect((dev as unknown as RefCounted).refCount).toBe(0);
    expect(d3d.Release()).toBe(0);
  });

  it('Get* calls add a reference to the object they return; GetDevice adds one to the device', () => {
    const { dev } = setup();
    const tex = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    const vb = dev.CreateVertexBuffer(16, 0, 0, D3DPOOL.MANAGED).vertexBuffer!;
    const ib = dev.CreateIndexBuffer(16, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!;
    const decl = dev.CreateVertexDeclaration([D3DDECL_END]).vertexDeclaration!;
    dev.SetTexture(0, tex);
    dev.SetStreamSource(0, vb, 0, 4);
    dev.SetIndices(ib);
    dev.SetVertexDeclaration(decl);
    expect(dev.GetTexture(0).texture).toBe(tex);
    expect(count(tex)).toBe(2);
    expect(dev.GetStreamSource(0).streamData).toBe(vb);
    expect(count(vb)).toBe(2);
    expect(dev.GetIndices().indexData).toBe(ib);
    expect(count(ib)).toBe(2);
    expect(dev.GetVertexDeclaration().vertexDeclaration).toBe(decl);
    expect(count(decl)).toBe(2);
    const before = count(dev);
    expect(tex.GetDevice().device).toBe(dev);
    expect(count(dev)).toBe(before + 1);
  });
});

describe('reference counts of queries, shaders and swap chains (Wine device.c test_refcount)', () => {
  it('each created query, shader and additional swap chain holds the device until its last Release', () => {
    const { dev } = setup();
    let refcount = count(dev);
    const q = dev.CreateQuery(8 /* D3DQUERYTYPE_EVENT */).query!;
    expect(count(dev)).toBe(++refcount);
    const vs = dev.CreateVertexShader(new Uint32Array([0xfffe0101, 0x0000ffff])).vertexShader!;
    expect(count(dev)).toBe(++refcount);
    const ps = dev.CreatePixelShader(new Uint32Array([0xffff0101, 0x0000ffff])).pixelShader!;
    expect(count(dev)).toBe(++refcount);
    const sc = dev.CreateAdditionalSwapChain({ ...PP }).swapChain!;
    expect(count(dev)).toBe(++refcount);
    expect(count(sc)).toBe(1);
    // GetDevice adds a device reference
    expect(q.GetDevice().device).toBe(dev);
    expect(count(dev)).toBe(++refcount);
    expect(dev.Release()).toBe(--refcount);
    for (const o of [q, vs, ps, sc]) {
      expect(o.Release()).toBe(0);
      expect(count(dev)).toBe(--refcount);
    }
  });

  it('the implicit swap chain is the device\'s own: GetSwapChain(0) makes it 1 and adds a device reference, Release makes both go back', () => {
    const { dev } = setup();
    let refcount = count(dev);
    const sc = dev.GetSwapChain(0).swapChain!;
    expect(count(dev)).toBe(++refcount);
    expect(count(sc)).toBe(1);
    expect(sc.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
    // still the device's, and handed out again
    expect(dev.GetSwapChain(0).swapChain).toBe(sc);
    expect(sc.Release()).toBe(0);
  });

  it('queries, shaders and swap chains answer QueryInterface for their own interface and IUnknown only', () => {
    const { dev } = setup();
    const q = dev.CreateQuery(8).query! as unknown as RefCounted;
    const sc = dev.CreateAdditionalSwapChain({ ...PP }).swapChain! as unknown as RefCounted;
    expect(q.QueryInterface('d9771460-a695-4f26-bbd3-27b840b541cc').hr).toBe(D3D_OK); // IID_IDirect3DQuery9
    expect(q.QueryInterface('794950f2-adfc-458a-905e-10a10b0b503b').hr).not.toBe(D3D_OK); // IID_IDirect3DSwapChain9
    expect(sc.QueryInterface('794950f2-adfc-458a-905e-10a10b0b503b').hr).toBe(D3D_OK);
    // a plain device's swap chain is no IDirect3DSwapChain9Ex
    expect(sc.QueryInterface('91886caf-1c3d-4d2e-a0ab-3e4c7d8d3303').hr).not.toBe(D3D_OK);
  });
});

describe('containers and unbound streams (Wine device.c test_refcount)', () => {
  const IID_SWAPCHAIN = '794950f2-adfc-458a-905e-10a10b0b503b';
  const IID_DEVICE = 'd0223b96-bf7a-43fd-92bd-a43b0d82b9eb';

  it('the render target\'s container is the implicit swap chain; the auto depth-stencil\'s is the device', () => {
    const { dev } = setup();
    const sc = dev.GetSwapChain(0).swapChain!;
    const rt = dev.GetRenderTarget(0).surface!;
    const got = rt.GetContainer(IID_SWAPCHAIN);
    expect(got.hr).toBe(D3D_OK);
    expect(got.container).toBe(sc);
    expect(rt.GetContainer(IID_DEVICE).hr).not.toBe(D3D_OK);
    const ds = dev.GetDepthStencilSurface().surface!;
    expect(ds.GetContainer(IID_DEVICE).container).toBe(dev);
    expect(ds.GetContainer(IID_SWAPCHAIN).hr).not.toBe(D3D_OK);
  });

  it('an additional chain\'s back buffer: GetBackBuffer adds a device reference, not one on the chain, and its container is the chain', () => {
    const { dev } = setup();
    const sc = dev.CreateAdditionalSwapChain({ ...PP }).swapChain!;
    let refcount = count(dev);
    const bb = sc.GetBackBuffer(0, 0).surface!;
    expect(count(dev)).toBe(++refcount);
    expect(count(sc)).toBe(1);
    expect(count(bb)).toBe(1);
    expect(bb.GetContainer(IID_SWAPCHAIN).container).toBe(sc);
    expect(bb.Release()).toBe(0);
    expect(count(dev)).toBe(--refcount);
  });

  it('SetStreamSource(NULL) keeps the stream\'s stride: GetStreamSource reads NULL, offset 0, the old stride', () => {
    const { dev } = setup();
    const vb = dev.CreateVertexBuffer(16, 0, D3DFVF.XYZ, D3DPOOL.DEFAULT).vertexBuffer!;
    expect(dev.SetStreamSource(0, vb, 0, 12)).toBe(D3D_OK);
    expect(dev.SetStreamSource(0, null, 0, 0)).toBe(D3D_OK);
    const s = dev.GetStreamSource(0);
    expect(s.streamData).toBeNull();
    expect([s.offsetInBytes, s.stride]).toEqual([0, 12]);
  });
});
