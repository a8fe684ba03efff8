/** The fixed-function pixel pipeline: texture stages to frame-buffer writes (reference B.3). */
export { createPixelPipeline, createPixelStages, choosePixelPaths, pipelineOf, GENERIC_PATHS } from './pipeline.js';
export type { PixelStages } from './pipeline.js';
export type { StageSampler, SampleCoords, PixelPaths } from './types.js';
export { COMBINE_PATHS, COLOR_SUM_PATHS, ALPHA_TEST_PATHS, DEPTH_STENCIL_PATHS, COLOR_WRITE_PATHS } from './types.js';
export { observedPipelineOf, rawHex } from './observe.js';
export type { FragmentFate, FragmentReport, PixelWatch, WatchedShaderRun } from './observe.js';
