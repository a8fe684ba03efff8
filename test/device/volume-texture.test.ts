/**
 * Volume textures against Windows-validated expectations: Wine dlls/d3d9/tests/device.c
 * test_lockbox_invalid, test_volume_blocks, test_update_volumetexture; creation rules from the caps.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { VolumeTexture } from '../../src/device/volume.js';
import { volumeTextureSpec } from '../../src/device/volume.js';
import { deviceCaps } from '../../src/device/caps.js';
import { D3DDEVTYPE, D3DERR, D3DFMT, D3DLOCK, D3DPOOL, D3DPTEXTURECAPS, D3DRTYPE, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, D3DDEVTYPE.HAL, null, 0x20, PP).device as unknown as Device;
}
const box = (Left: number, Top: number, Right: number, Bottom: number, Front: number, Back: number) => ({ Left, Top, Right, Bottom, Front, Back });

describe('LockBox (Wine test_lockbox_invalid: a 4×4×2 A8R8G8B8 SCRATCH volume)', () => {
  const table: Array<[ReturnType<typeof box>, number, string]> = [
    [box(0, 0, 2, 2, 0, 1), D3D_OK, 'valid'],
    [box(0, 0, 4, 4, 0, 1), D3D_OK, 'valid'],
    [box(0, 0, 0, 4, 0, 1), D3DERR.INVALIDCALL, '0 width'],
    [box(0, 0, 4, 0, 0, 1), D3DERR.INVALIDCALL, '0 height'],
    [box(0, 0, 4, 4, 1, 1), D3DERR.INVALIDCALL, '0 depth'],
    [box(4, 0, 0, 4, 0, 1), D3DERR.INVALIDCALL, 'left > right'],
    [box(0, 4, 4, 0, 0, 1), D3DERR.INVALIDCALL, 'top > bottom'],
    [box(0, 0, 4, 4, 1, 0), D3DERR.INVALIDCALL, 'front > back'],
    [box(0, 0, 8, 4, 0, 1), D3DERR.INVALIDCALL, 'right outside'],
    [box(0, 0, 4, 8, 0, 1), D3DERR.INVALIDCALL, 'bottom outside'],
    [box(0, 0, 4, 4, 0, 3), D3DERR.INVALIDCALL, 'back outside'],
    [box(8, 0, 16, 4, 0, 1), D3DERR.INVALIDCALL, 'left outside'],
    [box(0, 8, 4, 16, 0, 1), D3DERR.INVALIDCALL, 'top outside'],
    [box(0, 0, 4, 4, 2, 4), D3DERR.INVALIDCALL, 'front outside'],
  ];
  it.each(table)('%o → %s (%s), at Front·SlicePitch + Top·RowPitch + Left·4', (b, hr) => {
    const t = device().CreateVolumeTexture(4, 4, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH).volumeTexture as VolumeTexture;
    const r = t.LockBox(0, b, 0);
    expect(r.hr).toBe(hr);
    if (r.hr !== D3D_OK) return;
    const l = r.lockedVolume!;
    expect([l.RowPitch, l.SlicePitch]).toEqual([16, 64]);
    expect(l.pBits.byteOffset - t.levels[0].data.byteOffset).toBe(b.Front * 64 + b.Top * 16 + b.Left * 4);
    expect(t.UnlockBox(0)).toBe(D3D_OK);
  });

  it('refuses a second lock and a second unlock, and WRITEONLY at creation', () => {
    const dev = device();
    const t = dev.CreateVolumeTexture(4, 4, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH).volumeTexture!;
    expect(t.LockBox(0, null, 0).hr).toBe(D3D_OK);
    expect(t.LockBox(0, null, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(t.LockBox(0, box(2, 2, 4, 4, 0, 1), 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(t.UnlockBox(0)).toBe(D3D_OK);
    expect(t.UnlockBox(0)).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateVolumeTexture(4, 4, 2, 1, D3DUSAGE.WRITEONLY, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH, null).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('a level out of range is INVALIDCALL; READONLY locks hand out a copy', () => {
    const t = device().CreateVolumeTexture(4, 4, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture as VolumeTexture;
    expect(t.GetLevelCount()).toBe(3);
    expect(t.LockBox(3, null, 0).hr).toBe(D3DERR.INVALIDCALL);
    expect(t.GetLevelDesc(2).desc).toEqual({ Format: D3DFMT.A8R8G8B8, Type: D3DRTYPE.VOLUME, Usage: 0, Pool: D3DPOOL.MANAGED, Width: 1, Height: 1, Depth: 1 });
    expect(t.GetLevelDesc(3).hr).toBe(D3DERR.INVALIDCALL);
    t.LockBox(0, null, D3DLOCK.READONLY).lockedVolume!.pBits.fill(9);
    t.UnlockBox(0);
    expect(t.levels[0].data.every((b) => b === 0)).toBe(true);
  });
});

describe('DXTn volumes (Wine test_volume_blocks)', () => {
  it('creates only whole 4×4 blocks in every pool', () => {
    const dev = device();
    for (const pool of [D3DPOOL.DEFAULT, D3DPOOL.SCRATCH, D3DPOOL.SYSTEMMEM, D3DPOOL.MANAGED]) {
      for (const [w, h, hr] of [[4, 4, D3D_OK], [8, 4, D3D_OK], [2, 4, D3DERR.INVALIDCALL], [4, 6, D3DERR.INVALIDCALL], [1, 1, D3DERR.INVALIDCALL]] as const) {
        expect(dev.CreateVolumeTexture(w, h, 3, 1, 0, D3DFMT.DXT1, pool, null).hr, `${w}×${h} pool ${pool}`).toBe(hr);
      }
    }
  });
  it('pitches count blocks; offsets step by block; partial blocks are refused; a small mip level locks whole', () => {
    const dev = device();
    for (const [format, blockBytes] of [[D3DFMT.DXT1, 8], [D3DFMT.DXT5, 16]] as const) {
      const t = dev.CreateVolumeTexture(24, 8, 8, 1, 0, format, D3DPOOL.SCRATCH).volumeTexture as VolumeTexture;
      const whole = t.LockBox(0, null, 0).lockedVolume!;
      expect([whole.RowPitch, whole.SlicePitch]).toEqual([6 * blockBytes, 2 * 6 * blockBytes]);
      t.UnlockBox(0);
      for (const [x, y, z] of [[0, 0, 3], [0, 4, 0], [4, 4, 3]]) {
        const l = t.LockBox(0, box(x, y, 8, 8, z, 8), 0).lockedVolume!;
        expect(l.pBits.byteOffset - t.levels[0].data.byteOffset).toBe(z * whole.SlicePitch + (y / 4) * whole.RowPitch + (x / 4) * blockBytes);
        t.UnlockBox(0);
      }
      for (const b of [box(2, 0, 4, 4, 0, 1), box(0, 0, 2, 4, 0, 1), box(0, 2, 4, 4, 0, 1), box(0, 0, 4, 2, 0, 1)]) expect(t.LockBox(0, b, 0).hr).toBe(D3DERR.INVALIDCALL);
      expect(t.LockBox(0, box(0, 0, 4, 4, 0, 1), 0).hr).toBe(D3D_OK);
      t.UnlockBox(0);
      const m = dev.CreateVolumeTexture(4, 4, 2, 2, 0, format, D3DPOOL.SCRATCH).volumeTexture!;
      expect(m.LockBox(1, null, 0).hr).toBe(D3D_OK);
      m.UnlockBox(1);
      expect(m.LockBox(1, box(0, 0, 2, 2, 0, 1), 0).hr).toBe(D3D_OK);
      m.UnlockBox(1);
      expect(m.LockBox(1, box(0, 0, 4, 4, 0, 1), 0).hr).toBe(D3DERR.INVALIDCALL);
    }
  });
});

describe('UpdateTexture of volume textures (Wine test_update_volumetexture)', () => {
  const pools = [D3DPOOL.DEFAULT, D3DPOOL.MANAGED, D3DPOOL.SYSTEMMEM, D3DPOOL.SCRATCH];
  it('copies SYSTEMMEM into DEFAULT only', () => {
    const dev = device();
    for (const sp of pools) {
      for (const dp of pools) {
        const usage = (p: number): number => (p === D3DPOOL.DEFAULT ? D3DUSAGE.DYNAMIC : 0);
        const src = dev.CreateVolumeTexture(1, 1, 1, 1, usage(sp), D3DFMT.A8R8G8B8, sp).volumeTexture as VolumeTexture;
        const dst = dev.CreateVolumeTexture(1, 1, 1, 1, usage(dp), D3DFMT.A8R8G8B8, dp).volumeTexture as VolumeTexture;
        new DataView(src.LockBox(0, null, 0).lockedVolume!.pBits.buffer).setUint32(src.levels[0].data.byteOffset, 0x11223344, true);
        src.UnlockBox(0);
        const ok = sp === D3DPOOL.SYSTEMMEM && dp === D3DPOOL.DEFAULT;
        expect(dev.UpdateTexture(src, dst), `${sp} → ${dp}`).toBe(ok ? D3D_OK : D3DERR.INVALIDCALL);
        if (ok) expect(new DataView(dst.levels[0].data.buffer).getUint32(dst.levels[0].data.byteOffset, true)).toBe(0x11223344);
      }
    }
  });
  it('matches levels by size as for 2D textures (the full chains of Wine tests2)', () => {
    const dev = device();
    for (const [sl, dl] of [[0, 0], [4, 4], [2, 2], [1, 1], [4, 0], [0, 2]]) {
      const src = dev.CreateVolumeTexture(8, 8, 8, sl, 0, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).volumeTexture!;
      const dst = dev.CreateVolumeTexture(8, 8, 8, dl, 0, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).volumeTexture!;
      expect(dev.UpdateTexture(src, dst), `${sl} → ${dl}`).toBe(D3D_OK);
    }
  });
});

describe('CreateVolumeTexture from the caps', () => {
  const caps = deviceCaps('dx9');
  it('the device claims VOLUMEMAP and MIPVOLUMEMAP without VOLUMEMAP_POW2, and MaxVolumeExtent 2048', () => {
    expect(caps.TextureCaps & (D3DPTEXTURECAPS.VOLUMEMAP | D3DPTEXTURECAPS.MIPVOLUMEMAP | D3DPTEXTURECAPS.VOLUMEMAP_POW2)).toBe(D3DPTEXTURECAPS.VOLUMEMAP | D3DPTEXTURECAPS.MIPVOLUMEMAP);
    expect(volumeTextureSpec(caps, 2048, 1, 1, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED)).not.toBeTypeOf('number');
    expect(volumeTextureSpec(caps, 1, 1, 2049, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED)).toBe(D3DERR.INVALIDCALL);
  });
  it('VOLUMEMAP_POW2 refuses other sizes except in SCRATCH; no MIPVOLUMEMAP means one level', () => {
    const pow2 = { ...caps, TextureCaps: caps.TextureCaps | D3DPTEXTURECAPS.VOLUMEMAP_POW2 };
    expect(volumeTextureSpec(pow2, 4, 4, 3, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED)).toBe(D3DERR.INVALIDCALL);
    expect(volumeTextureSpec(pow2, 4, 4, 3, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.SCRATCH)).not.toBeTypeOf('number');
    expect(volumeTextureSpec(caps, 4, 4, 3, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED)).not.toBeTypeOf('number');
    const noMip = { ...caps, TextureCaps: caps.TextureCaps & ~D3DPTEXTURECAPS.MIPVOLUMEMAP };
    expect(volumeTextureSpec(noMip, 4, 4, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED)).toBe(D3DERR.INVALIDCALL);
    expect((volumeTextureSpec(noMip, 4, 4, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED) as { levels: number }).levels).toBe(1);
    expect((volumeTextureSpec(caps, 8, 2, 4, 0, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED) as { levels: number }).levels).toBe(4);
  });
  it('refuses render-target, depth-stencil and automatic-mip usages, depth and YUV formats; CheckDeviceFormat agrees', () => {
    const dev = device();
    const d3d = Direct3DCreate9(32)!;
    for (const usage of [D3DUSAGE.RENDERTARGET, D3DUSAGE.DEPTHSTENCIL, D3DUSAGE.AUTOGENMIPMAP]) {
      expect(dev.CreateVolumeTexture(4, 4, 4, 1, usage, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT, null).hr).toBe(D3DERR.INVALIDCALL);
      expect(d3d.CheckDeviceFormat(0, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, usage, D3DRTYPE.VOLUMETEXTURE, D3DFMT.A8R8G8B8)).toBe(D3DERR.NOTAVAILABLE);
    }
    for (const f of [D3DFMT.D24S8, D3DFMT.YUY2, D3DFMT.A1]) {
      expect(dev.CreateVolumeTexture(4, 4, 4, 1, 0, f, D3DPOOL.MANAGED, null).hr).toBe(D3DERR.INVALIDCALL);
      expect(d3d.CheckDeviceFormat(0, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, 0, D3DRTYPE.VOLUMETEXTURE, f)).toBe(D3DERR.NOTAVAILABLE);
    }
    for (const f of [D3DFMT.A8R8G8B8, D3DFMT.L8, D3DFMT.V16U16, D3DFMT.A16B16G16R16F, D3DFMT.DXT1]) {
      expect(d3d.CheckDeviceFormat(0, D3DDEVTYPE.HAL, D3DFMT.X8R8G8B8, 0, D3DRTYPE.VOLUMETEXTURE, f)).toBe(D3D_OK);
    }
  });
});
