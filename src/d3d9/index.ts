/** The D3D9 vocabulary: constants, HRESULTs, state tables, FVF helpers. */
export * from './enum-table.js';
export * from './constants-format.js';
export * from './constants-states.js';
export * from './constants-state-values.js';
export * from './constants-device.js';
export * from './constants-caps.js';
export * from './constants-fvf.js';
export * from './hresult.js';
export * from './enum-registry.js';
export * from './float-bits.js';
export * from './state-info.js';
export * from './state-groups.js';
export * from './fvf.js';
export { parseUintLiteral } from './uint-literal.js';
export * from './vertex-declaration.js';
export * from './iid.js';
