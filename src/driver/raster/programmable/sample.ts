/**
 * The samplers a shader reads: pixel shaders s0..s15 are RasterState.textures/samplerStates 0..15,
 * vertex shaders D3DVERTEXTEXTURESAMPLER0..3 the slots after them (16..19). Each unit's sampler is
 * built on first use in the draw; an unbound unit reads (0, 0, 0, 1).
 */
import type { ShaderSample } from '../../shader/types.js';
import { createSampler } from '../texture/index.js';
import type { Sampler } from '../texture/index.js';
import type { RasterState } from '../types.js';

/** Where the vertex samplers start in RasterState.textures and samplerStates. */
export const VERTEX_SAMPLER_SLOT = 16;

/** Sampling for units `base` + unit of the state's textures. */
export function shaderSample(state: RasterState, base: number): ShaderSample {
  const built: Array<Sampler | null | undefined> = [];
  return (unit, u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o) => {
    let s = built[unit];
    if (s === undefined) {
      const t = state.textures[base + unit];
      const states = state.samplerStates[base + unit];
      s = built[unit] = t && t.levels.length > 0 && states ? createSampler(t, states, { palette: state.palette }) : null;
    }
    if (s === null) { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 1; return; }
    s.sampleLod(u, v, w, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod, out, o);
  };
}
