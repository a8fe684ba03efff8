/**
 * inspect --debug-vertex: the vertex shader of one draw for one of its vertices. Expected values by
 * hand: inputs decode per D3DDECLTYPE (FLOAT2 fills z = 0, w = 1; FLOAT3 fills w = 1), and the screen
 * position is X + (1 + x/w)·Width/2, Y + (1 − y/w)·Height/2, MinZ + z/w·(MaxZ − MinZ).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import type { VertexDebug } from '../../src/inspect/debug-vertex.js';
import { FLOW, MAD } from './debug-traces.js';

async function debug(file: string, call: number, vertex: number): Promise<{ d: VertexDebug; text: string[] }> {
  const j = await runCli('inspect', file, '--call', String(call), '--debug-vertex', String(vertex), '--json');
  expect(j.err).toBe('');
  expect(j.code).toBe(0);
  const t = await runCli('inspect', file, '--call', String(call), '--debug-vertex', String(vertex));
  expect(t.code).toBe(0);
  return { d: JSON.parse(j.out) as VertexDebug, text: t.out.trim().split('\n') };
}

describe('inspect --debug-vertex runs a draw\'s vertex shader for one vertex', () => {
  it('vs_1_1: inputs by declaration with their bytes, mad of the coordinates, the screen position of clip (1, 1)', async () => {
    const { d, text } = await debug(MAD, 13, 1);
    expect(Object.keys(d)).toEqual(['call', 'method', 'vertexShader', 'version', 'vertex', 'bufferIndex', 'indexed', 'instances', 'inputs', 'steps', 'outputs', 'clip', 'screen']);
    expect(d).toMatchObject({ call: 13, vertexShader: 'vs', version: 'vs_1_1', vertex: 1, bufferIndex: 1, indexed: false, instances: 1 });
    expect(d.inputs).toEqual([
      // 1.0f = 0x3f800000, 0.25f = 0x3e800000, little-endian
      { name: 'v0', semantic: 'POSITION0', element: { stream: 0, offset: 0, type: 'FLOAT3' }, raw: '00 00 80 3f 00 00 80 3f 00 00 80 3e', value: [1, 1, 0.25, 1] },
      { name: 'v1', semantic: 'TEXCOORD0', element: { stream: 0, offset: 12, type: 'FLOAT2' }, raw: '00 00 80 3f 00 00 00 00', value: [1, 0, 0, 1] },
    ]);
    expect(d.steps.map((s) => [s.asm, s.wrote])).toEqual([
      ['mov oPos, v0', { name: 'oPos', value: [1, 1, 0.25, 1] }],
      ['mul oT0, v1, c0', { name: 'oT0', value: [0.5, 0, 0, 1] }],
    ]);
    expect(d.outputs).toEqual([{ name: 'oPos', semantic: 'POSITION0', value: [1, 1, 0.25, 1] }, { name: 'oT0', semantic: 'TEXCOORD0', value: [0.5, 0, 0, 1] }]);
    expect(d.clip).toEqual([1, 1, 0.25, 1]);
    expect(d.screen).toEqual({ x: 16, y: 0, z: 0.25, rhw: 1 });
    expect(text[0]).toBe('call 13 DrawPrimitiveUP: vertex shader vs (vs_1_1) for vertex 1 of the draw, vertex buffer index 1');
    expect(text[text.length - 1]).toBe('clip-space position (1, 1, 0.25, 1); screen (16, 0), z 0.25, rhw 1');
  });

  it('an indexed draw: vertex 0 is its first index, 3, which is vertex buffer position 3 (clip (1, −1) → screen (16, 8))', async () => {
    const { d, text } = await debug(MAD, 17, 0);
    expect(d).toMatchObject({ vertex: 0, bufferIndex: 3, indexed: true });
    expect(d.inputs[0].value).toEqual([1, -1, 0.1, 1]);
    expect(d.screen).toEqual({ x: 16, y: 8, z: 0.1, rhw: 1 });
    expect(text[0]).toBe('call 17 DrawIndexedPrimitiveUP: vertex shader vs (vs_1_1) for index 0 of the draw, vertex buffer index 3');
  });

  it('vs_3_0: outputs are o registers with their dcl semantics', async () => {
    const { d } = await debug(FLOW, 11, 2);
    expect(d.version).toBe('vs_3_0');
    expect(d.outputs).toEqual([{ name: 'o0', semantic: 'POSITION0', value: [-1, -1, 0.5, 1] }, { name: 'o1', semantic: 'TEXCOORD0', value: [0, 1, 0, 1] }]);
    expect(d.screen).toEqual({ x: 0, y: 8, z: 0.5, rhw: 1 });
  });

  it('usage errors: no vertex shader, a vertex beyond the draw, not a draw', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[MAD, '--call', '9', '--debug-vertex', '0'], /fixed-function vertex processing: no vertex shader is bound/],
      [[MAD, '--call', '13', '--debug-vertex', '4'], /vertex 4 is beyond call 13 \(DrawPrimitiveUP\): it draws 4 vertices \(0-3\)/],
      [[MAD, '--call', '17', '--debug-vertex', '3'], /it draws 3 indices \(0-2\)/],
      [[MAD, '--call', '12', '--debug-vertex', '0'], /call 12 is SetFVF, not a draw: --debug-vertex needs/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli('inspect', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
