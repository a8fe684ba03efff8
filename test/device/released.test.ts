/**
 * Calls on an object after its final Release fail as a debug runtime reports them: D3DERR_INVALIDCALL
 * (or { hr: INVALIDCALL }, 0, a zeroed description by the method's result), nothing changes, and a
 * device note says why. Released objects given as arguments fail the call the same way. AddRef and
 * Release on a released object return 0 and leave the count at 0 (replay9's choice; Windows has freed it).
 */
import { describe, expect, it } from 'vitest';
import { Direct3D9, Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { Device } from '../../src/device/device.js';
import { SwapChain } from '../../src/device/swap-chain.js';
import { Surface } from '../../src/device/surface.js';
import { CubeTexture, Texture } from '../../src/device/texture.js';
import { IndexBuffer, VertexBuffer } from '../../src/device/buffers.js';
import { StateBlock } from '../../src/device/state-block.js';
import { RefCounted } from '../../src/device/ref-counted.js';
import { GUARDED, deadResult } from '../../src/device/released.js';
import { listenForNotes } from '../../src/device/notes.js';
import type { DeviceNote } from '../../src/device/notes.js';
import { D3DERR, D3DFMT, D3DPOOL, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const IC = D3DERR.INVALIDCALL;

function heard<T>(fn: () => T): { result: T; notes: DeviceNote[] } {
  const notes: DeviceNote[] = [];
  const result = listenForNotes((n) => notes.push(n), fn);
  return { result, notes };
}

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP }).device as Device;
}

/** One live object of every class, with the interface name its guard uses. */
function everyObject(): Array<[string, RefCounted]> {
  // a device holds its IDirect3D9 and every object it made holds the device: the first two stand alone
  const lone = Direct3DCreate9(32)! as Direct3D9;
  const loneDevice = device();
  (loneDevice.parentObject as Direct3D9).Release();
  const dev = device();
  return [
    ['IDirect3D9', lone],
    ['IDirect3DDevice9', loneDevice],
    ['IDirect3DSurface9', dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, true).surface as Surface],
    ['IDirect3DTexture9', dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture as Texture],
    ['IDirect3DCubeTexture9', dev.CreateCubeTexture(8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).cubeTexture as CubeTexture],
    ['IDirect3DVertexBuffer9', dev.CreateVertexBuffer(64, 0, 0, D3DPOOL.MANAGED).vertexBuffer as VertexBuffer],
    ['IDirect3DIndexBuffer9', dev.CreateIndexBuffer(64, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer as IndexBuffer],
    ['IDirect3DStateBlock9', dev.CreateStateBlock(1).stateBlock as StateBlock],
    ['IDirect3DVertexShader9', dev.CreateVertexShader(new Uint32Array([0xfffe0300, 0x0000ffff])).vertexShader as unknown as RefCounted],
    ['IDirect3DPixelShader9', dev.CreatePixelShader(new Uint32Array([0xffff0300, 0x0000ffff])).pixelShader as unknown as RefCounted],
    ['IDirect3DSwapChain9', dev.CreateAdditionalSwapChain({ ...PP }).swapChain as SwapChain],
  ];
}

/** Every D3D9-named method (capitalised) of an object's class chain, but AddRef and Release. */
function methodsOf(o: object): string[] {
  const names = new Set<string>();
  for (let p = Object.getPrototypeOf(o); p && p !== RefCounted.prototype; p = Object.getPrototypeOf(p)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
      if (/^[A-Z]/.test(name) && typeof d.value === 'function' && name !== 'AddRef' && name !== 'Release') names.add(name);
    }
  }
  return [...names].sort();
}

describe('calls on a released object', () => {
  it('every method of every class is guarded', () => {
    expect(new Set([Direct3D9, Device, Surface, Texture, CubeTexture, VertexBuffer, IndexBuffer, StateBlock].map((c) => c.name)).size).toBe(8);
    for (const [iface, o] of everyObject()) expect(Object.keys(GUARDED.get(iface) ?? {}).sort(), iface).toEqual(methodsOf(o));
  });

  for (const [iface, o] of everyObject()) {
    it(`${iface}: each method on the released object fails with a note, and AddRef/Release return 0`, () => {
      expect(o.Release()).toBe(0);
      for (const [name, kind] of Object.entries(GUARDED.get(iface)!)) {
        const call = (): unknown => (o as unknown as Record<string, (...a: unknown[]) => unknown>)[name](0, 0, 0, 0, 0, 0, 0, 0);
        const { result, notes } = heard(call);
        expect(result, `${iface}::${name}`).toEqual(deadResult(kind));
        expect(notes, `${iface}::${name}`).toEqual([{ kind: 'released-object', message: expect.stringContaining(`${iface}::${name} called on an object already released`) }]);
      }
      expect(heard(() => o.Release())).toEqual({ result: 0, notes: [expect.objectContaining({ kind: 'released-object' })] });
      expect(heard(() => o.AddRef())).toEqual({ result: 0, notes: [expect.objectContaining({ kind: 'released-object' })] });
      expect(o.refCount).toBe(0);
    });
  }
});

describe('released objects given as arguments', () => {
  it('a second Release, ColorFill, SetRenderTarget, LockRect and StretchRect fail and change nothing', () => {
    const dev = device();
    const rt = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, true).surface as Surface;
    const other = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, true).surface as Surface;
    expect(dev.ColorFill(rt, null, 0xff112233)).toBe(D3D_OK);
    const before = rt.data.slice();
    expect(rt.Release()).toBe(0);
    expect(heard(() => rt.Release()).result).toBe(0);
    const fill = heard(() => dev.ColorFill(rt, null, 0xffffffff));
    expect(fill.result).toBe(IC);
    expect(fill.notes[0].message).toMatch(/^IDirect3DDevice9::ColorFill given, as argument 1, an object already released/);
    expect(rt.data).toEqual(before);
    expect(heard(() => dev.SetRenderTarget(0, rt)).result).toBe(IC);
    expect(dev.state.renderTargets[0]).toBe(dev.backBuffer);
    expect(heard(() => rt.LockRect(null, 0)).result).toEqual({ hr: IC });
    expect(heard(() => dev.StretchRect(rt, null, other, null, 0)).result).toBe(IC);
    expect(heard(() => dev.StretchRect(other, null, rt, null, 0)).result).toBe(IC);
    expect(dev.StretchRect(other, null, dev.backBuffer, null, 0)).toBe(D3D_OK);
  });

  it('a texture level dies with its texture: locking it or binding the texture fails', () => {
    const dev = device();
    const tex = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture as Texture;
    const level = tex.GetSurfaceLevel(0).surface as Surface;
    expect(level.Release()).toBe(1);
    expect(tex.Release()).toBe(0);
    expect(heard(() => level.LockRect(null, 0)).result).toEqual({ hr: IC });
    expect(heard(() => dev.SetTexture(0, tex)).result).toBe(IC);
    expect(heard(() => level.AddRef()).result).toBe(0);
  });

  it('a device the application released lives on while a resource holds it, and is released with the last one (Wine test_refcount)', () => {
    const dev = device();
    const vb = dev.CreateVertexBuffer(64, 0, 0, D3DPOOL.MANAGED).vertexBuffer as VertexBuffer;
    expect(dev.Release()).toBe(1);
    expect(dev.Clear(0, null, 1, 0, 1, 0)).toBe(D3D_OK);
    expect(vb.Lock(0, 0, 0).hr).toBe(D3D_OK);
    expect(vb.Unlock()).toBe(D3D_OK);
    expect(vb.Release()).toBe(0);
    expect(dev.refCount).toBe(0);
    expect(heard(() => dev.Clear(0, null, 1, 0, 1, 0)).result).toBe(IC);
    expect(heard(() => dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, 0, 0, false)).result).toEqual({ hr: IC });
  });
});
