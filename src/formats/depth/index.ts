/** Depth and stencil values: D24FS8's 20e4 float and copies between opaque and lockable formats. */
export * from './float20e4.js';
export * from './depth-values.js';
export * from './depth-stencil-layout.js';
export * from './depth-stencil-copy.js';
export { FAST_COPIERS } from './depth-stencil-fast.js';
export type { FastDepthStencilCopier } from './depth-stencil-fast.js';
