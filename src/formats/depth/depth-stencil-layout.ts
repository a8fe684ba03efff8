/**
 * Where depth and stencil sit in a depth-stencil pixel, read from the format table's nominal
 * layouts (reference A.3), as plain numbers for the copy loops, and the types the copies share.
 */
import { formatInfo } from '../table.js';
import type { DepthKind } from './depth-values.js';

/** A depth-stencil surface as the copy sees it: rows of `pitch` bytes, pixels little-endian. */
export interface DepthStencilSurface {
  format: number;
  data: Uint8Array;
  pitch: number;
  width: number;
  height: number;
}

/** A source rectangle: left/top inclusive, right/bottom exclusive, as D3D's RECT. */
export interface CopyRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The channels that a copy moves: those that both formats have (A.1 rule 3). */
export interface CopyChannels {
  depth: boolean;
  stencil: boolean;
}

export interface DepthStencilLayout {
  format: number;
  name: string;
  /** bytes of one pixel: 1, 2 or 4 */
  bytes: number;
  lockable: boolean;
  /** undefined when the format has no depth */
  depthKind: DepthKind | undefined;
  depthShift: number;
  depthBits: number;
  /** the depth field's mask before shifting (0xFFFFFFFF for 32 bits) */
  depthMask: number;
  stencilShift: number;
  /** 0 when the format has no stencil */
  stencilBits: number;
  stencilMask: number;
  /** every bit of a pixel (0xFF, 0xFFFF, 0xFFFFFFFF) */
  pixelMask: number;
}

function fieldMask(bits: number): number {
  return bits >= 32 ? 0xffffffff : (1 << bits) - 1;
}

/** Layouts of the depth-stencil formats met so far (misses are not kept: the map stays small). */
const cache = new Map<number, DepthStencilLayout>();

/** The layout of a depth-stencil format, or undefined for any other format. */
export function depthStencilLayout(format: number): DepthStencilLayout | undefined {
  const id = format >>> 0;
  let l = cache.get(id);
  if (l === undefined) {
    l = buildLayout(id);
    if (l) cache.set(id, l);
  }
  return l;
}

function buildLayout(id: number): DepthStencilLayout | undefined {
  const f = formatInfo(id);
  if (!f || f.kind !== 'depth' || f.blockW !== 1 || f.blockH !== 1) return undefined;
  const [depthShift, depthBits] = f.depth ?? [0, 0];
  const [stencilShift, stencilBits] = f.stencil ?? [0, 0];
  return {
    format: id,
    name: f.name,
    bytes: f.blockBytes,
    lockable: f.lockable === true,
    depthKind: f.depth ? f.depthFloat ?? 'unorm' : undefined,
    depthShift,
    depthBits,
    depthMask: fieldMask(depthBits),
    stencilShift,
    stencilBits,
    stencilMask: fieldMask(stencilBits),
    pixelMask: fieldMask(8 * f.blockBytes),
  };
}

/** Copies `r` of `src` to (dstX, dstY) of `dst`, moving the channels `ch`; inputs already valid. */
export type DepthStencilCopyFn = (src: DepthStencilSurface, r: CopyRect, dst: DepthStencilSurface, dstX: number, dstY: number, ch: CopyChannels) => void;

/** A named copy loop, so tests can see which one a pair gets. */
export interface DepthStencilCopier {
  name: string;
  copy: DepthStencilCopyFn;
}
