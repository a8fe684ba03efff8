/** D3D9 shader bytecode: parse, validate, disassemble, assemble (pure functions over tokens). */
export { OP, OPCODES, COMPARISONS, opcodeAllowed, shapeOf, type OpcodeInfo, type ShaderKind } from './opcodes.js';
export { REG, registerName, regType } from './registers.js';
export { parseShader, versionName, type Instruction, type ParseResult, type ShaderError, type ShaderProgram, type DstParam, type SrcParam } from './parse.js';
export { validateShader, DEFAULT_LIMITS, type ShaderLimits } from './validate.js';
export { disassemble, disassembleProgram, instructionText } from './disassemble.js';
export { assemble, type AssembleResult } from './assemble.js';
export { exactAssembly } from './round-trip.js';
