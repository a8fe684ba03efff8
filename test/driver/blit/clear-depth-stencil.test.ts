/** Clear of depth and/or stencil keeps the bits it does not clear, in every sample and only inside the rect. */
import { describe, expect, it } from 'vitest';
import { clearDepthStencil } from '../../../src/driver/blit/fill.js';
import { D3DFMT } from '../../../src/d3d9/index.js';
import { formatInfo } from '../../../src/formats/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';

function surface(format: number, fillWord: number, samples = 1): SurfaceView {
  const f = formatInfo(format)!;
  const width = 4;
  const height = 3;
  const pitch = width * f.blockBytes;
  const data = new Uint8Array(pitch * height * samples);
  const dv = new DataView(data.buffer);
  for (let at = 0; at < data.length; at += f.blockBytes) {
    if (f.blockBytes === 4) dv.setUint32(at, fillWord, true);
    else dv.setUint16(at, fillWord, true);
  }
  return { format: f, width, height, pitch, samples, data };
}
const word = (s: SurfaceView, at: number): number => (s.format.blockBytes === 4 ? new DataView(s.data.buffer).getUint32(at, true) : new DataView(s.data.buffer).getUint16(at, true));
const R = { left: 1, top: 1, right: 3, bottom: 2 };

describe('clearDepthStencil', () => {
  // D24S8: depth in bits 31..8 (1.0 → 0xFFFFFF), stencil in 7..0
  const cases: Array<[string, number, number, number | undefined, number | undefined, number, number]> = [
    ['D24S8 depth only keeps the stencil', D3DFMT.D24S8, 0x12345678, 1, undefined, 0xffffff78, 2],
    ['D24S8 stencil only keeps the depth', D3DFMT.D24S8, 0x12345678, undefined, 0xa5, 0x123456a5, 2],
    ['D24S8 both', D3DFMT.D24S8, 0x12345678, 0, 0x01, 0x00000001, 2],
    // D24X4S4: depth 31..8, X 7..4 kept, stencil 3..0 (0xFF → 0xF)
    ['D24X4S4 stencil only keeps X and depth', D3DFMT.D24X4S4, 0x123456a0, undefined, 0xff, 0x123456af, 1],
    // D15S1: depth 15..1, stencil bit 0
    ['D15S1 stencil only', D3DFMT.D15S1, 0x8642, undefined, 1, 0x8643, 1],
    ['D15S1 depth only keeps the stencil bit', D3DFMT.D15S1, 0x0001, 1, undefined, 0xffff, 1],
  ];
  for (const [what, format, before, z, stencil, after, samples] of cases) {
    it(what, () => {
      const s = surface(format, before, samples);
      clearDepthStencil(s, R, z, stencil);
      const n = s.format.blockBytes;
      const sampleBytes = s.data.length / samples;
      for (let k = 0; k < samples; k++) {
        for (let y = 0; y < 3; y++) {
          for (let x = 0; x < 4; x++) {
            const inside = x >= R.left && x < R.right && y >= R.top && y < R.bottom;
            expect(word(s, k * sampleBytes + y * s.pitch + x * n) >>> 0, `sample ${k} (${x},${y})`).toBe(inside ? after : before);
          }
        }
      }
    });
  }
});
