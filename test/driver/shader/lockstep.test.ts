/**
 * Lanes run in lockstep must each get what they would get alone: random ps_3_0 programs with
 * if/else (on comparisons, p0 and b0), rep and loop aL with per-lane break/breakp, setp,
 * predicated writes and call/callnz (on p0 or b0) run on a quad of lanes that disagree,
 * and each lane is compared bit for bit with a run of that lane by itself. Also: the same run twice
 * gives the same bits. REPLAY9_LONG=1 runs many more programs.
 */
import { describe, expect, it } from 'vitest';
import { PS_OUT_SLOTS } from '../../../src/driver/shader/index.js';
import { prng } from '../../helpers.js';
import { compile, getReg, makeConstants, makeIO, setReg } from './harness.js';

const LONG = process.env.REPLAY9_LONG === '1';
const ARITH2 = ['add', 'mul', 'min', 'max', 'dp3', 'dp4', 'sub'];
const ARITH1 = ['frc', 'abs', 'mov', 'rcp', 'rsq', 'exp', 'log', 'nrm'];
const MASKS = ['', '.x', '.yz', '.xw', '.xyz'];
const SWZ = ['', '.x', '.yzwx', '.wwzz', '.y'];

function program(rand: () => number): string {
  const pick = <T,>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
  const reg = (): string => `r${Math.floor(rand() * 4)}`;
  const src = (): string => `${rand() < 0.2 ? '-' : ''}${rand() < 0.3 ? pick(['c0', 'c1', 'v0', 'v1']) : reg()}${pick(SWZ)}`;
  const lines: string[] = ['ps_3_0', 'dcl_texcoord0 v0', 'dcl_texcoord1 v1', 'mov r0, v0', 'mov r1, v1', 'mov r2, c0', 'mov r3, c1'];
  const block = (depth: number, inLoop: boolean, n: number, inSub = false): void => {
    for (let k = 0; k < n; k++) {
      const r = rand();
      if (r < 0.1 && depth < 3) {
        const cond = rand();
        lines.push(cond < 0.6 ? `if_${pick(['gt', 'lt', 'ge', 'ne'])} ${reg()}.x, ${src().replace(/\..*$/, '')}.y` : cond < 0.85 ? `if ${rand() < 0.5 ? '!' : ''}p0.${pick(['x', 'y'])}` : `if ${rand() < 0.5 ? '!' : ''}b0`);
        block(depth + 1, inLoop, 1 + Math.floor(rand() * 3), inSub);
        if (rand() < 0.6) { lines.push('else'); block(depth + 1, inLoop, 1 + Math.floor(rand() * 3), inSub); }
        lines.push('endif');
      } else if (r < 0.17 && depth < 3) {
        if (rand() < 0.5) {
          lines.push(`rep i${Math.floor(rand() * 2)}`);
          block(depth + 1, true, 1 + Math.floor(rand() * 3), inSub);
          lines.push('endrep');
        } else {
          // aL walks 0, 1 over the inputs: v0[aL]
          lines.push('loop aL, i2');
          lines.push(`add ${reg()}, ${reg()}, v0[aL]`);
          block(depth + 1, true, Math.floor(rand() * 3), inSub);
          lines.push('endloop');
        }
      } else if (r < 0.24 && inLoop) {
        lines.push(rand() < 0.7 ? `break_${pick(['gt', 'lt'])} ${reg()}.x, ${reg()}.y` : `breakp ${rand() < 0.5 ? '!' : ''}p0.${pick(['x', 'w'])}`);
      } else if (r < 0.3) {
        lines.push(`setp_${pick(['gt', 'le', 'eq'])} p0, ${src()}, ${src()}`);
      } else if (r < 0.36 && !inSub) {
        lines.push(pick(['call l0', 'callnz l0, p0.x', 'callnz l0, !p0.y', 'callnz l0, b0']));
      } else {
        const pred = rand() < 0.15 ? `(${rand() < 0.5 ? '!' : ''}p0${pick(['', '.x', '.z'])}) ` : '';
        const op = rand() < 0.6 ? pick(ARITH2) : pick(ARITH1);
        const args = ARITH2.includes(op) ? `${src()}, ${src()}` : op === 'nrm' ? src() : `${src().replace(/\..*$/, '')}.x`;
        lines.push(`${pred}${op}${rand() < 0.1 ? '_sat' : ''} ${reg()}${pick(MASKS)}, ${args}`);
      }
    }
  };
  block(0, false, 6 + Math.floor(rand() * 10));
  for (let k = 0; k < PS_OUT_SLOTS; k++) lines.push(`mov oC${k}, r${k}`);
  lines.push('ret', 'label l0');
  block(1, false, 1 + Math.floor(rand() * 4), true);
  lines.push('ret');
  return lines.join('\n');
}

function check(seed: number): void {
  const rand = prng(seed);
  const text = program(rand);
  const exe = compile(text);
  const k = makeConstants();
  for (let n = 0; n < 8; n++) k.f[n] = Math.fround(rand() * 4 - 2);
  k.i.set([1 + Math.floor(rand() * 4), 0, 0, 0, Math.floor(rand() * 3), 0, 0, 0, 2, 0, 1, 0]);
  k.b[0] = rand() < 0.5 ? 1 : 0;
  const inputs: number[][][] = [0, 1, 2, 3].map(() => [0, 1].map(() => [0, 1, 2, 3].map(() => Math.fround(rand() * 6 - 3))));
  const quad = makeIO();
  inputs.forEach((lane, l) => lane.forEach((v, s) => setReg(quad.inputs, s, l, v)));
  exe.run(quad, k, 4);
  const again = makeIO();
  inputs.forEach((lane, l) => lane.forEach((v, s) => setReg(again.inputs, s, l, v)));
  exe.run(again, k, 4);
  expect(Buffer.from(again.outputs.buffer).equals(Buffer.from(quad.outputs.buffer)), `seed ${seed}: same run, same bits`).toBe(true);
  for (let l = 0; l < 4; l++) {
    const alone = makeIO();
    inputs[l].forEach((v, s) => setReg(alone.inputs, s, 0, v));
    exe.run(alone, k, 1);
    for (let s = 0; s < PS_OUT_SLOTS; s++) {
      expect(getReg(quad.outputs, s, l), `seed ${seed} lane ${l} oC${s}\n${text}`).toEqual(getReg(alone.outputs, s, 0));
    }
  }
}

describe('lockstep lanes', () => {
  it('each lane of a quad computes what it computes alone, and a run repeats bit for bit', () => {
    const n = LONG ? 3000 : 40;
    for (let seed = 1; seed <= n; seed++) check(seed);
  });
});
