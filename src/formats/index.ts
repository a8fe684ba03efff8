export * from './table.js';
export * from './pixel.js';
export * from './codec.js';
export * from './rows.js';
export * from './half.js';
export * from './srgb.js';
export * from './yuv.js';
export * from './dxt.js';
