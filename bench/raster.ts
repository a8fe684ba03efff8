/**
 * raster.*: fill rate of the fixed-function span paths at 1024×768, in Mpix/s,
 * each against a hand-written loop doing the same work in the same run (each
 * frame: four full-screen quads, two triangles each, as triangle strips of
 * XYZRHW|DIFFUSE vertices):
 *
 * - flat_color: one colour per quad. The baseline rasterizes the same
 *   triangles: vertices snapped to 1/256 pixel, integer edge equations, each
 *   row's span from the three edges with the top-left rule, then a fill.
 * - depth_stencil: Clear(Z = 1, stencil = 0), then sloped quads with ZFUNC
 *   LESSEQUAL, ZWRITEENABLE, STENCILFUNC EQUAL against the quad's number and
 *   STENCILPASS INCR on D24S8, so that pixels fail the stencil test, fail the
 *   depth test or pass. The baseline runs the same spans, interpolates depth
 *   per pixel with the device's formula (Σ wᵢ·zᵢ / Σ wᵢ, float32, FLOAT→UNORM24),
 *   and does the stencil test, the depth compare and the depth, stencil and
 *   colour writes.
 *
 * Both sides are timed interleaved; each row reports the best run of each side.
 * Before timing, one frame of each is drawn and the device's colour and
 * depth-stencil bytes must equal the baseline's (proof that the work is the same).
 *
 * Each case gives two rows. The goal row is steady state: both sides are warmed up
 * for WARM_FRAMES frames first, as a replay is after its first frames. A device draw
 * runs a few hundred small functions once or twice each, which V8 optimizes only
 * after a few thousand draws; the baseline's row loop is optimized within its first
 * frame. The `.first_frames` row times frames 3 to 11 of a fresh device, without a
 * goal: what a short trace sees.
 */
import { Direct3DCreate9 } from '../src/device/direct3d9.js';
import type { Device } from '../src/device/device.js';
import type { Surface } from '../src/device/surface.js';
import { D3DCLEAR, D3DCMP, D3DFMT, D3DFVF, D3DPT, D3DRS, D3DSTENCILOP } from '../src/d3d9/index.js';
import { floorDiv, ONE, snap } from '../src/driver/raster/setup/fixed.js';
import { describe, timePair, timePairBest, warmUp } from './measure.js';
import type { Timed } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const W = 1024;
const H = 768;
const QUADS = 4;
/** floats per vertex: x, y, z, rhw, diffuse */
const STRIDE = 5;

function device(): Device {
  const pp = {
    BackBufferWidth: W, BackBufferHeight: H, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, 1);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  return dev;
}

/** A full-screen quad as a strip (top-left, top-right, bottom-left, bottom-right) with a depth per corner. */
function quad(z: readonly [number, number, number, number], color: number): Float32Array {
  const v = new Float32Array(4 * STRIDE);
  const u = new Uint32Array(v.buffer);
  [[-0.5, -0.5], [W - 0.5, -0.5], [-0.5, H - 0.5], [W - 0.5, H - 0.5]].forEach(([x, y], i) => {
    v.set([x, y, z[i], 1], i * STRIDE);
    u[i * STRIDE + 4] = color;
  });
  return v;
}

// ---------------------------------------------------------------------------
// The baselines' rasterizer: the triangle setup and per-row spans any exact
// rasterizer with D3D9's rules does (reference E), written for speed.


/** One triangle at a time: clockwise vertex order, edge equations at the first row, and each row's span. */
class SpanSetup {
  readonly x = new Float64Array(3);
  readonly y = new Float64Array(3);
  readonly z = new Float64Array(3);
  /** edge i is opposite vertex i: its value at a pixel is vertex i's weight */
  readonly stepX = new Float64Array(3);
  readonly stepY = new Float64Array(3);
  readonly bias = new Float64Array(3);
  readonly row = new Float64Array(3);
  zNorm = 0;
  px0 = 0; py0 = 0; py1 = 0; width = 0;
  /** the current row's span, columns from px0: lo..hi inclusive */
  lo = 0; hi = 0;

  /**
   * Vertices a, b, c (float offsets into v) as the device orders them: a first,
   * b and c swapped for counter-clockwise triangles. False: nothing to draw.
   */
  triangle(v: Float32Array, a: number, b: number, c: number): boolean {
    const { x, y, z } = this;
    x[0] = snap(v[a]); y[0] = snap(v[a + 1]); z[0] = v[a + 2];
    x[1] = snap(v[b]); y[1] = snap(v[b + 1]); z[1] = v[b + 2];
    x[2] = snap(v[c]); y[2] = snap(v[c + 1]); z[2] = v[c + 2];
    let area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area === 0) return false;
    if (area < 0) {
      let t = x[1]; x[1] = x[2]; x[2] = t;
      t = y[1]; y[1] = y[2]; y[2] = t;
      t = z[1]; z[1] = z[2]; z[2] = t;
      area = -area;
    }
    this.zNorm = 1 / area;
    const px0 = Math.max(0, -floorDiv(-Math.min(x[0], x[1], x[2]), ONE));
    const px1 = Math.min(W - 1, floorDiv(Math.max(x[0], x[1], x[2]), ONE));
    const py0 = Math.max(0, -floorDiv(-Math.min(y[0], y[1], y[2]), ONE));
    this.py1 = Math.min(H - 1, floorDiv(Math.max(y[0], y[1], y[2]), ONE));
    if (px0 > px1 || py0 > this.py1) return false;
    this.px0 = px0; this.py0 = py0; this.width = px1 - px0 + 1;
    for (let i = 0; i < 3; i++) {
      const p = (i + 1) % 3, q = (i + 2) % 3;
      const dx = x[q] - x[p], dy = y[q] - y[p];
      this.stepX[i] = -dy * ONE;
      this.stepY[i] = dx * ONE;
      // top-left rule: a centre on a top or left edge is inside, on any other edge outside
      this.bias[i] = dy < 0 || (dy === 0 && dx > 0) ? 0 : 1;
      this.row[i] = dx * (py0 * ONE - y[p]) - dy * (px0 * ONE - x[p]);
    }
    return true;
  }

  /** The current row's covered columns into lo..hi (lo > hi: none). */
  span(): void {
    let lo = 0, hi = this.width - 1;
    for (let i = 0; i < 3; i++) {
      const value = this.row[i] - this.bias[i], step = this.stepX[i];
      // value + k·step ≥ 0: k ≥ ⌈−value / step⌉ = −⌊value / step⌋
      if (step > 0) lo = Math.max(lo, -floorDiv(value, step));
      else if (step < 0) hi = Math.min(hi, floorDiv(value, -step));
      else if (value < 0) hi = -1;
    }
    this.lo = lo; this.hi = hi;
  }

  nextRow(): void {
    this.row[0] += this.stepY[0]; this.row[1] += this.stepY[1]; this.row[2] += this.stepY[2];
  }
}

/** The two triangles of a strip quad as the device assembles them: (0, 1, 2), then (2, 1, 3). */
const TRIANGLES = [0, STRIDE, 2 * STRIDE, 2 * STRIDE, STRIDE, 3 * STRIDE] as const;

/** X8R8G8B8 of a D3DCOLOR drawn unchanged: 8-bit channels round-trip exactly, X is written as ones (formats/codec.ts encodePixel). */
function x8r8g8b8(color: number): number {
  return (0xff000000 | (color & 0xffffff)) >>> 0;
}

/** The flat-colour frame by hand: each triangle's rows filled with the quad's word. */
class FlatBaseline {
  private readonly s = new SpanSetup();
  private readonly words: Uint32Array;
  constructor(private readonly target: Uint32Array, private readonly quads: readonly Float32Array[], colors: readonly number[]) {
    this.words = Uint32Array.from(colors, x8r8g8b8);
  }

  frame(): number {
    const { s, target } = this;
    for (let q = 0; q < this.quads.length; q++) {
      const v = this.quads[q], word = this.words[q];
      for (let t = 0; t < TRIANGLES.length; t += 3) {
        if (!s.triangle(v, TRIANGLES[t], TRIANGLES[t + 1], TRIANGLES[t + 2])) continue;
        for (let py = s.py0; py <= s.py1; py++) {
          s.span();
          // Uint32Array.fill: faster than a store loop from spans of about 20 pixels on
          if (s.lo <= s.hi) target.fill(word, py * W + s.px0 + s.lo, py * W + s.px0 + s.hi + 1);
          s.nextRow();
        }
      }
    }
    return target[0];
  }
}

/**
 * The depth-stencil frame by hand: clear, then per covered pixel the stencil
 * EQUAL test, the depth plane at the pixel (the device's Σ wᵢ·zᵢ · 1/Σ wᵢ with
 * exact integer weights stepped per pixel), float32, FLOAT→UNORM24, the
 * LESSEQUAL compare, and on a pass the depth, INCR stencil and colour writes.
 * Failing pixels keep their bits (STENCILFAIL and STENCILZFAIL are KEEP).
 */
class DepthStencilBaseline {
  private readonly s = new SpanSetup();
  private readonly words: Int32Array;
  constructor(private readonly target: Int32Array, private readonly ds: Int32Array, private readonly quads: readonly Float32Array[], colors: readonly number[]) {
    this.words = Int32Array.from(colors, (c) => x8r8g8b8(c) | 0);
  }

  frame(): number {
    const { s, target, ds } = this;
    ds.fill(0xffffff00 | 0);
    for (let q = 0; q < this.quads.length; q++) {
      const v = this.quads[q], word = this.words[q] | 0, ref = q;
      for (let t = 0; t < TRIANGLES.length; t += 3) {
        if (!s.triangle(v, TRIANGLES[t], TRIANGLES[t + 1], TRIANGLES[t + 2])) continue;
        const z0 = s.z[0], z1 = s.z[1], z2 = s.z[2], zNorm = s.zNorm;
        const s0 = s.stepX[0], s1 = s.stepX[1], s2 = s.stepX[2];
        for (let py = s.py0; py <= s.py1; py++) {
          s.span();
          const lo = s.lo;
          let e0 = s.row[0] + lo * s0, e1 = s.row[1] + lo * s1, e2 = s.row[2] + lo * s2;
          const end = py * W + s.px0 + s.hi + 1;
          for (let i = py * W + s.px0 + lo; i < end; i++) {
            const old = ds[i];
            const stencil = old & 0xff;
            if (stencil === ref) {
              const z = (e0 * z0 + e1 * z1 + e2 * z2) * zNorm;
              // FLOAT→UNORM24 of the float32 d in [0, 1]: d·(2²⁴ − 1) + 0.5 is exact, so | 0 is the floor
              const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffffff + 0.5) | 0;
              if (code <= old >>> 8) {
                ds[i] = (code << 8) | ((stencil + 1) & 0xff);
                target[i] = word;
              }
            }
            e0 += s0; e1 += s1; e2 += s2;
          }
          s.nextRow();
        }
      }
    }
    return ds[0];
  }
}

// ---------------------------------------------------------------------------

const FLAT_COLORS = [0x80112233, 0x00445566, 0xff778899, 0x40aabbcc];
/** depth at the strip's corners (top-left, top-right, bottom-left, bottom-right): each quad slopes a different way */
const DEPTHS: ReadonlyArray<readonly [number, number, number, number]> = [
  [0.9, 0.1, 0.9, 0.1], [0.1, 0.9, 0.1, 0.9], [0.05, 0.05, 0.95, 0.95], [0.95, 0.05, 0.05, 0.95],
];
const DEPTH_COLORS = [0xff204060, 0xff608020, 0xff802060, 0xff406080];

function surfaceOf(s: unknown): Surface {
  const surface = s as Surface;
  if (surface.pitch !== W * 4) throw new Error(`raster bench: expected a pitch of ${W * 4} bytes, got ${surface.pitch}`);
  return surface;
}

function sameBytes(what: string, device: Uint8Array, baseline: ArrayBufferView): void {
  const b = new Uint8Array(baseline.buffer, baseline.byteOffset, baseline.byteLength);
  if (device.length !== b.length) throw new Error(`raster bench: ${what}: ${device.length} bytes on the device, ${b.length} in the baseline`);
  for (let i = 0; i < b.length; i++) {
    if (device[i] !== b[i]) {
      const p = i >> 2;
      throw new Error(`raster bench: ${what} differs at pixel (${p % W}, ${(p / W) | 0}): the baseline does other work than the device`);
    }
  }
}

export interface Case {
  name: string;
  goal: string;
  baseline: string;
  /** the device's frame */
  ours: () => void;
  /** the baseline's frame */
  base: () => number;
}

export function flatCase(): Case {
  const dev = device();
  const quads = DEPTHS.map((_, i) => quad([0.5, 0.5, 0.5, 0.5], FLAT_COLORS[i]));
  const ours = (): void => { for (const q of quads) dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, q, STRIDE * 4); };
  const target = new Uint32Array(W * H);
  const baseline = new FlatBaseline(target, quads, FLAT_COLORS);
  ours();
  baseline.frame();
  sameBytes('flat_color colour', surfaceOf(dev.GetBackBuffer(0, 0, 0).surface).data, target);
  return {
    name: 'raster.flat_color', goal: '>= 0.9', ours, base: () => baseline.frame(),
    baseline: 'hand-written span loop: snapped edges, top-left rule, a fill per row',
  };
}

export function depthStencilCase(): Case {
  const dev = device();
  dev.SetRenderState(D3DRS.ZENABLE, 1);
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESSEQUAL);
  dev.SetRenderState(D3DRS.ZWRITEENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILENABLE, 1);
  dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.EQUAL);
  dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.INCR);
  const quads = DEPTHS.map((z, i) => quad(z, DEPTH_COLORS[i]));
  const ours = (): void => {
    dev.Clear(0, null, D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0, 1, 0);
    quads.forEach((q, i) => {
      dev.SetRenderState(D3DRS.STENCILREF, i);
      dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, q, STRIDE * 4);
    });
  };
  const color = surfaceOf(dev.GetBackBuffer(0, 0, 0).surface);
  const depth = surfaceOf(dev.GetDepthStencilSurface().surface);
  const target = new Int32Array(W * H);
  const ds = new Int32Array(W * H);
  new Uint8Array(target.buffer).set(color.data);
  const baseline = new DepthStencilBaseline(target, ds, quads, DEPTH_COLORS);
  ours();
  baseline.frame();
  sameBytes('depth_stencil colour', color.data, target);
  sameBytes('depth_stencil depth-stencil', depth.data, ds);
  return {
    name: 'raster.depth_stencil', goal: '>= 0.7', ours, base: () => baseline.frame(),
    baseline: 'hand-written span loop: stencil EQUAL, D24 LESSEQUAL of the interpolated depth, depth/stencil/colour writes',
  };
}

const best = (t: Timed): number => Math.min(...t.samples);

/** Frames of warm-up before the steady rows are timed (or WARM_SECONDS, whichever comes first). */
const WARM_FRAMES = 300;
const WARM_SECONDS = 4;

export const raster: Benchmark = {
  name: 'raster',
  run(ctx: BenchContext): Result[] {
    const pixels = W * H * QUADS;
    const rows: Result[] = [];
    const row = (c: Case, name: string, goal: string | undefined, t: { ours: Timed; baseline: Timed }): Result => {
      const ours = pixels / best(t.ours) / 1e6;
      const base = pixels / best(t.baseline) / 1e6;
      return { row: { name, unit: 'Mpix/s', value: ours, baseline: c.baseline, baselineValue: base, ratio: ours / base }, goal };
    };
    for (const make of [flatCase, depthStencilCase]) {
      const c = make();
      // the first frames: the device's per-draw code still runs in V8's interpreter and baseline tiers
      const cold = timePair(c.ours, c.base, { warmup: 2, runs: 9 });
      ctx.log(`${c.name} frames 3-11: ours ${describe(cold.ours)}, baseline ${describe(cold.baseline)}`);
      // steady state, as a replay runs after its first few hundred frames
      const warmed = warmUp(c.ours, c.base, WARM_FRAMES, WARM_SECONDS);
      const runs = Math.max(9, ctx.timing.runs);
      const t = timePairBest(c.ours, c.base, { warmup: 0, runs }, 3);
      ctx.log(`${c.name} after ${warmed + 11} frames: ours ${describe(t.ours)}, baseline ${describe(t.baseline)} (best of ${3 * runs} each)`);
      rows.push(row(c, c.name, c.goal, t), row(c, `${c.name}.first_frames`, undefined, cold));
    }
    return rows;
  },
};
