/**
 * IDirect3DDevice9::StretchRect validation (reference D): a pure function of
 * the two surfaces, the rects, the filter, the scene and the driver profile,
 * returning D3DERR_INVALIDCALL or the plan the blit core executes. Where
 * Windows, Wine and DXVK disagree this follows Windows (reference D.2's
 * Windows-validated list, the doc matrices) and says so in one line.
 *
 * Plan semantics for the blitters: `src`/`dst` are the surfaces themselves, so
 * `plan.src === plan.dst` means one surface, and then the rects are the same
 * size but may overlap (the copy must read as if from a snapshot of the source);
 * a multisampled source is resolved; every sample of a multisampled destination
 * is written; formats may differ (a D.5 conversion, YUV → RGB included);
 * `depthStencil` plans are whole, same-size, same-format, same-sample-count copies.
 */
import { D3DDEVCAPS2, D3DDEVTYPE, D3DERR, D3DPOOL, D3DPTFILTERCAPS, D3DTEXF, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import type { BlitFilter, StretchPlan } from '../driver/blit/types.js';
import type { Rect } from '../driver/surface-view.js';
import type { D3DCAPS9, DeviceProfile } from './caps.js';
import { checkDeviceFormatConversion } from './format-support.js';
import { Surface } from './surface.js';
import type { IDirect3DSurface9, RECT } from './types.js';

/** What StretchRect reads of the device. */
export interface StretchRectDevice {
  inScene: boolean;
  profile: DeviceProfile;
  caps: Pick<D3DCAPS9, 'DevCaps2' | 'StretchRectFilterCaps'>;
}

/** The four surface kinds of the support matrices (reference D.2). */
export type StretchKind = 'texture' | 'rtTexture' | 'rt' | 'offscreenPlain';
type Matrix = Readonly<Record<StretchKind, readonly StretchKind[]>>;

/** Allowed destinations per source kind: the four matrices of reference D.2, row by row. */
const SUPPORT: Readonly<Record<DeviceProfile, { copy: Matrix; stretch: Matrix }>> = {
  dx8: {
    copy: {
      texture: [],
      rtTexture: ['rtTexture', 'rt'],
      rt: ['rtTexture', 'rt'],
      offscreenPlain: ['texture', 'rtTexture', 'rt', 'offscreenPlain'],
    },
    stretch: {
      texture: [],
      rtTexture: [],
      rt: ['rtTexture', 'rt'],
      offscreenPlain: ['rtTexture', 'rt'],
    },
  },
  dx9: {
    copy: {
      texture: ['rtTexture', 'rt'],
      rtTexture: ['rtTexture', 'rt'],
      rt: ['rtTexture', 'rt'],
      offscreenPlain: ['rtTexture', 'rt', 'offscreenPlain'],
    },
    // D.1 rule 5 and the Windows list: no scaling into an off-screen plain surface, not even from one; Wine allows OSP→OSP, DXVK any → OSP (test: 'off-screen plain → off-screen plain, scaled down')
    stretch: {
      texture: ['rtTexture', 'rt'],
      rtTexture: ['rtTexture', 'rt'],
      rt: ['rtTexture', 'rt'],
      offscreenPlain: ['rtTexture', 'rt'],
    },
  },
};

/** StretchRectFilterCaps bits a filter needs (reference D.4); NONE needs none. */
const FILTER_CAPS: Readonly<Record<BlitFilter, number>> = {
  [D3DTEXF.NONE]: 0,
  [D3DTEXF.POINT]: D3DPTFILTERCAPS.MINFPOINT | D3DPTFILTERCAPS.MAGFPOINT,
  [D3DTEXF.LINEAR]: D3DPTFILTERCAPS.MINFLINEAR | D3DPTFILTERCAPS.MAGFLINEAR,
};

const isDepth = (s: Surface): boolean => s.isDepthStencil || s.format.kind === 'depth';
const isTextureLevel = (s: Surface): boolean => s.spec.container !== undefined;

/** The matrix kind of a colour surface: texture levels by RT usage; the back buffer is an RT. */
export function stretchKind(s: Surface): StretchKind {
  if (isTextureLevel(s)) return s.isRenderTarget ? 'rtTexture' : 'texture';
  return s.isRenderTarget ? 'rt' : 'offscreenPlain';
}

/** Does the profile's matrix allow this source → destination pair (reference D.2)? */
export function matrixAllows(profile: DeviceProfile, stretch: boolean, src: StretchKind, dst: StretchKind): boolean {
  return SUPPORT[profile][stretch ? 'stretch' : 'copy'][src].includes(dst);
}

/** A valid D3DTEXF for StretchRect whose caps bits the device has (D.1 rule 3, D.4). */
export function filterAllowed(filter: number, filterCaps: number): filter is BlitFilter {
  if (filter !== D3DTEXF.NONE && filter !== D3DTEXF.POINT && filter !== D3DTEXF.LINEAR) return false;
  const need = FILTER_CAPS[filter as BlitFilter];
  return (filterCaps & need) === need;
}

/**
 * The rect StretchRect uses (NULL = the whole surface), or undefined when empty,
 * flipped or outside the surface: all INVALIDCALL on Windows and Wine (D.3, D.2's y-flipped rows).
 */
export function resolveRect(s: Surface, r: RECT | null): Rect | undefined {
  if (r === null) return { left: 0, top: 0, right: s.width, bottom: s.height };
  const { left, top, right, bottom } = r;
  // a RECT holds LONGs
  if (![left, top, right, bottom].every(Number.isInteger)) return undefined;
  // an empty rect is INVALIDCALL as in Wine, not DXVK's silent D3D_OK (reference D.3, disagreement 3; test: 'a source rect of zero width')
  if (left < 0 || top < 0 || right > s.width || bottom > s.height || left >= right || top >= bottom) return undefined;
  return { left, top, right, bottom };
}

/** Edges on block lines, right/bottom also at the surface edge (compressed formats: D.3's block rule). */
export function blockAligned(s: Surface, r: Rect): boolean {
  const f = s.format;
  const ax = (v: number): boolean => v % f.blockW === 0;
  const ay = (v: number): boolean => v % f.blockH === 0;
  return ax(r.left) && ay(r.top) && (ax(r.right) || r.right === s.width) && (ay(r.bottom) || r.bottom === s.height);
}

/** Equal formats, or a pair CheckDeviceFormatConversion accepts (D.1 rule 7, D.5). */
export function formatsConvert(src: Surface, dst: Surface): boolean {
  return src.format.id === dst.format.id || checkDeviceFormatConversion(0, D3DDEVTYPE.HAL, src.format.id, dst.format.id) === D3D_OK;
}

const sameSize = (a: Rect, b: Rect): boolean => a.right - a.left === b.right - b.left && a.bottom - a.top === b.bottom - b.top;
const whole = (s: Surface, r: Rect): boolean => r.left === 0 && r.top === 0 && r.right === s.width && r.bottom === s.height;

/** Depth-stencil StretchRect: D.1 rules 9-13. */
function depthStencilAllowed(dev: StretchRectDevice, src: Surface, srcRect: Rect, dst: Surface, dstRect: Rect): boolean {
  // both plain depth-stencil surfaces (CreateDepthStencilSurface or the auto one), not texture levels (rule 9)
  if (!isDepth(src) || !isDepth(dst) || !src.isDepthStencil || !dst.isDepthStencil || isTextureLevel(src) || isTextureLevel(dst)) return false;
  if (src.spec.discard || dst.spec.discard) return false; // rule 10
  if (dev.inScene) return false; // rule 13
  // whole surfaces, same size, no conversion (rules 11, 12; Wine checks the rects after NULL → full, as here)
  if (!whole(src, srcRect) || !whole(dst, dstRect) || src.width !== dst.width || src.height !== dst.height) return false;
  if (src.format.id !== dst.format.id) return false;
  // replay9's choice where the docs are silent: no depth resolve, the sample counts must match (test: 'a multisampled source into a single-sampled one')
  return src.samples === dst.samples;
}

/** Colour StretchRect: D.1 rules 1, 4-8 and the matrices of D.2. */
function colourAllowed(dev: StretchRectDevice, src: Surface, srcRect: Rect, dst: Surface, dstRect: Rect): boolean {
  const stretch = !sameSize(srcRect, dstRect);
  // rule 4 forbids only stretching: a same-size copy within one surface is allowed, overlapping or not; DXVK refuses any (D.3; test: 'RT: same size, overlapping')
  if (stretch && src === dst) return false;
  const srcKind = stretchKind(src);
  // rule 8: the D3D9 matrices presume CAN_STRETCHRECT_FROM_TEXTURES (the runtime sets it); the DX8 matrices, whose RT-texture rows say Yes, are the table for drivers without it (tests: 'DevCaps2 without CAN_STRETCHRECT_FROM_TEXTURES: …')
  if (dev.profile === 'dx9' && isTextureLevel(src) && (dev.caps.DevCaps2 & D3DDEVCAPS2.CAN_STRETCHRECT_FROM_TEXTURES) === 0) return false;
  if (!matrixAllows(dev.profile, stretch, srcKind, stretchKind(dst))) return false;
  const compressed = src.format.kind === 'compressed' || dst.format.kind === 'compressed';
  if (compressed && (stretch || !blockAligned(src, srcRect) || !blockAligned(dst, dstRect))) return false; // rule 6, D.3
  // a macro-pixel (YUY2, UYVY, RGBG) destination is written in whole pairs; a YUV source is decoded per pixel (test: 'YUY2 → YUY2 off-screen plain, destination from an odd pixel (half a macro-pixel)')
  if (dst.format.kind === 'yuv' && !blockAligned(dst, dstRect)) return false;
  return formatsConvert(src, dst);
}

/**
 * StretchRect(pSourceSurface, pSourceRect, pDestSurface, pDestRect, Filter): the plan, or
 * D3DERR_INVALIDCALL, the only error D3D9 documents for it (reference D).
 */
export function validateStretchRect(
  dev: StretchRectDevice, source: IDirect3DSurface9 | null, sourceRect: RECT | null,
  dest: IDirect3DSurface9 | null, destRect: RECT | null, filter: number,
): StretchPlan | HRESULT {
  if (!(source instanceof Surface) || !(dest instanceof Surface)) return D3DERR.INVALIDCALL;
  if (source.spec.pool !== D3DPOOL.DEFAULT || dest.spec.pool !== D3DPOOL.DEFAULT) return D3DERR.INVALIDCALL; // rule 2
  if (!filterAllowed(filter, dev.caps.StretchRectFilterCaps)) return D3DERR.INVALIDCALL;
  // a mapped surface: D3D9's INVALIDCALL (Wine returns its internal SURFACEBUSY untranslated, D.3) (test: 'a locked source')
  if (source.locked || dest.locked) return D3DERR.INVALIDCALL;
  const srcRect = resolveRect(source, sourceRect);
  const dstRect = resolveRect(dest, destRect);
  if (!srcRect || !dstRect) return D3DERR.INVALIDCALL;
  const depthStencil = isDepth(source) || isDepth(dest);
  const ok = depthStencil
    ? depthStencilAllowed(dev, source, srcRect, dest, dstRect)
    : colourAllowed(dev, source, srcRect, dest, dstRect);
  if (!ok) return D3DERR.INVALIDCALL;
  return { src: source, srcRect, dst: dest, dstRect, filter, depthStencil };
}
