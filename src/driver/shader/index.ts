/** Shader execution: the contract (types), the operations' numbers (ops), decoding, the reference interpreter and the compiled path (the default). */
export * from './types.js';
export { decode, SAMPLER_TYPE, USAGE, type Decoded } from './decode.js';
export { traceRun, Interpreter, MAX_CALL_DEPTH, MAX_LOOP_COUNT } from './interpret.js';
export { createExecutable, type ExecutableOptions } from './executable.js';
export { compiledExecutable, isCompiled } from './compile.js';
export * as ops from './ops.js';
