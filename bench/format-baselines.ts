/**
 * Hand-written conversion loops for the formats.rows benchmarks: for each
 * format, the conversion our row converters do, written directly for that one
 * format over typed views (one 32-bit store a pixel where the output is RGBA8,
 * small tables built once here, no call or allocation a pixel). Each is
 * written from the D3D9 rule (reference/d3d9.md), not from our code; the bench
 * and test/bench/format-rows.test.ts check that its output equals ours byte for
 * byte, so it is provably the same work. Little-endian, as everywhere Node runs.
 */

/** A surface as the baselines read it: rows of `pitch` bytes (a multiple of 4), 4-byte aligned. */
export interface Plane {
  data: Uint8Array;
  pitch: number;
  width: number;
  height: number;
}

const u32 = (b: Uint8Array): Uint32Array => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >>> 2);
const u16 = (b: Uint8Array): Uint16Array => new Uint16Array(b.buffer, b.byteOffset, b.byteLength >>> 1);
const f32 = (b: Uint8Array): Float32Array => new Float32Array(b.buffer, b.byteOffset, b.byteLength >>> 2);
const words = (f: Float32Array): Uint32Array => new Uint32Array(f.buffer, f.byteOffset, f.length);

/** UNORM n → UNORM8 (C.5): c/(2^n−1), ·255, +0.5, truncate; in integers, floor((510c + m) / 2m), m = 2^n − 1. */
function unormTo8(c: number, bits: number): number {
  const m = 2 ** bits - 1;
  return Math.floor((510 * c + m) / (2 * m));
}

/** An n-bit UNORM channel's RGBA8 byte, already shifted into byte `lane` of the output word. */
function laneTable(bits: number, lane: number): Uint32Array {
  return Uint32Array.from({ length: 2 ** bits }, (_, c) => unormTo8(c, bits) * 2 ** (8 * lane));
}

// ---- RGBA8 out: one 32-bit word a pixel ----

/** A8R8G8B8 (bytes B G R A) → RGBA8: bytes 0 and 2 trade places. */
export function a8r8g8b8(src: Plane, out: Uint8Array): void {
  const s = u32(src.data), d = u32(out), sp = src.pitch >>> 2, w = src.width;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = (p & 0xff00ff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
    }
  }
}

/** X8R8G8B8 → RGBA8: as A8R8G8B8, alpha 255 (X reads as 1, F.1). */
export function x8r8g8b8(src: Plane, out: Uint8Array): void {
  const s = u32(src.data), d = u32(out), sp = src.pitch >>> 2, w = src.width;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = 0xff000000 | (p & 0xff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
    }
  }
}

/**
 * R5G6B5 → RGBA8, C.5's rounding: 5-bit c → round(255c/31), 6-bit → round(255c/63). (Bit
 * replication, (c << 3) | (c >> 2), differs from it at 4 five-bit and 10 six-bit codes.) One
 * 64 K-entry table of whole pixels: measured faster here than three channel tables.
 */
const R5G6B5 = ((): Uint32Array => {
  const r = laneTable(5, 0), g = laneTable(6, 1), b = laneTable(5, 2);
  return Uint32Array.from({ length: 65536 }, (_, p) => (r[p >>> 11] | g[(p >>> 5) & 63] | b[p & 31] | 0xff000000) >>> 0);
})();
export function r5g6b5(src: Plane, out: Uint8Array): void {
  const s = u16(src.data), d = u32(out), sp = src.pitch >>> 1, w = src.width, t = R5G6B5;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) d[o] = t[s[i]];
  }
}

const TEN_LO = laneTable(10, 0), TEN_MID = laneTable(10, 1), TEN_HI = laneTable(10, 2);
const A2 = laneTable(2, 3);

/** A2R10G10B10 (A 31:30, R 29:20, G 19:10, B 9:0) → RGBA8. */
export function a2r10g10b10(src: Plane, out: Uint8Array): void {
  const s = u32(src.data), d = u32(out), sp = src.pitch >>> 2, w = src.width;
  const r = TEN_LO, g = TEN_MID, b = TEN_HI, a = A2;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = r[(p >>> 20) & 1023] | g[(p >>> 10) & 1023] | b[p & 1023] | a[p >>> 30];
    }
  }
}

/** A2B10G10R10 (A 31:30, B 29:20, G 19:10, R 9:0) → RGBA8. */
export function a2b10g10r10(src: Plane, out: Uint8Array): void {
  const s = u32(src.data), d = u32(out), sp = src.pitch >>> 2, w = src.width;
  const r = TEN_LO, g = TEN_MID, b = TEN_HI, a = A2;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = r[p & 1023] | g[(p >>> 10) & 1023] | b[(p >>> 20) & 1023] | a[p >>> 30];
    }
  }
}

/** L8 → RGBA8: luminance into R, G and B, alpha 255 (F.1). */
export function l8(src: Plane, out: Uint8Array): void {
  const s = src.data, d = u32(out), sp = src.pitch, w = src.width;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) d[o] = (s[i] * 0x010101) | 0xff000000;
  }
}

/** A8L8 (A 15:8, L 7:0) → RGBA8. */
export function a8l8(src: Plane, out: Uint8Array): void {
  const s = u16(src.data), d = u32(out), sp = src.pitch >>> 1, w = src.width;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = ((p & 0xff) * 0x010101) | ((p >>> 8) << 24);
    }
  }
}

// ---- float RGBA out ----

/**
 * IEEE half → float32 bits, built from the fields: subnormals normalised, ±INF kept, every NaN the
 * one quiet NaN 0x7FC00000 (the value a JavaScript NaN stores as, whatever the half's payload).
 */
function halfBits(h: number): number {
  const s = (h & 0x8000) << 16;
  const e = (h >>> 10) & 31;
  let m = h & 0x3ff;
  if (e === 31) return m ? 0x7fc00000 : (s | 0x7f800000) >>> 0;
  if (e !== 0) return (s | ((e + 112) << 23) | (m << 13)) >>> 0;
  if (m === 0) return s >>> 0;
  let ex = 113; // m·2^-24 with m's top bit at 0x400 would be 2^-14: biased exponent 113
  while ((m & 0x400) === 0) { m <<= 1; ex--; }
  return (s | (ex << 23) | ((m & 0x3ff) << 13)) >>> 0;
}
const HALF_BITS = Uint32Array.from({ length: 65536 }, (_, h) => halfBits(h));

/** A16B16G16R16F → float RGBA: the four halves in memory order are R, G, B, A. */
export function a16b16g16r16f(src: Plane, out: Float32Array): void {
  const s = u16(src.data), d = words(out), sp = src.pitch >>> 1, n = 4 * src.width, t = HALF_BITS;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + n; i < e; i++, o++) d[o] = t[s[i]];
  }
}

/**
 * A32B32G32R32F → float RGBA: R, G, B, A float32 in memory order, copied as bits with every NaN
 * the one quiet NaN 0x7FC00000 (a NaN's payload would depend on the engine and its JIT tier).
 */
export function a32b32g32r32f(src: Plane, out: Float32Array): void {
  const s = u32(src.data), d = words(out), sp = src.pitch >>> 2, n = 4 * src.width;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + n; i < e; i++, o++) {
      const b = s[i];
      d[o] = (b & 0x7fffffff) > 0x7f800000 ? 0x7fc00000 : b;
    }
  }
}

/** XR_BIAS (C.3): float((x & 0x3FF) − 0x180) / 510 per colour channel; the 2-bit alpha a/3. */
const XR = Float32Array.from({ length: 1024 }, (_, x) => (x - 0x180) / 510);
const A2F = Float32Array.from({ length: 4 }, (_, a) => a / 3);

/** A2B10G10R10_XR_BIAS (and R10G10B10_XR_BIAS_A2_UNORM: R 9:0, G 19:10, B 29:20, A 31:30) → float RGBA. */
export function xrBias(src: Plane, out: Float32Array): void {
  const s = u32(src.data), sp = src.pitch >>> 2, w = src.width, t = XR, a = A2F;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o += 4) {
      const p = s[i];
      out[o] = t[p & 1023];
      out[o + 1] = t[(p >>> 10) & 1023];
      out[o + 2] = t[(p >>> 20) & 1023];
      out[o + 3] = a[p >>> 30];
    }
  }
}

/** B8G8R8X8_UNORM → float RGBA: c/255 per colour byte (C.5), X reads as 1. */
const BYTE_F = Float32Array.from({ length: 256 }, (_, c) => c / 255);
export function b8g8r8x8ToFloat(src: Plane, out: Float32Array): void {
  const s = u32(src.data), sp = src.pitch >>> 2, w = src.width, t = BYTE_F;
  for (let y = 0, o = 0; y < src.height; y++) {
    for (let i = y * sp, e = i + w; i < e; i++, o += 4) {
      const p = s[i];
      out[o] = t[(p >>> 16) & 0xff];
      out[o + 1] = t[(p >>> 8) & 0xff];
      out[o + 2] = t[p & 0xff];
      out[o + 3] = 1;
    }
  }
}

// ---- depth ----

/**
 * D24S8 → D32F_LOCKABLE (A.1, A.2): d24 widened to u32 by replicating its top bits,
 * (d << 8) | (d >> 16), then u32 / (2^32 − 1) rounded once to float32. For these u32 the
 * double quotient is never within a double's rounding of a float32 tie (checked over all 2^24
 * depths when this was written), so storing it into a Float32Array rounds correctly.
 */
export function d24s8ToD32f(src: Plane, dst: Plane): void {
  const s = u32(src.data), d = f32(dst.data), sp = src.pitch >>> 2, dp = dst.pitch >>> 2, w = src.width;
  for (let y = 0; y < src.height; y++) {
    for (let i = y * sp, o = y * dp, e = i + w; i < e; i++, o++) {
      const p = s[i];
      d[o] = (((p & 0xffffff00) | (p >>> 24)) >>> 0) / 4294967295;
    }
  }
}
