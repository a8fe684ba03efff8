/**
 * The raster.bilinear_modulate baseline does the device's work: its hand-written bilinear × diffuse loop
 * stores the very pixels the device's draw of the same quads stores (8-bit sub-texel weights, texel centres
 * at u·W − ½, float32 texel and MODULATE, FLOAT→UNORM8).
 */
import { describe, expect, it } from 'vitest';
import { bilinearModulateMismatches } from '../../bench/raster-textured.js';

describe('raster.bilinear_modulate baseline', () => {
  it('draws the same image as the device after one frame', () => {
    expect(bilinearModulateMismatches(5)).toBe(0);
  });
});
