/**
 * shader.*: the compiled shader path against the interpreter on the same program and quads, in
 * Mpix/s (a pixel is one lane of a 2×2 quad): a per-pixel lit, textured ps_2_0 shader (texld with
 * derivatives, three nrm, dp3_sat, pow, mad) run on seeded interpolants with a point sampler over
 * a float texture, so the figure is the shader's own cost. Both paths write the same bits (the
 * equivalence test), so the ratio is the speed-up of compiling.
 */
import { assemble, parseShader, type ShaderProgram } from '../src/shader/index.js';
import { createExecutable, LANES, SLOT, type ShaderConstants, type ShaderExecutable, type ShaderIO, type ShaderSample } from '../src/driver/shader/index.js';
import { compiledExecutable, isCompiled } from '../src/driver/shader/compile.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

/** Per-pixel lit, textured ps_2_0: diffuse and Blinn-Phong specular from interpolated normal, light and eye vectors. */
export const LIT_TEXTURED_PS20 = `ps_2_0
def c4, 0.5, 2, 16, 1
dcl t0.xy
dcl t1.xyz
dcl t2.xyz
dcl t3.xyz
dcl_2d s0
texld r0, t0, s0
nrm r1.xyz, t1
nrm r2.xyz, t2
nrm r3.xyz, t3
dp3_sat r4.x, r1, r2
add r5.xyz, r2, r3
nrm r6.xyz, r5
dp3_sat r4.y, r1, r6
pow r4.z, r4.y, c4.z
mad r7, c0, r4.x, c1
mul r7, r7, r0
mad r7.xyz, c2, r4.z, r7
mov oC0, r7`;

const QUADS = 4096;
const TEX = 64;

function program(text: string): ShaderProgram {
  const a = assemble(text);
  if (!a.ok) throw new Error(`bench shader: ${a.error.line}:${a.error.column} ${a.error.message}`);
  const p = parseShader(a.tokens);
  if (!p.ok) throw new Error(`bench shader: ${p.error.message}`);
  return p.program;
}

/** A point sampler over a seeded TEX×TEX RGBA float texture (wrap addressing). */
function pointSampler(seed: number): ShaderSample {
  const texels = new Float32Array(TEX * TEX * 4);
  let a = seed >>> 0;
  for (let i = 0; i < texels.length; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    texels[i] = (a >>> 8) / 16777216;
  }
  return (_unit, a, _lodMode, out, o) => {
    const u = a[0], v = a[1];
    const x = Math.floor(u * TEX) & (TEX - 1), y = Math.floor(v * TEX) & (TEX - 1);
    const i = (y * TEX + x) * 4;
    out[o] = texels[i]; out[o + 1] = texels[i + 1]; out[o + 2] = texels[i + 2]; out[o + 3] = texels[i + 3];
  };
}

/** Seeded interpolants for QUADS quads: t0 (uv), t1 (normal), t2 (light), t3 (eye), each quad's 4 lanes. */
function interpolants(seed: number): Float32Array {
  const q = new Float32Array(QUADS * 4 * SLOT);
  let a = seed >>> 0;
  for (let i = 0; i < q.length; i++) {
    a = (Math.imul(a, 22695477) + 1) >>> 0;
    q[i] = (a >>> 8) / 8388608 - 1;
  }
  return q;
}

/** Runs every quad through `exe`; the inputs of quad n are copied into slots t0..t3 first (as a draw does). */
function runQuads(exe: ShaderExecutable, io: ShaderIO, k: ShaderConstants, data: Float32Array): number {
  let sum = 0;
  const t0 = 2 * SLOT;
  for (let n = 0; n < QUADS; n++) {
    io.inputs.set(data.subarray(n * 4 * SLOT, (n + 1) * 4 * SLOT), t0);
    exe.run(io, k, LANES);
    sum += io.outputs[0];
  }
  return sum;
}

export const shader: Benchmark = {
  name: 'shader',
  run(ctx: BenchContext): Result[] {
    const p = program(LIT_TEXTURED_PS20);
    const compiled = compiledExecutable(p);
    if (!isCompiled(compiled)) throw new Error('bench shader: the compiled path left the program to the interpreter');
    const interp = createExecutable(p, { interpret: true });
    const io = (): ShaderIO => ({
      inputs: new Float32Array(16 * SLOT), outputs: new Float32Array(4 * SLOT), position: new Float32Array(LANES * 4),
      face: new Float32Array(LANES), depth: new Float32Array(LANES), killed: new Uint8Array(LANES), sample: pointSampler(5),
    });
    const k: ShaderConstants = { f: new Float32Array(256 * 4), i: new Int32Array(16 * 4), b: new Uint8Array(16) };
    k.f.set([0.8, 0.7, 0.6, 1, 0.1, 0.1, 0.15, 0, 0.5, 0.5, 0.5, 0]);
    const data = interpolants(9);
    const ioC = io(), ioI = io();
    const t = timePair(() => runQuads(compiled, ioC, k, data), () => runQuads(interp, ioI, k, data), ctx.timing);
    ctx.log(`shader.ps20_lit_textured: compiled ${describe(t.ours)}, interpreter ${describe(t.baseline)}`);
    const pixels = QUADS * LANES;
    const ours = pixels / t.ours.median / 1e6;
    const base = pixels / t.baseline.median / 1e6;
    return [{
      row: { name: 'shader.ps20_lit_textured', unit: 'Mpix/s', value: ours, baseline: 'the shader interpreter on the same quads', baselineValue: base, ratio: ours / base },
      goal: '>= 10',
    }];
  },
};
