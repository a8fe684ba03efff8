/**
 * The formats.rows baselines do exactly our conversions: each hand-written loop's output equals
 * our row converter's byte for byte (the bench checks the same at its size before timing).
 */
import { describe, expect, it } from 'vitest';
import { firstDifference, rowCases } from '../../bench/format-rows.js';

describe('formats.rows baselines produce our bytes', () => {
  // odd widths leave padding at the end of 1- and 2-byte rows
  for (const [w, h] of [[37, 5], [64, 3]] as const) {
    for (const c of rowCases(w, h)) {
      it(`${c.name} at ${w}×${h}`, () => {
        const ours = c.ours();
        expect(ours.length).toBeGreaterThan(0);
        expect(firstDifference(ours, c.base())).toBeUndefined();
      });
    }
  }
});
