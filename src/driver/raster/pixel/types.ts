/**
 * The pixel stages' own types: how texture sampling is reached (the sampler is
 * written elsewhere and wired in by the draw), the signature of each stage,
 * and the names of the implementations a draw can get (STYLE.md 5, 6).
 */
import type { Fragment } from '../types.js';

/** One stage's texture coordinates as its sampler reads them: after D3DTTFF_PROJECTED's divide. */
export interface SampleCoords {
  /** u, v, w, q */
  readonly tex: Float64Array;
  /** d/dx and d/dy of `tex` (4 each), for mip selection; divided like `tex` when projected */
  readonly dx: Float64Array;
  readonly dy: Float64Array;
}

/**
 * Samples the texture bound to `stage` at `c` and writes float RGBA into out[0..3].
 * Called only for a stage that has a texture and whose blending reads it; a stage
 * without a texture reads (0, 0, 0, 1) without a call (DXVK's unbound-texture value).
 */
export type StageSampler = (stage: number, c: SampleCoords, out: Float32Array) => void;

/** Texture stages: the fragment's colours and textures → the stage output colour (RGBA). */
export type CombineStage = (f: Fragment, color: Float32Array) => void;
/** Specular add and fog, in place on the colour. */
export type ColorSumStage = (f: Fragment, color: Float32Array) => void;
/** Alpha test: false discards the pixel before any frame-buffer access. */
export type AlphaTestStage = (color: Float32Array) => boolean;
/**
 * Stencil test, depth test, stencil op and depth write for one sample, of depth f.depth (the
 * biased depth clamped to [0, 1] as float32). True when the colour may be written. The depth
 * travels in the fragment: V8 boxes a double argument of a call it does not inline.
 */
export type DepthStencilStage = (f: Fragment, sample: number) => boolean;
/** Blend, write mask and encode of the colour into one sample of a render target. */
export type ColorWriteStage = (color: Float32Array, x: number, y: number, sample: number) => void;

export const COMBINE_PATHS = ['diffuse', 'generic'] as const;
export const COLOR_SUM_PATHS = ['off', 'generic'] as const;
export const ALPHA_TEST_PATHS = ['off', 'generic'] as const;
export const DEPTH_STENCIL_PATHS = ['none', 'generic', 'depth-d24', 'depth-d16'] as const;
export const COLOR_WRITE_PATHS = ['none', 'generic', 'rgba8'] as const;

export type CombinePath = (typeof COMBINE_PATHS)[number];
export type ColorSumPath = (typeof COLOR_SUM_PATHS)[number];
export type AlphaTestPath = (typeof ALPHA_TEST_PATHS)[number];
export type DepthStencilPath = (typeof DEPTH_STENCIL_PATHS)[number];
export type ColorWritePath = (typeof COLOR_WRITE_PATHS)[number];

/** Which implementation each stage of a draw gets. */
export interface PixelPaths {
  combine: CombinePath;
  colorSum: ColorSumPath;
  alphaTest: AlphaTestPath;
  depthStencil: DepthStencilPath;
  colorWrite: ColorWritePath;
}

export function assertNever(x: never, what: string): never {
  throw new Error(`driver/raster/pixel: unexpected ${what} ${String(x)}`);
}
