/**
 * Texture dirty regions steer UpdateTexture (D3D9 documentation, "Texture Dirty Regions" and
 * IDirect3DTexture9::AddDirtyRect): a new texture is wholly dirty; locks add their rect unless
 * D3DLOCK_NO_DIRTY_UPDATE or READONLY; AddDirtyRect adds a level-0 rect (NULL: all), sublevels copy
 * it scaled; UpdateTexture copies only the dirty regions and leaves the source clean.
 */
import { describe, expect, it } from 'vitest';
import { D3DERR, D3DFMT, D3DLOCK, D3DPOOL, D3D_OK } from '../../src/d3d9/index.js';
import type { CubeTexture, Texture } from '../../src/device/texture.js';
import type { Device } from '../../src/device/device.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { RECT } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP }).device as Device;
}

/** Writes `color` (A8R8G8B8) over `rect` of a level through a lock with `flags`. */
function fill(t: Texture, level: number, color: number, flags = 0, rect: RECT | null = null): void {
  const s = t.levels[level];
  const r = rect ?? { left: 0, top: 0, right: s.width, bottom: s.height };
  const lr = t.LockRect(level, rect, flags).lockedRect!;
  const v = new DataView(lr.pBits.buffer, lr.pBits.byteOffset, lr.pBits.byteLength);
  for (let y = 0; y < r.bottom - r.top; y++) for (let x = 0; x < r.right - r.left; x++) v.setUint32(y * lr.Pitch + x * 4, color, true);
  expect(t.UnlockRect(level)).toBe(D3D_OK);
}
const texel = (t: Texture, level: number, x: number, y: number): number => {
  const s = t.levels[level];
  return new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + x * 4, true);
};

const GREEN = 0xff00ff00, BLUE = 0xff0000ff, RED = 0xffff0000;

describe('UpdateTexture copies the dirty regions only', () => {
  it('follows locks, NO_DIRTY_UPDATE and AddDirtyRect, and leaves the source clean', () => {
    const dev = device();
    const src = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture as Texture;
    const dst = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture as Texture;
    fill(src, 0, GREEN);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 0, 0)).toBe(GREEN);
    expect(texel(dst, 0, 7, 7)).toBe(GREEN);
    // not dirty: nothing is copied
    fill(src, 0, BLUE, D3DLOCK.NO_DIRTY_UPDATE);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 3, 3)).toBe(GREEN);
    // a dirty rect: that rect only
    expect(src.AddDirtyRect({ left: 2, top: 2, right: 4, bottom: 4 })).toBe(D3D_OK);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 2, 2)).toBe(BLUE);
    expect(texel(dst, 0, 3, 3)).toBe(BLUE);
    expect(texel(dst, 0, 4, 4)).toBe(GREEN);
    expect(texel(dst, 0, 1, 1)).toBe(GREEN);
    // the update cleaned the source
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 5, 5)).toBe(GREEN);
    // a READONLY lock dirties nothing; a partial lock dirties its rect
    src.LockRect(0, null, D3DLOCK.READONLY);
    src.UnlockRect(0);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 5, 5)).toBe(GREEN);
    fill(src, 0, RED, 0, { left: 6, top: 0, right: 8, bottom: 2 });
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 7, 1)).toBe(RED);
    expect(texel(dst, 0, 5, 5)).toBe(GREEN);
    // NULL: the whole texture
    expect(src.AddDirtyRect(null)).toBe(D3D_OK);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 0, 5, 5)).toBe(BLUE);
    expect(texel(dst, 0, 0, 7)).toBe(BLUE);
  });

  it('sublevels copy the level-0 region scaled down, rounded out', () => {
    const dev = device();
    const src = dev.CreateTexture(8, 8, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture as Texture;
    const dst = dev.CreateTexture(8, 8, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture as Texture;
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    fill(src, 1, BLUE, D3DLOCK.NO_DIRTY_UPDATE);
    expect(src.AddDirtyRect({ left: 2, top: 2, right: 5, bottom: 5 })).toBe(D3D_OK);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    // level 1 of [2,5) is [1,3)
    expect(texel(dst, 1, 1, 1)).toBe(BLUE);
    expect(texel(dst, 1, 2, 2)).toBe(BLUE);
    expect(texel(dst, 1, 0, 0)).toBe(0);
    expect(texel(dst, 1, 3, 3)).toBe(0);
    // a lock of level 1 dirties the matching level-0 region too
    fill(src, 0, RED, D3DLOCK.NO_DIRTY_UPDATE);
    fill(src, 1, GREEN, 0, { left: 3, top: 3, right: 4, bottom: 4 });
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(texel(dst, 1, 3, 3)).toBe(GREEN);
    expect(texel(dst, 0, 6, 6)).toBe(RED);
    expect(texel(dst, 0, 0, 0)).toBe(0);
  });

  it('refuses a rect outside level 0; cube faces keep their own regions', () => {
    const dev = device();
    const tex = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).texture as Texture;
    expect(tex.AddDirtyRect({ left: 0, top: 0, right: 9, bottom: 1 })).toBe(D3DERR.INVALIDCALL);
    expect(tex.AddDirtyRect({ left: 2, top: 0, right: 2, bottom: 1 })).toBe(D3DERR.INVALIDCALL);
    const src = dev.CreateCubeTexture(4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).cubeTexture as CubeTexture;
    const dst = dev.CreateCubeTexture(4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).cubeTexture as CubeTexture;
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    for (const face of src.faces) face[0].data.fill(0x11);
    expect(src.AddDirtyRect(2, null)).toBe(D3D_OK);
    expect(src.AddDirtyRect(6, null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.UpdateTexture(src, dst)).toBe(D3D_OK);
    expect(dst.faces.map((f) => f[0].data[0])).toEqual([0, 0, 0x11, 0, 0, 0]);
  });
});
