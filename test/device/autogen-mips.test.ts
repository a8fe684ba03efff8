/**
 * AUTOGENMIPMAP textures: creation rules, the filter type's rules, and the
 * generated chain (hand-computed box means, round half up; POINT keeps the
 * top-left texel), regenerated when level 0 changes and seen by draws.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Texture, CubeTexture } from '../../src/device/texture.js';
import type { Surface } from '../../src/device/surface.js';
import {
  D3DERR, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTEXF, D3DTOP, D3DTSS, D3DUSAGE, D3D_OK, HR,
} from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const AUTO = D3DUSAGE.AUTOGENMIPMAP;

function device(w = 16, h = 16): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: w, BackBufferHeight: h }).device as Device;
}

function texture(dev: Device, w: number, h: number, usage: number = AUTO, format: number = D3DFMT.A8R8G8B8, levels = 0): Texture {
  const r = dev.CreateTexture(w, h, levels, usage, format, D3DPOOL.MANAGED, null);
  expect(r.hr).toBe(D3D_OK);
  return r.texture as Texture;
}

/** Fills level 0 of an A8R8G8B8 texture with `px(x, y)` (0xAARRGGBB) through a lock. */
function fill(t: Texture, px: (x: number, y: number) => number): void {
  const s = t.levels[0];
  const lr = t.LockRect(0, null, 0);
  expect(lr.hr).toBe(D3D_OK);
  const bits = lr.lockedRect!.pBits as Uint8Array;
  for (let y = 0; y < s.spec.height; y++) {
    for (let x = 0; x < s.spec.width; x++) new DataView(bits.buffer, bits.byteOffset).setUint32(y * lr.lockedRect!.Pitch + 4 * x, px(x, y), true);
  }
  expect(t.UnlockRect(0)).toBe(D3D_OK);
}

const texel = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + 4 * x, true);

describe('AUTOGENMIPMAP creation', () => {
  it('refuses system memory and level counts other than 0 and 1, exposes one level', () => {
    const dev = device();
    expect(dev.CreateTexture(8, 8, 0, AUTO, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateTexture(8, 8, 2, AUTO, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).hr).toBe(D3DERR.INVALIDCALL);
    expect(dev.CreateCubeTexture(8, 3, AUTO, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT, null).hr).toBe(D3DERR.INVALIDCALL);
    for (const levels of [0, 1]) {
      const t = texture(dev, 8, 8, AUTO, D3DFMT.A8R8G8B8, levels);
      expect(t.GetLevelCount()).toBe(1);
      expect(t.sampledLevels().map((s) => s.spec.width)).toEqual([8, 4, 2, 1]);
    }
  });

  it('a format that cannot generate mips keeps its one level (CheckDeviceFormat says D3DOK_NOAUTOGEN)', () => {
    const d3d = Direct3DCreate9(32)!;
    expect(d3d.CheckDeviceFormat(0, 1, D3DFMT.X8R8G8B8, AUTO, 3, D3DFMT.DXT1)).toBe(HR.D3DOK_NOAUTOGEN);
    const t = texture(device(), 8, 8, AUTO, D3DFMT.DXT1);
    expect(t.GetLevelCount()).toBe(1);
    expect(t.sampledLevels()).toHaveLength(1);
  });
});

describe('SetAutoGenFilterType / GetAutoGenFilterType', () => {
  it('starts LINEAR; takes POINT and LINEAR; refuses NONE and filters the caps do not claim', () => {
    const t = texture(device(), 4, 4);
    expect(t.GetAutoGenFilterType()).toBe(D3DTEXF.LINEAR);
    expect(t.SetAutoGenFilterType(D3DTEXF.NONE)).toBe(D3DERR.INVALIDCALL);
    expect(t.SetAutoGenFilterType(D3DTEXF.ANISOTROPIC)).toBe(D3DERR.INVALIDCALL);
    expect(t.GetAutoGenFilterType()).toBe(D3DTEXF.LINEAR);
    expect(t.SetAutoGenFilterType(D3DTEXF.POINT)).toBe(D3D_OK);
    expect(t.GetAutoGenFilterType()).toBe(D3DTEXF.POINT);
  });

  it('has no effect, and no failure, on a texture without AUTOGENMIPMAP (which reports NONE)', () => {
    const t = texture(device(), 4, 4, 0);
    expect(t.GetAutoGenFilterType()).toBe(D3DTEXF.NONE);
    expect(t.SetAutoGenFilterType(D3DTEXF.NONE)).toBe(D3D_OK);
    expect(t.SetAutoGenFilterType(D3DTEXF.POINT)).toBe(D3D_OK);
    expect(t.GetAutoGenFilterType()).toBe(D3DTEXF.NONE);
    expect(t.GenerateMipSubLevels()).toBe(D3D_OK);
  });
});

describe('generated levels', () => {
  // level 0 (4×4), channel bytes chosen so each 2×2 mean exercises the rounding:
  //   block (0,0): 1, 2, 2, 2 → 7/4 = 1.75 → 2     block (1,0): 1, 1, 2, 2 → 1.5 → 2 (half up)
  //   block (0,1): 0, 0, 0, 1 → 0.25 → 0           block (1,1): 255 ×3, 254 → 254.75 → 255
  const L0 = [
    [1, 2, 1, 1],
    [2, 2, 2, 2],
    [0, 0, 255, 255],
    [0, 1, 255, 254],
  ];
  const grey = (v: number): number => (0xff000000 | (v << 16) | (v << 8) | v) >>> 0;

  it('LINEAR: each texel is the rounded mean of its 2×2 block, level after level', () => {
    const t = texture(device(), 4, 4);
    fill(t, (x, y) => grey(L0[y][x]));
    const [, l1, l2] = t.sampledLevels();
    expect([texel(l1, 0, 0), texel(l1, 1, 0), texel(l1, 0, 1), texel(l1, 1, 1)]).toEqual([grey(2), grey(2), grey(0), grey(255)]);
    // level 2 from level 1: 2, 2, 0, 255 → 259/4 = 64.75 → 65
    expect(texel(l2, 0, 0)).toBe(grey(65));
  });

  it('channels average independently (alpha too)', () => {
    const t = texture(device(), 2, 2);
    fill(t, (x, y) => [0x00ff0000, 0xff00ff00, 0x800000ff, 0x01010101][y * 2 + x]);
    // A: 0, 255, 128, 1 → 384/4 = 96; R: 255, 0, 0, 1 → 64; G: 0, 255, 0, 1 → 64; B: 0, 0, 255, 1 → 64
    expect(texel(t.sampledLevels()[1], 0, 0)).toBe(0x60404040);
  });

  it('POINT keeps the top-left texel of each block', () => {
    const t = texture(device(), 4, 4);
    expect(t.SetAutoGenFilterType(D3DTEXF.POINT)).toBe(D3D_OK);
    fill(t, (x, y) => grey(L0[y][x]));
    const [, l1] = t.sampledLevels();
    expect([texel(l1, 0, 0), texel(l1, 1, 0), texel(l1, 0, 1), texel(l1, 1, 1)]).toEqual([grey(1), grey(1), grey(0), grey(255)]);
  });

  it('an odd side clamps: 3×1 → 1×1 averages texels 0 and 1, twice each', () => {
    const t = texture(device(), 3, 1);
    fill(t, (x) => grey([10, 21, 200][x]));
    // (10 + 21 + 10 + 21 + 2) >> 2 = 16 (15.5 rounds up)
    expect(texel(t.sampledLevels()[1], 0, 0)).toBe(grey(16));
  });

  it('regenerates when level 0 or the filter changes', () => {
    const t = texture(device(), 2, 2);
    fill(t, () => grey(100));
    expect(texel(t.sampledLevels()[1], 0, 0)).toBe(grey(100));
    fill(t, (x, y) => grey(x + y === 0 ? 0 : 200));
    expect(texel(t.sampledLevels()[1], 0, 0)).toBe(grey(150));
    expect(t.SetAutoGenFilterType(D3DTEXF.POINT)).toBe(D3D_OK);
    expect(texel(t.sampledLevels()[1], 0, 0)).toBe(grey(0));
  });

  it('float formats average values: R16F 1, 2, 2, 2 → 1.75', () => {
    const t = texture(device(), 2, 2, AUTO, D3DFMT.R16F);
    const lr = t.LockRect(0, null, 0);
    const halves = [0x3c00, 0x4000, 0x4000, 0x4000]; // 1.0, 2.0, 2.0, 2.0
    const dv = new DataView((lr.lockedRect!.pBits as Uint8Array).buffer, (lr.lockedRect!.pBits as Uint8Array).byteOffset);
    halves.forEach((h, i) => dv.setUint16((i >> 1) * lr.lockedRect!.Pitch + 2 * (i & 1), h, true));
    expect(t.UnlockRect(0)).toBe(D3D_OK);
    const l1 = t.sampledLevels()[1];
    expect(new DataView(l1.data.buffer, l1.data.byteOffset).getUint16(0, true)).toBe(0x3f00); // 1.75
  });

  it('cube textures generate each face', () => {
    const dev = device();
    const r = dev.CreateCubeTexture(2, 0, AUTO, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null);
    expect(r.hr).toBe(D3D_OK);
    const c = r.cubeTexture as CubeTexture;
    for (let f = 0; f < 6; f++) {
      const lr = c.LockRect(f, 0, null, 0);
      (lr.lockedRect!.pBits as Uint8Array).fill(f * 40);
      expect(c.UnlockRect(f, 0)).toBe(D3D_OK);
    }
    expect(c.sampledFaces().map((levels) => texel(levels[1], 0, 0))).toEqual([0, 1, 2, 3, 4, 5].map((f) => (f * 40 * 0x01010101) >>> 0));
  });
});

describe('draws sample the generated chain', () => {
  it('a 4×4 checkerboard minified to 2×2 reads level 1 (mean grey), not level 0', () => {
    const dev = device(2, 2);
    const t = texture(dev, 4, 4);
    fill(t, (x, y) => ((x + y) & 1 ? 0xffffffff : 0xff000000));
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetTexture(0, t);
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
    dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.POINT);
    dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
    dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.POINT);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    // a screen-aligned 2×2 quad over the whole 4×4 texture: one texel step is two texels, λ = 1
    const quad = new Float32Array([
      0, 0, 0, 1, 0, 0,
      2, 0, 0, 1, 1, 0,
      0, 2, 0, 1, 0, 1,
      2, 2, 0, 1, 1, 1,
    ]);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24)).toBe(D3D_OK);
    const bb = dev.GetBackBuffer(0, 0, 0).surface as Surface;
    // 0, 255, 255, 0 → 510/4 = 127.5 → 128, in every pixel
    for (let y = 0; y < 2; y++) for (let x = 0; x < 2; x++) expect(texel(bb, x, y) & 0xffffff).toBe(0x808080);
  });
});

describe('the sampled chain is the same list from draw to draw', () => {
  const grey = (v: number): number => (0xff000000 | (v << 16) | (v << 8) | v) >>> 0;
  it('2D and cube textures hand out the same lists (draws keep what they built for them), regenerated in place', () => {
    const dev = device();
    const t = texture(dev, 2, 2);
    fill(t, () => grey(100));
    const first = t.sampledLevels();
    expect(t.sampledLevels()).toBe(first);
    fill(t, (x, y) => grey(x + y === 0 ? 0 : 200));
    expect(t.sampledLevels()).toBe(first);
    expect(texel(first[1], 0, 0)).toBe(grey(150));
    const c = dev.CreateCubeTexture(2, 0, AUTO, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED, null).cubeTexture as CubeTexture;
    const faces = c.sampledFaces();
    const lr = c.LockRect(3, 0, null, 0);
    (lr.lockedRect!.pBits as Uint8Array).fill(60);
    expect(c.UnlockRect(3, 0)).toBe(D3D_OK);
    expect(c.sampledFaces()).toBe(faces);
    expect(texel(faces[3][1], 0, 0)).toBe((60 * 0x01010101) >>> 0);
  });

  it('a draw after level 0 was rewritten samples the regenerated level 1', () => {
    const dev = device(2, 2);
    const t = texture(dev, 4, 4);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetTexture(0, t);
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
    for (const s of [D3DSAMP.MINFILTER, D3DSAMP.MAGFILTER, D3DSAMP.MIPFILTER]) dev.SetSamplerState(0, s, D3DTEXF.POINT);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    // a 2×2 quad over the 4×4 texture: λ = 1, level 1
    const quad = new Float32Array([0, 0, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0, 0, 2, 0, 1, 0, 1, 2, 2, 0, 1, 1, 1]);
    const bb = dev.GetBackBuffer(0, 0, 0).surface as Surface;
    const seen: number[] = [];
    for (const v of [40, 200, 40]) {
      fill(t, () => grey(v));
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24)).toBe(D3D_OK);
      seen.push(texel(bb, 1, 1) & 0xffffff);
    }
    expect(seen).toEqual([40, 200, 40].map((v) => grey(v) & 0xffffff));
  });
});
