/**
 * `inspect --shader NAME`: one shader by its handle name, with the call that created it, the draws
 * made while it was bound (SetVertexShader/SetPixelShader and state blocks alike), the validator's
 * verdict, its declarations, def constants and its disassembly with instruction slots (the
 * "Instruction slots" column of Microsoft's instruction pages: m4x4 takes 4, dcl/def none, ps_2_0
 * counts texture instructions apart from arithmetic ones).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'replay9-inspect-shader-'));
const TRI = '[[0, 0, 0.5, 1, 0xffff0000], [16, 0, 0.5, 1, 0xffff0000], [0, 8, 0.5, 1, 0xffff0000]]';
const draw = `dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, ${TRI}, 20)`;

// call numbers in the comments
const TEXT = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
vs = dev.CreateVertexShader(asm"
    vs_2_0
    def c4, 1, 0.5, 0, -2
    dcl_position v0
    dcl_texcoord1 v3
    m4x4 oPos, v0, c0
    mov oT0.xy, v3
    mov oD0, c4
")
"my ps" = dev.CreatePixelShader(asm"
    ps_2_0
    def c1, 0.25, 0, 0, 1
    dcl t0.xy
    dcl_2d s0
    texld r0, t0, s0
    mul r0, r0, c0
    mov oC0, r0
")
dev.CreatePixelShader(asm"
    ps_2_0
    mov oC0, c40
") -> D3DERR_INVALIDCALL
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.SetVertexShader(vs)
${draw}
dev.BeginStateBlock()
dev.SetPixelShader("my ps")
sb = dev.EndStateBlock()
${draw}
sb.Apply()
${Array.from({ length: 12 }, () => draw).join('\n')}
dev.SetVertexShader(NULL)
${draw}
`;
const T = join(dir, 'shaders.r9t');
writeFileSync(T, TEXT);

describe('inspect --shader', () => {
  it('prints the shader: version, creating call and line, draws, verdict, declarations, constants, slots', async () => {
    const r = await runCli('inspect', T, '--shader', 'vs');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines.slice(0, 13)).toEqual([
      'vs: vertex shader vs_2_0, 24 DWORDs',
      'created by call 2 (line 3): vs = dev.CreateVertexShader(...)',
      // draws 7, 11 and the twelve after sb.Apply (calls 13-24); not the last (26), after SetVertexShader(NULL)
      'bound at 14 draws up to call 26: calls 7, 11, 13, 14, 15, 16, 17, 18, 19, 20, … (4 more)',
      'accepted by the validator',
      'inputs:',
      '  v0  position',
      '  v3  texcoord1',
      'outputs:',
      '  oPos',
      '  oT0.xy',
      '  oD0',
      'constants defined:',
      '  c4 = (1, 0.5, 0, -2)',
    ]);
    expect(lines.slice(13)).toEqual([
      'instruction slots: 6 (vs_2_0 allows 256 in all)',
      '  slot  dword  instruction',
      '            0  vs_2_0',
      '            1  def c4, 1, 0.5, 0, -2',
      '            7  dcl_position v0',
      '           10  dcl_texcoord1 v3',
      '     0     13  m4x4 oPos, v0, c0',
      '     4     17  mov oT0.xy, v3',
      '     5     20  mov oD0, c4',
      '',
    ]);
  });

  it('counts the draws a state block bound it for, and numbers texture slots apart in ps_2_0', async () => {
    const r = await runCli('inspect', T, '--shader', 'my ps');
    expect(r.code).toBe(0);
    // recorded into sb at call 9 (not bound then: the draw at 11 has none), bound by sb.Apply() at call 12: the 12 draws after it and the last one
    expect(r.out).toContain('bound at 13 draws up to call 26: calls 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, … (3 more)\n');
    expect(r.out).toContain('created by call 3 (line 12): "my ps" = dev.CreatePixelShader(...)\n');
    expect(r.out).toContain('constants defined:\n  c1 = (0.25, 0, 0, 1)\n');
    expect(r.out).toContain('inputs:\n  t0.xy\nsamplers:\n  s0  2d\noutputs:\n  oC0\n');
    expect(r.out).toContain('instruction slots: 2 arithmetic, 1 texture (ps_2_0 allows 64 arithmetic and 32 texture)\n');
    expect(r.out).toContain('    t0     13  texld r0, t0, s0\n     0     17  mul r0, r0, c0\n     1     21  mov oC0, r0\n');
  });

  it('stops at --call: only the draws up to it', async () => {
    const r = await runCli('inspect', T, '--shader', 'vs', '--call', '11');
    expect(r.code).toBe(0);
    expect(r.out).toContain('bound at 2 draws up to call 11: calls 7, 11\n');
  });

  it('--json is one document with the same facts', async () => {
    const r = await runCli('inspect', T, '--shader', 'vs', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.name).toBe('vs');
    expect(doc.kind).toBe('vertex');
    expect(doc.created).toEqual({ call: 2, line: 3, text: 'vs = dev.CreateVertexShader(...)', result: 'D3D_OK' });
    expect(doc.draws).toEqual({ count: 14, first: [7, 11, 13, 14, 15, 16, 17, 18, 19, 20] });
    expect(doc.invalid).toEqual([]);
    expect(doc.summary.version).toBe('vs_2_0');
    expect(doc.summary.constants).toEqual([{ register: 'c4', value: [1, 0.5, 0, -2], bits: [0x3f800000, 0x3f000000, 0, 0xc0000000] }]);
    expect(doc.summary.inputs).toEqual([{ register: 'v0', usage: 'position', mask: 'xyzw' }, { register: 'v3', usage: 'texcoord1', mask: 'xyzw' }]);
    expect(doc.summary.lines[3]).toEqual({ offset: 13, slot: 0, slots: 4, text: 'm4x4 oPos, v0, c0' });
  });

  it('an unknown name is a usage error listing the shaders the trace creates', async () => {
    const r = await runCli('inspect', T, '--shader', 'ps');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`unknown shader 'ps'; shaders the trace creates up to call 26: vs, "my ps"`);
    const s = await runCli('inspect', T, '--shader', 'vs', '--surface', 'backbuffer');
    expect(s.code).toBe(2);
    expect(s.err).toContain('--shader prints one shader; it does not take --surface');
  });

  it('judges a vertex shader with the constants its device had: c300 is accepted under software vertex processing, refused under hardware', async () => {
    const both = (flags: string): string => `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, ${flags}, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
vs = dev.CreateVertexShader(asm"
    vs_2_0
    dcl_position v0
    add oPos, v0, c300
")${flags.includes('HARDWARE') ? ' -> D3DERR_INVALIDCALL' : ''}
`;
    const sw = join(dir, 'sw.r9t');
    writeFileSync(sw, both('D3DCREATE_SOFTWARE_VERTEXPROCESSING'));
    const r = await runCli('inspect', sw, '--shader', 'vs');
    expect(r.code).toBe(0);
    expect(r.out).toContain('accepted by the validator\n');
    // under hardware vertex processing the call fails and binds no shader
    const hw = join(dir, 'hw.r9t');
    writeFileSync(hw, both('D3DCREATE_HARDWARE_VERTEXPROCESSING').replace('vs = dev.CreateVertexShader', 'dev.CreateVertexShader'));
    const h = await runCli('inspect', hw, '--shader', 'vs');
    expect(h.code).toBe(2);
    expect(h.err).toContain("unknown shader 'vs'; shaders the trace creates up to call 2: (none)");
  });
});
