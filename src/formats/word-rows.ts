/**
 * Row loops over typed views for the row converters (rows.ts, dxgi/rows.ts): pixels read as
 * 16- or 32-bit words and RGBA8 written as one 32-bit word a pixel (little-endian, as on every
 * platform Node runs on). Each shape of loop is its own function, so each call site stays
 * monomorphic. Callers check alignment and fall back to their byte loops when a row is not
 * aligned; tests hold every loop equal to the generic path byte for byte.
 */

const EMPTY = new ArrayBuffer(0);

/**
 * Typed views over the whole buffer of the rows met last, rebuilt only when the buffer changes:
 * the rows of one surface share them, so a row costs no allocation.
 */
export class ViewCache {
  private buffer: ArrayBufferLike = EMPTY;
  private w32: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  private w16: Uint16Array<ArrayBufferLike> = new Uint16Array(0);

  private refresh(b: ArrayBufferLike): void {
    this.buffer = b;
    this.w32 = new Uint32Array(b, 0, b.byteLength >>> 2);
    this.w16 = new Uint16Array(b, 0, b.byteLength >>> 1);
  }

  u32(a: ArrayBufferView): Uint32Array {
    if (a.buffer !== this.buffer || this.w32.length !== a.buffer.byteLength >>> 2) this.refresh(a.buffer);
    return this.w32;
  }

  u16(a: ArrayBufferView): Uint16Array {
    if (a.buffer !== this.buffer || this.w16.length !== a.buffer.byteLength >>> 1) this.refresh(a.buffer);
    return this.w16;
  }
}

/**
 * Converts `width` pixels from word index `si` of `src` to RGBA8 words from index `oi` of `out`,
 * with the format's tables `t`. Every loop is a module-level function taking its tables as an
 * argument, not a closure made per format: closures made from one function literal share their
 * optimised code, and a second format's closure ran about five times slower than the first's.
 */
export type WordRow<S> = (t: WordTables, src: S, si: number, width: number, out: Uint32Array, oi: number) => void;

/**
 * How a 32-bit pixel maps to RGBA8 when every component is an 8-bit channel read unchanged (its
 * byte lookup is the identity) or the constant 0 or 255: the byte each component comes from
 * (0-3), or -1 for 255 and -2 for 0.
 */
export type ByteSources = readonly [number, number, number, number];

/** A8R8G8B8 / B8G8R8A8_UNORM: bytes B G R A; R and B trade places. */
function bgra(_t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = (p & 0xff00ff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
  }
}

/** X8R8G8B8 / B8G8R8X8_UNORM: as bgra, alpha 255. */
function bgrx(_t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = 0xff000000 | (p & 0xff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
  }
}

/** A8B8G8R8: the pixel is already RGBA8. */
function rgba(_t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  out.set(src.subarray(si, si + width), oi);
}

/** X8B8G8R8: RGBA8 with alpha 255. */
function rgbx(_t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) out[oi] = src[si] | 0xff000000;
}

/** A byte shuffle for the four common layouts, or undefined (then the table loop serves). */
export function byteShuffle(b: ByteSources): WordRow<Uint32Array> | undefined {
  switch (b.join(',')) {
    case '2,1,0,3': return bgra;
    case '2,1,0,-1': return bgrx;
    case '0,1,2,3': return rgba;
    case '0,1,2,-1': return rgbx;
    default: return undefined;
  }
}

/**
 * Per component, the RGBA8 byte of each raw code already shifted into its byte of the output
 * word, with where the code sits in the pixel; a constant component has a one-entry table and
 * mask 0. `pixels` is the whole-pixel table of 8- and 16-bit formats (else empty).
 */
export interface WordTables {
  s0: number; s1: number; s2: number; s3: number;
  m0: number; m1: number; m2: number; m3: number;
  l0: Uint32Array; l1: Uint32Array; l2: Uint32Array; l3: Uint32Array;
  pixels: Uint32Array;
}

/** Builds WordTables from per-component byte tables (code → RGBA8 byte); `pixelBits` 8 or 16 adds the whole-pixel table. */
export function wordTables(shift: readonly number[], mask: readonly number[], bytes: readonly ArrayLike<number>[], pixelBits = 0): WordTables {
  const [l0, l1, l2, l3] = [0, 1, 2, 3].map((k) => Uint32Array.from(bytes[k], (v) => (v * 2 ** (8 * k)) >>> 0));
  const t: WordTables = {
    s0: shift[0], s1: shift[1], s2: shift[2], s3: shift[3], m0: mask[0], m1: mask[1], m2: mask[2], m3: mask[3], l0, l1, l2, l3, pixels: new Uint32Array(0),
  };
  if (pixelBits > 0) {
    const px = new Uint32Array(2 ** pixelBits);
    for (let p = 0; p < px.length; p++) px[p] = l0[(p >>> t.s0) & t.m0] | l1[(p >>> t.s1) & t.m1] | l2[(p >>> t.s2) & t.m2] | l3[(p >>> t.s3) & t.m3];
    t.pixels = px;
  }
  return t;
}

/** 32-bit pixels through four pre-shifted tables: four loads and three ORs a pixel. */
export function tableRow32(t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  const { s0, s1, s2, s3, m0, m1, m2, m3, l0, l1, l2, l3 } = t;
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = l0[(p >>> s0) & m0] | l1[(p >>> s1) & m1] | l2[(p >>> s2) & m2] | l3[(p >>> s3) & m3];
  }
}

/** UNORM10 → RGBA8 byte (C.5: c/1023, ·255, +0.5, truncate) in each byte lane, and UNORM2 alpha in lane 3: module constants. */
const TEN = [0, 1, 2].map((lane) => Uint32Array.from({ length: 1024 }, (_, c) => Math.floor((510 * c + 1023) / 2046) * 2 ** (8 * lane)));
const TEN0 = TEN[0], TEN1 = TEN[1], TEN2 = TEN[2];
const ALPHA2 = Uint32Array.from({ length: 4 }, (_, a) => (Math.floor((510 * a + 3) / 6) * 2 ** 24) >>> 0);

/** Whether `t` is three 10-bit UNORM colour components and a 2-bit UNORM alpha (A2R10G10B10, A2B10G10R10). */
export function isUnorm1010102(t: WordTables): boolean {
  const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
  return t.m0 === 1023 && t.m1 === 1023 && t.m2 === 1023 && t.m3 === 3 && t.s3 === 30
    && same(t.l0, TEN0) && same(t.l1, TEN1) && same(t.l2, TEN2) && same(t.l3, ALPHA2);
}

/**
 * The 10:10:10:2 UNORM layouts through the module's constant tables: with the masks and table
 * sizes known to the compiler, the four loads need no bounds checks (about twice tableRow32's speed).
 */
export function unorm1010102Row(t: WordTables, src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  const { s0, s1, s2 } = t;
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = TEN0[(p >>> s0) & 1023] | TEN1[(p >>> s1) & 1023] | TEN2[(p >>> s2) & 1023] | ALPHA2[p >>> 30];
  }
}

/** 16-bit pixels through the 65536-entry pixel table: one load a pixel. */
export function pixelRow16(t: WordTables, src: Uint16Array, si: number, width: number, out: Uint32Array, oi: number): void {
  const px = t.pixels;
  for (let e = si + width; si < e; si++, oi++) out[oi] = px[src[si]];
}

/** 8-bit pixels through the 256-entry pixel table. */
export function pixelRow8(t: WordTables, src: Uint8Array, si: number, width: number, out: Uint32Array, oi: number): void {
  const px = t.pixels;
  for (let e = si + width; si < e; si++, oi++) out[oi] = px[src[si]];
}

/** A packed format's float tables and where each component's code sits (see wordTables). */
export interface FloatPlan {
  s0: number; s1: number; s2: number; s3: number;
  m0: number; m1: number; m2: number; m3: number;
  l0: Float32Array; l1: Float32Array; l2: Float32Array; l3: Float32Array;
}

/** 32-bit pixels to float RGBA (module-level, tables as an argument: see word-rows.ts). */
export function words32ToFloat(p: FloatPlan, src: Uint32Array, si: number, width: number, out: Float32Array, o: number): void {
  const { s0, s1, s2, s3, m0, m1, m2, m3, l0, l1, l2, l3 } = p;
  for (let e = si + width; si < e; si++, o += 4) {
    const w = src[si];
    out[o] = l0[(w >>> s0) & m0]; out[o + 1] = l1[(w >>> s1) & m1]; out[o + 2] = l2[(w >>> s2) & m2]; out[o + 3] = l3[(w >>> s3) & m3];
  }
}

export function words16ToFloat(p: FloatPlan, src: Uint16Array, si: number, width: number, out: Float32Array, o: number): void {
  const { s0, s1, s2, s3, m0, m1, m2, m3, l0, l1, l2, l3 } = p;
  for (let e = si + width; si < e; si++, o += 4) {
    const w = src[si];
    out[o] = l0[(w >>> s0) & m0]; out[o + 1] = l1[(w >>> s1) & m1]; out[o + 2] = l2[(w >>> s2) & m2]; out[o + 3] = l3[(w >>> s3) & m3];
  }
}

/** UNORM8 as float32 (C.5: c / 255): a module constant. */
const UNORM8_F = Float32Array.from({ length: 256 }, (_, c) => c / 255);

const sameTable = (a: Float32Array, b: Float32Array): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
const byteLane = (shift: number, mask: number, table: Float32Array): boolean => mask === 255 && shift % 8 === 0 && shift <= 24 && sameTable(table, UNORM8_F);

/**
 * The loop for a plan whose colour channels are 8-bit UNORM bytes (the BGRA8/RGBA8 families):
 * 'rgba' with an 8-bit UNORM alpha too, 'rgbx' when alpha reads one value whatever the bits (an X
 * channel), undefined for any other plan.
 */
export function unorm8PlanKind(p: FloatPlan): 'rgba' | 'rgbx' | undefined {
  if (!byteLane(p.s0, p.m0, p.l0) || !byteLane(p.s1, p.m1, p.l1) || !byteLane(p.s2, p.m2, p.l2)) return undefined;
  if (byteLane(p.s3, p.m3, p.l3)) return 'rgba';
  return p.l3.length > 0 && p.l3.every((v) => Object.is(v, p.l3[0])) ? 'rgbx' : undefined;
}

/** 'rgba' pixels through the module's UNORM8 table (the plan gives the shifts). */
export function unorm8WordsToFloat(p: FloatPlan, src: Uint32Array, si: number, width: number, out: Float32Array, o: number): void {
  const s0 = p.s0, s1 = p.s1, s2 = p.s2, s3 = p.s3, t = UNORM8_F;
  for (let e = si + width; si < e; si++, o += 4) {
    const w = src[si];
    out[o] = t[(w >>> s0) & 255]; out[o + 1] = t[(w >>> s1) & 255]; out[o + 2] = t[(w >>> s2) & 255]; out[o + 3] = t[(w >>> s3) & 255];
  }
}

/** 'rgbx' pixels: the colour bytes through the UNORM8 table, alpha the X channel's one value. */
export function unorm8xWordsToFloat(p: FloatPlan, src: Uint32Array, si: number, width: number, out: Float32Array, o: number): void {
  const s0 = p.s0, s1 = p.s1, s2 = p.s2, x = p.l3[0], t = UNORM8_F;
  for (let e = si + width; si < e; si++, o += 4) {
    const w = src[si];
    out[o] = t[(w >>> s0) & 255]; out[o + 1] = t[(w >>> s1) & 255]; out[o + 2] = t[(w >>> s2) & 255]; out[o + 3] = x;
  }
}

/** XR_BIAS (C.3: float((x & 0x3FF) − 0x180) / 510) and UNORM2 alpha as float32: module constants. */
const XR_F = Float32Array.from({ length: 1024 }, (_, x) => (x - 0x180) / 510);
const ALPHA2_F = Float32Array.from({ length: 4 }, (_, a) => a / 3);

/** Whether `p` is the XR_BIAS layout (R 9:0, G 19:10, B 29:20 XR_BIAS; A 31:30 UNORM) with exactly these values. */
export function isXrBiasPlan(p: FloatPlan): boolean {
  const same = sameTable;
  return p.s0 === 0 && p.s1 === 10 && p.s2 === 20 && p.s3 === 30 && p.m0 === 1023 && p.m1 === 1023 && p.m2 === 1023 && p.m3 === 3
    && same(p.l0, XR_F) && same(p.l1, XR_F) && same(p.l2, XR_F) && same(p.l3, ALPHA2_F);
}

/** XR_BIAS pixels through the module's constant tables (no bounds checks: see unorm1010102Row). */
export function xrBiasWordsToFloat(_p: FloatPlan, src: Uint32Array, si: number, width: number, out: Float32Array, o: number): void {
  for (let e = si + width; si < e; si++, o += 4) {
    const w = src[si];
    out[o] = XR_F[w & 1023]; out[o + 1] = XR_F[(w >>> 10) & 1023]; out[o + 2] = XR_F[(w >>> 20) & 1023]; out[o + 3] = ALPHA2_F[w >>> 30];
  }
}
