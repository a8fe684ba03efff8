/** The watched run of the shader debugger: what one lane read and wrote at each executed instruction. */
import { OP as OP_, REG as REG_, registerName } from '../../shader/index.js';
import type { Interpreter, Op, Watch } from './interpret.js';
import * as T from './types.js';
import type { ShaderStep } from './types.js';

const OP = { ...OP_ };
const REG = { ...REG_ };
const { LANES, VS_OUT } = T;

/** A register's assembly name (constants past 2047 by their full number). */
export function regName(m: Interpreter, type: number, num: number): string {
  if (type === REG.CONST && num >= 2048) return `c${num}`;
  return registerName(type, num, m.kind, m.version);
}

/** A register's four components as stored (before swizzle and modifiers). */
export function rawValue(m: Interpreter, type: number, num: number, lane: number): number[] {
  return [0, 1, 2, 3].map((c) => m.fetch(type, num, lane, c));
}

/** The step of an instruction about to run: the registers its sources name, as they are now. */
export function watchBefore(m: Interpreter, op: Op, lane: number, active: number): ShaderStep {
  const read = op.src
    .filter((s) => s.type !== REG.SAMPLER && s.type !== REG.LABEL)
    .map((s) => {
      const idx = s.num + m.relOffset(s.rel, lane);
      return { name: regName(m, s.type, idx), value: rawValue(m, s.type, idx, lane) };
    });
  return { index: op.index, read, active };
}

/** Completes the step with the destination's value after the instruction ran. */
export function watchAfter(m: Interpreter, op: Op, w: Watch, step: ShaderStep): void {
  const dd = op.dst;
  if (dd && op.op !== OP.DCL && op.op !== OP.DEF && op.op !== OP.DEFI && op.op !== OP.DEFB && op.op !== OP.TEXKILL) {
    const idx = dd.num + m.relOffset(dd.rel, w.lane);
    let value: number[];
    if (dd.type === REG.DEPTHOUT) value = [m.io.depth[w.lane], 0, 0, 0];
    else if (dd.type === REG.COLOROUT || dd.type === REG.RASTOUT || dd.type === REG.ATTROUT || dd.type === REG.OUTPUT) value = outputValue(m, dd.type, idx, w.lane);
    else value = rawValue(m, dd.type, idx, w.lane);
    step.wrote = { name: regName(m, dd.type, idx), value };
  }
  w.steps.push(step);
}

export function outputValue(m: Interpreter, type: number, idx: number, lane: number): number[] {
  const slot = type === REG.COLOROUT ? idx
    : type === REG.RASTOUT ? VS_OUT.POS + idx
      : type === REG.ATTROUT ? VS_OUT.D0 + idx
        : m.version >= 0x0300 ? idx : VS_OUT.T0 + idx;
  return [0, 1, 2, 3].map((c) => m.io.outputs[(slot * LANES + lane) * 4 + c]);
}
