/**
 * Surfaces seen as arrays of 1-, 2- or 4-byte pixel words, for the span loops
 * (STYLE.md 10: typed views over the surface's own buffer). The byte paths read
 * pixels little-endian, so word views are used only on little-endian hosts.
 */
import type { SurfaceView } from '../../surface-view.js';

export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** 4-byte words are Int32Array: int32 loads and stores keep the loops free of uint32 conversions. */
export type WordArray = Uint8Array | Uint16Array | Int32Array;

/** `s` as an array of `bytes`-byte words (row y starts at y · pitch / bytes), or undefined when not word-aligned. */
export function wordView(s: SurfaceView, bytes: number): WordArray | undefined {
  const d = s.data;
  if (!LITTLE_ENDIAN || s.pitch % bytes !== 0 || d.byteOffset % bytes !== 0) return undefined;
  if (bytes === 1) return d;
  if (bytes === 2) return new Uint16Array(d.buffer, d.byteOffset, d.byteLength >> 1);
  if (bytes === 4) return new Int32Array(d.buffer, d.byteOffset, d.byteLength >> 2);
  return undefined;
}

/** The little-endian word of `bytes` bytes at the start of `d`, as a WordArray of that size stores it. */
export function firstWord(d: Uint8Array, bytes: number): number {
  let v = 0;
  for (let i = bytes - 1; i >= 0; i--) v = v * 256 + d[i];
  return bytes === 4 ? v | 0 : v;
}

let scratch = new Int32Array(0);

/** A row-sized Int32Array scratch shared by the span paths (spans are drawn one at a time). */
export function scratchRow(width: number): Int32Array {
  if (scratch.length < width) scratch = new Int32Array(width);
  return scratch;
}

/** The Uint32Array over the last Int32Array storeRun filled (the draws of a frame fill one target). */
let runInts: Int32Array | null = null;
let runUints: Uint32Array = new Uint32Array(0);

/**
 * out[from..to) = value: a native fill for long runs, plain stores for short ones (a fill call
 * costs tens of stores). 4-byte words are filled through a Uint32Array over the same bytes, as
 * FillSpans does: V8 fills it with a uint32 markedly faster than an Int32Array with a negative word.
 */
export function storeRun(out: WordArray, value: number, from: number, to: number): void {
  if (to - from <= 16) {
    for (let i = from; i < to; i++) out[i] = value;
  } else if (out instanceof Int32Array) {
    if (out !== runInts) {
      runInts = out;
      runUints = new Uint32Array(out.buffer, out.byteOffset, out.length);
    }
    runUints.fill(value >>> 0, from, to);
  } else {
    out.fill(value, from, to);
  }
}
