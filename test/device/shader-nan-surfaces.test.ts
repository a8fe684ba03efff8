/**
 * Float render targets written from pixel shader outputs store one NaN whatever NaN the shader or
 * the blender produced: 0x7fc00000 in R32F and A32B32G32R32F channels, 0x7e00 in A16B16G16R16F
 * channels (a NaN's payload and sign are undefined in D3D9 and depend on the engine: the same
 * trace must give the same bits). Infinities stay infinities.
 */
import { describe, expect, it } from 'vitest';
import { D3DBLEND, D3DCLEAR, D3DFMT, D3DFVF, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { draw, ps, quad, rig, SHADERS_EXECUTE, vs } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);

/** Bits of NaN, with payloads and both signs, and +∞, as the shader's c0. */
const C0_BITS = [0x7fa00005, 0xffc00001, 0x7f800000, 0x3f800000];

function target(dev: Device, format: number): IDirect3DSurface9 {
  const r = dev.CreateRenderTarget(8, 8, format, 0, 0, true);
  expect(r.hr).toBe(D3D_OK);
  expect(dev.SetRenderTarget(0, r.surface!)).toBe(D3D_OK);
  dev.SetFVF(D3DFVF.XYZ);
  dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0'));
  return r.surface!;
}

/** The raw words of the texel at (4, 4): 32-bit words for the 32-bit formats, 16-bit ones for A16B16G16R16F. */
function texel(s: IDirect3DSurface9, words: number, half: boolean): number[] {
  const lock = s.LockRect(null, 0).lockedRect!;
  const bits = lock.pBits as Uint8Array;
  const view = new DataView(bits.buffer, bits.byteOffset);
  const size = half ? 2 : 4;
  const at = 4 * lock.Pitch + 4 * words * size;
  const out = Array.from({ length: words }, (_, i) => (half ? view.getUint16(at + i * 2, true) : view.getUint32(at + i * 4, true)));
  s.UnlockRect();
  return out;
}

// oC0 = (NaN with a payload, −NaN, 0 · ∞ (x86's default NaN is negative), +∞)
const SHADER = 'ps_3_0\ndef c1, 0, 1, 0, 0\nrcp r1.x, c1.x\nmul r2.x, r1.x, c1.x\nmov oC0.xy, c0\nmov oC0.z, r2.x\nmov oC0.w, c0.z';

describe('a float render target stores the canonical NaN from a pixel shader', () => {
  const cases: Array<[string, number, number, boolean, number[]]> = [
    ['R32F', D3DFMT.R32F, 1, false, [0x7fc00000]],
    ['A32B32G32R32F', D3DFMT.A32B32G32R32F, 4, false, [0x7fc00000, 0x7fc00000, 0x7fc00000, 0x7f800000]],
    ['A16B16G16R16F', D3DFMT.A16B16G16R16F, 4, true, [0x7e00, 0x7e00, 0x7e00, 0x7c00]],
  ];
  for (const [name, format, words, half, want] of cases) {
    run(`${name}: ${want.map((w) => `0x${w.toString(16)}`).join(', ')}`, () => {
      const dev = rig();
      const s = target(dev, format);
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
      dev.SetPixelShader(ps(dev, SHADER));
      dev.SetPixelShaderConstantF(0, new Float32Array(new Uint32Array(C0_BITS).buffer), 1);
      draw(dev, quad(-1, -1, 1, 1, 0.5), 12);
      expect(texel(s, words, half)).toEqual(want);
    });
  }

  run('A16B16G16R16F and A32B32G32R32F with blending: 0 · ∞ made by the blender is the canonical NaN too', () => {
    for (const [format, half, nan] of [[D3DFMT.A16B16G16R16F, true, 0x7e00], [D3DFMT.A32B32G32R32F, false, 0x7fc00000]] as const) {
      const dev = rig();
      const s = target(dev, format);
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffffffff, 1, 0);
      // source · ZERO + destination · ONE: every source channel is +∞, so 0 · ∞ is NaN in every channel
      dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 1);
      dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.ZERO);
      dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.ONE);
      dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c1, 0, 0, 0, 0\nrcp r0.x, c1.x\nmov oC0, r0.x'));
      draw(dev, quad(-1, -1, 1, 1, 0.5), 12);
      // the device blends every renderable format (QUERY_POSTPIXELSHADER_BLENDING), float ones included
      expect(texel(s, 4, half)).toEqual([nan, nan, nan, nan]);
    }
  });
});
