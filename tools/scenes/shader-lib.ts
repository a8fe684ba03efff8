/** Helpers the shader sample scenes share: shaders from assembly, textures filled by a function, matrices as constants. */
import { assemble } from '../../src/shader/index.js';
import type { D3DMATRIX, IDirect3DDevice9, IDirect3DPixelShader9, IDirect3DTexture9, IDirect3DVertexShader9, SceneContext } from '../../src/index.js';

function tokens(text: string): Uint32Array {
  const r = assemble(text);
  if (!r.ok) throw new Error(`shader ${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r.tokens;
}

export function vertexShader(dev: IDirect3DDevice9, ctx: SceneContext, name: string, text: string): IDirect3DVertexShader9 {
  ctx.name(name);
  const r = dev.CreateVertexShader(tokens(text));
  if (!r.vertexShader) throw new Error(`CreateVertexShader ${name}: 0x${(r.hr >>> 0).toString(16)}`);
  return r.vertexShader;
}

export function pixelShader(dev: IDirect3DDevice9, ctx: SceneContext, name: string, text: string): IDirect3DPixelShader9 {
  ctx.name(name);
  const r = dev.CreatePixelShader(tokens(text));
  if (!r.pixelShader) throw new Error(`CreatePixelShader ${name}: 0x${(r.hr >>> 0).toString(16)}`);
  return r.pixelShader;
}

/**
 * Fills level 0 of `tex` (w × h texels of `bytes` bytes each) from `texel(x, y, view, at)`, which
 * writes one texel at byte `at` of the DataView.
 */
export function fillTexture(tex: IDirect3DTexture9, w: number, h: number, bytes: number, texel: (x: number, y: number, view: DataView, at: number) => void): void {
  const lock = tex.LockRect(0, null, 0).lockedRect!;
  const bits = lock.pBits as Uint8Array;
  const view = new DataView(bits.buffer, bits.byteOffset);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) texel(x, y, view, y * lock.Pitch + x * bytes);
  }
  tex.UnlockRect(0);
}

/** A D3DCOLOR from channels in [0, 1]. */
export function argb(a: number, r: number, g: number, b: number): number {
  const c = (v: number): number => Math.max(0, Math.min(255, Math.round(v * 255)));
  return ((c(a) << 24) | (c(r) << 16) | (c(g) << 8) | c(b)) >>> 0;
}

/** Row-vector matrix product a · b (D3D's convention: v' = v · M). */
export function mul(a: D3DMATRIX, b: D3DMATRIX): D3DMATRIX {
  const A = rows(a);
  const B = rows(b);
  const m = A.map((r) => [0, 1, 2, 3].map((j) => r[0] * B[0][j] + r[1] * B[1][j] + r[2] * B[2][j] + r[3] * B[3][j]));
  return fromRows(m);
}

export function rows(m: D3DMATRIX): number[][] {
  return [[m._11, m._12, m._13, m._14], [m._21, m._22, m._23, m._24], [m._31, m._32, m._33, m._34], [m._41, m._42, m._43, m._44]];
}

export function fromRows(r: number[][]): D3DMATRIX {
  return {
    _11: r[0][0], _12: r[0][1], _13: r[0][2], _14: r[0][3], _21: r[1][0], _22: r[1][1], _23: r[1][2], _24: r[1][3],
    _31: r[2][0], _32: r[2][1], _33: r[2][2], _34: r[2][3], _41: r[3][0], _42: r[3][1], _43: r[3][2], _44: r[3][3],
  };
}

/**
 * The constants for `m4x4 oPos, v0, cN` (each output component is dp4(v, c(N+i))): the columns
 * of M, i.e. the rows of its transpose; `count` 3 gives the m4x3 form (x, y, z only).
 */
export function columns(m: D3DMATRIX, count = 4): Float32Array {
  const r = rows(m);
  const out = new Float32Array(4 * count);
  for (let i = 0; i < count; i++) for (let k = 0; k < 4; k++) out[4 * i + k] = r[k][i];
  return out;
}

export function rotationY(a: number): D3DMATRIX {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return fromRows([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]]);
}

export function rotationZ(a: number): D3DMATRIX {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return fromRows([[c, s, 0, 0], [-s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]);
}

export function translation(x: number, y: number, z: number): D3DMATRIX {
  return fromRows([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]);
}
