/**
 * D3D9 shader bytecode: parse, validate, disassemble, assemble (pure functions over Uint32Array
 * tokens; imports nothing but itself). parseShader never throws: a malformed stream is an error with
 * its DWORD offset. validateShader lists what the version forbids. disassemble prints Microsoft's
 * assembly syntax and assemble reads it back: assemble(disassemble(t)) === t for every stream
 * without comment tokens. Comments (CTAB …) print as `// comment N DWORDs` and cannot be rebuilt,
 * so a caller that must keep the exact bytes uses exactAssembly, which gives the text only when it
 * reassembles to the same tokens, and otherwise keeps the hex with the disassembly beside it.
 */
export { OP, OPCODES, COMPARISONS, opcodeAllowed, shapeOf, type OpcodeInfo, type ShaderKind } from './opcodes.js';
export { REG, registerName, regType } from './registers.js';
export { parseShader, versionName, type Instruction, type ParseResult, type ShaderError, type ShaderProgram, type DstParam, type SrcParam } from './parse.js';
export { validateShader, DEFAULT_LIMITS, type ShaderLimits } from './validate.js';
export { disassemble, disassembleProgram, instructionText } from './disassemble.js';
export { assemble, type AssembleResult } from './assemble.js';
export { exactAssembly } from './round-trip.js';
export { summarizeShader, type ShaderSummary, type RegisterUse, type ShaderConstantDef, type ShaderLine } from './summary.js';
export { instructionSlots } from './validate.js';
