/**
 * A lossless RGBA8 PNG writer tuned for goldens: one filter for every row (Up: the cheapest
 * to compute that still turns the flat areas and vertical runs of rendered frames into zeros;
 * Paeth compresses a little better at twice the filter time) and zlib level 3, instead of
 * pngjs's default of trying all five filters on every row and deflating at level 9. Measured by
 * bench/check.ts (png.encode_1080p). Reading stays with pngjs.
 */
import * as zlib from 'node:zlib';
import type { Rgba8Image } from './image.js';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** zlib level: 1-3 keep most of the size win of 9 at a fraction of the time */
const DEFLATE_LEVEL = 3;
const UP = 2;

// CRC-32 (PNG spec annex D): zlib's (Node 20.15 and later), else a table of our own
const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

const zlibCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (zlibCrc32) return zlibCrc32(bytes.subarray(start, end)) >>> 0;
  let c = -1;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const HIGH = 0x80808080;
const LOW = 0x7f7f7f7f;

/**
 * Up-filters the rows of `data` into `out`, each row led by its filter byte. Four bytes at a time:
 * each byte's difference modulo 256 without a borrow into the next (the high bits are set apart,
 * subtracted as 7-bit lanes and put back by xor). Each row is made in a 4-aligned scratch row and
 * copied after its filter byte, which leaves it unaligned.
 */
function upRows(data: Uint8Array, width: number, height: number, out: Uint8Array): void {
  const stride = width * 4;
  const aligned = data.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(data.buffer, data.byteOffset, width * height) : new Uint32Array(data.slice().buffer, 0, width * height);
  const row = new Uint32Array(width);
  const rowBytes = new Uint8Array(row.buffer);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1) + 1;
    out[o - 1] = UP;
    // the row above the first is zero: its Up difference is the row itself
    if (y === 0) {
      out.set(data.subarray(0, stride), o);
      continue;
    }
    const cur = y * width;
    const above = cur - width;
    for (let i = 0; i < width; i++) {
      const a = words[cur + i];
      const b = words[above + i];
      row[i] = ((a | HIGH) - (b & LOW)) ^ ((a ^ ~b) & HIGH);
    }
    out.set(rowBytes, o);
  }
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  v.setUint32(8 + body.length, crc32(out, 4, 8 + body.length));
  return out;
}

/** The PNG (8-bit RGBA, non-interlaced) of `img`; decodes to exactly the same pixels. */
export function writePng(img: Rgba8Image): Buffer {
  const { width, height, data } = img;
  if (data.length !== width * height * 4) throw new RangeError(`PNG writer: ${width}×${height} RGBA8 needs ${width * height * 4} bytes, got ${data.length}`);
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
  const filtered = new Uint8Array((width * 4 + 1) * height);
  upRows(data, width, height, filtered);
  const idat = zlib.deflateSync(filtered, { level: DEFLATE_LEVEL });
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}
