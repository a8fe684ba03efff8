/**
 * Fast depth-stencil copy loops for common pairs, over typed views of the pixel buffers. Each
 * computes exactly what the generic copy (depth-stencil-copy.ts) does, with the per-value rules
 * folded for its formats; test/formats/depth-copy-fast.test.ts compares them byte for byte.
 */
import { D3DFMT } from '../../d3d9/constants-format.js';
import { unitFloatToU32 } from './depth-values.js';
import { depthStencilLayout } from './depth-stencil-layout.js';
import type { CopyChannels, DepthStencilCopier, DepthStencilSurface } from './depth-stencil-layout.js';

export interface FastDepthStencilCopier extends DepthStencilCopier {
  /** whether this loop handles the pair, the channels and the buffers' alignment */
  accepts(src: DepthStencilSurface, dst: DepthStencilSurface, ch: CopyChannels): boolean;
}

/** D24S8, D24X8, D24X4S4, INTZ, DF24: 24-bit integer depth in bits 31:8 of a 32-bit pixel. */
function isD24(format: number): boolean {
  const l = depthStencilLayout(format);
  return l !== undefined && l.bytes === 4 && l.depthKind === 'unorm' && l.depthShift === 8 && l.depthBits === 24;
}

/** D16, DF16, D16_LOCKABLE: 16-bit integer depth filling a 16-bit pixel. */
function isD16(format: number): boolean {
  const l = depthStencilLayout(format);
  return l !== undefined && l.bytes === 2 && l.depthKind === 'unorm' && l.depthBits === 16 && l.stencilBits === 0;
}

/** D24S8, INTZ, D24FS8: 8-bit stencil in the low byte of a 32-bit pixel. */
function hasLowStencil8(format: number): boolean {
  const l = depthStencilLayout(format);
  return l !== undefined && l.bytes === 4 && l.stencilShift === 0 && l.stencilBits === 8;
}

/** A typed view can index the surface: its start and pitch are multiples of the element size. */
function aligned(s: DepthStencilSurface, size: number): boolean {
  return s.data.byteOffset % size === 0 && s.pitch % size === 0;
}

function u32View(d: Uint8Array): Uint32Array {
  return new Uint32Array(d.buffer, d.byteOffset, d.byteLength >>> 2);
}

const d24ToD16Lockable: FastDepthStencilCopier = {
  name: 'd24-to-d16-lockable',
  accepts: (src, dst, ch) => ch.depth && isD24(src.format) && dst.format === D3DFMT.D16_LOCKABLE && aligned(src, 4) && aligned(dst, 2),
  copy(src, r, dst, dstX, dstY) {
    const s = u32View(src.data);
    const d = new Uint16Array(dst.data.buffer, dst.data.byteOffset, dst.data.byteLength >>> 1);
    const w = r.right - r.left;
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const si = (y * src.pitch) / 4 + r.left;
      const di = (dy * dst.pitch) / 2 + dstX;
      // u32 = d24·2^8 + d24's top byte; its top 16 bits are the pixel's
      for (let x = 0; x < w; x++) d[di + x] = s[si + x] >>> 16;
    }
  },
};

const d24ToD32fLockable: FastDepthStencilCopier = {
  name: 'd24-to-d32f-lockable',
  accepts: (src, dst, ch) => ch.depth && isD24(src.format) && dst.format === D3DFMT.D32F_LOCKABLE && aligned(src, 4) && aligned(dst, 4),
  copy(src, r, dst, dstX, dstY) {
    const s = u32View(src.data);
    const d = new Float32Array(dst.data.buffer, dst.data.byteOffset, dst.data.byteLength >>> 2);
    const w = r.right - r.left;
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const si = (y * src.pitch) / 4 + r.left;
      const di = (dy * dst.pitch) / 4 + dstX;
      for (let x = 0; x < w; x++) {
        const p = s[si + x];
        // u32 = (d24 << 8) | (d24 >>> 16); for these u32 the double quotient rounds to the float32
        // that u32ToUnitFloat gives (no double-rounding tie: depth-copy-fast.test.ts checks all 2^24 in the long run)
        d[di + x] = (((p & 0xffffff00) | (p >>> 24)) >>> 0) / 4294967295;
      }
    }
  },
};

const d32fLockableToD24: FastDepthStencilCopier = {
  name: 'd32f-lockable-to-d24',
  accepts: (src, dst, ch) => ch.depth && src.format === D3DFMT.D32F_LOCKABLE && isD24(dst.format) && aligned(src, 4) && aligned(dst, 4),
  copy(src, r, dst, dstX, dstY) {
    const s = new Float32Array(src.data.buffer, src.data.byteOffset, src.data.byteLength >>> 2);
    const d = u32View(dst.data);
    const w = r.right - r.left;
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const si = (y * src.pitch) / 4 + r.left;
      const di = (dy * dst.pitch) / 4 + dstX;
      // the low byte (stencil or X) is the destination's own
      for (let x = 0; x < w; x++) d[di + x] = (unitFloatToU32(s[si + x]) & 0xffffff00) | (d[di + x] & 0xff);
    }
  },
};

const d16Identity: FastDepthStencilCopier = {
  name: 'd16-identity',
  // 16 bits → (d << 16) | d → top 16 bits: the same bits, so rows copy as bytes
  accepts: (src, dst, ch) => ch.depth && isD16(src.format) && isD16(dst.format),
  copy(src, r, dst, dstX, dstY) {
    const n = 2 * (r.right - r.left);
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const sAt = y * src.pitch + 2 * r.left;
      dst.data.set(src.data.subarray(sAt, sAt + n), dy * dst.pitch + 2 * dstX);
    }
  },
};

const stencil8ToS8Lockable: FastDepthStencilCopier = {
  name: 'stencil8-to-s8-lockable',
  accepts: (src, dst, ch) => ch.stencil && hasLowStencil8(src.format) && dst.format === D3DFMT.S8_LOCKABLE,
  copy(src, r, dst, dstX, dstY) {
    const s = src.data;
    const d = dst.data;
    const w = r.right - r.left;
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const sAt = y * src.pitch + 4 * r.left; // little-endian: the low byte comes first
      const dAt = dy * dst.pitch + dstX;
      for (let x = 0; x < w; x++) d[dAt + x] = s[sAt + 4 * x];
    }
  },
};

const s8LockableToStencil8: FastDepthStencilCopier = {
  name: 's8-lockable-to-stencil8',
  accepts: (src, dst, ch) => ch.stencil && src.format === D3DFMT.S8_LOCKABLE && hasLowStencil8(dst.format),
  copy(src, r, dst, dstX, dstY) {
    const s = src.data;
    const d = dst.data;
    const w = r.right - r.left;
    for (let y = r.top, dy = dstY; y < r.bottom; y++, dy++) {
      const sAt = y * src.pitch + r.left;
      const dAt = dy * dst.pitch + 4 * dstX; // the depth bytes stay
      for (let x = 0; x < w; x++) d[dAt + 4 * x] = s[sAt + x];
    }
  },
};

/** Tried in order by chooseDepthStencilCopier; the first that accepts a pair copies it. */
export const FAST_COPIERS: readonly FastDepthStencilCopier[] = [
  d24ToD16Lockable,
  d24ToD32fLockable,
  d32fLockableToD24,
  d16Identity,
  stencil8ToS8Lockable,
  s8LockableToStencil8,
];
