/**
 * The benchmark workload: a seeded, D3D9-shaped frame loop as plain data (one
 * op per call), so the API recorder and the hand-written baselines run exactly
 * the same calls. Frames of ~500 calls: BeginScene, Clear, camera transforms,
 * then draw groups (texture, a few render/sampler states, a world matrix, small
 * DrawPrimitiveUP arrays or DrawPrimitive from a vertex buffer, PIX markers),
 * EndScene, Present.
 */
import {
  D3DBLEND, D3DCLEAR, D3DCMP, D3DCREATE, D3DCULL, D3DDEVTYPE, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP,
  D3DSWAPEFFECT, D3DTEXF, D3DTS, D3DUSAGE,
} from '../src/d3d9/index.js';
import type { D3DMATRIX, D3DPRESENT_PARAMETERS } from '../src/device/types.js';
import { Prng } from '../tools/prng.js';

/** XYZ | DIFFUSE | TEX1: 12 + 4 + 8 bytes */
export const VERTEX_FVF = D3DFVF.XYZ | D3DFVF.DIFFUSE | D3DFVF.TEX1;
export const VERTEX_STRIDE = 24;

export type Op =
  | { k: 'begin' }
  | { k: 'end' }
  | { k: 'present' }
  | { k: 'clear'; flags: number; color: number; z: number; stencil: number }
  | { k: 'rs'; state: number; value: number }
  | { k: 'ss'; sampler: number; type: number; value: number }
  | { k: 'tex'; stage: number; tex: number }
  | { k: 'xf'; state: number; m: D3DMATRIX }
  | { k: 'fvf'; fvf: number }
  | { k: 'vb'; vb: number; stride: number }
  | { k: 'draw'; prim: number; start: number; count: number }
  | { k: 'up'; prim: number; count: number; data: Uint8Array; stride: number }
  | { k: 'perfBegin'; col: number; name: string }
  | { k: 'perfEnd' };

export interface TextureSpec { width: number; height: number }
/** a vertex buffer of `length` bytes whose first `data.length` bytes are written through one Lock */
export interface VertexBufferSpec { length: number; data: Uint8Array }

export interface Workload {
  presentParameters: D3DPRESENT_PARAMETERS;
  textures: TextureSpec[];
  vertexBuffers: VertexBufferSpec[];
  ops: Op[];
  /** every recorded call: setup calls plus one per op */
  calls: number;
}

/** Direct3DCreate9, CreateDevice, then per texture 1 call and per vertex buffer 3 (create, Lock, Unlock). */
export function setupCalls(textures: number, vertexBuffers: number): number {
  return 2 + textures + 3 * vertexBuffers;
}

const VB_BYTES = 64 * 1024;
/** what one Lock writes: the no-op device hands out 256-byte locks, and the recorder keeps all of one */
export const LOCK_BYTES = 256;

/** Render states a frame loop toggles, with the values it uses. */
const STATES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [D3DRS.ALPHABLENDENABLE, [0, 1]],
  [D3DRS.SRCBLEND, [D3DBLEND.SRCALPHA, D3DBLEND.ONE]],
  [D3DRS.DESTBLEND, [D3DBLEND.INVSRCALPHA, D3DBLEND.ONE]],
  [D3DRS.ZWRITEENABLE, [0, 1]],
  [D3DRS.ZENABLE, [0, 1]],
  [D3DRS.CULLMODE, [D3DCULL.NONE, D3DCULL.CCW]],
  [D3DRS.ALPHATESTENABLE, [0, 1]],
  [D3DRS.ALPHAREF, [0x08, 0x80]],
  [D3DRS.ALPHAFUNC, [D3DCMP.GREATEREQUAL]],
  [D3DRS.LIGHTING, [0]],
  [D3DRS.FOGENABLE, [0, 1]],
];
const SAMPLER_STATES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [D3DSAMP.MINFILTER, [D3DTEXF.POINT, D3DTEXF.LINEAR]],
  [D3DSAMP.MAGFILTER, [D3DTEXF.POINT, D3DTEXF.LINEAR]],
  [D3DSAMP.MIPFILTER, [D3DTEXF.NONE, D3DTEXF.LINEAR]],
  [D3DSAMP.ADDRESSU, [1, 3]],
  [D3DSAMP.ADDRESSV, [1, 3]],
];
const TINTS = [0xffffffff, 0xffffffff, 0xffffffff, 0xff808080, 0xffff8040, 0x80ffffff, 0xff40c0ff, 0xc0ffffff];
const MARKERS = ['shadows', 'opaque', 'terrain', 'characters', 'particles', 'hud', 'post'];

const f32 = Math.fround;

function matrixOf(values: readonly number[]): D3DMATRIX {
  const v = values.map(f32);
  return {
    _11: v[0], _12: v[1], _13: v[2], _14: v[3], _21: v[4], _22: v[5], _23: v[6], _24: v[7],
    _31: v[8], _32: v[9], _33: v[10], _34: v[11], _41: v[12], _42: v[13], _43: v[14], _44: v[15],
  };
}

/** Rotation about Y, uniform scale, translation: what most world matrices look like. */
function worldMatrix(r: Prng): D3DMATRIX {
  const a = r.int(64) * (Math.PI / 32);
  const s = r.pick([1, 1, 1, 0.5, 2]);
  const c = Math.cos(a) * s;
  const n = Math.sin(a) * s;
  return matrixOf([c, 0, -n, 0, 0, s, 0, 0, n, 0, c, 0, r.range(-200, 200) / 4, r.range(0, 40) / 4, r.range(-200, 200) / 4, 1]);
}

function viewMatrix(frame: number): D3DMATRIX {
  const a = frame / 120;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return matrixOf([c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, -5, 30 + (frame % 50) / 10, 1]);
}

const PROJECTION = matrixOf([1.299, 0, 0, 0, 0, 1.732, 0, 0, 0, 0, 1.0001, 1, 0, 0, -0.10001, 0]);

/** Writes `n` vertices of a quad strip or a particle list at a random spot. */
function vertices(r: Prng, quads: number, strip: boolean): Uint8Array {
  const n = strip ? 4 : quads * 6;
  const out = new Uint8Array(n * VERTEX_STRIDE);
  const dv = new DataView(out.buffer);
  const tint = r.pick(TINTS);
  const cell = r.int(64);
  const u0 = (cell % 8) / 8;
  const v0 = Math.floor(cell / 8) / 8;
  let at = 0;
  const put = (x: number, y: number, z: number, u: number, v: number): void => {
    dv.setFloat32(at, x, true); dv.setFloat32(at + 4, y, true); dv.setFloat32(at + 8, z, true);
    dv.setUint32(at + 12, tint, true);
    dv.setFloat32(at + 16, u, true); dv.setFloat32(at + 20, v, true);
    at += VERTEX_STRIDE;
  };
  for (let q = 0; q < (strip ? 1 : quads); q++) {
    const x = r.range(-512, 512) / 8;
    const y = r.range(0, 256) / 8;
    const z = r.range(-512, 512) / 8;
    const s = r.pick([0.5, 1, 2, 4]);
    const corners: Array<[number, number, number, number]> = [
      [x - s, y + s, u0, v0], [x + s, y + s, u0 + 0.125, v0], [x - s, y - s, u0, v0 + 0.125], [x + s, y - s, u0 + 0.125, v0 + 0.125],
    ];
    const order = strip ? [0, 1, 2, 3] : [0, 1, 2, 2, 1, 3];
    for (const i of order) put(corners[i][0], corners[i][1], z, corners[i][2], corners[i][3]);
  }
  return out;
}

/** One draw group: material and transform changes, then 1-4 draws. */
function drawGroup(r: Prng, ops: Op[], w: { textures: number; vertexBuffers: number }, state: { fvfSet: boolean }): void {
  const marker = r.chance(0.12);
  if (marker) ops.push({ k: 'perfBegin', col: r.pick(TINTS), name: r.pick(MARKERS) });
  if (r.chance(0.7)) ops.push({ k: 'tex', stage: 0, tex: r.int(w.textures) });
  const nStates = r.weighted<number>([[3, 0], [4, 1], [2, 2], [1, 3]]);
  for (let i = 0; i < nStates; i++) {
    const [st, values] = r.pick(STATES);
    ops.push({ k: 'rs', state: st, value: r.pick(values) });
  }
  if (r.chance(0.15)) {
    const [st, values] = r.pick(SAMPLER_STATES);
    ops.push({ k: 'ss', sampler: 0, type: st, value: r.pick(values) });
  }
  if (r.chance(0.6)) ops.push({ k: 'xf', state: D3DTS.WORLD, m: worldMatrix(r) });
  const draws = r.range(1, 4);
  for (let i = 0; i < draws; i++) {
    if (r.chance(0.55)) {
      if (!state.fvfSet || r.chance(0.2)) { ops.push({ k: 'fvf', fvf: VERTEX_FVF }); state.fvfSet = true; }
      const strip = r.chance(0.5);
      const quads = strip ? 1 : r.range(1, 4);
      ops.push({ k: 'up', prim: strip ? D3DPT.TRIANGLESTRIP : D3DPT.TRIANGLELIST, count: 2 * quads, data: vertices(r, quads, strip), stride: VERTEX_STRIDE });
    } else {
      ops.push({ k: 'vb', vb: r.int(w.vertexBuffers), stride: VERTEX_STRIDE });
      const tris = Math.floor(VB_BYTES / VERTEX_STRIDE / 3);
      const start = r.int(tris - 8);
      ops.push({ k: 'draw', prim: D3DPT.TRIANGLELIST, start: start * 3, count: r.range(1, 8) });
    }
  }
  if (marker) ops.push({ k: 'perfEnd' });
}

export function buildWorkload(seed: number, totalCalls: number): Workload {
  const r = new Prng(seed);
  const textures: TextureSpec[] = [];
  for (let i = 0; i < 16; i++) textures.push({ width: 1 << r.range(5, 9), height: 1 << r.range(5, 9) });
  const vertexBuffers: VertexBufferSpec[] = [];
  for (let i = 0; i < 8; i++) {
    const data = new Uint8Array(LOCK_BYTES);
    const quads = Math.floor(LOCK_BYTES / VERTEX_STRIDE / 6);
    data.set(vertices(r, quads, false));
    vertexBuffers.push({ length: VB_BYTES, data });
  }
  const budget = totalCalls - setupCalls(textures.length, vertexBuffers.length);
  const ops: Op[] = [];
  const state = { fvfSet: false };
  for (let frame = 0; ops.length < budget; frame++) {
    const frameEnd = ops.length + r.range(450, 550);
    ops.push({ k: 'begin' });
    ops.push({ k: 'clear', flags: D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, color: 0xff203040, z: 1, stencil: 0 });
    ops.push({ k: 'xf', state: D3DTS.VIEW, m: viewMatrix(frame) });
    if (frame % 60 === 0) ops.push({ k: 'xf', state: D3DTS.PROJECTION, m: PROJECTION });
    while (ops.length < frameEnd - 2) drawGroup(r, ops, { textures: textures.length, vertexBuffers: vertexBuffers.length }, state);
    ops.push({ k: 'end' });
    ops.push({ k: 'present' });
  }
  ops.length = budget;
  return {
    presentParameters: {
      BackBufferWidth: 1280, BackBufferHeight: 720, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1,
      MultiSampleType: 0, MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD, hDeviceWindow: null, Windowed: true,
      EnableAutoDepthStencil: true, AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0,
      PresentationInterval: 0,
    },
    textures,
    vertexBuffers,
    ops,
    calls: totalCalls,
  };
}

/** Constants the drivers share. */
export const SETUP = {
  deviceType: D3DDEVTYPE.HAL,
  behavior: D3DCREATE.SOFTWARE_VERTEXPROCESSING,
  textureFormat: D3DFMT.A8R8G8B8,
  pool: D3DPOOL.MANAGED,
  vbUsage: D3DUSAGE.WRITEONLY,
} as const;
