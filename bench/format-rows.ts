/**
 * formats.rows.*: row conversion throughput of the main format families, as a
 * ratio to a plain typed-array copy of the same source bytes (the floor any
 * conversion pays). Source data is seeded, the same on every run.
 */
import { D3DFMT } from '../src/d3d9/index.js';
import { chooseRowToFloat, chooseRowToRGBA8, copyDepthStencil, formatInfo, pitchOf } from '../src/formats/index.js';
import type { FormatInfo } from '../src/formats/index.js';
import { describe, timePair } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

const W = 1024;
const H = 256;

function seeded(bytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let a = seed >>> 0;
  for (let i = 0; i < bytes; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    out[i] = a >>> 24;
  }
  return out;
}

interface Case {
  name: string;
  /** source bytes converted per run */
  bytes: number;
  run(): unknown;
  copy(): unknown;
}

function rowCase(name: string, f: FormatInfo, to: 'rgba8' | 'float'): Case {
  const pitch = pitchOf(f, W);
  const src = seeded(pitch * H, f.id);
  const copyDst = new Uint8Array(src.length);
  if (to === 'rgba8') {
    const row = chooseRowToRGBA8(f);
    const out = new Uint8Array(W * H * 4);
    return { name, bytes: src.length, run: () => { for (let y = 0; y < H; y++) row(src, y * pitch, W, out, y * W * 4); return out; }, copy: () => { copyDst.set(src); return copyDst; } };
  }
  const row = chooseRowToFloat(f);
  const out = new Float32Array(W * H * 4);
  return { name, bytes: src.length, run: () => { for (let y = 0; y < H; y++) row(src, y * pitch, W, out, y * W * 4); return out; }, copy: () => { copyDst.set(src); return copyDst; } };
}

function depthCase(): Case {
  const s = formatInfo(D3DFMT.D24S8)!;
  const d = formatInfo(D3DFMT.D32F_LOCKABLE)!;
  const src = { format: s.id, data: seeded(pitchOf(s, W) * H, 75), pitch: pitchOf(s, W), width: W, height: H };
  const dst = { format: d.id, data: new Uint8Array(pitchOf(d, W) * H), pitch: pitchOf(d, W), width: W, height: H };
  const copyDst = new Uint8Array(src.data.length);
  return {
    name: 'formats.rows.D24S8_to_D32F_LOCKABLE',
    bytes: src.data.length,
    run: () => { copyDepthStencil(src, { left: 0, top: 0, right: W, bottom: H }, dst, 0, 0); return dst.data; },
    copy: () => { copyDst.set(src.data); return copyDst; },
  };
}

export const formatRows: Benchmark = {
  name: 'formats.rows',
  run(ctx: BenchContext): Result[] {
    const cases = [
      rowCase('formats.rows.A8R8G8B8_to_RGBA8', formatInfo(D3DFMT.A8R8G8B8)!, 'rgba8'),
      rowCase('formats.rows.R5G6B5_to_RGBA8', formatInfo(D3DFMT.R5G6B5)!, 'rgba8'),
      rowCase('formats.rows.A16B16G16R16F_to_float', formatInfo(D3DFMT.A16B16G16R16F)!, 'float'),
      depthCase(),
      rowCase('formats.rows.XR_BIAS_to_float', formatInfo(D3DFMT.A2B10G10R10_XR_BIAS)!, 'float'),
    ];
    return cases.map((c) => {
      const t = timePair(c.run, c.copy, ctx.timing);
      ctx.log(`${c.name}: ours ${describe(t.ours)}, copy ${describe(t.baseline)}`);
      const ours = c.bytes / t.ours.median / 1e6;
      const copy = c.bytes / t.baseline.median / 1e6;
      return { row: { name: c.name, unit: 'MB/s', value: ours, baseline: 'Uint8Array.set of the same source bytes', baselineValue: copy, ratio: ours / copy } };
    });
  },
};
