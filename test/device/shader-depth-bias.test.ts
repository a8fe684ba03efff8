/**
 * D3DRS_DEPTHBIAS with a pixel shader that writes oDepth. The bias is added to the vertices' depth
 * before the interpolators are set up (Microsoft's Depth Bias page: "added to the z value for each
 * vertex before interpolator setup"), so it reaches the depth the rasterizer interpolates; oDepth
 * replaces that depth, so a depth the shader writes is tested and stored without a bias.
 * Depth buffer cleared to 0.6, ZFUNC LESS, DEPTHBIAS 0.25: a quad at z 0.5 fails (0.75), one whose
 * shader writes 0.5 passes and stores 0.5.
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCMP, D3DFVF, D3DPT, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import { device, pixel, ps, quad } from './shader-draw-helpers.js';

const f32bits = (v: number): number => new Uint32Array(new Float32Array([v]).buffer)[0];

function drawBiased(shader: string): Device {
  const dev = device();
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff000000, 0.6, 0);
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESS);
  dev.SetRenderState(D3DRS.DEPTHBIAS, f32bits(0.25));
  dev.SetPixelShader(ps(dev, shader));
  dev.SetFVF(D3DFVF.XYZ);
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0.5), 12)).toBe(D3D_OK);
  return dev;
}

/** A second, unbiased quad at `z` drawn green with ZFUNC LESS: where it shows, the stored depth was above z. */
function probe(dev: Device, z: number): number {
  dev.SetRenderState(D3DRS.DEPTHBIAS, 0);
  dev.SetPixelShader(ps(dev, 'ps_2_0\ndef c0, 0, 1, 0, 1\nmov oC0, c0'));
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(z), 12)).toBe(D3D_OK);
  return pixel(dev.backBuffer, 8, 8) & 0xffffff;
}

describe('DEPTHBIAS and oDepth', () => {
  it('the bias moves the interpolated depth: a quad at 0.5 biased by 0.25 fails LESS against 0.6', () => {
    const dev = drawBiased('ps_2_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0');
    expect(pixel(dev.backBuffer, 8, 8) & 0xffffff).toBe(0x000000);
  });

  it('a depth written to oDepth is not biased: 0.5 passes against 0.6 and is what the buffer holds', () => {
    const dev = drawBiased('ps_2_0\ndef c0, 1, 0, 0, 1\ndef c1, 0.5, 0, 0, 0\nmov oC0, c0\nmov oDepth, c1.x');
    expect(pixel(dev.backBuffer, 8, 8) & 0xffffff).toBe(0xff0000);
    // the stored depth is 0.5: a quad at 0.55 is behind it, one at 0.45 in front
    expect(probe(dev, 0.55)).toBe(0xff0000);
    expect(probe(dev, 0.45)).toBe(0x00ff00);
  });
});
