import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/shader/assemble.js';
import { disassemble, formatFloatBits } from '../../src/shader/disassemble.js';
import { parseShader } from '../../src/shader/parse.js';
import { exactAssembly } from '../../src/shader/round-trip.js';
import { validateShader } from '../../src/shader/validate.js';

const parse = (t: number[]) => parseShader(Uint32Array.from(t));
const errorsOf = (t: number[]): string[] => {
  const p = parse(t);
  if (!p.ok) throw new Error(p.error.message);
  return validateShader(p.program).map((e) => `${e.offset}: ${e.message}`);
};

describe('a malformed stream is an error naming its DWORD offset', () => {
  const table: [string, number[], number, RegExp][] = [
    ['empty', [], 0, /empty/],
    ['not a version token', [0x12345678, 0xffff], 0, /version token/],
    ['a version replay9 has no rules for', [0xfffe0105, 0xffff], 0, /unsupported vertex shader version 1\.5/],
    ['no end token', [0xfffe0200, 0x02000001, 0x800f0000, 0xa0e40000], 4, /no end token/],
    ['a relative-address token cut off', [0xfffe0200, 0x03000001, 0x800f0000, 0xa0e42000], 4, /relative address/],
    ['a comment longer than the stream', [0xfffe0200, 0x0014fffe, 1, 2, 0xffff], 1, /comment of 20 DWORDs runs past/],
    ['a length field that disagrees with the parameters', [0xfffe0200, 0x03000001, 0x800f0000, 0xa0e40000, 0xffff], 1, /length field says 3/],
    ['an unknown opcode', [0xfffe0200, 0x02000077, 0x800f0000, 0xa0e40000, 0xffff], 1, /unknown opcode 119/],
    ['a parameter token without bit 31', [0xfffe0101, 0x00000001, 0x000f0000, 0xa0e40000, 0xffff], 2, /lacks bit 31/],
    ['a parameter where an instruction belongs', [0xfffe0101, 0x800f0000, 0xffff], 1, /bit 31 set/],
    ['a comparison outside gt … le', [0xfffe0201, 0x02070029, 0x80e40000, 0x80e40001, 0xffff], 1, /comparison 7/],
    ['predication before vs_2_x', [0xfffe0200, 0x13000002, 0x800f0002, 0xbde41000, 0x80e40002, 0x80e40003, 0xffff], 1, /predicat/],
  ];
  for (const [what, tokens, offset, message] of table) {
    it(what, () => {
      const p = parse(tokens);
      expect(p.ok).toBe(false);
      if (!p.ok) {
        expect(p.error.offset).toBe(offset);
        expect(p.error.message).toMatch(message);
      }
    });
  }

  it('random streams never throw and stop within their length (seeded)', () => {
    let seed = 0x9e3779b9;
    const rnd = (): number => {
      seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
      return seed >>> 0;
    };
    const heads = [0xfffe0101, 0xfffe0200, 0xfffe0201, 0xfffe0300, 0xffff0101, 0xffff0104, 0xffff0200, 0xffff0300];
    const rounds = process.env.REPLAY9_LONG ? 200000 : 3000;
    let parsed = 0;
    for (let n = 0; n < rounds; n++) {
      const len = 1 + (rnd() % 24);
      const t = new Uint32Array(len);
      t[0] = heads[rnd() % heads.length];
      for (let k = 1; k < len; k++) {
        const r = rnd();
        // mostly plausible tokens: small opcodes with lengths, parameter tokens, the end token
        t[k] = r % 5 === 0 ? 0xffff : r % 5 === 1 ? (r & 0x0f00001f) >>> 0 : (r | 0x80000000) >>> 0;
      }
      const p = parseShader(t);
      if (p.ok) {
        parsed++;
        expect(p.program.length).toBeLessThanOrEqual(len);
        validateShader(p.program);
        expect(disassemble(t).ok).toBe(true);
      } else expect(p.error.offset).toBeLessThanOrEqual(len);
    }
    expect(parsed).toBeGreaterThan(0);
  });
});

describe('validation against the version\'s registers and opcodes', () => {
  it('accepts the highest register of each kind and refuses the next', () => {
    expect(errorsOf([0xffff0200, 0x02000001, 0x800f000b, 0xa0e4001f, 0xffff])).toEqual([]); // r11, c31
    expect(errorsOf([0xffff0200, 0x02000001, 0x800f000c, 0xa0e40000, 0xffff])).toEqual(['1: mov: destination r12 is out of range (ps_2_0 has 12)']);
    expect(errorsOf([0xffff0200, 0x02000001, 0x800f0000, 0xa0e40020, 0xffff])).toEqual(['1: mov: source 0 c32 is out of range (ps_2_0 has 32)']);
    expect(errorsOf([0xffff0200, 0x0200001f, 0x80000000, 0xb00f0007, 0x0200001f, 0x90000000, 0xa00f080f, 0x03000042, 0x800f0000, 0xb0e40007, 0xa0e4080f, 0xffff])).toEqual([]); // dcl t7, dcl_2d s15, texld r0, t7, s15
    expect(errorsOf([0xffff0200, 0x03000042, 0x800f0000, 0xb0e40008, 0xa0e40810, 0xffff])).toHaveLength(2);
    expect(errorsOf([0xfffe0101, 0x0000001f, 0x80000000, 0x900f000f, 0x00000001, 0x800f000b, 0x90e4000f, 0xffff])).toEqual([]); // vs_1_1 dcl_position v15; mov r11, v15
    expect(errorsOf([0xfffe0101, 0x00000001, 0x800f000c, 0x90e40010, 0xffff])).toHaveLength(2);
    expect(errorsOf([0xffff0103, 0x00000001, 0x800f0002, 0x80e40001, 0xffff])).toEqual(['1: mov: destination r2 is out of range (ps_1_3 has 2)']);
    expect(errorsOf([0xfffe0300, 0x02000001, 0xe00f000c, 0x80e40000, 0xffff])).toEqual(['1: mov: destination o12 is out of range (vs_3_0 has 12)']);
  });
  it('refuses a register type the version lacks', () => {
    expect(errorsOf([0xfffe0101, 0x00000001, 0x800f0000, 0xa0e40800, 0xffff])).toEqual(['1: mov: source 0 s0 is no register of vs_1_1']);
    expect(errorsOf([0xffff0103, 0x00000002, 0x800f0800, 0x80e40000, 0x80e40001, 0xffff])).toEqual(['1: add: destination oC0 is no register of ps_1_3']);
  });
  it('refuses opcodes outside their versions', () => {
    const op = (version: number, ins: number[]): string[] => errorsOf([version, ...ins, 0xffff]);
    expect(op(0xffff0200, [0x02000010, 0x800f0000, 0xa0e40000])).toEqual(['1: lit is not an instruction of ps_2_0']);
    expect(op(0xffff0200, [0x0300005f, 0x800f0000, 0xb0e40000, 0xa0e40800])).toEqual(['1: texldl is not an instruction of ps_2_0']);
    expect(op(0xfffe0101, [0x00000012, 0x800f0000, 0xa0e40000, 0xa0e40000, 0xa0e40000])).toEqual(['1: lrp is not an instruction of vs_1_1']);
    expect(op(0xffff0103, [0x0000fffd])).toEqual(['1: phase is not an instruction of ps_1_3']);
    expect(op(0xfffe0200, [0x0000002c])).toEqual(['1: break is not an instruction of vs_2_0']);
  });
  it('refuses co-issue and result shifts outside ps_1_x', () => {
    expect(errorsOf([0xfffe0101, 0x40000001, 0x800f0000, 0xa0e40000, 0xffff])).toEqual(['1: mov: co-issue exists in ps_1_x only']);
    expect(errorsOf([0xffff0200, 0x02000001, 0x810f0000, 0xa0e40000, 0xffff])).toEqual(['1: mov: result shift exists in ps_1_x only']);
  });
  it('refuses source modifiers, relative addressing and _pp where the version lacks them (Wine asm.c failure cases)', () => {
    expect(errorsOf([0xffff0200, 0x02000001, 0x800f0002, 0x86e40000, 0xffff])).toEqual(['1: mov: source 0 modifier 6 does not exist in ps_2_0']); // 1-r0
    expect(errorsOf([0xfffe0101, 0x00000001, 0x800f0002, 0x87e40001, 0xffff])).toEqual(['1: mov: source 0 modifier 7 does not exist in vs_1_1']); // r1_x2
    expect(errorsOf([0xfffe0101, 0x00000001, 0x800f0002, 0x8be40001, 0xffff])).toEqual(['1: mov: source 0 modifier 11 does not exist in vs_1_1']); // r1_abs
    expect(errorsOf([0xfffe0300, 0x02000001, 0x800f0002, 0x8be40001, 0xffff])).toEqual([]); // r1_abs in vs_3_0
    expect(errorsOf([0xffff0104, 0x0000fffd, 0x00000042, 0x800f0005, 0x89e40002, 0xffff])).toEqual([]); // texld r5, r2_dz
    expect(errorsOf([0xfffe0200, 0x04000002, 0x800f0000, 0x90e42000, 0xb0000000, 0x80e40001, 0xffff])) // add r0, v0[a0.x], r1
      .toEqual(['1: add: v0 cannot be addressed relatively in vs_2_0']);
    expect(errorsOf([0xfffe0300, 0x03000002, 0x802f0000, 0x80e40000, 0x80e40001, 0xffff])).toEqual(['1: add: _pp and _centroid exist in pixel shaders only']);
    expect(errorsOf([0xffff0300, 0x0200001f, 0x80000005, 0x900f0000, 0x03000001, 0x800f0000, 0x90e42000, 0xf0e40800, 0xffff])).toEqual([]); // dcl_texcoord v0; mov r0, v0[aL]
    expect(errorsOf([0xffff0200, 0x03000001, 0x800f0000, 0xa0e42000, 0xb0000000, 0xffff])).toHaveLength(2); // c0[a0.x]: no a0, no relative addressing in ps_2_0
  });
  it('counts instruction slots: ps_2_0 has 64 arithmetic, m4x4 takes 4', () => {
    const body = (n: number, op: number[]): number[] => Array.from({ length: n }, () => op).flat();
    const add = [0x03000002, 0x800f0000, 0x80e40000, 0x80e40001];
    expect(errorsOf([0xffff0200, ...body(64, add), 0xffff])).toEqual([]);
    expect(errorsOf([0xffff0200, ...body(65, add), 0xffff])[0]).toMatch(/too many instructions: 65 arithmetic/);
    const m4x4 = [0x03000014, 0x800f0000, 0x80e40000, 0xa0e40000];
    expect(errorsOf([0xffff0200, ...body(16, m4x4), 0xffff])).toEqual([]);
    expect(errorsOf([0xffff0200, ...body(16, m4x4), ...add, 0xffff])[0]).toMatch(/65 arithmetic/);
  });
});

describe('text the assembler reads', () => {
  it('names line and column of a mistake', () => {
    expect(assemble('vs_2_0\nmov r0, q1\n')).toEqual({ ok: false, error: { line: 2, column: 9, message: "'q1' is not a vertex shader register" } });
    expect(assemble('ps_2_0\n  frob r0\n')).toMatchObject({ ok: false, error: { line: 2, column: 3 } });
    expect(assemble('vs_2_0\nmov r0\n')).toMatchObject({ ok: false, error: { line: 2, message: 'mov takes 2 operands, found 1' } });
    expect(assemble('xs_2_0\n')).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
  });
  it('prints def literals as the shortest decimal that reads back as the same float32, and -0, NaN, infinities as bits', () => {
    expect(formatFloatBits(0x3dcccccd)).toBe('0.1');
    expect(formatFloatBits(0x3eaaaaab)).toBe('0.33333334'); // float32 1/3 = 0.3333333432…, 8 digits suffice
    expect(formatFloatBits(0x80000000)).toBe('0x80000000');
    expect(formatFloatBits(0x7fc00001)).toBe('0x7fc00001');
    expect(formatFloatBits(0x00000001)).toBe('1e-45');
    const t = Uint32Array.from([0xfffe0200, 0x05000051, 0xa00f0000, 0x3dcccccd, 0x80000000, 0x7f800000, 0x00000001, 0xffff]);
    expect(exactAssembly(t)).toBe('vs_2_0\ndef c0, 0.1, 0x80000000, 0x7f800000, 1e-45\n');
  });
  it('keeps comments (CTAB) in the parse but cannot rebuild them: exactAssembly says so', () => {
    const t = Uint32Array.from([0xfffe0200, 0x0002fffe, 0x42415443, 0x0000001c, 0x02000001, 0x800f0000, 0xa0e40000, 0xffff]);
    const p = parseShader(t);
    expect(p.ok && Array.from(p.program.instructions[0].comment!)).toEqual([0x42415443, 0x1c]);
    expect(disassemble(t)).toEqual({ ok: true, text: 'vs_2_0\n// comment 2 DWORDs\nmov r0, c0\n' });
    expect(exactAssembly(t)).toBeUndefined();
  });
  it('prints the examples of Microsoft\'s syntax', () => {
    const vs = Uint32Array.from([0xfffe0200,
      0x0200001f, 0x80000000, 0x900f0000, // dcl_position v0
      0x05000051, 0xa00f0000, 0x3f800000, 0, 0x3f000000, 0x3f800000, // def c0, 1, 0, 0.5, 1
      0x04000004, 0x80070000, 0x90e40000, 0xa0000001, 0x8be40001, // mad r0.xyz, v0, c1.x, r1_abs (modifier 0xb)
      0x04000004, 0x80070000, 0x90e40000, 0xa0000001, 0x8ce40001, // -r1_abs (0xc)
      0x03000014, 0xc00f0000, 0x90e40000, 0xa0e40000, // m4x4 oPos, v0, c0
      0xffff]);
    expect(exactAssembly(vs)).toBe('vs_2_0\ndcl_position v0\ndef c0, 1, 0, 0.5, 1\nmad r0.xyz, v0, c1.x, r1_abs\nmad r0.xyz, v0, c1.x, -r1_abs\nm4x4 oPos, v0, c0\n');
    const ps = Uint32Array.from([0xffff0300, 0x02000029 | (1 << 16), 0x80000000, 0xa0000000, 0x0000002b, 0xffff]);
    expect(exactAssembly(ps)).toBe('ps_3_0\nif_gt r0.x, c0.x\nendif\n');
  });
});

describe('the assembler on damaged text', () => {
  it('returns an error with a line and column, never throws (seeded edits of good text)', async () => {
    const { WINE_VECTORS } = await import('./wine-vectors.js');
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const alphabet = 'rvcotsabilp0123456789.,_-![]()+ xyzw\n';
    let failed = 0;
    const rounds = process.env.REPLAY9_LONG ? 100000 : 2000;
    for (let n = 0; n < rounds; n++) {
      let text = WINE_VECTORS[rnd(WINE_VECTORS.length)].text;
      for (let e = 1 + rnd(3); e > 0; e--) {
        const at = rnd(text.length + 1);
        text = rnd(2) ? text.slice(0, at) + alphabet[rnd(alphabet.length)] + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const r = assemble(text);
      if (!r.ok) {
        failed++;
        expect(r.error.line).toBeGreaterThanOrEqual(1);
        expect(r.error.column).toBeGreaterThanOrEqual(1);
      } else expect(r.tokens[r.tokens.length - 1]).toBe(0xffff);
    }
    expect(failed).toBeGreaterThan(0);
  });
});
