/** CRC-32 (IEEE 802.3, as zlib's): node:zlib's native one. */
import { crc32 as zlibCrc32 } from 'node:zlib';

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return zlibCrc32(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end)) >>> 0;
}
