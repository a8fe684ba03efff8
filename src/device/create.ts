/**
 * Resource creation rules, as pure functions returning an HRESULT or a spec
 * (validation apart from execution). Sizes beyond the budget are
 * D3DERR_OUTOFVIDEOMEMORY.
 */
import { D3DERR, D3DFMT, D3DMULTISAMPLE, D3DPOOL, D3DUSAGE } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { formatInfo } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import { MAX_DIMENSION } from './memory.js';
import type { SurfaceSpec } from './surface.js';
import type { TextureSpec } from './texture.js';
import type { BufferSpec } from './buffers.js';
import { isRenderable, multisampleSupported } from './format-support.js';

const POOLS: ReadonlySet<number> = new Set([D3DPOOL.DEFAULT, D3DPOOL.MANAGED, D3DPOOL.SYSTEMMEM, D3DPOOL.SCRATCH]);

function dimsOk(w: number, h: number): boolean {
  return Number.isInteger(w) && Number.isInteger(h) && w >= 1 && h >= 1 && w <= MAX_DIMENSION && h <= MAX_DIMENSION;
}
function multisampleOk(type: number, quality: number): boolean {
  return multisampleSupported(type, quality);
}
/** Samples stored for a multisample type (NONMASKABLE: 2 per quality level + 2). */
export function sampleCount(type: number, quality: number): number {
  if (type === D3DMULTISAMPLE.NONMASKABLE) return 2 * (quality + 1);
  return type;
}
function colorRenderable(f: FormatInfo): boolean {
  return isRenderable(f);
}

export function renderTargetSpec(width: number, height: number, format: number, ms: number, quality: number, lockable: boolean): SurfaceSpec | HRESULT {
  const f = formatInfo(format);
  if (!f || !colorRenderable(f) || !dimsOk(width, height) || !multisampleOk(ms, quality)) return D3DERR.INVALIDCALL;
  // multisampled render targets cannot be locked (D3DPRESENTFLAG_LOCKABLE_BACKBUFFER rule)
  return {
    format: f, width, height, usage: D3DUSAGE.RENDERTARGET, pool: D3DPOOL.DEFAULT,
    multiSample: sampleCount(ms, quality), multiSampleQuality: quality, lockable: lockable && ms === 0,
  };
}

export function depthStencilSpec(width: number, height: number, format: number, ms: number, quality: number, discard: boolean): SurfaceSpec | HRESULT {
  const f = formatInfo(format);
  if (!f || f.kind !== 'depth' || !dimsOk(width, height) || !multisampleOk(ms, quality)) return D3DERR.INVALIDCALL;
  return {
    format: f, width, height, usage: D3DUSAGE.DEPTHSTENCIL, pool: D3DPOOL.DEFAULT,
    multiSample: sampleCount(ms, quality), multiSampleQuality: quality, lockable: f.lockable === true && ms === 0, discard,
  };
}

export function offscreenPlainSpec(width: number, height: number, format: number, pool: number): SurfaceSpec | HRESULT {
  const f = formatInfo(format);
  // offscreen plain surfaces cannot be MANAGED; depth formats only as depth-stencil surfaces, except the
  // lockable ones in system memory: replay9's extension for reading depth-stencil data back (README)
  const lockableDepthInSystemMemory = f?.kind === 'depth' && f.lockable === true && pool === D3DPOOL.SYSTEMMEM;
  if (!f || !POOLS.has(pool) || pool === D3DPOOL.MANAGED || (f.kind === 'depth' && !lockableDepthInSystemMemory) || f.kind === 'buffer' || !dimsOk(width, height)) return D3DERR.INVALIDCALL;
  if ((f.blockW > 1 && width % f.blockW !== 0) || (f.blockH > 1 && height % f.blockH !== 0)) return D3DERR.INVALIDCALL;
  return { format: f, width, height, usage: 0, pool, multiSample: 0, multiSampleQuality: 0, lockable: true };
}

export function textureSpec(width: number, height: number, levels: number, usage: number, format: number, pool: number): TextureSpec | HRESULT {
  const f = formatInfo(format);
  if (!f || !POOLS.has(pool) || f.kind === 'buffer' || !dimsOk(width, height)) return D3DERR.INVALIDCALL;
  const rt = (usage & D3DUSAGE.RENDERTARGET) !== 0;
  const ds = (usage & D3DUSAGE.DEPTHSTENCIL) !== 0;
  const dynamic = (usage & D3DUSAGE.DYNAMIC) !== 0;
  if ((rt || ds) && pool !== D3DPOOL.DEFAULT) return D3DERR.INVALIDCALL;
  if (rt && dynamic) return D3DERR.INVALIDCALL;
  if (dynamic && pool === D3DPOOL.MANAGED) return D3DERR.INVALIDCALL;
  if (f.kind === 'depth' && !ds) return D3DERR.INVALIDCALL;
  if (ds && f.kind !== 'depth') return D3DERR.INVALIDCALL;
  if (f.blockW > 1 && f.kind === 'compressed' && (width % 4 !== 0 || height % 4 !== 0)) return D3DERR.INVALIDCALL;
  // automatic mips: never in system memory, and the application asks for one level or all
  if ((usage & D3DUSAGE.AUTOGENMIPMAP) && (pool === D3DPOOL.SYSTEMMEM || levels > 1)) return D3DERR.INVALIDCALL;
  return { format: f, width, height, levels, usage, pool };
}

export function bufferSpec(length: number, usage: number, fvfOrFormat: number, pool: number, index: boolean): BufferSpec | HRESULT {
  if (!Number.isInteger(length) || length <= 0 || length > 256 * 1024 * 1024 || !POOLS.has(pool)) return D3DERR.INVALIDCALL;
  if (index && fvfOrFormat !== D3DFMT.INDEX16 && fvfOrFormat !== D3DFMT.INDEX32) return D3DERR.INVALIDCALL;
  if ((usage & D3DUSAGE.DYNAMIC) && pool === D3DPOOL.MANAGED) return D3DERR.INVALIDCALL;
  return { length, usage, pool, fvfOrFormat };
}
