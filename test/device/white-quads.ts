/** A 16×16 device drawing white XYZRHW|DIFFUSE vertices, culling and depth off: the draw tests' common scene. */
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCULL, D3DFVF, D3DRS } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

export const FVF = D3DFVF.XYZRHW | D3DFVF.DIFFUSE;

export function device(): Device {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetFVF(FVF);
  return dev;
}

/** XYZRHW|DIFFUSE vertices (20 bytes each), white. */
export function vertices(points: ReadonlyArray<readonly [number, number]>): Uint8Array {
  const f = new Float32Array(points.length * 5);
  const u = new Uint32Array(f.buffer);
  points.forEach(([x, y], i) => { f.set([x, y, 0.5, 1], i * 5); u[i * 5 + 4] = 0xffffffff; });
  return new Uint8Array(f.buffer);
}
