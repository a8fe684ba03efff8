/**
 * D3DRS_SRGBWRITEENABLE with multiple render targets: only render target 0 is converted through the
 * sRGB curve (reference d3d9.md, D3D9-level sRGB: "only RT0 affected on MRT hardware"); targets 1..3
 * store the linear value.
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DFMT, D3DFVF, D3DPOOL, D3DRS, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { draw, ps, quad, rig, SHADERS_EXECUTE, vs } from './wine-visual-rig.js';

function read(dev: Device, s: IDirect3DSurface9): number {
  const mem = dev.CreateOffscreenPlainSurface(8, 8, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
  expect(dev.GetRenderTargetData(s, mem)).toBe(D3D_OK);
  const lock = mem.LockRect(null, 0).lockedRect!;
  const v = new DataView(lock.pBits.buffer, lock.pBits.byteOffset).getUint32(4 * lock.Pitch + 16, true) >>> 0;
  mem.UnlockRect();
  return v;
}

describe('SRGBWRITEENABLE with four render targets', () => {
  it.skipIf(!SHADERS_EXECUTE)('converts what oC0 writes (linear 0.5 → sRGB 188) and stores oC1..oC3 as written (0.5 → 128)', () => {
    const dev = rig();
    const targets = [0, 1, 2, 3].map((i) => {
      const s = dev.CreateTexture(8, 8, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!;
      expect(dev.SetRenderTarget(i, s)).toBe(D3D_OK);
      return s;
    });
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
    dev.SetRenderState(D3DRS.SRGBWRITEENABLE, 1);
    dev.SetFVF(D3DFVF.XYZ);
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 0.5, 0.5, 0.5, 1.0\nmov oC0, c0\nmov oC1, c0\nmov oC2, c0\nmov oC3, c0'));
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    // alpha is never converted
    expect(targets.map((s) => `0x${read(dev, s).toString(16)}`)).toEqual(['0xffbcbcbc', '0xff808080', '0xff808080', '0xff808080']);
  });
});
