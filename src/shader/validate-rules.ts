/**
 * The validator's rules about how instructions use registers and nest, beyond which opcodes and
 * registers a version has (validate.ts): declarations before use, write masks and operands that
 * some instructions require, read ports, dependent texture reads and flow-control nesting. Each
 * rule names the page of Microsoft's shader assembly reference it comes from.
 */
import { OP, type ShaderKind } from './opcodes.js';
import type { Instruction, ShaderError, ShaderProgram, SrcParam } from './parse.js';
import { REG, registerName } from './registers.js';

const V20 = 0x0200;
const V2X = 0x0201;
const V30 = 0x0300;

/** Everything these rules find wrong, in stream order. */
export function ruleErrors(p: ShaderProgram): ShaderError[] {
  const errors: ShaderError[] = [];
  const err = (ins: Instruction, message: string): void => { errors.push({ offset: ins.offset, message: `${ins.name}: ${message}` }); };
  declarations(p, err);
  masksAndOperands(p, err);
  readPorts(p, err);
  dependentReads(p, err);
  flowControl(p, err);
  return errors.sort((a, b) => a.offset - b.offset);
}

type Err = (ins: Instruction, message: string) => void;

const isSetup = (op: number): boolean => op === OP.DCL || op === OP.DEF || op === OP.DEFI || op === OP.DEFB || op === OP.COMMENT;

/** Register types that must be declared by dcl before an instruction uses them ("Requires DCL" column of the register pages). */
function needsDcl(type: number, kind: ShaderKind, version: number): boolean {
  if (kind === 'vertex') {
    // v# in every version (Registers - vs_1_1 … vs_3_0); vs_3_0's o# and s# too
    return type === REG.INPUT || (version >= V30 && (type === REG.OUTPUT || type === REG.SAMPLER));
  }
  if (version < V20) return false;
  // ps_2_0/2_x: v#, t#, s#; ps_3_0: v#, s#, and vPos/vFace (Registers - ps_2_0, ps_2_x, ps_3_0)
  return type === REG.INPUT || type === REG.SAMPLER || (version < V30 ? type === REG.TEXTURE : type === REG.MISCTYPE);
}

/**
 * dcl before use, and dcl/def before the first executable instruction ("dcl_usage input": all dcl
 * instructions come before the first executable one; "def - vs/ps": after the version, before the
 * arithmetic and texture instructions).
 */
function declarations(p: ShaderProgram, err: Err): void {
  const declared = new Set<string>();
  const key = (t: number, n: number): string => `${t}:${n}`;
  const name = (t: number, n: number): string => registerName(t, n, p.kind, p.version);
  let executable = false;
  for (const ins of p.instructions) {
    if (ins.opcode === OP.COMMENT) continue;
    if (ins.opcode === OP.DCL) {
      if (executable) err(ins, `declares ${name(ins.dst!.type, ins.dst!.num)} after the first executable instruction (declarations come first)`);
      declared.add(key(ins.dst!.type, ins.dst!.num));
      continue;
    }
    if (isSetup(ins.opcode)) {
      if (executable) err(ins, `defines ${name(ins.dst!.type, ins.dst!.num)} after the first executable instruction (def comes before arithmetic and texture instructions)`);
      continue;
    }
    // ps_1_4's phase marker is no instruction of the program's own
    if (ins.opcode !== OP.PHASE) executable = true;
    const used: { type: number; num: number; what: string }[] = ins.src.map((s, k) => ({ type: s.type, num: s.num, what: `source ${k}` }));
    if (ins.dst) used.push({ type: ins.dst.type, num: ins.dst.num, what: 'destination' });
    for (const u of used) {
      if (needsDcl(u.type, p.kind, p.version) && !declared.has(key(u.type, u.num))) err(ins, `${u.what} ${name(u.type, u.num)} is used before a dcl declares it (${versionText(p)} requires dcl for it)`);
    }
  }
}

const FULL = 0xf;
const isReplicate = (sw: number): boolean => sw === 0x00 || sw === 0x55 || sw === 0xaa || sw === 0xff;
const maskName = (m: number): string => (m === FULL ? '.xyzw' : `.${[...'xyzw'].filter((_, c) => m & (1 << c)).join('')}`);

/** Masks the matrix macros require ("Destination Register Masking"; m3x2 - vs … m4x4 - vs). */
const MACRO_MASK: Partial<Record<number, number>> = { [OP.M3x2]: 0x3, [OP.M3x3]: 0x7, [OP.M4x3]: 0x7, [OP.M3x4]: FULL, [OP.M4x4]: FULL };

function masksAndOperands(p: ShaderProgram, err: Err): void {
  const name = (t: number, n: number): string => registerName(t, n, p.kind, p.version);
  for (const ins of p.instructions) {
    const d = ins.dst;
    const need = MACRO_MASK[ins.opcode];
    if (d && need !== undefined && d.mask !== need) err(ins, `the destination mask must be ${maskName(need)}, found ${maskName(d.mask)}`);
    if (ins.opcode === OP.SINCOS && d) {
      // "sincos - vs", "sincos - ps": exactly .x, .y or .xy; a replicate swizzle on the angle
      if (d.mask !== 0x1 && d.mask !== 0x2 && d.mask !== 0x3) err(ins, `the destination mask must be .x, .y or .xy, found ${maskName(d.mask)}`);
      if (d.type !== REG.TEMP) err(ins, `the destination must be a temporary register, found ${name(d.type, d.num)}`);
      if (ins.src[0] && !isReplicate(ins.src[0].swizzle)) err(ins, 'source 0 (the angle) needs a replicate swizzle (.x, .y, .z or .w)');
      // 2_0/2_x: src1 and src2 are two different c# (D3DSINCOSCONST1, D3DSINCOSCONST2)
      if (p.version < V30 && ins.src.length === 3) {
        const [, a, b] = ins.src;
        if (a.type !== REG.CONST || b.type !== REG.CONST || a.num === b.num) err(ins, 'sources 1 and 2 must be two different constant registers (D3DSINCOSCONST1, D3DSINCOSCONST2)');
      }
    }
    if (ins.opcode === OP.TEX && p.kind === 'pixel' && p.version === V20) texld20(ins, name, err);
  }
}

/** "texld - ps_2_0 and up", ps_2_0: r# with the full mask; t# or r# coordinates and an s#, neither modified nor swizzled. */
function texld20(ins: Instruction, name: (t: number, n: number) => string, err: Err): void {
  const d = ins.dst!;
  if (d.type !== REG.TEMP) err(ins, `the destination must be a temporary register, found ${name(d.type, d.num)}`);
  if (d.mask !== FULL) err(ins, `ps_2_0 allows only the full .xyzw mask on its destination, found ${maskName(d.mask)}`);
  const [coord, sampler] = ins.src;
  if (coord.type !== REG.TEXTURE && coord.type !== REG.TEMP) err(ins, `source 0 must be a t# or r# register, found ${name(coord.type, coord.num)}`);
  if (sampler.type !== REG.SAMPLER) err(ins, `source 1 must be a sampler s#, found ${name(sampler.type, sampler.num)}`);
  ins.src.forEach((s, k) => {
    if (s.swizzle !== 0xe4) err(ins, `source ${k} cannot be swizzled in ps_2_0`);
    if (s.mod !== 0) err(ins, `source ${k} cannot take a modifier in ps_2_0`);
  });
}

/**
 * Read ports: how many different registers of one type an instruction may read. Vertex shaders read
 * one input register an instruction ("Input Register": "any single instruction can access only one
 * vertex input register"); vs_1_1 one constant register ("Registers - vs_1_1", c#: 1 read port);
 * ps_2_0/2_x one v# and one t# ("Registers - ps_2_0", "Registers - ps_2_x").
 */
function readPorts(p: ShaderProgram, err: Err): void {
  const limits: [number, string][] = [];
  if (p.kind === 'vertex') {
    limits.push([REG.INPUT, 'input']);
    if (p.version < V20) limits.push([REG.CONST, 'constant']);
  } else if (p.version === V20 || p.version === V2X) limits.push([REG.INPUT, 'colour input'], [REG.TEXTURE, 'texture coordinate']);
  for (const ins of p.instructions) {
    for (const [type, what] of limits) {
      const distinct = new Set(ins.src.filter((s) => s.type === type).map((s) => s.num));
      if (distinct.size > 1) err(ins, `reads ${distinct.size} different ${what} registers (${[...distinct].map((n) => registerName(type, n, p.kind, p.version)).join(', ')}); ${versionText(p)} has one read port for them`);
    }
  }
}

/**
 * Dependent texture reads. ps_2_0 (no D3DPS20CAPS_NODEPENDENTREADLIMIT there): at most third order
 * ("texld - ps_2_0 and up": first order when the coordinates are an r# or the destination was written
 * before; nth order when it reads or writes an r# that depends on an (n-1)th-order result). ps_1_4:
 * texld and texcrd read r# coordinates only in the second phase ("texld - ps_1_4", "phase").
 */
function dependentReads(p: ShaderProgram, err: Err): void {
  if (p.kind !== 'pixel') return;
  if (p.version === 0x0104) {
    let phase2 = false;
    for (const ins of p.instructions) {
      if (ins.opcode === OP.PHASE) phase2 = true;
      if ((ins.opcode === OP.TEX || ins.opcode === OP.TEXCOORD) && !phase2 && ins.src[0]?.type === REG.TEMP) err(ins, 'reads its coordinates from a temporary register before the phase instruction (a dependent read needs the second phase)');
    }
    return;
  }
  if (p.version !== V20) return;
  // order[r] = the highest order of texture result that r's contents depend on; -1: none
  const order = new Map<number, number>();
  const written = new Set<number>();
  const dep = (s: SrcParam): number => (s.type === REG.TEMP ? order.get(s.num) ?? -1 : -1);
  for (const ins of p.instructions) {
    if (!ins.dst || isSetup(ins.opcode)) continue;
    const d = ins.dst;
    if (ins.opcode === OP.TEX) {
      const coord = ins.src[0];
      const prev = d.type === REG.TEMP ? order.get(d.num) ?? -1 : -1;
      let n = coord.type === REG.TEMP || (d.type === REG.TEMP && written.has(d.num)) ? 1 : 0;
      n = Math.max(n, dep(coord) + 1, prev + 1);
      if (n > 3) err(ins, `is a dependent read of order ${n}; ps_2_0 allows at most third order (four levels)`);
      if (d.type === REG.TEMP) { order.set(d.num, n); written.add(d.num); }
      continue;
    }
    if (d.type !== REG.TEMP) continue;
    let n = Math.max(-1, ...ins.src.map(dep));
    if (d.mask !== FULL) n = Math.max(n, order.get(d.num) ?? -1);
    order.set(d.num, n);
    written.add(d.num);
  }
}

/**
 * Blocks close in the order they open (if/else/endif, loop/endloop, rep/endrep), break only inside a
 * loop or rep, call/callnz name a label the shader has; loop/rep nesting ("Flow Control Nesting
 * Limits"): vs_2_0 1, the other versions 4; vs_2_0 at most 16 static flow instructions.
 */
function flowControl(p: ShaderProgram, err: Err): void {
  const stack: Instruction[] = [];
  const withElse = new Set<Instruction>();
  const labels = new Set<number>();
  const calls: Instruction[] = [];
  let loops = 0;
  let staticFlow = 0;
  const maxLoops = p.kind === 'vertex' && p.version === V20 ? 1 : 4;
  const opens: Partial<Record<number, number[]>> = {
    [OP.ELSE]: [OP.IF, OP.IFC], [OP.ENDIF]: [OP.IF, OP.IFC], [OP.ENDLOOP]: [OP.LOOP], [OP.ENDREP]: [OP.REP],
  };
  for (const ins of p.instructions) {
    const op = ins.opcode;
    if (op === OP.IF || op === OP.IFC || op === OP.LOOP || op === OP.REP) {
      stack.push(ins);
      if (op === OP.LOOP || op === OP.REP) {
        loops++;
        if (loops > maxLoops) err(ins, `nests loop/rep ${loops} deep; ${versionText(p)} allows ${maxLoops}`);
      }
    } else if (opens[op]) {
      const top = stack[stack.length - 1];
      if (!top || !opens[op]!.includes(top.opcode)) {
        err(ins, `has no open ${op === OP.ENDLOOP ? 'loop' : op === OP.ENDREP ? 'rep' : 'if'} to ${op === OP.ELSE ? 'belong to' : 'close'}`);
      } else if (op === OP.ELSE) {
        if (withElse.has(top)) err(ins, 'is the second else of one if');
        withElse.add(top);
      } else {
        stack.pop();
        if (op === OP.ENDLOOP || op === OP.ENDREP) loops--;
      }
    } else if (op === OP.BREAK || op === OP.BREAKC || op === OP.BREAKP) {
      if (!stack.some((s) => s.opcode === OP.LOOP || s.opcode === OP.REP)) err(ins, 'is outside any loop or rep');
    } else if (op === OP.LABEL) {
      if (stack.length) err(ins, `starts a subroutine inside an open ${stack[stack.length - 1].name}`);
      const l = ins.src[0];
      if (l) labels.add(l.num);
    } else if (op === OP.CALL || op === OP.CALLNZ) calls.push(ins);
    // the static flow count of "Depth Count per Instruction for vs_2_0": if bool, else, loop, rep, call, callnz
    if (op === OP.IF || op === OP.ELSE || op === OP.LOOP || op === OP.REP || op === OP.CALL || op === OP.CALLNZ) {
      staticFlow++;
      if (p.kind === 'vertex' && p.version === V20 && staticFlow === 17) err(ins, 'is the 17th static flow-control instruction; vs_2_0 allows 16');
    }
  }
  for (const open of stack) err(open, 'is never closed');
  for (const c of calls) {
    const l = c.src[0];
    if (l && l.type === REG.LABEL && !labels.has(l.num)) err(c, `calls l${l.num}, which no label instruction defines`);
  }
}

function versionText(p: ShaderProgram): string {
  return `${p.kind === 'vertex' ? 'vs' : 'ps'}_${p.version >> 8}_${p.version === V2X ? 'x' : p.version & 0xff}`;
}
