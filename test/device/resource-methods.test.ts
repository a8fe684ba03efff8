/**
 * IUnknown::QueryInterface and the IDirect3DResource9 / IDirect3DSurface9 / IDirect3DVolume9 /
 * IDirect3DBaseTexture9 methods against Windows-validated expectations: Wine dlls/d3d9/tests/device.c
 * test_private_data, test_surface_get_container, test_getdc, test_lod; the D3D9 documentation for
 * priorities, GetType and GetDeclaration.
 */
import { describe, expect, it } from 'vitest';
import {
  D3DDECLMETHOD, D3DDECLTYPE, D3DDECLUSAGE, D3DDECL_END, D3DERR, D3DFMT, D3DFVF, D3DLOCK, D3DPOOL, D3DPT, D3DRS, D3DRTYPE, D3DSAMP, D3DSPD,
  D3DTEXF, D3DTOP, D3DTSS, D3DUSAGE, D3D_OK, HR, IID,
} from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { Direct3D9 } from '../../src/device/direct3d9.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Surface } from '../../src/device/surface.js';
import type { IUnknown } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const count = (o: IUnknown): number => {
  o.AddRef();
  return o.Release();
};
function device(ex = false): Device {
  const d3d = Direct3DCreate9(32) as Direct3D9;
  const dev = d3d.CreateDevice(0, 1, null, 0x20, { ...PP }).device as Device;
  return ex ? Object.assign(Object.create(Object.getPrototypeOf(dev) as object) as Device, dev, { ex: true }) : dev;
}
const GUID1 = 'fdb37466-428f-4edf-a37f-9b1df488c5fc';
const GUID2 = '2e5afac2-87b5-4c10-9b4b-89d7d112e72b';

describe('QueryInterface', () => {
  it('answers the object itself, AddRef\'d, for IUnknown, its own interface and its parents; E_NOINTERFACE and NULL otherwise', () => {
    const dev = device();
    const tex = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    for (const iid of [IID.IUnknown, IID.IDirect3DTexture9, IID.IDirect3DBaseTexture9, IID.IDirect3DResource9]) {
      const before = count(tex);
      expect(tex.QueryInterface(iid)).toEqual({ hr: D3D_OK, ppvObject: tex });
      expect(count(tex)).toBe(before + 1);
    }
    for (const iid of [IID.IDirect3DSurface9, IID.IDirect3DCubeTexture9, IID.IDirect3DDevice9, GUID1]) {
      const before = count(tex);
      expect(tex.QueryInterface(iid)).toEqual({ hr: HR.E_NOINTERFACE });
      expect(count(tex)).toBe(before);
    }
    const level = tex.GetSurfaceLevel(0).surface!;
    expect(level.QueryInterface(IID.IDirect3DResource9).ppvObject).toBe(level);
    expect(level.QueryInterface(IID.IDirect3DBaseTexture9).hr).toBe(HR.E_NOINTERFACE);
    const vt = dev.CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!;
    const vol = vt.GetVolumeLevel(0).volume!;
    expect(vol.QueryInterface(IID.IDirect3DVolume9).ppvObject).toBe(vol);
    // IDirect3DVolume9 derives from IUnknown, not IDirect3DResource9
    expect(vol.QueryInterface(IID.IDirect3DResource9).hr).toBe(HR.E_NOINTERFACE);
  });

  it('answers IDirect3DDevice9Ex and IDirect3D9Ex only on objects made as Ex', () => {
    const dev = device();
    expect(dev.QueryInterface(IID.IDirect3DDevice9).ppvObject).toBe(dev);
    expect(dev.QueryInterface(IID.IDirect3DDevice9Ex).hr).toBe(HR.E_NOINTERFACE);
    const d3d = Direct3DCreate9(32) as Direct3D9;
    expect(d3d.QueryInterface(IID.IDirect3D9Ex).hr).toBe(HR.E_NOINTERFACE);
    const Ctor = d3d.constructor as new (profile: 'dx9', ex: boolean) => Direct3D9;
    const d3dex = new Ctor('dx9', true);
    expect(d3dex.QueryInterface(IID.IDirect3D9Ex).ppvObject).toBe(d3dex);
    expect(d3dex.QueryInterface(IID.IDirect3D9).ppvObject).toBe(d3dex);
    const devex = device(true);
    expect(devex.QueryInterface(IID.IDirect3DDevice9Ex).hr).toBe(D3D_OK);
  });
});

describe('private data (Wine device.c test_private_data)', () => {
  it('D3DSPD_IUNKNOWN wants sizeof(IUnknown *); a failed call keeps the old entry; the store holds a reference', () => {
    const dev = device();
    const surface = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH).surface!;
    for (const size of [0, 5, 8]) expect(surface.SetPrivateData(GUID1, dev, size, D3DSPD.IUNKNOWN)).toBe(D3DERR.INVALIDCALL);
    expect(surface.SetPrivateData(GUID1, dev, 4, D3DSPD.IUNKNOWN)).toBe(D3D_OK);
    expect(surface.SetPrivateData(GUID1, dev, 8, D3DSPD.IUNKNOWN)).toBe(D3DERR.INVALIDCALL);
    const got = surface.GetPrivateData(GUID1, true, 4);
    expect(got).toEqual({ hr: D3D_OK, object: dev, sizeOfData: 4 });
    dev.Release();
    expect(surface.FreePrivateData(GUID1)).toBe(D3D_OK);

    let refcount = count(dev);
    expect(surface.SetPrivateData(GUID1, dev, 4, D3DSPD.IUNKNOWN)).toBe(D3D_OK);
    expect(count(dev)).toBe(++refcount);
    expect(surface.FreePrivateData(GUID1)).toBe(D3D_OK);
    expect(count(dev)).toBe(--refcount);
    // replacing an entry releases the object it held
    expect(surface.SetPrivateData(GUID1, dev, 4, D3DSPD.IUNKNOWN)).toBe(D3D_OK);
    expect(surface.SetPrivateData(GUID1, surface, 4, D3DSPD.IUNKNOWN)).toBe(D3D_OK);
    expect(count(dev)).toBe(refcount);

    expect(surface.SetPrivateData(GUID1, dev, 4, D3DSPD.IUNKNOWN)).toBe(D3D_OK);
    expect(surface.GetPrivateData(GUID1, true, 8)).toEqual({ hr: D3D_OK, object: dev, sizeOfData: 4 });
    expect(count(dev)).toBe(refcount + 2);
    dev.Release();
    // pData NULL: the size, whatever *pSizeOfData said; a short buffer: MOREDATA with the size
    expect(surface.GetPrivateData(GUID1, false, 1)).toEqual({ hr: D3D_OK, sizeOfData: 4 });
    expect(surface.GetPrivateData(GUID1, false, 8)).toEqual({ hr: D3D_OK, sizeOfData: 4 });
    expect(count(dev)).toBe(refcount + 1);
    expect(surface.GetPrivateData(GUID1, true, 1)).toEqual({ hr: D3DERR.MOREDATA, sizeOfData: 4 });
    expect(surface.GetPrivateData(GUID2, false, 0)).toEqual({ hr: D3DERR.NOTFOUND });
    expect(surface.GetPrivateData(GUID2, true, 0xdeadbabe)).toEqual({ hr: D3DERR.NOTFOUND });
    // destroying the surface frees the reference it held
    surface.Release();
    expect(count(dev)).toBe(refcount - 1);
  });

  it('a texture and each of its levels keep their own data; FreePrivateData of a missing GUID is NOTFOUND', () => {
    const dev = device();
    const tex = dev.CreateTexture(4, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH).texture!;
    const s0 = tex.GetSurfaceLevel(0).surface!;
    const s1 = tex.GetSurfaceLevel(1).surface!;
    const data = new Uint8Array(new Uint32Array([1, 2, 3, 4]).buffer);
    expect(tex.SetPrivateData(GUID1, data, 16, 0)).toBe(D3D_OK);
    expect(s0.GetPrivateData(GUID1, true, 16).hr).toBe(D3DERR.NOTFOUND);
    expect(tex.GetPrivateData(GUID1, true, 16)).toEqual({ hr: D3D_OK, data, sizeOfData: 16 });
    expect(tex.FreePrivateData(GUID1)).toBe(D3D_OK);
    expect(tex.FreePrivateData(GUID1)).toBe(D3DERR.NOTFOUND);
    expect(s0.SetPrivateData(GUID1, data, 16, 0)).toBe(D3D_OK);
    expect(s1.GetPrivateData(GUID1, true, 16).hr).toBe(D3DERR.NOTFOUND);
    expect(s0.FreePrivateData(GUID1)).toBe(D3D_OK);
  });

  it('volumes keep private data too', () => {
    const dev = device();
    const vt = dev.CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!;
    const vol = vt.GetVolumeLevel(0).volume!;
    expect(vol.SetPrivateData(GUID2, new Uint8Array([7, 8, 9]), 3, 0)).toBe(D3D_OK);
    expect(vol.GetPrivateData(GUID2, true, 2)).toEqual({ hr: D3DERR.MOREDATA, sizeOfData: 3 });
    expect(vol.GetPrivateData(GUID2, true, 3)).toEqual({ hr: D3D_OK, data: new Uint8Array([7, 8, 9]), sizeOfData: 3 });
    expect(vt.GetPrivateData(GUID2, false, 0).hr).toBe(D3DERR.NOTFOUND);
    expect(vol.FreePrivateData(GUID2)).toBe(D3D_OK);
  });
});

describe('GetContainer (Wine device.c test_surface_get_container)', () => {
  it('a level answers its texture for IUnknown, IDirect3DResource9, IDirect3DBaseTexture9, IDirect3DTexture9, AddRef\'d; E_NOINTERFACE and NULL for IDirect3DSurface9', () => {
    const dev = device();
    const tex = dev.CreateTexture(128, 128, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    const surface = tex.GetSurfaceLevel(0).surface!;
    for (const iid of [IID.IUnknown, IID.IDirect3DResource9, IID.IDirect3DBaseTexture9, IID.IDirect3DTexture9]) {
      const before = count(tex);
      expect(surface.GetContainer(iid)).toEqual({ hr: D3D_OK, container: tex });
      expect(count(tex)).toBe(before + 1);
      tex.Release();
    }
    expect(surface.GetContainer(IID.IDirect3DSurface9)).toEqual({ hr: HR.E_NOINTERFACE });
  });

  it('a cube face answers its cube texture; a surface of its own and the auto depth-stencil answer the device', () => {
    const dev = device();
    const cube = dev.CreateCubeTexture(8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).cubeTexture!;
    const face = cube.GetCubeMapSurface(3, 0).surface!;
    expect(face.GetContainer(IID.IDirect3DCubeTexture9).container).toBe(cube);
    expect(face.GetContainer(IID.IDirect3DTexture9).hr).toBe(HR.E_NOINTERFACE);
    const rt = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, false).surface!;
    expect(rt.GetContainer(IID.IDirect3DDevice9).container).toBe(dev);
    expect(rt.GetContainer(IID.IDirect3DTexture9).hr).toBe(HR.E_NOINTERFACE);
    const ds = dev.GetDepthStencilSurface().surface!;
    expect(ds.GetContainer(IID.IDirect3DDevice9).container).toBe(dev);
  });

  it('a volume answers its volume texture, and its device through GetDevice', () => {
    const dev = device();
    const vt = dev.CreateVolumeTexture(4, 4, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!;
    const vol = vt.GetVolumeLevel(1).volume!;
    expect(vol.GetContainer(IID.IDirect3DVolumeTexture9).container).toBe(vt);
    expect(vol.GetContainer(IID.IDirect3DBaseTexture9).container).toBe(vt);
    expect(vol.GetContainer(IID.IDirect3DTexture9)).toEqual({ hr: HR.E_NOINTERFACE });
    expect(vol.GetDevice().device).toBe(dev);
  });
});

describe('GetDC and ReleaseDC (Wine device.c test_getdc)', () => {
  const formats: Array<[string, number, boolean]> = [
    ['A8R8G8B8', D3DFMT.A8R8G8B8, true], ['X8R8G8B8', D3DFMT.X8R8G8B8, true], ['R5G6B5', D3DFMT.R5G6B5, true],
    ['X1R5G5B5', D3DFMT.X1R5G5B5, true], ['A1R5G5B5', D3DFMT.A1R5G5B5, true], ['R8G8B8', D3DFMT.R8G8B8, true],
    ['A2R10G10B10', D3DFMT.A2R10G10B10, false], ['V8U8', D3DFMT.V8U8, false], ['Q8W8V8U8', D3DFMT.Q8W8V8U8, false],
    ['A8B8G8R8', D3DFMT.A8B8G8R8, false], ['R3G3B2', D3DFMT.R3G3B2, false], ['P8', D3DFMT.P8, false], ['L8', D3DFMT.L8, false],
    ['A8L8', D3DFMT.A8L8, false], ['DXT1', D3DFMT.DXT1, false], ['DXT2', D3DFMT.DXT2, false], ['DXT3', D3DFMT.DXT3, false],
    ['DXT4', D3DFMT.DXT4, false], ['DXT5', D3DFMT.DXT5, false],
  ];
  for (const [name, format, supported] of formats) {
    it(`${name}: ${supported ? 'a DC, given back by ReleaseDC' : 'no DC'}`, () => {
      const dev = device();
      let s = dev.CreateOffscreenPlainSurface(64, 64, format, D3DPOOL.SYSTEMMEM).surface;
      if (!s) s = dev.CreateTexture(64, 64, 1, 0, format, D3DPOOL.MANAGED).texture?.GetSurfaceLevel(0).surface;
      expect(s).toBeDefined();
      const dc = s!.GetDC();
      if (!supported) {
        expect(dc).toEqual({ hr: D3DERR.INVALIDCALL });
        return;
      }
      expect(dc.hr).toBe(D3D_OK);
      expect(dc.hdc).not.toBe(0);
      expect(s!.ReleaseDC(dc.hdc!)).toBe(D3D_OK);
    });
  }

  it('while a DC is out the surface cannot be locked nor give a second DC; a locked surface gives none; ReleaseDC wants that DC', () => {
    const dev = device();
    const s = dev.CreateOffscreenPlainSurface(8, 8, D3DFMT.X8R8G8B8, D3DPOOL.SYSTEMMEM).surface as Surface;
    expect(s.ReleaseDC(1)).toBe(D3DERR.INVALIDCALL);
    const { hdc } = s.GetDC();
    expect(s.LockRect(null, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(s.GetDC().hr).toBe(D3DERR.INVALIDCALL);
    expect(s.ReleaseDC(hdc! + 1)).toBe(D3DERR.INVALIDCALL);
    expect(s.ReleaseDC(hdc!)).toBe(D3D_OK);
    expect(s.ReleaseDC(hdc!)).toBe(D3DERR.INVALIDCALL);
    expect(s.LockRect(null, D3DLOCK.READONLY).hr).toBe(D3D_OK);
    expect(s.GetDC().hr).toBe(D3DERR.INVALIDCALL);
    expect(s.UnlockRect()).toBe(D3D_OK);
  });
});

describe('SetLOD (Wine device.c test_lod; the documentation for MANAGED textures)', () => {
  it('is ignored outside the MANAGED pool: SetLOD returns 0 and GetLOD stays 0', () => {
    const tex = device().CreateTexture(128, 128, 3, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    for (const lod of [0, 1, 2]) expect(tex.SetLOD(lod)).toBe(0);
    expect(tex.GetLOD()).toBe(0);
  });

  it('MANAGED textures return the previous LOD and clamp the new one to the last level', () => {
    const dev = device();
    const tex = dev.CreateTexture(128, 128, 3, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    expect(tex.SetLOD(1)).toBe(0);
    expect(tex.GetLOD()).toBe(1);
    expect(tex.SetLOD(7)).toBe(1);
    expect(tex.GetLOD()).toBe(2);
    const cube = dev.CreateCubeTexture(16, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).cubeTexture!;
    expect(cube.SetLOD(9)).toBe(0);
    expect(cube.GetLOD()).toBe(4);
    const vt = dev.CreateVolumeTexture(4, 4, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!;
    expect(vt.SetLOD(1)).toBe(0);
    expect(vt.GetLOD()).toBe(1);
  });
});

describe('priority, type, PreLoad, GetDevice', () => {
  it('only MANAGED resources keep a priority; SetPriority returns the previous one; texture levels keep none', () => {
    const dev = device();
    const managed = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    expect(managed.SetPriority(5)).toBe(0);
    expect(managed.SetPriority(7)).toBe(5);
    expect(managed.GetPriority()).toBe(7);
    const level = managed.GetSurfaceLevel(0).surface!;
    expect(level.SetPriority(3)).toBe(0);
    expect(level.GetPriority()).toBe(0);
    const def = dev.CreateVertexBuffer(16, 0, 0, D3DPOOL.DEFAULT).vertexBuffer!;
    expect(def.SetPriority(5)).toBe(0);
    expect(def.GetPriority()).toBe(0);
    const sys = dev.CreateIndexBuffer(16, 0, D3DFMT.INDEX16, D3DPOOL.SYSTEMMEM).indexBuffer!;
    expect(sys.SetPriority(5)).toBe(0);
    expect(sys.GetPriority()).toBe(0);
    expect(managed.PreLoad()).toBe(D3D_OK);
  });

  it('GetType names the resource type', () => {
    const dev = device();
    expect(dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!.GetType()).toBe(D3DRTYPE.TEXTURE);
    expect(dev.CreateCubeTexture(8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).cubeTexture!.GetType()).toBe(D3DRTYPE.CUBETEXTURE);
    expect(dev.CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!.GetType()).toBe(D3DRTYPE.VOLUMETEXTURE);
    expect(dev.CreateVertexBuffer(16, 0, 0, D3DPOOL.MANAGED).vertexBuffer!.GetType()).toBe(D3DRTYPE.VERTEXBUFFER);
    expect(dev.CreateIndexBuffer(16, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!.GetType()).toBe(D3DRTYPE.INDEXBUFFER);
    expect(dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, false).surface!.GetType()).toBe(D3DRTYPE.SURFACE);
  });

  it('state blocks and surfaces answer GetDevice with their device, AddRef\'d', () => {
    const dev = device();
    const sb = dev.CreateStateBlock(1).stateBlock!;
    const before = count(dev);
    expect(sb.GetDevice()).toEqual({ hr: D3D_OK, device: dev });
    expect(dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, false).surface!.GetDevice().device).toBe(dev);
    expect(count(dev)).toBe(before + 3);
  });
});

describe('GetDeclaration', () => {
  it('NULL asks for the number of elements, D3DDECL_END counted; otherwise the elements with the terminator', () => {
    const dev = device();
    const elements = [
      { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: D3DDECLMETHOD.DEFAULT, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
      { Stream: 0, Offset: 12, Type: D3DDECLTYPE.D3DCOLOR, Method: D3DDECLMETHOD.DEFAULT, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
      D3DDECL_END,
    ];
    const decl = dev.CreateVertexDeclaration(elements).vertexDeclaration!;
    expect(decl.GetDeclaration(false)).toEqual({ hr: D3D_OK, numElements: 3 });
    expect(decl.GetDeclaration(true)).toEqual({ hr: D3D_OK, element: elements, numElements: 3 });
  });
});

describe('SetLOD changes what draws sample', () => {
  it('a MANAGED texture with LOD 1 is sampled from level 1 even when magnified; a DEFAULT one ignores it', () => {
    for (const [pool, want] of [[D3DPOOL.MANAGED, 0x0000ff], [D3DPOOL.DEFAULT, 0xff0000]] as const) {
      const dev = device();
      const tex = dev.CreateTexture(4, 4, 2, pool === D3DPOOL.DEFAULT ? D3DUSAGE.DYNAMIC : 0, D3DFMT.A8R8G8B8, pool).texture!;
      for (const [level, color] of [[0, 0xffff0000], [1, 0xff0000ff]] as const) {
        const lr = tex.LockRect(level, null, 0).lockedRect!;
        new Uint32Array(lr.pBits.buffer, lr.pBits.byteOffset, (lr.Pitch / 4) * (4 >> level)).fill(color);
        expect(tex.UnlockRect(level)).toBe(D3D_OK);
      }
      tex.SetLOD(1);
      dev.SetRenderState(D3DRS.LIGHTING, 0);
      dev.SetTexture(0, tex);
      dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
      dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.POINT);
      dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
      // an 8×8 quad over the 4×4 texture: magnified, so without an LOD it reads level 0
      const quad = new Float32Array([0, 0, 0, 1, 0, 0, 8, 0, 0, 1, 1, 0, 0, 8, 0, 1, 0, 1, 8, 8, 0, 1, 1, 1]);
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24)).toBe(D3D_OK);
      const bb = dev.backBuffer;
      expect(new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(3 * bb.pitch + 3 * 4, true) & 0xffffff).toBe(want);
    }
  });
});
