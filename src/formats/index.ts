export * from './table.js';
export * from './pixel.js';
