/**
 * raster.bilinear_modulate and raster.scene_1080p: the textured raster path.
 *
 * bilinear_modulate: full-screen 1024×768 quads (XYZRHW|DIFFUSE|TEX1) over a
 * 256² A8R8G8B8 texture, MIN/MAG LINEAR, stage 0 MODULATE of texture and a
 * diffuse that differs per quad, against a hand-written loop doing the same
 * work: each pixel's four taps with 8-bit sub-texel weights (texel centres at
 * u·W − ½), the filtered channel as a float32 (the sum times 1/(65536·255),
 * as the device takes it), times the diffuse as a float32,
 * FLOAT→UNORM8 and one u32 store. `bilinearModulateMatches` checks that the
 * loop's image equals the device's after one frame.
 *
 * scene_1080p: a lit (one directional light, material diffuse and ambient),
 * textured (mipmapped 256² A8R8G8B8, MIN/MAG/MIP LINEAR), depth-tested (Z
 * LESSEQUAL) 1920×1080 mesh of 1536 triangles, cleared every frame. The
 * comparison is against the code as it stood before this row's work, recorded
 * as the constant TODAY_SCENE_PER_LOOP (scene time ÷ the bilinear_modulate
 * loop's time, measured in one run): the loop is timed again here, so
 * ratio = TODAY_SCENE_PER_LOOP ÷ (scene time ÷ loop time) survives machine load.
 */
import { Direct3DCreate9 } from '../src/device/direct3d9.js';
import type { Device } from '../src/device/device.js';
import type { Surface } from '../src/device/surface.js';
import {
  D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DLIGHT, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DTA, D3DTEXF, D3DTOP, D3DTS, D3DTSS,
} from '../src/d3d9/index.js';
import { describe, median, timePair, timePairBest } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const W = 1024;
const H = 768;
const QUADS = 4;
const TEX = 256;
/** per quad: the diffuse colour (ARGB), none of them white */
const DIFFUSES = [0xc0ff8040, 0xffa0c0e0, 0x80405060, 0xf0e0d0c0];

function device(w: number, h: number): Device {
  const pp = {
    BackBufferWidth: w, BackBufferHeight: h, BackBufferFormat: D3DFMT.A8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
}

/** Seeded bytes (an LCG), for texture contents. */
function fill(bytes: Uint8Array, seed: number): void {
  let a = seed >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    bytes[i] = a >>> 24;
  }
}

/** The 256² texture's words (A8R8G8B8 as stored: B G R A bytes), seeded. */
export function textureWords(seed: number): Uint32Array {
  const words = new Uint32Array(TEX * TEX);
  fill(new Uint8Array(words.buffer), seed);
  return words;
}

function modulateStage(dev: Device): void {
  dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.MODULATE);
  dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
  dev.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.DIFFUSE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAOP, D3DTOP.MODULATE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAARG1, D3DTA.TEXTURE);
  dev.SetTextureStageState(0, D3DTSS.ALPHAARG2, D3DTA.DIFFUSE);
}

/** A full-screen quad (strip of XYZRHW|DIFFUSE|TEX1, 28 bytes a vertex), coordinates 0..1 over the screen. */
function quad(color: number): Float32Array {
  const v = new Float32Array(4 * 7);
  const u = new Uint32Array(v.buffer);
  [[-0.5, -0.5, 0, 0], [W - 0.5, -0.5, 1, 0], [-0.5, H - 0.5, 0, 1], [W - 0.5, H - 0.5, 1, 1]].forEach(([x, y, s, t], i) => {
    v.set([x, y, 0.5, 1], i * 7);
    u[i * 7 + 4] = color;
    v[i * 7 + 5] = s;
    v[i * 7 + 6] = t;
  });
  return v;
}

export interface Scene {
  dev: Device;
  frame(): void;
}

/** The bilinear_modulate frame: QUADS full-screen quads, each its own diffuse. */
export function modulateQuads(words: Uint32Array): Scene {
  const dev = device(W, H);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  const tex = dev.CreateTexture(TEX, TEX, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  const lr = tex.LockRect(0, null, 0).lockedRect!;
  lr.pBits.set(new Uint8Array(words.buffer));
  tex.UnlockRect(0);
  dev.SetTexture(0, tex);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  modulateStage(dev);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
  const quads = DIFFUSES.map(quad);
  return { dev, frame: () => { for (const q of quads) dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, q, 28); } };
}

/** Float32 of each channel of an ARGB colour as the device's diffuse: c / 255 (R G B A). */
function diffuseFloats(argb: number): Float32Array {
  return Float32Array.of(((argb >>> 16) & 0xff) / 255, ((argb >>> 8) & 0xff) / 255, (argb & 0xff) / 255, (argb >>> 24) / 255);
}

/**
 * The baseline: per quad, per pixel, the bilinear filter of the wrapped 256²
 * texture at ((x + ½)/1024, (y + ½)/768) with 8-bit sub-texel weights, each
 * channel's integer sum S as the float32 S / (65536·255), times the quad's
 * diffuse (float32), FLOAT→UNORM8, packed and stored. Row work (the vertical
 * taps and weight) and the column positions (per quad) are hoisted; the vertical
 * blend takes two channels a multiply; nothing is allocated per pixel.
 */
export function modulateLoop(words: Uint32Array, target: Uint32Array): () => number {
  const diffuses = DIFFUSES.map(diffuseFloats);
  const tx = new Int32Array(words.buffer);
  // S / (65536·255) rounded to float32 as S times the reciprocal: the same float32 for every S (as the device computes it)
  const RECIP = 1 / (65536 * 255);
  const M = 0x00ff00ff;
  const cols = new Int32Array(W);
  return () => {
    for (let q = 0; q < diffuses.length; q++) {
      const d = diffuses[q], dr = d[0], dg = d[1], db = d[2], da = d[3];
      // per column: floor(256·(u·256 − ½)), u = (x + ½)/1024
      for (let x = 0; x < W; x++) cols[x] = Math.floor((((x + 0.5) / W) * TEX - 0.5) * 256);
      for (let y = 0; y < H; y++) {
        const Y = Math.floor((((y + 0.5) / H) * TEX - 0.5) * 256);
        const b = Y & 0xff, ib = 256 - b;
        const row0 = ((Y >> 8) & (TEX - 1)) * TEX, row1 = (((Y >> 8) + 1) & (TEX - 1)) * TEX;
        const out = y * W;
        for (let x = 0; x < W; x++) {
          const X = cols[x], a = X & 0xff, c0 = (X >> 8) & (TEX - 1), c1 = ((X >> 8) + 1) & (TEX - 1);
          const p00 = tx[row0 + c0], p10 = tx[row0 + c1], p01 = tx[row1 + c0], p11 = tx[row1 + c1];
          // vertical blends two channels a multiply (B and R, then G and A: each ≤ 255·256), then the horizontal one per channel
          const l02 = (Math.imul(p00 & M, ib) + Math.imul(p01 & M, b)) | 0, l13 = (Math.imul((p00 >>> 8) & M, ib) + Math.imul((p01 >>> 8) & M, b)) | 0;
          const r02 = (Math.imul(p10 & M, ib) + Math.imul(p11 & M, b)) | 0, r13 = (Math.imul((p10 >>> 8) & M, ib) + Math.imul((p11 >>> 8) & M, b)) | 0;
          const sb = ((l02 & 0xffff) << 8) + Math.imul((r02 & 0xffff) - (l02 & 0xffff), a);
          const sg = ((l13 & 0xffff) << 8) + Math.imul((r13 & 0xffff) - (l13 & 0xffff), a);
          const sr = ((l02 >>> 16) << 8) + Math.imul((r02 >>> 16) - (l02 >>> 16), a);
          const sa = ((l13 >>> 16) << 8) + Math.imul((r13 >>> 16) - (l13 >>> 16), a);
          const mr = Math.fround(Math.fround(sr * RECIP) * dr), mg = Math.fround(Math.fround(sg * RECIP) * dg);
          const mb = Math.fround(Math.fround(sb * RECIP) * db), ma = Math.fround(Math.fround(sa * RECIP) * da);
          // FLOAT→UNORM8 of values in [0, 1]: floor(v·255 + ½)
          target[out + x] = ((mb * 255 + 0.5) | 0) | (((mg * 255 + 0.5) | 0) << 8) | (((mr * 255 + 0.5) | 0) << 16) | (((ma * 255 + 0.5) | 0) << 24);
        }
      }
    }
    return target[0];
  };
}

/** The back buffer's pixels as words, row-major without padding. */
export function backBufferWords(dev: Device, w: number, h: number): Uint32Array {
  const bb = dev.GetBackBuffer(0, 0, 0).surface as unknown as Surface;
  const out = new Uint32Array(w * h);
  const view = new DataView(bb.data.buffer, bb.data.byteOffset, bb.data.byteLength);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = view.getUint32(y * bb.pitch + 4 * x, true);
  return out;
}

/** Pixels where the loop's image and the device's differ after one frame of each (0: the baseline does the same work). */
export function bilinearModulateMismatches(seed: number): number {
  const words = textureWords(seed);
  const scene = modulateQuads(words);
  scene.frame();
  const ours = backBufferWords(scene.dev, W, H);
  const target = new Uint32Array(W * H);
  modulateLoop(words, target)();
  let n = 0;
  for (let i = 0; i < target.length; i++) if (target[i] !== ours[i]) n++;
  return n;
}

const SW = 1920;
const SH = 1080;
const GRID_X = 32;
const GRID_Z = 24;

/** A row-vector D3DMATRIX from 16 numbers. */
function matrix(m: readonly number[]): Parameters<Device['SetTransform']>[1] {
  return {
    _11: m[0], _12: m[1], _13: m[2], _14: m[3], _21: m[4], _22: m[5], _23: m[6], _24: m[7],
    _31: m[8], _32: m[9], _33: m[10], _34: m[11], _41: m[12], _42: m[13], _43: m[14], _44: m[15],
  };
}

/**
 * A rolling terrain of GRID_X × GRID_Z quads (XYZ|NORMAL|TEX1, 32 bytes a vertex),
 * 4× wrapped texture coordinates, seen in perspective from above its near edge:
 * near triangles magnify the texture, far ones minify it through the mip chain.
 */
function terrain(): { vertices: Float32Array; indices: Uint16Array; count: number; triangles: number } {
  const nx = GRID_X + 1, nz = GRID_Z + 1;
  const height = (x: number, z: number): number => 0.6 * Math.sin(x * 0.9) * Math.cos(z * 0.7) + 0.3 * Math.sin(x * 0.31 + z * 0.47);
  const vertices = new Float32Array(nx * nz * 8);
  for (let j = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++) {
      const x = (i / GRID_X) * 16 - 8, z = (j / GRID_Z) * 14 + 1;
      const y = height(x, z) - 1.6;
      const e = 0.01, gx = (height(x + e, z) - height(x - e, z)) / (2 * e), gz = (height(x, z + e) - height(x, z - e)) / (2 * e);
      const len = Math.hypot(gx, 1, gz);
      vertices.set([x, y, z, -gx / len, 1 / len, -gz / len, (4 * i) / GRID_X, (4 * j) / GRID_Z], (j * nx + i) * 8);
    }
  }
  const indices = new Uint16Array(GRID_X * GRID_Z * 6);
  let k = 0;
  for (let j = 0; j < GRID_Z; j++) {
    for (let i = 0; i < GRID_X; i++) {
      const a = j * nx + i, b = a + 1, c = a + nx, d = c + 1;
      indices.set([a, c, b, b, c, d], k);
      k += 6;
    }
  }
  return { vertices, indices, count: nx * nz, triangles: GRID_X * GRID_Z * 2 };
}

/** The scene_1080p frame: clear colour and depth, draw the lit, mipmapped, depth-tested terrain. */
export function scene1080p(w = SW, h = SH): Scene {
  const dev = device(w, h);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 1);
  dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESSEQUAL);
  dev.SetRenderState(D3DRS.LIGHTING, 1);
  dev.SetRenderState(D3DRS.AMBIENT, 0xff303840);
  const rgba = (r: number, g: number, b: number, a: number): { r: number; g: number; b: number; a: number } => ({ r, g, b, a });
  const zero = rgba(0, 0, 0, 0);
  dev.SetMaterial({ Diffuse: rgba(0.9, 0.85, 0.8, 1), Ambient: rgba(1, 1, 1, 1), Specular: zero, Emissive: zero, Power: 0 });
  dev.SetLight(0, {
    Type: D3DLIGHT.DIRECTIONAL, Diffuse: rgba(1, 0.95, 0.85, 1), Specular: zero, Ambient: zero,
    Position: { x: 0, y: 0, z: 0 }, Direction: { x: 0.4, y: -0.8, z: 0.45 },
    Range: 0, Falloff: 0, Attenuation0: 0, Attenuation1: 0, Attenuation2: 0, Theta: 0, Phi: 0,
  });
  dev.LightEnable(0, true);
  // view: the eye looks 20° down; projection: 60° vertical field of view, near 0.5, far 40
  const c = Math.cos(Math.PI / 9), sn = Math.sin(Math.PI / 9);
  dev.SetTransform(D3DTS.VIEW, matrix([1, 0, 0, 0, 0, c, -sn, 0, 0, sn, c, 0, 0, 0, 0, 1]));
  const fy = 1 / Math.tan(Math.PI / 6), fx = fy * (h / w), zn = 0.5, zf = 40, q = zf / (zf - zn);
  dev.SetTransform(D3DTS.PROJECTION, matrix([fx, 0, 0, 0, 0, fy, 0, 0, 0, 0, q, 1, 0, 0, -q * zn, 0]));
  // a full mip chain, each level seeded differently
  const levels = 9;
  const tex = dev.CreateTexture(TEX, TEX, levels, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
  for (let l = 0; l < levels; l++) {
    const lr = tex.LockRect(l, null, 0).lockedRect!;
    fill(lr.pBits, 11 + l);
    tex.UnlockRect(l);
  }
  dev.SetTexture(0, tex);
  dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.LINEAR);
  dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.LINEAR);
  modulateStage(dev);
  dev.SetFVF(D3DFVF.XYZ | D3DFVF.NORMAL | D3DFVF.TEX1);
  const t = terrain();
  return {
    dev,
    frame: () => {
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff203040, 1, 0);
      dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, t.count, t.triangles, t.indices, D3DFMT.INDEX16, t.vertices, 32);
    },
  };
}

/**
 * scene_1080p's frame time ÷ the bilinear_modulate loop's time, measured on the
 * code before the textured path's work (every pixel of the mipmapped draw on the
 * per-pixel Fragment path) with this loop: 5 rounds of 5 interleaved pairs gave
 * 20.5, 29.0, 31.5, 43.0 and 61.2 on a shared, heavily loaded machine; the
 * fastest is kept (the comparison least in our favour).
 */
const TODAY_SCENE_PER_LOOP = 20.5;

export const rasterTextured: Benchmark = {
  name: 'raster_textured',
  run(ctx: BenchContext): Result[] {
    const timing = { warmup: 1, runs: Math.max(3, Math.min(5, ctx.timing.runs)) };
    const words = textureWords(5);
    const target = new Uint32Array(W * H);
    const loop = modulateLoop(words, target);
    const mismatches = bilinearModulateMismatches(5);
    if (mismatches !== 0) throw new Error(`raster.bilinear_modulate: the baseline's image differs from the device's at ${mismatches} pixels`);
    const results: Result[] = [];
    const m = modulateQuads(words);
    const t = timePairBest(m.frame, loop, timing, 3);
    ctx.log(`raster.bilinear_modulate: ours ${describe(t.ours)}, loop ${describe(t.baseline)}`);
    const pixels = W * H * QUADS;
    const ours = pixels / t.ours.median / 1e6, base = pixels / t.baseline.median / 1e6;
    results.push({
      row: { name: 'raster.bilinear_modulate', unit: 'Mpix/s', value: ours, baseline: 'hand-written bilinear × diffuse loop, same image', baselineValue: base, ratio: ours / base },
      goal: '>= 0.8',
    });
    const s = scene1080p();
    const ts = timePairBest(s.frame, loop, timing, 3);
    const perLoop = ts.ours.median / ts.baseline.median;
    ctx.log(`raster.scene_1080p: ours ${describe(ts.ours)}, loop ${describe(ts.baseline)}; scene/loop ${perLoop.toFixed(3)} (today ${TODAY_SCENE_PER_LOOP})`);
    const sceneMpix = (SW * SH) / ts.ours.median / 1e6;
    const todayMpix = sceneMpix * (perLoop / TODAY_SCENE_PER_LOOP);
    results.push({
      row: { name: 'raster.scene_1080p', unit: 'Mpix/s', value: sceneMpix, baseline: 'the same scene on the code before this work (recorded scene/loop time, loop timed here)', baselineValue: todayMpix, ratio: TODAY_SCENE_PER_LOOP / perLoop },
      goal: '>= 2.0',
    });
    return results;
  },
};

/** scene/loop time ratios of `runs` rounds, for recording TODAY_SCENE_PER_LOOP. */
export function sceneRatios(runs: number): number[] {
  const words = textureWords(5);
  const loop = modulateLoop(words, new Uint32Array(W * H));
  const s = scene1080p();
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = timePair(s.frame, loop, { warmup: r === 0 ? 1 : 0, runs: 5 });
    out.push(t.ours.median / t.baseline.median);
  }
  return out.sort((a, b) => a - b).concat([median(out)]);
}
