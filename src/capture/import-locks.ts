/**
 * Lock data of an apitrace capture: the tracer writes what the application left in a lock as a
 * fake `memcpy(dest, blob, n)` just before the unlock, `dest` inside the memory the Lock returned,
 * at the driver's pitch. replay9 carries the same bytes on the Unlock record, packed: a buffer's
 * locked range, or a surface's (volume's) locked rows of row bytes each, one after the other.
 */
import { blockRows, formatInfo, rowBytes } from '../formats/table.js';

/** What the importer knows of a lockable resource (from the call that made it). */
export interface ResourceShape {
  /** buffers: the length in bytes */
  length?: number;
  format?: number;
  width?: number;
  height?: number;
  depth?: number;
  levels?: number;
}

/** The size of level `level` of a dimension (D3D9 halves each level, to no less than 1). */
export function levelSize(size: number, level: number): number {
  return Math.max(1, size >>> level);
}

/** One open lock: where the application's memory was and how the packed data is laid out. */
export class OpenLock {
  /** the bytes the memcpys wrote, at their offsets from `base` */
  private region?: Uint8Array;
  wrote = false;

  constructor(
    /** the pointer the Lock returned */
    readonly base: bigint,
    /** the copy is left out (a READONLY lock of a surface or volume, see bufferLock and imageLock) */
    readonly dropCopy: boolean,
    /** bytes of one packed row (a buffer: the whole range, one row) */
    readonly rowBytes: number,
    readonly rows: number,
    readonly slices: number,
    /** the application's pitch between rows and slices */
    readonly pitch: number,
    readonly slicePitch: number,
  ) {}

  /** bytes from `base` that a full copy covers (apitrace's lock size: the last row ends at its row bytes) */
  get span(): number {
    return (this.slices - 1) * this.slicePitch + (this.rows - 1) * this.pitch + this.rowBytes;
  }

  /** Does a copy to `dest` land in this lock's memory? */
  holds(dest: bigint): boolean {
    return dest >= this.base && dest < this.base + BigInt(Math.max(this.span, 1));
  }

  /** A fake memcpy into the lock; false when it runs past the lock's memory. */
  write(dest: bigint, bytes: Uint8Array): boolean {
    const at = Number(dest - this.base);
    const end = Math.max(this.span, this.slices * this.slicePitch, this.rows * this.pitch);
    if (at < 0 || at + bytes.length > Math.max(end, this.span)) return false;
    if (!this.region || this.region.length < at + bytes.length) {
      const grown = new Uint8Array(Math.max(this.span, at + bytes.length));
      if (this.region) grown.set(this.region);
      this.region = grown;
    }
    this.region.set(bytes, at);
    this.wrote = true;
    return true;
  }

  /** The packed data for the Unlock record; null when nothing was written or the copy is left out. */
  packed(): Uint8Array | null {
    if (!this.wrote || this.dropCopy || !this.region) return null;
    const out = new Uint8Array(this.rowBytes * this.rows * this.slices);
    let o = 0;
    for (let z = 0; z < this.slices; z++) {
      for (let y = 0; y < this.rows; y++) {
        const from = z * this.slicePitch + y * this.pitch;
        out.set(this.region.subarray(from, Math.min(from + this.rowBytes, this.region.length)), o);
        o += this.rowBytes;
      }
    }
    return out;
  }
}

/**
 * A buffer lock: OffsetToLock/SizeToLock (0: to the end) over a buffer of `length` bytes. Its copy
 * is kept even for a READONLY lock: a buffer's lock is the buffer's memory on Windows, and what the
 * application wrote through it is drawn (map_readonly's reference frame, captured on Windows, shows
 * the triangle written through a READONLY lock); a copy of what the buffer held changes nothing.
 */
export function bufferLock(base: bigint, offset: number, size: number, length: number | undefined): OpenLock | string {
  const n = size === 0 ? (length === undefined ? undefined : length - offset) : size;
  if (n === undefined) return 'the buffer\'s length is unknown';
  return new OpenLock(base, false, n, 1, 1, n, n);
}

/**
 * A surface or volume lock of a `width`×`height`(×`depth`) region of `format` at the application's
 * pitches. A READONLY lock's copy is left out: it holds what the capture's driver rendered (a
 * read-back through GetRenderTargetData), which replay9 renders itself, not what the application wrote.
 */
export function imageLock(
  base: bigint, readOnly: boolean, format: number, width: number, height: number, depth: number, pitch: number, slicePitch: number,
): OpenLock | string {
  const f = formatInfo(format);
  if (!f) return `format ${format} is not in replay9's format table`;
  const rb = rowBytes(f, width);
  const rows = blockRows(f, height);
  return new OpenLock(base, readOnly, rb, rows, depth, pitch || rb, slicePitch || (pitch || rb) * rows);
}
