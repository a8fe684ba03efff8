/** Helpers the sample scenes share: a device of a given size, vertex packing, matrices. */
import { D3DCREATE, D3DDEVTYPE, D3DFMT, D3DMULTISAMPLE, D3DSWAPEFFECT } from '../../src/index.js';
import type { D3DMATRIX, Direct3D9, IDirect3DDevice9, SceneContext } from '../../src/index.js';

export function createDevice(d3d: Direct3D9, ctx: SceneContext, width: number, height: number, depthFormat = 0): IDirect3DDevice9 {
  ctx.name('dev');
  const r = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, {
    BackBufferWidth: width, BackBufferHeight: height, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1,
    MultiSampleType: D3DMULTISAMPLE.NONE, MultiSampleQuality: 0, SwapEffect: D3DSWAPEFFECT.DISCARD,
    hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: depthFormat !== 0, AutoDepthStencilFormat: depthFormat,
    Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  });
  if (r.hr !== 0 || !r.device) throw new Error(`CreateDevice failed: 0x${(r.hr >>> 0).toString(16)}`);
  return r.device;
}

/** Packs vertices of mixed float and 32-bit colour fields: `layout` says which is which ('f' or 'c'). */
export function pack(layout: string, vertices: ReadonlyArray<readonly number[]>): Float32Array {
  const out = new Float32Array(layout.length * vertices.length);
  const u = new Uint32Array(out.buffer);
  vertices.forEach((v, i) => {
    if (v.length !== layout.length) throw new Error(`vertex ${i} has ${v.length} fields, the layout ${layout.length}`);
    for (let k = 0; k < layout.length; k++) {
      if (layout[k] === 'c') u[i * layout.length + k] = v[k] >>> 0;
      else out[i * layout.length + k] = v[k];
    }
  });
  return out;
}

/** XYZRHW|DIFFUSE quad as a 4-vertex strip. */
export function rhwQuad(x0: number, y0: number, x1: number, y1: number, z: number, color: number): Float32Array {
  return pack('ffffc', [[x0, y0, z, 1, color], [x1, y0, z, 1, color], [x0, y1, z, 1, color], [x1, y1, z, 1, color]]);
}

export const IDENTITY: D3DMATRIX = {
  _11: 1, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0,
  _31: 0, _32: 0, _33: 1, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1,
};

/** Left-handed look-at view matrix (as D3DXMatrixLookAtLH builds it). */
export function lookAtLH(eye: readonly number[], at: readonly number[], up: readonly number[]): D3DMATRIX {
  const sub = (a: readonly number[], b: readonly number[]): number[] => a.map((v, i) => v - b[i]);
  const norm = (a: number[]): number[] => { const l = Math.hypot(...a); return a.map((v) => v / l); };
  const cross = (a: number[], b: number[]): number[] => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const dot = (a: number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const z = norm(sub(at, eye));
  const x = norm(cross([...up], z));
  const y = cross(z, x);
  return {
    _11: x[0], _12: y[0], _13: z[0], _14: 0, _21: x[1], _22: y[1], _23: z[1], _24: 0,
    _31: x[2], _32: y[2], _33: z[2], _34: 0, _41: -dot(x, eye), _42: -dot(y, eye), _43: -dot(z, eye), _44: 1,
  };
}

/** Left-handed perspective projection (as D3DXMatrixPerspectiveFovLH builds it). */
export function perspectiveFovLH(fovY: number, aspect: number, zn: number, zf: number): D3DMATRIX {
  const ys = 1 / Math.tan(fovY / 2);
  const xs = ys / aspect;
  return {
    _11: xs, _12: 0, _13: 0, _14: 0, _21: 0, _22: ys, _23: 0, _24: 0,
    _31: 0, _32: 0, _33: zf / (zf - zn), _34: 1, _41: 0, _42: 0, _43: -zn * zf / (zf - zn), _44: 0,
  };
}
