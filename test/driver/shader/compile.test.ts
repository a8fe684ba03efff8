/**
 * The compiled path gives the interpreter's bits: every shader of the test corpus (Wine's asm
 * vectors, the single-instruction corpus of every opcode and version, the interpreter's own test
 * shaders, and whole programs in compile-shaders.ts) runs through both with seeded random inputs,
 * constants and registers (specials included: ±0, ±∞, NaN payloads, denormals) and a deterministic
 * fake sampler, and the outputs, depth, kill flags, executed counts and the sampler's calls must be
 * identical, compared as Uint32 bits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble, parseShader, type ShaderProgram } from '../../../src/shader/index.js';
import { createExecutable, Interpreter, LANES, MAX_EXECUTED, SLOT, type ShaderConstants, type ShaderExecutable, type ShaderIO, type ShaderSample } from '../../../src/driver/shader/index.js';
import { compiledExecutable, compileProgram, isCompiled } from '../../../src/driver/shader/compile.js';
import { OPS_USED } from '../../../src/driver/shader/compile-ops.js';
import { WINE_VECTORS } from '../../shader/wine-vectors.js';
import { corpus } from '../../shader/opcode-corpus.js';
import { NESTED_REP_VS30, SHADERS } from './compile-shaders.js';
import { LONG, prng as rng } from '../../helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

const SPECIAL_BITS = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7fa00005, 0x00000001, 0x807fffff, 0x7f7fffff, 0x3f800000, 0xbf000000];

/** Fills `u` (the Uint32 view of a float register file) with a mix of ordinary floats, small integers and special bit patterns. */
function fillFloats(u: Uint32Array, f: Float32Array, next: () => number, specials: boolean): void {
  for (let i = 0; i < u.length; i++) {
    const r = next();
    if (specials && r < 0.04) u[i] = SPECIAL_BITS[Math.floor(next() * SPECIAL_BITS.length)];
    else if (r < 0.25) f[i] = Math.floor(next() * 9) - 4;
    else if (r < 0.45) f[i] = next();
    else f[i] = (next() * 2 - 1) * (next() < 0.1 ? 300 : 3);
  }
}

interface Case { io: ShaderIO; k: ShaderConstants; lanes: number; calls: number[] }

/** A sampler whose result depends on every argument; it logs each call's arguments as bits. */
function fakeSampler(calls: number[]): ShaderSample {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  const log = (x: number): void => { f[0] = x; calls.push(u[0], u[1]); };
  return (unit, a, lodMode, out, o) => {
    const s = a[0], t = a[1], r = a[2], lodIn = a[3], dudx = a[4], dvdx = a[5], dwdx = a[6], dudy = a[8], dvdy = a[9], dwdy = a[10];
    // the level means something only with LOD.BIAS and LOD.EXPLICIT (types.ts); an implicit one is read as 0
    const lod = lodMode === 0 ? 0 : lodIn;
    for (const x of [unit, s, t, r, dudx, dvdx, dwdx, dudy, dvdy, dwdy, lodMode, lod]) log(x);
    out[o] = s * 0.5 + dudx * 3 - dudy * 5 + unit;
    out[o + 1] = t - dvdx * 7 + dvdy * 11 + lodMode;
    out[o + 2] = r + dwdx * 13 - dwdy * 17 + lod;
    out[o + 3] = s * t - r;
  };
}

function makeCase(seed: number, lanes: number, specials: boolean): Case {
  const next = rng(seed);
  const calls: number[] = [];
  const floats = (n: number): Float32Array => {
    const f = new Float32Array(n);
    fillFloats(new Uint32Array(f.buffer), f, next, specials);
    return f;
  };
  const ints = new Int32Array(16 * 4);
  for (let r = 0; r < 16; r++) ints.set([Math.floor(next() * 5), Math.floor(next() * 12) - 3, Math.floor(next() * 5) - 2, 0], r * 4);
  const bools = Uint8Array.from({ length: 16 }, () => (next() < 0.5 ? 1 : 0));
  const io: ShaderIO = {
    inputs: floats(16 * SLOT), outputs: floats(13 * SLOT), position: floats(LANES * 4), face: Float32Array.from({ length: LANES }, () => (next() < 0.5 ? 1 : -1)),
    depth: floats(LANES), killed: new Uint8Array(LANES), sample: fakeSampler(calls), stats: { executed: -1, capped: false },
  };
  // ps_1_x stage states: bump matrices, and D3DTTFF_PROJECTED with each count (or none)
  const textureTransformFlags = Uint32Array.from({ length: 8 }, () => [0, 256 | 2, 256 | 3, 256 | 4, 256, 256 | 1][Math.floor(next() * 6)]);
  return { io, k: { f: floats(256 * 4), i: ints, b: bools, bump: floats(8 * 6), textureTransformFlags }, lanes, calls };
}

function cloneCase(c: Case): Case {
  const calls: number[] = [];
  const io: ShaderIO = {
    inputs: c.io.inputs.slice(), outputs: c.io.outputs.slice(), position: c.io.position.slice(), face: c.io.face.slice(),
    depth: c.io.depth.slice(), killed: c.io.killed.slice(), sample: fakeSampler(calls), stats: { executed: -1, capped: false },
  };
  return { io, k: c.k, lanes: c.lanes, calls };
}

const bits = (a: Float32Array): number[] => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

/** What a run leaves that the draw sees, as bits (every NaN included: both paths store the one canonical NaN). */
function observe(c: Case): unknown {
  return { outputs: bits(c.io.outputs), depth: bits(c.io.depth), killed: Array.from(c.io.killed), stats: c.io.stats, calls: c.calls };
}

/** Runs both paths on `cases` seeded cases; returns the first difference, or undefined. */
function differs(program: ShaderProgram, compiled: ShaderExecutable, cases: number, seed: number): string | undefined {
  const interp = createExecutable(program, { interpret: true });
  expect(interp).toBeInstanceOf(Interpreter);
  for (let n = 0; n < cases; n++) {
    const lanes = n % 4 === 3 ? 1 + (n % 3) : LANES;
    const a = makeCase(seed * 7919 + n, lanes, n % 2 === 1);
    const b = cloneCase(a);
    interp.run(a.io, a.k, a.lanes);
    compiled.run(b.io, b.k, b.lanes);
    const x = observe(a), y = observe(b);
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      for (const key of Object.keys(x as object)) {
        const p = JSON.stringify((x as Record<string, unknown>)[key]), q = JSON.stringify((y as Record<string, unknown>)[key]);
        if (p !== q) return `case ${n} (lanes ${lanes}): ${key} differ\ninterpreter ${p.slice(0, 400)}\ncompiled    ${q.slice(0, 400)}`;
      }
    }
  }
  return undefined;
}

/** Assembly strings of the interpreter's own tests (test/driver/shader/*.test.ts): quoted or template literals starting with a version. */
function interpreterShaders(): string[] {
  const out: string[] = [];
  for (const file of readdirSync(here)) {
    if (!file.endsWith('.test.ts') || file.startsWith('compile')) continue;
    const text = readFileSync(join(here, file), 'utf8');
    for (const m of text.matchAll(/(['`])((?:vs|ps)_[123]_[0-9x](?:\\n|\n)(?:(?!\1)[^\\]|\\.)*?)\1/g)) {
      if (m[2].includes('${')) continue;
      out.push(m[2].replace(/\\n/g, '\n').replace(/\\'/g, "'"));
    }
  }
  return out;
}

function parseText(text: string): ShaderProgram | undefined {
  const a = assemble(text);
  if (!a.ok) return undefined;
  const p = parseShader(a.tokens);
  return p.ok ? p.program : undefined;
}

function parseTokens(tokens: ArrayLike<number>): ShaderProgram | undefined {
  const p = parseShader(Uint32Array.from(tokens));
  return p.ok ? p.program : undefined;
}

interface Entry { name: string; program: ShaderProgram }

/** The token stream of a parsed program, rebuilt from what the parser kept (comments dropped). */
function programTokens(p: ShaderProgram): Uint32Array {
  const out = [(p.kind === 'vertex' ? 0xfffe0000 : 0xffff0000) | p.version];
  for (const ins of p.instructions) {
    if (ins.comment) continue;
    out.push(ins.token);
    if (ins.dcl) out.push(ins.dcl.token);
    if (ins.dst) { out.push(ins.dst.token); if (ins.dst.rel && !ins.dst.rel.implied) out.push(relToken(ins.dst.rel)); }
    if (ins.predicate) out.push(ins.predicate.token);
    out.push(...(ins.literals ?? []));
    for (const s of ins.src) { out.push(s.token); if (s.rel && !s.rel.implied) out.push(relToken(s.rel)); }
  }
  out.push(0xffff);
  return Uint32Array.from(out, (w) => w >>> 0);
}

const relToken = (r: { type: number; num: number; swizzle: number }): number =>
  (0x80000000 | ((r.type & 7) << 28) | ((r.type & 0x18) << 8) | (r.swizzle << 16) | r.num) >>> 0;

function entries(): { sets: Record<string, Entry[]>; unparsed: string[] } {
  const unparsed: string[] = [];
  const add = (list: Entry[], name: string, p: ShaderProgram | undefined): void => { if (p) list.push({ name, program: p }); else unparsed.push(name); };
  const wine: Entry[] = [], opcodes: Entry[] = [], interp: Entry[] = [], programs: Entry[] = [];
  for (const v of WINE_VECTORS) add(wine, v.text.replace(/\n/g, ' / '), parseTokens(v.tokens));
  for (const c of corpus()) add(opcodes, Array.from(c.tokens, (t) => t.toString(16)).join(' '), parseTokens(c.tokens));
  for (const t of interpreterShaders()) add(interp, t.replace(/\n/g, ' / ').slice(0, 120), parseText(t));
  for (const t of SHADERS) add(programs, t.split('\n').slice(0, 3).join(' / '), parseText(t));
  return { sets: { 'Wine asm vectors': wine, 'every opcode of every version': opcodes, "the interpreter's test shaders": interp, 'whole programs': programs }, unparsed };
}

const { sets, unparsed } = entries();
const CASES = LONG ? 200 : 8;

describe('the compiled path gives the interpreter’s bits', () => {
  for (const [setName, list] of Object.entries(sets)) {
    it(`${setName} (${list.length} shaders)`, () => {
      const bad: string[] = [];
      let compiled = 0;
      list.forEach((entry, n) => {
        const c = compileProgram(entry.program);
        if (!c.ok) return;
        compiled++;
        const exe = compiledExecutable(entry.program);
        expect(isCompiled(exe)).toBe(true);
        const why = differs(entry.program, exe, CASES, n + 1);
        if (why) bad.push(`${entry.name}\n${why}`);
      });
      expect(bad).toEqual([]);
      expect(compiled).toBeGreaterThan(0);
    });
  }

  it('compiles every shader of the corpus but those with calls, broken nesting or ps_1_x texture addressing (interpreted, with a reason)', () => {
    const reasons = new Map<string, number>();
    for (const list of Object.values(sets)) {
      for (const e of list) {
        const c = compileProgram(e.program);
        if (!c.ok) reasons.set(c.reason.replace(/ at DWORD \d+/, ''), (reasons.get(c.reason.replace(/ at DWORD \d+/, '')) ?? 0) + 1);
      }
    }
    const allowed = /^(not a valid program|ps_1_x instruction (texbem|texbeml|texreg2ar|texreg2gb|texreg2rgb|texm3x2pad|texm3x2tex|texm3x3pad|texm3x3tex|texm3x3spec|texm3x3vspec|texm3x3|texm3x2depth|texdp3|texdp3tex|texdepth|bem)$|(if|loop|rep|else|endif|endloop|endrep)\b.*(without|closes no block))/;
    expect([...reasons.keys()].filter((r) => !allowed.test(r))).toEqual([]);
    expect(unparsed.filter((n) => !n.includes(' '))).toEqual([]);
  });

  it('the whole programs all compile', () => {
    for (const e of sets['whole programs']) {
      const c = compileProgram(e.program);
      expect([e.name, c.ok ? 'compiled' : c.reason]).toEqual([e.name, 'compiled']);
    }
    expect(sets['whole programs'].length).toBe(SHADERS.length);
  });
});

describe('which path createExecutable hands out', () => {
  const p = parseText('ps_2_0\ndcl t0\nmul oC0, t0, c0')!;
  it('the compiled one by default, the interpreter when asked', () => {
    expect(isCompiled(createExecutable(p))).toBe(process.env.REPLAY9_SHADER !== 'interpret');
    expect(createExecutable(p, { interpret: true })).toBeInstanceOf(Interpreter);
  });
  it('the interpreter for a program the compiler leaves to it (ps_1_x texture addressing)', () => {
    const old = parseText('ps_1_1\ntex t0\ntexbem t1, t0\nmul r0, t1, v0')!;
    expect(compileProgram(old)).toEqual({ ok: false, reason: 'ps_1_x instruction texbem' });
    expect(createExecutable(old)).toBeInstanceOf(Interpreter);
  });
});

describe('runs that reach MAX_EXECUTED', () => {
  it('stop where the interpreter stops, with the same outputs and count', () => {
    const p = parseText(NESTED_REP_VS30)!;
    const exe = compiledExecutable(p);
    expect(isCompiled(exe)).toBe(true);
    const a = makeCase(3, 1, false);
    a.k.i.set([255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]);
    const b = cloneCase(a);
    exe.run(b.io, b.k, b.lanes);
    // compiled code never reports a cap: the run went to the interpreter
    expect(b.io.stats).toEqual({ executed: MAX_EXECUTED, capped: true });
    if (LONG) {
      createExecutable(p, { interpret: true }).run(a.io, a.k, a.lanes);
      expect(observe(b)).toEqual(observe(a));
    }
  });
});

/** Every word generated source may hold: fixed names of the generator, numbered locals, ops.ts names. */
const KEYWORDS = new Set(['use', 'strict', 'const', 'let', 'for', 'if', 'else', 'return', 'function', 'break', 'continue', 'new', 'main', 'Math', 'max', 'min', 'abs',
  'env', 'ops', 'DF', 'DI', 'DEFF', 'defF', 'fallback', 'R', 'A', 'PR', 'T', 'I', 'O', 'POS', 'FACE', 'DEPTH', 'KILL', 'CF', 'CI', 'CB', 'M', 'X', 'aL', 'l', 'o', 'j', 'n',
  'q', 'p', 't', 'd', 'c', 'idx', 'oc', 'slots', 'rc', 'vin', 'run', 'io', 'k', 'lanes', 'lanesIn', 'inputs', 'outputs', 'position', 'face', 'depth', 'killed',
  'sample', 'f', 'i', 'b', 'fill', 'set', 'subarray', 'length', 'get', 'stats', 'executed', 'capped', 'false', 'textureTransformFlags',
  'Float32Array', 'Float64Array', 'NaN']);
const LOCAL = /^(c|d|s|v|k|cd|cs|ca|sv|cnt|ls|la|st|rem|b|lv|hi|lo|dx|dy|by|DV|CD|GR|TX|SA)\d+$/;

function foreignWords(source: string, opsNames: ReadonlySet<string>): string[] {
  const words = source.replace(/"use strict"/, '').match(/[A-Za-z_$][\w$]*/g) ?? [];
  const strings = source.replace(/"use strict"/, '').match(/["'`]/g) ?? [];
  return [...words.filter((w) => !KEYWORDS.has(w) && !LOCAL.test(w) && !opsNames.has(w)), ...strings];
}

describe('generated source', () => {
  const opsNames = new Set<string>(OPS_USED);
  it('holds only the generator’s names and numbers, never text of the token stream', () => {
    const bad: string[] = [];
    for (const list of Object.values(sets)) {
      for (const e of list) {
        const c = compileProgram(e.program);
        if (c.ok) {
          const foreign = foreignWords(c.source, opsNames);
          if (foreign.length) bad.push(`${e.name}: ${foreign.join(' ')}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('mutated token streams that still parse either compile to such source and match the interpreter, or are left to it with a reason', () => {
    const next = rng(17);
    const seeds = [...sets['whole programs'], ...sets['Wine asm vectors']].map((e) => programTokens(e.program)).filter((t) => t.length > 3);
    let compiled = 0;
    const problems: string[] = [];
    for (let n = 0; n < (LONG ? 20000 : 300); n++) {
      const t = seeds[Math.floor(next() * seeds.length)].slice();
      for (let m = 0; m < 1 + Math.floor(next() * 3); m++) {
        const at = 1 + Math.floor(next() * (t.length - 2));
        t[at] = (t[at] ^ (1 << Math.floor(next() * 32))) >>> 0;
      }
      const p = parseShader(t);
      if (!p.ok) continue;
      const c = compileProgram(p.program);
      if (!c.ok) {
        if (c.reason.startsWith('generator:')) problems.push(`${Array.from(t, (w) => w.toString(16)).join(' ')}: ${c.reason}`);
        continue;
      }
      compiled++;
      const foreign = foreignWords(c.source, opsNames);
      if (foreign.length) problems.push(`${Array.from(t, (w) => w.toString(16)).join(' ')}: ${foreign.join(' ')}`);
      const why = differs(p.program, compiledExecutable(p.program), 2, n);
      if (why) problems.push(`${Array.from(t, (w) => w.toString(16)).join(' ')}: ${why}`);
    }
    expect(problems).toEqual([]);
    expect(compiled).toBeGreaterThan(20);
  });
});

describe('signalling NaNs and NaN payloads', () => {
  // thousands of runs to reach optimized code: the long suite
  it.runIf(LONG)('leave a move, a selection or a texld as the one canonical NaN in both paths, also once the optimizer has compiled the run', () => {
    for (const text of ['vs_3_0\ndcl_position v2\ndcl_position o0\nmov o0, v2', 'vs_2_0\ndcl_position v2\nmov oPos, v2\nmov oD0, -v3\nmin oT0, v2, v3',
      'ps_2_0\ndcl t0\ndcl t1\ndcl_2d s0\ntexld r0, t1, s0\nmov oC0, t0\nmax oC1, -t0, t1\nmov oC2, r0\nmov oDepth, t0_abs']) {
      const p = parseText(text)!;
      const exe = compiledExecutable(p);
      const interp = createExecutable(p, { interpret: true });
      const bad: string[] = [];
      for (let n = 0; n < 2000; n++) {
        const a = makeCase(n, LANES, false);
        const u = new Uint32Array(a.io.inputs.buffer);
        for (let i = 2 * SLOT; i < 4 * SLOT; i++) if ((i + n) % 3 === 0) u[i] = (0x7fa00005 | ((i & 1) << 31)) >>> 0;
        // a sampler that hands back a signalling NaN
        const b = cloneCase(a);
        const snan: ShaderSample = (_u, _a, _m, out, o) => { new Uint32Array(out.buffer, out.byteOffset)[o] = 0x7f800001; };
        a.io.sample = snan;
        b.io.sample = snan;
        interp.run(a.io, a.k, LANES);
        exe.run(b.io, b.k, LANES);
        if (JSON.stringify(observe(a)) !== JSON.stringify(observe(b))) { bad.push(`${text}: run ${n}`); break; }
      }
      expect(bad).toEqual([]);
    }
  });
});
