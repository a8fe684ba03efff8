/**
 * Stepped texture coordinates on the bilinear 8-bit RGBA span path: along a
 * row whose one reciprocal serves every pixel, Σ wᵢ·uᵢ is stepped instead of
 * recomputed only where every term is exact (TexCoordRows.exactSteps), so the
 * texel-space coordinate is the generic path's double to the bit. Pinned where
 * a rounding error would show first: pixel centres that land exactly on, or
 * within 1e-12 of, a 1/256 step of the bilinear weight (the benchmark's quads
 * land on one at every pixel).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D3DCMP, D3DTADDRESS, D3DTEXF } from '../../../src/d3d9/index.js';
import { AttributeSetup, CH_TEX } from '../../../src/driver/raster/setup/interpolate.js';
import { Rgba8Bilinear } from '../../../src/driver/raster/span/rgba8-texture.js';
import { TexCoordRows, lowestBit } from '../../../src/driver/raster/span/tex-coords.js';
import type { ClipVertex } from '../../../src/driver/raster/types.js';
import { F, copyState, drawChosen, drawGeneric, firstDifference, makeState, prng, randomSurface, vertex } from './helpers.js';

const W = 32, H = 8;

/** A full-target quad (pixel centres at integers), u from uOffset to uOffset + uScale across it. */
function quad(uScale: number, uOffset: number, vScale = 1): ClipVertex[] {
  const v = (x: number, y: number, u: number, t: number): ClipVertex =>
    vertex(x, y, 0.5, 1, true, { uv: [u * uScale + uOffset, t * vScale] });
  const a = v(-0.5, -0.5, 0, 0), b = v(W - 0.5, -0.5, 1, 0), c = v(-0.5, H - 0.5, 0, 1), d = v(W - 0.5, H - 0.5, 1, 1);
  return [a, b, c, b, d, c];
}

// the private two-pass row, watched to tell which rows took it
type Watched = { fromColumns: (...args: unknown[]) => void };
afterEach(() => { vi.restoreAllMocks(); });

/** Draws `verts` both ways; the first difference (or undefined) and how many rows went through the stepped columns. */
function drawBoth(verts: ClipVertex[], texFormat: number, rtFormat: number, texW: number, depth: boolean, mode: number = D3DTADDRESS.WRAP) {
  const spy = vi.spyOn(Rgba8Bilinear.prototype as unknown as Watched, 'fromColumns');
  const texture = { kind: '2d' as const, levels: [randomSurface(prng(texW + texFormat), texFormat, texW, 4)] };
  const st = makeState({
    width: W, height: H, texture, rt: randomSurface(prng(3), rtFormat, W, H),
    ds: depth ? randomSurface(prng(4), F.D24S8, W, H) : null,
    rs: depth ? { CULLMODE: 1, ZFUNC: D3DCMP.LESS } : { ZENABLE: 0, CULLMODE: 1 },
    sampler: { MAGFILTER: D3DTEXF.LINEAR, MINFILTER: D3DTEXF.LINEAR, ADDRESSU: mode, ADDRESSV: mode },
  });
  const ref = copyState(st);
  const fills = new Set<string>();
  drawChosen(st, verts, fills);
  drawGeneric(ref, verts);
  return { diff: firstDifference(st, ref), stepped: spy.mock.calls.length, fills: [...fills] };
}

describe('stepped texture coordinates store the generic path\'s bytes', () => {
  // texture width texW over 32 pixels: u·texW − ½ = (px + ½)·texW/32 − ½ (+ offset·texW) at pixel px
  const EXACT: [string, number, number, number][] = [
    ['4× magnified: every pixel centre on a multiple of 1/8 texel (the benchmark\'s case)', 8, 1, 0],
    ['2× and 8× magnified, shifted by 3/256 of the texture', 16, 1, 3 / 256],
    ['8× magnified, the mapping running backwards', 4, -1, 1],
    ['across the wrap, offset by whole 1/256 texels', 8, 1.5, -5 / 2048],
  ];
  for (const [name, texW, uScale, uOffset] of EXACT) {
    it(name, () => {
      for (const [tf, rf] of [[F.A8R8G8B8, F.X8R8G8B8], [F.A8R8G8B8, F.A8R8G8B8], [F.X8B8G8R8, F.A8R8G8B8], [F.A8B8G8R8, F.A8B8G8R8]]) {
        for (const depth of [false, true]) {
          const r = drawBoth(quad(uScale, uOffset), tf, rf, texW, depth);
          expect(r.fills).toEqual(['textured:Rgba8BilinearSpans']);
          expect(r.diff, `texture ${tf}, target ${rf}, depth ${depth}`).toBeUndefined();
          // every row of both triangles goes through the stepped columns
          expect(r.stepped).toBeGreaterThanOrEqual(H);
        }
      }
    });
  }

  it('within 1e-12 of a 1/256 step: too fine a grain to step, each pixel computed; same bytes', () => {
    for (const eps of [1e-12, -1e-12, 2 ** -40, -(2 ** -40)]) {
      const r = drawBoth(quad(1, eps), F.A8R8G8B8, F.X8R8G8B8, 8, false);
      expect(r.fills).toEqual(['textured:Rgba8BilinearSpans']);
      expect(r.diff, `offset ${eps}`).toBeUndefined();
      expect(r.stepped, `offset ${eps}`).toBe(0);
    }
  });

  it('stepped rows that the two-pass loop does not take: clamp, mirror, odd widths, far coordinates, varying v', () => {
    const cases: [number, number, number, number, number][] = [
      // texW, uScale, uOffset, vScale, address mode
      [8, 2.5, -0.75, 1, D3DTADDRESS.CLAMP], [8, 2.5, -0.75, 1, D3DTADDRESS.MIRROR], [6, 1, 0, 1, D3DTADDRESS.WRAP],
      [8, 1, 2 ** 20, 1, D3DTADDRESS.WRAP],
    ];
    for (const [texW, uScale, uOffset, vScale, mode] of cases) {
      const r = drawBoth(quad(uScale, uOffset, vScale), F.A8R8G8B8, F.X8R8G8B8, texW, false, mode);
      expect(r.diff, `${texW} wide, mode ${mode}, offset ${uOffset}`).toBeUndefined();
      expect(r.stepped).toBe(0);
    }
    // v varying along a row (a sheared mapping): per-pixel t, stepped sums in the one-pass loop
    const sheared = quad(1, 0).map((v) => ({ ...v, tex: Float64Array.from(v.tex, (t, i) => (i === 1 ? t + v.x / 64 : t)) }));
    const r = drawBoth(sheared, F.A8R8G8B8, F.X8R8G8B8, 8, false);
    expect(r.diff).toBeUndefined();
    expect(r.stepped).toBe(0);
  });
});

describe('a row\'s sums are stepped only where every term is exact', () => {
  /** TexCoordRows for integer weight steps g and vertex terms u (v the same), rhw 1. */
  function rows(g: [number, number, number], u: [number, number, number]): TexCoordRows {
    const attr = new AttributeSetup(1), k = CH_TEX * 5;
    attr.gx.set(g);
    attr.coef.set([...u, 0, 0, ...u], k);
    const c = new TexCoordRows(4);
    c.begin(attr);
    return c;
  }
  /**
   * Does adding Σ gᵢ·uᵢ reproduce Σ wᵢ·uᵢ, computed as the per-pixel loop does,
   * at every pixel k < n? As numbers: a zero sum may differ in sign, which the
   * coordinate sum·q·W − ½ cannot show.
   */
  function stepsMatch(c: TexCoordRows, n: number, e: [number, number, number]): boolean {
    const [u0, u1, u2] = c.uv, { g0, g1, g2 } = c;
    let s = e[0] * u0 + e[1] * u1 + e[2] * u2;
    const d = g0 * u0 + g1 * u1 + g2 * u2;
    for (let k = 0; k < n; k++, s += d) {
      const w0 = e[0] + k * g0, w1 = e[1] + k * g1, w2 = e[2] + k * g2;
      if (s !== w0 * u0 + w1 * u1 + w2 * u2) return false;
    }
    return true;
  }

  it('lowestBit: the power of two a double is a whole multiple of', () => {
    expect([1, 0.75, 3 * 2 ** -30, -6, 2 ** -1074, 2 ** 1023, 0, Infinity, NaN].map(lowestBit))
      .toEqual([1, 0.25, 2 ** -30, 2, 2 ** -1074, 2 ** 1023, Infinity, 0, 0]);
  });

  it('weights and coordinates whose products round are not stepped (stepping them drifts from the per-pixel sums)', () => {
    const c = rows([3, -5, 2], [1 / 3, 0.1, 0.7]);
    const e: [number, number, number] = [2 ** 30 + 1, 3 * 2 ** 29 + 7, 12345];
    expect(stepsMatch(c, 1000, e)).toBe(false);
    expect(c.exactSteps(1000, ...e)).toBe(false);
  });

  it('on random rows near the limit, every row judged exact steps to the per-pixel sums bit for bit', () => {
    const r = prng(0x57e9);
    let exact = 0, refused = 0;
    for (let i = 0; i < 4000; i++) {
      // coordinates of 1 to 30 significant bits, weights up to 2^20..2^45
      const bits = 1 + Math.floor(r() * 30), scale = 2 ** Math.floor(r() * 8 - 4);
      const u = [0, 1, 2].map(() => (Math.floor(r() * 2 ** bits) / 2 ** bits) * scale * (r() < 0.5 ? -1 : 1)) as [number, number, number];
      const big = 2 ** (20 + Math.floor(r() * 26));
      const g: [number, number, number] = [Math.floor(r() * 2000) - 1000, Math.floor(r() * 2000) - 1000, 0];
      g[2] = -g[0] - g[1];
      const e = [0, 1, 2].map(() => Math.floor((r() - 0.5) * big)) as [number, number, number];
      const c = rows(g, u), n = 1 + Math.floor(r() * 300);
      if (c.exactSteps(n, ...e)) {
        exact++;
        expect(stepsMatch(c, n, e), `u ${u}, e ${e}, g ${g}, n ${n}`).toBe(true);
      } else refused++;
    }
    // both verdicts occur often enough for the check to mean something
    expect(exact).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });
});
