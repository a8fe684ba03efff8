/**
 * IDirect3DDevice9::StretchRect answers as Windows does (seed 004, reference D):
 * one row per case, expectations typed from the seed's matrices, D.1's rules
 * and D.2's Windows-validated list. Only HRESULTs and the plan handed to the
 * blit core are checked here; the blitters' pixels are tested with them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StretchPlan } from '../../src/driver/blit/types.js';

/** Plans the device hands to the blit core (the blitters are stubbed: pixels are their tests' business). */
const blits = vi.hoisted((): unknown[] => []);
vi.mock('../../src/driver/blit/index.js', () => ({ stretchBlit: (plan: unknown): void => { blits.push(plan); } }));

import { D3DCREATE, D3DDEVCAPS2, D3DDEVTYPE, D3DERR, D3DFMT, D3DPOOL, D3DPTFILTERCAPS, D3DTEXF, D3DUSAGE, D3D_OK, hresultName } from '../../src/d3d9/index.js';
import type { DeviceProfile } from '../../src/device/caps.js';
import { deviceCaps } from '../../src/device/caps.js';
import type { Device } from '../../src/device/device.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { validateStretchRect } from '../../src/device/stretch-rect.js';
import { Surface } from '../../src/device/surface.js';
import type { D3DPRESENT_PARAMETERS, IDirect3DSurface9, RECT } from '../../src/device/types.js';
import { formatInfo } from '../../src/formats/index.js';
import { PP } from '../fixtures/every-command.js';

const OK = D3D_OK;
const IC = D3DERR.INVALIDCALL;
const A8R8G8B8 = D3DFMT.A8R8G8B8;
const rect = (left: number, top: number, right: number, bottom: number): RECT => ({ left, top, right, bottom });
const name = (hr: number): string => hresultName(hr);

/** A 64×64 A8R8G8B8 back buffer with a 64×64 D24S8 auto depth-stencil. */
const PP64: D3DPRESENT_PARAMETERS = { ...PP, BackBufferWidth: 64, BackBufferHeight: 64, BackBufferFormat: A8R8G8B8 };

function device(profile: DeviceProfile = 'dx9', pp: Partial<D3DPRESENT_PARAMETERS> = {}): Device {
  const r = Direct3DCreate9(32, profile)!.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, { ...PP64, ...pp });
  expect(r.hr).toBe(D3D_OK);
  return r.device as Device;
}

function ok<R extends { hr: number }, K extends keyof R>(r: R, key: K): NonNullable<R[K]> {
  expect(name(r.hr)).toBe('D3D_OK');
  return r[key] as NonNullable<R[K]>;
}

/** Surface makers: (device) → a fresh surface. */
type Make = (dev: Device) => IDirect3DSurface9;
const textureLevel = (usage: number, format: number = A8R8G8B8, size = 64, pool: number = D3DPOOL.DEFAULT): Make => (dev) =>
  ok(ok(dev.CreateTexture(size, size, 1, usage, format, pool), 'texture').GetSurfaceLevel(0), 'surface');
const cubeFace = (usage: number): Make => (dev) =>
  ok(ok(dev.CreateCubeTexture(64, 1, usage, A8R8G8B8, D3DPOOL.DEFAULT), 'cubeTexture').GetCubeMapSurface(3, 0), 'surface');
const rt = (format: number = A8R8G8B8, size = 64, ms = 0, lockable = false): Make => (dev) =>
  ok(dev.CreateRenderTarget(size, size, format, ms, 0, lockable), 'surface');
const osp = (format: number = A8R8G8B8, size = 64, pool: number = D3DPOOL.DEFAULT): Make => (dev) =>
  ok(dev.CreateOffscreenPlainSurface(size, size, format, pool), 'surface');
const ds = (format: number = D3DFMT.D24S8, size = 64, ms = 0, discard = false): Make => (dev) =>
  ok(dev.CreateDepthStencilSurface(size, size, format, ms, 0, discard), 'surface');
const backBuffer: Make = (dev) => ok(dev.GetBackBuffer(0, 0, 0), 'surface');
const autoDepthStencil: Make = (dev) => ok(dev.GetDepthStencilSurface(), 'surface');

type Kind = 'Texture' | 'RT texture' | 'RT' | 'Off-screen plain';
const KINDS: readonly Kind[] = ['Texture', 'RT texture', 'RT', 'Off-screen plain'];
const MAKE: Record<Kind, Make> = {
  'Texture': textureLevel(0),
  'RT texture': textureLevel(D3DUSAGE.RENDERTARGET),
  'RT': rt(),
  'Off-screen plain': osp(),
};

/**
 * The seed's four tables, as printed (rows = source, columns = destination:
 * Texture | RT texture | RT | Off-screen plain).
 */
const SEED_MATRICES: Record<DeviceProfile, Record<'no stretching' | 'stretching', Record<Kind, string>>> = {
  dx8: {
    'no stretching': {
      'Texture': 'No No No No',
      'RT texture': 'No Yes Yes No',
      'RT': 'No Yes Yes No',
      'Off-screen plain': 'Yes Yes Yes Yes',
    },
    'stretching': {
      'Texture': 'No No No No',
      'RT texture': 'No No No No',
      'RT': 'No Yes Yes No',
      'Off-screen plain': 'No Yes Yes No',
    },
  },
  dx9: {
    'no stretching': {
      'Texture': 'No Yes Yes No',
      'RT texture': 'No Yes Yes No',
      'RT': 'No Yes Yes No',
      'Off-screen plain': 'No Yes Yes Yes',
    },
    'stretching': {
      'Texture': 'No Yes Yes No',
      'RT texture': 'No Yes Yes No',
      'RT': 'No Yes Yes No',
      'Off-screen plain': 'No Yes Yes No',
    },
  },
};

beforeEach(() => {
  blits.length = 0;
});

describe('StretchRect: the support matrices of the seed, every cell (A8R8G8B8, 64×64)', () => {
  for (const profile of ['dx9', 'dx8'] as const) {
    for (const mode of ['no stretching', 'stretching'] as const) {
      for (const srcKind of KINDS) {
        const cells = SEED_MATRICES[profile][mode][srcKind].split(' ');
        KINDS.forEach((dstKind, i) => {
          const hr = cells[i] === 'Yes' ? OK : IC;
          it(`${profile === 'dx9' ? 'Direct3D 9' : 'DirectX 8'} driver, ${mode}: ${srcKind} → ${dstKind} → ${name(hr)}`, () => {
            const dev = device(profile);
            const src = MAKE[srcKind](dev);
            const dst = MAKE[dstKind](dev);
            const dstRect = mode === 'stretching' ? rect(0, 0, 32, 32) : null;
            expect(name(dev.StretchRect(src, null, dst, dstRect, D3DTEXF.NONE))).toBe(name(hr));
            expect(blits.length).toBe(hr === OK ? 1 : 0);
          });
        });
      }
    }
  }
});

/** One StretchRect between surfaces made for the row; `dst: 'src'` is the source surface itself. */
interface Row {
  what: string;
  src: Make;
  srcRect?: RECT | null;
  dst: Make | 'src';
  dstRect?: RECT | null;
  filter?: number;
  profile?: DeviceProfile;
  inScene?: boolean;
  /** run on the surfaces before the call (lock one, ...) */
  before?: (src: IDirect3DSurface9, dst: IDirect3DSurface9) => void;
  hr: number;
}

function runRows(rows: readonly Row[]): void {
  for (const r of rows) {
    it(`${r.what} → ${name(r.hr)}`, () => {
      const dev = device(r.profile);
      const src = r.src(dev);
      const dst = r.dst === 'src' ? src : r.dst(dev);
      r.before?.(src, dst);
      if (r.inScene) expect(dev.BeginScene()).toBe(D3D_OK);
      expect(name(dev.StretchRect(src, r.srcRect ?? null, dst, r.dstRect ?? null, r.filter ?? D3DTEXF.NONE))).toBe(name(r.hr));
      expect(blits.length).toBe(r.hr === OK ? 1 : 0);
    });
  }
}

describe('StretchRect: rects (NULL = whole surface; empty, flipped, negative or past the edge → INVALIDCALL)', () => {
  const RT = rt();
  runRows([
    { what: 'both rects NULL', src: RT, dst: RT, hr: OK },
    { what: 'sub-rects of the same size', src: RT, srcRect: rect(8, 8, 24, 40), dst: RT, dstRect: rect(40, 16, 56, 48), hr: OK },
    { what: 'rects ending exactly on the right and bottom edges', src: RT, srcRect: rect(32, 32, 64, 64), dst: RT, dstRect: rect(0, 0, 64, 64), hr: OK },
    { what: 'a source rect of zero width', src: RT, srcRect: rect(10, 10, 10, 20), dst: RT, hr: IC },
    { what: 'a source rect of zero height', src: RT, srcRect: rect(10, 10, 20, 10), dst: RT, hr: IC },
    { what: 'a destination rect of zero width', src: RT, dst: RT, dstRect: rect(5, 0, 5, 64), hr: IC },
    { what: 'a destination rect of zero height', src: RT, dst: RT, dstRect: rect(0, 7, 64, 7), hr: IC },
    { what: 'a source rect flipped horizontally', src: RT, srcRect: rect(64, 0, 0, 64), dst: RT, hr: IC },
    { what: 'a source rect flipped vertically (Windows: {0, 64, 64, 0})', src: RT, srcRect: rect(0, 64, 64, 0), dst: RT, hr: IC },
    { what: 'a destination rect flipped horizontally', src: RT, dst: RT, dstRect: rect(64, 0, 0, 64), hr: IC },
    { what: 'a destination rect flipped vertically (Windows: {0, 64, 64, 0})', src: RT, dst: RT, dstRect: rect(0, 64, 64, 0), hr: IC },
    { what: 'a source rect with a negative left', src: RT, srcRect: rect(-1, 0, 31, 32), dst: RT, hr: IC },
    { what: 'a source rect with a negative top', src: RT, srcRect: rect(0, -8, 32, 24), dst: RT, hr: IC },
    { what: 'a destination rect with a negative left', src: RT, dst: RT, dstRect: rect(-4, 0, 28, 32), hr: IC },
    { what: 'a destination rect with a negative top', src: RT, dst: RT, dstRect: rect(0, -1, 32, 31), hr: IC },
    { what: 'a source rect past the right edge', src: RT, srcRect: rect(40, 0, 65, 32), dst: RT, hr: IC },
    { what: 'a source rect past the bottom edge', src: RT, srcRect: rect(0, 40, 32, 65), dst: RT, hr: IC },
    { what: 'a destination rect past the right edge', src: RT, dst: RT, dstRect: rect(32, 0, 96, 64), hr: IC },
    { what: 'a destination rect past the bottom edge', src: RT, dst: RT, dstRect: rect(0, 32, 64, 96), hr: IC },
    { what: 'a destination rect wholly outside the surface', src: RT, dst: RT, dstRect: rect(64, 64, 80, 80), hr: IC },
  ]);
});

describe('StretchRect: the filter is NONE, POINT or LINEAR', () => {
  const filters: Array<[string, number, number]> = [
    ['D3DTEXF_NONE', D3DTEXF.NONE, OK],
    ['D3DTEXF_POINT', D3DTEXF.POINT, OK],
    ['D3DTEXF_LINEAR', D3DTEXF.LINEAR, OK],
    ['D3DTEXF_ANISOTROPIC', D3DTEXF.ANISOTROPIC, IC],
    ['D3DTEXF_PYRAMIDALQUAD', D3DTEXF.PYRAMIDALQUAD, IC],
    ['D3DTEXF_GAUSSIANQUAD', D3DTEXF.GAUSSIANQUAD, IC],
    ['D3DTEXF_CONVOLUTIONMONO (9Ex)', D3DTEXF.CONVOLUTIONMONO, IC],
    ['4 (DX8 FLATCUBIC, not a D3D9 filter)', 4, IC],
    ['5 (DX8 GAUSSIANCUBIC, not a D3D9 filter)', 5, IC],
    ['0xFFFFFFFF', 0xffffffff, IC],
  ];
  const rows: Row[] = [];
  for (const [f, value, hr] of filters) {
    rows.push({ what: `${f}, same size`, src: rt(), dst: rt(), filter: value, hr });
    rows.push({ what: `${f}, stretched`, src: rt(), dst: rt(), dstRect: rect(0, 0, 16, 48), filter: value, hr });
  }
  runRows(rows);

  // the device's caps have all four bits (reference D.4); a driver without them refuses the filter
  const capsRows: Array<[string, number, number, number]> = [
    ['POINT without MAGFPOINT', D3DTEXF.POINT, D3DPTFILTERCAPS.MINFPOINT | D3DPTFILTERCAPS.MINFLINEAR | D3DPTFILTERCAPS.MAGFLINEAR, IC],
    ['POINT without MINFPOINT', D3DTEXF.POINT, D3DPTFILTERCAPS.MAGFPOINT | D3DPTFILTERCAPS.MINFLINEAR | D3DPTFILTERCAPS.MAGFLINEAR, IC],
    ['POINT with MINFPOINT and MAGFPOINT only', D3DTEXF.POINT, D3DPTFILTERCAPS.MINFPOINT | D3DPTFILTERCAPS.MAGFPOINT, OK],
    ['LINEAR without MINFLINEAR', D3DTEXF.LINEAR, D3DPTFILTERCAPS.MINFPOINT | D3DPTFILTERCAPS.MAGFPOINT | D3DPTFILTERCAPS.MAGFLINEAR, IC],
    ['LINEAR without MAGFLINEAR', D3DTEXF.LINEAR, D3DPTFILTERCAPS.MINFPOINT | D3DPTFILTERCAPS.MAGFPOINT | D3DPTFILTERCAPS.MINFLINEAR, IC],
    ['LINEAR with MINFLINEAR and MAGFLINEAR only', D3DTEXF.LINEAR, D3DPTFILTERCAPS.MINFLINEAR | D3DPTFILTERCAPS.MAGFLINEAR, OK],
    ['NONE with no filter caps at all', D3DTEXF.NONE, 0, OK],
  ];
  for (const [what, filter, filterCaps, hr] of capsRows) {
    it(`StretchRectFilterCaps: ${what} → ${name(hr)}`, () => {
      const dev = device();
      const caps = { DevCaps2: dev.caps.DevCaps2, StretchRectFilterCaps: filterCaps };
      const r = validateStretchRect({ inScene: false, profile: 'dx9', caps }, rt()(dev), null, rt()(dev), rect(0, 0, 32, 32), filter);
      expect(name(typeof r === 'number' ? r : OK)).toBe(name(hr));
    });
  }
});

describe('StretchRect: both surfaces in D3DPOOL_DEFAULT', () => {
  runRows([
    { what: 'a SYSTEMMEM off-screen plain source into an RT', src: osp(A8R8G8B8, 64, D3DPOOL.SYSTEMMEM), dst: rt(), hr: IC },
    { what: 'a SCRATCH off-screen plain source into an RT', src: osp(A8R8G8B8, 64, D3DPOOL.SCRATCH), dst: rt(), hr: IC },
    { what: 'a MANAGED texture level into an RT', src: textureLevel(0, A8R8G8B8, 64, D3DPOOL.MANAGED), dst: rt(), hr: IC },
    { what: 'a SYSTEMMEM texture level into an RT', src: textureLevel(0, A8R8G8B8, 64, D3DPOOL.SYSTEMMEM), dst: rt(), hr: IC },
    { what: 'an RT into a SYSTEMMEM off-screen plain surface', src: rt(), dst: osp(A8R8G8B8, 64, D3DPOOL.SYSTEMMEM), hr: IC },
    { what: 'a DEFAULT off-screen plain into a SYSTEMMEM one', src: osp(), dst: osp(A8R8G8B8, 64, D3DPOOL.SYSTEMMEM), hr: IC },
    { what: 'a DEFAULT off-screen plain into a MANAGED texture level', src: osp(), dst: textureLevel(0, A8R8G8B8, 64, D3DPOOL.MANAGED), profile: 'dx8', hr: IC },
    { what: 'DEFAULT off-screen plain into DEFAULT RT (control)', src: osp(), dst: rt(), hr: OK },
  ]);
  it('a NULL source or destination → D3DERR_INVALIDCALL', () => {
    const dev = device();
    const s = rt()(dev);
    expect(name(dev.StretchRect(null, null, s, null, D3DTEXF.NONE))).toBe(name(IC));
    expect(name(dev.StretchRect(s, null, null, null, D3DTEXF.NONE))).toBe(name(IC));
    expect(blits.length).toBe(0);
  });
});

describe('StretchRect: within one surface, copies only (overlap allowed), no stretching', () => {
  runRows([
    { what: 'RT: one rect to another of the same size, apart', src: rt(), srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(32, 32, 48, 48), hr: OK },
    { what: 'RT: same size, overlapping', src: rt(), srcRect: rect(0, 0, 32, 32), dst: 'src', dstRect: rect(8, 8, 40, 40), hr: OK },
    { what: 'RT: the whole surface onto itself', src: rt(), dst: 'src', hr: OK },
    { what: 'RT: stretched to a larger rect', src: rt(), srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(32, 32, 64, 64), hr: IC },
    { what: 'RT: shrunk into a smaller rect', src: rt(), srcRect: rect(0, 0, 32, 32), dst: 'src', dstRect: rect(40, 40, 56, 56), hr: IC },
    { what: 'RT: same width, other height', src: rt(), srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(0, 32, 16, 40), hr: IC },
    { what: 'RT texture: same size, overlapping', src: textureLevel(D3DUSAGE.RENDERTARGET), srcRect: rect(4, 4, 36, 36), dst: 'src', dstRect: rect(0, 0, 32, 32), hr: OK },
    { what: 'RT texture: stretched', src: textureLevel(D3DUSAGE.RENDERTARGET), srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(16, 16, 48, 48), hr: IC },
    { what: 'off-screen plain: same size, overlapping', src: osp(), srcRect: rect(0, 0, 32, 32), dst: 'src', dstRect: rect(16, 0, 48, 32), hr: OK },
    { what: 'off-screen plain: stretched', src: osp(), srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(16, 16, 48, 48), hr: IC },
    { what: 'back buffer: same size, apart', src: backBuffer, srcRect: rect(0, 0, 32, 32), dst: 'src', dstRect: rect(32, 32, 64, 64), hr: OK },
  ]);
});

describe('StretchRect: off-screen plain surfaces (D.1 rule 5 and the Windows list)', () => {
  runRows([
    { what: 'off-screen plain → off-screen plain, same size', src: osp(), dst: osp(), hr: OK },
    { what: 'off-screen plain → off-screen plain, same-size sub-rects', src: osp(), srcRect: rect(0, 0, 16, 16), dst: osp(), dstRect: rect(48, 48, 64, 64), hr: OK },
    { what: 'off-screen plain → off-screen plain, scaled up', src: osp(A8R8G8B8, 32), dst: osp(), hr: IC },
    { what: 'off-screen plain → off-screen plain, scaled down', src: osp(), dst: osp(), dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'off-screen plain → off-screen plain, scaled, DirectX 8 driver', src: osp(), dst: osp(), dstRect: rect(0, 0, 32, 32), profile: 'dx8', hr: IC },
    { what: 'RT → off-screen plain, same size', src: rt(), dst: osp(), hr: IC },
    { what: 'RT → off-screen plain, scaled', src: rt(), dst: osp(), dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'RT texture → off-screen plain, same size', src: textureLevel(D3DUSAGE.RENDERTARGET), dst: osp(), hr: IC },
    { what: 'texture → off-screen plain, same size', src: textureLevel(0), dst: osp(), hr: IC },
    { what: 'back buffer → off-screen plain, same size', src: backBuffer, dst: osp(), hr: IC },
    { what: 'off-screen plain → RT, scaled up', src: osp(A8R8G8B8, 32), dst: rt(), hr: OK },
    { what: 'off-screen plain → RT texture, scaled down', src: osp(), dst: textureLevel(D3DUSAGE.RENDERTARGET, A8R8G8B8, 32), hr: OK },
    { what: 'back buffer → RT, scaled', src: backBuffer, dst: rt(A8R8G8B8, 32), filter: D3DTEXF.LINEAR, hr: OK },
    { what: 'back buffer → RT texture, same size', src: backBuffer, dst: textureLevel(D3DUSAGE.RENDERTARGET), hr: OK },
    { what: 'RT → back buffer, scaled', src: rt(A8R8G8B8, 16), dst: backBuffer, filter: D3DTEXF.POINT, hr: OK },
  ]);
});

describe('StretchRect: texture levels', () => {
  runRows([
    { what: 'off-screen plain → plain texture, same size', src: osp(), dst: textureLevel(0), hr: IC },
    { what: 'off-screen plain → plain texture, scaled', src: osp(), dst: textureLevel(0, A8R8G8B8, 32), hr: IC },
    { what: 'RT → plain texture, same size', src: rt(), dst: textureLevel(0), hr: IC },
    { what: 'RT → a DYNAMIC plain texture', src: rt(), dst: textureLevel(D3DUSAGE.DYNAMIC), hr: IC },
    { what: 'RT → an AUTOGENMIPMAP RT texture', src: rt(), dst: textureLevel(D3DUSAGE.RENDERTARGET | D3DUSAGE.AUTOGENMIPMAP), hr: OK },
    { what: 'plain texture → RT texture, scaled', src: textureLevel(0), dst: textureLevel(D3DUSAGE.RENDERTARGET, A8R8G8B8, 16), hr: OK },
    { what: 'plain cube face → RT', src: cubeFace(0), dst: rt(), hr: OK },
    { what: 'RT → RT cube face, scaled', src: rt(A8R8G8B8, 32), dst: cubeFace(D3DUSAGE.RENDERTARGET), hr: OK },
    { what: 'RT → plain cube face', src: rt(), dst: cubeFace(0), hr: IC },
    { what: 'plain cube face → RT, DirectX 8 driver', src: cubeFace(0), dst: rt(), profile: 'dx8', hr: IC },
  ]);

  // D.1 rule 8: texture sources need D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES, which the runtime sets for Direct3D 9 drivers
  it('GetDeviceCaps: the Direct3D 9 profile has CAN_STRETCHRECT_FROM_TEXTURES, the DirectX 8 profile not', () => {
    expect(deviceCaps('dx9').DevCaps2 & D3DDEVCAPS2.CAN_STRETCHRECT_FROM_TEXTURES).not.toBe(0);
    expect(deviceCaps('dx8').DevCaps2 & D3DDEVCAPS2.CAN_STRETCHRECT_FROM_TEXTURES).toBe(0);
  });
  const capRows: Array<[string, Make, Make, DeviceProfile, number]> = [
    ['plain texture → RT, Direct3D 9 matrices, no cap', textureLevel(0), rt(), 'dx9', IC],
    ['RT texture → RT, Direct3D 9 matrices, no cap', textureLevel(D3DUSAGE.RENDERTARGET), rt(), 'dx9', IC],
    ['RT → RT texture, Direct3D 9 matrices, no cap (a destination needs no cap)', rt(), textureLevel(D3DUSAGE.RENDERTARGET), 'dx9', OK],
    ['RT texture → RT, DirectX 8 matrices (the table for drivers without the cap)', textureLevel(D3DUSAGE.RENDERTARGET), rt(), 'dx8', OK],
  ];
  for (const [what, src, dst, profile, hr] of capRows) {
    it(`DevCaps2 without CAN_STRETCHRECT_FROM_TEXTURES: ${what} → ${name(hr)}`, () => {
      const dev = device();
      const caps = { DevCaps2: D3DDEVCAPS2.STREAMOFFSET, StretchRectFilterCaps: dev.caps.StretchRectFilterCaps };
      const r = validateStretchRect({ inScene: false, profile, caps }, src(dev), null, dst(dev), null, D3DTEXF.NONE);
      expect(name(typeof r === 'number' ? r : OK)).toBe(name(hr));
    });
  }
});

describe('StretchRect: locked surfaces', () => {
  const lock = (s: IDirect3DSurface9): void => expect(s.LockRect(null, 0).hr).toBe(D3D_OK);
  runRows([
    { what: 'a locked source', src: osp(), dst: rt(), before: (s) => lock(s), hr: IC },
    { what: 'a locked destination', src: rt(), dst: rt(A8R8G8B8, 64, 0, true), before: (_s, d) => lock(d), hr: IC },
    { what: 'a locked off-screen plain destination', src: osp(), dst: osp(), before: (_s, d) => lock(d), hr: IC },
    { what: 'a source locked read-only', src: osp(), dst: rt(), before: (s) => expect(s.LockRect(null, 0x10).hr).toBe(D3D_OK), hr: IC },
    { what: 'a source locked and unlocked again', src: osp(), dst: rt(), before: (s) => { lock(s); expect(s.UnlockRect()).toBe(D3D_OK); }, hr: OK },
    { what: 'a locked lockable depth-stencil source', src: ds(D3DFMT.D16_LOCKABLE), dst: ds(D3DFMT.D16_LOCKABLE), before: (s) => lock(s), hr: IC },
  ]);
});

describe('StretchRect: DXTn formats, unstretched and on block lines', () => {
  const D1 = osp(D3DFMT.DXT1);
  runRows([
    { what: 'DXT1 → DXT1, whole surfaces', src: D1, dst: D1, hr: OK },
    { what: 'DXT5 → DXT5, whole surfaces', src: osp(D3DFMT.DXT5), dst: osp(D3DFMT.DXT5), hr: OK },
    { what: 'DXT1 → DXT1, aligned sub-rects', src: D1, srcRect: rect(4, 8, 36, 24), dst: D1, dstRect: rect(16, 40, 48, 56), hr: OK },
    { what: 'DXT1 → DXT1, source left off a block line', src: D1, srcRect: rect(2, 0, 34, 32), dst: D1, dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'DXT1 → DXT1, source top off a block line', src: D1, srcRect: rect(0, 1, 32, 33), dst: D1, dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'DXT1 → DXT1, destination left off a block line', src: D1, srcRect: rect(0, 0, 32, 32), dst: D1, dstRect: rect(6, 0, 38, 32), hr: IC },
    { what: 'DXT1 → DXT1, destination top off a block line', src: D1, srcRect: rect(0, 0, 32, 32), dst: D1, dstRect: rect(0, 3, 32, 35), hr: IC },
    { what: 'DXT1 → DXT1, right and bottom off block lines inside the surface', src: D1, srcRect: rect(0, 0, 30, 30), dst: D1, dstRect: rect(0, 0, 30, 30), hr: IC },
    { what: 'DXT1 → DXT1, scaled', src: D1, dst: D1, dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'DXT1 → DXT1 within one surface, aligned, apart', src: D1, srcRect: rect(0, 0, 16, 16), dst: 'src', dstRect: rect(32, 32, 48, 48), hr: OK },
    { what: 'DXT1 → DXT5 (no conversion between compressed formats)', src: D1, dst: osp(D3DFMT.DXT5), hr: IC },
    { what: 'DXT1 → A8R8G8B8 RT (not a conversion CheckDeviceFormatConversion offers)', src: D1, dst: rt(), hr: IC },
    { what: 'DXT1 off-screen plain → DXT1 plain texture, aligned, DirectX 8 driver', src: D1, dst: textureLevel(0, D3DFMT.DXT1), profile: 'dx8', hr: OK },
    { what: 'DXT1 off-screen plain → DXT1 plain texture, misaligned, DirectX 8 driver', src: D1, srcRect: rect(1, 0, 33, 32), dst: textureLevel(0, D3DFMT.DXT1), dstRect: rect(0, 0, 32, 32), profile: 'dx8', hr: IC },
  ]);

  // Right and bottom may end off a block line at the surface edge (a mip level smaller than a block, D.3);
  // creation refuses such off-screen plain sizes, so these surfaces are built directly.
  const dxt = (size: number): Surface => new Surface({
    format: formatInfo(D3DFMT.DXT1)!, width: size, height: size, usage: 0, pool: D3DPOOL.DEFAULT, multiSample: 0, multiSampleQuality: 0, lockable: true,
  });
  const edgeRows: Array<[string, RECT | null, RECT | null, number]> = [
    ['whole 6×6 surfaces', null, null, OK],
    ['rects from a block line to the right and bottom edge', rect(4, 4, 6, 6), rect(4, 4, 6, 6), OK],
    ['rects ending on a block line across and at the bottom edge', rect(0, 4, 4, 6), rect(0, 4, 4, 6), OK],
    ['a destination rect ending at 2 across, neither a block line nor the edge', rect(4, 4, 6, 6), rect(0, 4, 2, 6), IC],
    ['a source rect ending at 5, neither a block line nor the edge', rect(0, 0, 5, 5), rect(0, 0, 5, 5), IC],
    ['a destination rect starting off a block line at the edge block', rect(4, 4, 6, 6), rect(2, 4, 4, 6), IC],
  ];
  for (const [what, srcRect, dstRect, hr] of edgeRows) {
    it(`DXT1 edges on a 6×6 surface: ${what} → ${name(hr)}`, () => {
      const r = validateStretchRect({ inScene: false, profile: 'dx9', caps: deviceCaps('dx9') }, dxt(6), srcRect, dxt(6), dstRect, D3DTEXF.NONE);
      expect(name(typeof r === 'number' ? r : OK)).toBe(name(hr));
    });
  }
});

describe('StretchRect: format conversion where CheckDeviceFormatConversion allows it (D.5)', () => {
  const F = D3DFMT;
  const pairs: Array<[string, number, number, number]> = [
    ['A8R8G8B8 → X8R8G8B8', F.A8R8G8B8, F.X8R8G8B8, OK],
    ['X8R8G8B8 → A8R8G8B8', F.X8R8G8B8, F.A8R8G8B8, OK],
    ['A8R8G8B8 → R5G6B5', F.A8R8G8B8, F.R5G6B5, OK],
    ['R5G6B5 → A8R8G8B8', F.R5G6B5, F.A8R8G8B8, OK],
    ['X1R5G5B5 → A1R5G5B5', F.X1R5G5B5, F.A1R5G5B5, OK],
    ['A2R10G10B10 → A16B16G16R16F', F.A2R10G10B10, F.A16B16G16R16F, OK],
    ['A8R8G8B8 → A8B8G8R8', F.A8R8G8B8, F.A8B8G8R8, OK],
    ['A8R8G8B8 → A32B32G32R32F', F.A8R8G8B8, F.A32B32G32R32F, OK],
    ['A16B16G16R16F → A16B16G16R16F (equal formats)', F.A16B16G16R16F, F.A16B16G16R16F, OK],
    ['A8R8G8B8 → A4R4G4B4 (not a conversion target)', F.A8R8G8B8, F.A4R4G4B4, IC],
    ['A8R8G8B8 → G16R16 (not a conversion target)', F.A8R8G8B8, F.G16R16, IC],
    ['A16B16G16R16F → A8R8G8B8 (not a back-buffer or YUV source)', F.A16B16G16R16F, F.A8R8G8B8, IC],
    ['A4R4G4B4 → A8R8G8B8 (not a back-buffer or YUV source)', F.A4R4G4B4, F.A8R8G8B8, IC],
  ];
  const rows: Row[] = [];
  for (const [what, s, d, hr] of pairs) {
    rows.push({ what: `RT ${what}, same size`, src: rt(s), dst: rt(d), hr });
    rows.push({ what: `RT ${what}, scaled`, src: rt(s), dst: rt(d, 32), filter: D3DTEXF.LINEAR, hr });
  }
  const yuv: Array<[string, number, number, number]> = [
    ['YUY2 → X8R8G8B8', F.YUY2, F.X8R8G8B8, OK],
    ['YUY2 → A8R8G8B8', F.YUY2, F.A8R8G8B8, OK],
    ['UYVY → R5G6B5', F.UYVY, F.R5G6B5, OK],
    ['UYVY → A16B16G16R16F', F.UYVY, F.A16B16G16R16F, OK],
    ['R8G8_B8G8 → X8R8G8B8', F.R8G8_B8G8, F.X8R8G8B8, OK],
    ['YUY2 → A4R4G4B4 (not a conversion target)', F.YUY2, F.A4R4G4B4, IC],
  ];
  for (const [what, s, d, hr] of yuv) {
    rows.push({ what: `off-screen plain ${what} RT, same size`, src: osp(s), dst: rt(d), hr });
    rows.push({ what: `off-screen plain ${what} RT, stretched`, src: osp(s), srcRect: rect(2, 0, 34, 48), dst: rt(d), filter: D3DTEXF.LINEAR, hr });
  }
  rows.push(
    { what: 'YUY2 source rect from an odd pixel (decoded per pixel)', src: osp(F.YUY2), srcRect: rect(3, 0, 35, 32), dst: rt(), dstRect: rect(0, 0, 32, 32), hr: OK },
    { what: 'YUY2 → YUY2 off-screen plain, same size (equal formats)', src: osp(F.YUY2), dst: osp(F.YUY2), hr: OK },
    { what: 'YUY2 → YUY2 off-screen plain, destination from an odd pixel (half a macro-pixel)', src: osp(F.YUY2), srcRect: rect(0, 0, 32, 32), dst: osp(F.YUY2), dstRect: rect(1, 0, 33, 32), hr: IC },
    { what: 'X8R8G8B8 → YUY2 off-screen plain (RGB → YUV is no conversion)', src: osp(F.X8R8G8B8), dst: osp(F.YUY2), hr: IC },
    { what: 'A8R8G8B8 → X8R8G8B8 off-screen plain, same size', src: osp(F.A8R8G8B8), dst: osp(F.X8R8G8B8), hr: OK },
  );
  runRows(rows);
});

describe('StretchRect: multisampled surfaces (resolve; every sample of a multisampled destination)', () => {
  const MS = rt(A8R8G8B8, 64, 4);
  runRows([
    { what: '4× MS RT → RT, same size, NONE', src: MS, dst: rt(), filter: D3DTEXF.NONE, hr: OK },
    { what: '4× MS RT → RT, same size, POINT', src: MS, dst: rt(), filter: D3DTEXF.POINT, hr: OK },
    { what: '4× MS RT → RT, same size, LINEAR', src: MS, dst: rt(), filter: D3DTEXF.LINEAR, hr: OK },
    { what: '4× MS RT → RT, scaled by the destination rect', src: MS, dst: rt(), dstRect: rect(0, 0, 64, 32), filter: D3DTEXF.LINEAR, hr: OK },
    { what: '4× MS RT → RT, scaled by the source rect', src: MS, srcRect: rect(0, 0, 32, 64), dst: rt(), filter: D3DTEXF.POINT, hr: OK },
    { what: '4× MS RT → R5G6B5 RT (conversion during the resolve)', src: MS, dst: rt(D3DFMT.R5G6B5), hr: OK },
    { what: '4× MS RT → RT texture', src: MS, dst: textureLevel(D3DUSAGE.RENDERTARGET), hr: OK },
    { what: '2× MS RT → 4× MS RT', src: rt(A8R8G8B8, 64, 2), dst: MS, hr: OK },
    { what: 'RT → 4× MS RT, scaled', src: rt(A8R8G8B8, 32), dst: MS, hr: OK },
    { what: '4× MS RT → off-screen plain', src: MS, dst: osp(), hr: IC },
  ]);
  it('multisampled back buffer (2×) → RT → D3D_OK', () => {
    const dev = device('dx9', { MultiSampleType: 2 });
    const bb = backBuffer(dev);
    expect(name(dev.StretchRect(bb, null, rt()(dev), null, D3DTEXF.NONE))).toBe('D3D_OK');
  });
});

describe('StretchRect: depth-stencil surfaces (D.1 rules 9-13)', () => {
  const D24 = ds();
  const intz = textureLevel(D3DUSAGE.DEPTHSTENCIL, D3DFMT.INTZ);
  runRows([
    { what: 'D24S8 → D24S8, NULL rects', src: D24, dst: D24, hr: OK },
    { what: 'D24S8 → D24S8, full rects given', src: D24, srcRect: rect(0, 0, 64, 64), dst: D24, dstRect: rect(0, 0, 64, 64), hr: OK },
    { what: 'D24S8 → D24S8 with LINEAR', src: D24, dst: D24, filter: D3DTEXF.LINEAR, hr: OK },
    { what: 'D16 → D16', src: ds(D3DFMT.D16), dst: ds(D3DFMT.D16), hr: OK },
    { what: 'auto depth-stencil → D24S8', src: autoDepthStencil, dst: D24, hr: OK },
    { what: 'D24S8 → auto depth-stencil', src: D24, dst: autoDepthStencil, hr: OK },
    { what: 'a source sub-rect', src: D24, srcRect: rect(0, 0, 32, 32), dst: ds(D3DFMT.D24S8, 32), hr: IC },
    { what: 'a destination sub-rect', src: ds(D3DFMT.D24S8, 32), dst: D24, dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'same-size sub-rects of same-size surfaces', src: D24, srcRect: rect(0, 0, 32, 32), dst: D24, dstRect: rect(0, 0, 32, 32), hr: IC },
    { what: 'stretching: whole 64×64 into whole 32×32', src: D24, dst: ds(D3DFMT.D24S8, 32), hr: IC },
    { what: 'stretching: whole 32×32 into whole 64×64', src: ds(D3DFMT.D24S8, 32), dst: D24, hr: IC },
    { what: 'format conversion D24S8 → D24X8', src: D24, dst: ds(D3DFMT.D24X8), hr: IC },
    { what: 'format conversion D16 → D24S8', src: ds(D3DFMT.D16), dst: D24, hr: IC },
    { what: 'format conversion D24S8 → D24FS8', src: D24, dst: ds(D3DFMT.D24FS8), hr: IC },
    { what: 'a Discard source', src: ds(D3DFMT.D24S8, 64, 0, true), dst: D24, hr: IC },
    { what: 'a Discard destination', src: D24, dst: ds(D3DFMT.D24S8, 64, 0, true), hr: IC },
    { what: 'an INTZ texture level (DEPTHSTENCIL usage) as source', src: intz, dst: ds(D3DFMT.INTZ), hr: IC },
    { what: 'an INTZ texture level (DEPTHSTENCIL usage) as destination', src: ds(D3DFMT.INTZ), dst: intz, hr: IC },
    { what: 'depth-stencil → RT', src: D24, dst: rt(), hr: IC },
    { what: 'RT → depth-stencil', src: rt(), dst: D24, hr: IC },
    { what: 'off-screen plain → depth-stencil', src: osp(), dst: D24, hr: IC },
    { what: 'depth-stencil → off-screen plain', src: D24, dst: osp(), hr: IC },
    { what: 'an invalid filter', src: D24, dst: D24, filter: D3DTEXF.ANISOTROPIC, hr: IC },
    { what: 'a flipped rect', src: D24, srcRect: rect(0, 64, 64, 0), dst: D24, hr: IC },
    { what: '4× MS D24S8 → 4× MS D24S8', src: ds(D3DFMT.D24S8, 64, 4), dst: ds(D3DFMT.D24S8, 64, 4), hr: OK },
    // replay9's choice where the docs are silent: no depth resolve
    { what: 'a multisampled source into a single-sampled one', src: ds(D3DFMT.D24S8, 64, 4), dst: D24, hr: IC },
    { what: 'D24S8 → D24S8, DirectX 8 driver', src: D24, dst: D24, profile: 'dx8', hr: OK },
  ]);
});

describe('StretchRect inside BeginScene/EndScene: depth-stencil refused, colour allowed', () => {
  runRows([
    { what: 'in a scene: D24S8 → D24S8', src: ds(), dst: ds(), inScene: true, hr: IC },
    { what: 'in a scene: auto depth-stencil → D24S8', src: autoDepthStencil, dst: ds(), inScene: true, hr: IC },
    { what: 'in a scene: RT → RT, scaled', src: rt(), dst: rt(), dstRect: rect(0, 0, 32, 32), inScene: true, filter: D3DTEXF.LINEAR, hr: OK },
    { what: 'in a scene: back buffer → RT texture', src: backBuffer, dst: textureLevel(D3DUSAGE.RENDERTARGET), inScene: true, hr: OK },
    { what: 'in a scene: off-screen plain → off-screen plain', src: osp(), dst: osp(), inScene: true, hr: OK },
  ]);
  it('after EndScene the depth-stencil copy is allowed again', () => {
    const dev = device();
    const a = ds()(dev);
    const b = ds()(dev);
    expect(dev.BeginScene()).toBe(D3D_OK);
    expect(name(dev.StretchRect(a, null, b, null, D3DTEXF.NONE))).toBe(name(IC));
    expect(dev.EndScene()).toBe(D3D_OK);
    expect(name(dev.StretchRect(a, null, b, null, D3DTEXF.NONE))).toBe('D3D_OK');
  });
});

describe('StretchRect hands the blit core a complete plan', () => {
  it('NULL rects become the whole surfaces; the filter and kind travel as given', () => {
    const dev = device();
    const src = rt(A8R8G8B8, 32)(dev);
    const dst = rt(D3DFMT.R5G6B5, 64)(dev);
    expect(dev.StretchRect(src, null, dst, null, D3DTEXF.LINEAR)).toBe(D3D_OK);
    const plan = blits[0] as StretchPlan;
    expect(plan.srcRect).toEqual(rect(0, 0, 32, 32));
    expect(plan.dstRect).toEqual(rect(0, 0, 64, 64));
    expect([plan.src.width, plan.dst.width, plan.src.format.id, plan.dst.format.id]).toEqual([32, 64, A8R8G8B8, D3DFMT.R5G6B5]);
    expect([plan.filter, plan.depthStencil]).toEqual([D3DTEXF.LINEAR, false]);
  });
  it('a copy within one surface hands the same surface as source and destination', () => {
    const dev = device();
    const s = rt()(dev);
    expect(dev.StretchRect(s, rect(0, 0, 32, 32), s, rect(8, 8, 40, 40), D3DTEXF.NONE)).toBe(D3D_OK);
    const plan = blits[0] as StretchPlan;
    expect(plan.src).toBe(plan.dst);
    expect([plan.srcRect, plan.dstRect]).toEqual([rect(0, 0, 32, 32), rect(8, 8, 40, 40)]);
  });
  it('the plan keeps its own rects: changing the caller\'s RECT afterwards changes nothing', () => {
    const dev = device();
    const r = rect(0, 0, 16, 16);
    expect(dev.StretchRect(rt()(dev), r, rt()(dev), null, D3DTEXF.POINT)).toBe(D3D_OK);
    r.right = 64;
    expect((blits[0] as StretchPlan).srcRect).toEqual(rect(0, 0, 16, 16));
  });
  it('a depth-stencil plan is marked as one', () => {
    const dev = device();
    expect(dev.StretchRect(ds()(dev), null, autoDepthStencil(dev), null, D3DTEXF.NONE)).toBe(D3D_OK);
    expect((blits[0] as StretchPlan).depthStencil).toBe(true);
  });
});
