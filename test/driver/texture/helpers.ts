/** Builders for the texture sampling tests: surfaces from texel bytes, textures, sampler states. */
import { D3DFMT, D3DSAMP, D3DTADDRESS, D3DTEXF, float32Bits } from '../../../src/d3d9/index.js';
import { formatInfo, pitchOf } from '../../../src/formats/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import type { TextureView } from '../../../src/driver/raster/types.js';
import { createSampler } from '../../../src/driver/raster/texture/index.js';

/** A surface of `format` whose block rows hold `rows` (each row's bytes, padded to the pitch). */
export function surface(format: number, width: number, height: number, rows: readonly (readonly number[])[]): SurfaceView {
  const f = formatInfo(format)!;
  const pitch = pitchOf(f, width);
  const data = new Uint8Array(pitch * rows.length);
  rows.forEach((r, y) => data.set(r, y * pitch));
  return { format: f, width, height, pitch, samples: 1, data };
}

/** An A8R8G8B8 surface from ARGB words, row-major. */
export function argbSurface(width: number, height: number, argb: readonly number[]): SurfaceView {
  const rows: number[][] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) {
      const c = argb[y * width + x] >>> 0;
      row.push(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24);
    }
    rows.push(row);
  }
  return surface(D3DFMT.A8R8G8B8, width, height, rows);
}

export function solid(width: number, height: number, argb: number): SurfaceView {
  return argbSurface(width, height, new Array<number>(width * height).fill(argb));
}

export const tex2d = (...levels: SurfaceView[]): TextureView => ({ kind: '2d', levels });

/** RGBA floats of an ARGB word, as A8R8G8B8 decodes it. */
export function rgba(argb: number): number[] {
  return [((argb >>> 16) & 0xff) / 255, ((argb >>> 8) & 0xff) / 255, (argb & 0xff) / 255, (argb >>> 24) / 255];
}

/** Σ weight·colour, per channel. */
export function mix(...terms: [number, number[]][]): number[] {
  const out = [0, 0, 0, 0];
  for (const [w, c] of terms) for (let k = 0; k < 4; k++) out[k] += w * c[k];
  return out;
}

export type SamplerStateValues = Partial<Record<keyof typeof D3DSAMP, number>>;

/** Sampler states with Wine's documented defaults (reference B.4), then `set`; LODBIAS given as a float. */
export function samplerStates(set: SamplerStateValues = {}): Uint32Array {
  const s = new Uint32Array(14);
  s[D3DSAMP.ADDRESSU] = s[D3DSAMP.ADDRESSV] = s[D3DSAMP.ADDRESSW] = D3DTADDRESS.WRAP;
  s[D3DSAMP.MAGFILTER] = s[D3DSAMP.MINFILTER] = D3DTEXF.POINT;
  s[D3DSAMP.MIPFILTER] = D3DTEXF.NONE;
  s[D3DSAMP.MAXANISOTROPY] = 1;
  for (const [k, v] of Object.entries(set) as [keyof typeof D3DSAMP, number][]) {
    s[D3DSAMP[k]] = k === 'MIPMAPLODBIAS' ? float32Bits(v) : v >>> 0;
  }
  return s;
}

/** One 2D sample with derivatives (dudx, dvdy) = (dx, dy) and no cross terms. */
export function sample2d(t: TextureView, states: SamplerStateValues, u: number, v: number, dx = 0, dy = dx): number[] {
  const out = new Float32Array(4);
  createSampler(t, samplerStates(states)).sample(u, v, 0, dx, 0, 0, 0, dy, 0, out, 0);
  return [...out];
}

export function expectClose(actual: number[], expected: number[], tol: number, label = ''): void {
  const bad = actual.some((a, k) => !(Math.abs(a - expected[k]) <= tol));
  if (bad) throw new Error(`${label}: got [${actual.join(', ')}], expected [${expected.join(', ')}] (±${tol})`);
}
