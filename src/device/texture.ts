/** Textures and cube textures: a chain of surface levels owned by the texture. */
import { D3DERR, D3DPOOL, D3DUSAGE, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import type { FormatInfo } from '../formats/index.js';
import { RefCounted } from './ref-counted.js';
import { Surface } from './surface.js';
import type { D3DLOCKED_RECT, IDirect3DCubeTexture9, IDirect3DSurface9, IDirect3DTexture9, LockSub, RECT } from './types.js';
import type { MemoryBudget } from './memory.js';

export interface TextureSpec {
  format: FormatInfo;
  width: number;
  height: number;
  levels: number;
  usage: number;
  pool: number;
}

/** Number of levels in a full mip chain down to 1×1. */
export function fullChainLevels(width: number, height: number): number {
  let n = 1;
  while (width > 1 || height > 1) {
    width = Math.max(1, width >> 1);
    height = Math.max(1, height >> 1);
    n++;
  }
  return n;
}

/** Levels a texture of this spec gets: 0 asks for the full chain; AUTOGENMIPMAP exposes one. */
export function levelCount(spec: TextureSpec): number {
  if (spec.usage & D3DUSAGE.AUTOGENMIPMAP) return 1;
  const full = fullChainLevels(spec.width, spec.height);
  return spec.levels === 0 ? full : Math.min(spec.levels, full);
}

/** Textures in the DEFAULT pool lock only when DYNAMIC (reference: lockability rules). */
function levelsLockable(spec: TextureSpec): boolean {
  return spec.pool !== D3DPOOL.DEFAULT || (spec.usage & D3DUSAGE.DYNAMIC) !== 0;
}

export function makeLevels(owner: RefCounted, spec: TextureSpec, budget?: MemoryBudget): Surface[] {
  const levels: Surface[] = [];
  let w = spec.width;
  let h = spec.height;
  for (let i = 0; i < levelCount(spec); i++) {
    levels.push(new Surface({
      format: spec.format, width: w, height: h, usage: spec.usage, pool: spec.pool,
      multiSample: 0, multiSampleQuality: 0, lockable: levelsLockable(spec), container: owner,
    }, budget));
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
  }
  return levels;
}

export function textureBytes(spec: TextureSpec): number {
  let total = 0;
  let w = spec.width;
  let h = spec.height;
  for (let i = 0; i < levelCount(spec); i++) {
    total += Surface.bytesFor({ format: spec.format, width: w, height: h, multiSample: 0, multiSampleQuality: 0 });
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
  }
  return total;
}

export class Texture extends RefCounted implements IDirect3DTexture9 {
  readonly levels: Surface[];

  constructor(readonly spec: TextureSpec, private readonly budget?: MemoryBudget) {
    super();
    this.levels = makeLevels(this, spec);
  }
  protected override destroy(): void {
    this.budget?.give(textureBytes(this.spec));
  }

  GetLevelCount(): number {
    return this.levels.length;
  }
  GetSurfaceLevel(Level: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    const s = this.levels[Level];
    if (!s) return { hr: D3DERR.INVALIDCALL };
    this.AddRef();
    return { hr: D3D_OK, surface: s };
  }
  LockRect(Level: number, pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT } {
    const s = this.levels[Level];
    if (!s) return { hr: D3DERR.INVALIDCALL };
    return s.LockRect(pRect, Flags);
  }
  UnlockRect(Level: number): HRESULT {
    const s = this.levels[Level];
    if (!s) return D3DERR.INVALIDCALL;
    return s.UnlockRect();
  }
  captureLock(sub?: LockSub): Uint8Array | undefined {
    return this.levels[sub?.level ?? 0]?.captureLock();
  }
  restoreLock(data: Uint8Array, sub?: LockSub): boolean {
    return this.levels[sub?.level ?? 0]?.restoreLock(data) ?? false;
  }
}

export class CubeTexture extends RefCounted implements IDirect3DCubeTexture9 {
  /** faces[face][level], faces in D3DCUBEMAP_FACES order */
  readonly faces: Surface[][];

  constructor(readonly spec: TextureSpec, private readonly budget?: MemoryBudget) {
    super();
    this.faces = [0, 1, 2, 3, 4, 5].map(() => makeLevels(this, spec));
  }
  protected override destroy(): void {
    this.budget?.give(6 * textureBytes(this.spec));
  }

  GetLevelCount(): number {
    return this.faces[0].length;
  }
  private level(face: number, level: number): Surface | undefined {
    return this.faces[face]?.[level];
  }
  GetCubeMapSurface(FaceType: number, Level: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    const s = this.level(FaceType, Level);
    if (!s) return { hr: D3DERR.INVALIDCALL };
    this.AddRef();
    return { hr: D3D_OK, surface: s };
  }
  LockRect(FaceType: number, Level: number, pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT } {
    const s = this.level(FaceType, Level);
    if (!s) return { hr: D3DERR.INVALIDCALL };
    return s.LockRect(pRect, Flags);
  }
  UnlockRect(FaceType: number, Level: number): HRESULT {
    const s = this.level(FaceType, Level);
    if (!s) return D3DERR.INVALIDCALL;
    return s.UnlockRect();
  }
  captureLock(sub?: LockSub): Uint8Array | undefined {
    return this.level(sub?.face ?? 0, sub?.level ?? 0)?.captureLock();
  }
  restoreLock(data: Uint8Array, sub?: LockSub): boolean {
    return this.level(sub?.face ?? 0, sub?.level ?? 0)?.restoreLock(data) ?? false;
  }
}
