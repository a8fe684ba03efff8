/**
 * Seed 002: a shadow volume drawn in one pass with two-sided stencil leaves the
 * same stencil buffer, bit for bit, as the classic two-pass method (front faces
 * with STENCILPASS/ZFAIL ops culling back faces, then back faces with the
 * opposite ops culling front faces).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS, D3DSTENCILOP, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import { prng as rng } from '../helpers.js';


const W = 64;
const H = 48;

function device(): Device {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, {
    ...PP, BackBufferWidth: W, BackBufferHeight: H, EnableAutoDepthStencil: true, AutoDepthStencilFormat: D3DFMT.D24S8,
  }).device as Device;
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  return dev;
}

/** XYZRHW|DIFFUSE vertices (20 bytes each). */
function verts(points: ReadonlyArray<readonly [number, number, number]>): Float32Array {
  const v = new Float32Array(points.length * 5);
  const u = new Uint32Array(v.buffer);
  points.forEach(([x, y, z], i) => { v.set([x, y, z, 1], i * 5); u[i * 5 + 4] = 0xffffffff; });
  return v;
}

/** The occluders: a few quads that write depth. */
function drawScene(dev: Device): void {
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0xff000000, 1, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  const quad = (x0: number, y0: number, x1: number, y1: number, z: number): void => {
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, verts([[x0, y0, z], [x1, y0, z], [x0, y1, z], [x1, y1, z]]), 20)).toBe(D3D_OK);
  };
  quad(4, 4, 60, 44, 0.6);
  quad(20, 10, 40, 30, 0.3);
}

/** A random "volume": triangles of both windings at random depths, seeded. */
function volume(seed: number): Float32Array {
  const r = rng(seed);
  const pts: Array<[number, number, number]> = [];
  for (let t = 0; t < 40; t++) {
    for (let k = 0; k < 3; k++) pts.push([r() * (W + 16) - 8, r() * (H + 16) - 8, r()]);
  }
  return verts(pts);
}

function stencilOps(dev: Device, func: number, fail: number, zfail: number, pass: number, ccw = false): void {
  dev.SetRenderState(ccw ? D3DRS.CCW_STENCILFUNC : D3DRS.STENCILFUNC, func);
  dev.SetRenderState(ccw ? D3DRS.CCW_STENCILFAIL : D3DRS.STENCILFAIL, fail);
  dev.SetRenderState(ccw ? D3DRS.CCW_STENCILZFAIL : D3DRS.STENCILZFAIL, zfail);
  dev.SetRenderState(ccw ? D3DRS.CCW_STENCILPASS : D3DRS.STENCILPASS, pass);
}

function volumeState(dev: Device): void {
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
  dev.SetRenderState(D3DRS.STENCILENABLE, 1);
}

const { KEEP, INCR, DECR } = D3DSTENCILOP;
// [name, front (fail, zfail, pass), back (fail, zfail, pass), write mask]. The methods use the wrapping
// INCR/DECR, which commute: two passes apply them in another order than one pass, and only commuting
// ops (what shadow volumes use) can give the same buffer; saturating ops would not.
const METHODS: Array<[string, [number, number, number], [number, number, number], number]> = [
  ['z-pass', [KEEP, KEEP, INCR], [KEEP, KEEP, DECR], 0xffffffff],
  ['z-fail (Carmack\'s reverse)', [KEEP, DECR, KEEP], [KEEP, INCR, KEEP], 0xffffffff],
  ['z-pass with a 4-bit write mask', [KEEP, KEEP, INCR], [KEEP, KEEP, DECR], 0x0f],
];

describe('two-sided stencil equals two passes, bit for bit', () => {
  for (const [name, front, back, writeMask] of METHODS) {
    for (const seed of [1, 2, 3]) {
      it(`${name}, volume ${seed}`, () => {
        const geometry = volume(seed);
        const count = geometry.length / 15;

        const two = device();
        drawScene(two);
        volumeState(two);
        two.SetRenderState(D3DRS.STENCILWRITEMASK, writeMask);
        stencilOps(two, D3DCMP.ALWAYS, ...front);
        two.SetRenderState(D3DRS.CULLMODE, D3DCULL.CCW); // front (clockwise) faces only
        two.DrawPrimitiveUP(D3DPT.TRIANGLELIST, count, geometry, 20);
        stencilOps(two, D3DCMP.ALWAYS, ...back);
        two.SetRenderState(D3DRS.CULLMODE, D3DCULL.CW); // back (counter-clockwise) faces only
        two.DrawPrimitiveUP(D3DPT.TRIANGLELIST, count, geometry, 20);

        const one = device();
        drawScene(one);
        volumeState(one);
        one.SetRenderState(D3DRS.STENCILWRITEMASK, writeMask);
        one.SetRenderState(D3DRS.TWOSIDEDSTENCILMODE, 1);
        stencilOps(one, D3DCMP.ALWAYS, ...front);
        stencilOps(one, D3DCMP.ALWAYS, ...back, true);
        one.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
        one.DrawPrimitiveUP(D3DPT.TRIANGLELIST, count, geometry, 20);

        const a = two.autoDepthStencil!.data;
        const b = one.autoDepthStencil!.data;
        expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
        // and the volume did something: some stencil values are not 0
        let touched = 0;
        for (let i = 0; i < a.length; i += 4) if (a[i] !== 0) touched++;
        expect(touched).toBeGreaterThan(50);
      });
    }
  }

  it('without TWOSIDEDSTENCILMODE the CCW states are ignored', () => {
    const dev = device();
    drawScene(dev);
    volumeState(dev);
    stencilOps(dev, D3DCMP.ALWAYS, KEEP, KEEP, INCR);
    stencilOps(dev, D3DCMP.ALWAYS, KEEP, KEEP, DECR, true);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    // one counter-clockwise triangle in front of everything: INCR applies, not CCW's DECR
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, verts([[2, 2, 0.1], [2, 40, 0.1], [40, 2, 0.1]]), 20);
    expect(dev.autoDepthStencil!.data[(5 * W + 5) * 4]).toBe(1);
  });
});
