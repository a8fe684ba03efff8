/**
 * Which span path a draw takes (STYLE.md 6): chosen from the frozen state
 * once per draw; each path may still send a triangle per pixel (it returns a
 * null SpanFill), and 'generic' sends every triangle per pixel, the reference
 * the fast paths are tested against byte for byte.
 */
import type { PixelStages } from '../pixel/index.js';
import { assertNever } from '../pixel/types.js';
import type { RasterState } from '../types.js';
import { ColorSpanPath, colorSpanPlan } from './color.js';
import { analyseStages } from './combine-forms.js';
import { depthStencilSpanLayout } from './depth-stencil.js';
import type { DepthStencilLayoutName } from './depth-stencil.js';
import { TexturedSpanPath, texturedSpanPlan } from './textured.js';
import type { SpanPath, SpanPathName } from './types.js';
import { LITTLE_ENDIAN } from './words.js';

/** Span loops cover one sample per pixel: single-sample surfaces only. */
function singleSample(state: RasterState): boolean {
  return (state.renderTargets[0]?.samples ?? 1) === 1 && (state.depthStencil?.samples ?? 1) === 1;
}

/** The depth-stencil layout the span loops use (null: no depth-stencil work), or undefined when no span path can run. */
function spanLayout(state: RasterState): DepthStencilLayoutName | null | undefined {
  return LITTLE_ENDIAN && singleSample(state) ? depthStencilSpanLayout(state) : undefined;
}

export function chooseSpanPath(state: RasterState): SpanPathName {
  if (spanLayout(state) === undefined) return 'generic';
  const stages = analyseStages(state);
  if (colorSpanPlan(state, stages)) return 'color';
  if (texturedSpanPlan(state, stages)) return 'textured';
  return 'generic';
}

const genericPath: SpanPath = { name: 'generic', triangle: () => null };

/** The span path `name` for this draw; a path whose plan does not hold for the state falls back to 'generic'. */
export function createSpanPath(name: SpanPathName, state: RasterState, stages: PixelStages): SpanPath {
  const layout = name === 'generic' ? undefined : spanLayout(state);
  if (layout === undefined) return genericPath;
  switch (name) {
    // the shader path needs a pixel shader: for fixed-function stages it is the generic one
    case 'generic': case 'shader': return genericPath;
    case 'color': {
      const plan = colorSpanPlan(state, analyseStages(state));
      return plan ? new ColorSpanPath(state, stages, plan, layout) : genericPath;
    }
    case 'textured': {
      const plan = texturedSpanPlan(state, analyseStages(state));
      return plan ? new TexturedSpanPath(state, plan, layout) : genericPath;
    }
    default: return assertNever(name, 'span path');
  }
}

/**
 * createSpanPath(chooseSpanPath(state)) without working the plans out twice:
 * the path a draw takes when nothing forces one.
 */
export function autoSpanPath(state: RasterState, stages: PixelStages): SpanPath {
  const layout = spanLayout(state);
  if (layout === undefined) return genericPath;
  const analysis = analyseStages(state);
  const color = colorSpanPlan(state, analysis);
  if (color) return new ColorSpanPath(state, stages, color, layout);
  const textured = texturedSpanPlan(state, analysis);
  return textured ? new TexturedSpanPath(state, textured, layout) : genericPath;
}
