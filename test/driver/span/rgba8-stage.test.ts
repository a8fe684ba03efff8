/**
 * The fused 8-bit RGBA stage fill takes a one-level texel as fround(S · 1/(2^16·255)): the very float32 the
 * generic sampler stores, fround(S / (2^16·255)), for every channel sum S a bilinear footprint can give.
 */
import { describe, expect, it } from 'vitest';
import { oneLevelTexel } from '../../../src/driver/raster/span/rgba8-stage.js';

describe('one-level texels from integer channel sums', () => {
  it('equal the quotient the generic sampler rounds, for every S from 0 to 65536·255', () => {
    const full = 65536 * 255;
    let bad = -1;
    for (let s = 0; s <= full; s++) {
      if (oneLevelTexel(s) !== Math.fround(s / full)) { bad = s; break; }
    }
    expect(bad).toBe(-1);
    // the ends: 0 and 1 exactly
    expect([oneLevelTexel(0), oneLevelTexel(full)]).toEqual([0, 1]);
  });
});
