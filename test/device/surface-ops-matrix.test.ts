/**
 * ColorFill, UpdateSurface and StretchRect on every kind of surface, one table per operation.
 * Expectations:
 * - ColorFill: Microsoft's docs (DEFAULT-pool render targets, render-target texture levels and
 *   off-screen plain surfaces only) and Wine dlls/d3d9/tests/device.c test_color_fill (its
 *   resource_types table: DEFAULT plain and DYNAMIC texture levels, SYSTEMMEM, MANAGED and SCRATCH
 *   levels refused, render-target levels filled; off-screen plain surfaces filled in DEFAULT only;
 *   a depth-stencil surface refused).
 * - UpdateSurface: Microsoft's docs (SYSTEMMEM source, DEFAULT destination, no multisampling, no
 *   depth-stencil format, same format; the Texture/Off-screen plain source rows say Yes to every
 *   destination kind) and Wine device.c test_surface_blocks (SYSTEMMEM → DEFAULT copies).
 * - StretchRect: reference D.2's D3D9 matrices and Wine visual.c stretchrect_test (Windows-validated).
 * replay9's documented extension (depth-stencil data between a lockable SYSTEMMEM depth format and a
 * DEFAULT depth-stencil surface, test/device/copies.test.ts) is outside these tables.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCUBEMAP_FACE, D3DERR, D3DFMT, D3DPOOL, D3DTEXF, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const N = 8;
const A = D3DFMT.A8R8G8B8;

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: N, BackBufferHeight: N, BackBufferFormat: A }).device as Device;
}

/** Every kind of surface, 8×8 (A8R8G8B8 for colour, D24S8 for depth). */
const KINDS: Readonly<Record<string, (d: Device) => IDirect3DSurface9>> = {
  'render target': (d) => d.CreateRenderTarget(N, N, A, 0, 0, false).surface!,
  'lockable render target': (d) => d.CreateRenderTarget(N, N, A, 0, 0, true).surface!,
  'multisampled render target': (d) => d.CreateRenderTarget(N, N, A, 4, 0, false).surface!,
  'back buffer': (d) => d.GetBackBuffer(0, 0, 0).surface!,
  'DEFAULT off-screen plain': (d) => d.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.DEFAULT).surface!,
  'SYSTEMMEM off-screen plain': (d) => d.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.SYSTEMMEM).surface!,
  'SCRATCH off-screen plain': (d) => d.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.SCRATCH).surface!,
  'DEFAULT texture level': (d) => d.CreateTexture(N, N, 1, 0, A, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!,
  'DEFAULT DYNAMIC texture level': (d) => d.CreateTexture(N, N, 1, D3DUSAGE.DYNAMIC, A, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!,
  'render-target texture level': (d) => d.CreateTexture(N, N, 1, D3DUSAGE.RENDERTARGET, A, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!,
  'SYSTEMMEM texture level': (d) => d.CreateTexture(N, N, 1, 0, A, D3DPOOL.SYSTEMMEM).texture!.GetSurfaceLevel(0).surface!,
  'MANAGED texture level': (d) => d.CreateTexture(N, N, 1, 0, A, D3DPOOL.MANAGED).texture!.GetSurfaceLevel(0).surface!,
  'SCRATCH texture level': (d) => d.CreateTexture(N, N, 1, 0, A, D3DPOOL.SCRATCH).texture!.GetSurfaceLevel(0).surface!,
  'render-target cube face': (d) => d.CreateCubeTexture(N, 1, D3DUSAGE.RENDERTARGET, A, D3DPOOL.DEFAULT).cubeTexture!.GetCubeMapSurface(D3DCUBEMAP_FACE.NEGATIVE_Y, 0).surface!,
  'DEFAULT cube face': (d) => d.CreateCubeTexture(N, 1, 0, A, D3DPOOL.DEFAULT).cubeTexture!.GetCubeMapSurface(D3DCUBEMAP_FACE.POSITIVE_Z, 0).surface!,
  'SYSTEMMEM cube face': (d) => d.CreateCubeTexture(N, 1, 0, A, D3DPOOL.SYSTEMMEM).cubeTexture!.GetCubeMapSurface(D3DCUBEMAP_FACE.POSITIVE_X, 0).surface!,
  'depth-stencil surface': (d) => d.CreateDepthStencilSurface(N, N, D3DFMT.D24S8, 0, 0, false).surface!,
  'depth-stencil texture level (INTZ)': (d) => d.CreateTexture(N, N, 1, D3DUSAGE.DEPTHSTENCIL, D3DFMT.INTZ, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!,
};
type Kind = keyof typeof KINDS;

const OK = D3D_OK;
const NO = D3DERR.INVALIDCALL;
const name = (hr: number): string => (hr === OK ? 'D3D_OK' : 'D3DERR_INVALIDCALL');

function table(title: string, rows: ReadonlyArray<[Kind, number]>, run: (d: Device, s: IDirect3DSurface9) => number): void {
  describe(title, () => {
    it('covers every kind of surface', () => expect(rows.map(([k]) => k).sort()).toEqual(Object.keys(KINDS).sort()));
    for (const [kind, hr] of rows) {
      it(`${kind}: ${name(hr)}`, () => {
        const dev = device();
        const s = KINDS[kind](dev);
        expect(s).toBeDefined();
        expect(name(run(dev, s) >>> 0 === OK ? OK : NO)).toBe(name(hr));
      });
    }
  });
}

table('ColorFill (device.c test_color_fill)', [
  ['render target', OK], ['lockable render target', OK], ['multisampled render target', OK], ['back buffer', OK],
  ['DEFAULT off-screen plain', OK], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', NO], ['DEFAULT DYNAMIC texture level', NO], ['render-target texture level', OK],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', OK], ['DEFAULT cube face', NO], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.ColorFill(s, null, 0xff336699));

table('UpdateSurface into each kind, from a SYSTEMMEM off-screen plain surface', [
  ['render target', OK], ['lockable render target', OK], ['multisampled render target', NO], ['back buffer', OK],
  ['DEFAULT off-screen plain', OK], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', OK], ['DEFAULT DYNAMIC texture level', OK], ['render-target texture level', OK],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', OK], ['DEFAULT cube face', OK], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.UpdateSurface(d.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.SYSTEMMEM).surface!, null, s, null));

table('UpdateSurface from each kind into a render target', [
  ['render target', NO], ['lockable render target', NO], ['multisampled render target', NO], ['back buffer', NO],
  ['DEFAULT off-screen plain', NO], ['SYSTEMMEM off-screen plain', OK], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', NO], ['DEFAULT DYNAMIC texture level', NO], ['render-target texture level', NO],
  ['SYSTEMMEM texture level', OK], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', NO], ['DEFAULT cube face', NO], ['SYSTEMMEM cube face', OK],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.UpdateSurface(s, null, d.CreateRenderTarget(N, N, A, 0, 0, false).surface!, null));

table('StretchRect into each kind, from a render target, same size (reference D.2, visual.c stretchrect_test)', [
  ['render target', OK], ['lockable render target', OK], ['multisampled render target', OK], ['back buffer', OK],
  ['DEFAULT off-screen plain', NO], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', NO], ['DEFAULT DYNAMIC texture level', NO], ['render-target texture level', OK],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', OK], ['DEFAULT cube face', NO], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.StretchRect(d.CreateRenderTarget(N, N, A, 0, 0, false).surface!, null, s, null, D3DTEXF.NONE));

table('StretchRect from each kind into a render target, same size', [
  ['render target', OK], ['lockable render target', OK], ['multisampled render target', OK], ['back buffer', OK],
  ['DEFAULT off-screen plain', OK], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', OK], ['DEFAULT DYNAMIC texture level', OK], ['render-target texture level', OK],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', OK], ['DEFAULT cube face', OK], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.StretchRect(s, null, d.CreateRenderTarget(N, N, A, 0, 0, false).surface!, null, D3DTEXF.NONE));

table('StretchRect from each kind into a DEFAULT off-screen plain surface, same size (only off-screen plain sources)', [
  ['render target', NO], ['lockable render target', NO], ['multisampled render target', NO], ['back buffer', NO],
  ['DEFAULT off-screen plain', OK], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', NO], ['DEFAULT DYNAMIC texture level', NO], ['render-target texture level', NO],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', NO], ['DEFAULT cube face', NO], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', NO], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.StretchRect(s, null, d.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.DEFAULT).surface!, null, D3DTEXF.NONE));

table('StretchRect from a depth-stencil surface into each kind, whole surface, outside a scene (reference D.1 rules 9-13)', [
  ['render target', NO], ['lockable render target', NO], ['multisampled render target', NO], ['back buffer', NO],
  ['DEFAULT off-screen plain', NO], ['SYSTEMMEM off-screen plain', NO], ['SCRATCH off-screen plain', NO],
  ['DEFAULT texture level', NO], ['DEFAULT DYNAMIC texture level', NO], ['render-target texture level', NO],
  ['SYSTEMMEM texture level', NO], ['MANAGED texture level', NO], ['SCRATCH texture level', NO],
  ['render-target cube face', NO], ['DEFAULT cube face', NO], ['SYSTEMMEM cube face', NO],
  ['depth-stencil surface', OK], ['depth-stencil texture level (INTZ)', NO],
], (d, s) => d.StretchRect(d.CreateDepthStencilSurface(N, N, D3DFMT.D24S8, 0, 0, false).surface!, null, s, null, D3DTEXF.NONE));

describe('ColorFill of 0xdeadbeef into DEFAULT off-screen plain surfaces stores what Windows stores (device.c test_color_fill)', () => {
  const rows: ReadonlyArray<[string, number, number[]]> = [
    ['A8R8G8B8', D3DFMT.A8R8G8B8, [0xdeadbeef, 0xdeadbeef]],
    ['R5G6B5', D3DFMT.R5G6B5, [0xadfdadfd, 0xadfdadfd]],
    ['G16R16', D3DFMT.G16R16, [0xbebeadad, 0xbebeadad]],
    ['A16B16G16R16', D3DFMT.A16B16G16R16, [0xbebeadad, 0xdedeefef]],
  ];
  for (const [what, fmt, words] of rows) {
    it(what, () => {
      const dev = device();
      const s = dev.CreateOffscreenPlainSurface(N, N, fmt, D3DPOOL.DEFAULT).surface!;
      expect(dev.ColorFill(s, null, 0xdeadbeef)).toBe(OK);
      const data = (s as unknown as { data: Uint8Array }).data;
      const dv = new DataView(data.buffer, data.byteOffset);
      expect([dv.getUint32(0, true), dv.getUint32(4, true)]).toEqual(words);
    });
  }
});

describe('a volume level is no surface', () => {
  it('ColorFill, UpdateSurface and StretchRect refuse it (D3DERR_INVALIDCALL)', () => {
    const dev = device();
    const vol = dev.CreateVolumeTexture(N, N, 2, 1, 0, A, D3DPOOL.DEFAULT).volumeTexture!.GetVolumeLevel(0).volume! as unknown as IDirect3DSurface9;
    const rt = KINDS['render target'](dev);
    expect(dev.ColorFill(vol, null, 0)).toBe(NO);
    expect(dev.UpdateSurface(KINDS['SYSTEMMEM off-screen plain'](dev), null, vol, null)).toBe(NO);
    expect(dev.StretchRect(vol, null, rt, null, D3DTEXF.NONE)).toBe(NO);
    expect(dev.StretchRect(rt, null, vol, null, D3DTEXF.NONE)).toBe(NO);
  });
});

describe('what the allowed cells write', () => {
  it('ColorFill of a render-target cube face and UpdateSurface into a plain DEFAULT texture level store the bytes', () => {
    const dev = device();
    const face = KINDS['render-target cube face'](dev) as unknown as { data: Uint8Array };
    expect(dev.ColorFill(face as unknown as IDirect3DSurface9, { left: 1, top: 1, right: 2, bottom: 2 }, 0xff336699)).toBe(OK);
    expect(Array.from(face.data.subarray(4 * (N + 1), 4 * (N + 2)))).toEqual([0x99, 0x66, 0x33, 0xff]);
    const src = dev.CreateOffscreenPlainSurface(N, N, A, D3DPOOL.SYSTEMMEM).surface!;
    src.LockRect(null, 0).lockedRect!.pBits.fill(0x5c);
    src.UnlockRect();
    const lvl = KINDS['DEFAULT texture level'](dev) as unknown as { data: Uint8Array };
    expect(dev.UpdateSurface(src, { left: 0, top: 0, right: 2, bottom: 1 }, lvl as unknown as IDirect3DSurface9, { x: 3, y: 4 })).toBe(OK);
    expect(Array.from(lvl.data.subarray(4 * (4 * N + 2), 4 * (4 * N + 6)))).toEqual([0, 0, 0, 0, ...Array(8).fill(0x5c), 0, 0, 0, 0]);
  });
});
