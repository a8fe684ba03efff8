/** Runs assembled shaders on plain arrays: the interpreter without a device. */
import { assemble, parseShader, type ShaderProgram } from '../../../src/shader/index.js';
import { createExecutable, LANES, SLOT, type ShaderConstants, type ShaderExecutable, type ShaderIO, type ShaderSample } from '../../../src/driver/shader/index.js';

/** The parsed program of shader assembly `text` (throws on a mistake in the text). */
export function program(text: string): ShaderProgram {
  const a = assemble(text);
  if (!a.ok) throw new Error(`assemble: ${a.error.line}:${a.error.column} ${a.error.message}`);
  const p = parseShader(a.tokens);
  if (!p.ok) throw new Error(`parse: ${p.error.offset} ${p.error.message}`);
  return p.program;
}

export function compile(text: string): ShaderExecutable {
  return createExecutable(program(text));
}

export interface SampleCall { unit: number; u: number; v: number; w: number; d: number[]; lodMode: number; lod: number }

/** A fake sampler: returns (u, v, w, unit) and records its calls. */
export function fakeSample(calls: SampleCall[] = []): ShaderSample {
  return (unit, a, lodMode, out, o) => {
    const u = a[0], v = a[1], w = a[2], lod = a[3], dudx = a[4], dvdx = a[5], dwdx = a[6], dudy = a[8], dvdy = a[9], dwdy = a[10];
    calls.push({ unit, u, v, w, d: [dudx, dvdx, dwdx, dudy, dvdy, dwdy], lodMode, lod });
    out[o] = u; out[o + 1] = v; out[o + 2] = w; out[o + 3] = unit;
  };
}

export function makeIO(sample: ShaderSample = fakeSample()): ShaderIO {
  return {
    inputs: new Float32Array(16 * SLOT),
    outputs: new Float32Array(13 * SLOT),
    position: new Float32Array(LANES * 4),
    face: new Float32Array(LANES),
    depth: new Float32Array(LANES),
    killed: new Uint8Array(LANES),
    sample,
    stats: { executed: 0, capped: false },
  };
}

export function makeConstants(): ShaderConstants & { f: Float32Array; i: Int32Array; b: Uint8Array } {
  return { f: new Float32Array(256 * 4), i: new Int32Array(16 * 4), b: new Uint8Array(16) };
}

export function setReg(arr: Float32Array, slot: number, lane: number, v: readonly number[]): void {
  for (let c = 0; c < 4; c++) arr[(slot * LANES + lane) * 4 + c] = v[c] ?? 0;
}

export function getReg(arr: Float32Array, slot: number, lane = 0): number[] {
  return Array.from(arr.subarray((slot * LANES + lane) * 4, (slot * LANES + lane) * 4 + 4));
}

/**
 * Runs a shader on one lane with constants c0.. = `consts` (and inputs v0.. = `inputs`) and returns
 * output slot `slot` of lane 0.
 */
export function run1(text: string, opts: { consts?: number[][]; inputs?: number[][]; ints?: number[][]; bools?: number[]; slot?: number; lanes?: number } = {}): { out: number[]; io: ShaderIO; exe: ShaderExecutable } {
  const exe = compile(text);
  const io = makeIO();
  const k = makeConstants();
  (opts.consts ?? []).forEach((v, n) => k.f.set(v, n * 4));
  (opts.ints ?? []).forEach((v, n) => k.i.set(v, n * 4));
  (opts.bools ?? []).forEach((v, n) => { k.b[n] = v; });
  for (let l = 0; l < (opts.lanes ?? 1); l++) (opts.inputs ?? []).forEach((v, n) => setReg(io.inputs, n, l, v));
  exe.run(io, k, opts.lanes ?? 1);
  return { out: getReg(io.outputs, opts.slot ?? 0), io, exe };
}

export const f32 = (x: number): number => Math.fround(x);
