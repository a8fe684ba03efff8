/** Builders for draws with shaders: a device with an A8R8G8B8 back buffer, shaders from assembly text, pixel reads. */
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCLEAR, D3DCREATE, D3DDECL_END, D3DDECLMETHOD, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import { assemble } from '../../src/shader/index.js';
import type { IDirect3DPixelShader9, IDirect3DSurface9, IDirect3DVertexDeclaration9, IDirect3DVertexShader9 } from '../../src/device/types.js';
import type { Surface } from '../../src/device/surface.js';
import { PP } from '../fixtures/every-command.js';

export const W = 16;
export const H = 16;

/** A device with a W×H A8R8G8B8 back buffer (D24S8 depth), cleared to `clear`, depth 1, lighting off. */
export function device(clear = 0xff000000, flags: number = D3DCREATE.HARDWARE_VERTEXPROCESSING): Device {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: W, BackBufferHeight: H, BackBufferFormat: D3DFMT.A8R8G8B8 }).device as Device;
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, clear, 1, 0);
  dev.SetRenderState(137, 0); // D3DRS_LIGHTING FALSE
  return dev;
}

export function tokens(text: string): Uint32Array {
  const a = assemble(text);
  if (!a.ok) throw new Error(`assemble: ${JSON.stringify(a.error)}\n${text}`);
  return a.tokens;
}

export function vs(dev: Device, text: string): IDirect3DVertexShader9 {
  const r = dev.CreateVertexShader(tokens(text));
  if (r.hr !== D3D_OK) throw new Error(`CreateVertexShader: ${r.hr}\n${text}`);
  return r.vertexShader!;
}

export function ps(dev: Device, text: string): IDirect3DPixelShader9 {
  const r = dev.CreatePixelShader(tokens(text));
  if (r.hr !== D3D_OK) throw new Error(`CreatePixelShader: ${r.hr}\n${text}`);
  return r.pixelShader!;
}

export function element(stream: number, offset: number, type: number, usage: number, usageIndex = 0): D3DVERTEXELEMENT9 {
  return { Stream: stream, Offset: offset, Type: type, Method: D3DDECLMETHOD.DEFAULT, Usage: usage, UsageIndex: usageIndex };
}

export function declaration(dev: Device, elements: D3DVERTEXELEMENT9[]): IDirect3DVertexDeclaration9 {
  const r = dev.CreateVertexDeclaration([...elements, D3DDECL_END]);
  if (r.hr !== D3D_OK) throw new Error(`CreateVertexDeclaration: ${r.hr}`);
  return r.vertexDeclaration!;
}

/** POSITION float3 then TEXCOORD0 float4: a full-screen quad's vertex layout in clip space. */
export const POS_TEX = [element(0, 0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), element(0, 12, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.TEXCOORD)];

/** A clip-space quad covering the viewport (triangle strip) at depth z, each vertex (x, y, z, ...extra). */
export function quad(z = 0.5, extra: (x: number, y: number) => number[] = () => []): Float32Array {
  const out: number[] = [];
  for (const [x, y] of [[-1, 1], [1, 1], [-1, -1], [1, -1]]) out.push(x, y, z, ...extra(x, y));
  return Float32Array.from(out);
}

/** The 0xAARRGGBB word at (x, y) of an A8R8G8B8 surface. */
export function pixel(s: IDirect3DSurface9 | Surface, x: number, y: number): number {
  const surf = s as Surface;
  const at = y * surf.pitch + x * 4;
  const d = surf.data;
  return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
}

/** Channel k (0 b, 1 g, 2 r, 3 a) of a pixel word. */
export function channel(word: number, k: number): number {
  return (word >>> (8 * k)) & 0xff;
}

export const hex = (v: number): string => `0x${(v >>> 0).toString(16).padStart(8, '0')}`;
