/**
 * The textured path's fill for its commonest draw: bilinear (MAG and MIN)
 * filtering of an 8-bit RGBA texture whose texel the stage passes through (or
 * modulates by white), onto an 8-bit RGBA target. Per span: depth-stencil, then
 * one loop that computes each pixel's coordinates, filters in integers from the
 * stored texture words and stores the word (Rgba8Bilinear.directSpan).
 */
import type { DepthStencilSpan } from './depth-stencil.js';
import type { Rgba8Bilinear } from './rgba8-texture.js';
import type { TargetWords } from './target.js';
import type { TexCoordRows } from './tex-coords.js';
import type { SpanFill } from './types.js';

export class Rgba8BilinearSpans implements SpanFill {
  private readonly words: Int32Array;

  constructor(
    private readonly sampler: Rgba8Bilinear, private readonly coords: TexCoordRows,
    private readonly target: TargetWords, private readonly ds: DepthStencilSpan | null, private readonly sel: Int32Array,
  ) {
    this.words = target.words as Int32Array;
    const l = target.layout!;
    sampler.target(l.r, l.g, l.b, l.a, l.x);
  }

  /** The stage's forms and the triangle's constant diffuse for the next spans (Rgba8Bilinear.forms). */
  forms(color: number, alpha: number, diffuse: Float32Array): void {
    this.sampler.forms(color, alpha, diffuse);
  }

  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const n = x1 - x0;
    let sel: Int32Array | null = null;
    if (this.ds) {
      sel = this.sel;
      sel.fill(0, 0, n);
      this.ds.run(y, x0, x1, e0, e1, e2, sel, -x0, 1);
    }
    this.sampler.directSpan(n, this.coords, e0, e1, e2, sel, this.words, y * this.target.pitch + x0);
  }
}
