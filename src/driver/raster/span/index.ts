/** Span rasterization: whole rows of a triangle's pixels for the common draws (see types.ts). */
export { autoSpanPath, chooseSpanPath, createSpanPath } from './choose.js';
export { SPAN_PATHS } from './types.js';
export type { SpanFill, SpanPath, SpanPathName } from './types.js';
