/** Shader execution: the contract (types), the operations' numbers (ops), decoding and the reference interpreter. */
export * from './types.js';
export { decode, SAMPLER_TYPE, USAGE, type Decoded } from './decode.js';
export { createExecutable, traceRun, Interpreter, MAX_CALL_DEPTH, MAX_LOOP_COUNT } from './interpret.js';
export * as ops from './ops.js';
