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

/** Converts `width` pixels from word index `si` of `src` to RGBA8 words from index `oi` of `out`. */
export type WordRow<S> = (src: S, si: number, width: number, out: Uint32Array, oi: number) => void;

/**
 * How a 32-bit pixel maps to RGBA8 when every component is an 8-bit channel read unchanged (its
 * byte lookup is the identity) or the constant 0 or 255: the byte each component comes from
 * (0-3), or -1 for 255 and -2 for 0.
 */
export type ByteSources = readonly [number, number, number, number];

/** A8R8G8B8 / B8G8R8A8_UNORM: bytes B G R A; R and B trade places. */
function bgra(src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = (p & 0xff00ff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
  }
}

/** X8R8G8B8 / B8G8R8X8_UNORM: as bgra, alpha 255. */
function bgrx(src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) {
    const p = src[si];
    out[oi] = 0xff000000 | (p & 0xff00) | ((p >>> 16) & 0xff) | ((p & 0xff) << 16);
  }
}

/** A8B8G8R8: the pixel is already RGBA8. */
function rgba(src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  out.set(src.subarray(si, si + width), oi);
}

/** X8B8G8R8: RGBA8 with alpha 255. */
function rgbx(src: Uint32Array, si: number, width: number, out: Uint32Array, oi: number): void {
  for (let e = si + width; si < e; si++, oi++) out[oi] = src[si] | 0xff000000;
}

/** A byte shuffle for the four common layouts, or undefined (then the table loop serves). */
export function byteShuffle(b: ByteSources): WordRow<Uint32Array> | undefined {
  const key = b.join(',');
  switch (key) {
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
 * mask 0.
 */
export interface WordTables {
  shift: readonly [number, number, number, number];
  mask: readonly [number, number, number, number];
  lut: readonly [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
}

/** Builds WordTables from per-component byte tables (code → RGBA8 byte). */
export function wordTables(shift: readonly number[], mask: readonly number[], bytes: readonly ArrayLike<number>[]): WordTables {
  const lut = [0, 1, 2, 3].map((k) => Uint32Array.from(bytes[k], (v) => (v * 2 ** (8 * k)) >>> 0));
  return { shift: [shift[0], shift[1], shift[2], shift[3]], mask: [mask[0], mask[1], mask[2], mask[3]], lut: [lut[0], lut[1], lut[2], lut[3]] };
}

/** 32-bit pixels through four pre-shifted tables: four loads and three ORs a pixel. */
export function tableRow32(t: WordTables): WordRow<Uint32Array> {
  const [s0, s1, s2, s3] = t.shift;
  const [m0, m1, m2, m3] = t.mask;
  const [l0, l1, l2, l3] = t.lut;
  return (src, si, width, out, oi) => {
    for (let e = si + width; si < e; si++, oi++) {
      const p = src[si];
      out[oi] = l0[(p >>> s0) & m0] | l1[(p >>> s1) & m1] | l2[(p >>> s2) & m2] | l3[(p >>> s3) & m3];
    }
  };
}

/**
 * A whole-pixel table (2^bits entries) from WordTables: for 8- and 16-bit pixels one load a
 * pixel replaces four.
 */
export function pixelTable(t: WordTables, bits: number): Uint32Array {
  const [s0, s1, s2, s3] = t.shift;
  const [m0, m1, m2, m3] = t.mask;
  const [l0, l1, l2, l3] = t.lut;
  const out = new Uint32Array(2 ** bits);
  for (let p = 0; p < out.length; p++) out[p] = l0[(p >>> s0) & m0] | l1[(p >>> s1) & m1] | l2[(p >>> s2) & m2] | l3[(p >>> s3) & m3];
  return out;
}

/** 16-bit pixels through a 65536-entry pixel table. */
export function pixelRow16(table: Uint32Array): WordRow<Uint16Array> {
  return (src, si, width, out, oi) => {
    for (let e = si + width; si < e; si++, oi++) out[oi] = table[src[si]];
  };
}

/** 8-bit pixels through a 256-entry pixel table. */
export function pixelRow8(table: Uint32Array): WordRow<Uint8Array> {
  return (src, si, width, out, oi) => {
    for (let e = si + width; si < e; si++, oi++) out[oi] = table[src[si]];
  };
}
