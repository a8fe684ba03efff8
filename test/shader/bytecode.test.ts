import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/shader/assemble.js';
import { disassemble } from '../../src/shader/disassemble.js';
import { OPCODES, opcodeAllowed, shapeOf, OP, type ShaderKind } from '../../src/shader/opcodes.js';
import { parseShader } from '../../src/shader/parse.js';
import { validateShader } from '../../src/shader/validate.js';
import { WINE_VECTORS } from './wine-vectors.js';

const hex = (t: ArrayLike<number>): string[] => Array.from(t, (v) => (v >>> 0).toString(16).padStart(8, '0'));

function roundTrip(tokens: Uint32Array): { text: string; back: string[] } {
  const d = disassemble(tokens);
  if (!d.ok) throw new Error(`disassemble failed at DWORD ${d.error.offset}: ${d.error.message}`);
  const a = assemble(d.text);
  if (!a.ok) throw new Error(`assemble failed at ${a.error.line}:${a.error.column}: ${a.error.message}\n${d.text}`);
  return { text: d.text, back: hex(a.tokens) };
}

describe("Windows' encodings (Wine's asm tests) read, print and assemble back", () => {
  for (const v of WINE_VECTORS) {
    it(v.text.replace(/\n/g, ' / '), () => {
      const tokens = Uint32Array.from(v.tokens);
      const r = roundTrip(tokens);
      expect(r.text).toBe(v.text + '\n');
      expect(r.back).toEqual(hex(tokens));
      // and the text, assembled on its own, gives Windows' tokens
      const a = assemble(v.text);
      expect(a.ok && hex(a.tokens)).toEqual(hex(tokens));
    });
  }
});

/*
 * A corpus built from the "Shader Code Format" encodings, written here independently of the reader:
 * an instruction token is opcode | length << 24 (SM2+), a register token is bit 31 | type bits
 * 28-30 and 11-12 | number, with the mask (destination) or swizzle (source) in bits 16-23.
 */
const reg = (type: number, num: number): number => (0x80000000 | ((type & 7) << 28) | ((type & 0x18) << 8) | num) >>> 0;
const dst = (type: number, num: number, mask = 0xf): number => (reg(type, num) | (mask << 16)) >>> 0;
const src = (type: number, num: number, swz = 0xe4): number => (reg(type, num) | (swz << 16)) >>> 0;
const T = { r: 0, v: 1, c: 2, a: 3, t: 3, i: 7, s: 10, b: 14, aL: 15, l: 18, p: 19 };
const VERSIONS: Record<ShaderKind, number[]> = { vertex: [0x0101, 0x0200, 0x0201, 0x0300], pixel: [0x0101, 0x0102, 0x0103, 0x0104, 0x0200, 0x0201, 0x0300] };
const PS1_TEX = new Set<number>([OP.TEXBEM, OP.TEXBEML, OP.TEXREG2AR, OP.TEXREG2GB, OP.TEXM3x2PAD, OP.TEXM3x2TEX, OP.TEXM3x3PAD, OP.TEXM3x3TEX,
  OP.TEXM3x3SPEC, OP.TEXM3x3VSPEC, OP.TEXREG2RGB, OP.TEXDP3TEX, OP.TEXM3x2DEPTH, OP.TEXDP3, OP.TEXM3x3]);

/** The parameter tokens of one plausible use of `opcode` at a version (registers that version has). */
function operandsFor(opcode: number, kind: ShaderKind, version: number, srcCount: number): number[] | undefined {
  const ps1 = kind === 'pixel' && version < 0x0200;
  const temps = (k: number): number => src(T.r, ps1 ? k % 2 : k + 1);
  switch (opcode) {
    case OP.DCL:
      if (kind === 'pixel') return version === 0x0300 ? [0x80000005, dst(T.v, 0)] : [0x80000000, dst(T.t, 0)];
      return [0x80000005, dst(T.v, 1)];
    case OP.DEF: return [dst(T.c, 0), 0x3f800000, 0, 0x3f000000, 0xbf800000];
    case OP.DEFI: return [dst(T.i, 0), 3, 0, 1, 0xffffffff];
    case OP.DEFB: return [dst(T.b, 0), 1];
    case OP.CALL: case OP.LABEL: return [src(T.l, 0)];
    case OP.CALLNZ: return [src(T.l, 0), src(T.b, 0)];
    case OP.LOOP: return [src(T.aL, 0), src(T.i, 0)];
    case OP.REP: return [src(T.i, 0)];
    case OP.IF: return [src(T.b, 0)];
    case OP.BREAKP: return [src(T.p, 0, 0x00)];
    case OP.SETP: return [dst(T.p, 0), temps(0), temps(1)];
    case OP.MOVA: return [dst(T.a, 0, 1), temps(0)];
    case OP.TEXKILL: return [ps1 ? dst(T.t, 0) : dst(T.r, 0)];
    case OP.TEXDEPTH: return [dst(T.r, 5)];
    case OP.TEXCOORD: return version === 0x0104 ? [dst(T.r, 0), src(T.t, 0)] : [dst(T.t, 0)];
    case OP.TEX:
      if (version <= 0x0103) return [dst(T.t, 0)];
      if (version === 0x0104) return [dst(T.r, 0), src(T.t, 0)];
      return [dst(T.r, 0), version === 0x0300 ? src(T.v, 0) : src(T.t, 0), src(T.s, 0)];
    case OP.TEXLDL: return [dst(T.r, 0), src(T.r, 1), src(T.s, 0)];
    case OP.TEXLDD: return [dst(T.r, 0), src(T.r, 1), src(T.s, 0), src(T.r, 2), src(T.r, 3)];
    case OP.BEM: return [dst(T.r, 0, 3), src(T.c, 0), src(T.r, 1)];
  }
  if (PS1_TEX.has(opcode)) return [dst(T.t, 1), ...(srcCount === 2 ? [src(T.t, 0), src(T.c, 0)] : [src(T.t, 0)])];
  const out: number[] = [];
  const info = OPCODES.get(opcode)!;
  if (shapeOf(info, version).dst) out.push(dst(T.r, 0));
  for (let k = 0; k < srcCount; k++) out.push(temps(k));
  return out;
}

function corpus(): { kind: ShaderKind; version: number; opcode: number; tokens: Uint32Array }[] {
  const out: { kind: ShaderKind; version: number; opcode: number; tokens: Uint32Array }[] = [];
  for (const kind of ['vertex', 'pixel'] as const) {
    for (const version of VERSIONS[kind]) {
      for (const info of OPCODES.values()) {
        if (!opcodeAllowed(info, kind, version)) continue;
        const controls = info.special === 'compare' ? 4 : 0; // lt
        const params = operandsFor(info.opcode, kind, version, shapeOf(info, version).src)!;
        const len = version >= 0x0200 && info.opcode !== OP.PHASE ? params.length : 0;
        const ins = (info.opcode | (controls << 16) | (len << 24)) >>> 0;
        out.push({ kind, version, opcode: info.opcode, tokens: Uint32Array.from([(kind === 'vertex' ? 0xfffe0000 : 0xffff0000) | version, ins, ...params, 0xffff]) });
      }
    }
  }
  return out;
}

describe('every opcode of every version', () => {
  const all = corpus();
  it('covers each opcode of the table in at least one version', () => {
    const seen = new Set(all.map((c) => c.opcode));
    expect([...OPCODES.keys()].filter((o) => !seen.has(o))).toEqual([]);
    expect(all.length).toBeGreaterThan(250);
  });
  it('parses, validates, disassembles and assembles back to the same tokens', () => {
    const bad: string[] = [];
    for (const c of all) {
      const p = parseShader(c.tokens);
      if (!p.ok) { bad.push(`${hex(c.tokens).join(' ')}: ${p.error.message}`); continue; }
      const errors = validateShader(p.program);
      if (errors.length) bad.push(`${hex(c.tokens).join(' ')}: ${errors.map((e) => e.message).join('; ')}`);
      try {
        const r = roundTrip(c.tokens);
        if (r.back.join() !== hex(c.tokens).join()) bad.push(`${r.text}: assembled ${r.back.join(' ')}`);
      } catch (e) {
        bad.push(String(e));
      }
    }
    expect(bad).toEqual([]);
  });
});
