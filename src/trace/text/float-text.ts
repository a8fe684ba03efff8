/**
 * The text of a float32 written straight into a byte buffer: the same characters as
 * shortestFloat32 (shapes.ts), without a string for each value.
 *
 * Traces repeat their values (vertex data and matrices frame after frame), so the bytes of each
 * text are remembered by the float's bits and copied. A text not known yet is made here when it
 * is exact and short: most floats in traces are small integers or have a short exact decimal
 * (0.5, 15.375, -33.875: positions on a grid, texture coordinates). A float32 is m / 2^s exactly,
 * so its exact decimal is m·5^s / 10^s; with at most 7 significant digits that is what
 * shortestFloat32 prints: any decimal with fewer digits is at least one unit of the 7th digit
 * away, more than half a float32 step (2^-24 of the value < 10^-7), so none of those reads back as
 * the same float, and the exact decimal does. Integers below 2^24 print as themselves there too.
 * Other floats take shortestFloat32's own search.
 */
import { bitsFloat, shortestFloat32 } from './shapes.js';

/**
 * Room for the longest text of a finite float32: 22 characters (a sign and 21 digits: JavaScript
 * writes numbers below 10^21 without an exponent; "-0.000000123456789" has 18).
 */
export const FLOAT32_TEXT_MAX = 24;

/** 5^s for the exact decimals of m / 2^s, s ≤ 10 */
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625];

/** A direct-mapped memo of float texts by their bits, as bytes (a slot: up to SLOT_BYTES of text). */
const SLOTS = 1 << 14;
const SLOT_BYTES = 32;
const memoKeys = new Uint32Array(SLOTS);
const memoLens = new Uint8Array(SLOTS);
const memoBytes = new Uint8Array(SLOTS * SLOT_BYTES);

/** Writes the digits of the integer `v` (0 ≤ v < 2^31) ending before `end`; returns where they start. */
function digitsBefore(buf: Uint8Array, end: number, v: number): number {
  let p = end;
  do {
    const q = (v / 10) | 0;
    buf[--p] = 48 + v - q * 10;
    v = q;
  } while (v !== 0);
  return p;
}

/** How many decimal digits the integer `v` (0 ≤ v < 10^8) has. */
function digitCount(v: number): number {
  return v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 : v < 1000000 ? 6 : v < 10000000 ? 7 : 8;
}

/**
 * Writes shortestFloat32 of the finite float32 with these bits at `pos` (room for FLOAT32_TEXT_MAX
 * bytes needed); returns the position after it. Non-finite bits (no text) write nothing and return -1.
 */
export function putFloat32(bits: number, buf: Uint8Array, pos: number): number {
  const b = bits >>> 0;
  // traces repeat their values (vertex data, matrices frame after frame): a copy of known bytes first
  const h = Math.imul(b, 0x9e3779b1) >>> 18;
  const at = h * SLOT_BYTES;
  let n = memoLens[h];
  if (n === 0 || memoKeys[h] !== b) {
    if ((b & 0x7f800000) === 0x7f800000) return -1;
    n = textOf(b, memoBytes, at) - at;
    memoKeys[h] = b;
    memoLens[h] = n;
  }
  for (let i = 0; i < n; i++) buf[pos + i] = memoBytes[at + i];
  return pos + n;
}

/** Writes the text of the finite float32 `b` at `p`; returns the end. */
function textOf(b: number, buf: Uint8Array, p: number): number {
  const a = b & 0x7fffffff;
  const exp = a >>> 23;
  if (a === 0) {
    if (b !== 0) buf[p++] = 45;
    buf[p++] = 48;
    return p;
  }
  if (exp !== 0) {
    const m = (a & 0x7fffff) | 0x800000;
    // the value is m / 2^sh
    const sh = 150 - exp;
    if (sh >= 0) {
      const low = 31 - Math.clz32(m & -m);
      if (low >= sh) {
        // an integer below 2^24
        const v = m >>> sh;
        const n = digitCount(v);
        if (b !== a) buf[p++] = 45;
        digitsBefore(buf, p + n, v);
        return p + n;
      }
      const s = sh - low;
      if (s <= 10) {
        // exactly digits / 10^s
        const digits = (m >>> low) * POW5[s];
        if (digits < 10000000) {
          const n = digitCount(digits);
          if (b !== a) buf[p++] = 45;
          if (n > s) {
            const intEnd = p + n - s;
            digitsBefore(buf, p + n + 1, digits);
            // move the integer digits left by one for the point
            for (let i = p; i < intEnd; i++) buf[i] = buf[i + 1];
            buf[intEnd] = 46;
            return p + n + 1;
          }
          buf[p++] = 48;
          buf[p++] = 46;
          for (let i = n; i < s; i++) buf[p++] = 48;
          digitsBefore(buf, p + n, digits);
          return p + n;
        }
      }
    }
  }
  const s = shortestFloat32(bitsFloat(b)) as string;
  for (let i = 0; i < s.length; i++) buf[p++] = s.charCodeAt(i);
  return p;
}
