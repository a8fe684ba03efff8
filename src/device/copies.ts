/**
 * UpdateSurface, GetRenderTargetData and UpdateTexture: validation as pure
 * functions returning an HRESULT or a plan, then the copy. Depth-stencil data
 * moves between a DEFAULT depth-stencil surface and a SYSTEMMEM surface of a
 * lockable depth or stencil format through the driver's depth-stencil Blt
 * (seed 000): replay9's extension where D3D9 is silent (README).
 */
import { D3DERR, D3DPOOL, D3DUSAGE, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { copyRect } from '../driver/blit/copy-rect.js';
import type { Rect } from '../driver/surface-view.js';
import { copyDepthStencil, depthStencilCopyPlan } from '../formats/index.js';
import { Surface } from './surface.js';
import { CubeTexture, Texture } from './texture.js';
import { VolumeTexture } from './volume.js';
import type { IDirect3DBaseTexture9, IDirect3DSurface9, POINT, RECT } from './types.js';

export interface CopyPlan {
  kind: 'raw' | 'depthStencil';
  src: Surface;
  rect: Rect;
  dst: Surface;
  x: number;
  y: number;
}

const isDepth = (s: Surface): boolean => s.format.kind === 'depth';

/** Whole blocks of a compressed or macro-pixel format: edges on block lines or at the surface edge. */
function blockAligned(s: Surface, r: Rect): boolean {
  const f = s.format;
  const ax = (v: number): boolean => v % f.blockW === 0 || v === s.width;
  const ay = (v: number): boolean => v % f.blockH === 0 || v === s.height;
  return ax(r.left) && ax(r.right) && ay(r.top) && ay(r.bottom);
}

function inside(s: Surface, r: Rect): boolean {
  return r.left >= 0 && r.top >= 0 && r.right <= s.width && r.bottom <= s.height && r.left < r.right && r.top < r.bottom;
}

/** A rect grown to whole blocks of a block-compressed format (edges may end at the surface edge). */
function alignOut(s: Surface, r: Rect): Rect {
  const f = s.format;
  if (f.blockW === 1 && f.blockH === 1) return r;
  return {
    left: r.left - (r.left % f.blockW), top: r.top - (r.top % f.blockH),
    right: Math.min(s.width, Math.ceil(r.right / f.blockW) * f.blockW), bottom: Math.min(s.height, Math.ceil(r.bottom / f.blockH) * f.blockH),
  };
}

/** A depth-stencil copy both ways between an opaque format and a lockable one, or undefined when refused. */
function depthPlan(src: Surface, dst: Surface): boolean {
  return depthStencilCopyPlan(src.format.id, dst.format.id).ok;
}

export function planUpdateSurface(source: IDirect3DSurface9 | null, srcRect: RECT | null, dest: IDirect3DSurface9 | null, point: POINT | null): CopyPlan | HRESULT {
  if (!(source instanceof Surface) || !(dest instanceof Surface)) return D3DERR.INVALIDCALL;
  if (source.spec.pool !== D3DPOOL.SYSTEMMEM || dest.spec.pool !== D3DPOOL.DEFAULT) return D3DERR.INVALIDCALL;
  if (source.locked || dest.locked || dest.samples > 1) return D3DERR.INVALIDCALL;
  const r = srcRect ?? { left: 0, top: 0, right: source.width, bottom: source.height };
  const x = point?.x ?? 0;
  const y = point?.y ?? 0;
  if (!inside(source, r)) return D3DERR.INVALIDCALL;
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  if (x < 0 || y < 0 || x + w > dest.width || y + h > dest.height) return D3DERR.INVALIDCALL;
  if (isDepth(dest) || isDepth(source)) {
    // the extension: a lockable depth/stencil surface in system memory into a DEFAULT depth-stencil surface
    if (!isDepth(source) || !isDepth(dest) || !source.format.lockable || dest.format.lockable || !depthPlan(source, dest)) return D3DERR.INVALIDCALL;
    return { kind: 'depthStencil', src: source, rect: r, dst: dest, x, y };
  }
  if (source.format.id !== dest.format.id) return D3DERR.INVALIDCALL;
  if (!blockAligned(source, r) || !blockAligned(dest, { left: x, top: y, right: x + w, bottom: y + h })) return D3DERR.INVALIDCALL;
  return { kind: 'raw', src: source, rect: r, dst: dest, x, y };
}

export function planGetRenderTargetData(renderTarget: IDirect3DSurface9 | null, dest: IDirect3DSurface9 | null): CopyPlan | HRESULT {
  if (!(renderTarget instanceof Surface) || !(dest instanceof Surface)) return D3DERR.INVALIDCALL;
  if (renderTarget.spec.pool !== D3DPOOL.DEFAULT || dest.spec.pool !== D3DPOOL.SYSTEMMEM) return D3DERR.INVALIDCALL;
  // a multisampled render target must be resolved first (StretchRect): GetRenderTargetData refuses it
  if (renderTarget.samples > 1 || renderTarget.width !== dest.width || renderTarget.height !== dest.height || dest.locked) return D3DERR.INVALIDCALL;
  const rect = { left: 0, top: 0, right: dest.width, bottom: dest.height };
  if (renderTarget.isDepthStencil) {
    // the extension: depth-stencil data read back into a lockable depth/stencil format (seed 000's Blt)
    if (!isDepth(dest) || !dest.format.lockable || !depthPlan(renderTarget, dest)) return D3DERR.INVALIDCALL;
    return { kind: 'depthStencil', src: renderTarget, rect, dst: dest, x: 0, y: 0 };
  }
  if (!renderTarget.isRenderTarget || renderTarget.format.id !== dest.format.id) return D3DERR.INVALIDCALL;
  return { kind: 'raw', src: renderTarget, rect, dst: dest, x: 0, y: 0 };
}

export function executeCopy(p: CopyPlan): HRESULT {
  if (p.kind === 'depthStencil') copyDepthStencil({ format: p.src.format.id, data: p.src.data, pitch: p.src.pitch, width: p.src.width, height: p.src.height }, p.rect, { format: p.dst.format.id, data: p.dst.data, pitch: p.dst.pitch, width: p.dst.width, height: p.dst.height }, p.x, p.y);
  else copyRect(p.src, p.rect, p.dst, p.x, p.y);
  return D3D_OK;
}

/** UpdateTexture: a SYSTEMMEM texture's levels into a DEFAULT texture of the same type and format. */
export function updateTexture(source: IDirect3DBaseTexture9 | null, dest: IDirect3DBaseTexture9 | null): HRESULT {
  if (source instanceof VolumeTexture || dest instanceof VolumeTexture) return updateVolumeTexture(source, dest);
  const faces = (t: Texture | CubeTexture): Surface[][] => (t instanceof Texture ? [t.levels] : t.faces);
  const ok = (source instanceof Texture && dest instanceof Texture) || (source instanceof CubeTexture && dest instanceof CubeTexture);
  if (!ok) return D3DERR.INVALIDCALL;
  const s = source as Texture | CubeTexture;
  const d = dest as Texture | CubeTexture;
  if (s.spec.pool !== D3DPOOL.SYSTEMMEM || d.spec.pool !== D3DPOOL.DEFAULT || s.spec.format.id !== d.spec.format.id) return D3DERR.INVALIDCALL;
  const sf = faces(s);
  const df = faces(d);
  // the destination's levels come from the source levels of the same size: the source needs at least as many
  const autogen = (d.spec.usage & D3DUSAGE.AUTOGENMIPMAP) !== 0;
  const count = autogen ? 1 : df[0].length;
  const first = sf[0].findIndex((l) => l.width === df[0][0].width && l.height === df[0][0].height);
  if (first < 0 || sf[0].length - first < count) return D3DERR.INVALIDCALL;
  if (sf.some((levels) => levels.some((l) => l.locked)) || df.some((levels) => levels.some((l) => l.locked))) return D3DERR.INVALIDCALL;
  // only the source's dirty regions are copied, each level its scaled region; then the source is clean (D3D9 texture dirty regions)
  const dirty = s instanceof Texture ? [s.dirty] : s.dirty;
  for (let face = 0; face < df.length; face++) {
    for (let i = 0; i < count; i++) {
      const from = sf[face][first + i];
      for (const r of dirty[face].at(first + i, from.width, from.height)) {
        const aligned = alignOut(from, r);
        copyRect(from, aligned, df[face][i], aligned.left, aligned.top);
      }
    }
    dirty[face].clear();
  }
  return D3D_OK;
}

/**
 * UpdateTexture of volume textures: SYSTEMMEM into DEFAULT only (Wine device.c test_update_volumetexture),
 * the same format, levels matched by size as for 2D textures. Windows copies mismatched sizes or formats
 * as raw bytes (that test's note); replay9 refuses them, as the documentation asks.
 */
function updateVolumeTexture(source: IDirect3DBaseTexture9 | null, dest: IDirect3DBaseTexture9 | null): HRESULT {
  if (!(source instanceof VolumeTexture) || !(dest instanceof VolumeTexture)) return D3DERR.INVALIDCALL;
  if (source.spec.pool !== D3DPOOL.SYSTEMMEM || dest.spec.pool !== D3DPOOL.DEFAULT || source.spec.format.id !== dest.spec.format.id) return D3DERR.INVALIDCALL;
  const top = dest.levels[0];
  const first = source.levels.findIndex((l) => l.width === top.width && l.height === top.height && l.depth === top.depth);
  if (first < 0 || source.levels.length - first < dest.levels.length) return D3DERR.INVALIDCALL;
  if (source.levels.some((l) => l.locked) || dest.levels.some((l) => l.locked)) return D3DERR.INVALIDCALL;
  dest.levels.forEach((level, i) => level.data.set(source.levels[first + i].data));
  return D3D_OK;
}
