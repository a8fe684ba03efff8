/**
 * inspect --debug-pixel: the pixel shader of one draw at one pixel, step by step. Expected values are
 * worked out by hand: D3D9 pixel centres are at integer positions, so over a quad whose texture
 * coordinates run 0 → 1 across the 16×8 target, pixel (x, y) reads u = x/16, v = y/8; colours store
 * as round(c · 255).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { debugPixel } from '../../src/inspect/debug-pixel.js';
import type { PixelDebug } from '../../src/inspect/debug-pixel.js';
import { replayToPoint } from '../../src/inspect/point.js';
import type { InspectPoint } from '../../src/inspect/point.js';
import { openTrace } from '../../src/trace/open.js';
import { FLOW, KILL, MAD } from './debug-traces.js';

async function debug(file: string, call: number, at: string): Promise<{ d: PixelDebug; text: string[] }> {
  const j = await runCli('inspect', file, '--call', String(call), '--debug-pixel', at, '--json');
  expect(j.err).toBe('');
  expect(j.code).toBe(0);
  const t = await runCli('inspect', file, '--call', String(call), '--debug-pixel', at);
  expect(t.code).toBe(0);
  return { d: JSON.parse(j.out) as PixelDebug, text: t.out.trim().split('\n') };
}

describe('inspect --debug-pixel runs a draw\'s pixel shader for one pixel', () => {
  it('mad of known constants and the interpolated coordinates at the pixel centre: (0.25, 0.25)·(2, 4, 0, 0) + (0.25, 0, 0.2, 1)', async () => {
    const { d, text } = await debug(MAD, 9, '4,2');
    expect(Object.keys(d)).toEqual(['call', 'method', 'x', 'y', 'target', 'format', 'pixelShader', 'version', 'missed', 'fragments']);
    expect(d).toMatchObject({ call: 9, method: 'DrawPrimitiveUP', x: 4, y: 2, target: 'backbuffer', format: 'D3DFMT_X8R8G8B8', pixelShader: 'ps', version: 'ps_2_0', missed: null });
    expect(d.fragments).toHaveLength(1);
    const f = d.fragments[0];
    expect(Object.keys(f)).toEqual(['lane', 'lanes', 'face', 'inputs', 'steps', 'outputs', 'killed', 'fate']);
    expect(f).toMatchObject({ lane: 0, lanes: 1, face: 'clockwise', killed: false });
    expect(f.inputs).toHaveLength(1);
    expect(f.inputs[0]).toMatchObject({ name: 't0', semantic: 'TEXCOORD0' });
    expect(f.inputs[0].value.slice(0, 2)).toEqual([0.25, 0.25]);
    expect(f.steps.map((s) => s.asm)).toEqual(['mad r0, t0.xyxy, c0, c1', 'mov oC0, r0']);
    expect(f.steps[0].read.slice(1)).toEqual([{ name: 'c0', value: [2, 4, 0, 0] }, { name: 'c1', value: [0.25, 0, 0.2, 1] }]);
    expect(f.steps[0].wrote).toEqual({ name: 'r0', value: [0.75, 1, 0.2, 1] });
    expect(f.steps[1].wrote).toEqual({ name: 'oC0', value: [0.75, 1, 0.2, 1] });
    expect(f.outputs).toEqual({ oC0: [0.75, 1, 0.2, 1] });
    // 0.75 → 191 (0xbf), 1 → 0xff, 0.2 → 51 (0x33); X8 stores ff; depth test LESSEQUAL 0.5 against the cleared 1
    expect(f.fate).toMatchObject({ call: 9, event: 'fragment', fate: 'written', before: '0xff202020', after: '0xffbfff33', depthBefore: 1, fragmentDepth: 0.5, pixelShader: 'ps' });
    expect(text[0]).toBe("call 9 DrawPrimitiveUP: pixel shader ps (ps_2_0) at pixel (4, 2) of render target 0 'backbuffer' (D3DFMT_X8R8G8B8)");
    expect(text).toContain('  #1 mad r0, t0.xyxy, c0, c1');
    expect(text).toContain('      wrote r0 = (0.75, 1, 0.2, 1)');
    expect(text).toContain('outputs: oC0 = (0.75, 1, 0.2, 1)');
    expect(text[text.length - 1]).toMatch(/^fate: written: 0xff202020 → 0xffbfff33/);
  });

  it('inputs fed by a vertex shader: oT0 = v1·(0.5, 0.5, 1, 1) gives t0 = (5/32, 3/16) at (5, 3)', async () => {
    const { d } = await debug(MAD, 13, '5,3');
    const f = d.fragments[0];
    expect(f.inputs[0].value.slice(0, 2)).toEqual([0.15625, 0.1875]);
    expect(f.steps[0].wrote?.value).toEqual([0.5625, 0.75, 0.2, 1]);
    // nearer than the 0.5 stored by call 9: written
    expect(f.fate).toMatchObject({ fate: 'written', fragmentDepth: 0.25 });
  });

  it('a draw that puts no fragment at the pixel says why: culled', async () => {
    const { d, text } = await debug(MAD, 15, '5,3');
    expect(d.missed).toBe('culled');
    expect(d.fragments).toEqual([]);
    expect(text[1]).toBe('no fragment at the pixel: back-face culling removes the primitive that covers it');
  });

  it('flow control: three rep iterations, an if not taken and its else, dsx over the 2×2 quad (lane 3 of the quad at (4, 2))', async () => {
    const { d, text } = await debug(FLOW, 11, '5,3');
    const f = d.fragments[0];
    expect(f).toMatchObject({ lane: 3, lanes: 4 });
    expect(f.inputs.map((i) => [i.name, i.semantic])).toEqual([['v0', 'TEXCOORD0'], ['vPos', null], ['vFace', null]]);
    expect(f.inputs[1].value).toEqual([5, 3, 0, 0]);
    expect(f.inputs[2].value).toEqual([1]);
    const flow = f.steps.filter((s) => s.flow !== null).map((s) => [s.asm, s.flow]);
    expect(flow).toEqual([
      ['rep i0', 'iteration 1 begins'], ['endrep', 'iteration 2 begins'], ['endrep', 'iteration 3 begins'], ['endrep', 'the loop ends after 3 iterations'],
      ['if_gt v0.x, c2.z', 'not taken'], ['else', 'runs the else branch'], ['endif', 'end of the branch'],
    ]);
    const adds = f.steps.filter((s) => s.asm.startsWith('add'));
    expect(adds.map((s) => [s.iterations, s.wrote?.value[0]])).toEqual([[[1], 0.25], [[2], 0.5], [[3], 0.75]]);
    // the taken branch's mov r1, c2.w is not among this pixel's steps
    expect(f.steps.some((s) => s.asm === 'mov r1, c2.w')).toBe(false);
    // dsx of u: one pixel to the right is 1/16 more
    expect(f.steps.find((s) => s.asm.startsWith('dsx'))?.wrote?.value[0]).toBe(0.0625);
    expect(f.outputs).toEqual({ oC0: [0.75, 0.75, 0.75, 1] });
    expect(text).toContain('lane 3 of its 2×2 quad at (4, 2) (the shader runs the quad for derivatives); a clockwise primitive');
    expect(text).toContain('  #5 [iteration 2] add r0, r0, c2.x');
    expect(text).toContain('  #7 if_gt v0.x, c2.z  — not taken');
  });

  it('the branch taken where u = 0.75 > 0.5: oC0 = 1·0.5 + 0.75, stored saturated', async () => {
    const { d } = await debug(FLOW, 11, '12,2');
    const f = d.fragments[0];
    expect(f.lane).toBe(0);
    expect(f.steps.filter((s) => s.flow !== null && s.asm !== 'endrep').map((s) => s.flow)).toEqual(['iteration 1 begins', 'taken', 'skips the else branch', 'end of the branch']);
    expect(f.outputs).toEqual({ oC0: [1.25, 1.25, 1.25, 1] });
    expect(f.fate).toMatchObject({ fate: 'written', before: '0xff000000', after: '0xffffffff' });
  });

  it('texkill and the alpha test: the fate words --history uses', async () => {
    const killed = (await debug(KILL, 10, '4,2')).d.fragments[0];
    expect(killed.steps[0].wrote?.value).toEqual([-0.25, -0.25, -0.25, -0.25]);
    expect(killed).toMatchObject({ killed: true, fate: { fate: 'killed by texkill', after: '0xff202020' } });
    const alpha = (await debug(KILL, 10, '12,2')).d.fragments[0];
    // alpha 0.25 is not GREATER than 128/255
    expect(alpha).toMatchObject({ killed: false, outputs: { oC0: [1, 0, 0, 0.25] }, fate: { fate: 'alpha test failed', after: '0xff202020' } });
  });

  it('debugging a pixel leaves the device as a plain replay of the draw does (the whole target, byte for byte)', () => {
    for (const [file, call, x, y] of [[MAD, 13, 5, 3], [FLOW, 11, 5, 3], [KILL, 10, 12, 2]] as const) {
      const { reader, lines } = openTrace(file, { replayOnly: true });
      try {
        let debugged: InspectPoint | undefined;
        debugPixel(reader, call, x, y, { lines, onPoint: (p) => { debugged = p; } });
        const plain = replayToPoint(reader, { call }, { lines });
        const a = debugged!.device!.backBuffer!, b = plain.device!.backBuffer!;
        expect(Buffer.compare(Buffer.from(a.data), Buffer.from(b.data))).toBe(0);
        const da = debugged!.surfaces.get('depthstencil')!, db = plain.surfaces.get('depthstencil')!;
        expect(Buffer.compare(Buffer.from(da.data), Buffer.from(db.data))).toBe(0);
      } finally {
        reader.close();
      }
    }
  });

  it('usage errors: not a draw, beyond the trace, outside the target, a fixed-function draw, no --call', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[MAD, '--call', '8', '--debug-pixel', '4,2'], /call 8 is BeginScene, not a draw/],
      [[MAD, '--call', '99', '--debug-pixel', '4,2'], /call 99 is beyond the trace: it has 20 calls/],
      [[MAD, '--call', '9', '--debug-pixel', '16,2'], /pixel \(16, 2\) is outside render target 0 \('backbuffer'\) of call 9, which is 16×8/],
      [[KILL, '--call', '12', '--debug-pixel', '4,2'], /fixed-function pixel processing: no pixel shader is bound/],
      [[MAD, '--frame', '0', '--debug-pixel', '4,2'], /--debug-pixel needs --call N/],
      [[MAD, '--call', '9', '--debug-pixel', '4'], /--debug-pixel expects X,Y/],
      [[MAD, '--call', '9', '--debug-pixel', '4,2', '--debug-vertex', '0'], /not both/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli('inspect', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
