/**
 * Every fast blitter matches the reference blitter byte for byte (STYLE 6) on
 * random surfaces and random rects from a seeded PRNG: each case is one the
 * blitter accepts, run once through it and once through the reference on
 * copies of the same destination. Also pins when each declines.
 */
import { describe, expect, it } from 'vitest';
import { copyBlitter, linearBlitter, pointBlitter, referenceBlitter, resolveBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import type { Blitter, StretchPlan } from '../../../src/driver/blit/index.js';
import { blockRows, formatInfo, pitchOf } from '../../../src/formats/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, clone, int, pick, plan, prng, randomBytes, randomRect, rect, surface } from './helpers.js';
import type { Rand } from './helpers.js';

const RGBA8: readonly number[] = [F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8];
const WORD32: readonly number[] = [...RGBA8, F.A2R10G10B10, F.A2B10G10R10, F.G16R16];

/** Runs `p` through `b` and through the reference on two copies of the destination and compares the bytes. */
function sameAsReference(b: Blitter, p: StretchPlan, label: string): void {
  const reason = b.declines(p);
  if (reason !== undefined) throw new Error(`${label}: ${b.name} declined: ${reason}`);
  const oneSurface = p.src === p.dst;
  const fastDst = clone(p.dst), refDst = clone(p.dst);
  b.blit({ ...p, src: oneSurface ? fastDst : p.src, dst: fastDst });
  referenceBlitter.blit({ ...p, src: oneSurface ? refDst : p.src, dst: refDst });
  for (let i = 0; i < fastDst.data.length; i++) {
    if (fastDst.data[i] !== refDst.data[i]) throw new Error(`${label}: byte ${i} is ${fastDst.data[i]}, the reference wrote ${refDst.data[i]}`);
  }
}

const describePlan = (p: StretchPlan): string =>
  `${p.src.format.name}x${p.src.samples} ${JSON.stringify(p.srcRect)} → ${p.dst.format.name}x${p.dst.samples} ${JSON.stringify(p.dstRect)} filter ${p.filter}`;

function randomSurface(r: Rand, format: number, w: number, h: number, samples = 1): SurfaceView {
  return randomBytes(r, surface(format, w, h, samples));
}

describe('copy-rows matches the reference', () => {
  const FORMATS = [F.A8R8G8B8, F.X8R8G8B8, F.R5G6B5, F.R8G8B8, F.L8, F.A16B16G16R16F, F.A32B32G32R32F, F.DXT1, F.DXT5, F.YUY2, F.UYVY, F.D24S8, F.D16];
  it('random formats, rects, sample counts, and overlapping rects in one surface', () => {
    const r = prng(0xc0b1);
    for (let n = 0; n < 400; n++) {
      const format = pick(r, FORMATS);
      const f = formatInfo(format)!;
      const bw = f.blockW, bh = f.blockH;
      // block-aligned rects of one size, in surfaces sized in whole blocks
      const cols = int(r, 1, 6), rows = int(r, 1, 6);
      const sw = bw * int(r, cols, cols + 4), sh = bh * int(r, rows, rows + 4);
      const dw = bw * int(r, cols, cols + 4), dh = bh * int(r, rows, rows + 4);
      const at = (W: number, H: number): [number, number] => [bw * int(r, 0, W / bw - cols), bh * int(r, 0, H / bh - rows)];
      const oneSurface = r() < 0.3;
      const samples = int(r, 1, 3);
      const src = randomSurface(r, format, sw, sh, samples);
      const dst = oneSurface ? src : randomSurface(r, format, dw, dh, r() < 0.5 ? samples : 1);
      const [sx, sy] = at(src.width, src.height), [dx, dy] = at(dst.width, dst.height);
      const p = plan(src, rect(sx, sy, sx + cols * bw, sy + rows * bh), dst, rect(dx, dy, dx + cols * bw, dy + rows * bh), int(r, 0, 2) as 0 | 1 | 2, f.kind === 'depth');
      if (src.samples !== dst.samples && src.samples !== 1) continue; // a resolve, not a copy
      sameAsReference(copyBlitter, p, `case ${n}: ${describePlan(p)}`);
    }
  });

  it('a YUY2 copy whose source starts mid-pair is left to the reference', () => {
    const p = plan(surface(F.YUY2, 8, 1), rect(1, 0, 5, 1), surface(F.YUY2, 8, 1), rect(0, 0, 4, 1), 0);
    expect(copyBlitter.declines(p)).toBe('rects not on whole blocks');
  });

  it('declines stretches, conversions and resolves', () => {
    const a = surface(F.A8R8G8B8, 4, 4), x = surface(F.X8R8G8B8, 4, 4), ms = surface(F.A8R8G8B8, 4, 4, 2), big = surface(F.A8R8G8B8, 8, 8);
    expect(copyBlitter.declines(plan(a, null, x, null, 0))).toMatch(/not a raw copy/);
    expect(copyBlitter.declines(plan(a, null, big, null, 0))).toMatch(/not a raw copy/);
    expect(copyBlitter.declines(plan(ms, null, a, null, 0))).toMatch(/not a raw copy/);
  });
});

describe('point-words matches the reference', () => {
  it('random 32-bit pairs, rects, stretches and destination samples', () => {
    const r = prng(0x9017);
    let done = 0;
    for (let n = 0; done < 400; n++) {
      const sf = pick(r, WORD32);
      // the word path takes one layout (A↔X twins included) or two 8-bit RGBA layouts
      const df = RGBA8.includes(sf) && r() < 0.7 ? pick(r, RGBA8) : r() < 0.5 ? sf : pick(r, WORD32);
      const src = randomSurface(r, sf, int(r, 1, 24), int(r, 1, 24));
      const dst = randomSurface(r, df, int(r, 1, 40), int(r, 1, 40), pick(r, [1, 1, 2, 4]));
      const p = plan(src, randomRect(r, src.width, src.height), dst, randomRect(r, dst.width, dst.height), int(r, 0, 1) as 0 | 1);
      if (pointBlitter.declines(p) !== undefined) {
        expect(pointBlitter.declines(p)).toMatch(/raw copy|not a 32-bit word copy/);
        continue;
      }
      sameAsReference(pointBlitter, p, `case ${n}: ${describePlan(p)}`);
      done++;
    }
  });

  it('declines LINEAR, resolves, other formats, raw copies', () => {
    const a = surface(F.A8R8G8B8, 4, 4), big = surface(F.A8R8G8B8, 8, 8);
    expect(pointBlitter.declines(plan(a, null, big, null, 2))).toBe('LINEAR filter');
    expect(pointBlitter.declines(plan(surface(F.A8R8G8B8, 4, 4, 2), null, big, null, 1))).toMatch(/multisampled/);
    expect(pointBlitter.declines(plan(surface(F.R5G6B5, 4, 4), null, big, null, 1))).toMatch(/not a 32-bit word copy/);
    expect(pointBlitter.declines(plan(a, null, surface(F.A2R10G10B10, 8, 8), null, 1))).toMatch(/not a 32-bit word copy/);
    expect(pointBlitter.declines(plan(a, null, surface(F.A8R8G8B8, 4, 4), null, 1))).toMatch(/raw copy/);
    // a view that does not start on a word
    const odd = { ...big, data: new Uint8Array(big.data.length + 1).subarray(1) };
    expect(pointBlitter.declines(plan(a, null, odd, null, 1))).toMatch(/aligned/);
  });
});

describe('linear-rgba8 matches the reference', () => {
  it('random 8-bit RGBA pairs, magnification and minification, destination samples', () => {
    const r = prng(0x11ea);
    for (let n = 0; n < 300; n++) {
      const src = randomSurface(r, pick(r, RGBA8), int(r, 1, 20), int(r, 1, 20));
      const dst = randomSurface(r, pick(r, RGBA8), int(r, 1, 48), int(r, 1, 48), pick(r, [1, 1, 2]));
      const p = plan(src, randomRect(r, src.width, src.height), dst, randomRect(r, dst.width, dst.height), 2);
      if (linearBlitter.declines(p) !== undefined) {
        expect(linearBlitter.declines(p)).toMatch(/raw copy/);
        continue;
      }
      sameAsReference(linearBlitter, p, `case ${n}: ${describePlan(p)}`);
    }
  });

  it('edge values: all-0 and all-255 sources, halfway weights (ties round half up alike)', () => {
    const r = prng(7);
    for (const fill of [0x00, 0xff, -1]) {
      for (const [sw, dw] of [[2, 3], [3, 2], [4, 8], [8, 4], [5, 9], [1, 7], [7, 1]]) {
        const src = surface(F.A8R8G8B8, sw, sw);
        for (let i = 0; i < src.data.length; i++) src.data[i] = fill >= 0 ? fill : (i & 1 ? 0 : 255) ^ int(r, 0, 1);
        const dst = surface(F.A8R8G8B8, dw, dw);
        sameAsReference(linearBlitter, plan(src, null, dst, null, 2), `${fill} ${sw} → ${dw}`);
      }
    }
  });

  it('declines other formats, POINT, resolves', () => {
    const a = surface(F.A8R8G8B8, 4, 4), big = surface(F.A8R8G8B8, 8, 8);
    expect(linearBlitter.declines(plan(a, null, big, null, 1))).toBe('not LINEAR');
    expect(linearBlitter.declines(plan(surface(F.A8R8G8B8, 4, 4, 2), null, big, null, 2))).toMatch(/multisampled/);
    expect(linearBlitter.declines(plan(a, null, surface(F.R5G6B5, 8, 8), null, 2))).toMatch(/not 8-bit RGBA/);
    expect(linearBlitter.declines(plan(surface(F.A2R10G10B10, 4, 4), null, big, null, 2))).toMatch(/not 8-bit RGBA/);
  });
});

describe('resolve-rgba8 matches the reference', () => {
  it('random 8-bit RGBA pairs, 2 to 8 samples, rects and destination samples', () => {
    const r = prng(0x2e50);
    let done = 0;
    for (let n = 0; done < 200; n++) {
      const samples = pick(r, [2, 4, 8, 3]);
      const src = randomSurface(r, pick(r, RGBA8), int(r, 1, 24), int(r, 1, 16), samples);
      const dst = randomSurface(r, pick(r, RGBA8), int(r, 1, 24), int(r, 1, 16), pick(r, [1, 1, 2]));
      const w = int(r, 1, Math.min(src.width, dst.width)), h = int(r, 1, Math.min(src.height, dst.height));
      const sx = int(r, 0, src.width - w), sy = int(r, 0, src.height - h), dx = int(r, 0, dst.width - w), dy = int(r, 0, dst.height - h);
      const p = plan(src, rect(sx, sy, sx + w, sy + h), dst, rect(dx, dy, dx + w, dy + h), int(r, 0, 2) as 0 | 1 | 2);
      if (resolveBlitter.declines(p) !== undefined) {
        expect(resolveBlitter.declines(p)).toMatch(/raw copy/);
        continue;
      }
      sameAsReference(resolveBlitter, p, `case ${n}: ${describePlan(p)}`);
      done++;
    }
  });

  it('declines single-sample sources, scaling and other formats', () => {
    const ms = surface(F.A8R8G8B8, 4, 4, 4);
    expect(resolveBlitter.declines(plan(surface(F.A8R8G8B8, 4, 4), null, surface(F.X8R8G8B8, 4, 4), null, 0))).toBe('single-sample source');
    expect(resolveBlitter.declines(plan(ms, null, surface(F.A8R8G8B8, 8, 8), null, 2))).toMatch(/scaled/);
    expect(resolveBlitter.declines(plan(ms, null, surface(F.R5G6B5, 4, 4), null, 0))).toMatch(/not 8-bit RGBA/);
  });
});

describe('the chain', () => {
  it('random plans of any filter, format pair and sample counts: the chain equals the reference', () => {
    const FORMATS = [...RGBA8, F.R5G6B5, F.A2R10G10B10, F.A16B16G16R16F, F.YUY2, F.X1R5G5B5];
    const r = prng(0x5eed);
    for (let n = 0; n < 150; n++) {
      const sf = pick(r, FORMATS);
      const df = pick(r, FORMATS.filter((f) => f !== F.YUY2));
      const src = randomSurface(r, sf, 2 * int(r, 1, 8), int(r, 1, 12), pick(r, [1, 1, 2]));
      const dst = randomSurface(r, df, int(r, 1, 20), int(r, 1, 20), pick(r, [1, 1, 2]));
      const p = plan(src, randomRect(r, src.width, src.height), dst, randomRect(r, dst.width, dst.height), int(r, 0, 2) as 0 | 1 | 2);
      const a = clone(dst), b = clone(dst);
      stretchBlit({ ...p, dst: a });
      referenceBlitter.blit({ ...p, dst: b });
      expect(a.data, `case ${n}: ${describePlan(p)}`).toEqual(b.data);
    }
  });

  it('surface helpers give whole-block pitches', () => {
    const f = formatInfo(F.DXT1)!;
    expect(surface(F.DXT1, 8, 8).data.length).toBe(pitchOf(f, 8) * blockRows(f, 8));
  });
});
