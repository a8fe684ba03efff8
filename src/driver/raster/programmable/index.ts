/**
 * Draws with shaders: the vertex shader stage (vertex.ts), the linkage of its outputs to the pixel
 * shader's inputs (link.ts) and the pixel shader stage (pixel.ts). A vertex shader with
 * fixed-function pixel processing feeds the texture stages through the ClipVertex fields they read;
 * fixed-function vertex processing with a pixel shader feeds v0/v1/t0..t7 from its outputs.
 */
import type { ClipVertex, RasterState } from '../types.js';
import { VertexProcessor } from '../vertex/index.js';
import { decodeVertexLayout } from '../vertex/fetch.js';
import type { FetchStreams } from '../vertex/fetch.js';
import type { VaryingSemantic } from './link.js';
import { PretransformedVaryings, ShaderVertexProcessor } from './vertex.js';

export { linkPixelInputs, pixelInputSemantic, SOURCE } from './link.js';
export type { InputLink, VaryingSemantic } from './link.js';
export { chooseShaderLanes, createShadedStages, shadedPipeline } from './pixel.js';
export { magnifiedSample, shaderSample, VERTEX_SAMPLER_SLOT } from './sample.js';
export { createShadedSpanPath } from './span.js';
export type { ShadedStages, ShaderLanes } from './pixel.js';
export { createShaderClipVertex, createShaderIO, PretransformedVaryings, ShaderVertexProcessor } from './vertex.js';

/** What a draw's vertex stage does, fixed-function or programmable. */
export interface VertexStage {
  /** writes vertices first .. first+count−1 to out[0 .. count−1] and returns out; entries past count are not the draw's */
  process(stream: FetchStreams, first: number, count: number, out?: ClipVertex[]): ClipVertex[];
  /** semantics of the varyings the vertices carry after their coordinate sets */
  readonly varyingSemantics: readonly VaryingSemantic[];
  /** takes what is the draw's own (vertex textures) before process() */
  prepare?(state: RasterState): void;
}

/**
 * The vertex stage of a draw: the vertex shader, except for pre-transformed vertices (an FVF with
 * XYZRHW or a declaration with POSITIONT), which skip vertex processing whatever is bound
 * (D3DDECLUSAGE_POSITIONT: "the pipeline does not perform vertex processing"); for a ps_3_0 their
 * declaration's other elements become varyings (Wine visual.c pretransformed_varying_test).
 */
export function createVertexStage(state: RasterState): VertexStage {
  const layout = state.vertexLayout ?? decodeVertexLayout(state.fvf);
  const elements = state.vertexElements ?? [];
  // a shader stage builds no fixed-function one (an invalid layout still throws, from VertexProcessor)
  if (state.vertexShader && layout && layout.position !== 'xyzrhw') return new ShaderVertexProcessor(state, state.vertexShader, elements);
  const ff = new VertexProcessor(state);
  const ps = state.pixelShader?.executable;
  if (!ff.pretransformed || !ps || ps.version < 0x300 || elements.length === 0) return Object.assign(ff, { varyingSemantics: [] as VaryingSemantic[] });
  const varyings = new PretransformedVaryings(elements);
  return {
    varyingSemantics: varyings.varyingSemantics,
    process(stream, first, count, out = []) {
      const vertices = ff.process(stream, first, count, out);
      varyings.fill(stream, first, count, vertices);
      return vertices;
    },
  };
}
