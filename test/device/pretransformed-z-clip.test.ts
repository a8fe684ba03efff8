/**
 * When pre-transformed (XYZRHW) vertices with z outside [0, 1] are clipped. A full-target quad runs
 * from z = −0.5 at its left edge to z = 1.5 at its right edge (Wine visual.c zenable_test's quad on a
 * 16-pixel-wide target): clipped, only its middle half (0 ≤ z ≤ 1, x in [4, 12)) is drawn; unclipped,
 * all of it. ZFUNC ALWAYS keeps the depth test out of the picture.
 * Sources: zenable_test (no depth buffer with ZENABLE TRUE, and ZENABLE FALSE with one: drawn whole),
 * z_range_test (ZENABLE TRUE, a depth buffer, CLIPPING TRUE, CLIPTLVERTS: clipped). USEW and CLIPPING
 * FALSE are replay9's reading (see clipsPretransformedZ).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFVF, D3DPT, D3DRS, D3DZB, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

function quad(): Float32Array {
  const v = new Float32Array(20);
  const u = new Uint32Array(v.buffer);
  [[0, 0, -0.5], [16, 0, 1.5], [0, 16, -0.5], [16, 16, 1.5]].forEach(([x, y, z], i) => { v.set([x, y, z, 1], i * 5); u[i * 5 + 4] = 0xff00ff00; });
  return v;
}

const WHOLE = [true, true, true, true];
const MIDDLE = [false, true, true, false];

describe('XYZRHW vertices outside 0 ≤ z ≤ 1', () => {
  it.each([
    // [what, depth-stencil bound, ZENABLE, CLIPPING, drawn at x = 1, 5, 10, 14]
    ['no depth buffer, ZENABLE TRUE: drawn whole (zenable_test)', false, D3DZB.TRUE, 1, WHOLE],
    ['no depth buffer, ZENABLE FALSE: drawn whole', false, D3DZB.FALSE, 1, WHOLE],
    ['depth buffer, ZENABLE FALSE: drawn whole (zenable_test)', true, D3DZB.FALSE, 1, WHOLE],
    ['depth buffer, ZENABLE TRUE: clipped (z_range_test, CLIPTLVERTS)', true, D3DZB.TRUE, 1, MIDDLE],
    ['depth buffer, ZENABLE USEW: clipped', true, D3DZB.USEW, 1, MIDDLE],
    ['depth buffer, ZENABLE TRUE, CLIPPING FALSE: drawn whole', true, D3DZB.TRUE, 0, WHOLE],
    ['no depth buffer, ZENABLE USEW: drawn whole', false, D3DZB.USEW, 1, WHOLE],
  ] as const)('%s', (_what, withDepth, zenable, clipping, want) => {
    const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
    expect(dev.caps.PrimitiveMiscCaps & 0x200).toBe(0x200); // D3DPMISCCAPS_CLIPTLVERTS
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffff0000, 1, 0);
    if (!withDepth) dev.SetDepthStencilSurface(null);
    dev.SetRenderState(D3DRS.ZENABLE, zenable);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
    dev.SetRenderState(D3DRS.CLIPPING, clipping);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(), 20)).toBe(D3D_OK);
    const bb = dev.backBuffer;
    const green = (x: number): boolean => (new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(8 * bb.pitch + 4 * x, true) & 0xffffff) === 0x00ff00;
    expect([1, 5, 10, 14].map(green)).toEqual(want);
  });
});
