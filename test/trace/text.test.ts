import { describe, expect, it } from 'vitest';
import { TraceSyntaxError } from '../../src/trace/errors.js';
import { Lexer } from '../../src/trace/text/lexer.js';
import type { Tok } from '../../src/trace/text/lexer.js';
import { MAX_NESTING, parseTrace } from '../../src/trace/text/parse.js';
import { shortestFloat32 } from '../../src/trace/text/shapes.js';
import { fromText, toText } from '../helpers.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
`;

function syntaxError(text: string): TraceSyntaxError {
  try {
    parseTrace(text, 'scene.r9t');
  } catch (e) {
    if (e instanceof TraceSyntaxError) return e;
    throw e;
  }
  throw new Error('expected a syntax error');
}

describe('the .r9t parser names file, line and column of every mistake', () => {
  const cases: Array<[string, string, number, number, RegExp]> = [
    ['unknown method', 'dev.DrawTriangle(1)', 3, 5, /IDirect3DDevice9 \(dev\) has no method 'DrawTriangle'/],
    ['unbound object', 'rt.Release()', 3, 1, /'rt' is not bound/],
    ['unknown constant', 'dev.SetRenderState(D3DRS_ZENABLED, TRUE)', 3, 20, /unknown constant 'D3DRS_ZENABLED'/],
    ['too few arguments', 'dev.SetRenderState(D3DRS_ZENABLE)', 3, 33, /SetRenderState takes 2 arguments \(State, Value\), found 1/],
    ['wrong handle kind', 'dev.ColorFill(d3d, NULL, 0)', 3, 15, /pSurface expects a Surface, 'd3d' is a Direct3D9/],
    ['unknown struct field', 'dev.SetViewport({X: 0, Wdth: 3})', 3, 24, /Viewport has no field 'Wdth'/],
    ['bad result', 'dev.BeginScene() -> D3DERR_OOPS', 3, 21, /unknown result 'D3DERR_OOPS'/],
    ['trailing junk', 'dev.BeginScene() dev.EndScene()', 3, 18, /expected the end of the line/],
    ['unterminated string', 'D3DPERF_SetMarker(0, "abc', 3, 22, /unterminated string/],
    ['bad hex', 'dev.DrawPrimitiveUP(D3DPT_POINTLIST, 1, hex"abc", 4)', 3, 41, /even number of hex digits/],
    ['vertex list without FVF', 'dev.DrawPrimitiveUP(D3DPT_POINTLIST, 1, [[1, 2, 3, 4]], 16)', 3, 41, /need an FVF/],
    ['number too large', 'dev.SetFVF(4294967296)', 3, 12, /does not fit in 32 bits/],
  ];
  for (const [what, line, l, c, msg] of cases) {
    it(what, () => {
      const e = syntaxError(HEAD + line + '\n');
      expect([e.line, e.column]).toEqual([l, c]);
      expect(e.message).toMatch(msg);
      expect(e.message.startsWith(`scene.r9t:${l}:${c}: `)).toBe(true);
    });
  }
});

describe('nesting in a value is limited', () => {
  it(`5,000 nested '[' are a syntax error at the bracket that goes past ${MAX_NESTING}, not a stack overflow`, () => {
    const line = 'dev.SetFVF(' + '['.repeat(5000) + ']'.repeat(5000) + ')';
    const e = syntaxError(HEAD + line + '\n');
    // the 65th '[' (column 12 holds the first)
    expect([e.line, e.column]).toEqual([3, 12 + MAX_NESTING]);
    expect(e.message).toBe(`scene.r9t:3:${12 + MAX_NESTING}: lists and structs nest more than ${MAX_NESTING} deep here`);
    // structs count too, mixed with lists
    const mixed = syntaxError(HEAD + 'dev.SetViewport(' + '{['.repeat(2500) + ')\n');
    expect([mixed.line, mixed.column]).toEqual([3, 17 + MAX_NESTING]);
  });

  it(`${MAX_NESTING} levels still parse (the error is then about the value, not the depth)`, () => {
    const line = 'dev.SetFVF(' + '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING) + ')';
    expect(syntaxError(HEAD + line + '\n').message).not.toMatch(/nest/);
  });
});

describe('the .r9t lexer', () => {
  /** every token of `src`, the last two a newline and the end of the file */
  const lex = (src: string, file: string): Tok[] => {
    const lexer = new Lexer(src, file);
    const out: Tok[] = [];
    for (let t = lexer.next(); ; t = lexer.next()) {
      out.push(t);
      if (t.kind === 'eof') return out;
    }
  };

  it('reads numbers as decimals (point, fraction, exponent) or 0x hex, each as Number reads it', () => {
    for (const text of ['0', '7', '42', '5.', '.5', '0.25', '1e3', '1E+3', '2.5e-3', '.5e2', '0x0', '0xfF', '0XAB', '0xffffffff', '1'.repeat(64)]) {
      const toks = lex(`f(${text})`, 'n.r9t');
      expect(toks.map((t) => t.kind)).toEqual(['ident', 'punct', 'num', 'punct', 'nl', 'eof']);
      expect(toks[2].text).toBe(text);
      expect(Number.isNaN(Number(toks[2].text))).toBe(false);
    }
    // an exponent without digits is not part of the number, and what follows it then is a bad number
    for (const [text, shown] of [['1e', "'1e'"], ['1e+', "'1e'"], ['0x', "'0x'"], ['0xg', "'0x'"], ['12ab', "'12a'"], ['1'.repeat(65), `'${'1'.repeat(65)}'`]] as const) {
      expect(() => lex(`f(${text})`, 'n.r9t')).toThrow(`n.r9t:1:3: bad number ${shown}`);
    }
    // a minus is punctuation (the parser negates), '->' one token
    expect(lex('a -1 -> b', 'n.r9t').map((t) => t.text)).toEqual(['a', '-', '1', '->', 'b', '\n', '']);
    expect(() => lex('a ~ b', 'n.r9t')).toThrow("n.r9t:1:3: unexpected character '~'");
  });

  it('reads a number as the grammar says, within 64 characters, over every short string and long ones at the limit', () => {
    // the number grammar as a regular expression, applied to the 64 characters from the number's start
    const GRAMMAR = /^(0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/;
    const identChar = /[A-Za-z0-9_]/;
    const check = (s: string): void => {
      const m = GRAMMAR.exec(s.slice(0, 64));
      if (!m) return; // not a number start (the lexer takes '.', '+', '-' as punctuation)
      const want = identChar.test(s[m[0].length] ?? ' ') ? 'bad number' : m[0];
      let got: string;
      try {
        const t = new Lexer(`${s} `, 'n.r9t').next();
        got = t.kind === 'num' ? t.text : `${t.kind} ${t.text}`;
      } catch (e) {
        got = /bad number/.test(String(e)) ? 'bad number' : String(e);
      }
      expect(got, s).toBe(want);
    };
    const alphabet = ['0', '1', '9', '.', 'e', 'E', '+', '-', 'x', 'X', 'a', 'F', 'g'];
    const strings = [''];
    for (let len = 1; len <= 4; len++) {
      for (const prefix of strings.filter((t) => t.length === len - 1)) for (const c of alphabet) strings.push(prefix + c);
    }
    for (const s of strings) check(s);
    // long numbers with the point, the exponent, its sign and its digits on either side of the limit
    for (let n = 55; n <= 70; n++) {
      for (const tail of ['', 'e5', 'e-5', 'e+5', '.5', '.5e-5', 'e', 'e-', '.']) {
        check('1'.repeat(n) + tail);
        check('0.' + '1'.repeat(n) + tail);
        check('0x' + 'f'.repeat(n) + tail);
      }
    }
  });

  it('is read as the parser goes: the first mistake in the file is the one reported', () => {
    // line 3 has a parse error, line 4 one the lexer finds
    const e = syntaxError(HEAD + 'dev.BeginScene(\ndev.Clear(0, NULL, 1, 0 ~ 1)\n');
    expect([e.line, e.column]).toEqual([3, 16]);
    const f = syntaxError(HEAD + 'dev.BeginScene()\ndev.Clear(0, NULL, 1, 0 ~ 1)\n');
    expect([f.line, f.column, f.message]).toEqual([4, 25, "scene.r9t:4:25: unexpected character '~'"]);
  });
});

describe('the .r9t values', () => {
  it('prints floats as the shortest decimal that reads back exactly as float32', () => {
    for (const [f, s] of [[0.1, '0.1'], [1 / 3, '0.33333334'], [1e-7, '1e-7'], [16777216, '16777216'], [-2.5, '-2.5'], [3.4028234663852886e38, '3.4028235e+38']] as const) {
      expect(shortestFloat32(Math.fround(f))).toBe(s);
      expect(Math.fround(Number(s))).toBe(Math.fround(f));
    }
    expect(shortestFloat32(NaN)).toBeUndefined();
  });

  it('gives the same shortest decimal every time (memoized) and for integers, with -0 kept apart from 0', () => {
    // above 2^24 floats are even integers: 16777218 prints whole, 16777217 is not a float32
    for (const [f, s] of [[16777215, '16777215'], [-16777215, '-16777215'], [16777218, '16777218'], [123456792, '123456790'], [-0, '-0'], [0, '0'], [0.30000001192092896, '0.3']] as const) {
      for (let i = 0; i < 3; i++) expect(shortestFloat32(f)).toBe(s);
      expect(Math.fround(Number(s))).toBe(f);
    }
    // thousands of distinct floats: the memo is bounded and its answers stay right across a clear
    const wrong: string[] = [];
    for (let i = 0; i < 70000; i++) {
      const f = Math.fround(i / 7 + 0.001);
      const s = shortestFloat32(f)!;
      if (Math.fround(Number(s)) !== f || s !== shortestFloat32(f)) wrong.push(`${f} → ${s}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads a float state given as decimal as its float bits, and hex as raw bits', () => {
    const { calls } = parseTrace(HEAD + 'dev.SetRenderState(D3DRS_FOGSTART, 0.5)\ndev.SetRenderState(D3DRS_FOGEND, 0x7fc00000)\n');
    expect(calls[2].args.Value).toBe(0x3f000000);
    expect(calls[3].args.Value).toBe(0x7fc00000);
    // NaN has no decimal: it prints back as its bits
    expect(toText(fromText(HEAD + 'dev.SetRenderState(D3DRS_FOGEND, 0x7fc00001)\n'))).toContain('dev.SetRenderState(D3DRS_FOGEND, 0x7fc00001)');
  });

  it('packs vertex lists by the FVF in effect and index lists by their format', () => {
    const { calls } = parseTrace(HEAD + 'dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)\ndev.DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 1, 1, [0, 0, 65535], D3DFMT_INDEX16, [[1.5, 2, 0, 1, 0xff102030]], 20)\n');
    const v = calls[3].args.pVertexStreamZeroData as Uint8Array;
    const dv = new DataView(v.buffer, v.byteOffset, v.byteLength);
    expect([dv.getFloat32(0, true), dv.getFloat32(4, true), dv.getUint32(16, true)]).toEqual([1.5, 2, 0xff102030]);
    expect([...(calls[3].args.pIndexData as Uint8Array)]).toEqual([0, 0, 0, 0, 0xff, 0xff]);
  });

  it('accepts flags as an OR of names and prints them back the same way', () => {
    const text = toText(fromText(HEAD + 'dev.Clear(0, NULL, D3DCLEAR_STENCIL | D3DCLEAR_TARGET, 0xff000000, 0.25, 3)\n'));
    expect(text).toContain('dev.Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_STENCIL, 0xff000000, 0.25, 3)');
  });

  it('binds a name once and reuses its handle when a call returns the same object', () => {
    const { calls } = parseTrace(HEAD + 'bb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)\nbb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)\nrt = dev.CreateRenderTarget(4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)\nsurf5 = dev.CreateRenderTarget(4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)\n');
    // a name is stored once, where it is bound; a name that is the default one (kind word + handle) not at all
    expect(calls.slice(2).map((c) => [c.created, c.name])).toEqual([[3, 'bb'], [3, undefined], [4, 'rt'], [5, undefined]]);
  });
});
