/** fillRect writes its pattern in every sample inside the rect and nowhere else, for 1-, 2-, 4- and 8-byte pixels. */
import { describe, expect, it } from 'vitest';
import { fillRect } from '../../../src/driver/blit/fill.js';
import { D3DFMT } from '../../../src/d3d9/index.js';
import { formatInfo } from '../../../src/formats/index.js';

describe('fillRect', () => {
  const rects = [
    { left: 0, top: 0, right: 5, bottom: 3 }, // whole rows
    { left: 1, top: 1, right: 4, bottom: 3 },
    { left: 4, top: 2, right: 5, bottom: 3 },
  ];
  for (const format of [D3DFMT.L8, D3DFMT.R5G6B5, D3DFMT.A8R8G8B8, D3DFMT.A16B16G16R16]) {
    const f = formatInfo(format)!;
    for (const r of rects) {
      for (const samples of [1, 2]) {
        it(`${f.name} ${JSON.stringify(r)} × ${samples} sample(s)`, () => {
          const pitch = 5 * f.blockBytes;
          const data = new Uint8Array(pitch * 3 * samples).fill(0xee);
          const pattern = Uint8Array.from({ length: f.blockBytes }, (_, i) => 0x10 + i);
          fillRect({ format: f, width: 5, height: 3, pitch, samples, data }, r, pattern);
          for (let k = 0; k < samples; k++) {
            for (let y = 0; y < 3; y++) {
              for (let x = 0; x < 5; x++) {
                const inside = x >= r.left && x < r.right && y >= r.top && y < r.bottom;
                const at = k * pitch * 3 + y * pitch + x * f.blockBytes;
                expect([...data.subarray(at, at + f.blockBytes)], `sample ${k} (${x},${y})`).toEqual(inside ? [...pattern] : new Array(f.blockBytes).fill(0xee));
              }
            }
          }
        });
      }
    }
  }
});
