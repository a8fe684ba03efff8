/**
 * Stencil state and arithmetic on an n-bit stencil value (reference B.1, B.2;
 * "Stencil Buffer Techniques"): the test `(ref & mask) FUNC (stencil & mask)`,
 * the eight D3DSTENCILOPs, and the masked write. Two-sided mode gives back-facing
 * (counter-clockwise) triangles the CCW_ states; lines and points always use the
 * normal ones; ref and masks are shared by both faces.
 */
import { D3DRS, D3DSTENCILOP } from '../../../d3d9/index.js';
import type { Fragment } from '../types.js';
import { compareFn } from './compare.js';
import type { CompareFn } from './compare.js';

/** The states of one face: the test and the op for each outcome. */
export interface StencilFace {
  readonly func: CompareFn;
  readonly fail: number;
  readonly zfail: number;
  readonly pass: number;
}

export interface StencilParams {
  /** 2^n − 1 for an n-bit stencil */
  readonly max: number;
  /** STENCILREF truncated to the n bits: REPLACE writes it, the test reads it */
  readonly ref: number;
  /** STENCILMASK, limited to the n bits */
  readonly mask: number;
  /** STENCILWRITEMASK, limited to the n bits */
  readonly writeMask: number;
  readonly front: StencilFace;
  readonly back: StencilFace;
  readonly twoSided: boolean;
}

export function stencilParams(rs: Uint32Array, bits: number): StencilParams {
  const max = bits >= 32 ? 0xffffffff : (1 << bits) - 1;
  const front: StencilFace = {
    func: compareFn(rs[D3DRS.STENCILFUNC]), fail: rs[D3DRS.STENCILFAIL], zfail: rs[D3DRS.STENCILZFAIL], pass: rs[D3DRS.STENCILPASS],
  };
  const back: StencilFace = {
    func: compareFn(rs[D3DRS.CCW_STENCILFUNC]), fail: rs[D3DRS.CCW_STENCILFAIL], zfail: rs[D3DRS.CCW_STENCILZFAIL], pass: rs[D3DRS.CCW_STENCILPASS],
  };
  return {
    max,
    ref: (rs[D3DRS.STENCILREF] & max) >>> 0,
    mask: (rs[D3DRS.STENCILMASK] & max) >>> 0,
    writeMask: (rs[D3DRS.STENCILWRITEMASK] & max) >>> 0,
    front, back,
    twoSided: rs[D3DRS.TWOSIDEDSTENCILMODE] !== 0,
  };
}

/** The face whose states apply: CCW ones only for back-facing triangles in two-sided mode. */
export function stencilFace(p: StencilParams, f: Fragment): StencilFace {
  return p.twoSided && f.triangle && !f.front ? p.back : p.front;
}

/** The stencil test on a stored value s: the reference is the left operand. */
export function stencilTest(p: StencilParams, face: StencilFace, s: number): boolean {
  return face.func((p.ref & p.mask) >>> 0, (s & p.mask) >>> 0);
}

/**
 * D3DSTENCILOP on s (n bits): INCRSAT/DECRSAT saturate at 2^n − 1 and 0, INCR/DECR
 * wrap. An op value outside 1..8 keeps the value (as KEEP).
 */
export function stencilOp(op: number, s: number, ref: number, max: number): number {
  switch (op) {
    case D3DSTENCILOP.ZERO: return 0;
    case D3DSTENCILOP.REPLACE: return ref;
    case D3DSTENCILOP.INCRSAT: return s < max ? s + 1 : max;
    case D3DSTENCILOP.DECRSAT: return s > 0 ? s - 1 : 0;
    case D3DSTENCILOP.INVERT: return (~s & max) >>> 0;
    case D3DSTENCILOP.INCR: return s === max ? 0 : s + 1;
    case D3DSTENCILOP.DECR: return s === 0 ? max : s - 1;
    default: return s;
  }
}

/** The stored stencil after `op`: `(old & ~writeMask) | (new & writeMask)` on the n bits. */
export function stencilAfter(p: StencilParams, op: number, s: number): number {
  const v = stencilOp(op, s, p.ref, p.max);
  return ((s & ~p.writeMask) | (v & p.writeMask)) >>> 0;
}
