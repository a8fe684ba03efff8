/**
 * Texture instructions against their pages: which unit, which coordinates, which level mode, and
 * the ps_1_x texture-addressing arithmetic (texbem's matrix, texm3x2/texm3x3 dot products, the
 * reflection of texm3x3spec/vspec, texdepth and texm3x2depth).
 */
import { describe, expect, it } from 'vitest';
import { createExecutable, LOD, PS_IN, type ShaderConstants } from '../../../src/driver/shader/index.js';
import { compile, f32, fakeSample, program, getReg, makeConstants, makeIO, setReg, type SampleCall } from './harness.js';

/** Runs a pixel shader on `lanes` lanes with texture coordinates tN = coords[N] (the same on each lane unless given per lane). */
function runPs(text: string, coords: number[][], opts: { consts?: number[][]; bump?: number[]; lanes?: number; perLane?: number[][][] } = {}) {
  const calls: SampleCall[] = [];
  const exe = compile(text);
  const io = makeIO(fakeSample(calls));
  const k = makeConstants();
  (opts.consts ?? []).forEach((v, n) => k.f.set(v, n * 4));
  const lanes = opts.lanes ?? 1;
  for (let l = 0; l < lanes; l++) (opts.perLane?.[l] ?? coords).forEach((v, n) => setReg(io.inputs, PS_IN.T0 + n, l, v));
  const constants: ShaderConstants = opts.bump ? { ...k, bump: Float32Array.from(opts.bump) } : k;
  exe.run(io, constants, lanes);
  return { calls, io, exe, out: getReg(io.outputs, 0) };
}

describe('SM2/SM3 sampling', () => {
  it('texldp divides x, y, z by w; texldb passes w as a bias; texldl passes w as the level', () => {
    const t = [[1, 2, 3, 4]];
    expect(runPs('ps_2_0\ndcl t0\ndcl_volume s0\ntexldp r0, t0, s0\nmov oC0, r0', t).calls[0]).toMatchObject({ u: 0.25, v: 0.5, w: 0.75, lodMode: LOD.IMPLICIT });
    expect(runPs('ps_2_0\ndcl t0\ndcl_2d s0\ntexldb r0, t0, s0\nmov oC0, r0', t).calls[0]).toMatchObject({ u: 1, v: 2, w: 0, lodMode: LOD.BIAS, lod: 4 });
    expect(runPs('ps_3_0\ndcl_texcoord0 v0\ndcl_cube s2\ntexldl r0, v0, s2\nmov oC0, r0', []).calls[0]).toMatchObject({ unit: 2, lodMode: LOD.EXPLICIT });
  });

  it('a cube or volume sampler gets the third coordinate, a 2D one does not', () => {
    const t = [[0.5, 0.25, -1, 1]];
    expect(runPs('ps_2_0\ndcl t0\ndcl_cube s1\ntexld r0, t0, s1\nmov oC0, r0', t).calls[0]).toMatchObject({ unit: 1, u: 0.5, v: 0.25, w: -1 });
    expect(runPs('ps_2_0\ndcl t0\ndcl_2d s1\ntexld r0, t0, s1\nmov oC0, r0', t).calls[0].w).toBe(0);
  });

  it('texldd takes its derivatives from the third and fourth sources', () => {
    const { calls } = runPs('ps_2_x\ndcl t0\ndcl_volume s0\ntexldd r0, t0, s0, c0, c1\nmov oC0, r0', [[0, 0, 0, 1]], { consts: [[1, 2, 3, 0], [4, 5, 6, 0]] });
    expect(calls[0].d).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('texldl in a vertex shader samples with an explicit level', () => {
    const exe = compile('vs_3_0\ndcl_position v0\ndcl_2d s3\ndcl_position o0\ntexldl r0, c0, s3\nmov o0, r0');
    const calls: SampleCall[] = [];
    const io = makeIO(fakeSample(calls));
    const k = makeConstants();
    k.f.set([0.5, 0.5, 0, 2]);
    exe.run(io, k, 1);
    expect(calls[0]).toMatchObject({ unit: 3, lodMode: LOD.EXPLICIT, lod: 2 });
    expect(exe.samplers).toBe(1 << 3);
    expect(getReg(io.outputs, 0)).toEqual([0.5, 0.5, 0, 3]);
  });

  it('dsx/dsy are the differences across the quad\'s columns and rows', () => {
    const per = [0, 1, 2, 3].map((l) => [[(l & 1) * 3 + (l >> 1) * 0.5, (l >> 1) * 7, 0, 0]]);
    const x = runPs('ps_2_x\ndcl t0\ndsx r0, t0\nmov oC0, r0', [], { lanes: 4, perLane: per });
    const y = runPs('ps_2_x\ndcl t0\ndsy r0, t0\nmov oC0, r0', [], { lanes: 4, perLane: per });
    for (let l = 0; l < 4; l++) {
      expect(getReg(x.io.outputs, 0, l).slice(0, 2)).toEqual([3, 0]);
      expect(getReg(y.io.outputs, 0, l).slice(0, 2)).toEqual([0.5, 7]);
    }
    expect(x.exe.usesDerivatives).toBe(true);
  });

  it('texkill discards the lanes where any of x, y, z, w is negative (ps_2_0 tests w too, as Windows does: visual.c texkill_test)', () => {
    const per = [[[0, 0, 0, -1]], [[-0.1, 0, 0, 0]], [[0, 0, -2, 0]], [[1, 1, 1, 1]]];
    for (const interpret of [false, true]) {
      const exe = createExecutable(program('ps_2_0\ndcl t0\ntexkill t0\nmov oC0, t0'), { interpret });
      const io = makeIO(fakeSample());
      for (let l = 0; l < 4; l++) setReg(io.inputs, PS_IN.T0, l, per[l][0]);
      exe.run(io, makeConstants(), 4);
      expect(Array.from(io.killed), interpret ? 'interpreter' : 'compiled').toEqual([1, 1, 1, 0]);
    }
    const { io, exe } = runPs('ps_2_0\ndcl t0\ntexkill t0\nmov oC0, t0', [], { lanes: 4, perLane: per });
    expect(Array.from(io.killed)).toEqual([1, 1, 1, 0]);
    // the next run on the same arrays starts with no lane discarded
    for (let l = 0; l < 4; l++) setReg(io.inputs, PS_IN.T0, l, [1, 1, 1, 1]);
    exe.run(io, makeConstants(), 4);
    expect(Array.from(io.killed)).toEqual([0, 0, 0, 0]);
  });

  it('ps_1_1 and ps_1_4 texkill test x, y, z only (w is ignored)', () => {
    const per = [[[0, 0, 0, -1]], [[-0.1, 0, 0, 0]], [[0, 0, -2, 0]], [[1, 1, 1, 1]]];
    for (const text of ['ps_1_1\ntexkill t0\nmov r0, v0', 'ps_1_4\ntexkill t0\nmov r0, v0']) {
      for (const interpret of [false, true]) {
        const exe = createExecutable(program(text), { interpret });
        const io = makeIO(fakeSample());
        for (let l = 0; l < 4; l++) setReg(io.inputs, PS_IN.T0, l, per[l][0]);
        exe.run(io, makeConstants(), 4);
        expect(Array.from(io.killed), `${text.slice(0, 6)} ${interpret ? 'interpreter' : 'compiled'}`).toEqual([0, 1, 1, 0]);
      }
    }
  });

  it('vPos and vFace read the position and face of each lane', () => {
    const exe = compile('ps_3_0\nmov r0, vPos\nmul r0.z, vFace, c0.x\nmov oC0, r0');
    const io = makeIO();
    const k = makeConstants();
    k.f.set([2, 0, 0, 0]);
    io.position.set([10, 20, 0, 0, 11, 20, 0, 0]);
    io.face.set([1, -1]);
    exe.run(io, k, 2);
    expect(getReg(io.outputs, 0, 0).slice(0, 3)).toEqual([10, 20, 2]);
    expect(getReg(io.outputs, 0, 1).slice(0, 3)).toEqual([11, 20, -2]);
  });

  it('oDepth writes the lane\'s depth', () => {
    const { io, exe } = runPs('ps_2_0\nmov oDepth, c0.y\nmov oC0, c0', [], { consts: [[0, 0.25, 0, 0]] });
    expect(io.depth[0]).toBe(0.25);
    expect(exe.writesDepth).toBe(true);
  });
});

describe('ps_1_1–1_3 texture addressing', () => {
  it('tex tN samples stage N at texture coordinates N', () => {
    const { calls, out } = runPs('ps_1_1\ntex t1\nmov r0, t1', [[9, 9, 9, 9], [0.5, 0.25, 0.125, 1]]);
    expect(calls[0]).toMatchObject({ unit: 1, u: 0.5, v: 0.25, w: 0.125 });
    expect(out).toEqual([0.5, 0.25, 0.125, 1]);
  });

  it('tex honours D3DTTFF_PROJECTED: COUNT3 divides by z, COUNT4 by w, without the flag nothing', () => {
    const run = (flags: number): SampleCall => {
      const calls: SampleCall[] = [];
      const exe = compile('ps_1_1\ntex t0\nmov r0, t0');
      const io = makeIO(fakeSample(calls));
      setReg(io.inputs, PS_IN.T0, 0, [1, 0.5, 2, 4]);
      exe.run(io, { ...makeConstants(), textureTransformFlags: Uint32Array.of(flags) }, 1);
      return calls[0];
    };
    expect(run(256 | 3)).toMatchObject({ u: 0.5, v: 0.25, w: 1 });
    expect(run(256 | 4)).toMatchObject({ u: 0.25, v: 0.125, w: 0.5 });
    expect(run(4)).toMatchObject({ u: 1, v: 0.5, w: 2 });
  });

  it('texcoord gives the coordinates clamped to [0, 1] with w = 1', () => {
    expect(runPs('ps_1_1\ntexcoord t0\nmov r0, t0', [[1.5, -0.5, 0.25, 7]]).out).toEqual([1, 0, 0.25, 1]);
  });

  it('texkill tests the texture coordinates', () => {
    expect(runPs('ps_1_1\ntexkill t0\nmov r0, c0', [[0.5, -0.5, 0, 0]]).io.killed[0]).toBe(1);
    expect(runPs('ps_1_1\ntexkill t0\nmov r0, c0', [[0.5, 0.5, 0, -1]]).io.killed[0]).toBe(0);
  });

  // stage 1 matrix: M00 1, M01 0.5, M10 0.25, M11 2; LSCALE 2, LOFFSET 0.5
  const bump = [0, 0, 0, 0, 0, 0, 1, 0.5, 0.25, 2, 2, 0.5];
  const du = 0.5, dv = -0.25;

  it('texbem: u\' = u + M00·du + M10·dv, v\' = v + M01·du + M11·dv with stage m\'s matrix', () => {
    const { calls } = runPs('ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1', [[du, dv, 0.75, 1], [0.1, 0.2, 0, 1]], { bump });
    expect(calls[1].unit).toBe(1);
    expect(calls[1].u).toBe(f32(0.1) + 1 * du + 0.25 * dv);
    expect(calls[1].v).toBe(f32(0.2) + 0.5 * du + 2 * dv);
  });

  it('texbem on a stage with COUNT4 | PROJECTED divides its coordinates by q before the offset (visual.c texbem_test)', () => {
    const calls: SampleCall[] = [];
    const exe = compile('ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1');
    const io = makeIO(fakeSample(calls));
    setReg(io.inputs, PS_IN.T0, 0, [du, dv, 0.75, 1]);
    setReg(io.inputs, PS_IN.T0 + 1, 0, [12.8, 25.6, 0, 128]);
    exe.run(io, { ...makeConstants(), bump: Float32Array.from(bump), textureTransformFlags: Uint32Array.of(0, 256 | 4) }, 1);
    expect(calls[1].u).toBeCloseTo(0.1 + 1 * du + 0.25 * dv, 6);
    expect(calls[1].v).toBeCloseTo(0.2 + 0.5 * du + 2 * dv, 6);
  });

  it('texbeml scales the sample by src.b · LSCALE + LOFFSET', () => {
    const { out } = runPs('ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1', [[du, dv, 0.25, 1], [0, 0, 0, 1]], { bump });
    const lum = 0.25 * 2 + 0.5;
    expect(out[0]).toBe(f32(f32(1 * du + 0.25 * dv) * lum));
    expect(out[3]).toBe(1 * lum); // the fake texel's alpha is the unit number, 1
  });

  it('texm3x2pad/texm3x2tex sample stage m+1 at two dot products', () => {
    const { calls } = runPs('ps_1_1\ntex t0\ntexm3x2pad t1, t0\ntexm3x2tex t2, t0\nmov r0, t2', [[0.5, 0.25, 1, 0], [1, 2, 3, 0], [0, 1, 0, 0]]);
    expect(calls[1]).toMatchObject({ unit: 2, u: 0.5 + 0.5 + 3, v: 0.25 });
  });

  it('texm3x3pad ×2 and texm3x3tex sample stage m+2 at three dot products', () => {
    const { calls } = runPs('ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3tex t3, t0\nmov r0, t3', [[0.5, 0.25, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]);
    expect(calls[1]).toMatchObject({ unit: 3, u: 0.5, v: 0.25, w: 1 });
  });

  it('texm3x3spec reflects the constant eye vector about the normal: R = 2·N·(N·E)/(N·N) − E', () => {
    // N = (0, 0, 1), E = (0.5, 0, 0.5): R = 2·(0,0,1)·0.5 − E = (−0.5, 0, 0.5)
    const { calls } = runPs('ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3spec t3, t0, c0\nmov r0, t3', [[0, 0, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]], { consts: [[0.5, 0, 0.5, 0]] });
    expect(calls[1]).toMatchObject({ unit: 3, u: -0.5, v: 0, w: 0.5 });
  });

  it('texm3x3vspec takes the eye vector from the w of the three rows\' coordinates', () => {
    const { calls } = runPs('ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3vspec t3, t0\nmov r0, t3', [[0, 0, 1, 0], [1, 0, 0, 0.5], [0, 1, 0, 0], [0, 0, 1, 0.5]]);
    expect(calls[1]).toMatchObject({ unit: 3, u: -0.5, v: 0, w: 0.5 });
  });

  it('texreg2ar samples at (a, r) and texreg2gb at (g, b) of the source', () => {
    const t = [[0.5, 0.25, 0.125, 1], [0, 0, 0, 0]];
    expect(runPs('ps_1_1\ntex t0\ntexreg2ar t1, t0\nmov r0, t1', t).calls[1]).toMatchObject({ unit: 1, u: 0, v: 0.5 });
    expect(runPs('ps_1_1\ntex t0\ntexreg2gb t1, t0\nmov r0, t1', t).calls[1]).toMatchObject({ unit: 1, u: 0.25, v: 0.125 });
    expect(runPs('ps_1_2\ntex t0\ntexreg2rgb t1, t0\nmov r0, t1', t).calls[1]).toMatchObject({ unit: 1, u: 0.5, v: 0.25, w: 0.125 });
  });

  it('texdp3tex samples at (dot, 0); texdp3 and texm3x3 give the dot products as a colour', () => {
    const t = [[0.5, 0.25, 1, 0], [1, 2, 3, 0], [0, 1, 0, 0], [0, 0, 1, 0]];
    expect(runPs('ps_1_2\ntex t0\ntexdp3tex t1, t0\nmov r0, t1', t).calls[1]).toMatchObject({ unit: 1, u: 4, v: 0 });
    expect(runPs('ps_1_2\ntex t0\ntexdp3 t1, t0\nmov r0, t1', t).out).toEqual([4, 4, 4, 4]);
    expect(runPs('ps_1_2\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3 t3, t0\nmov r0, t3', t).out).toEqual([4, 0.25, 1, 1]);
  });

  it('texm3x2depth writes z/w of the two dot products as the depth (1 when w is 0)', () => {
    const t = [[0.5, 0.25, 1, 0], [1, 0, 0, 0], [0, 0, 2, 0]];
    const { io, exe } = runPs('ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, c0', t);
    expect(io.depth[0]).toBe(0.25);
    expect(exe.writesDepth).toBe(true);
    expect(runPs('ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, c0', [t[0], t[1], [0, 0, 0, 0]]).io.depth[0]).toBe(1);
  });
});

describe('ps_1_4', () => {
  it('texld samples stage N (the destination\'s number) at a t register, _dz divides by z', () => {
    const { calls } = runPs('ps_1_4\ntexld r2, t0_dz\nmov r0, r2', [[1, 0.5, 2, 1]]);
    expect(calls[0]).toMatchObject({ unit: 2, u: 0.5, v: 0.25 });
  });

  it('texcrd copies coordinates; after phase a dependent texld reads an r register', () => {
    const { calls, out } = runPs('ps_1_4\ntexcrd r1.rgb, t1\nphase\ntexld r3, r1\nmov r0, r3', [[0, 0, 0, 0], [0.25, 0.5, 0.75, 1]]);
    expect(calls[0]).toMatchObject({ unit: 3, u: 0.25, v: 0.5 });
    expect(out).toEqual([0.25, 0.5, 0.75, 3]);
  });

  it('bem: r.rg = src0.rg + the stage\'s matrix times src1.rg', () => {
    const bump = [0, 0, 0, 0, 0, 0, 1, 0.5, 0.25, 2, 0, 0];
    const { out } = runPs('ps_1_4\nbem r1.rg, c0, c1\nmov r0, r1', [], { consts: [[0.5, 0.5, 0, 0], [0.5, -0.25, 0, 0]], bump });
    expect(out.slice(0, 2)).toEqual([0.5 + 0.5 - 0.0625, 0.5 + 0.25 - 0.5]);
  });

  it('texdepth: depth = r5.r / r5.g, 1 when r5.g is 0', () => {
    const run = (r: number, g: number): number => runPs('ps_1_4\nmov r5.rg, c0\nphase\ntexdepth r5\nmov r0, c1', [], { consts: [[r, g, 0, 0]] }).io.depth[0];
    expect(run(0.25, 0.5)).toBe(0.5);
    expect(run(0.25, 0)).toBe(1);
  });
});
