/**
 * Locks as apitrace records them. The exporter follows each resource's format and size (from the
 * calls that create or hand it out) so that a lock can report the pitch replay9's device uses
 * (formats/pitchOf, 4-byte aligned rows), and turns the packed rows an Unlock record carries back
 * into the bytes a memcpy at that pitch writes: pitch × rows for a whole-surface lock, pitch ×
 * (rows − 1) + row bytes from the first texel of a sub-rectangle (apitrace's _getLockSize), the gap
 * bytes at the end of each row left zero. Buffers copy their locked range as it is.
 */
import type { ArgValue, CallRecord, StructValue } from '../trace/call.js';
import type { CommandInfo } from '../trace/commands.js';
import { blockRows, formatInfo, pitchOf, rowBytes, type FormatInfo } from '../formats/index.js';

/** Where fake mapped pointers start; each lock gets its own 16 MiB window, so dest − pBits stays the offset. */
const MAPPED_BASE = 0x7f0000000000;
const MAPPED_STRIDE = 0x1000000;

interface Extent {
  format: number;
  width: number;
  height: number;
  depth: number;
}
interface OpenLock {
  dest: number;
  /** bytes per row (or per buffer range), its pitch, rows, slices, slice pitch */
  rowBytes: number;
  pitch: number;
  rows: number;
  slices: number;
  slicePitch: number;
  /** a whole-resource lock copies pitch × rows (no partial last row) */
  whole: boolean;
}

const num = (v: ArgValue | undefined): number => (typeof v === 'number' ? v : 0);
const levelOf = (size: number, level: number): number => Math.max(1, size >>> level);

export class LockTracker {
  private readonly extents = new Map<number, Extent>();
  /** present parameters by device or swap chain handle, for back buffers and the auto depth buffer */
  private readonly presents = new Map<number, StructValue>();
  private readonly open = new Map<string, OpenLock>();
  private seq = 0;
  /** locks of resources whose size the calls never told (their data goes out as one row) */
  unknown = 0;

  /** Follows the calls that make or hand out surfaces, textures and volumes. */
  observe(info: CommandInfo, rec: CallRecord): void {
    const a = rec.args;
    const pp = a.pPresentationParameters;
    if ((info.name === 'CreateDevice' || info.name === 'CreateDeviceEx' || info.name === 'CreateAdditionalSwapChain') && isStruct(pp) && rec.created) this.presents.set(rec.created, pp);
    if ((info.name === 'Reset' || info.name === 'ResetEx') && isStruct(pp)) this.presents.set(rec.self, pp);
    // the implicit swap chain presents what its device does
    const devicePp = this.presents.get(rec.self);
    if (info.name === 'GetSwapChain' && rec.created && devicePp && !this.presents.has(rec.created)) this.presents.set(rec.created, devicePp);
  }

  /** After the call: what it created. Run by lockOut for the Lock itself, and here for the rest. */
  private learn(info: CommandInfo, rec: CallRecord): void {
    const a = rec.args;
    const c = rec.created;
    if (!c || this.extents.has(c)) return;
    const parent = this.extents.get(rec.self);
    const fromPresent = (pp: StructValue | undefined, depthBuffer: boolean): Extent | undefined =>
      pp && { format: num(depthBuffer ? pp.AutoDepthStencilFormat as ArgValue : pp.BackBufferFormat as ArgValue), width: num(pp.BackBufferWidth as ArgValue), height: num(pp.BackBufferHeight as ArgValue), depth: 1 };
    let e: Extent | undefined;
    switch (info.name) {
      case 'CreateTexture':
      case 'CreateRenderTarget':
      case 'CreateRenderTargetEx':
      case 'CreateDepthStencilSurface':
      case 'CreateDepthStencilSurfaceEx':
      case 'CreateOffscreenPlainSurface':
      case 'CreateOffscreenPlainSurfaceEx':
        e = { format: num(a.Format), width: num(a.Width), height: num(a.Height), depth: 1 };
        break;
      case 'CreateCubeTexture':
        e = { format: num(a.Format), width: num(a.EdgeLength), height: num(a.EdgeLength), depth: 1 };
        break;
      case 'CreateVolumeTexture':
        e = { format: num(a.Format), width: num(a.Width), height: num(a.Height), depth: num(a.Depth) };
        break;
      case 'TextureGetSurfaceLevel':
      case 'CubeTextureGetCubeMapSurface':
      case 'VolumeTextureGetVolumeLevel':
        if (parent) e = { format: parent.format, width: levelOf(parent.width, num(a.Level)), height: levelOf(parent.height, num(a.Level)), depth: levelOf(parent.depth, num(a.Level)) };
        break;
      case 'GetBackBuffer':
      case 'SwapChainGetBackBuffer':
        e = fromPresent(this.presents.get(rec.self), false);
        break;
      case 'GetDepthStencilSurface':
        e = fromPresent(this.presents.get(rec.self), true);
        break;
      case 'GetRenderTarget':
        // a target not handed out before: render target 0 is then the back buffer
        if (num(a.RenderTargetIndex) === 0) e = fromPresent(this.presents.get(rec.self), false);
        break;
      default:
        break;
    }
    if (e) this.extents.set(c, e);
  }

  /**
   * For a Lock call: the out values apitrace records (`pLockedRect`, `pLockedVolume`, `ppbData`)
   * as replay9-shaped values, and the lock remembered for its Unlock. Undefined for other calls.
   */
  lockOut(info: CommandInfo, rec: CallRecord): Record<string, ArgValue | undefined> | undefined {
    this.learn(info, rec);
    const a = rec.args;
    const failed = rec.result !== 0;
    switch (info.name) {
      case 'VertexBufferLock':
      case 'IndexBufferLock': {
        if (failed) return { ppbData: null };
        const dest = this.nextPointer();
        this.open.set(this.key(rec.self), { dest, rowBytes: -1, pitch: 0, rows: 1, slices: 1, slicePitch: 0, whole: true });
        return { ppbData: dest };
      }
      case 'SurfaceLockRect':
      case 'TextureLockRect':
      case 'CubeTextureLockRect': {
        // apitrace records no locked rectangle for a lock that failed (its dump shows `?`)
        if (failed) return { pLockedRect: undefined };
        const l = this.surfaceLock(rec, num(a.Level), a.pRect);
        this.open.set(this.key(rec.self, a), l);
        return { pLockedRect: { Pitch: l.pitch, pBits: l.dest } };
      }
      case 'VolumeTextureLockBox':
      case 'VolumeLockBox': {
        if (failed) return { pLockedVolume: undefined };
        const l = this.volumeLock(rec, num(a.Level), a.pBox);
        this.open.set(this.key(rec.self, a), l);
        return { pLockedVolume: { RowPitch: l.pitch, SlicePitch: l.slicePitch, pBits: l.dest } };
      }
      default:
        return undefined;
    }
  }

  /** For an Unlock carrying data: the memcpy apitrace records before it. */
  unlockData(info: CommandInfo, rec: CallRecord): { dest: number; bytes: Uint8Array } | undefined {
    if (!/Unlock/.test(info.method)) return undefined;
    const key = this.key(rec.self, rec.args);
    const l = this.open.get(key);
    this.open.delete(key);
    const data = rec.args.data;
    if (!l || !(data instanceof Uint8Array) || data.length === 0) return undefined;
    if (l.rowBytes < 0) return { dest: l.dest, bytes: data };
    return { dest: l.dest, bytes: spread(data, l) };
  }

  private key(self: number, a: Record<string, ArgValue> = {}): string {
    return `${self}:${num(a.FaceType)}:${num(a.Level)}`;
  }

  private nextPointer(): number {
    return MAPPED_BASE + MAPPED_STRIDE * this.seq++;
  }

  private extentAt(self: number, level: number): { f: FormatInfo; e: Extent } | undefined {
    const e = this.extents.get(self);
    const f = e && formatInfo(e.format);
    if (!e || !f) return undefined;
    return { f, e: { format: e.format, width: levelOf(e.width, level), height: levelOf(e.height, level), depth: levelOf(e.depth, level) } };
  }

  private surfaceLock(rec: CallRecord, level: number, rect: ArgValue | undefined): OpenLock {
    const dest = this.nextPointer();
    const x = this.extentAt(rec.self, level);
    // an unknown resource: its data is copied as one row (still a valid, if unusual, memcpy)
    if (!x) this.unknown++;
    if (!x) return { dest, rowBytes: -1, pitch: 0, rows: 1, slices: 1, slicePitch: 0, whole: true };
    const r = isStruct(rect) ? rect : undefined;
    const left = r ? num(r.left as ArgValue) : 0;
    const top = r ? num(r.top as ArgValue) : 0;
    const right = r ? num(r.right as ArgValue) : x.e.width;
    const bottom = r ? num(r.bottom as ArgValue) : x.e.height;
    return {
      dest,
      rowBytes: rowBytes(x.f, right - left + (left % x.f.blockW)),
      pitch: pitchOf(x.f, x.e.width),
      rows: blockRows(x.f, bottom - top + (top % x.f.blockH)),
      slices: 1,
      slicePitch: 0,
      whole: !r,
    };
  }

  private volumeLock(rec: CallRecord, level: number, box: ArgValue | undefined): OpenLock {
    const dest = this.nextPointer();
    const x = this.extentAt(rec.self, level);
    if (!x) this.unknown++;
    if (!x) return { dest, rowBytes: -1, pitch: 0, rows: 1, slices: 1, slicePitch: 0, whole: true };
    const b = isStruct(box) ? box : undefined;
    const w = b ? num(b.Right as ArgValue) - num(b.Left as ArgValue) : x.e.width;
    const h = b ? num(b.Bottom as ArgValue) - num(b.Top as ArgValue) : x.e.height;
    const d = b ? num(b.Back as ArgValue) - num(b.Front as ArgValue) : x.e.depth;
    const pitch = pitchOf(x.f, x.e.width);
    return { dest, rowBytes: rowBytes(x.f, w), pitch, rows: blockRows(x.f, h), slices: d, slicePitch: pitch * blockRows(x.f, x.e.height), whole: !b };
  }
}

function isStruct(v: ArgValue | undefined): v is StructValue {
  return typeof v === 'object' && v !== null && !(v instanceof Uint8Array) && !Array.isArray(v) && !('f32bits' in v);
}

/** Packed rows (rowBytes each, slice after slice) laid out at the lock's pitch, as the memcpy writes them. */
function spread(data: Uint8Array, l: OpenLock): Uint8Array {
  const packedSlice = l.rowBytes * l.rows;
  if (packedSlice * l.slices !== data.length) return data; // not the shape the lock implies: copied as it is
  const lastSlice = l.whole ? l.pitch * l.rows : l.pitch * (l.rows - 1) + l.rowBytes;
  const total = l.slices > 1 ? (l.whole ? l.slicePitch * l.slices : l.slicePitch * (l.slices - 1) + lastSlice) : lastSlice;
  const out = new Uint8Array(total);
  for (let z = 0; z < l.slices; z++) {
    for (let y = 0; y < l.rows; y++) {
      const from = z * packedSlice + y * l.rowBytes;
      out.set(data.subarray(from, from + l.rowBytes), z * l.slicePitch + y * l.pitch);
    }
  }
  return out;
}
