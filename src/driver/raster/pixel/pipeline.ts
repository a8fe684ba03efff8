/**
 * The fixed-function pixel pipeline of one draw (reference B.3), built once from
 * the frozen state as a short list of named stages (STYLE.md 5):
 *
 *   combine (texture stages) → colour sum (specular add, fog) → alpha test →
 *   per covered sample: depth-stencil (stencil test, depth test, stencil op,
 *   depth write) → colour write (blend, write mask, sRGB, encode)
 *
 * Each stage has a generic implementation and, where it pays, fast paths that a
 * `choose*` function picks from the state; tests hold every fast path to the
 * generic one byte for byte (STYLE.md 6). Shading runs once per pixel; the
 * depth-stencil test and the colour write run per covered sample.
 */
import { D3DRS } from '../../../d3d9/index.js';
import type { Fragment, RasterState } from '../types.js';
import { chooseAlphaTest, createAlphaTest } from './alpha-test.js';
import { chooseColorWrite, createColorWrite } from './color-write.js';
import { chooseDepthStencil, createDepthStencil } from './depth-stencil.js';
import { setFragmentDepth } from './depth.js';
import { chooseColorSum, createColorSum } from './fog.js';
import { chooseCombine, createCombine } from './texture-stages.js';
import type { AlphaTestStage, ColorSumStage, ColorWriteStage, CombineStage, DepthStencilStage, PixelPaths, StageSampler } from './types.js';

/** The implementation each stage gets for this state. */
export function choosePixelPaths(state: RasterState): PixelPaths {
  return {
    combine: chooseCombine(state),
    colorSum: chooseColorSum(state),
    alphaTest: chooseAlphaTest(state),
    depthStencil: chooseDepthStencil(state),
    colorWrite: chooseColorWrite(state),
  };
}

/** Every stage on its generic path: the reference the fast paths are tested against. */
export const GENERIC_PATHS: Readonly<PixelPaths> = Object.freeze({
  combine: 'generic', colorSum: 'generic', alphaTest: 'generic', depthStencil: 'generic', colorWrite: 'generic',
});

/**
 * Samples of the draw: render target 0's count, else the depth-stencil surface's.
 * The depth-stencil and colour stages clamp a sample index to their own surface.
 */
export function sampleCount(state: RasterState): number {
  return state.renderTargets[0]?.samples ?? state.depthStencil?.samples ?? 1;
}

/** The stages of one draw, built from the frozen state (the span fast paths reuse them per triangle). */
export interface PixelStages {
  readonly combine: CombineStage;
  readonly colorSum: ColorSumStage;
  readonly alphaTest: AlphaTestStage;
  readonly depthStencil: DepthStencilStage;
  readonly colorWrite: ColorWriteStage;
}

/** Builds each stage on the path `paths` names (default: what the `choose*` functions pick). */
export function createPixelStages(state: RasterState, sampler: StageSampler, paths: PixelPaths = choosePixelPaths(state)): PixelStages {
  return {
    combine: createCombine(paths.combine, state, sampler),
    colorSum: createColorSum(paths.colorSum, state),
    alphaTest: createAlphaTest(paths.alphaTest, state),
    depthStencil: createDepthStencil(paths.depthStencil, state),
    colorWrite: createColorWrite(paths.colorWrite, state),
  };
}

/**
 * Builds the per-fragment function of a draw. `paths` defaults to what the
 * `choose*` functions pick; tests pass GENERIC_PATHS. The rasterizer has done
 * viewport and scissor clipping: (f.x, f.y) lies inside every bound surface.
 * On a multisampled target, f.coverage & MULTISAMPLEMASK says which samples are
 * written; a single-sample target ignores coverage (the fragment is the pixel).
 */
export function createPixelPipeline(state: RasterState, sampler: StageSampler, paths: PixelPaths = choosePixelPaths(state)): (f: Fragment) => void {
  return pipelineOf(state, createPixelStages(state, sampler, paths));
}

/** The per-fragment function running `stages` in order. */
export function pipelineOf(state: RasterState, stages: PixelStages): (f: Fragment) => void {
  const { combine, colorSum, alphaTest, depthStencil, colorWrite } = stages;
  const color = new Float32Array(4);
  const samples = sampleCount(state);
  if (samples <= 1) {
    return (f) => {
      combine(f, color);
      colorSum(f, color);
      if (!alphaTest(color)) return;
      setFragmentDepth(f);
      if (depthStencil(f, 0)) colorWrite(color, f.x, f.y, 0);
    };
  }
  const sampleMask = state.renderStates[D3DRS.MULTISAMPLEMASK] & (2 ** samples - 1);
  return (f) => {
    const covered = f.coverage & sampleMask;
    if (covered === 0) return;
    combine(f, color);
    colorSum(f, color);
    if (!alphaTest(color)) return;
    setFragmentDepth(f);
    for (let i = 0; i < samples; i++) {
      if ((covered & (1 << i)) !== 0 && depthStencil(f, i)) colorWrite(color, f.x, f.y, i);
    }
  };
}
