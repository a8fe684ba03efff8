import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFMT, D3DMULTISAMPLE, D3DSWAPEFFECT, Direct3DCreate9, presentedImage, renderScene, renderTrace,
} from '../../src/index.js';
import type { D3DPRESENT_PARAMETERS, Scene } from '../../src/index.js';
import { decodePng } from '../../src/golden/image.js';

const params = (w: number, h: number): D3DPRESENT_PARAMETERS => ({
  BackBufferWidth: w, BackBufferHeight: h, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1,
  MultiSampleType: D3DMULTISAMPLE.NONE, MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD,
  hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: false, AutoDepthStencilFormat: 0,
  Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
});

const pixel = (img: { width: number; data: Uint8Array }, x: number, y: number): number[] => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

// Clear writes the colour's R, G, B into X8R8G8B8; the X channel reads back as 1.0 (255)
const twoFrames: Scene = (d3d) => {
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, params(8, 4)).device!;
  dev.Clear(0, null, D3DCLEAR.TARGET, 0x00ff0000, 1, 0);
  dev.Present(null, null, null, null);
  dev.Clear(1, [{ left: 0, top: 0, right: 4, bottom: 4 }], D3DCLEAR.TARGET, 0x000020c0, 1, 0);
  dev.Present(null, null, null, null);
};

describe('frames from the public API', () => {
  it('presentedImage reads the back buffer of a device made by the public Direct3DCreate9', () => {
    const dev = Direct3DCreate9()!.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, params(4, 2)).device!;
    expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0x0080ff40, 1, 0)).toBe(0);
    const img = presentedImage(dev);
    expect(img).toBeDefined();
    expect([img!.width, img!.height]).toEqual([4, 2]);
    expect(pixel(img!, 3, 1)).toEqual([0x80, 0xff, 0x40, 255]);
  });

  it('renderScene returns each presented frame as RGBA8, with no findings', async () => {
    const r = await renderScene(twoFrames);
    expect(r.findings).toEqual([]);
    expect(r.frames.map((f) => [f.frame, f.width, f.height])).toEqual([[0, 8, 4], [1, 8, 4]]);
    expect(pixel(r.frames[0], 6, 2)).toEqual([255, 0, 0, 255]);
    // the second Clear's rect covers x 0-3 only
    expect(pixel(r.frames[1], 1, 1)).toEqual([0, 0x20, 0xc0, 255]);
    expect(pixel(r.frames[1], 6, 1)).toEqual([255, 0, 0, 255]);
    // a selection keeps the frame numbers
    expect((await renderScene(twoFrames, { frames: '1' })).frames.map((f) => f.frame)).toEqual([1]);
  });

  it('renderScene rejects with the error a scene throws', async () => {
    await expect(renderScene(() => { throw new Error('scene broke'); })).rejects.toThrow('scene broke');
  });

  it('renderTrace gives the frames that the sample goldens hold', () => {
    const r = renderTrace('traces/triangles.r9t');
    expect(r.findings).toEqual([]);
    const pngs = readdirSync('traces/triangles.golden').filter((f) => /^frame-\d+\.png$/.test(f)).sort();
    expect(r.frames.length).toBe(pngs.length);
    r.frames.forEach((f, i) => {
      const golden = decodePng(readFileSync(join('traces/triangles.golden', pngs[i])));
      expect([f.width, f.height]).toEqual([golden.width, golden.height]);
      expect(Buffer.compare(Buffer.from(f.data), Buffer.from(golden.data))).toBe(0);
    });
  });
});
