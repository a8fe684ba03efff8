/** The sample traces that scene programs record (`npm run traces`); data only, so tests may import it. */

/** trace name → scene module; the hand-written .r9t samples are not listed */
export const SAMPLE_SCENES: ReadonlyArray<readonly [string, string]> = [
  ['shadow-volume', 'shadow-volume.ts'],
  ['shadow-volume-2pass', 'shadow-volume-2pass.ts'],
  ['stencil-ref-mask', 'stencil-ref-mask.ts'],
  ['stretch-gallery', 'stretch-gallery.ts'],
  ['depth-stencil-copies', 'depth-stencil-copies.ts'],
  ['extended-formats', 'extended-formats.ts'],
  ['lit-fog-blend', 'lit-fog-blend.ts'],
  ['fill-grid', 'fill-grid.ts'],
  ['volume-texture', 'volume-texture.ts'],
  ['instancing', 'instancing.ts'],
  ['texture-palettes', 'texture-palettes.ts'],
  ['clip-planes', 'clip-planes.ts'],
  ['two-swap-chains', 'two-swap-chains.ts'],
  ['occlusion-query', 'occlusion-query.ts'],
  ['dirty-regions', 'dirty-regions.ts'],
  ['normal-map', 'normal-map.ts'],
  ['skinned-arm', 'skinned-arm.ts'],
  ['water-texbem', 'water-texbem.ts'],
  ['deferred-mrt', 'deferred-mrt.ts'],
  ['sm3-terrain', 'sm3-terrain.ts'],
];

/** Shader scenes not yet among the golden traces (each waits for something the device lacks); a test records each. */
export const PENDING_SHADER_SCENES: ReadonlyArray<readonly [string, string]> = [];
