/** Texture sampling for the fixed-function stages. */
export { createSampler, borderColour } from './sampler.js';
export type { Sampler, SamplerOptions } from './sampler.js';
export { addressTexel, addressMode, BORDER_TEXEL } from './address.js';
export { cubeFace, projectCube } from './cube.js';
export type { CubeCoord } from './cube.js';
export { lodOf, chooseMip, levelIndependent } from './lod.js';
export type { MipPlan, MipSettings } from './lod.js';
export { DecodedLevel } from './decoded-level.js';
