/**
 * Instancing through a vertex declaration: a 6×4 grid of point quads drawn by one
 * DrawIndexedPrimitive of 24 instances. Stream 0 holds the one vertex (its PSIZE, FLOAT1);
 * stream 1, read once per instance (D3DSTREAMSOURCE_INSTANCEDATA | 1), holds each instance's
 * screen position (SHORT4 as POSITIONT: x, y, z = 0, rhw = 1) and colour (UBYTE4N: R, G, B, A
 * bytes in that order). Below it, a banner drawn from two streams with their own strides and
 * offsets: FLOAT4 POSITIONT on stream 0, a D3DCOLOR (0xAARRGGBB) on stream 2.
 */
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DPOOL, D3DPT, D3DRS, D3DSTREAMSOURCE, D3DUSAGE } from '../../src/index.js';
import type { Direct3D9, Scene } from '../../src/index.js';
import { createDevice } from './lib.js';

const COLS = 6;
const ROWS = 4;
const CELL = 16;

const scene: Scene = (d3d: Direct3D9, ctx) => {
  const dev = createDevice(d3d, ctx, COLS * CELL, ROWS * CELL + 16);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);

  ctx.name('grid');
  const grid = dev.CreateVertexDeclaration([
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT1, Method: 0, Usage: D3DDECLUSAGE.PSIZE, UsageIndex: 0 },
    { Stream: 1, Offset: 0, Type: D3DDECLTYPE.SHORT4, Method: 0, Usage: D3DDECLUSAGE.POSITIONT, UsageIndex: 0 },
    { Stream: 1, Offset: 8, Type: D3DDECLTYPE.UBYTE4N, Method: 0, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
    D3DDECL_END,
  ]).vertexDeclaration!;

  ctx.name('point');
  const point = dev.CreateVertexBuffer(4, D3DUSAGE.WRITEONLY, 0, D3DPOOL.MANAGED).vertexBuffer!;
  point.Lock(0, 0, 0).data!.set(new Uint8Array(Float32Array.of(10).buffer));
  point.Unlock();

  ctx.name('instances');
  const instances = dev.CreateVertexBuffer(12 * COLS * ROWS, D3DUSAGE.WRITEONLY, 0, D3DPOOL.MANAGED).vertexBuffer!;
  const iv = new DataView(new ArrayBuffer(12 * COLS * ROWS));
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const at = 12 * (r * COLS + c);
      iv.setInt16(at, c * CELL + CELL / 2, true);
      iv.setInt16(at + 2, r * CELL + CELL / 2, true);
      iv.setInt16(at + 4, 0, true);
      iv.setInt16(at + 6, 1, true);
      [c * 50, r * 80, 255 - c * 40, 255].forEach((b, k) => iv.setUint8(at + 8 + k, b));
    }
  }
  instances.Lock(0, 0, 0).data!.set(new Uint8Array(iv.buffer));
  instances.Unlock();

  ctx.name('one');
  const one = dev.CreateIndexBuffer(2, D3DUSAGE.WRITEONLY, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!;
  one.Lock(0, 0, 0).data!.set([0, 0]);
  one.Unlock();

  ctx.name('banner');
  const banner = dev.CreateVertexDeclaration([
    { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT4, Method: 0, Usage: D3DDECLUSAGE.POSITIONT, UsageIndex: 0 },
    { Stream: 2, Offset: 4, Type: D3DDECLTYPE.D3DCOLOR, Method: 0, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
    D3DDECL_END,
  ]).vertexDeclaration!;
  const y0 = ROWS * CELL + 2;
  const y1 = y0 + 12;
  const w = COLS * CELL;
  ctx.name('corners');
  const corners = dev.CreateVertexBuffer(64, D3DUSAGE.WRITEONLY, 0, D3DPOOL.MANAGED).vertexBuffer!;
  corners.Lock(0, 0, 0).data!.set(new Uint8Array(Float32Array.of(0, y0, 0.5, 1, w, y0, 0.5, 1, 0, y1, 0.5, 1, w, y1, 0.5, 1).buffer));
  corners.Unlock();
  ctx.name('colors');
  const colors = dev.CreateVertexBuffer(4 + 8 * 4, D3DUSAGE.WRITEONLY, 0, D3DPOOL.MANAGED).vertexBuffer!;
  // stride 8, each colour 4 bytes into its slot, the slots 4 bytes into the buffer: left red, right blue
  colors.Lock(0, 0, 0).data!.set(new Uint8Array(Uint32Array.of(0, 0xdeadbeef, 0xffff0000, 0xdeadbeef, 0xff0000ff, 0xdeadbeef, 0xffff0000, 0xdeadbeef, 0xff0000ff).buffer));
  colors.Unlock();

  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
  dev.BeginScene();
  dev.SetVertexDeclaration(grid);
  dev.SetStreamSource(0, point, 0, 4);
  dev.SetStreamSource(1, instances, 0, 12);
  dev.SetIndices(one);
  dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | (COLS * ROWS));
  dev.SetStreamSourceFreq(1, D3DSTREAMSOURCE.INSTANCEDATA | 1);
  dev.DrawIndexedPrimitive(D3DPT.POINTLIST, 0, 0, 1, 0, 1);
  dev.SetStreamSourceFreq(0, 1);
  dev.SetStreamSourceFreq(1, 1);

  dev.SetVertexDeclaration(banner);
  dev.SetStreamSource(0, corners, 0, 16);
  dev.SetStreamSource(2, colors, 4, 8);
  dev.DrawPrimitive(D3DPT.TRIANGLESTRIP, 0, 2);
  dev.EndScene();
  dev.Present(null, null, null, null);

  for (const o of [colors, corners, banner, one, instances, point, grid, dev]) o.Release();
};
export default scene;
