import { describe, expect, it } from 'vitest';
import { LOD } from '../../../src/driver/shader/index.js';
import { compile, f32, fakeSample, getReg, makeConstants, makeIO, run1, setReg, type SampleCall } from './harness.js';

describe('arithmetic writes float32 through the write mask', () => {
  it('mov, add, mul, mad, dp3, dp4 compute what their pages say', () => {
    const cases: Array<[string, number[]]> = [
      ['mov oC0, c0', [0.25, -2, 3, 0.1]],
      ['add oC0, c0, c1', [1.25, -1.5, 3.5, 1.1]],
      ['mul oC0, c0, c1', [0.25, -1, 1.5, 0.1]],
      ['mad oC0, c0, c1, c2', [2.25, 1, 3.5, 0.1]],
      ['dp3 oC0, c0, c1', [0.25 - 1 + 1.5, 0.25 - 1 + 1.5, 0.75, 0.75]],
      ['dp4 oC0, c0, c1', [0.85, 0.85, 0.85, 0.85]],
    ];
    for (const [line, want] of cases) {
      const { out } = run1(`ps_2_0\n${line}`, { consts: [[0.25, -2, 3, 0.1], [1, 0.5, 0.5, 1], [2, 2, 2, 0]] });
      expect(out, line).toEqual(want.map(f32));
    }
  });

  it('a write mask leaves the other components, swizzles and negation apply per component', () => {
    const { out } = run1('vs_2_0\ndcl_position v0\nmov r0, c1\nmov r0.yw, -c0.wzyx\nmov oPos, r0', { consts: [[1, 2, 3, 4], [9, 9, 9, 9]] });
    expect(out).toEqual([9, -3, 9, -1]);
  });

  it('mad rounds once, at the write (no float32 product in between)', () => {
    // 1/3 · 3 − 1 in doubles of float32 inputs: f32(1/3)·3 − 1 = 2^-25·… a value a rounded product would lose
    const third = f32(1 / 3);
    const { out } = run1('ps_2_0\nmad oC0, c0, c1, -c2', { consts: [[third, 0, 0, 0], [3, 0, 0, 0], [1, 0, 0, 0]] });
    expect(out[0]).toBe(f32(third * 3 - 1));
    expect(out[0]).not.toBe(0);
  });
});

describe('texld', () => {
  it('samples the declared unit with derivatives from the quad (lane = (y&1)*2 + (x&1))', () => {
    const calls: SampleCall[] = [];
    const exe = compile('ps_2_0\ndcl t0\ndcl_2d s3\ntexld r0, t0, s3\nmov oC0, r0');
    const io = makeIO(fakeSample(calls));
    for (let l = 0; l < 4; l++) setReg(io.inputs, 2, l, [0.5 + 0.25 * (l & 1), 0.5 + 0.125 * (l >> 1), 7, 1]);
    exe.run(io, makeConstants(), 4);
    expect(calls).toHaveLength(4);
    for (const c of calls) {
      expect(c.unit).toBe(3);
      expect(c.w).toBe(0); // a 2D sampler takes no third coordinate
      expect(c.d).toEqual([0.25, 0, 0, 0, 0.125, 0]);
      expect(c.lodMode).toBe(LOD.IMPLICIT);
    }
    expect(getReg(io.outputs, 0, 3)).toEqual([0.75, 0.625, 0, 3]);
    expect(exe.usesDerivatives).toBe(true);
    expect(exe.samplers).toBe(1 << 3);
    expect(exe.colorOutputs).toBe(1);
  });
});
