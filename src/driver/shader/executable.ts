/**
 * Which path runs a shader: the compiled one (compile.ts) unless the caller or the environment
 * asks for the interpreter (REPLAY9_SHADER=interpret, read once at load: the same for a whole
 * process). Both give the same bits; the compiled path leaves to the interpreter what it cannot
 * compile.
 */
import type { ShaderProgram } from '../../shader/index.js';
import { compiledExecutable } from './compile.js';
import { createExecutable as interpreterExecutable } from './interpret.js';
import type { ShaderExecutable } from './types.js';

export interface ExecutableOptions {
  /** run on the interpreter even where the program compiles */
  interpret?: boolean;
}

const FORCE_INTERPRETER = typeof process !== 'undefined' && process.env.REPLAY9_SHADER === 'interpret';

/** A shader ready to run: compiled by default, the interpreter on request. */
export function createExecutable(program: ShaderProgram, options: ExecutableOptions = {}): ShaderExecutable {
  return options.interpret || FORCE_INTERPRETER ? interpreterExecutable(program) : compiledExecutable(program);
}
