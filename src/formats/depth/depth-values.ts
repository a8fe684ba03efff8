/**
 * Per-value depth and stencil conversions of a depth-stencil copy (reference A.1 rule 4-5, A.2):
 * every depth goes through a 32-bit unsigned intermediate. The loops in depth-stencil-copy.ts call
 * the kind-keyed functions; the format-keyed ones are for tests and callers outside hot loops.
 */
import { bitsToFloat32, float32Bits } from '../../d3d9/float-bits.js';
import { formatInfo } from '../table.js';
import { decodeFloat20e4, encodeFloat20e4 } from './float20e4.js';

/** How a depth field's bits read: unsigned normalized integer, IEEE float32, or 20e4 (A.4). */
export type DepthKind = 'unorm' | 'f32' | 'f20e4';

const TWO_POW_32 = 4294967296;
/** 2^-(lz + 24) for lz = 0..31: the weight of a 24-bit significand that starts after lz zeros */
const SIGNIFICAND_SCALE = Float64Array.from({ length: 32 }, (_, lz) => 2 ** -(lz + 24));

/**
 * float → u32 (A.2): clamp to [0,1] (NaN → 0), times 0xFFFFFFFF, rounded to nearest (a tie,
 * only f = 0.5, goes up). `f` is taken as float32 (D32F and 20e4 depths are); the result is
 * exact, where Math.round(f * 0xFFFFFFFF) in float64 is not (f = 0.5 + 2^-24 is off by one).
 */
export function unitFloatToU32(f: number): number {
  f = Math.fround(f);
  if (!(f > 0)) return 0;
  if (f >= 1) return 0xffffffff;
  // f·(2^32 − 1) = P − f with P = f·2^32 exact; a float32 has 24 significant bits, so either P is
  // an integer (always when f ≥ 2^-8) or f is under 2^-8 of P's last bit and P's fraction decides
  const p = f * TWO_POW_32;
  const q = Math.floor(p);
  const frac = p - q;
  if (frac === 0) return f > 0.5 ? q - 1 : q;
  return frac > 0.5 ? q + 1 : q;
}

/**
 * u32 → float (A.2): u32 / 0xFFFFFFFF rounded once to the nearest float32. The quotient's binary
 * expansion is u32's 32 bits repeated, so it never ties and its 25 leading bits decide; this avoids
 * the double rounding of Math.fround(u32 / 0xFFFFFFFF) (0xFFFFFF7F → 1.0 instead of 1 − 2^-24).
 */
export function u32ToUnitFloat(u: number): number {
  u >>>= 0;
  if (u === 0) return 0;
  const lz = Math.clz32(u);
  // the 32 bits of the expansion from its leading 1: u rotated left by lz
  const window = lz === 0 ? u : ((u << lz) | (u >>> (32 - lz))) >>> 0;
  const m = ((window >>> 7) + 1) >>> 1; // 24 bits, rounded on the 25th (a carry gives 2^24, exact)
  return m * SIGNIFICAND_SCALE[lz];
}

/** n-bit unsigned integer → u32 (A.2): the value's bits repeated from the top down. */
export function widenToU32(d: number, n: number): number {
  switch (n) {
    case 16: return ((d << 16) | d) >>> 0;
    case 24: return ((d << 8) | (d >>> 16)) >>> 0;
    case 15: return ((d << 17) | (d << 2) | (d >>> 13)) >>> 0;
    case 32: return d >>> 0;
    default: {
      let u = 0;
      for (let at = 32 - n; at > -n; at -= n) u |= at >= 0 ? d << at : d >>> -at;
      return u >>> 0;
    }
  }
}

/** u32 → n-bit unsigned integer (A.2): drop the low 32 − n bits. */
export function narrowFromU32(u: number, n: number): number {
  return n === 32 ? u >>> 0 : u >>> (32 - n);
}

/** A depth field's stored bits → u32. */
export function depthFieldToU32(kind: DepthKind, bits: number, stored: number): number {
  switch (kind) {
    case 'unorm': return widenToU32(stored, bits);
    case 'f32': return unitFloatToU32(bitsToFloat32(stored));
    case 'f20e4': return unitFloatToU32(decodeFloat20e4(stored));
    default: return assertNever(kind);
  }
}

/**
 * u32 → a depth field's stored bits. A float destination takes the float32 of u32/0xFFFFFFFF;
 * 20e4 then rounds that float32 as any float32 depth is stored (A.4), a second rounding by design.
 */
export function depthFieldFromU32(kind: DepthKind, bits: number, u: number): number {
  switch (kind) {
    case 'unorm': return narrowFromU32(u, bits);
    case 'f32': return float32Bits(u32ToUnitFloat(u));
    case 'f20e4': return encodeFloat20e4(u32ToUnitFloat(u));
    default: return assertNever(kind);
  }
}

/** The depth kind and width of a format, or undefined when it has no depth. */
export function depthFieldOf(format: number): { kind: DepthKind; bits: number } | undefined {
  const f = formatInfo(format);
  if (!f?.depth) return undefined;
  return { kind: f.depthFloat ?? 'unorm', bits: f.depth[1] };
}

/**
 * A format's stored depth bits (the field alone: 0x123456 for D24S8, float32 bits for
 * D32F_LOCKABLE, the 20e4 code for D24FS8) → u32. D24 0x123456 → 0x12345612.
 */
export function depthToU32(format: number, stored: number): number {
  const d = depthFieldOf(format);
  if (!d) throw new Error(`formats/depth: format ${format} has no depth channel`);
  return depthFieldToU32(d.kind, d.bits, stored);
}

/** u32 → a format's stored depth bits. 0x12345612 → D16_LOCKABLE 0x1234. */
export function depthFromU32(format: number, u: number): number {
  const d = depthFieldOf(format);
  if (!d) throw new Error(`formats/depth: format ${format} has no depth channel`);
  return depthFieldFromU32(d.kind, d.bits, u);
}

/** Stencil (A.1 rule 5): zero-extended to 8 bits, then the destination keeps its low `bits`. */
export function convertStencil(s: number, bits: number): number {
  return s & 0xff & ((1 << bits) - 1);
}

function assertNever(x: never): never {
  throw new Error(`formats/depth: unexpected depth kind ${String(x)}`);
}
