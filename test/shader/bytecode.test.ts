import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/shader/assemble.js';
import { disassemble } from '../../src/shader/disassemble.js';
import { OPCODES, opcodeAllowed, shapeOf, OP } from '../../src/shader/opcodes.js';
import { parseShader } from '../../src/shader/parse.js';
import { validateShader } from '../../src/shader/validate.js';
import { exactAssembly } from '../../src/shader/round-trip.js';
import { WINE_VECTORS } from './wine-vectors.js';
import { corpus, INSTRUCTIONS, VERSIONS } from './opcode-corpus.js';

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

describe('every opcode of every version', () => {
  const all = corpus();
  it('each version accepts exactly the instructions its reference page lists', () => {
    for (const kind of ['vertex', 'pixel'] as const) {
      for (const version of VERSIONS[kind]) {
        const name = `${kind === 'vertex' ? 'vs' : 'ps'}_${version >> 8}_${version === 0x0201 ? 'x' : version & 0xff}`;
        const ours = [...OPCODES.values()].filter((o) => opcodeAllowed(o, kind, version))
          .map((o) => (o.opcode === OP.IFC ? 'if_comp' : o.opcode === OP.BREAKC ? 'break_comp' : shapeOf(o, version).name)).sort();
        expect([name, ours]).toEqual([name, INSTRUCTIONS[name].split(' ').sort()]);
      }
    }
  });
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

describe('real shaders (the vs_2_0/ps_2_0 pair of ../shared/capture/traces/tri_pp.trace, compiled by fxc with a CTAB comment)', () => {
  const ctab = [0x0016fffe, 0x42415443, 0x0000001c, 0x00000023, 0, 0x00000000, 0x00000000, 0x00000100, 0x0000001c, 0x325f7376, 0x4d00305f, 0x6f726369,
    0x74666f73, 0x29522820, 0x534c4820, 0x6853204c, 0x72656461, 0x6d6f4320, 0x656c6970, 0x2e392072, 0x392e3033, 0x382e3036, 0x00393232];
  const vsBody = [0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x8000000a, 0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000, 0x02000001, 0xd00f0000, 0x90e40001, 0x0000ffff];
  const psBody = [0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0x800f0800, 0x90e40000, 0x0000ffff];
  const vs = Uint32Array.from([0xfffe0200, ...ctab.map((v, k) => (k === 4 ? 0xfffe0200 : v)), ...vsBody]);
  const ps = Uint32Array.from([0xffff0200, ...ctab.map((v, k) => (k === 4 ? 0xffff0200 : k === 9 ? 0x325f7370 : v)), ...psBody]);
  it('disassemble to the instructions apitrace printed for them (full masks and swizzles left out), the comment kept', () => {
    expect(disassemble(vs)).toEqual({ ok: true, text: 'vs_2_0\n// comment 22 DWORDs\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n' });
    expect(disassemble(ps)).toEqual({ ok: true, text: 'ps_2_0\n// comment 22 DWORDs\ndcl v0\nmov oC0, v0\n' });
    const p = parseShader(vs);
    expect(p.ok && p.program.instructions[0].comment![0]).toBe(0x42415443); // 'CTAB'
    expect(p.ok && validateShader(p.program)).toEqual([]);
  });
  it('keep their hex (the comment cannot be assembled), and without it round-trip exactly', () => {
    expect(exactAssembly(vs)).toBeUndefined();
    expect(exactAssembly(Uint32Array.from([0xfffe0200, ...vsBody]))).toBe('vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n');
    expect(exactAssembly(Uint32Array.from([0xffff0200, ...psBody]))).toBe('ps_2_0\ndcl v0\nmov oC0, v0\n');
  });
});
