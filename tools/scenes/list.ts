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
];

/**
 * Scenes drawn with shaders. They join SAMPLE_SCENES (and traces/ with goldens) once shader draws
 * execute and their frames have been checked against the rules; until then a test records each.
 */
export const SHADER_SCENES: ReadonlyArray<readonly [string, string]> = [
  ['normal-map', 'normal-map.ts'],
  ['skinned-arm', 'skinned-arm.ts'],
  ['sm3-terrain', 'sm3-terrain.ts'],
  ['water-texbem', 'water-texbem.ts'],
  ['deferred-mrt', 'deferred-mrt.ts'],
];
