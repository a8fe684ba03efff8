/** compareBy (the span loops' comparison, no closure) answers as compareFn for every D3DCMPFUNC value, valid or not. */
import { describe, expect, it } from 'vitest';
import { compareBy, compareFn, comparesAlways } from '../../../src/driver/raster/pixel/compare.js';

const VALUES = [0, 1, 2, -1, 0.5, NaN, Infinity, -0];

describe('compareBy', () => {
  for (let func = 0; func <= 10; func++) {
    it(`function ${func} agrees with compareFn`, () => {
      for (const a of VALUES) for (const b of VALUES) expect(compareBy(func, a, b), `${a} vs ${b}`).toBe(compareFn(func)(a, b));
    });
  }

  it('comparesAlways names exactly the functions that pass every pair', () => {
    for (let func = 0; func <= 10; func++) {
      const always = VALUES.every((a) => VALUES.every((b) => compareFn(func)(a, b)));
      expect(comparesAlways(func), `function ${func}`).toBe(always);
    }
  });
});
