/**
 * Planning a draw allocates next to nothing once a scene is drawing the same buffers again: the
 * streams, the call and the index values of a range whose bytes are unchanged are the ones planned
 * before (draw.ts, draw-indices.ts), so a mesh of 60,000 indices drawn every frame is not copied
 * every frame (checked by identity: a large typed array's memory is outside the heap the profiler
 * counts). A whole draw's own work in the device (Device.draw, its plan, the caps it passes)
 * allocates nothing either, counted where a device file's function is the innermost optimized
 * frame. Bytes are what V8's sampling heap profiler counts over the run, collected objects
 * included, less what it counts over an empty run (the profiler's own messages).
 */
import { Session } from 'node:inspector/promises';
import { leastAllocated } from '../heap-sampling.js';
import type { ProfileNode } from '../heap-sampling.js';
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { IndexBuffer, VertexBuffer } from '../../src/device/buffers.js';
import { planDrawIndexedPrimitive, planDrawPrimitive } from '../../src/device/draw.js';
import type { DrawCall } from '../../src/driver/raster/draw.js';
import { D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

/** plans before counting, for V8 to optimise the planning functions */
const WARMUP = 20_000;
const COUNTED = 2_000;
/** bytes a plan: above the sampling noise (a few bytes), far below what a plan made before it kept its parts (490 to 1,000 bytes) */
const BOUND = 24;
/** bytes a whole draw allocates in device.ts and draw.ts: none once its parts are kept (a draw's caps object and closure contexts came to ~115) */
const DRAW_BOUND = 48;
/** indices of the large mesh: 60,000 INDEX16 values, 240 KB when copied into an Int32Array */
const LARGE = 60_000;

/** A device with an XYZRHW|DIFFUSE vertex buffer of `vertices` vertices and an INDEX16 buffer of `indices` indices (i mod vertices). */
function scene(vertices: number, indices: number): Device {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  const vb = dev.CreateVertexBuffer(vertices * 20, 0, 0, 0).vertexBuffer as VertexBuffer;
  const ib = dev.CreateIndexBuffer(indices * 2, 0, D3DFMT.INDEX16, 0).indexBuffer as IndexBuffer;
  const { data } = ib.Lock(0, 0, 0);
  const values = new Uint16Array(data!.buffer, data!.byteOffset, indices);
  for (let i = 0; i < indices; i++) values[i] = i % vertices;
  ib.Unlock();
  dev.SetStreamSource(0, vb, 0, 20);
  dev.SetIndices(ib);
  return dev;
}

describe('planning a draw of unchanged buffers allocates next to nothing', () => {
  const small = scene(16, 54);
  const large = scene(30_000, LARGE);
  // the plans a scene alternates between: a sequential draw, two index ranges of one buffer, the large mesh
  const plans: Array<[string, () => unknown]> = [
    ['DrawPrimitive', () => planDrawPrimitive(small.state, small.caps, D3DPT.TRIANGLELIST, 0, 5)],
    ['DrawIndexedPrimitive', () => planDrawIndexedPrimitive(small.state, small.caps, D3DPT.TRIANGLELIST, 0, 0, 16, 0, 18)],
    ['DrawIndexedPrimitive of another range', () => planDrawIndexedPrimitive(small.state, small.caps, D3DPT.TRIANGLELIST, 0, 0, 16, 27, 9)],
    ['DrawIndexedPrimitive of 60,000 indices', () => planDrawIndexedPrimitive(large.state, large.caps, D3DPT.TRIANGLELIST, 0, 0, 30_000, 0, LARGE / 3)],
  ];
  for (let i = 0; i < WARMUP; i++) {
    plans[i % 3][1]();
    // the large mesh's plan shares its functions with the others: a few runs of it are enough
    if (i % 200 === 0) plans[3][1]();
  }

  it('the large mesh planned again hands out the indices it read before, not a copy of its 60,000 values', () => {
    // its copy would live outside the heap the profiler counts (a large typed array's memory): this pins it
    const a = plans[3][1]() as DrawCall, b = plans[3][1]() as DrawCall;
    expect(b.indices).toBe(a.indices);
    expect([a.indices!.length, a.primitiveCount, a.indices![LARGE - 1]]).toEqual([LARGE, LARGE / 3, (LARGE - 1) % 30_000]);
  });

  for (const [what, plan] of plans) {
    // the large mesh runs fewer times: its compare reads 120 KB
    const runs = what.includes('60,000') ? COUNTED / 5 : COUNTED;
    it(`${what}: under ${BOUND} bytes a plan`, async () => {
      const session = new Session();
      session.connect();
      try {
        const least = await leastAllocated(session, () => { for (let i = 0; i < runs; i++) plan(); });
        expect(least / runs).toBeLessThan(BOUND);
      } finally {
        session.disconnect();
      }
    });
  }
});

interface FramedNode extends ProfileNode { callFrame: { url: string }; children: FramedNode[] }

/** Bytes of `n`'s tree allocated with a frame of a file `mine` accepts innermost (optimized frames: what V8 inlined counts in its caller). */
function allocatedIn(n: FramedNode, mine: (url: string) => boolean): number {
  let sum = mine(n.callFrame.url) ? n.selfSize : 0;
  for (const c of n.children) sum += allocatedIn(c, mine);
  return sum;
}

describe("a whole draw's own work in the device (draw, its plan, its caps) allocates next to nothing", () => {
  const dev = scene(16, 54);
  // a 4×4 grid of vertices over the 16×16 target; both draws process the first 15 vertices
  const vb = dev.CreateVertexBuffer(16 * 20, 0, 0, 0).vertexBuffer as VertexBuffer;
  const { data } = vb.Lock(0, 0, 0);
  const f = new Float32Array(data!.buffer, data!.byteOffset, 16 * 5), u = new Uint32Array(f.buffer, f.byteOffset, 16 * 5);
  for (let i = 0; i < 16; i++) { f.set([(i & 3) * 5, (i >> 2) * 5, 0.5, 1], i * 5); u[i * 5 + 4] = 0xff808080; }
  vb.Unlock();
  dev.SetStreamSource(0, vb, 0, 20);
  const draws = [() => dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 5), () => dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 15, 0, 5)];
  for (let i = 0; i < WARMUP / 4; i++) draws[i & 1]();
  // the files of the device's draw path: the state derivation (derive.ts) and the raster core are measured elsewhere
  const mine = (url: string): boolean => /\/src\/device\/(device|draw|draw-indices)\.[jt]s$/.test(url);

  it(`DrawPrimitive and DrawIndexedPrimitive in turn: under ${DRAW_BOUND} bytes a draw in device.ts and draw.ts`, async () => {
    const session = new Session();
    session.connect();
    try {
      const params = { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
      // the least of three counts, as above
      let least = Infinity;
      for (let attempt = 0; attempt < 3; attempt++) {
        await session.post('HeapProfiler.startSampling', params);
        for (let i = 0; i < COUNTED; i++) draws[i & 1]();
        const { profile } = await session.post('HeapProfiler.stopSampling');
        least = Math.min(least, allocatedIn(profile.head as unknown as FramedNode, mine));
      }
      expect(least / COUNTED).toBeLessThan(DRAW_BOUND);
    } finally {
      session.disconnect();
    }
  });
});
