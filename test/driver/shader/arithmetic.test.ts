/**
 * The numbers of each arithmetic instruction, checked against the instruction pages of Microsoft's
 * asm reference (pseudocode quoted in ops.ts) and the values Wine's d3d9 visual tests expect.
 */
import { describe, expect, it } from 'vitest';
import { FLT_MAX } from '../../../src/driver/shader/ops.js';
import { f32, run1 } from './harness.js';

const ps2 = (body: string, consts: number[][]): number[] => run1(`ps_2_0\n${body}`, { consts }).out;
const ps3 = (body: string, consts: number[][]): number[] => run1(`ps_3_0\n${body}`, { consts }).out;
const vs = (version: string, body: string, consts: number[][]): number[] => run1(`${version}\ndcl_position v0\n${body}`, { consts }).out;

describe('scalar instructions replicate their result and read x of the swizzled source', () => {
  it('rcp: 1/x, exactly 1 for 1, +infinity for ±0', () => {
    expect(ps2('rcp r0, c0.x\nmov oC0, r0', [[4, 9, 9, 9]])).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(ps2('rcp r0, c0.y\nmov oC0, r0', [[4, 1, 9, 9]])[0]).toBe(1);
    expect(ps2('rcp r0, c0.z\nmov oC0, r0', [[4, 1, 0, 9]])[0]).toBe(Infinity);
    expect(ps2('rcp r0, -c0.z\nmov oC0, r0', [[4, 1, 0, 9]])[0]).toBe(Infinity);
    // no replicate swizzle: the x component
    expect(ps2('rcp r0, c0\nmov oC0, r0', [[2, 4, 8, 16]])[3]).toBe(0.5);
  });

  it('rsq takes |x| and gives +infinity for 0', () => {
    expect(ps2('rsq r0, c0.x\nmov oC0, r0', [[-4, 0, 0, 0]])[0]).toBe(0.5);
    expect(ps2('rsq r0, c0.y\nmov oC0, r0', [[-4, 0, 0, 0]])[0]).toBe(Infinity);
  });

  it('exp is 2^x, log is log2|x| with −FLT_MAX for 0', () => {
    expect(ps2('exp r0, c0.x\nmov oC0, r0', [[3, 0, 0, 0]])[0]).toBe(8);
    expect(ps2('exp r0, c0.x\nmov oC0, r0', [[-1, 0, 0, 0]])[0]).toBe(0.5);
    expect(ps2('log r0, c0.x\nmov oC0, r0', [[-8, 0, 0, 0]])[0]).toBe(3);
    expect(ps2('log r0, c0.y\nmov oC0, r0', [[-8, 0, 0, 0]])[0]).toBe(-FLT_MAX);
    expect(f32(-FLT_MAX)).toBe(-FLT_MAX);
  });

  it('vs_2_0 expp/logp are the scalar partial-precision forms', () => {
    expect(vs('vs_2_0', 'expp r0, c0.x\nmov oPos, r0', [[2.5, 0, 0, 0]])).toEqual(Array(4).fill(f32(2 ** 2.5)));
    expect(vs('vs_2_0', 'logp r0, c0.x\nmov oPos, r0', [[-0.25, 0, 0, 0]])).toEqual([-2, -2, -2, -2]);
  });

  it('vs_1_1 expp gives (2^floor(x), frac(x), 2^x, 1) and logp (exponent, mantissa, log2|x|, 1)', () => {
    expect(vs('vs_1_1', 'expp r0, c0.x\nmov oPos, r0', [[2.5, 0, 0, 0]])).toEqual([4, 0.5, f32(2 ** 2.5), 1]);
    expect(vs('vs_1_1', 'expp r0, c0.x\nmov oPos, r0', [[-1.25, 0, 0, 0]])).toEqual([0.25, 0.75, f32(2 ** -1.25), 1]);
    expect(vs('vs_1_1', 'logp r0, c0.x\nmov oPos, r0', [[-10, 0, 0, 0]])).toEqual([3, 1.25, f32(Math.log2(10)), 1]);
    expect(vs('vs_1_1', 'logp r0, c0.x\nmov oPos, r0', [[0.5, 0, 0, 0]])).toEqual([-1, 1, -1, 1]);
  });

  it('pow raises |x| (negative bases give the positive power)', () => {
    expect(ps2('pow r0, c0.x, c0.y\nmov oC0, r0', [[-2, 3, 0, 0]])[0]).toBe(8);
    expect(ps2('pow r0, c0.x, c0.y\nmov oC0, r0', [[4, 0.5, 0, 0]])[0]).toBe(2);
  });
});

describe('component-wise instructions', () => {
  it('min/max follow the pages\' (a < b) ? a : b and (a >= b) ? a : b, so a NaN picks the second source', () => {
    const c = [[NaN, 1, 2, -0], [1, NaN, 3, 0]];
    const mn = ps2('min r0, c0, c1\nmov oC0, r0', c);
    expect(mn[0]).toBe(1);
    expect(mn[1]).toBeNaN();
    expect(mn[2]).toBe(2);
    const mx = ps2('max r0, c0, c1\nmov oC0, r0', c);
    expect(mx[0]).toBe(1);
    expect(mx[1]).toBeNaN();
    expect(mx[2]).toBe(3);
  });

  it('slt/sge give 1 or 0 (Wine test_compare_instructions: sge of equal values is 1)', () => {
    const c = [[0.1, 0.5, 0.8, -1], [0.1, 0.6, 0.7, -1.5]];
    expect(vs('vs_1_1', 'slt r0, c0, c1\nmov oPos, r0', c)).toEqual([0, 1, 0, 0]);
    expect(vs('vs_1_1', 'sge r0, c0, c1\nmov oPos, r0', c)).toEqual([1, 0, 1, 1]);
  });

  it('frc is x − floor(x), in [0, 1) for negative values too', () => {
    expect(vs('vs_2_0', 'frc r0, c0\nmov oPos, r0', [[1.25, -0.25, -2, 3.5]])).toEqual([0.25, 0.75, 0, 0.5]);
  });

  it('sgn (vs_2_0 three-source form) gives −1, 0, 1', () => {
    expect(vs('vs_2_0', 'sgn r0, c0, r1, r2\nmov oPos, r0', [[-3, 0, 0.001, -0]])).toEqual([-1, 0, 1, 0]);
  });

  it('abs, lrp = a·(b − c) + c, cmp = (a >= 0) ? b : c', () => {
    expect(ps2('abs r0, c0\nmov oC0, r0', [[-1, 2, -0.5, 0]])).toEqual([1, 2, 0.5, 0]);
    expect(ps2('lrp r0, c0, c1, c2\nmov oC0, r0', [[0, 1, 0.25, 0.5], [4, 4, 4, 4], [2, 2, 2, 2]])).toEqual([2, 4, 2.5, 3]);
    expect(ps2('cmp r0, c0, c1, c2\nmov oC0, r0', [[0, -0.1, 1, -0], [1, 1, 1, 1], [2, 2, 2, 2]])).toEqual([1, 2, 1, 1]);
  });

  it('dp2add adds the replicated third source to a 2D dot product', () => {
    expect(ps2('dp2add r0, c0, c1, c2.w\nmov oC0, r0', [[1, 2, 100, 100], [3, 4, 100, 100], [0, 0, 0, 0.5]])).toEqual(Array(4).fill(11.5));
  });

  it('crs writes the cross product to x, y, z only', () => {
    expect(ps2('mov r0, c2\ncrs r0.xyz, c0, c1\nmov oC0, r0', [[1, 0, 0, 0], [0, 1, 0, 0], [7, 7, 7, 7]])).toEqual([0, 0, 1, 7]);
    expect(ps2('mov r0, c2\ncrs r0.xyz, c0, c1\nmov oC0, r0', [[1, 2, 3, 0], [4, 5, 6, 0], [7, 7, 7, 7]])).toEqual([-3, 6, -3, 7]);
  });

  it('nrm divides by the 3D length, and a zero vector scales by FLT_MAX (the nrm page) instead of giving NaN', () => {
    expect(ps2('nrm r0, c0\nmov oC0, r0', [[3, 0, 4, 10]])).toEqual([0.6, 0, 0.8, 2].map(f32));
    const z = ps2('nrm r0, c0\nmov oC0, r0', [[0, 0, 0, 0.5]]);
    expect(z).toEqual([0, 0, 0, f32(0.5 * FLT_MAX)]);
  });

  it('lit (the lit page): (1, max(x, 0), x > 0 && y > 0 ? y^w : 0, 1), power clamped to ±127.9961', () => {
    expect(vs('vs_1_1', 'lit r0, c0\nmov oPos, r0', [[0.5, 0.25, 9, 2]])).toEqual([1, 0.5, 0.0625, 1]);
    expect(vs('vs_1_1', 'lit r0, c0\nmov oPos, r0', [[-0.5, 0.25, 2, 9]])).toEqual([1, 0, 0, 1]);
    expect(vs('vs_1_1', 'lit r0, c0\nmov oPos, r0', [[0.5, 0, 2, 9]])).toEqual([1, 0.5, 0, 1]);
    expect(vs('vs_1_1', 'lit r0, c0\nmov oPos, r0', [[1, 2, 0, 200]])).toEqual([1, 1, f32(2 ** 127.9961), 1]);
  });

  it('dst (the dst page): (1, a.y·b.y, a.z, b.w)', () => {
    expect(vs('vs_1_1', 'dst r0, c0, c1\nmov oPos, r0', [[9, 2, 3, 9], [9, 4, 9, 5]])).toEqual([1, 8, 3, 5]);
  });

  it('sincos writes cos to x and sin to y only (SM3 one-source and vs_2_0 three-source forms)', () => {
    const want = [f32(Math.cos(0.5)), f32(Math.sin(0.5)), 7, 7];
    expect(ps3('mov r0, c1\nsincos r0.xy, c0.x\nmov oC0, r0', [[0.5, 0, 0, 0], [7, 7, 7, 7]])).toEqual(want);
    expect(vs('vs_2_0', 'mov r0, c1\nsincos r0.xy, c0.x, c2, c3\nmov oPos, r0', [[0.5, 0, 0, 0], [7, 7, 7, 7]])).toEqual(want);
    // a single-component mask writes only that one
    expect(ps3('mov r0, c1\nsincos r0.y, c0.x\nmov oC0, r0', [[0.5, 0, 0, 0], [7, 7, 7, 7]])).toEqual([7, want[1], 7, 7]);
  });

  it('m4x4, m4x3, m3x4, m3x3, m3x2 take one row per consecutive register and write their rows only', () => {
    const rows = [[1, 2, 3, 4], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [9, 9, 9, 9]];
    expect(vs('vs_1_1', 'm4x4 r0, c0, c1\nmov oPos, r0', rows)).toEqual([1, 2, 3, 4]);
    expect(vs('vs_1_1', 'mov r0, c5\nm4x3 r0.xyz, c0, c2\nmov oPos, r0', rows)).toEqual([2, 3, 4, 9]);
    expect(vs('vs_1_1', 'm3x4 r0, c0, c1\nmov oPos, r0', rows)).toEqual([1, 2, 3, 0]);
    expect(vs('vs_1_1', 'mov r0, c5\nm3x3 r0.xyz, c0, c1\nmov oPos, r0', rows)).toEqual([1, 2, 3, 9]);
    expect(vs('vs_1_1', 'mov r0, c5\nm3x2 r0.xy, c0, c3\nmov oPos, r0', rows)).toEqual([3, 0, 9, 9]);
  });
});

describe('address register', () => {
  // Wine visual.c test_mova: c7 → a0.x for mova (round to nearest, halves away from zero) and vs_1_1 mov (floor)
  const table: Array<[number, number, number]> = [[-2.4, -2, -3], [-1.6, -2, -2], [-0.4, 0, -1], [0.4, 0, 0], [1.6, 2, 1], [2.4, 2, 2], [-2.5, -3, -3], [2.5, 3, 2]];
  it('mova rounds to nearest with halves away from zero; vs_1_1 mov a0 floors', () => {
    for (const [x, mova, mov] of table) {
      const consts = [[x, 0, 0, 0]];
      for (let k = 1; k < 12; k++) consts.push([k - 6, 0, 0, 0]); // c1..c11 = −5..5: c[a0.x + 6] reads the index back
      expect(vs('vs_2_0', 'mova a0.x, c0.x\nmov oPos, c6[a0.x]', consts)[0], `mova ${x}`).toBe(mova);
      expect(vs('vs_1_1', 'mov a0.x, c0.x\nmov oPos, c6[a0.x]', consts)[0], `mov ${x}`).toBe(mov);
    }
  });

  it('def reaches constants past c2047 (software vertex processing has 8192), directly and relatively', () => {
    const exe = 'vs_2_0\ndcl_position v0\ndef c2050, 1, 2, 3, 4\nmova a0.x, c0.x\nadd oPos, c2050, c2048[a0.x]';
    expect(run1(exe, { consts: [[2, 0, 0, 0]] }).out).toEqual([2, 4, 6, 8]);
  });

  it('a relative read outside the constant file gives 0', () => {
    const consts = [[-3, 300, 0, 0], [5, 5, 5, 5]];
    expect(vs('vs_2_0', 'mova a0.x, c0.x\nmov oPos, c1[a0.x]', consts)).toEqual([0, 0, 0, 0]);
    expect(vs('vs_2_0', 'mova a0.y, c0.y\nmov oPos, c1[a0.y]', consts)).toEqual([0, 0, 0, 0]);
    expect(vs('vs_2_0', 'mova a0.x, c0.z\nmov oPos, c1[a0.x]', consts)).toEqual([5, 5, 5, 5]);
  });
});

describe('modifiers', () => {
  it('_sat clamps to [0, 1] and NaN to 0', () => {
    expect(ps2('mov_sat r0, c0\nmov oC0, r0', [[-1, 0.5, 2, NaN]])).toEqual([0, 0.5, 1, 0]);
  });

  it('SM3 _abs and negation', () => {
    expect(ps3('mov r0, -c0_abs\nmov oC0, r0', [[-1, 2, -0.5, 0]])).toEqual([-1, -2, -0.5, -0]);
  });

  it('ps_1_x source modifiers: _bias, _bx2, 1−x, _x2 and their negations', () => {
    const c = [[0.75, 0.25, 1, 0]];
    const ps14 = (src: string): number[] => run1(`ps_1_4\nmov r0, ${src}`, { consts: c }).out;
    expect(ps14('c0_bias')).toEqual([0.25, -0.25, 0.5, -0.5]);
    expect(ps14('-c0_bias')).toEqual([-0.25, 0.25, -0.5, 0.5]);
    expect(ps14('c0_bx2')).toEqual([0.5, -0.5, 1, -1]);
    expect(ps14('-c0_bx2')).toEqual([-0.5, 0.5, -1, 1]);
    expect(ps14('1-c0')).toEqual([0.25, 0.75, 0, 1]);
    expect(ps14('c0_x2')).toEqual([1.5, 0.5, 2, 0]);
    expect(ps14('-c0_x2')).toEqual([-1.5, -0.5, -2, -0]);
  });

  it('ps_1_x result shifts scale before _sat', () => {
    const c = [[0.5, 0.25, -0.5, 1]];
    const ps = (ins: string): number[] => run1(`ps_1_1\n${ins}`, { consts: c }).out;
    expect(ps('mov_x2 r0, c0')).toEqual([1, 0.5, -1, 2]);
    expect(ps('mov_x4 r0, c0')).toEqual([2, 1, -2, 4]);
    expect(ps('mov_d2 r0, c0')).toEqual([0.25, 0.125, -0.25, 0.5]);
    expect(ps('mov_x4_sat r0, c0')).toEqual([1, 1, 0, 1]);
    expect(run1('ps_1_4\nmov_x8 r0, c0', { consts: c }).out).toEqual([4, 2, -4, 8]);
    expect(run1('ps_1_4\nmov_d8 r0, c0', { consts: c }).out).toEqual([0.0625, 0.03125, -0.0625, 0.125]);
  });

  it('ps_1_x constants read as [−1, 1] and registers saturate at ±8 (PixelShader1xMaxValue)', () => {
    expect(run1('ps_1_4\ndef c1, 2, -3, 0.5, 1\nmov r0, c1', {}).out).toEqual([1, -1, 0.5, 1]);
    expect(run1('ps_1_4\nmov r0, c0', { consts: [[5, -5, 0.25, 0]] }).out).toEqual([1, -1, 0.25, 0]);
    expect(run1('ps_1_4\nmov_x8 r1, c0\nadd_x8 r0, r1, r1', { consts: [[1, -1, 0.25, 0]] }).out).toEqual([8, -8, 8, 0]);
    // ps_2_0 has neither range
    expect(ps2('mov r0, c0\nadd r0, r0, r0\nmov oC0, r0', [[5, -5, 0.25, 0]])).toEqual([10, -10, 0.5, 0]);
  });

  it('cnd: ps_1_1–1_3 pick by r0.a > 0.5, ps_1_4 per component', () => {
    const c = [[0.6, 0.4, 0.5, 0.75], [1, 1, 1, 1], [0, 0, 0, 0]];
    expect(run1('ps_1_1\nmov r0, c0\ncnd r0, r0.a, c1, c2', { consts: c }).out).toEqual([1, 1, 1, 1]);
    expect(run1('ps_1_1\nmov r0, c0\nmov r0.a, c0.z\ncnd r0, r0.a, c1, c2', { consts: c }).out).toEqual([0, 0, 0, 0]);
    expect(run1('ps_1_4\ncnd r0, c0, c1, c2', { consts: c }).out).toEqual([1, 0, 0, 1]);
  });

  it('co-issued instructions read their sources before either writes', () => {
    const c = [[0.25, 0.25, 0.25, 0.5], [0.5, 0.5, 0.5, 0.125]];
    // r0.a of the second reads r0 as it was before the first wrote r0.rgb
    expect(run1('ps_1_1\nmov r0, c0\nadd r0.rgb, r0, c1\n+mov r0.a, r0.b', { consts: c }).out).toEqual([0.75, 0.75, 0.75, 0.25]);
  });
});
