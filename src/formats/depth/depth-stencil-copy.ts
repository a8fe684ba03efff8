/**
 * Depth-stencil copies between an opaque format and a lockable one, both ways (reference A.1,
 * "Copying Depth-Stencil Values"): depth through a u32 intermediate, stencil zero-extended to 8
 * bits then cut to the destination's width, point sampling, no stretching.
 *
 * Destination bits the copy does not own stay as they were: the channel that the source lacks
 * (D24S8 ← D32F_LOCKABLE keeps its stencil) and unused X bits (D24X8's low byte, D24X4S4's bits
 * 7:4), the way Blt writes only the channels both formats share and Clear keeps the X bits.
 */
import { depthFieldFromU32, depthFieldToU32 } from './depth-values.js';
import { depthStencilLayout } from './depth-stencil-layout.js';
import type { CopyChannels, CopyRect, DepthStencilCopier, DepthStencilLayout, DepthStencilSurface } from './depth-stencil-layout.js';
import { FAST_COPIERS } from './depth-stencil-fast.js';

export type { CopyChannels, CopyRect, DepthStencilCopier, DepthStencilCopyFn, DepthStencilSurface } from './depth-stencil-layout.js';

export type DepthStencilCopyPlan = ({ ok: true } & CopyChannels) | { ok: false; reason: string };

function nameOf(format: number): string {
  return depthStencilLayout(format)?.name ?? `format ${format >>> 0}`;
}

/**
 * Whether a depth-stencil copy from `srcFormat` to `dstFormat` is allowed, and which channels it
 * moves. Allowed: an opaque depth-stencil format to one of the four lockable ones or back (A.1
 * rule 2), when the two share depth or stencil (rule 3: S8_LOCKABLE ⇄ D16_LOCKABLE is refused).
 */
export function depthStencilCopyPlan(srcFormat: number, dstFormat: number): DepthStencilCopyPlan {
  const s = depthStencilLayout(srcFormat);
  const d = depthStencilLayout(dstFormat);
  if (!s) return { ok: false, reason: `source ${nameOf(srcFormat)} is not a depth-stencil format` };
  if (!d) return { ok: false, reason: `destination ${nameOf(dstFormat)} is not a depth-stencil format` };
  const depth = s.depthKind !== undefined && d.depthKind !== undefined;
  const stencil = s.stencilBits > 0 && d.stencilBits > 0;
  if (!depth && !stencil) return { ok: false, reason: `${s.name} → ${d.name}: the formats share no channel (depth or stencil)` };
  if (s.lockable === d.lockable) {
    const both = s.lockable ? 'lockable' : 'opaque';
    return { ok: false, reason: `${s.name} → ${d.name}: both are ${both}; copies run between an opaque and a lockable format` };
  }
  return { ok: true, depth, stencil };
}

/**
 * Why the rectangles of a copy do not fit, or undefined when they do: the source rectangle must be
 * non-empty and inside the source, and its size at (dstX, dstY) inside the destination.
 */
export function depthStencilCopyRectProblem(src: DepthStencilSurface, srcRect: CopyRect, dst: DepthStencilSurface, dstX: number, dstY: number): string | undefined {
  const { left, top, right, bottom } = srcRect;
  const all = [left, top, right, bottom, dstX, dstY];
  if (!all.every(Number.isInteger)) return 'rectangle coordinates must be integers';
  if (left < 0 || top < 0 || right > src.width || bottom > src.height) return 'the source rectangle is outside the source surface';
  if (right <= left || bottom <= top) return 'the source rectangle is empty or flipped';
  if (dstX < 0 || dstY < 0 || dstX + (right - left) > dst.width || dstY + (bottom - top) > dst.height) {
    return 'the copied rectangle does not fit in the destination surface';
  }
  return undefined;
}

function readPixel(v: DataView, bytes: number, at: number): number {
  return bytes === 4 ? v.getUint32(at, true) : bytes === 2 ? v.getUint16(at, true) : v.getUint8(at);
}

function writePixel(v: DataView, bytes: number, at: number, value: number): void {
  if (bytes === 4) v.setUint32(at, value, true);
  else if (bytes === 2) v.setUint16(at, value, true);
  else v.setUint8(at, value);
}

function viewOf(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** The destination bits a copy writes: its depth and/or stencil field. */
function writtenMask(d: DepthStencilLayout, ch: CopyChannels): number {
  let m = 0;
  if (ch.depth) m |= d.depthMask << d.depthShift;
  if (ch.stencil) m |= d.stencilMask << d.stencilShift;
  return m >>> 0;
}

/** The reference copy: any allowed pair, one pixel at a time through the per-value rules. */
export function copyDepthStencilGeneric(src: DepthStencilSurface, r: CopyRect, dst: DepthStencilSurface, dstX: number, dstY: number, ch: CopyChannels): void {
  const s = depthStencilLayout(src.format)!;
  const d = depthStencilLayout(dst.format)!;
  const sv = viewOf(src.data);
  const dv = viewOf(dst.data);
  const keep = (d.pixelMask & ~writtenMask(d, ch)) >>> 0;
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  for (let y = 0; y < h; y++) {
    let sAt = (r.top + y) * src.pitch + r.left * s.bytes;
    let dAt = (dstY + y) * dst.pitch + dstX * d.bytes;
    for (let x = 0; x < w; x++, sAt += s.bytes, dAt += d.bytes) {
      const word = readPixel(sv, s.bytes, sAt);
      let out = keep === 0 ? 0 : readPixel(dv, d.bytes, dAt) & keep;
      if (ch.depth) {
        const stored = ((word >>> s.depthShift) & s.depthMask) >>> 0;
        const u = depthFieldToU32(s.depthKind!, s.depthBits, stored);
        out |= depthFieldFromU32(d.depthKind!, d.depthBits, u) << d.depthShift;
      }
      if (ch.stencil) {
        // zero-extended to 8 bits, then the destination keeps the low bits (A.1 rule 5)
        const st = (word >>> s.stencilShift) & s.stencilMask;
        out |= (st & d.stencilMask) << d.stencilShift;
      }
      writePixel(dv, d.bytes, dAt, out >>> 0);
    }
  }
}

export const GENERIC_COPIER: DepthStencilCopier = { name: 'generic', copy: copyDepthStencilGeneric };

/**
 * The copier for a pair of surfaces: a fast path when one covers the formats and the buffers'
 * alignment, else the generic one. Every fast path is tested byte for byte against the generic.
 */
export function chooseDepthStencilCopier(src: DepthStencilSurface, dst: DepthStencilSurface, ch: CopyChannels): DepthStencilCopier {
  for (const c of FAST_COPIERS) if (c.accepts(src, dst, ch)) return c;
  return GENERIC_COPIER;
}

/**
 * Copies `srcRect` of `src` to (dstX, dstY) of `dst`. Assumes a valid copy: check the formats with
 * depthStencilCopyPlan and the rectangles with depthStencilCopyRectProblem first (a refused pair
 * throws, as a caller's bug).
 */
export function copyDepthStencil(src: DepthStencilSurface, srcRect: CopyRect, dst: DepthStencilSurface, dstX: number, dstY: number): void {
  const plan = depthStencilCopyPlan(src.format, dst.format);
  if (!plan.ok) throw new Error(`formats/depth: copyDepthStencil called for a refused pair: ${plan.reason}`);
  chooseDepthStencilCopier(src, dst, plan).copy(src, srcRect, dst, dstX, dstY, plan);
}
