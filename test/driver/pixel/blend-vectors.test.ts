/**
 * blend() computes each factor for a range of channels at once (blendFactors) and every op over
 * channels; the per-channel rule (blendFactor, blendOp: result = src·Fs OP dst·Fd, D3DBLEND and
 * D3DBLENDOP) is the reference. Every factor pair, op pair and separate-alpha setting on seeded
 * random float32 colours gives the same float32 bits both ways.
 */
import { describe, expect, it } from 'vitest';
import { D3DBLEND, D3DBLENDOP } from '../../../src/d3d9/index.js';
import { blend, blendFactor, blendOp } from '../../../src/driver/raster/pixel/blend.js';
import type { BlendParams } from '../../../src/driver/raster/pixel/blend.js';
import { prng } from '../../helpers.js';

const FACTORS = [...Object.values(D3DBLEND), 0, 99];
const OPS = [...Object.values(D3DBLENDOP), 0, 9];

function reference(p: BlendParams, src: Float32Array, dst: Float32Array): Float32Array {
  const out = new Float32Array(4);
  for (let c = 0; c < 3; c++) out[c] = blendOp(p.opColor, src[c], blendFactor(p.srcColor, c, src, dst, p.factor), dst[c], blendFactor(p.dstColor, c, src, dst, p.factor));
  out[3] = blendOp(p.opAlpha, src[3], blendFactor(p.srcAlpha, 3, src, dst, p.factor), dst[3], blendFactor(p.dstAlpha, 3, src, dst, p.factor));
  return out;
}

describe('blend by factor vectors', () => {
  it('matches the per-channel rule bit for bit over every factor and op', () => {
    const rand = prng(17);
    const colour = (): Float32Array => Float32Array.from({ length: 4 }, () => (rand() < 0.1 ? 1 : rand() * 1.25 - 0.1));
    const out = new Float32Array(4);
    let checked = 0;
    for (const srcColor of FACTORS) {
      for (const dstColor of FACTORS) {
        const srcAlpha = FACTORS[(srcColor * 7 + dstColor) % FACTORS.length], dstAlpha = FACTORS[(dstColor * 5 + srcColor + 3) % FACTORS.length];
        const opColor = OPS[(srcColor + dstColor) % OPS.length], opAlpha = OPS[(srcColor * 3 + dstColor * 2) % OPS.length];
        const p: BlendParams = { enabled: true, srcColor, dstColor, opColor, srcAlpha, dstAlpha, opAlpha, factor: colour() };
        const src = colour(), dst = colour();
        blend(p, src, dst, out);
        expect([...out]).toEqual([...reference(p, src, dst)]);
        checked++;
      }
    }
    expect(checked).toBe(FACTORS.length ** 2);
  });
});
