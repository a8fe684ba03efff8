/**
 * Fast row converters: a row of 32-bit elements ⇄ float RGBA (Float32Array,
 * 4 floats a pixel) and ⇄ RGBA8 (Uint8Array, 4 bytes a pixel). Each format gets
 * a plan once — shifts, masks and per-channel lookup tables built from the
 * generic conversions — and each row is a loop (four for float → element) over
 * typed arrays with no allocation. Tested against the per-element path
 * (element.ts) on random rows.
 * Elements are read through a Uint32Array, i.e. little-endian, as on every
 * platform Node runs on.
 */
import { floatToSint, floatToSrgb, floatToUint, floatToUnorm, srgbToFloat, unormToFloat } from '../convert.js';
import { decodeChannel, encodeChannel } from './element.js';
import { requireDxgiFormat } from './formats.js';
import type { DxgiChannel } from './formats.js';
import { assertNever } from './never.js';
import { byteShuffle, isXrBiasPlan, tableRow32, unorm8PlanKind, unorm8WordsToFloat, unorm8xWordsToFloat, wordTables, words32ToFloat, xrBiasWordsToFloat } from '../word-rows.js';
import type { FloatPlan, WordRow, WordTables } from '../word-rows.js';

type Quad<T> = readonly [T, T, T, T];

interface RowPlan {
  readonly shift: Quad<number>;
  readonly mask: Quad<number>;
  /** code → float32 */
  readonly toFloat: Quad<Float32Array>;
  /** the same, with the shifts and masks, for the float row loop */
  readonly floats: FloatPlan;
  readonly floatWords: typeof words32ToFloat;
  /** the channels, for the float → code loops */
  readonly channels: Quad<DxgiChannel>;
  /** code → RGBA8 byte */
  readonly toByte: Quad<Uint8Array>;
  /** RGBA8 byte → code */
  readonly fromByte: Quad<Uint16Array>;
  /** elements → RGBA8 words, for an aligned destination, with its tables */
  readonly toWords: WordRow<Uint32Array>;
  readonly words: WordTables;
}

/** A channel's RGBA8 byte from a decoded float, as rgba8TargetOf's format stores it. */
function byteOf(ch: DxgiChannel, v: number): number {
  switch (ch.interp) {
    case 'unorm': case 'snorm': case 'xr_bias': case 'x': return floatToUnorm(v, 8);
    case 'unorm_srgb': return floatToSrgb(v, 8);
    case 'uint': case 'sint': return floatToUint(v, 8);
    case 'typeless': throw new RangeError('a typeless channel has no value');
    default: return assertNever(ch.interp);
  }
}

/** The float an RGBA8 byte reads as, in rgba8TargetOf's format. */
function floatOfByte(ch: DxgiChannel, b: number): number {
  switch (ch.interp) {
    case 'unorm': case 'snorm': case 'xr_bias': case 'x': return unormToFloat(b, 8);
    case 'unorm_srgb': return srgbToFloat(b, 8);
    case 'uint': case 'sint': return b;
    case 'typeless': throw new RangeError('a typeless channel has no value');
    default: return assertNever(ch.interp);
  }
}

/** Lowest float32 at which floatToSrgb(·, 8) reaches each code 1..255: the encoder becomes a search. */
const SRGB8_STEPS = ((): Float32Array => {
  const steps = new Float32Array(255);
  const bits = new Uint32Array(1);
  const asFloat = new Float32Array(bits.buffer);
  const one = 0x3f800000; // 1.0f; positive float32s order like their bit patterns
  for (let k = 1; k <= 255; k++) {
    let lo = 0;
    let hi = one;
    while (lo < hi) {
      const mid = lo + Math.floor((hi - lo) / 2);
      bits[0] = mid;
      if (floatToSrgb(asFloat[0], 8) >= k) hi = mid;
      else lo = mid + 1;
    }
    bits[0] = lo;
    steps[k - 1] = asFloat[0];
  }
  return steps;
})();

/** floatToSrgb(v, 8) for a float32 v, by binary search over SRGB8_STEPS (no pow a pixel). */
export function floatToSrgb8Fast(v: number): number {
  if (!(v > 0)) return 0;
  let lo = 0;
  let hi = 255;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (SRGB8_STEPS[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function channelPlan(ch: DxgiChannel): { toFloat: Float32Array; toByte: Uint8Array; fromByte: Uint16Array } {
  const codes = 2 ** ch.bits;
  const toFloat = new Float32Array(codes);
  const toByte = new Uint8Array(codes);
  for (let c = 0; c < codes; c++) {
    toFloat[c] = decodeChannel(ch, c);
    toByte[c] = byteOf(ch, toFloat[c]);
  }
  const fromByte = new Uint16Array(256);
  for (let b = 0; b < 256; b++) fromByte[b] = encodeChannel(ch, floatOfByte(ch, b));
  return { toFloat, toByte, fromByte };
}

/** The byte shuffle of a BGRA8/BGRX8-like layout whose channels read their bytes unchanged (an X channel as 255). */
function shuffleOf(channels: Quad<DxgiChannel>, toByte: Quad<Uint8Array>): WordRow<Uint32Array> | undefined {
  const from = channels.map((ch, k) => {
    if (ch.bits !== 8 || ch.shift % 8 !== 0) return NaN;
    if (ch.interp === 'x') return toByte[k].every((v) => v === 255) ? -1 : NaN;
    return toByte[k].every((v, c) => v === c) ? ch.shift / 8 : NaN;
  });
  return from.some(Number.isNaN) ? undefined : byteShuffle([from[0], from[1], from[2], from[3]]);
}

/** The float loop of a plan: the constant-table loops where they hold, else the four-table one. */
function floatLoopOf(p: FloatPlan): typeof words32ToFloat {
  if (isXrBiasPlan(p)) return xrBiasWordsToFloat;
  const bytes = unorm8PlanKind(p);
  return bytes === 'rgba' ? unorm8WordsToFloat : bytes === 'rgbx' ? unorm8xWordsToFloat : words32ToFloat;
}

const PLANS = new Map<number, RowPlan>();

/** The row plan of a typed format, built on first use. */
function planOf(format: number): RowPlan {
  const cached = PLANS.get(format);
  if (cached) return cached;
  const f = requireDxgiFormat(format);
  if (f.interp === 'typeless') throw new RangeError(`${f.name} is typeless: a row of it has no values until a view gives it a type`);
  const [r, g, b, a] = f.channels.map(channelPlan);
  const q = <T>(pick: (p: ReturnType<typeof channelPlan>) => T): Quad<T> => [pick(r), pick(g), pick(b), pick(a)];
  const shift: Quad<number> = [f.channels[0].shift, f.channels[1].shift, f.channels[2].shift, f.channels[3].shift];
  const mask: Quad<number> = [2 ** f.channels[0].bits - 1, 2 ** f.channels[1].bits - 1, 2 ** f.channels[2].bits - 1, 2 ** f.channels[3].bits - 1];
  const toByte = q((p) => p.toByte);
  const toFloat = q((p) => p.toFloat);
  const floats: FloatPlan = {
    s0: shift[0], s1: shift[1], s2: shift[2], s3: shift[3], m0: mask[0], m1: mask[1], m2: mask[2], m3: mask[3],
    l0: toFloat[0], l1: toFloat[1], l2: toFloat[2], l3: toFloat[3],
  };
  const plan: RowPlan = {
    shift,
    mask,
    toFloat,
    floats,
    floatWords: floatLoopOf(floats),
    channels: f.channels,
    toByte,
    fromByte: q((p) => p.fromByte),
    toWords: shuffleOf(f.channels, toByte) ?? tableRow32,
    words: wordTables(shift, mask, toByte),
  };
  PLANS.set(format, plan);
  return plan;
}

function checkRow(what: string, count: number, srcLen: number, srcPer: number, dstLen: number, dstPer: number): void {
  if (count * srcPer > srcLen || count * dstPer > dstLen) {
    throw new RangeError(`${what}: ${count} pixels need ${count * srcPer} source and ${count * dstPer} destination entries, got ${srcLen} and ${dstLen}`);
  }
}

/** Elements → float RGBA (4 floats a pixel). */
export function decodeRow(format: number, src: Uint32Array, dst: Float32Array, count = src.length): void {
  checkRow('decodeRow', count, src.length, 1, dst.length, 4);
  const plan = planOf(format);
  plan.floatWords(plan.floats, src, 0, count, dst, 0);
}

/**
 * One channel of a float RGBA row into the elements, OR-ed at its shift: one
 * loop a conversion kind, so each loop stays monomorphic (no call a pixel).
 * The formulas are convert.ts's, inlined; the random-row tests hold them equal.
 */
function encodeLane(ch: DxgiChannel, src: Float32Array, lane: number, dst: Uint32Array, count: number): void {
  const s = ch.shift;
  const max = 2 ** ch.bits - 1;
  const f32 = Math.fround;
  switch (ch.interp) {
    case 'unorm':
      for (let i = 0, o = lane; i < count; i++, o += 4) {
        const c = src[o];
        dst[i] |= (c > 0 ? (c >= 1 ? max : Math.floor(c * max + 0.5)) : 0) << s;
      }
      return;
    case 'unorm_srgb':
      if (ch.bits === 8) for (let i = 0, o = lane; i < count; i++, o += 4) dst[i] |= floatToSrgb8Fast(src[o]) << s;
      else for (let i = 0, o = lane; i < count; i++, o += 4) dst[i] |= floatToSrgb(src[o], ch.bits) << s;
      return;
    case 'snorm': {
      const m = max >> 1;
      for (let i = 0, o = lane; i < count; i++, o += 4) {
        const c = src[o];
        const k = c !== c ? 0 : c <= -1 ? -m : c >= 1 ? m : Math.trunc(c >= 0 ? c * m + 0.5 : c * m - 0.5);
        dst[i] |= (k & max) << s;
      }
      return;
    }
    case 'uint':
      for (let i = 0, o = lane; i < count; i++, o += 4) dst[i] |= floatToUint(src[o], ch.bits) << s;
      return;
    case 'sint':
      for (let i = 0, o = lane; i < count; i++, o += 4) dst[i] |= floatToSint(src[o], ch.bits) << s;
      return;
    case 'xr_bias':
      for (let i = 0, o = lane; i < count; i++, o += 4) {
        const v = src[o];
        const c = f32(f32(v * 510) + 384);
        dst[i] |= (v !== v || c <= 0 ? 0 : c >= 0x3ff ? 0x3ff : Math.trunc(c)) << s;
      }
      return;
    case 'x':
      for (let i = 0; i < count; i++) dst[i] |= max << s;
      return;
    case 'typeless': throw new RangeError('a typeless channel has no value');
    default: assertNever(ch.interp);
  }
}

/** Float RGBA (4 floats a pixel) → elements. */
export function encodeRow(format: number, src: Float32Array, dst: Uint32Array, count = dst.length): void {
  checkRow('encodeRow', count, src.length, 4, dst.length, 1);
  const { channels } = planOf(format);
  dst.fill(0, 0, count);
  for (let lane = 0; lane < 4; lane++) encodeLane(channels[lane], src, lane, dst, count);
}

/** Elements → RGBA8 (4 bytes a pixel), as elementToRGBA8 defines it. */
export function rowToRGBA8(format: number, src: Uint32Array, dst: Uint8Array, count = src.length): void {
  checkRow('rowToRGBA8', count, src.length, 1, dst.length, 4);
  const plan = planOf(format);
  if (dst.byteOffset % 4 === 0) {
    plan.toWords(plan.words, src, 0, count, new Uint32Array(dst.buffer, dst.byteOffset, count), 0);
    return;
  }
  const { shift: [s0, s1, s2, s3], mask: [m0, m1, m2, m3], toByte: [t0, t1, t2, t3] } = plan;
  for (let i = 0, o = 0; i < count; i++, o += 4) {
    const w = src[i];
    dst[o] = t0[(w >>> s0) & m0];
    dst[o + 1] = t1[(w >>> s1) & m1];
    dst[o + 2] = t2[(w >>> s2) & m2];
    dst[o + 3] = t3[(w >>> s3) & m3];
  }
}

/** RGBA8 (4 bytes a pixel) → elements, as rgba8ToElement defines it. */
export function rowFromRGBA8(format: number, src: Uint8Array, dst: Uint32Array, count = dst.length): void {
  checkRow('rowFromRGBA8', count, src.length, 4, dst.length, 1);
  const { shift: [s0, s1, s2, s3], fromByte: [f0, f1, f2, f3] } = planOf(format);
  for (let i = 0, o = 0; i < count; i++, o += 4) {
    dst[i] = (f0[src[o]] << s0) | (f1[src[o + 1]] << s1) | (f2[src[o + 2]] << s2) | (f3[src[o + 3]] << s3);
  }
}

/** A Uint32Array over `count` elements of a byte buffer, without copying; the offset must be 4-byte aligned. */
export function elementView(bytes: Uint8Array, byteOffset: number, count: number): Uint32Array {
  const at = bytes.byteOffset + byteOffset;
  if (at % 4 !== 0) throw new RangeError(`elementView: byte offset ${at} is not 4-byte aligned`);
  if (byteOffset + count * 4 > bytes.length) throw new RangeError(`elementView: ${count} elements at ${byteOffset} overrun ${bytes.length} bytes`);
  return new Uint32Array(bytes.buffer, at, count);
}

