/** readChannel / writeChannel against a BigInt model of the pixel word, for every channel of every format of up to 4 bytes. */
import { describe, expect, it } from 'vitest';
import { allFormats, readChannel, writeChannel } from '../../src/formats/index.js';

describe('channel bits', () => {
  it('write sets exactly the channel\'s bits, read returns them, for seeded pixels and values', () => {
    let a = 99;
    const next = (): number => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0);
    let checked = 0;
    for (const f of allFormats()) {
      if (f.blockBytes > 4 || f.blockW !== 1 || f.blockH !== 1) continue;
      for (const ch of f.channels) {
        for (let k = 0; k < 20; k++) {
          const px = new Uint8Array(f.blockBytes + 2);
          for (let i = 0; i < px.length; i++) px[i] = next() & 0xff;
          const before = px.slice();
          const raw = ch.bits >= 32 ? next() : next() % 2 ** ch.bits;
          let word = 0n;
          for (let i = f.blockBytes - 1; i >= 0; i--) word = (word << 8n) | BigInt(px[1 + i]);
          const mask = ((1n << BigInt(ch.bits)) - 1n) << BigInt(ch.shift);
          expect(readChannel(f, px, 1, ch)).toBe(Number((word & mask) >> BigInt(ch.shift)));
          writeChannel(f, px, 1, ch, raw);
          const want = (word & ~mask) | (BigInt(raw) << BigInt(ch.shift));
          let got = 0n;
          for (let i = f.blockBytes - 1; i >= 0; i--) got = (got << 8n) | BigInt(px[1 + i]);
          expect(got, `${f.name}.${ch.name} raw ${raw}`).toBe(want);
          expect(readChannel(f, px, 1, ch)).toBe(raw);
          // the bytes around the pixel are untouched
          expect(px[0]).toBe(before[0]);
          expect(px[f.blockBytes + 1]).toBe(before[f.blockBytes + 1]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
