import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { pixelHistory } from '../../src/inspect/history.js';
import type { HistoryEvent } from '../../src/inspect/history.js';
import { replayToPoint } from '../../src/inspect/point.js';
import { openTrace } from '../../src/trace/open.js';


const dir = mkdtempSync(join(tmpdir(), 'replay9-history-'));

// calls 0-6: d3d, dev, Clear (colour 0xff202020, depth 1, stencil 0) at call 2, states, BeginScene at call 6
const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
dev.Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xff202020, 1.0, 0)
dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)
dev.SetRenderState(D3DRS_LIGHTING, FALSE)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.BeginScene()
`;

/** A pre-transformed quad (left, top)-(right, bottom) at depth z in one colour. */
const quad = (l: number, t: number, r: number, b: number, z: number, c: string): string =>
  `dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[${l}, ${t}, ${z}, 1, ${c}], [${r}, ${t}, ${z}, 1, ${c}], [${l}, ${b}, ${z}, 1, ${c}], [${r}, ${b}, ${z}, 1, ${c}]], 20)\n`;

const END = 'dev.EndScene()\n';

/** Writes HEAD + body + a Present, so --frame 0 stops after the last call. */
function trace(name: string, body: string): string {
  const file = join(dir, `${name}.r9t`);
  writeFileSync(file, `${HEAD}${body}dev.Present(NULL, NULL, NULL, NULL)\n`);
  return file;
}

async function history(file: string, x: number, y: number): Promise<{ events: HistoryEvent[]; text: string[] }> {
  const j = await runCli('inspect', file, '--frame', '0', '--history', `${x},${y}`, '--json');
  expect(j.err).toBe('');
  expect(j.code).toBe(0);
  const t = await runCli('inspect', file, '--frame', '0', '--history', `${x},${y}`);
  expect(t.code).toBe(0);
  return { events: JSON.parse(j.out) as HistoryEvent[], text: t.out.trim().split('\n') };
}

const KEYS = ['call', 'method', 'event', 'fate', 'before', 'after', 'source', 'stencilBefore', 'stencilAfter', 'stencilOp', 'stencilFace', 'depthBefore', 'fragmentDepth', 'culledFace', 'pixelShader', 'shaderOutputs'];

describe('inspect --history lists what each call did to one pixel of render target 0', () => {
  it('a Clear then a quad written over it: colour before is the clear colour, after the quad\'s', async () => {
    const file = trace('written', quad(2, 1, 10, 6, 0.5, '0xffff0000') + END);
    const { events, text } = await history(file, 4, 3);
    for (const e of events) expect(Object.keys(e)).toEqual(KEYS);
    expect(events).toMatchObject([
      { call: 2, method: 'Clear', event: 'write', fate: null, before: '0x00000000', after: '0xff202020' },
      { call: 7, method: 'DrawPrimitiveUP', event: 'fragment', fate: 'written', before: '0xff202020', after: '0xffff0000', source: [1, 0, 0, 1], depthBefore: 1, fragmentDepth: 0.5, stencilOp: null },
    ]);
    expect(text).toEqual([
      "pixel (4, 3) of render target 0 'backbuffer' (D3DFMT_X8R8G8B8) up to call 9: 2 events",
      'call 2 Clear: 0x00000000 → 0xff202020',
      'call 7 DrawPrimitiveUP: written: 0xff202020 → 0xffff0000, source (1, 0, 0, 1); depth 1 stored, fragment 0.5',
    ]);
  });

  it('a draw that covers nothing at the pixel is "no fragment" in JSON, counted and not listed in the text', async () => {
    const file = join(dir, 'written.r9t');
    const { events, text } = await history(file, 12, 7);
    expect(events.map((e) => [e.call, e.event, e.fate])).toEqual([[2, 'write', null], [7, 'no fragment', null]]);
    expect(text).toEqual([
      "pixel (12, 7) of render target 0 'backbuffer' (D3DFMT_X8R8G8B8) up to call 9: 1 event (and 1 draw with no fragment at the pixel, left out: --json lists it)",
      'call 2 Clear: 0x00000000 → 0xff202020',
    ]);
  });

  // quad() is a strip whose two triangles run clockwise on screen (right along the top, then down-left)
  it('a clockwise quad under D3DCULL_CW is culled, with its winding; under D3DCULL_CCW it is written', async () => {
    const file = trace('culled', 'dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_CW)\n' + quad(2, 1, 10, 6, 0.5, '0xffff0000') + 'dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_CCW)\n' + quad(2, 1, 10, 6, 0.5, '0xff00ff00') + END);
    const { events, text } = await history(file, 4, 3);
    expect(events.map((e) => [e.call, e.event, e.fate, e.culledFace])).toEqual([
      [2, 'write', null, null], [8, 'no fragment', 'culled', 'clockwise'], [10, 'fragment', 'written', null],
    ]);
    expect(text[2]).toBe('call 8 DrawPrimitiveUP: culled (a clockwise triangle covering the pixel)');
  });

  it('a quad outside the scissor rect at the pixel is scissored; inside it is written; culled wins over scissored', async () => {
    const body = 'dev.SetRenderState(D3DRS_SCISSORTESTENABLE, TRUE)\ndev.SetScissorRect({left: 0, top: 0, right: 4, bottom: 8})\n'
      + quad(2, 1, 10, 6, 0.5, '0xffff0000')
      + 'dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_CW)\n' + quad(2, 1, 10, 6, 0.5, '0xff00ff00') + END;
    const file = trace('scissored', body);
    const outside = await history(file, 6, 3);
    expect(outside.events.map((e) => [e.call, e.event, e.fate])).toEqual([[2, 'write', null], [9, 'no fragment', 'scissored'], [11, 'no fragment', 'culled']]);
    expect(outside.text[2]).toBe('call 9 DrawPrimitiveUP: scissored (the draw covers the pixel, outside the scissor rect)');
    const inside = await history(file, 3, 3);
    expect(inside.events.map((e) => [e.call, e.event, e.fate])).toEqual([[2, 'write', null], [9, 'fragment', 'written'], [11, 'no fragment', 'culled']]);
  });

  it('a stencil-masked quad: EQUAL ref 1 over stencil 0 fails, KEEP leaves 0, the colour is unchanged', async () => {
    const file = trace('stencil', 'dev.SetRenderState(D3DRS_STENCILENABLE, TRUE)\ndev.SetRenderState(D3DRS_STENCILFUNC, D3DCMP_EQUAL)\ndev.SetRenderState(D3DRS_STENCILREF, 1)\n'
      + quad(0, 0, 16, 8, 0.5, '0xff0000ff') + END);
    const { events, text } = await history(file, 5, 5);
    expect(events[1]).toMatchObject({
      call: 10, fate: 'stencil failed', before: '0xff202020', after: '0xff202020',
      stencilBefore: 0, stencilAfter: 0, stencilOp: 'D3DSTENCILOP_KEEP', stencilFace: 'front', depthBefore: null, fragmentDepth: null,
    });
    expect(text[2]).toBe('call 10 DrawPrimitiveUP: stencil failed: stencil 0 → 0 by D3DSTENCILOP_KEEP (front)');
  });

  it('a farther quad behind a nearer one fails the depth test, with both depths', async () => {
    const file = trace('depth', quad(2, 1, 10, 6, 0.25, '0xffff0000') + quad(0, 0, 16, 8, 0.75, '0xff00ff00') + END);
    const { events, text } = await history(file, 4, 3);
    expect(events.map((e) => e.fate)).toEqual([null, 'written', 'depth failed']);
    const e = events[2];
    expect(e).toMatchObject({ call: 8, before: '0xffff0000', after: '0xffff0000', source: [0, 1, 0, 1], fragmentDepth: 0.75 });
    // D24 stores floor(0.25·0xFFFFFF + 0.5) = 0x400000, read back as 0x400000 / 0xFFFFFF
    expect(e.depthBefore).toBeCloseTo(0.25, 6);
    expect(text[3]).toMatch(/^call 8 DrawPrimitiveUP: depth failed: depth 0\.25\d* stored, fragment 0\.75$/);
  });

  it('a SRCALPHA/INVSRCALPHA blend of half-alpha blue over red: 0x80 of blue, 0x7f of red', async () => {
    const blend = 'dev.SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE)\ndev.SetRenderState(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA)\ndev.SetRenderState(D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA)\n';
    const file = trace('blend', quad(0, 0, 16, 8, 0.5, '0xffff0000') + blend + quad(0, 0, 16, 8, 0.25, '0x800000ff') + END);
    const { events } = await history(file, 8, 4);
    // a = 128/255: blue 1·a → round(128) = 0x80; red 1·(1 − a) → round(127) = 0x7f
    expect(events[2]).toMatchObject({ call: 11, fate: 'written', before: '0xffff0000', after: '0xff7f0080', source: [0, 0, 1, 0.5019608] });
  });

  it('lists a ColorFill that covers the pixel and omits one that does not, and one on another surface', async () => {
    const file = trace('fill', `${END}rt = dev.CreateRenderTarget(16, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)
dev.ColorFill(rt, {0, 0, 8, 8}, 0xff00ff00)
dev.ColorFill(rt, {8, 0, 16, 8}, 0xffff0000)
dev.SetRenderTarget(0, rt)
`);
    const { events, text } = await history(file, 4, 3);
    // the back buffer's Clear (call 2) is another surface: not listed
    expect(events).toEqual([{
      call: 9, method: 'ColorFill', event: 'write', fate: null, before: '0x00000000', after: '0xff00ff00', source: null,
      stencilBefore: null, stencilAfter: null, stencilOp: null, stencilFace: null, depthBefore: null, fragmentDepth: null, culledFace: null, pixelShader: null, shaderOutputs: null,
    }]);
    expect(text).toEqual(["pixel (4, 3) of render target 0 'rt' (D3DFMT_A8R8G8B8) up to call 12: 1 event", 'call 9 ColorFill: 0x00000000 → 0xff00ff00']);
  });

  it('two-sided stencil: a clockwise triangle uses the front states, a counter-clockwise one the CCW states', async () => {
    const states = ['STENCILENABLE, TRUE', 'TWOSIDEDSTENCILMODE, TRUE', 'STENCILPASS, D3DSTENCILOP_INCR', 'CCW_STENCILFUNC, D3DCMP_EQUAL', 'STENCILREF, 2']
      .map((s) => `dev.SetRenderState(D3DRS_${s})\n`).join('');
    const tri = (a: number[], b: number[], c: number[], col: string): string =>
      `dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, [${[a, b, c].map(([x, y]) => `[${x}, ${y}, 0.5, 1, ${col}]`).join(', ')}], 20)\n`;
    // calls 7-11 states; 12 clockwise on screen (front): ALWAYS passes, INCR 0 → 1; 13 counter-clockwise: EQUAL 2 over 1 fails, KEEP
    const file = trace('two-sided', states + tri([0, 0], [16, 0], [0, 8], '0xffff0000') + tri([0, 0], [0, 8], [16, 0], '0xff00ff00') + END);
    const { events } = await history(file, 2, 2);
    expect(events.slice(1)).toMatchObject([
      { call: 12, fate: 'written', stencilBefore: 0, stencilAfter: 1, stencilOp: 'D3DSTENCILOP_INCR', stencilFace: 'front', after: '0xffff0000' },
      { call: 13, fate: 'stencil failed', stencilBefore: 1, stencilAfter: 1, stencilOp: 'D3DSTENCILOP_KEEP', stencilFace: 'ccw', after: '0xffff0000' },
    ]);
  });

  it.each(['triangles', 'shadow-volume', 'stencil-ref-mask', 'lit-fog-blend'])('watching a pixel leaves %s.r9t rendering byte for byte as before', (name) => {
    const { reader, lines } = openTrace(join('traces', `${name}.r9t`));
    try {
      const plain = replayToPoint(reader, { frame: 0 }, { lines });
      const rt = plain.device!.state.renderTargets[0]!;
      const watched = pixelHistory(reader, { frame: 0 }, rt.width >> 1, rt.height >> 1, { lines });
      const seen = watched.point.device!.state.renderTargets[0]!;
      expect(Buffer.from(seen.data).equals(Buffer.from(rt.data))).toBe(true);
      const ds = plain.device!.state.depthStencil;
      if (ds) expect(Buffer.from(watched.point.device!.state.depthStencil!.data).equals(Buffer.from(ds.data))).toBe(true);
      expect(watched.events.length).toBeGreaterThan(0);
    } finally {
      reader.close();
    }
  });

  it('refuses a pixel outside render target 0 and --history with --pixel', async () => {
    const file = join(dir, 'written.r9t');
    const out = await runCli('inspect', file, '--frame', '0', '--history', '16,0');
    expect(out.code).toBe(2);
    expect(out.err).toMatch(/pixel \(16, 0\) is outside render target 0 \('backbuffer'\), which is 16×8/);
    const both = await runCli('inspect', file, '--frame', '0', '--history', '1,1', '--surface', 'backbuffer', '--pixel', '1,1');
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--history .* does not take --pixel/);
  });
});
