/**
 * The validator's usage rules (src/shader/validate-rules.ts), each refused case beside an accepted
 * one, with the page of Microsoft's shader assembly reference that states the rule; a refused stream
 * makes Create*Shader return D3DERR_INVALIDCALL with an 'invalid-shader' note saying the rule.
 */
import { describe, expect, it } from 'vitest';
import { assemble, parseShader, validateShader } from '../../src/shader/index.js';
import { Direct3DCreate9 } from '../../src/api/index.js';
import { D3DCREATE, D3DERR, D3D_OK } from '../../src/d3d9/index.js';
import { listenForNotes } from '../../src/device/notes.js';
import type { DeviceNote } from '../../src/device/notes.js';
import { PP } from '../fixtures/every-command.js';
import { WINE_VECTORS } from './wine-vectors.js';

function tokensOf(text: string): Uint32Array {
  const a = assemble(text);
  if (!a.ok) throw new Error(`${a.error.line}:${a.error.column}: ${a.error.message}`);
  return a.tokens;
}
function errorsOf(text: string): string[] {
  const p = parseShader(tokensOf(text));
  if (!p.ok) throw new Error(p.error.message);
  return validateShader(p.program).map((e) => e.message);
}

/** [rule and its source, refused shader, the message's start, the same shader made right] */
const RULES: [string, string, string, string][] = [
  // "Registers - vs_1_1" … "vs_3_0": v# requires DCL
  ['vs: an input read before a dcl declares it', 'vs_1_1\nmov oPos, v0', "mov: source 0 v0 is used before a dcl declares it", 'vs_1_1\ndcl_position v0\nmov oPos, v0'],
  ['vs_3_0: outputs and samplers need a dcl', 'vs_3_0\ndcl_position v0\nmov o0, v0', 'mov: destination o0 is used before a dcl', 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0'],
  // "Registers - ps_2_0": v#, t#, s# require DCL
  ['ps_2_0: a texture coordinate used without dcl', 'ps_2_0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0', 'texld: source 0 t0 is used before a dcl', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0'],
  ['ps_2_0: a sampler used without dcl', 'ps_2_0\ndcl t0\ntexld r0, t0, s0\nmov oC0, r0', 'texld: source 1 s0 is used before a dcl', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0'],
  // "Registers - ps_3_0": v#, vPos/vFace, s# require DCL
  ['ps_3_0: vFace used without dcl', 'ps_3_0\nmov oC0, vFace', 'mov: source 0 vFace is used before a dcl', 'ps_3_0\ndcl vFace\nmov oC0, vFace'],
  // "dcl_usage input": every dcl before the first executable instruction; "def - ps": before arithmetic instructions
  ['a dcl after an executable instruction', 'vs_2_0\ndcl_position v0\nmov oPos, v0\ndcl_color v1\nmov oD0, v1', 'dcl: declares v1 after the first executable instruction', 'vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1'],
  ['a def after an executable instruction', 'ps_2_0\nmov r0, c1\ndef c0, 1, 0, 0, 1\nadd oC0, r0, c0', 'def: defines c0 after the first executable instruction', 'ps_2_0\ndef c0, 1, 0, 0, 1\nmov r0, c1\nadd oC0, r0, c0'],
  // "sincos - vs": exactly .x, .y or .xy; a replicate swizzle; 2_0: two different c# for D3DSINCOSCONST1/2
  ['sincos with a .xyz mask', 'vs_2_0\ndcl_position v0\nsincos r0.xyz, v0.x, c0, c1\nmov oPos, r0', 'sincos: the destination mask must be .x, .y or .xy, found .xyz', 'vs_2_0\ndcl_position v0\nsincos r0.xy, v0.x, c0, c1\nmov oPos, r0'],
  ['sincos without a replicate swizzle', 'vs_3_0\ndcl_position v0\ndcl_position o0\nsincos r0.xy, v0\nmov o0, r0', 'sincos: source 0 (the angle) needs a replicate swizzle', 'vs_3_0\ndcl_position v0\ndcl_position o0\nsincos r0.xy, v0.w\nmov o0, r0'],
  ['sincos 2_0 with one constant twice', 'ps_2_0\ndef c0, 0, 0.5, 0, 0\nsincos r0.xy, c0.y, c1, c1\nmov oC0, r0', 'sincos: sources 1 and 2 must be two different constant registers', 'ps_2_0\ndef c0, 0, 0.5, 0, 0\nsincos r0.xy, c0.y, c1, c2\nmov oC0, r0'],
  // "Destination Register Masking" (vs): m3x3 and m4x3 need .xyz, m3x2 .xy, m4x4 all four
  ['m3x3 without the .xyz mask', 'vs_2_0\ndcl_position v0\nm3x3 r0, v0, c0\nmov oPos, r0', 'm3x3: the destination mask must be .xyz, found .xyzw', 'vs_2_0\ndcl_position v0\nm3x3 r0.xyz, v0, c0\nmov oPos, r0'],
  ['m4x4 with a partial mask', 'vs_2_0\ndcl_position v0\nm4x4 oPos.xyz, v0, c0', 'm4x4: the destination mask must be .xyzw, found .xyz', 'vs_2_0\ndcl_position v0\nm4x4 oPos, v0, c0'],
  // "texld - ps_2_0 and up": ps_2_0 writes an r# with .xyzw, reads t#/r# and s# unswizzled and unmodified
  ['ps_2_0 texld with a mask', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0.xy, t0, s0\nmov oC0, r0', 'texld: ps_2_0 allows only the full .xyzw mask', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0'],
  ['ps_2_0 texld with swizzled coordinates', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0.yx, s0\nmov oC0, r0', 'texld: source 0 cannot be swizzled in ps_2_0', 'ps_2_0\ndcl t0\ndcl_2d s0\nmov r1, t0.yxzw\ntexld r0, r1, s0\nmov oC0, r0'],
  ['ps_2_0 texld into an output', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld oC0, t0, s0', 'texld: the destination must be a temporary register, found oC0', 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0'],
  // "Input Register" (vs): one input register an instruction; "Registers - vs_1_1": one constant (c#: 1 read port)
  ['vs: two input registers in one instruction', 'vs_2_0\ndcl_position v0\ndcl_normal v1\nadd oPos, v0, v1', 'add: reads 2 different input registers (v0, v1)', 'vs_2_0\ndcl_position v0\ndcl_normal v1\nmov r0, v1\nadd oPos, v0, r0'],
  ['vs_1_1: two constant registers in one instruction', 'vs_1_1\ndcl_position v0\nmad oPos, v0, c0, c1', 'mad: reads 2 different constant registers (c0, c1)', 'vs_1_1\ndcl_position v0\nmov r0, c1\nmad oPos, v0, c0, r0'],
  // "Registers - ps_2_0": t# and v# have one read port
  ['ps_2_0: two texture coordinate registers in one instruction', 'ps_2_0\ndcl t0\ndcl t1\nadd r0, t0, t1\nmov oC0, r0', 'add: reads 2 different texture coordinate registers (t0, t1)', 'ps_2_0\ndcl t0\ndcl t1\nmov r1, t1\nadd r0, t0, r1\nmov oC0, r0'],
  // "texld - ps_2_0 and up": at most third-order dependent reads (r0 first order … r3 third, r4 fourth)
  ['ps_2_0: a fourth-order dependent read', `ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\ntexld r1, r0, s0\ntexld r2, r1, s0\ntexld r3, r2, s0\ntexld r4, r3, s0\nmov oC0, r4`,
    'texld: is a dependent read of order 4', `ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\ntexld r1, r0, s0\ntexld r2, r1, s0\ntexld r3, r2, s0\nmov oC0, r3`],
  // "texld - ps_1_4": a temporary register as coordinates only in the second phase
  ['ps_1_4: a dependent read in the first phase', 'ps_1_4\ntexld r0, t0\ntexld r1, r0\nmov r0, r1', 'texld: reads its coordinates from a temporary register before the phase instruction', 'ps_1_4\ntexld r0, t0\nphase\ntexld r1, r0\nmov r0, r1'],
  // "if bool - vs", "endif", "loop", "rep": blocks close in order; break only in a loop or rep
  ['an endif with no if', 'vs_2_0\ndcl_position v0\nmov oPos, v0\nendif', 'endif: has no open if to close', 'vs_2_0\ndcl_position v0\nif b0\nmov oPos, v0\nendif'],
  ['an if never closed', 'vs_2_0\ndcl_position v0\nif b0\nmov oPos, v0', 'if: is never closed', 'vs_2_0\ndcl_position v0\nif b0\nmov oPos, v0\nendif'],
  ['a rep closed by endloop', 'vs_2_0\ndcl_position v0\nrep i0\nmov oPos, v0\nendloop', 'endloop: has no open loop to close', 'vs_2_0\ndcl_position v0\nrep i0\nmov oPos, v0\nendrep'],
  ['a break outside a loop', 'ps_2_x\ndcl v0\nif b0\nbreak\nendif\nmov oC0, v0', 'break: is outside any loop or rep', 'ps_2_x\ndcl v0\nrep i0\nif b0\nbreak\nendif\nendrep\nmov oC0, v0'],
  // "call - vs": the label must exist
  ['a call to a label the shader lacks', 'vs_2_0\ndcl_position v0\ncall l1\nmov oPos, v0\nret\nlabel l0\nret', 'call: calls l1, which no label instruction defines', 'vs_2_0\ndcl_position v0\ncall l0\nmov oPos, v0\nret\nlabel l0\nret'],
  // "Flow Control Nesting Limits": vs_2_0 nests loop/rep 1 deep, vs_3_0 4 deep
  ['vs_2_0: a rep inside a loop', 'vs_2_0\ndcl_position v0\nloop aL, i0\nrep i1\nadd r0, r0, v0\nendrep\nendloop\nmov oPos, r0', 'rep: nests loop/rep 2 deep; vs_2_0 allows 1', 'vs_2_x\ndcl_position v0\nloop aL, i0\nrep i1\nadd r0, r0, v0\nendrep\nendloop\nmov oPos, r0'],
  ['vs_3_0: reps nested 5 deep', 'vs_3_0\ndcl_position v0\ndcl_position o0\nrep i0\nrep i0\nrep i0\nrep i0\nrep i0\nadd r0, r0, v0\nendrep\nendrep\nendrep\nendrep\nendrep\nmov o0, r0', 'rep: nests loop/rep 5 deep; vs_3_0 allows 4',
    'vs_3_0\ndcl_position v0\ndcl_position o0\nrep i0\nrep i0\nrep i0\nrep i0\nadd r0, r0, v0\nendrep\nendrep\nendrep\nendrep\nmov o0, r0'],
  // "Flow Control Nesting Limits": vs_2_0 has at most 16 static flow-control instructions
  ['vs_2_0: 17 static flow-control instructions', `vs_2_0\ndcl_position v0\n${'if b0\nadd r0, r0, v0\nendif\n'.repeat(17)}mov oPos, r0`, 'if: is the 17th static flow-control instruction; vs_2_0 allows 16',
    `vs_2_0\ndcl_position v0\n${'if b0\nadd r0, r0, v0\nendif\n'.repeat(16)}mov oPos, r0`],
];

describe('usage rules of the shader validator', () => {
  for (const [rule, bad, message, good] of RULES) {
    it(rule, () => {
      expect(errorsOf(bad).join('\n')).toContain(message);
      expect(errorsOf(good)).toEqual([]);
    });
  }

  it('a refused stream makes CreatePixelShader return D3DERR_INVALIDCALL with an invalid-shader note saying the rule', () => {
    const d3d = Direct3DCreate9(32)!;
    const dev = d3d.CreateDevice(0, 1, null, D3DCREATE.HARDWARE_VERTEXPROCESSING, PP).device!;
    const notes: DeviceNote[] = [];
    const hr = listenForNotes((n) => notes.push(n), () => dev.CreatePixelShader(tokensOf('ps_2_0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0')).hr);
    expect(hr).toBe(D3DERR.INVALIDCALL);
    expect(notes).toEqual([{ kind: 'invalid-shader', message: 'pixel shader refused: token 4: texld: source 0 t0 is used before a dcl declares it (ps_2_0 requires dcl for it)' }]);
    expect(dev.CreatePixelShader(tokensOf('ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0')).hr).toBe(D3D_OK);
  });

  it("accepts the real captures' shaders (../shared/capture/traces/tri_pp: fxc's vs_2_0/ps_2_0 pair)", () => {
    expect(errorsOf('vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1')).toEqual([]);
    expect(errorsOf('ps_2_0\ndcl v0\nmov oC0, v0')).toEqual([]);
  });

  it("the usage rules refuse only these encoding snippets of Wine's asm tests (checked by an assembler that does not validate: sincos r0, r1, r2, r3 breaks sincos' documented operand rules)", () => {
    const refused: string[] = [];
    for (const v of WINE_VECTORS) {
      const p = parseShader(Uint32Array.from(v.tokens));
      if (!p.ok) throw new Error(p.error.message);
      // those a version rule already refuses (o12 in vs_3_0 …) are not the usage rules' doing
      if (validateShader(p.program, undefined, { rules: false }).length) continue;
      if (validateShader(p.program).length) refused.push(v.text.replace(/\n/g, ' / '));
    }
    // every one lacks a dcl, a phase, or sincos' operands: each is a fragment, not a shader the runtime takes
    expect(refused).toEqual([
      'vs_1_1 / rcp r0, v0.x', 'ps_1_4 / texld r5, r2_dz', 'vs_2_0 / lrp r0, v0, c0, r1', 'vs_2_0 / sincos r0, r1, r2, r3',
      'ps_2_0 / dcl_2d s2 / texld r0, t1, s2', 'ps_2_0 / texkill t0', 'ps_2_0 / dcl_2d s2 / texldp r0, t1, s2', 'ps_2_0 / dcl_2d s2 / texldb r0, t1, s2',
      'ps_2_x / dcl_2d s2 / texldd r0, v1, s2, r3, r4', 'vs_3_0 / texldl r0, v0, s0', 'vs_3_0 / sincos r0, r1', 'vs_3_0 / add r0, v4[aL], r2',
      'ps_3_0 / mov r0, vPos', 'ps_3_0 / mov r0, vFace', 'ps_3_0 / loop aL, i0 / mov r0, v0[aL] / endloop', 'ps_3_0 / texkill v0',
    ]);
  });
});
