/**
 * User clip planes (SetClipPlane, D3DRS_CLIPPLANEENABLE), the clip status and MultiplyTransform.
 *
 * Windows-validated: Wine device.c test_clip_planes_limits (every index 0..63 is accepted, those at or
 * past MaxUserClipPlanes − 1 name the last plane; CLIPPLANEENABLE keeps any value). The pixels come
 * from the rules: fixed-function planes are in world space and keep a·x + b·y + c·z + d ≥ 0
 * (SetClipPlane docs); on a 16×16 target with identity view and projection, clip-space x = 0 falls on
 * pixel column 8's centre and y = 0 on row 8's, and a cut edge keeps the pixels whose centre lies on
 * a left or top edge (the top-left rule), so x ≥ 0 keeps columns 8..15 and x ≤ 0 columns 0..7.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { ObjectCapture, restoreObjects } from '../../src/device/snapshot.js';
import {
  D3DCLEAR, D3DCS, D3DCULL, D3DERR, D3DFVF, D3DPT, D3DRS, D3DSBT, D3DTS, D3D_OK,
} from '../../src/d3d9/index.js';
import type { D3DMATRIX, IDirect3DStateBlock9 } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const SOFTWARE_VP = 0x20;
const HARDWARE_VP = 0x40;

function device(flags = SOFTWARE_VP): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
}

function matrix(rows: number[][]): D3DMATRIX {
  const [a, b, c, d] = rows;
  return {
    _11: a[0], _12: a[1], _13: a[2], _14: a[3], _21: b[0], _22: b[1], _23: b[2], _24: b[3],
    _31: c[0], _32: c[1], _33: c[2], _34: c[3], _41: d[0], _42: d[1], _43: d[2], _44: d[3],
  };
}
const translate = (x: number, y: number, z: number): D3DMATRIX => matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]);
const scale = (s: number): D3DMATRIX => matrix([[s, 0, 0, 0], [0, s, 0, 0], [0, 0, s, 0], [0, 0, 0, 1]]);

/** A quad over the whole clip volume at z = 0.5 (XYZ | DIFFUSE), green; `x0`/`x1` its object-space x range. */
function quad(x0 = -1, x1 = 1, colors = [0xff00ff00, 0xff00ff00, 0xff00ff00, 0xff00ff00]): Float32Array {
  const v = new Float32Array(16);
  const u = new Uint32Array(v.buffer);
  [[x0, 1], [x1, 1], [x0, -1], [x1, -1]].forEach(([x, y], i) => { v.set([x, y, 0.5], i * 4); u[i * 4 + 3] = colors[i]; });
  return v;
}

function pixel(dev: Device, x: number, y: number): number {
  const bb = dev.backBuffer;
  return new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(y * bb.pitch + 4 * x, true) & 0xffffff;
}

/** Which pixels of the 16×16 target are not the red clear colour, as 16 strings of '#' and '.'. */
function coverage(dev: Device): string[] {
  return Array.from({ length: 16 }, (_, y) => Array.from({ length: 16 }, (_, x) => (pixel(dev, x, y) === 0xff0000 ? '.' : '#')).join(''));
}

function draw(dev: Device, data = quad()): void {
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xffff0000, 1, 0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, data, 16)).toBe(D3D_OK);
}

const rows = (kept: (x: number, y: number) => boolean): string[] =>
  Array.from({ length: 16 }, (_, y) => Array.from({ length: 16 }, (_, x) => (kept(x, y) ? '#' : '.')).join(''));

describe('SetClipPlane / GetClipPlane (Wine device.c test_clip_planes_limits)', () => {
  it.each([['hardware', HARDWARE_VP], ['software', SOFTWARE_VP]])('on a %s vertex processing device: planes start at zero, every index is accepted and past the last one names it', (_what, flags) => {
    const dev = device(flags);
    expect(dev.caps.MaxUserClipPlanes).toBe(6);
    for (let j = 0; j < 64; j++) expect(dev.GetClipPlane(j)).toEqual({ hr: D3D_OK, plane: { a: 0, b: 0, c: 0, d: 0 } });
    for (let j = 0; j < 64; j++) expect(dev.SetClipPlane(j, { a: 2, b: 8, c: 5, d: j })).toBe(D3D_OK);
    for (let j = 0; j < 64; j++) {
      const d = j >= dev.caps.MaxUserClipPlanes - 1 ? 63 : j;
      expect(dev.GetClipPlane(j)).toEqual({ hr: D3D_OK, plane: { a: 2, b: 8, c: 5, d } });
    }
    expect(dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 0xffffffff)).toBe(D3D_OK);
    expect(dev.GetRenderState(D3DRS.CLIPPLANEENABLE).value).toBe(0xffffffff);
    expect(dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 0x80000000)).toBe(D3D_OK);
    expect(dev.GetRenderState(D3DRS.CLIPPLANEENABLE).value).toBe(0x80000000);
  });

  it('refuses a NULL plane', () => {
    expect(device().SetClipPlane(0, null)).toBe(D3DERR.INVALIDCALL);
  });
});

describe('user clip planes cut fixed-function geometry in world space', () => {
  /** VIEW undoes WORLD, so object = clip space while world x = object x + 0.5. */
  function shifted(dev: Device): void {
    dev.SetTransform(D3DTS.WORLD, translate(0.5, 0, 0));
    dev.SetTransform(D3DTS.VIEW, translate(-0.5, 0, 0));
  }

  it.each([
    // plane (world space), enable mask, what stays
    ['x ≥ 0.5 in world space: object/clip x ≥ 0, columns 8..15', { a: 1, b: 0, c: 0, d: -0.5 }, 1, rows((x) => x >= 8)],
    ['x ≤ 0.5: columns 0..7 (the cut is a right edge, column 8 is left out)', { a: -1, b: 0, c: 0, d: 0.5 }, 1, rows((x) => x < 8)],
    ['the plane set but not enabled: everything', { a: 1, b: 0, c: 0, d: -0.5 }, 0, rows(() => true)],
    ['enabled through bit 1 while plane 0 holds it: everything (plane 1 is all zero: 0 ≥ 0 keeps all)', { a: 1, b: 0, c: 0, d: -0.5 }, 2, rows(() => true)],
  ] as const)('%s', (_what, plane, mask, want) => {
    const dev = device();
    shifted(dev);
    dev.SetClipPlane(0, plane);
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, mask);
    draw(dev);
    expect(coverage(dev)).toEqual(want);
  });

  it('two planes: x ≥ 0.5 in world space and y ≥ 0 keep the top right quarter (rows 0..7, columns 8..15)', () => {
    const dev = device();
    shifted(dev);
    dev.SetClipPlane(0, { a: 1, b: 0, c: 0, d: -0.5 });
    dev.SetClipPlane(3, { a: 0, b: 1, c: 0, d: 0 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1 | 8);
    draw(dev);
    expect(coverage(dev)).toEqual(rows((x, y) => x >= 8 && y < 8));
  });

  it('a diagonal plane x + y ≥ 0 keeps the pixels whose centre is on or above-right of the diagonal through the centre', () => {
    const dev = device();
    dev.SetClipPlane(0, { a: 1, b: 1, c: 0, d: 0 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    draw(dev);
    // pixel (X, Y) has clip x = X/8 − 1 and y = 1 − Y/8: x + y ≥ 0 ⇔ X ≥ Y; on the edge (X = Y) the
    // cut is a left edge (the kept side lies to its right), so the diagonal itself is kept
    expect(coverage(dev)).toEqual(rows((x, y) => x >= y));
  });

  it('interpolates colours across the cut: kept pixels match the uncut draw within 1', () => {
    const colors = [0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff];
    const cut = device();
    cut.SetClipPlane(0, { a: 1, b: 0, c: 0, d: -0.25 });
    cut.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    draw(cut, quad(-1, 1, colors));
    const whole = device();
    draw(whole, quad(-1, 1, colors));
    for (let y = 0; y < 16; y++) {
      for (let x = 10; x < 16; x++) {
        const a = pixel(cut, x, y), b = pixel(whole, x, y);
        for (const s of [0, 8, 16]) expect(Math.abs(((a >> s) & 255) - ((b >> s) & 255))).toBeLessThanOrEqual(1);
      }
    }
    // x ≥ 0.25 is column 10 on: columns 0..9 are not drawn
    expect(coverage(cut)).toEqual(rows((x) => x >= 10));
  });

  it('D3DRS_CLIPPING FALSE turns user planes off too', () => {
    const dev = device();
    dev.SetClipPlane(0, { a: 1, b: 0, c: 0, d: 0 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    dev.SetRenderState(D3DRS.CLIPPING, 0);
    draw(dev);
    expect(coverage(dev)).toEqual(rows(() => true));
  });

  // no world space to be in; DXVK learned it from an application (doitsujin/dxvk#5833: no clip planes for pre-transformed vertices)
  it('pre-transformed (XYZRHW) vertices are not clipped by user planes', () => {
    const dev = device();
    dev.SetClipPlane(0, { a: 1, b: 0, c: 0, d: -1000 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xffff0000, 1, 0);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    const v = new Float32Array(20);
    const u = new Uint32Array(v.buffer);
    [[0, 0], [16, 0], [0, 16], [16, 16]].forEach(([x, y], i) => { v.set([x, y, 0.5, 1], i * 5); u[i * 5 + 4] = 0xff00ff00; });
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 20)).toBe(D3D_OK);
    expect(coverage(dev)).toEqual(rows(() => true));
  });

  it('points outside an enabled plane are dropped whole', () => {
    const dev = device();
    dev.SetClipPlane(0, { a: 1, b: 0, c: 0, d: 0 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xffff0000, 1, 0);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    const v = new Float32Array(8);
    const u = new Uint32Array(v.buffer);
    v.set([-0.5, 0, 0.5], 0); u[3] = 0xff00ff00; // pixel (4, 8): x < 0, dropped
    v.set([0.5, 0, 0.5], 4); u[7] = 0xff00ff00; // pixel (12, 8): kept
    dev.DrawPrimitiveUP(D3DPT.POINTLIST, 2, v, 16);
    expect(pixel(dev, 4, 8)).toBe(0xff0000);
    expect(pixel(dev, 12, 8)).toBe(0x00ff00);
  });
});

describe('clip planes in state blocks and snapshots', () => {
  it('D3DSBT_ALL captures and applies the planes; VERTEXSTATE holds none ("Saving All Device States" lists them, the vertex-state list does not)', () => {
    const dev = device();
    dev.SetClipPlane(2, { a: 1, b: 2, c: 3, d: 4 });
    const all = dev.CreateStateBlock(D3DSBT.ALL).stateBlock as IDirect3DStateBlock9;
    const vertex = dev.CreateStateBlock(D3DSBT.VERTEXSTATE).stateBlock as IDirect3DStateBlock9;
    dev.SetClipPlane(2, { a: 9, b: 9, c: 9, d: 9 });
    expect(vertex.Apply()).toBe(D3D_OK);
    expect(dev.GetClipPlane(2).plane).toEqual({ a: 9, b: 9, c: 9, d: 9 });
    expect(all.Apply()).toBe(D3D_OK);
    expect(dev.GetClipPlane(2).plane).toEqual({ a: 1, b: 2, c: 3, d: 4 });
  });

  it('a recorded block holds SetClipPlane without changing the device', () => {
    const dev = device();
    dev.BeginStateBlock();
    dev.SetClipPlane(1, { a: 0, b: 1, c: 0, d: 0.5 });
    const sb = dev.EndStateBlock().stateBlock as IDirect3DStateBlock9;
    expect(dev.GetClipPlane(1).plane).toEqual({ a: 0, b: 0, c: 0, d: 0 });
    sb.Apply();
    expect(dev.GetClipPlane(1).plane).toEqual({ a: 0, b: 1, c: 0, d: 0.5 });
  });

  it('a snapshot keeps the planes and the clip status', () => {
    const dev = device();
    dev.SetClipPlane(4, { a: 0.5, b: -1, c: 2, d: 0.25 });
    dev.SetClipStatus({ ClipUnion: D3DCS.PLANE4, ClipIntersection: D3DCS.LEFT });
    const cap = new ObjectCapture();
    cap.ref(dev);
    cap.finish();
    const back = restoreObjects(cap.objects)[0] as Device;
    expect(back.GetClipPlane(4).plane).toEqual({ a: 0.5, b: -1, c: 2, d: 0.25 });
    expect(back.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.PLANE4, ClipIntersection: D3DCS.LEFT });
  });
});

describe('SetClipStatus / GetClipStatus (SetClipStatus docs)', () => {
  it('starts at ClipUnion 0, ClipIntersection 0xffffffff; reads back what was set; NULL is INVALIDCALL', () => {
    const dev = device(HARDWARE_VP);
    expect(dev.GetClipStatus()).toEqual({ hr: D3D_OK, clipStatus: { ClipUnion: 0, ClipIntersection: 0xffffffff } });
    expect(dev.SetClipStatus(null)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetClipStatus({ ClipUnion: D3DCS.TOP, ClipIntersection: D3DCS.BACK })).toBe(D3D_OK);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.TOP, ClipIntersection: D3DCS.BACK });
  });

  it('software vertex processing ORs and ANDs the vertices\' codes; hardware vertex processing leaves it alone', () => {
    for (const [flags, updates] of [[SOFTWARE_VP, true], [HARDWARE_VP, false]] as const) {
      const dev = device(flags);
      dev.SetClipPlane(0, { a: 0, b: -1, c: 0, d: 0 });
      dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
      // object x from −2 to 1: the left vertices are outside the left plane; y = ±1 puts the top
      // vertices (y = 1) outside plane 0 (−y ≥ 0)
      draw(dev, quad(-2, 1));
      const want = updates ? { ClipUnion: D3DCS.LEFT | D3DCS.PLANE0, ClipIntersection: 0 } : { ClipUnion: 0, ClipIntersection: 0xffffffff };
      expect(dev.GetClipStatus().clipStatus).toEqual(want);
    }
  });

  it('codes of vertices all outside the same planes stay in ClipIntersection', () => {
    const dev = device();
    // every vertex at x > w and z > w: RIGHT | BACK in both (y = ±w lies on the top and bottom planes: inside)
    dev.SetTransform(D3DTS.WORLD, translate(3, 0, 1));
    draw(dev);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.RIGHT | D3DCS.BACK, ClipIntersection: D3DCS.RIGHT | D3DCS.BACK });
    dev.SetTransform(D3DTS.WORLD, translate(0, 0.5, 0));
    draw(dev);
    // now the top vertices are at y = 1.5 > w: TOP joins the union, the intersection loses RIGHT | BACK
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.RIGHT | D3DCS.BACK | D3DCS.TOP, ClipIntersection: 0 });
  });

  it('D3DRS_CLIPPING FALSE sets both to zero at the next draw', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.CLIPPING, 0);
    draw(dev);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: 0, ClipIntersection: 0 });
  });
});

describe('MultiplyTransform (docs: "the multiplication order is pMatrix times State")', () => {
  it('sets the transform to pMatrix × current, so pMatrix applies first to a row vector', () => {
    const dev = device();
    dev.SetTransform(D3DTS.WORLD, translate(1, 2, 3));
    expect(dev.MultiplyTransform(D3DTS.WORLD, scale(2))).toBe(D3D_OK);
    // scale then translate: the translation row stays 1, 2, 3 (current × pMatrix would give 2, 4, 6)
    expect(dev.GetTransform(D3DTS.WORLD).matrix).toEqual(matrix([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [1, 2, 3, 1]]));
  });

  it('multiplies the identity of a transform never set, rounds to float32 and refuses NULL', () => {
    const dev = device();
    expect(dev.MultiplyTransform(D3DTS.TEXTURE3, scale(0.1))).toBe(D3D_OK);
    expect(dev.GetTransform(D3DTS.TEXTURE3).matrix!._11).toBe(Math.fround(0.1));
    expect(dev.MultiplyTransform(D3DTS.VIEW, null)).toBe(D3DERR.INVALIDCALL);
  });

  it('while a state block records, the product lands in the block', () => {
    const dev = device();
    dev.SetTransform(D3DTS.VIEW, translate(1, 0, 0));
    dev.BeginStateBlock();
    dev.MultiplyTransform(D3DTS.VIEW, scale(3));
    const sb = dev.EndStateBlock().stateBlock as IDirect3DStateBlock9;
    expect(dev.GetTransform(D3DTS.VIEW).matrix).toEqual(translate(1, 0, 0));
    sb.Apply();
    expect(dev.GetTransform(D3DTS.VIEW).matrix).toEqual(matrix([[3, 0, 0, 0], [0, 3, 0, 0], [0, 0, 3, 0], [1, 0, 0, 1]]));
  });
});
