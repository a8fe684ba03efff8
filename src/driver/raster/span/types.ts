/**
 * Span rasterization's interface between the rasterizer and the fast paths:
 * for each triangle the rasterizer asks the draw's SpanPath for a SpanFill and,
 * when it gets one, hands it each row's covered pixels [x0, x1) with the edge
 * functions at x0 (the attribute weights, exact integers stepped by the
 * triangle's gradients) instead of one Fragment per pixel. A null SpanFill
 * keeps the triangle on the per-pixel Fragment path, the reference.
 */
import type { AttributeSetup } from '../setup/interpolate.js';

export interface SpanFill {
  /** Covered pixels x0 ≤ x < x1 of row y; e0..e2 are the edge functions at x0, stepped per pixel by attr.gx. */
  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void;
  /**
   * true: span() does not read e0..e2 (the rasterizer passes 0s): edge values are integers past
   * the small-integer range, and a number passed to a call that is not inlined is a heap
   * allocation, three per row.
   */
  readonly ignoresWeights?: boolean;
}

export interface SpanPath {
  readonly name: SpanPathName;
  /**
   * The fill for the triangle just set up in `attr` (single-sample coverage:
   * every covered pixel has all three weights ≥ 0), or null for the per-pixel
   * path. `front` and `bias` are what the triangle's Fragments would carry.
   */
  triangle(attr: AttributeSetup, front: boolean, bias: number): SpanFill | null;
}

/**
 * generic: every triangle per pixel. color: no texture read (or no colour
 * written), colour constant per triangle or Gouraud diffuse, optional depth and
 * stencil. textured: one texture stage sampling one level. shader: a pixel
 * shader draw's rows through the compiled shader (programmable/span.ts; only
 * drawShaded builds it, fixed-function draws never take it).
 */
export const SPAN_PATHS = ['generic', 'color', 'textured', 'shader'] as const;
export type SpanPathName = (typeof SPAN_PATHS)[number];

/** A fill that writes nothing (a triangle whose pixels all fail the alpha test, or a draw that writes nothing). */
class NoFill implements SpanFill {
  readonly ignoresWeights = true;
  span(): void {}
}
export const NO_FILL: SpanFill = new NoFill();
