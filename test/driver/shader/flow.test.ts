/**
 * Flow control run in lockstep: rep/loop counts from integer constants (at most 255), aL, nested
 * loops, if/else with lanes that disagree, break/breakc/breakp, call/callnz/ret, predication, and
 * the cap on executed instructions.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EXECUTED } from '../../../src/driver/shader/index.js';
import { compile, getReg, makeConstants, makeIO, run1, setReg } from './harness.js';

const one = [[0, 0, 0, 0], [1, 1, 1, 1]];

describe('loops', () => {
  it('rep runs i.x times; a count of 0 skips the body', () => {
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nendrep\nmov oPos, r0';
    expect(run1(text, { consts: one, ints: [[3, 0, 0, 0]] }).out).toEqual([3, 3, 3, 3]);
    expect(run1(text, { consts: one, ints: [[0, 0, 0, 0]] }).out).toEqual([0, 0, 0, 0]);
  });

  it('a count above 255 runs 255 times (the integer register holds at most 255)', () => {
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nendrep\nmov oPos, r0';
    expect(run1(text, { consts: one, ints: [[1000, 0, 0, 0]] }).out).toEqual([255, 255, 255, 255]);
  });

  it('loop aL, i: aL starts at i.y and steps by i.z, and indexes constants', () => {
    const consts = [[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [10, 0, 0, 0], [0, 0, 0, 0], [100, 0, 0, 0]];
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\nloop aL, i0\nadd r0, r0, c0[aL]\nendloop\nmov oPos, r0';
    expect(run1(text, { consts, ints: [[3, 2, 2, 0]] }).out[0]).toBe(111);
  });

  it('nested loops multiply, and defi overrides the integer constant', () => {
    const text = 'vs_2_0\ndcl_position v0\ndefi i1, 3, 0, 0, 0\nmov r0, c0\nrep i0\nrep i1\nadd r0, r0, c1\nendrep\nendrep\nmov oPos, r0';
    expect(run1(text, { consts: one, ints: [[2, 0, 0, 0], [50, 0, 0, 0]] }).out[0]).toBe(6);
  });

  it('an inner loop\'s aL is its own and the outer one comes back after it', () => {
    const consts = [[0, 0, 0, 0], [1, 0, 0, 0], [10, 0, 0, 0], [100, 0, 0, 0]];
    // outer: aL = 1, 2; inner: aL = 3 once; reads c[aL] after the inner loop ends
    const text = 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov r0, c0\nloop aL, i0\nloop aL, i1\nadd r0, r0, c0[aL]\nendloop\nadd r0, r0, c0[aL]\nendloop\nmov o0, r0';
    expect(run1(text, { consts, ints: [[2, 1, 1, 0], [1, 3, 0, 0]] }).out[0]).toBe(100 + 1 + 100 + 10);
  });

  it('break_ge leaves the loop at the first iteration where the comparison holds', () => {
    const text = 'vs_2_x\ndcl_position v0\nmov r0, c0\nrep i0\nbreak_ge r0.x, c2.x\nadd r0, r0, c1\nendrep\nmov oPos, r0';
    expect(run1(text, { consts: [...one, [4, 0, 0, 0]], ints: [[100, 0, 0, 0]] }).out[0]).toBe(4);
  });
});

describe('per-lane flow control', () => {
  it('if_gt: lanes that disagree each take their own branch', () => {
    const exe = compile('ps_2_x\ndcl t0\nif_gt t0.x, c0.x\nmov r0, c1\nelse\nmov r0, c2\nendif\nmov oC0, r0');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([0.5, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    [0, 1, 0.75, 0.25].forEach((x, l) => setReg(io.inputs, 2, l, [x, 0, 0, 0]));
    exe.run(io, k, 4);
    expect([0, 1, 2, 3].map((l) => getReg(io.outputs, 0, l)[0])).toEqual([2, 1, 1, 2]);
  });

  it('a lane that breaks stays out until the loop ends while the others go on', () => {
    const exe = compile('ps_3_0\ndcl_texcoord0 v0\nmov r0, c0\nrep i0\nbreak_ge r0.x, v0.x\nadd r0, r0, c1\nendrep\nmov oC0, r0');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([0, 0, 0, 0, 1, 1, 1, 1]);
    k.i.set([10, 0, 0, 0]);
    [2, 5, 0, 20].forEach((x, l) => setReg(io.inputs, 0, l, [x, 0, 0, 0]));
    exe.run(io, k, 4);
    expect([0, 1, 2, 3].map((l) => getReg(io.outputs, 0, l)[0])).toEqual([2, 5, 0, 10]);
  });

  it('lanes that break inside an if leave the else lanes of the same iteration to run', () => {
    const exe = compile('ps_3_0\ndcl_texcoord0 v0\nmov r0, c0\nrep i0\nif_gt v0.x, c0.x\nbreak\nelse\nadd r0, r0, c1\nendif\nendrep\nmov oC0, r0');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([0, 0, 0, 0, 1, 1, 1, 1]);
    k.i.set([3, 0, 0, 0]);
    [1, -1, 1, -1].forEach((x, l) => setReg(io.inputs, 0, l, [x, 0, 0, 0]));
    exe.run(io, k, 4);
    expect([0, 1, 2, 3].map((l) => getReg(io.outputs, 0, l)[0])).toEqual([0, 3, 0, 3]);
  });

  it('if b uses the boolean constant (defb overrides it)', () => {
    const text = (def: string): string => `vs_2_0\ndcl_position v0\n${def}if b0\nmov r0, c1\nelse\nmov r0, c0\nendif\nmov oPos, r0`;
    expect(run1(text(''), { consts: one, bools: [1] }).out[0]).toBe(1);
    expect(run1(text(''), { consts: one, bools: [0] }).out[0]).toBe(0);
    expect(run1(text('defb b0, false\n'), { consts: one, bools: [1] }).out[0]).toBe(0);
  });

  it('setp and a predicated instruction write only where p0 (swizzled, or negated with !) is true', () => {
    const c = [[1, 2, 3, 4], [2, 2, 2, 2], [9, 9, 9, 9]];
    expect(run1('ps_2_x\nsetp_gt p0, c0, c1\nmov r0, c0\n(p0) mov r0, c2\nmov oC0, r0', { consts: c }).out).toEqual([1, 2, 9, 9]);
    expect(run1('ps_2_x\nsetp_gt p0, c0, c1\nmov r0, c0\n(!p0) mov r0, c2\nmov oC0, r0', { consts: c }).out).toEqual([9, 9, 3, 4]);
    expect(run1('ps_2_x\nsetp_gt p0, c0, c1\nmov r0, c0\n(p0.w) mov r0, c2\nmov oC0, r0', { consts: c }).out).toEqual([9, 9, 9, 9]);
  });

  it('breakp leaves the loop for lanes whose predicate component is set', () => {
    const text = 'vs_2_x\ndcl_position v0\nmov r0, c0\nrep i0\nsetp_ge p0, r0, c2\nbreakp p0.x\nadd r0, r0, c1\nendrep\nmov oPos, r0';
    expect(run1(text, { consts: [...one, [3, 0, 0, 0]], ints: [[100, 0, 0, 0]] }).out[0]).toBe(3);
  });
});

describe('subroutines', () => {
  it('call runs the label\'s code and ret comes back; callnz calls only when its boolean is set', () => {
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\ncall l1\ncallnz l2, b0\nmov oPos, r0\nret\nlabel l1\nadd r0, r0, c1\nret\nlabel l2\nadd r0, r0, c2\nret';
    const c = [[0, 0, 0, 0], [1, 1, 1, 1], [10, 10, 10, 10]];
    expect(run1(text, { consts: c, bools: [0] }).out[0]).toBe(1);
    expect(run1(text, { consts: c, bools: [1] }).out[0]).toBe(11);
  });

  it('callnz with a predicate calls for the lanes whose predicate is set', () => {
    const exe = compile('ps_2_x\ndcl t0\nmov r0, c0\nsetp_gt p0, t0, c0\ncallnz l0, p0.x\nmov oC0, r0\nret\nlabel l0\nmov r0, c1\nret');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([0, 0, 0, 0, 5, 5, 5, 5]);
    [1, -1, -1, 1].forEach((x, l) => setReg(io.inputs, 2, l, [x, 0, 0, 0]));
    exe.run(io, k, 4);
    expect([0, 1, 2, 3].map((l) => getReg(io.outputs, 0, l)[0])).toEqual([5, 0, 0, 5]);
  });

  it('recursion stops at the call depth limit instead of running away', () => {
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\ncall l0\nmov oPos, r0\nret\nlabel l0\nadd r0, r0, c1\ncall l0\nret';
    const { out, io } = run1(text, { consts: one });
    expect(out[0]).toBe(4);
    expect(io.stats!.capped).toBe(false);
  });
});

describe('bounded runs', () => {
  it('stops after MAX_EXECUTED instructions and says so', () => {
    const text = 'vs_2_0\ndcl_position v0\nmov r0, c0\nrep i0\nrep i0\nrep i0\nadd r0, r0, c1\nendrep\nendrep\nendrep\nmov oPos, r0';
    const { io } = run1(text, { consts: one, ints: [[255, 0, 0, 0]] });
    expect(io.stats!.capped).toBe(true);
    expect(io.stats!.executed).toBe(MAX_EXECUTED);
  });

  it('a run that ends counts what it executed', () => {
    const { io } = run1('vs_2_0\ndcl_position v0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nendrep\nmov oPos, r0', { consts: one, ints: [[3, 0, 0, 0]] });
    // dcl, mov, rep, 3 × (add, endrep), mov
    expect(io.stats).toEqual({ executed: 10, capped: false });
  });
});
