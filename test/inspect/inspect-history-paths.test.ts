import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LONG, prng, scale, spread } from '../helpers.js';

// `whole.on`: every watched draw runs every pixel through the generic paths, watched (the way
// --history drew before it drew only the watched pixel that way)
const whole = vi.hoisted(() => ({ on: false }));
vi.mock('../../src/driver/raster/draw.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/driver/raster/draw.js')>();
  return {
    ...m,
    drawPrimitives: (state: Parameters<typeof m.drawPrimitives>[0], call: Parameters<typeof m.drawPrimitives>[1], options: Parameters<typeof m.drawPrimitives>[2] = {}) =>
      m.drawPrimitives(state, call, options.watch && whole.on ? { ...options, watchWholeDraw: true } : options),
  };
});

const { pixelHistory } = await import('../../src/inspect/history.js');
const { replayToPoint } = await import('../../src/inspect/point.js');
const { openTrace } = await import('../../src/trace/open.js');

describe('--history draws the watched pixel alone through the generic paths', () => {
  // depth-stencil-copies has the most draws (5 s a pixel): the long run only
  // the short run takes an even spread of the sample traces (the slowest left out); the long run takes them all
  const traces = spread(readdirSync('traces').filter((f) => f.endsWith('.r9t') && (LONG || f !== 'depth-stencil-copies.r9t')).sort(), 6);
  it.each(traces)('%s: the same events as watching every pixel, and the same surfaces as a plain replay', (file) => {
    const path = join('traces', file);
    const rnd = prng(file.length * 31 + 5);
    const last = openTrace(path).reader.callCount - 1;
    const plain = replayToPoint(openTrace(path).reader, { call: last });
    const rt = plain.device!.state.renderTargets[0]!;
    for (let k = 0; k < scale(3, 2); k++) {
      const x = Math.floor(rnd() * rt.width);
      const y = Math.floor(rnd() * rt.height);
      whole.on = false;
      const alone = pixelHistory(openTrace(path).reader, { call: last }, x, y);
      whole.on = true;
      const all = pixelHistory(openTrace(path).reader, { call: last }, x, y);
      whole.on = false;
      expect(alone.events, `${file} (${x}, ${y})`).toEqual(all.events);
      // the draws that reach the pixel are found at all
      expect(alone.events.length).toBeGreaterThan(0);
      for (const [name, s] of plain.surfaces) {
        expect(Buffer.compare(alone.point.surfaces.get(name)!.data, s.data), `${file} (${x}, ${y}) ${name}`).toBe(0);
        expect(Buffer.compare(all.point.surfaces.get(name)!.data, s.data), `${file} (${x}, ${y}) ${name}`).toBe(0);
      }
    }
  }, 60_000);
  it('a draw that samples the surface it writes (undefined in D3D9) is watched whole: the same as a plain replay', () => {
    // render target 0 is level 0 of the texture stage 0 samples, one texel to the right (point filtering):
    // pixel 7 reads texel 8, red, as it was before the draw
    const file = join(mkdtempSync(join(tmpdir(), 'replay9-feedback-')), 'feedback.r9t');
    writeFileSync(file, [
      'd3d = Direct3DCreate9(32)',
      'dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: FALSE})',
      'tex = dev.CreateTexture(16, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, NULL)',
      'rt = tex.GetSurfaceLevel(0)',
      'dev.ColorFill(rt, {0, 0, 16, 8}, 0xff000000)',
      'dev.ColorFill(rt, {7, 0, 8, 8}, 0xff00ff00)',
      'dev.ColorFill(rt, {8, 0, 9, 8}, 0xffff0000)',
      'dev.ColorFill(rt, {9, 0, 10, 8}, 0xff0000ff)',
      'dev.SetRenderTarget(0, rt)',
      'dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)',
      'dev.SetRenderState(D3DRS_LIGHTING, FALSE)',
      'dev.SetRenderState(D3DRS_ZENABLE, FALSE)',
      'dev.SetTexture(0, tex)',
      'dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1)',
      'dev.BeginScene()',
      'dev.DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, [[-0.5, -0.5, 0.5, 1, 0.0625, 0], [15.5, -0.5, 0.5, 1, 1.0625, 0], [-0.5, 7.5, 0.5, 1, 0.0625, 1], [15.5, 7.5, 0.5, 1, 1.0625, 1]], 24)',
      'dev.EndScene()',
      '',
    ].join('\n'));
    const plain = replayToPoint(openTrace(file).reader, { call: 16 });
    expect([...plain.surfaces.get('rt')!.data.subarray(7 * 4, 8 * 4)]).toEqual([0, 0, 0xff, 0xff]);
    const alone = pixelHistory(openTrace(file).reader, { call: 16 }, 7, 0);
    expect(alone.events.at(-1)).toMatchObject({ call: 15, event: 'fragment', fate: 'written', before: '0xff00ff00', after: '0xffff0000', source: [1, 0, 0, 1] });
    expect(Buffer.compare(alone.point.surfaces.get('rt')!.data, plain.surfaces.get('rt')!.data)).toBe(0);
  });
});
