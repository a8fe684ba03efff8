/**
 * Volume textures (IDirect3DVolumeTexture9) and their levels (IDirect3DVolume9): a chain of
 * volumes, each `depth` slices of `height` block rows stored one after another, with D3D9's
 * creation and LockBox rules (Wine device.c test_lockbox_invalid, test_volume_blocks).
 */
import { D3DERR, D3DPOOL, D3DRTYPE, D3DTEXF, D3DUSAGE, D3DLOCK, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { blockRows, formatInfo, pitchOf, rowBytes, slicePitchOf } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import type { SurfaceView } from '../driver/surface-view.js';
import { declareInterfaces, queryInterface } from './interfaces.js';
import { PrivateData } from './private-data.js';
import type { PrivateDataOut } from './private-data.js';
import type { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { RESOURCE_GUARDS, Resource, deviceOf, getPrivateData, setPrivateData } from './resource.js';
import { Lod } from './texture.js';
import type { BOOL } from './types.js';
import { volumeTextureFormat } from './format-support.js';
import type { D3DBOX, D3DLOCKED_BOX, D3DVOLUME_DESC, IDirect3DVolume9, IDirect3DVolumeTexture9, LockSub } from './types.js';
import type { MemoryBudget } from './memory.js';
import type { D3DCAPS9 } from './caps.js';

export interface VolumeTextureSpec {
  format: FormatInfo;
  width: number;
  height: number;
  depth: number;
  levels: number;
  usage: number;
  pool: number;
}

const POOLS: ReadonlySet<number> = new Set([D3DPOOL.DEFAULT, D3DPOOL.MANAGED, D3DPOOL.SYSTEMMEM, D3DPOOL.SCRATCH]);
/** Usages a volume texture takes: no RENDERTARGET, DEPTHSTENCIL, WRITEONLY (Wine test_lockbox_invalid) or AUTOGENMIPMAP. */
const VOLUME_USAGES = D3DUSAGE.DYNAMIC | D3DUSAGE.SOFTWAREPROCESSING;
const isPow2 = (n: number): boolean => (n & (n - 1)) === 0;

/** Number of levels in a full chain down to 1×1×1. */
export function fullVolumeChain(width: number, height: number, depth: number): number {
  let n = 1;
  while (width > 1 || height > 1 || depth > 1) {
    width = Math.max(1, width >> 1);
    height = Math.max(1, height >> 1);
    depth = Math.max(1, depth >> 1);
    n++;
  }
  return n;
}

/**
 * CreateVolumeTexture's rules, from the caps: VOLUMEMAP, each dimension 1..MaxVolumeExtent, powers of
 * two when VOLUMEMAP_POW2 is set (for every pool but SCRATCH, Wine test_volume_blocks), one level unless
 * MIPVOLUMEMAP, formats CheckDeviceFormat(VOLUMETEXTURE) accepts, DXTn sizes in whole 4×4 blocks
 * (test_volume_blocks), DYNAMIC not MANAGED.
 */
export function volumeTextureSpec(caps: D3DCAPS9, width: number, height: number, depth: number, levels: number, usage: number, format: number, pool: number): VolumeTextureSpec | HRESULT {
  const f = formatInfo(format);
  const tc = caps.TextureCaps;
  if (!(tc & 0x2000 /* D3DPTEXTURECAPS_VOLUMEMAP */)) return D3DERR.INVALIDCALL;
  if (!f || !volumeTextureFormat(f) || !POOLS.has(pool)) return D3DERR.INVALIDCALL;
  const dims = [width, height, depth];
  if (dims.some((d) => !Number.isInteger(d) || d < 1 || d > caps.MaxVolumeExtent)) return D3DERR.INVALIDCALL;
  if ((tc & 0x40000 /* VOLUMEMAP_POW2 */) && pool !== D3DPOOL.SCRATCH && !dims.every(isPow2)) return D3DERR.INVALIDCALL;
  if (usage & ~VOLUME_USAGES) return D3DERR.INVALIDCALL;
  if ((usage & D3DUSAGE.DYNAMIC) && (pool === D3DPOOL.MANAGED || pool === D3DPOOL.SCRATCH)) return D3DERR.INVALIDCALL;
  if (f.kind === 'compressed' && (width % f.blockW !== 0 || height % f.blockH !== 0)) return D3DERR.INVALIDCALL;
  const full = fullVolumeChain(width, height, depth);
  if (!(tc & 0x8000 /* MIPVOLUMEMAP */) && levels !== 1) {
    if (levels > 1) return D3DERR.INVALIDCALL;
    levels = 1;
  }
  if (levels > full) return D3DERR.INVALIDCALL;
  return { format: f, width, height, depth, levels: levels === 0 ? full : levels, usage, pool };
}

/** Bytes of every level of a volume texture. */
export function volumeTextureBytes(spec: VolumeTextureSpec): number {
  let total = 0;
  let w = spec.width, h = spec.height, d = spec.depth;
  for (let i = 0; i < spec.levels; i++) {
    total += slicePitchOf(spec.format, w, h) * d;
    w = Math.max(1, w >> 1); h = Math.max(1, h >> 1); d = Math.max(1, d >> 1);
  }
  return total;
}

interface OpenBox {
  offset: number;
  rowBytes: number;
  rows: number;
  slices: number;
  readOnly: boolean;
}

export class Volume implements IDirect3DVolume9 {
  readonly pitch: number;
  readonly slicePitch: number;
  readonly data: Uint8Array;
  private box: OpenBox | undefined;
  readonly privateData = new PrivateData();

  constructor(readonly container: VolumeTexture, readonly format: FormatInfo, readonly width: number, readonly height: number, readonly depth: number, data?: Uint8Array) {
    this.pitch = pitchOf(format, width);
    this.slicePitch = slicePitchOf(format, width, height);
    this.data = data ?? new Uint8Array(this.slicePitch * depth);
  }

  get locked(): boolean {
    return this.box !== undefined;
  }
  get alive(): boolean {
    return this.container.alive;
  }
  AddRef(): number {
    return this.container.AddRef();
  }
  Release(): number {
    return this.container.Release();
  }
  /** IUnknown and IDirect3DVolume9: the volume itself, AddRef'd (on its texture's count). */
  QueryInterface(riid: string): { hr: HRESULT; ppvObject?: Volume } {
    return queryInterface<Volume>(this, riid);
  }
  GetDevice(): { hr: HRESULT; device?: RefCounted } {
    return deviceOf(this.container);
  }
  SetPrivateData(refguid: string, pData: Uint8Array | RefCounted | null, SizeOfData: number, Flags: number): HRESULT {
    return setPrivateData(this.privateData, refguid, pData, SizeOfData, Flags);
  }
  GetPrivateData(refguid: string, pData: BOOL, SizeOfData: number): PrivateDataOut {
    return getPrivateData(this.privateData, refguid, pData, SizeOfData);
  }
  FreePrivateData(refguid: string): HRESULT {
    return this.privateData.free(refguid);
  }

  GetDesc(): D3DVOLUME_DESC {
    const s = this.container.spec;
    return { Format: this.format.id, Type: D3DRTYPE.VOLUME, Usage: s.usage, Pool: s.pool, Width: this.width, Height: this.height, Depth: this.depth };
  }

  /** The texture that owns this level, as the interface asked for (AddRef'd); E_NOINTERFACE and NULL for one it is not. */
  GetContainer(riid: string): { hr: HRESULT; container?: IDirect3DVolumeTexture9 } {
    const q = this.container.QueryInterface(riid);
    return q.ppvObject ? { hr: q.hr, container: this.container } : { hr: q.hr };
  }

  /** INVALIDCALL or the box a lock covers (NULL = the whole level). */
  lockBoxFor(pBox: D3DBOX | null): D3DBOX | HRESULT {
    const b = pBox ?? { Left: 0, Top: 0, Right: this.width, Bottom: this.height, Front: 0, Back: this.depth };
    if (b.Left >= b.Right || b.Top >= b.Bottom || b.Front >= b.Back) return D3DERR.INVALIDCALL;
    if (b.Right > this.width || b.Bottom > this.height || b.Back > this.depth) return D3DERR.INVALIDCALL;
    const f = this.format;
    if (f.kind === 'compressed') {
      // DXTn boxes cover whole blocks; an edge may end at the level's edge (test_volume_blocks)
      const ax = (v: number): boolean => v % f.blockW === 0 || v === this.width;
      const ay = (v: number): boolean => v % f.blockH === 0 || v === this.height;
      if (!ax(b.Left) || !ax(b.Right) || !ay(b.Top) || !ay(b.Bottom)) return D3DERR.INVALIDCALL;
    }
    return b;
  }

  LockBox(pBox: D3DBOX | null, Flags: number): { hr: HRESULT; lockedVolume?: D3DLOCKED_BOX } {
    const s = this.container.spec;
    const lockable = s.pool !== D3DPOOL.DEFAULT || (s.usage & D3DUSAGE.DYNAMIC) !== 0;
    if (!lockable || this.box) return { hr: D3DERR.INVALIDCALL };
    const b = this.lockBoxFor(pBox);
    if (typeof b === 'number') return { hr: b };
    const f = this.format;
    const offset = b.Front * this.slicePitch + Math.floor(b.Top / f.blockH) * this.pitch + Math.floor(b.Left / f.blockW) * f.blockBytes;
    this.box = {
      offset,
      rowBytes: rowBytes(f, b.Right - b.Left + (b.Left % f.blockW)),
      rows: blockRows(f, b.Bottom - b.Top + (b.Top % f.blockH)),
      slices: b.Back - b.Front,
      readOnly: (Flags & D3DLOCK.READONLY) !== 0,
    };
    // READONLY hands out a copy, as surfaces do: writes through it reach nothing and are not recorded
    const bits = this.box.readOnly ? this.data.slice(offset) : this.data.subarray(offset);
    return { hr: D3D_OK, lockedVolume: { RowPitch: this.pitch, SlicePitch: this.slicePitch, pBits: bits } };
  }

  UnlockBox(): HRESULT {
    if (!this.box) return D3DERR.INVALIDCALL;
    this.box = undefined;
    return D3D_OK;
  }

  captureLock(): Uint8Array | undefined {
    const l = this.box;
    if (!l || l.readOnly) return undefined;
    const out = new Uint8Array(l.rowBytes * l.rows * l.slices);
    let o = 0;
    for (let z = 0; z < l.slices; z++) {
      for (let y = 0; y < l.rows; y++) {
        const from = l.offset + z * this.slicePitch + y * this.pitch;
        out.set(this.data.subarray(from, from + l.rowBytes), o);
        o += l.rowBytes;
      }
    }
    return out;
  }

  restoreLock(bytes: Uint8Array): boolean {
    const l = this.box;
    if (!l || bytes.length !== l.rowBytes * l.rows * l.slices) return false;
    let o = 0;
    for (let z = 0; z < l.slices; z++) {
      for (let y = 0; y < l.rows; y++) {
        this.data.set(bytes.subarray(o, o + l.rowBytes), l.offset + z * this.slicePitch + y * this.pitch);
        o += l.rowBytes;
      }
    }
    return true;
  }

  /** Slice z as a 2D surface view (for sampling and copies). */
  slice(z: number): SurfaceView {
    return { format: this.format, width: this.width, height: this.height, pitch: this.pitch, samples: 1, data: this.data.subarray(z * this.slicePitch, (z + 1) * this.slicePitch) };
  }
}

export class VolumeTexture extends Resource implements IDirect3DVolumeTexture9 {
  readonly levels: Volume[] = [];
  readonly lod: Lod;

  constructor(readonly spec: VolumeTextureSpec, private readonly budget?: MemoryBudget) {
    super();
    let w = spec.width, h = spec.height, d = spec.depth;
    for (let i = 0; i < spec.levels; i++) {
      this.levels.push(new Volume(this, spec.format, w, h, d));
      w = Math.max(1, w >> 1); h = Math.max(1, h >> 1); d = Math.max(1, d >> 1);
    }
    this.lod = new Lod(spec.pool === D3DPOOL.MANAGED, this.levels.length);
  }
  protected override destroy(): void {
    this.budget?.give(volumeTextureBytes(this.spec));
    for (const l of this.levels) l.privateData.clear();
    super.destroy();
  }
  get resourceType(): number {
    return D3DRTYPE.VOLUMETEXTURE;
  }
  get resourcePool(): number {
    return this.spec.pool;
  }
  SetLOD(LODNew: number): number {
    return this.lod.set(LODNew);
  }

  GetLevelCount(): number {
    return this.levels.length;
  }
  /** Volume textures have no automatic mips here (AUTOGENMIPMAP is refused at creation): NONE, and setting does nothing. */
  SetAutoGenFilterType(FilterType: number): HRESULT {
    void FilterType;
    return D3D_OK;
  }
  GetAutoGenFilterType(): number {
    return D3DTEXF.NONE;
  }
  GetLOD(): number {
    return this.lod.get();
  }
  GenerateMipSubLevels(): HRESULT {
    return D3D_OK;
  }
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DVOLUME_DESC } {
    const v = this.levels[Level];
    return v ? { hr: D3D_OK, desc: v.GetDesc() } : { hr: D3DERR.INVALIDCALL };
  }
  GetVolumeLevel(Level: number): { hr: HRESULT; volume?: IDirect3DVolume9 } {
    const v = this.levels[Level];
    if (!v) return { hr: D3DERR.INVALIDCALL };
    this.AddRef();
    return { hr: D3D_OK, volume: v };
  }
  LockBox(Level: number, pBox: D3DBOX | null, Flags: number): { hr: HRESULT; lockedVolume?: D3DLOCKED_BOX } {
    const v = this.levels[Level];
    return v ? v.LockBox(pBox, Flags) : { hr: D3DERR.INVALIDCALL };
  }
  UnlockBox(Level: number): HRESULT {
    const v = this.levels[Level];
    return v ? v.UnlockBox() : D3DERR.INVALIDCALL;
  }
  /** Dirty regions only steer what UpdateTexture copies; replay9 copies whole levels, so a valid box changes nothing. */
  AddDirtyBox(pDirtyBox: D3DBOX | null): HRESULT {
    if (pDirtyBox === null) return D3D_OK;
    return typeof this.levels[0].lockBoxFor(pDirtyBox) === 'number' ? D3DERR.INVALIDCALL : D3D_OK;
  }
  captureLock(sub?: LockSub): Uint8Array | undefined {
    return this.levels[sub?.level ?? 0]?.captureLock();
  }
  restoreLock(data: Uint8Array, sub?: LockSub): boolean {
    return this.levels[sub?.level ?? 0]?.restoreLock(data) ?? false;
  }
}

declareInterfaces(VolumeTexture, ['IDirect3DVolumeTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9']);
declareInterfaces(Volume, ['IDirect3DVolume9']);
guardReleased(VolumeTexture.prototype, 'IDirect3DVolumeTexture9', {
  ...RESOURCE_GUARDS, SetLOD: 'zero', GetLevelCount: 'zero', GetLOD: 'zero', SetAutoGenFilterType: 'hr', GetAutoGenFilterType: 'zero', GenerateMipSubLevels: 'hr',
  GetLevelDesc: 'out', GetVolumeLevel: 'out', LockBox: 'out', UnlockBox: 'hr', AddDirtyBox: 'hr',
});
guardReleased(Volume.prototype, 'IDirect3DVolume9', {
  GetDesc: 'vdesc', GetContainer: 'out', LockBox: 'out', UnlockBox: 'hr', QueryInterface: 'out', GetDevice: 'out',
  SetPrivateData: 'hr', GetPrivateData: 'out', FreePrivateData: 'hr',
});
