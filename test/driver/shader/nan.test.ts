/**
 * Every register write stores one NaN, 0x7fc00000, whatever NaN the operation produced (a payload
 * read from a vertex, a sign flipped by a source modifier, x86's negative default NaN from ∞ − ∞ or
 * 0 · ∞, or whichever NaN a dot product of NaN and infinite terms propagates), in the interpreter and
 * in the compiled path, also once V8's optimizer has compiled the run (the long suite runs that).
 * D3D9 leaves NaN payloads undefined: one pattern keeps the same trace giving the same bits.
 */
import { describe, expect, it } from 'vitest';
import { createExecutable, LANES, SLOT, type ShaderExecutable, type ShaderSample } from '../../../src/driver/shader/index.js';
import { compiledExecutable, compileProgram, isCompiled } from '../../../src/driver/shader/compile.js';
import { CANONICAL_NAN_BITS } from '../../../src/driver/shader/ops.js';
import { makeConstants, makeIO, program } from './harness.js';
import { LONG } from '../../helpers.js';


/** NaN bit patterns a vertex or a texture may hand a shader: payloads, both signs, signalling and quiet. */
const NANS = [0x7fa00005, 0xffa00005, 0x7f800001, 0xffc00001, 0x7fc00000, 0xffc00000, 0x7fffffff];
const INF = 0x7f800000;

// [what, shader]: each output component either a NaN or an ordinary number
const SHADERS: Array<[string, string]> = [
  ['vs_1_1: m4x4 and dp4 of NaN and infinite terms, a negated NaN, ∞ − ∞, 0 · ∞', `vs_1_1
dcl_position v0
dcl_normal v1
dcl_texcoord v2
mov r0, v2
mov r1, v1
m4x4 oPos, v0, c0
dp4 oT0.x, v1, r0
dp4 oT0.y, r0, v1
mov oT0.zw, -v0
add oT1, v2, -v2
mul oT2, v2, c8
mad oT3, v0, c8, r0
mov oD0, -v1
max oD1, v0, r1`],
  ['vs_3_0: moves, selections, rcp/rsq/log/pow of NaN, nrm of infinities', `vs_3_0
dcl_position v0
dcl_normal v1
dcl_texcoord v2
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord1 o2
dcl_texcoord2 o3
dcl_texcoord3 o4
mov r0, v2
mov o0, v0
rcp o1.x, v0.x
rsq o1.y, v0.y
log o1.z, v1.z
pow o1.w, v0.w, r0.x
nrm o2, v2
frc o3, v0
mov r1, v1
min o4, r1, -v0`],
  ['ps_2_0: texld of a NaN texel, derivative-free moves, oDepth', `ps_2_0
dcl t0
dcl t1
dcl_2d s0
texld r0, t1, s0
mov oC0, r0
add oC1, t0, -t0
mul oC2, t0, c0
lrp oC3, r0, t1, c1
mov oDepth, t0.x`],
  ['ps_3_0: dsx/dsy of NaN, sincos, dp2add', `ps_3_0
dcl_texcoord0 v0
dcl_texcoord1 v1
dsx r0, v0
dsy r1, v1
add oC0, r0, r1
sincos r2.xy, v0.x
mov oC1, r2
dp2add oC2, v0, v1, v1.z
mov oC3, -v0`],
];

/** A sampler handing back a NaN with a payload in red and ordinary numbers elsewhere. */
const nanSampler: ShaderSample = (_unit, a, _m, out, o) => {
  new Uint32Array(out.buffer, out.byteOffset)[o] = 0xffa00005;
  out[o + 1] = a[0]; out[o + 2] = 0.5; out[o + 3] = 1;
};

/** Runs `exe` on inputs and constants mixing NaN patterns, infinities and numbers (case `n`); returns the outputs and depth as bits. */
function runBits(exe: ShaderExecutable, n: number): number[] {
  const io = makeIO(nanSampler);
  const k = makeConstants();
  const u = new Uint32Array(io.inputs.buffer);
  for (let i = 0; i < 10 * SLOT; i++) {
    const r = (i * 7 + n * 13) % 5;
    u[i] = r === 0 ? NANS[(i + n) % NANS.length] : r === 1 ? (INF | ((i & 1) << 31)) >>> 0 : 0;
    if (r >= 2) io.inputs[i] = (i % 9) - 4 + r * 0.25;
  }
  const kf = new Uint32Array(k.f.buffer);
  for (let i = 0; i < 12 * 4; i++) kf[i] = i % 3 === 0 ? INF : i % 3 === 1 ? NANS[i % NANS.length] : 0;
  io.depth.fill(0.5);
  exe.run(io, k, LANES);
  return [...new Uint32Array(io.outputs.buffer), ...new Uint32Array(io.depth.buffer)];
}

const isNaNBits = (b: number): boolean => (b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0;

describe('a NaN written to any register is the one canonical NaN 0x7fc00000', () => {
  for (const [what, text] of SHADERS) {
    it(`${what}: both paths, every NaN output canonical, the same bits`, () => {
      const p = program(text);
      const c = compileProgram(p);
      expect(c.ok ? 'compiled' : c.reason).toBe('compiled');
      const compiled = compiledExecutable(p);
      expect(isCompiled(compiled)).toBe(true);
      const interp = createExecutable(p, { interpret: true });
      const runs = LONG ? 3000 : 40;
      let nans = 0;
      const stray = new Set<string>();
      for (let n = 0; n < runs; n++) {
        const a = runBits(interp, n % 10);
        const b = runBits(compiled, n % 10);
        for (const bits of [a, b]) for (const x of bits) if (isNaNBits(x)) { nans++; if (x !== CANONICAL_NAN_BITS) stray.add(x.toString(16)); }
        if (n < 10 || n === runs - 1) expect(b).toEqual(a);
      }
      expect([...stray]).toEqual([]);
      expect(nans).toBeGreaterThan(runs);
    });
  }

  it('0x7fc00000: positive, quiet, no payload', () => {
    expect(CANONICAL_NAN_BITS).toBe(0x7fc00000);
    const f = new Float32Array(1);
    f[0] = NaN;
    expect(new Uint32Array(f.buffer)[0]).toBe(CANONICAL_NAN_BITS);
  });
});
