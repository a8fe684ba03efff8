/**
 * The depth a fragment tests and writes, quantised to a depth buffer's format
 * (reference A.3, A.4, C.5): UNORM n bits by FLOAT→UNORM (·(2^n − 1), +0.5,
 * truncate), D32F_LOCKABLE as float32, D24FS8 as 20e4 rounded to nearest even.
 * Codes of UNORM and 20e4 depths order like their values, so the test compares
 * codes; float32 depths compare as floats.
 */
import { bitsToFloat32, float32Bits } from '../../../d3d9/index.js';
import { floatToUnorm } from '../../../formats/convert.js';
import { encodeFloat20e4 } from '../../../formats/depth/float20e4.js';
import { unitFloatToU32 } from '../../../formats/depth/depth-values.js';
import type { DepthKind } from '../../../formats/depth/depth-values.js';
import type { Fragment } from '../types.js';

/** How one depth format stores and compares a depth. */
export interface DepthCodec {
  /** the stored field for a depth z in [0, 1] (float32) */
  encode(z: number): number;
  /** the number a stored field compares as */
  key(stored: number): number;
  /** the number a depth z in [0, 1] compares as (= key(encode(z))) */
  keyOf(z: number): number;
}

const identity = (v: number): number => v;

export function depthCodec(kind: DepthKind, bits: number): DepthCodec {
  switch (kind) {
    case 'unorm': {
      // 32-bit products are not exact in a double: unitFloatToU32 rounds the exact value
      const encode = bits >= 32 ? unitFloatToU32 : (z: number): number => floatToUnorm(z, bits);
      return { encode, key: identity, keyOf: encode };
    }
    case 'f32': return { encode: float32Bits, key: bitsToFloat32, keyOf: (z) => Math.fround(z) };
    case 'f20e4': return { encode: encodeFloat20e4, key: identity, keyOf: encodeFloat20e4 };
    default: throw new Error(`driver/raster/pixel: unexpected depth kind ${String(kind)}`);
  }
}

/** The depth the tests see: z + bias, clamped to [0, 1] (NaN → 0), as float32. */
export function fragmentDepth(f: Fragment): number {
  const z = f.z + f.bias;
  return Math.fround(z > 0 ? (z < 1 ? z : 1) : 0);
}

/** f.depth = fragmentDepth(f), for the depth-stencil stage (a double returned by a call V8 does not inline is boxed). */
export function setFragmentDepth(f: Fragment): void {
  const z = f.z + f.bias;
  f.depth = Math.fround(z > 0 ? (z < 1 ? z : 1) : 0);
}
