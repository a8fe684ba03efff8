/** The DXGI extended formats (reference C): table, support, casts, conversions, row converters. */
export * from './formats.js';
export * from './support.js';
export * from './casts.js';
export * from '../convert.js';
export * from './element.js';
export * from './rows.js';
