/**
 * A small rig for Wine visual.c scenarios rewritten as our tests: a 128×96 device (Wine draws on
 * 640×480; clip-space quads land on the same fifths of the target), shaders from assembly, and
 * pixel reads with Wine's per-channel tolerance (color_match).
 */
import { expect } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCREATE, D3DPT, D3D_OK } from '../../src/d3d9/index.js';
import type { IDirect3DPixelShader9, IDirect3DSurface9, IDirect3DVertexShader9 } from '../../src/device/types.js';
import { assemble } from '../../src/shader/index.js';
import { PP } from '../fixtures/every-command.js';

export const W = 128;
export const H = 96;

/** D3DVS_VERSION(3, 0) / D3DPS_VERSION(3, 0) */
const VS_3_0 = 0xfffe0300;
const PS_3_0 = 0xffff0300;

export function rig(flags: number = D3DCREATE.HARDWARE_VERTEXPROCESSING): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: W, BackBufferHeight: H }).device as Device;
}

/**
 * Whether draws with shaders execute yet: the device reports shader model 3.0 once they do (until
 * then a shader draw draws nothing, and the scenarios are skipped with this reason).
 */
export const SHADERS_EXECUTE = ((): boolean => {
  const caps = rig().caps;
  return (caps.VertexShaderVersion >>> 0) >= VS_3_0 && (caps.PixelShaderVersion >>> 0) >= PS_3_0;
})();

export function tokens(text: string): Uint32Array {
  const r = assemble(text);
  if (!r.ok) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}\n${text}`);
  return r.tokens;
}

export function vs(dev: Device, text: string): IDirect3DVertexShader9 {
  const r = dev.CreateVertexShader(tokens(text));
  expect(r.hr).toBe(D3D_OK);
  return r.vertexShader!;
}

export function ps(dev: Device, text: string): IDirect3DPixelShader9 {
  const r = dev.CreatePixelShader(tokens(text));
  expect(r.hr).toBe(D3D_OK);
  return r.pixelShader!;
}

export const f32 = (...v: number[]): Float32Array => new Float32Array(v);

/**
 * Wine's quads: a strip over clip-space x0..x1, y0..y1 at z, in the order visual.c lists them
 * ((x0, y0), (x0, y1), (x1, y0), (x1, y1)); `extra(x, y)` appends per-vertex fields.
 */
export function quad(x0: number, y0: number, x1: number, y1: number, z: number, extra: (x: number, y: number) => number[] = () => []): Float32Array {
  const corners: Array<[number, number]> = [[x0, y0], [x0, y1], [x1, y0], [x1, y1]];
  return new Float32Array(corners.flatMap(([x, y]) => [x, y, z, ...extra(x, y)]));
}

/** The four quarter-screen quads of visual.c, by where they sit. */
export const QUARTER = {
  bottomLeft: [-1, -1, 0, 0],
  bottomRight: [0, -1, 1, 0],
  topRight: [0, 0, 1, 1],
  topLeft: [-1, 0, 0, 1],
} as const;

/** Draws a strip of two triangles from `data` with `stride` bytes a vertex. */
export function draw(dev: Device, data: Float32Array, stride: number): void {
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, data, stride)).toBe(D3D_OK);
}

/** The back buffer's RGB at (x, y) of the 128×96 target, as 0xRRGGBB. */
export function pixel(dev: Device, x: number, y: number): number {
  const bb = dev.backBuffer;
  return new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(y * bb.pitch + 4 * x, true) & 0xffffff;
}

/** Wine's color_match: every channel within `tolerance`. */
export function colorMatch(got: number, want: number, tolerance: number): boolean {
  for (let s = 0; s < 24; s += 8) {
    if (Math.abs(((got >> s) & 0xff) - ((want >> s) & 0xff)) > tolerance) return false;
  }
  return true;
}

export const hex = (c: number): string => `0x${(c >>> 0).toString(16).padStart(6, '0')}`;

/** Wine's 640×480 sample point (x, y) on our 128×96 target (a fifth of it). */
export const at = (x: number, y: number): [number, number] => [Math.floor(x / 5), Math.floor(y / 5)];

/** Expects each [x, y, colour] point of our target within `tolerance` per channel (all reported at once). */
export function expectColors(dev: Device, points: ReadonlyArray<readonly [number, number, number]>, tolerance: number): void {
  const got = points.map(([x, y]) => `${x},${y}: ${hex(pixel(dev, x, y))}`);
  const want = points.map(([x, y, c], i) => (colorMatch(pixel(dev, x, y), c, tolerance) ? got[i] : `${x},${y}: ${hex(c)}`));
  expect(got).toEqual(want);
}

/** Expects each [x, y, colour] of a lockable 32-bit target `rt` within `tolerance` per channel (all reported at once). */
export function expectTarget(rt: IDirect3DSurface9, points: ReadonlyArray<readonly [number, number, number]>, tolerance: number): void {
  const lock = rt.LockRect(null, 0).lockedRect!;
  const view = new DataView(lock.pBits.buffer, lock.pBits.byteOffset);
  const got: string[] = [], want: string[] = [];
  for (const [x, y, c] of points) {
    const v = view.getUint32(y * lock.Pitch + 4 * x, true) & 0xffffff;
    got.push(`${x},${y}: ${hex(v)}`);
    want.push(`${x},${y}: ${hex(colorMatch(v, c, tolerance) ? v : c)}`);
  }
  rt.UnlockRect();
  expect(got).toEqual(want);
}
