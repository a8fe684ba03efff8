/**
 * Shader tokens in the text form: an asm"…" block of Microsoft assembly when our assembler rebuilds
 * the identical tokens, otherwise the DWORDs one instruction a line with the disassembly beside them
 * as comments (a CTAB comment cannot be assembled); either way text → binary gives the same tokens,
 * and a malformed block is a TraceFormatError at its line:column in the file.
 */
import { describe, expect, it } from 'vitest';
import { TraceFormatError, TraceSyntaxError } from '../../src/trace/errors.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { D3DCREATE } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, LONG, prng, recordBytes, sameBytes, toText } from '../helpers.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
`;
const body = (text: string): string => text.replace(/^#.*\n/gm, '');
/** The pFunction bytes of every CreateVertexShader/CreatePixelShader of a binary trace, as DWORDs. */
function shaderTokens(bin: Uint8Array): number[][] {
  const out: number[][] = [];
  for (const { call } of TraceReader.fromBytes(bin).calls()) {
    if (call.command !== 'CreateVertexShader' && call.command !== 'CreatePixelShader') continue;
    const b = call.args.pFunction as Uint8Array;
    out.push(Array.from({ length: b.length / 4 }, (_, k) => new DataView(b.buffer, b.byteOffset).getUint32(k * 4, true)));
  }
  return out;
}

// the vs_2_0 of ../shared/capture/traces/tri_pp.trace as fxc wrote it: version, a 22-DWORD CTAB comment, four instructions
const CTAB = [0x0016fffe, 0x42415443, 0x0000001c, 0x00000023, 0xfffe0200, 0, 0, 0x00000100, 0x0000001c, 0x325f7376, 0x4d00305f, 0x6f726369,
  0x74666f73, 0x29522820, 0x534c4820, 0x6853204c, 0x72656461, 0x6d6f4320, 0x656c6970, 0x2e392072, 0x392e3033, 0x382e3036, 0x00393232];
const FXC_VS = [0xfffe0200, ...CTAB, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x8000000a, 0x900f0001,
  0x02000001, 0xc00f0000, 0x90e40000, 0x02000001, 0xd00f0000, 0x90e40001, 0x0000ffff];

describe('shader tokens in the text form', () => {
  it('a stream the assembler rebuilds prints as an asm block, one instruction a line, and reads back to the same tokens', () => {
    // vs_1_1 "dcl_position v0; dp4 oPos, v0, c0" (the encoding of Wine's d3dcompiler asm tests)
    const tokens = [0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x00000009, 0xc00f0000, 0x90e40000, 0xa0e40000, 0x0000ffff];
    const bin = fromText(`${HEAD}vs = dev.CreateVertexShader([${tokens.map((t) => `0x${t.toString(16)}`).join(', ')}])\n`);
    const text = toText(bin);
    expect(body(text)).toBe(`${HEAD}vs = dev.CreateVertexShader(asm"\n    vs_1_1\n    dcl_position v0\n    dp4 oPos, v0, c0\n")\n`);
    expect(shaderTokens(fromText(text))).toEqual([tokens]);
    expect(sameBytes(fromText(text), bin)).toBe(true);
  });

  it('a stream with a CTAB comment keeps its words, one instruction a line with its disassembly as a comment', () => {
    const bin = fromText(`${HEAD}vs = dev.CreateVertexShader([${FXC_VS.join(', ')}])\n`);
    const text = toText(bin);
    const lines = body(text).split('\n').slice(2);
    expect(lines[0]).toBe('vs = dev.CreateVertexShader([');
    expect(lines[1]).toBe('    0xfffe0200,  # vs_2_0');
    expect(lines[2]).toBe('    0x0016fffe, 0x42415443, 0x0000001c, 0x00000023, 0xfffe0200, 0x00000000, 0x00000000, 0x00000100,  # comment CTAB, 22 DWORDs');
    expect(lines.slice(5)).toEqual([
      '    0x0200001f, 0x80000000, 0x900f0000,  # dcl_position v0',
      '    0x0200001f, 0x8000000a, 0x900f0001,  # dcl_color v1',
      '    0x02000001, 0xc00f0000, 0x90e40000,  # mov oPos, v0',
      '    0x02000001, 0xd00f0000, 0x90e40001,  # mov oD0, v1',
      '    0x0000ffff  # end',
      '])',
      '',
    ]);
    expect(shaderTokens(fromText(text))).toEqual([FXC_VS]);
    expect(sameBytes(fromText(text), bin)).toBe(true);
  });

  it('a stream that does not parse stays a one-line list of words', () => {
    const text = toText(fromText(`${HEAD}dev.CreateVertexShader([0xfffe0400, 0x0000ffff]) -> D3DERR_INVALIDCALL\n`));
    expect(body(text)).toContain('dev.CreateVertexShader([0xfffe0400, 0x0000ffff]) -> D3DERR_INVALIDCALL\n');
  });

  it('words after the end token are kept and named in the comment', () => {
    const words = [0xffff0200, 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff, 0xabcdef01];
    const bin = fromText(`${HEAD}ps = dev.CreatePixelShader([${words.join(', ')}])\n`);
    const text = toText(bin);
    expect(text).toContain('    0x0000ffff, 0xabcdef01  # end, then 1 DWORDs after it');
    expect(shaderTokens(fromText(text))).toEqual([words]);
  });

  it('GetFunction\'s tokens print the same way, and a recorded scene goes binary → text → binary byte for byte', () => {
    const rec = recordBytes((d3d) => {
      const dev = d3d.CreateDevice(0, 1, null, D3DCREATE.HARDWARE_VERTEXPROCESSING, PP).device!;
      const ps = dev.CreatePixelShader(new Uint32Array([0xffff0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0x800f0800, 0x90e40000, 0x0000ffff])).pixelShader!;
      ps.GetFunction(true, 64);
      dev.CreateVertexShader(Uint32Array.from(FXC_VS));
      d3d.CreateDevice(0, 1, null, D3DCREATE.HARDWARE_VERTEXPROCESSING, PP);
    });
    const text = toText(rec);
    expect(text).toContain('ps3 = dev2.CreatePixelShader(asm"\n    ps_2_0\n    dcl v0\n    mov oC0, v0\n")');
    expect(text).toContain('ps3.GetFunction(TRUE, 64) -> {Data: asm"\n    ps_2_0\n    dcl v0\n    mov oC0, v0\n", SizeOfData: 64}');
    expect(sameBytes(fromText(text), rec)).toBe(true);
  });

  it('reads hand-written blocks: any indentation, CRLF, the block opening on a line of its own, // comments, calls inside a D3DPERF event', () => {
    const text = `${HEAD}D3DPERF_BeginEvent(0xffffffff, "draw")\n  ps = dev.CreatePixelShader(asm"ps_2_0\r\n// a comment\r\n\tdef c0, 1, 0.5, 0, 1\r\n      mov oC0, c0\r\n")\r\nD3DPERF_EndEvent()\n`;
    const bin = fromText(text);
    expect(shaderTokens(bin)).toEqual([[0xffff0200, 0x05000051, 0xa00f0000, 0x3f800000, 0x3f000000, 0, 0x3f800000, 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff]]);
    // printed inside the event, the block's lines are indented with the call and still read back
    const again = toText(bin);
    expect(again).toContain('  ps = dev.CreatePixelShader(asm"\n      ps_2_0\n      def c0, 1, 0.5, 0, 1\n      mov oC0, c0\n  ")');
    expect(sameBytes(fromText(again), bin)).toBe(true);
    // the call after a block has the line it is on
    expect(parseTrace(text).lines).toEqual([1, 2, 3, 4, 9]);
  });

  it('a malformed block is a TraceFormatError at the line and column of the mistake in the file', () => {
    const at = (text: string): string => {
      try {
        fromText(text, 'bad.r9t');
      } catch (e) {
        expect(e).toBeInstanceOf(TraceFormatError);
        expect(e).toBeInstanceOf(TraceSyntaxError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    // line 5 of the file is "    mov oC0, q9": the operand q9 starts at column 14
    expect(at(`${HEAD}ps = dev.CreatePixelShader(asm"\n    ps_2_0\n    mov oC0, q9\n")\n`)).toBe("bad.r9t:5:14: shader assembly: 'q9' is not a pixel shader register");
    // on the block's first line the column counts from the start of the line: asm" at 28, its body at 32
    expect(at(`${HEAD}ps = dev.CreatePixelShader(asm"ps_9_9\n")\n`)).toMatch(/^bad\.r9t:3:32: shader assembly: expected a version/);
    expect(at(`${HEAD}ps = dev.CreatePixelShader(asm"\n    ps_2_0\n    bogus r0\n")\n`)).toMatch(/^bad\.r9t:5:5: shader assembly: unknown instruction 'bogus'/);
    expect(at(`${HEAD}ps = dev.CreatePixelShader(asm"\n    ps_2_0\n`)).toBe('bad.r9t:3:28: unterminated asm block (no closing \'"\')');
    // a block where no tokens are taken
    expect(at(`${HEAD}dev.SetRenderState(D3DRS_ZENABLE, asm"ps_2_0")\n`)).toMatch(/^bad\.r9t:3:/);
    // a list of words spanning lines must still be closed
    expect(at(`${HEAD}ps = dev.CreatePixelShader([\n  0xffff0200,\n  0x0000ffff\ndev.Present(NULL, NULL, NULL, NULL)\n`)).toMatch(/^bad\.r9t:6:1: expected '\]' to close the list/);
  });

  it('a damaged block (seeded character edits) reads back or is a TraceFormatError, never another exception', () => {
    const good = `${HEAD}vs = dev.CreateVertexShader(asm"\n    vs_2_0\n    def c4, 1, 0.5, 0, -2\n    dcl_position v0\n    m4x4 oPos, v0[a0.x], c0\n    if_lt c4.x, c4.y\n    mov oD0, c4\n    endif\n")\n`;
    const rnd = prng(7);
    const alphabet = 'asm"[](),._-+!0123456789xyzwvcrobl \n\t';
    const start = good.indexOf('asm"');
    let failed = 0;
    for (let n = 0; n < (LONG ? 20000 : 150); n++) {
      const chars = [...good];
      for (let e = 1 + Math.floor(rnd() * 3); e > 0; e--) {
        const at = start + Math.floor(rnd() * (good.length - start));
        const c = alphabet[Math.floor(rnd() * alphabet.length)];
        if (rnd() < 0.5) chars[at] = c;
        else chars.splice(at, rnd() < 0.5 ? 1 : 0, c);
      }
      try {
        fromText(chars.join(''));
      } catch (e) {
        expect(e).toBeInstanceOf(TraceFormatError);
        failed++;
      }
    }
    expect(failed).toBeGreaterThan(0);
  });
});
