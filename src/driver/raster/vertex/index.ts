/** The fixed-function vertex stage: fetch by FVF, transform, lighting, fog, point size, texture coordinates. */
export { VertexProcessor, createClipVertex, processVertices } from './tnl.js';
export { createFetchedVertex, d3dColorToFloats, decodeVertexLayout, fetchVertex, readF32, readU32 } from './fetch.js';
export type { FetchedVertex, LastBeta, PositionKind, VertexLayout } from './fetch.js';
