/** Textures and cube textures: a chain of surface levels owned by the texture. */
import { D3DERR, D3DPOOL, D3DRTYPE, D3DTEXF, D3DUSAGE, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import type { FormatInfo } from '../formats/index.js';
import { DirtyRegion } from './dirty.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { RESOURCE_GUARDS, Resource } from './resource.js';
import { Surface } from './surface.js';
import type { D3DLOCKED_RECT, D3DSURFACE_DESC, IDirect3DCubeTexture9, IDirect3DSurface9, IDirect3DTexture9, LockSub, RECT } from './types.js';
import type { MemoryBudget } from './memory.js';
import { isRenderable } from './format-support.js';
import { canGenerateMips, generateMipLevel } from '../driver/blit/mips.js';

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

export function makeLevels(owner: RefCounted, spec: TextureSpec, budget?: MemoryBudget, dirty?: DirtyRegion): Surface[] {
  const levels: Surface[] = [];
  let w = spec.width;
  let h = spec.height;
  for (let i = 0; i < levelCount(spec); i++) {
    const s = new Surface({
      format: spec.format, width: w, height: h, usage: spec.usage, pool: spec.pool,
      multiSample: 0, multiSampleQuality: 0, lockable: levelsLockable(spec), container: owner,
    }, budget);
    if (dirty) s.dirtied = (r) => (r ? dirty.add(r, i) : dirty.all());
    levels.push(s);
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
  }
  return levels;
}

/**
 * Does this texture keep a hidden, generated mip chain? AUTOGENMIPMAP of a format
 * that can generate mips (CheckDeviceFormat answers D3DOK_NOAUTOGEN for the others,
 * whose textures then have their one level only).
 */
export function generatesMips(spec: TextureSpec): boolean {
  return (spec.usage & D3DUSAGE.AUTOGENMIPMAP) !== 0 && isRenderable(spec.format) && canGenerateMips(spec.format);
}

/** Levels stored: the exposed ones plus, for generated chains, the hidden sublevels. */
function storedLevelCount(spec: TextureSpec): number {
  return generatesMips(spec) ? fullChainLevels(spec.width, spec.height) : levelCount(spec);
}

function makeHiddenLevels(owner: RefCounted, spec: TextureSpec): Surface[] {
  if (!generatesMips(spec)) return [];
  const out: Surface[] = [];
  let w = spec.width;
  let h = spec.height;
  for (let i = 1; i < fullChainLevels(spec.width, spec.height); i++) {
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
    out.push(new Surface({
      format: spec.format, width: w, height: h, usage: spec.usage, pool: spec.pool,
      multiSample: 0, multiSampleQuality: 0, lockable: false, container: owner,
    }));
  }
  return out;
}

/**
 * The automatic mip chain of one face. The sublevels are not visible to the
 * application, so they need only be right when sampled: they are regenerated
 * from level 0 whenever level 0's bytes or the filter differ from those of the
 * last generation (a byte comparison stands in for tracking every writer).
 */
class AutoMips {
  private basis: Uint8Array | undefined;
  private basisFilter = 0;
  /** level 0 and the hidden levels: the same list every call, so a draw sees the texture sample the same levels */
  private readonly chain: Surface[];

  constructor(private readonly top: Surface, private readonly hidden: Surface[]) {
    this.chain = [top, ...hidden];
  }

  /** The chain, its hidden levels regenerated first when level 0's bytes or the filter changed (never write the list). */
  levels(filter: number): Surface[] {
    if (this.hidden.length > 0 && (!this.basis || this.basisFilter !== filter || !sameBytes(this.basis, this.top.data))) {
      const how = filter === D3DTEXF.POINT ? 'point' : 'linear';
      let above: Surface = this.top;
      for (const level of this.hidden) {
        generateMipLevel(above, level, how);
        above = level;
      }
      this.basis = this.top.data.slice();
      this.basisFilter = filter;
    }
    return this.chain;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * The automatic-mip filter of a texture: LINEAR for AUTOGENMIPMAP textures, NONE for the others, on
 * which setting it does nothing and fails nothing. POINT and LINEAR are taken (the MINF caps
 * claimed); NONE and the rest are refused.
 */
class AutoGenFilter {
  value: number;
  constructor(private readonly autoGen: boolean) {
    this.value = autoGen ? D3DTEXF.LINEAR : D3DTEXF.NONE;
  }
  set(filter: number): HRESULT {
    if (!this.autoGen) return D3D_OK;
    if (filter !== D3DTEXF.POINT && filter !== D3DTEXF.LINEAR) return D3DERR.INVALIDCALL;
    this.value = filter;
    return D3D_OK;
  }
}

export function textureBytes(spec: TextureSpec): number {
  let total = 0;
  let w = spec.width;
  let h = spec.height;
  for (let i = 0; i < storedLevelCount(spec); i++) {
    total += Surface.bytesFor({ format: spec.format, width: w, height: h, multiSample: 0, multiSampleQuality: 0 });
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
  }
  return total;
}

/**
 * SetLOD/GetLOD of a texture: the most detailed level used, kept by MANAGED textures only; SetLOD
 * on any other pool is ignored and returns 0 (Wine device.c test_lod). It clamps to the last level.
 */
export class Lod {
  value = 0;
  constructor(private readonly managed: boolean, private readonly levels: number) {}
  set(lod: number): number {
    if (!this.managed) return 0;
    const old = this.value;
    this.value = Math.min(lod >>> 0, this.levels - 1);
    return old;
  }
  get(): number {
    return this.managed ? this.value : 0;
  }
}

/** A rect inside level 0, or NULL: what AddDirtyRect accepts. */
function dirtyRectOk(r: RECT | null, w: number, h: number): boolean {
  return r === null || (r.left >= 0 && r.top >= 0 && r.left < r.right && r.top < r.bottom && r.right <= w && r.bottom <= h);
}

export class Texture extends Resource implements IDirect3DTexture9 {
  readonly levels: Surface[];
  private readonly autoMips: AutoMips | undefined;
  private readonly autoGenFilter: AutoGenFilter;
  readonly dirty: DirtyRegion;
  readonly lod: Lod;

  constructor(readonly spec: TextureSpec, private readonly budget?: MemoryBudget) {
    super();
    this.dirty = new DirtyRegion(spec.width, spec.height);
    this.levels = makeLevels(this, spec, undefined, this.dirty);
    this.lod = new Lod(spec.pool === D3DPOOL.MANAGED, this.levels.length);
    this.autoMips = generatesMips(spec) ? new AutoMips(this.levels[0], makeHiddenLevels(this, spec)) : undefined;
    this.autoGenFilter = new AutoGenFilter((spec.usage & D3DUSAGE.AUTOGENMIPMAP) !== 0);
  }
  /** The levels sampling reads: with automatic mips, level 0 and its generated chain. */
  sampledLevels(): Surface[] {
    return this.autoMips ? this.autoMips.levels(this.autoGenFilter.value) : this.levels;
  }
  SetAutoGenFilterType(FilterType: number): HRESULT {
    const hr = this.autoGenFilter.set(FilterType);
    if (hr === D3D_OK) this.dirty.all();
    return hr;
  }
  GetAutoGenFilterType(): number {
    return this.autoGenFilter.value;
  }
  /** Brings the hidden chain up to date now (sampling would anyway). */
  GenerateMipSubLevels(): HRESULT {
    this.sampledLevels();
    this.dirty.all();
    return D3D_OK;
  }
  protected override destroy(): void {
    this.budget?.give(textureBytes(this.spec));
    for (const l of this.levels) l.privateData.clear();
    super.destroy();
  }
  get resourceType(): number {
    return D3DRTYPE.TEXTURE;
  }
  get resourcePool(): number {
    return this.spec.pool;
  }
  /** The previous LOD (Lod). */
  SetLOD(LODNew: number): number {
    return this.lod.set(LODNew);
  }
  AddDirtyRect(pDirtyRect: RECT | null): HRESULT {
    if (!dirtyRectOk(pDirtyRect, this.spec.width, this.spec.height)) return D3DERR.INVALIDCALL;
    if (pDirtyRect) this.dirty.add(pDirtyRect);
    else this.dirty.all();
    return D3D_OK;
  }

  GetLevelCount(): number {
    return this.levels.length;
  }
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DSURFACE_DESC } {
    const s = this.levels[Level];
    return s ? { hr: D3D_OK, desc: s.desc() } : { hr: D3DERR.INVALIDCALL };
  }
  GetLOD(): number {
    return this.lod.get();
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

export class CubeTexture extends Resource implements IDirect3DCubeTexture9 {
  /** faces[face][level], faces in D3DCUBEMAP_FACES order */
  readonly faces: Surface[][];
  private readonly autoMips: AutoMips[] | undefined;
  private readonly autoGenFilter: AutoGenFilter;
  /** each face's dirty region */
  readonly dirty: DirtyRegion[];
  readonly lod: Lod;

  constructor(readonly spec: TextureSpec, private readonly budget?: MemoryBudget) {
    super();
    this.dirty = [0, 1, 2, 3, 4, 5].map(() => new DirtyRegion(spec.width, spec.height));
    this.faces = this.dirty.map((d) => makeLevels(this, spec, undefined, d));
    this.lod = new Lod(spec.pool === D3DPOOL.MANAGED, this.faces[0].length);
    this.autoMips = generatesMips(spec) ? this.faces.map((levels) => new AutoMips(levels[0], makeHiddenLevels(this, spec))) : undefined;
    this.autoGenFilter = new AutoGenFilter((spec.usage & D3DUSAGE.AUTOGENMIPMAP) !== 0);
  }
  /** faces[face][level] as sampling reads them (with automatic mips, each face's generated chain). */
  /** every face's sampled levels: the same list every call (each face's chain brought up to date first) */
  sampledFaces(): Surface[][] {
    if (!this.autoMips) return this.faces;
    const filter = this.autoGenFilter.value;
    for (const m of this.autoMips) m.levels(filter);
    return (this.autoFaces ??= this.autoMips.map((m) => m.levels(filter)));
  }
  private autoFaces: Surface[][] | undefined;
  SetAutoGenFilterType(FilterType: number): HRESULT {
    const hr = this.autoGenFilter.set(FilterType);
    if (hr === D3D_OK) for (const d of this.dirty) d.all();
    return hr;
  }
  GetAutoGenFilterType(): number {
    return this.autoGenFilter.value;
  }
  GenerateMipSubLevels(): HRESULT {
    this.sampledFaces();
    for (const d of this.dirty) d.all();
    return D3D_OK;
  }
  protected override destroy(): void {
    this.budget?.give(6 * textureBytes(this.spec));
    for (const f of this.faces) for (const l of f) l.privateData.clear();
    super.destroy();
  }
  get resourceType(): number {
    return D3DRTYPE.CUBETEXTURE;
  }
  get resourcePool(): number {
    return this.spec.pool;
  }
  SetLOD(LODNew: number): number {
    return this.lod.set(LODNew);
  }
  AddDirtyRect(FaceType: number, pDirtyRect: RECT | null): HRESULT {
    const d = this.dirty[FaceType];
    if (!d || !dirtyRectOk(pDirtyRect, this.spec.width, this.spec.height)) return D3DERR.INVALIDCALL;
    if (pDirtyRect) d.add(pDirtyRect);
    else d.all();
    return D3D_OK;
  }

  GetLevelCount(): number {
    return this.faces[0].length;
  }
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DSURFACE_DESC } {
    const s = this.faces[0][Level];
    return s ? { hr: D3D_OK, desc: s.desc() } : { hr: D3DERR.INVALIDCALL };
  }
  GetLOD(): number {
    return this.lod.get();
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

declareInterfaces(Texture, ['IDirect3DTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9']);
declareInterfaces(CubeTexture, ['IDirect3DCubeTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9']);
guardReleased(Texture.prototype, 'IDirect3DTexture9', { ...RESOURCE_GUARDS, SetLOD: 'zero', AddDirtyRect: 'hr', GetLevelCount: 'zero', GetLevelDesc: 'out', GetLOD: 'zero', SetAutoGenFilterType: 'hr', GetAutoGenFilterType: 'zero', GenerateMipSubLevels: 'hr', GetSurfaceLevel: 'out', LockRect: 'out', UnlockRect: 'hr' });
guardReleased(CubeTexture.prototype, 'IDirect3DCubeTexture9', { ...RESOURCE_GUARDS, SetLOD: 'zero', AddDirtyRect: 'hr', GetLevelCount: 'zero', GetLevelDesc: 'out', GetLOD: 'zero', SetAutoGenFilterType: 'hr', GetAutoGenFilterType: 'zero', GenerateMipSubLevels: 'hr', GetCubeMapSurface: 'out', LockRect: 'out', UnlockRect: 'hr' });
