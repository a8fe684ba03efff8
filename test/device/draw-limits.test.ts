/**
 * Draw calls against D3DCAPS9's limits and against the data they are given.
 * - More primitives than MaxPrimitiveCount, or vertex indices above MaxVertexIndex: D3DERR_INVALIDCALL
 *   (what the D3D9 runtime checks against the caps).
 * - Reading past the end of the vertex or index data is undefined in D3D9; replay9 draws only the
 *   primitives whose vertices and indices all lie within the data, bounds the work by the data
 *   present, and reports a note.
 * - An FVF that declares no vertex is accepted by SetFVF (D3D_OK) and fails the draw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../src/device/device.js';
import { listenForNotes } from '../../src/device/notes.js';
import type { DeviceNote } from '../../src/device/notes.js';
import { VertexBuffer, IndexBuffer } from '../../src/device/buffers.js';
import { VertexProcessor } from '../../src/driver/raster/vertex/index.js';
import { D3DERR, D3DFMT, D3DFVF, D3DPT, D3D_OK, fvfLayout } from '../../src/d3d9/index.js';
import { prng } from '../helpers.js';
import { device, vertices } from './white-quads.js';

const IC = D3DERR.INVALIDCALL;

/** The top-left triangle of the 16×16 target, then a bottom-right one. */
const TRI = vertices([[0, 0], [16, 0], [0, 16]]);
const SIX = vertices([[0, 0], [16, 0], [0, 16], [16, 16], [16, 0], [0, 16]]);

function withBuffers(dev: Device, data: Uint8Array, indices?: Uint16Array): void {
  const vb = dev.CreateVertexBuffer(data.length, 0, 0, 0).vertexBuffer as VertexBuffer;
  vb.data.set(data);
  dev.SetStreamSource(0, vb, 0, 20);
  if (indices) {
    const ib = dev.CreateIndexBuffer(indices.byteLength, 0, D3DFMT.INDEX16, 0).indexBuffer as IndexBuffer;
    ib.data.set(new Uint8Array(indices.buffer));
    dev.SetIndices(ib);
  }
}

const white = (dev: Device, x: number, y: number): boolean => dev.backBuffer.data[y * dev.backBuffer.pitch + 4 * x] === 0xff;

function heard(fn: () => number): { hr: number; notes: DeviceNote[] } {
  const notes: DeviceNote[] = [];
  const hr = listenForNotes((n) => notes.push(n), fn);
  return { hr, notes };
}

afterEach(() => { vi.restoreAllMocks(); });

describe('draws against the caps', () => {
  const max = device().caps.MaxPrimitiveCount;
  const maxIndex = device().caps.MaxVertexIndex;
  const i16 = new Uint16Array([0, 1, 2]);
  it.each([
    ['DrawPrimitive, MaxPrimitiveCount + 1', (d: Device) => { withBuffers(d, TRI); return d.DrawPrimitive(D3DPT.TRIANGLELIST, 0, max + 1); }, IC],
    ['DrawPrimitive, 4294967295 primitives', (d: Device) => { withBuffers(d, TRI); return d.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 4294967295); }, IC],
    ['DrawPrimitiveUP, MaxPrimitiveCount + 1', (d: Device) => d.DrawPrimitiveUP(D3DPT.POINTLIST, max + 1, TRI, 20), IC],
    ['DrawIndexedPrimitive, MaxPrimitiveCount + 1', (d: Device) => { withBuffers(d, TRI, i16); return d.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 3, 0, max + 1); }, IC],
    ['DrawIndexedPrimitiveUP, MaxPrimitiveCount + 1', (d: Device) => d.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 3, max + 1, i16, D3DFMT.INDEX16, TRI, 20), IC],
    ['DrawIndexedPrimitive, NumVertices above MaxVertexIndex + 1', (d: Device) => { withBuffers(d, TRI, i16); return d.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, maxIndex + 2, 0, 1); }, IC],
    ['DrawIndexedPrimitive, MinVertexIndex + NumVertices − 1 above MaxVertexIndex', (d: Device) => { withBuffers(d, TRI, i16); return d.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, maxIndex, 2, 0, 1); }, IC],
    ['DrawIndexedPrimitiveUP, NumVertices above MaxVertexIndex + 1', (d: Device) => d.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, maxIndex + 2, 1, i16, D3DFMT.INDEX16, TRI, 20), IC],
    ['DrawPrimitive, last vertex index above MaxVertexIndex', (d: Device) => { withBuffers(d, TRI); return d.DrawPrimitive(D3DPT.POINTLIST, maxIndex, 2); }, IC],
    ['DrawPrimitiveUP, exactly MaxPrimitiveCount (over 3 vertices: allowed, clamped)', (d: Device) => d.DrawPrimitiveUP(D3DPT.TRIANGLELIST, max, TRI, 20), D3D_OK],
  ] as const)('%s', (_what, draw, want) => {
    expect(draw(device())).toBe(want);
  });
});

describe('draws that read past their data: only whole primitives within the data are drawn, with a note', () => {
  it('DrawPrimitive of 100,000 triangles over a 3-vertex buffer draws the one there is, processing 3 vertices', () => {
    const dev = device();
    withBuffers(dev, TRI);
    const process = vi.spyOn(VertexProcessor.prototype, 'process');
    const { hr, notes } = heard(() => dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 100_000));
    expect(hr).toBe(D3D_OK);
    expect(process.mock.calls.map((c) => c[2])).toEqual([3]);
    expect(notes).toEqual([{ kind: 'out-of-range-draw', message: expect.stringMatching(/^DrawPrimitive reads past the end of its vertex data: 1 of 100000 primitives drawn/) }]);
    expect([white(dev, 2, 2), white(dev, 13, 13)]).toEqual([true, false]);
  });

  it.each([
    // [type, count, vertices present, primitives drawn]
    [D3DPT.POINTLIST, 9, 6, 6], [D3DPT.LINELIST, 9, 6, 3], [D3DPT.LINESTRIP, 9, 6, 5],
    [D3DPT.TRIANGLELIST, 9, 6, 2], [D3DPT.TRIANGLESTRIP, 9, 6, 4], [D3DPT.TRIANGLEFAN, 9, 6, 4],
  ] as const)('primitive type %i: %i primitives over %i vertices draw %i', (type, count, _present, drawn) => {
    const dev = device();
    const { hr, notes } = heard(() => dev.DrawPrimitiveUP(type, count, SIX, 20));
    expect(hr).toBe(D3D_OK);
    expect(notes[0].message).toContain(`${drawn} of ${count} primitives drawn`);
  });

  it('a draw within its data makes no note', () => {
    const dev = device();
    expect(heard(() => dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 2, SIX, 20))).toEqual({ hr: D3D_OK, notes: [] });
    expect([white(dev, 2, 2), white(dev, 13, 13)]).toEqual([true, true]);
  });

  it('DrawIndexedPrimitive past the end of its index buffer draws the primitives the indices there make', () => {
    const dev = device();
    withBuffers(dev, SIX, new Uint16Array([0, 1, 2, 3, 4, 5]));
    const { hr, notes } = heard(() => dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 3, 500));
    expect(hr).toBe(D3D_OK);
    expect(notes.map((n) => n.message)).toEqual([expect.stringMatching(/^DrawIndexedPrimitive reads past the end of its index data: 1 of 500 primitives drawn/)]);
    expect([white(dev, 2, 2), white(dev, 13, 13)]).toEqual([false, true]);
  });

  it('an index naming a vertex past the vertex data skips its primitive, the others are drawn', () => {
    const dev = device();
    const { hr, notes } = heard(() => dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 9, 2, new Uint16Array([0, 1, 8, 3, 4, 5]), D3DFMT.INDEX16, SIX, 20));
    expect(hr).toBe(D3D_OK);
    expect(notes.map((n) => n.message)).toEqual([expect.stringMatching(/^DrawIndexedPrimitiveUP names 9 vertices, the vertex data holds 6/)]);
    expect([white(dev, 2, 2), white(dev, 13, 13)]).toEqual([false, true]);
  });
});

describe('an FVF that declares no vertex', () => {
  for (const fvf of [1, 0xdeadbeef, D3DFVF.DIFFUSE, D3DFVF.XYZRHW | D3DFVF.NORMAL]) {
    it(`SetFVF(0x${fvf.toString(16)}) succeeds, every draw then fails with D3DERR_INVALIDCALL`, () => {
      const dev = device();
      withBuffers(dev, SIX, new Uint16Array([0, 1, 2]));
      expect(dev.SetFVF(fvf)).toBe(D3D_OK);
      expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(IC);
      expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 3, 0, 1)).toBe(IC);
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, SIX, 20)).toBe(IC);
      expect(dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 3, 1, new Uint16Array([0, 1, 2]), D3DFMT.INDEX16, SIX, 20)).toBe(IC);
    });
  }

  /**
   * Seeded property: whatever the FVF and the draw, the device returns D3D_OK or D3DERR_INVALIDCALL and
   * never throws; an FVF fvfLayout rejects always fails the draw. REPLAY9_LONG=1 runs 20,000 cases.
   */
  it('no FVF value and no draw lets an exception out of the device', () => {
    const cases = process.env.REPLAY9_LONG === '1' ? 20_000 : 400;
    const rnd = prng(0x5eed_f7f);
    const int = (n: number): number => Math.floor(rnd() * n);
    const bits = [D3DFVF.XYZ, D3DFVF.XYZRHW, D3DFVF.XYZW, D3DFVF.XYZB1, D3DFVF.XYZB5, D3DFVF.NORMAL, D3DFVF.PSIZE, D3DFVF.DIFFUSE, D3DFVF.SPECULAR, 0x100, 0x800, 0x1000, 0x8000, 0x10000, 0x30000, 1, 0x2000];
    const dev = device();
    for (let i = 0; i < cases; i++) {
      // half fully random words, half ORs of FVF bits (valid and invalid combinations)
      let fvf = 0;
      if (rnd() < 0.5) fvf = (int(0x10000) | (int(0x10000) << 16)) >>> 0;
      else for (let k = int(5); k >= 0; k--) fvf = (fvf | bits[int(bits.length)]) >>> 0;
      const data = new Uint8Array(int(400));
      for (let b = 0; b < data.length; b++) data[b] = rnd() < 0.8 ? 0 : int(256);
      const indices = new Uint16Array(int(12)).map(() => int(12));
      const type = int(8);
      const count = [0, 1, 2, 7, 1000, 0xfffff, 0x100000][int(7)];
      const stride = [0, 4, 20, 28, 64, 300][int(6)];
      expect(dev.SetFVF(fvf)).toBe(D3D_OK);
      const hrs = [
        dev.DrawPrimitiveUP(type, count, data, stride),
        dev.DrawIndexedPrimitiveUP(type, int(4), int(16), count, indices, [D3DFMT.INDEX16, D3DFMT.INDEX32, 0][int(3)], data, stride),
      ];
      for (const hr of hrs) expect([D3D_OK, IC], `fvf 0x${fvf.toString(16)}, type ${type}, count ${count}, stride ${stride}`).toContain(hr);
      if (fvfLayout(fvf) === undefined) expect(hrs).toEqual([IC, IC]);
    }
  });
});
