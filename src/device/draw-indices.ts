/**
 * The index values a draw reads, as positions relative to its MinVertexIndex. An index buffer's
 * range read again keeps the array it was read into while the range holds the same values: a
 * buffer keeps one bytes object for its life and locks write into it, so every draw compares the
 * range with the kept array (one pass, as cheap as reading it) and reads it into a new array when
 * one value differs. A handed-out array is never written again: a plan kept by an observer
 * (inspect --debug-vertex) keeps the indices it was planned with.
 */
import { D3DFMT } from '../d3d9/index.js';

/** An index range read before, and the values read from it. */
interface KeptRange {
  byteOffset: number;
  format: number;
  count: number;
  minIndex: number;
  values: Int32Array;
}

/** How many ranges of one buffer are kept: a mesh drawn in a few subsets (one per material) reuses each. */
const KEPT_RANGES = 8;
/**
 * The most index values kept over all buffers (64 MB of Int32Array): past it every kept range is
 * dropped and reading starts over, so a trace with many large buffers keeps about this much on top
 * of its buffers (plus the arrays of the few calls draw.ts keeps per stream set). A field, so tests
 * can try a small bound.
 */
export const keptIndexLimit = { values: 1 << 24 };
/** Kept ranges by the buffer bytes they were read from (weakly: a released buffer takes its ranges with it). */
let keptRanges = new WeakMap<Uint8Array, KeptRange[]>();
/** Values kept since keptRanges started (ranges of released buffers included: a bound, not a count). */
let keptValues = 0;

const NO_INDICES = new Int32Array(0);

/** Index `i` of a little-endian INDEX16 or INDEX32 stream at `byteOffset` (the caller checked it lies within `data`). */
function indexAt(data: Uint8Array, byteOffset: number, size: number, i: number): number {
  const at = byteOffset + i * size;
  if (size === 2) return data[at] | (data[at + 1] << 8);
  return (data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)) >>> 0;
}

/** `count` index values from `byteOffset` minus `minIndex`, in a new array (as Int32Array stores them: modulo 2^32). */
function readInto(data: Uint8Array, byteOffset: number, format: number, count: number, minIndex: number): Int32Array {
  if (count === 0) return NO_INDICES;
  const size = format === D3DFMT.INDEX32 ? 4 : 2;
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = indexAt(data, byteOffset, size, i) - minIndex;
  return out;
}

/** Whether `values` is what readInto would read now. */
function unchanged(data: Uint8Array, r: KeptRange): boolean {
  const size = r.format === D3DFMT.INDEX32 ? 4 : 2;
  const values = r.values, minIndex = r.minIndex, byteOffset = r.byteOffset;
  for (let i = 0; i < values.length; i++) if (values[i] !== ((indexAt(data, byteOffset, size, i) - minIndex) | 0)) return false;
  return true;
}

/**
 * Index values of an index stream, as positions relative to `minIndex`; the `count` indices
 * from `byteOffset` must lie within `data`. With `keep`, a range read before from the same bytes
 * that still holds the same values gives back the same array.
 */
export function readIndices(data: Uint8Array, byteOffset: number, format: number, count: number, minIndex: number, keep: boolean): Int32Array {
  if (!keep || count === 0 || count > keptIndexLimit.values) return readInto(data, byteOffset, format, count, minIndex);
  let ranges = keptRanges.get(data);
  if (ranges) {
    for (let i = 0; i < ranges.length; i++) {
      const r = ranges[i];
      if (r.byteOffset !== byteOffset || r.format !== format || r.count !== count || r.minIndex !== minIndex) continue;
      if (!unchanged(data, r)) r.values = readInto(data, byteOffset, format, count, minIndex);
      return r.values;
    }
  }
  if (keptValues + count > keptIndexLimit.values) {
    keptRanges = new WeakMap();
    keptValues = 0;
    ranges = undefined;
  }
  if (!ranges) {
    ranges = [];
    keptRanges.set(data, ranges);
  }
  const values = readInto(data, byteOffset, format, count, minIndex);
  // the oldest range makes room for the new one
  if (ranges.length >= KEPT_RANGES) keptValues -= ranges.shift()!.count;
  ranges.push({ byteOffset, format, count, minIndex, values });
  keptValues += count;
  return values;
}
