/** The fixed-function vertex stage: fetch by FVF, transform, lighting, fog, point size, texture coordinates. */
export { VertexProcessor, createClipVertex, processVertices } from './tnl.js';
export { createFetchedVertex, d3dColorToFloats, decodeElement, decodeVertexLayout, fetchVertex, layoutFromDeclaration, readF32, readU32 } from './fetch.js';
export type { FetchElement, FetchedVertex, FetchStreams, LastBeta, PositionKind, VertexLayout } from './fetch.js';
