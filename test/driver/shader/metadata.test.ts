/** What an executable tells the draw before it runs, and the watched run of the shader debugger. */
import { describe, expect, it } from 'vitest';
import { PS_IN, traceRun, VS_OUT } from '../../../src/driver/shader/index.js';
import { USAGE } from '../../../src/driver/shader/decode.js';
import { compile, getReg, makeConstants, makeIO, run1, setReg } from './harness.js';

describe('semantics', () => {
  it('vs_1_1: inputs from dcl, outputs are the o registers written with their fixed meanings', () => {
    const exe = compile('vs_1_1\ndcl_position v0\ndcl_texcoord2 v3\nmov oPos, v0\nmov oD1, v3\nmov oT4.xy, v3\nmov oFog, v0.x');
    expect(exe.inputs).toEqual([{ slot: 0, usage: USAGE.POSITION, usageIndex: 0, mask: 0xf }, { slot: 3, usage: USAGE.TEXCOORD, usageIndex: 2, mask: 0xf }]);
    expect(exe.outputs).toEqual([
      { slot: VS_OUT.POS, usage: USAGE.POSITION, usageIndex: 0, mask: 0xf },
      { slot: VS_OUT.FOG, usage: USAGE.FOG, usageIndex: 0, mask: 0xf },
      { slot: VS_OUT.D1, usage: USAGE.COLOR, usageIndex: 1, mask: 0xf },
      { slot: VS_OUT.T0 + 4, usage: USAGE.TEXCOORD, usageIndex: 4, mask: 0x3 },
    ]);
  });

  it('vs_3_0: outputs from their dcl; o[aL] writes relative to the loop counter', () => {
    const text = 'vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord1 o1\ndcl_texcoord2 o2\nmov o0, v0\nloop aL, i0\nmov o0[aL], c0[aL]\nendloop';
    const { exe, io } = run1(text, { consts: [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]], ints: [[2, 1, 1, 0]], inputs: [[5, 6, 7, 8]] });
    expect(exe.outputs.map((s) => [s.slot, s.usage, s.usageIndex])).toEqual([[0, USAGE.POSITION, 0], [1, USAGE.TEXCOORD, 1], [2, USAGE.TEXCOORD, 2]]);
    expect([getReg(io.outputs, 0), getReg(io.outputs, 1), getReg(io.outputs, 2)]).toEqual([[5, 6, 7, 8], [1, 1, 1, 1], [2, 2, 2, 2]]);
  });

  it('ps_2_0: v and t inputs at their slots, colour outputs and samplers by bit', () => {
    const exe = compile('ps_2_0\ndcl v1\ndcl t3.xy\ndcl_2d s5\ntexld r0, t3, s5\nmov oC0, r0\nmov oC2, v1');
    expect(exe.inputs).toEqual([{ slot: PS_IN.V1, usage: USAGE.COLOR, usageIndex: 1, mask: 0xf }, { slot: PS_IN.T0 + 3, usage: USAGE.TEXCOORD, usageIndex: 3, mask: 0x3 }]);
    expect(exe.colorOutputs).toBe(0b101);
    expect(exe.samplers).toBe(1 << 5);
    expect(exe.writesDepth).toBe(false);
  });

  it('ps_3_0: inputs by dcl semantic (centroid kept); v[aL] reads relative to the loop counter', () => {
    const exe = compile('ps_3_0\ndcl_texcoord2 v1\ndcl_color0_centroid v2\nmov r0, c0\nloop aL, i0\nadd r0, r0, v0[aL]\nendloop\nmov oC0, r0');
    expect(exe.inputs).toEqual([{ slot: 1, usage: USAGE.TEXCOORD, usageIndex: 2, mask: 0xf }, { slot: 2, usage: USAGE.COLOR, usageIndex: 0, mask: 0xf, centroid: true }]);
    const io = makeIO();
    const k = makeConstants();
    k.i.set([2, 1, 1, 0]);
    setReg(io.inputs, 1, 0, [1, 2, 3, 4]);
    setReg(io.inputs, 2, 0, [10, 20, 30, 40]);
    exe.run(io, k, 1);
    expect(getReg(io.outputs, 0)).toEqual([11, 22, 33, 44]);
    expect(exe.usesDerivatives).toBe(false);
  });

  it('ps_1_1: the texture coordinates the texture ops read are inputs, r0 is the colour', () => {
    const exe = compile('ps_1_1\ntex t0\ntexcoord t2\nmul r0, t0, v0');
    expect(exe.inputs.map((s) => [s.slot, s.usage, s.usageIndex])).toEqual([[PS_IN.V0, USAGE.COLOR, 0], [PS_IN.T0, USAGE.TEXCOORD, 0], [PS_IN.T0 + 2, USAGE.TEXCOORD, 2]]);
    expect(exe.colorOutputs).toBe(1);
    expect(exe.samplers).toBe(1);
    expect(exe.usesDerivatives).toBe(true);
  });
});

describe('watched run', () => {
  it('lists each executed instruction with the registers it read and what it wrote, for one lane', () => {
    const exe = compile('vs_2_0\ndcl_position v0\nmov r0, c0\nrep i0\nadd r0, r0, v0\nendrep\nmov oPos, r0');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([1, 1, 1, 1]);
    k.i.set([2, 0, 0, 0]);
    setReg(io.inputs, 0, 0, [1, 2, 3, 4]);
    setReg(io.inputs, 0, 1, [10, 20, 30, 40]);
    const steps = traceRun(exe, io, k, 2, 1);
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 3, 4, 5]);
    const adds = steps.filter((s) => s.index === 3);
    expect(adds[0].read).toEqual([{ name: 'r0', value: [1, 1, 1, 1] }, { name: 'v0', value: [10, 20, 30, 40] }]);
    expect(adds[0].wrote).toEqual({ name: 'r0', value: [11, 21, 31, 41] });
    expect(steps[steps.length - 1].wrote).toEqual({ name: 'oPos', value: [21, 41, 61, 81] });
    expect(steps[2].wrote).toBeUndefined();
    expect(steps[2].active).toBe(0b11);
    // a watched run computes what run() computes
    expect(getReg(io.outputs, 0, 0)).toEqual([3, 5, 7, 9]);
  });

  it('shows both halves of a co-issued pair, each reading the registers as they were before either wrote', () => {
    const exe = compile('ps_1_1\nmov r0, c0\nadd r0.rgb, r0, c1\n+mov r0.a, r0.b');
    const k = makeConstants();
    k.f.set([0.25, 0.25, 0.25, 0.5, 0.5, 0.5, 0.5, 0.125]);
    const steps = traceRun(exe, makeIO(), k, 1, 0);
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(steps[2].read).toEqual([{ name: 'r0', value: [0.25, 0.25, 0.25, 0.5] }]);
    expect(steps[1].wrote!.value).toEqual([0.75, 0.75, 0.75, 0.25]);
    expect(steps[2].wrote!.value).toEqual([0.75, 0.75, 0.75, 0.25]);
  });
});
