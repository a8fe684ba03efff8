/**
 * A draw's plan (the streams it reads, its index values as positions from MinVertexIndex, the call
 * the raster core draws) is kept for a later draw of the same buffers, range and values, and is
 * handed out again only while it is what a fresh plan would be. Each case changes one thing the
 * plan depends on between two draws (index bytes written through a lock, a stream's offset,
 * stride or buffer, the vertex bytes, MinVertexIndex) and checks the second draw's pixels against
 * D3D9's rules for the new input, and that a plan kept from the first draw (Device.drawObserver
 * may keep them) still holds what it held.
 */
import { describe, expect, it } from 'vitest';
import type { Device } from '../../src/device/device.js';
import type { IndexBuffer, VertexBuffer } from '../../src/device/buffers.js';
import type { DrawCall } from '../../src/driver/raster/draw.js';
import { D3DCLEAR, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPT, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import { keptIndexLimit } from '../../src/device/draw-indices.js';
import { device, FVF, vertices } from './white-quads.js';

/** Vertices 0-2: the top-left half of the 16×16 target; 3-5: the bottom-right half. */
const SIX = vertices([[0, 0], [16, 0], [0, 16], [16, 16], [16, 0], [0, 16]]);

function vertexBuffer(dev: Device, data: Uint8Array): VertexBuffer {
  const vb = dev.CreateVertexBuffer(data.length, 0, 0, 0).vertexBuffer as VertexBuffer;
  writeThroughLock(vb, 0, data);
  return vb;
}

function indexBuffer(dev: Device, indices: Uint16Array | Uint32Array): IndexBuffer {
  const format = indices instanceof Uint32Array ? D3DFMT.INDEX32 : D3DFMT.INDEX16;
  const ib = dev.CreateIndexBuffer(indices.byteLength, 0, format, 0).indexBuffer as IndexBuffer;
  writeThroughLock(ib, 0, new Uint8Array(indices.buffer, indices.byteOffset, indices.byteLength));
  return ib;
}

/** Writes `bytes` at `offset` the way an application does: Lock, copy, Unlock. */
function writeThroughLock(b: VertexBuffer | IndexBuffer, offset: number, bytes: Uint8Array): void {
  const { hr, data } = b.Lock(offset, bytes.length, 0);
  expect(hr).toBe(D3D_OK);
  data!.set(bytes);
  expect(b.Unlock()).toBe(D3D_OK);
}

/** Every plan the device draws, in order (what inspect --debug-vertex keeps). */
function observed(dev: Device): DrawCall[] {
  const seen: DrawCall[] = [];
  dev.drawObserver = (_method, plans) => { seen.push(...plans); };
  return seen;
}

const white = (dev: Device, x: number, y: number): boolean => dev.backBuffer.data[y * dev.backBuffer.pitch + 4 * x] === 0xff;
/** Which halves hold white: [top-left, bottom-right]. */
const halves = (dev: Device): [boolean, boolean] => [white(dev, 2, 2), white(dev, 13, 13)];

/** The X8R8G8B8 colour at (x, y), as 0xRRGGBB. */
function rgb(dev: Device, x: number, y: number): number {
  const d = dev.backBuffer.data, at = y * dev.backBuffer.pitch + 4 * x;
  return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16)) >>> 0;
}

function clear(dev: Device): void {
  expect(dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0)).toBe(D3D_OK);
}

describe('index values kept between draws', () => {
  it('the same range of unchanged index bytes drawn again hands out the same values and the same call', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    dev.SetIndices(indexBuffer(dev, new Uint16Array([3, 4, 5, 0, 1, 2])));
    const seen = observed(dev);
    for (let i = 0; i < 3; i++) expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 0, 1)).toBe(D3D_OK);
    expect(seen).toHaveLength(3);
    expect(Array.from(seen[0].indices!)).toEqual([3, 4, 5]);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    expect(halves(dev)).toEqual([false, true]);
  });

  it('index bytes rewritten through a lock: the next draw draws the new triangle, a call kept from before keeps its indices', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    const ib = indexBuffer(dev, new Uint16Array([0, 1, 2]));
    dev.SetIndices(ib);
    const seen = observed(dev);
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    writeThroughLock(ib, 0, new Uint8Array(new Uint16Array([3, 4, 5]).buffer));
    clear(dev);
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, true]);
    expect(Array.from(seen[0].indices!)).toEqual([0, 1, 2]);
    expect(Array.from(seen[1].indices!)).toEqual([3, 4, 5]);
  });

  it('only the last index rewritten (its high byte): the next draw reads it', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    // 0x0102 is past the vertex data (that triangle is skipped), 2 is the top-left triangle's third vertex
    const ib = indexBuffer(dev, new Uint16Array([0, 1, 0x0102]));
    dev.SetIndices(ib);
    const seen = observed(dev);
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, false]);
    writeThroughLock(ib, 5, new Uint8Array([0]));
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    expect(Array.from(seen[0].indices!)).toEqual([0, 1, 0x0102]);
    expect(Array.from(seen[1].indices!)).toEqual([0, 1, 2]);
  });

  it('ranges, BaseVertexIndex, MinVertexIndex and NumVertices drawn in turn: indices minus MinVertexIndex, from BaseVertexIndex + MinVertexIndex', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    dev.SetIndices(indexBuffer(dev, new Uint16Array([0, 1, 2, 3, 4, 5])));
    const seen = observed(dev);
    const draws = [
      { start: 0, base: 0, min: 0, n: 3, indices: [0, 1, 2], first: 0, halves: [true, false] },
      { start: 3, base: 0, min: 3, n: 3, indices: [0, 1, 2], first: 3, halves: [false, true] },
      { start: 3, base: 0, min: 0, n: 6, indices: [3, 4, 5], first: 0, halves: [false, true] },
      // the first range again from vertex 3 on, then naming all six vertices
      { start: 0, base: 3, min: 0, n: 3, indices: [0, 1, 2], first: 3, halves: [false, true] },
      { start: 0, base: 0, min: 0, n: 6, indices: [0, 1, 2], first: 0, halves: [true, false] },
    ];
    for (let round = 0; round < 2; round++) {
      for (const d of draws) {
        clear(dev);
        expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, d.base, d.min, d.n, d.start, 1)).toBe(D3D_OK);
        const call = seen[seen.length - 1];
        expect({ indices: Array.from(call.indices!), first: call.firstVertex, count: call.vertexCount }).toEqual({ indices: d.indices, first: d.first, count: d.n });
        expect(halves(dev)).toEqual(d.halves);
      }
    }
  });

  it('primitive counts and types drawn in turn from the same vertices: each draw draws its own', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    const seen = observed(dev);
    const draws = [
      { type: D3DPT.TRIANGLELIST, count: 2, halves: [true, true] },
      // a strip of 0-1-2 and 1-2-3: vertex 3 (16, 16) makes the second triangle cover the bottom right
      { type: D3DPT.TRIANGLESTRIP, count: 2, halves: [true, true] },
      // three vertices each: a triangle, a fan of one, a strip of two lines, three points
      { type: D3DPT.TRIANGLELIST, count: 1, halves: [true, false] },
      { type: D3DPT.TRIANGLEFAN, count: 1, halves: [true, false] },
      { type: D3DPT.LINESTRIP, count: 2, halves: [false, false] },
      { type: D3DPT.POINTLIST, count: 3, halves: [false, false] },
    ];
    for (let round = 0; round < 2; round++) {
      for (const d of draws) {
        clear(dev);
        expect(dev.DrawPrimitive(d.type, 0, d.count)).toBe(D3D_OK);
        const call = seen[seen.length - 1];
        expect([call.primitiveType, call.primitiveCount]).toEqual([d.type, d.count]);
        expect(halves(dev)).toEqual(d.halves);
      }
    }
  });

  it('past the bound on kept values every kept range is dropped: ranges read again are read anew and draw the same', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    dev.SetIndices(indexBuffer(dev, new Uint16Array([0, 1, 2, 3, 4, 5])));
    const seen = observed(dev);
    const limit = keptIndexLimit.values;
    keptIndexLimit.values = 6;
    try {
      const draw = (start: number, expected: [boolean, boolean]): DrawCall => {
        clear(dev);
        expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 6, start, 1)).toBe(D3D_OK);
        expect(halves(dev)).toEqual(expected);
        return seen[seen.length - 1];
      };
      const a = draw(0, [true, false]), b = draw(3, [false, true]);
      // six values kept: both ranges are handed out again
      expect(draw(0, [true, false]).indices).toBe(a.indices);
      expect(draw(3, [false, true]).indices).toBe(b.indices);
      // a third range (3 more values: vertices 1-3, the bottom-right half) drops both: each is read into a new array, with the same values
      const c = draw(1, [false, true]);
      expect(Array.from(c.indices!)).toEqual([1, 2, 3]);
      const a2 = draw(0, [true, false]);
      expect(a2.indices).not.toBe(a.indices);
      expect(Array.from(a2.indices!)).toEqual([0, 1, 2]);
      expect(Array.from(a.indices!)).toEqual([0, 1, 2]);
    } finally {
      keptIndexLimit.values = limit;
    }
  });

  it('INDEX32 values above 65535 are read little-endian; a negative BaseVertexIndex brings them back to the first vertices', () => {
    const dev = device();
    dev.SetStreamSource(0, vertexBuffer(dev, SIX), 0, 20);
    dev.SetIndices(indexBuffer(dev, new Uint32Array([0x10003, 0x10004, 0x10005])));
    const seen = observed(dev);
    for (let i = 0; i < 2; i++) {
      clear(dev);
      expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, -0x10000, 0x10000, 6, 0, 1)).toBe(D3D_OK);
      expect(halves(dev)).toEqual([false, true]);
    }
    expect(Array.from(seen[1].indices!)).toEqual([3, 4, 5]);
    expect(seen[1].firstVertex).toBe(0);
  });

  it('user-pointer indices at an odd byte offset are read as the bytes there', () => {
    const dev = device();
    const bytes = new Uint8Array(1 + 6);
    bytes.set(new Uint8Array(new Uint16Array([3, 4, 5]).buffer), 1);
    expect(dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 6, 1, bytes.subarray(1), D3DFMT.INDEX16, SIX, 20)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, true]);
  });
});

describe('streams kept between draws', () => {
  it('a stream offset changed between two draws: the second reads from the new offset, a kept call keeps its own', () => {
    const dev = device();
    const vb = vertexBuffer(dev, SIX);
    dev.SetStreamSource(0, vb, 0, 20);
    const seen = observed(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    dev.SetStreamSource(0, vb, 60, 20);
    clear(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, true]);
    expect([seen[0].stream.offset, seen[1].stream.offset]).toEqual([0, 60]);
    // back to offset 0: the first call's plan again, unchanged
    dev.SetStreamSource(0, vb, 0, 20);
    clear(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    expect(seen[2]).toBe(seen[0]);
  });

  it('a stride changed between two draws: the second steps by the new stride', () => {
    const dev = device();
    // vertex i at byte 40 * i holds what SIX holds at 20 * i for i < 3, and SIX's vertices 3-5 at 20 * i
    const wide = new Uint8Array(120);
    for (let i = 0; i < 3; i++) wide.set(SIX.subarray(20 * i, 20 * i + 20), 40 * i);
    wide.set(SIX.subarray(60, 80), 20);
    wide.set(SIX.subarray(80, 100), 60);
    wide.set(SIX.subarray(100, 120), 100);
    const vb = vertexBuffer(dev, wide);
    dev.SetStreamSource(0, vb, 0, 40);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    dev.SetStreamSource(0, vb, 20, 40);
    clear(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, true]);
  });

  it('another vertex buffer bound between two draws: the second draws its vertices', () => {
    const dev = device();
    const a = vertexBuffer(dev, SIX.subarray(0, 60));
    const b = vertexBuffer(dev, SIX.subarray(60));
    const seen = observed(dev);
    for (const [vb, expected] of [[a, [true, false]], [b, [false, true]], [a, [true, false]]] as const) {
      dev.SetStreamSource(0, vb, 0, 20);
      clear(dev);
      expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
      expect(halves(dev)).toEqual(expected);
    }
    expect(seen[0].stream.data).toBe(a.data);
    expect(seen[1].stream.data).toBe(b.data);
  });

  it('vertex bytes rewritten through a lock between two draws of the same plan: the second draws the new positions', () => {
    const dev = device();
    const vb = vertexBuffer(dev, SIX.subarray(0, 60));
    dev.SetStreamSource(0, vb, 0, 20);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([true, false]);
    writeThroughLock(vb, 0, SIX.subarray(60));
    clear(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(halves(dev)).toEqual([false, true]);
  });

  it('a declaration changed between two draws of the same buffer: the second reads the new layout', () => {
    const dev = device();
    // XYZRHW|DIFFUSE|SPECULAR: 24 bytes a vertex, the diffuse colour black
    const f = new Float32Array(6 * 3);
    const u = new Uint32Array(f.buffer);
    [[0, 0], [16, 0], [0, 16]].forEach(([x, y], i) => { f.set([x, y, 0.5, 1], i * 6); u[i * 6 + 4] = 0xff000000; u[i * 6 + 5] = 0xffffffff; });
    const vb = vertexBuffer(dev, new Uint8Array(f.buffer));
    dev.SetStreamSource(0, vb, 0, 24);
    dev.SetFVF(FVF | D3DFVF.SPECULAR);
    dev.SetRenderState(D3DRS.SPECULARENABLE, 1);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    // diffuse black + specular white
    expect(halves(dev)).toEqual([true, false]);
    dev.SetFVF(FVF);
    clear(dev);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    // the diffuse colour alone: black
    expect(halves(dev)).toEqual([false, false]);
  });

  it('a declaration that reads a second stream, then another buffer on that stream: each draw reads the streams bound to it', () => {
    const dev = device();
    const el = (Stream: number, Offset: number, Type: number, Usage: number): D3DVERTEXELEMENT9 => ({ Stream, Offset, Type, Method: 0, Usage, UsageIndex: 0 });
    const position = el(0, 0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITIONT);
    const one = dev.CreateVertexDeclaration([position, el(0, 16, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR), D3DDECL_END]).vertexDeclaration!;
    const two = dev.CreateVertexDeclaration([position, el(1, 0, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR), D3DDECL_END]).vertexDeclaration!;
    const colours = (c: number): VertexBuffer => vertexBuffer(dev, new Uint8Array(new Uint32Array([c, c, c]).buffer));
    const red = colours(0xffff0000), green = colours(0xff00ff00);
    // stream 0 holds the top-left triangle in white (SIX's layout); stream 1 a colour per vertex
    dev.SetStreamSource(0, vertexBuffer(dev, SIX.subarray(0, 60)), 0, 20);
    dev.SetStreamSource(1, red, 0, 4);
    const draws: Array<[string, () => void, number]> = [
      ['stream 0 alone', () => dev.SetVertexDeclaration(one), 0xffffff],
      ['the colour from stream 1', () => dev.SetVertexDeclaration(two), 0xff0000],
      ['another buffer on stream 1', () => dev.SetStreamSource(1, green, 0, 4), 0x00ff00],
      ['stream 0 alone again', () => dev.SetVertexDeclaration(one), 0xffffff],
      ['stream 1 again', () => dev.SetVertexDeclaration(two), 0x00ff00],
      ['the first buffer back on stream 1', () => dev.SetStreamSource(1, red, 0, 4), 0xff0000],
    ];
    for (const [what, change, colour] of draws) {
      change();
      clear(dev);
      expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1), what).toBe(D3D_OK);
      expect([rgb(dev, 2, 2), rgb(dev, 13, 13)], what).toEqual([colour, 0]);
    }
  });
});
