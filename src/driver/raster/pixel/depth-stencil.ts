/**
 * Stencil test, depth test, stencil op and depth write on one sample of the
 * depth-stencil surface (reference B.3 steps 3-5): stencil fail → STENCILFAIL,
 * no depth test; depth fail → STENCILZFAIL; both pass → STENCILPASS and, with
 * ZWRITEENABLE, the depth. Only the depth and stencil bits change; X bits keep.
 * Stencil runs when STENCILENABLE and the format has stencil bits; depth when
 * ZENABLE ≠ FALSE (USEW tests z: the device has no W-buffer cap) and it has depth.
 */
import { D3DCMP, D3DRS } from '../../../d3d9/index.js';
import { depthStencilLayout } from '../../../formats/depth/depth-stencil-layout.js';
import type { DepthStencilLayout } from '../../../formats/depth/depth-stencil-layout.js';
import type { SurfaceView } from '../../surface-view.js';
import type { RasterState } from '../types.js';
import { compareFn } from './compare.js';
import { depthCodec } from './depth.js';
import { stencilAfter, stencilFace, stencilParams, stencilTest } from './stencil.js';
import type { DepthStencilPath, DepthStencilStage } from './types.js';
import { assertNever } from './types.js';

export function readWord(d: Uint8Array, at: number, bytes: number): number {
  if (bytes === 1) return d[at];
  if (bytes === 2) return d[at] | (d[at + 1] << 8);
  return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
}

export function writeWord(d: Uint8Array, at: number, bytes: number, v: number): void {
  d[at] = v & 0xff;
  if (bytes === 1) return;
  d[at + 1] = (v >>> 8) & 0xff;
  if (bytes === 2) return;
  d[at + 2] = (v >>> 16) & 0xff;
  d[at + 3] = v >>> 24;
}

/** What a draw does to its depth-stencil surface. */
export interface DepthStencilUse {
  ds: SurfaceView;
  layout: DepthStencilLayout;
  stencil: boolean;
  depth: boolean;
}

export function depthStencilUse(state: RasterState): DepthStencilUse | undefined {
  const ds = state.depthStencil;
  if (!ds) return undefined;
  const layout = depthStencilLayout(ds.format.id);
  if (!layout) return undefined;
  const rs = state.renderStates;
  const stencil = rs[D3DRS.STENCILENABLE] !== 0 && layout.stencilBits > 0;
  const depth = rs[D3DRS.ZENABLE] !== 0 && layout.depthKind !== undefined;
  return { ds, layout, stencil, depth };
}

/** Byte offset of sample `i` (clamped to the surface's samples) → its first byte. */
function sampleBases(s: SurfaceView): (i: number) => number {
  const bytes = s.data.length / s.samples;
  const last = s.samples - 1;
  return (i) => (i < last ? i : last) * bytes;
}

/** The reference path: any depth-stencil format, every state. */
export function genericDepthStencil(state: RasterState): DepthStencilStage {
  const use = depthStencilUse(state);
  if (!use || (!use.depth && !use.stencil)) return () => true;
  const { ds, layout, stencil: stencilOn, depth: depthOn } = use;
  const rs = state.renderStates;
  const data = ds.data, pitch = ds.pitch, bytes = layout.bytes;
  const base = sampleBases(ds);
  const sp = stencilParams(rs, layout.stencilBits);
  const sShift = layout.stencilShift, sClear = ~(sp.max << sShift);
  const dShift = layout.depthShift, dMask = layout.depthMask, dClear = ~(dMask << dShift);
  const codec = depthCodec(layout.depthKind ?? 'unorm', layout.depthBits);
  const zTest = compareFn(rs[D3DRS.ZFUNC]);
  const zWrite = rs[D3DRS.ZWRITEENABLE] !== 0;
  const withStencil = (w: number, s: number): number => ((w & sClear) | (s << sShift)) >>> 0;
  // a 32-bit field is the whole word: `& 0xFFFFFFFF` would make it signed
  const storedDepth = (w: number): number => (dMask === 0xffffffff ? w : (w >>> dShift) & dMask);
  return (f, sample) => {
    const z = f.depth;
    const at = base(sample) + f.y * pitch + f.x * bytes;
    const old = readWord(data, at, bytes);
    const face = stencilFace(sp, f);
    const s = stencilOn ? (old >>> sShift) & sp.max : 0;
    let word = old;
    let pass = true;
    if (stencilOn && !stencilTest(sp, face, s)) {
      word = withStencil(word, stencilAfter(sp, face.fail, s));
      pass = false;
    } else if (depthOn && !zTest(codec.keyOf(z), codec.key(storedDepth(old)))) {
      if (stencilOn) word = withStencil(word, stencilAfter(sp, face.zfail, s));
      pass = false;
    } else {
      if (stencilOn) word = withStencil(word, stencilAfter(sp, face.pass, s));
      if (depthOn && zWrite) word = ((word & dClear) | (codec.encode(z) << dShift)) >>> 0;
    }
    if (word !== old) writeWord(data, at, bytes, word);
    return pass;
  };
}

/** D24 UNORM in bits 31:8 (D24S8, D24X8, D24X4S4, INTZ, DF24), no stencil work. */
function depthD24(state: RasterState, ds: SurfaceView): DepthStencilStage {
  const rs = state.renderStates;
  const test = compareFn(rs[D3DRS.ZFUNC]);
  const write = rs[D3DRS.ZWRITEENABLE] !== 0;
  const data = ds.data, pitch = ds.pitch;
  const base = sampleBases(ds);
  return (f, sample) => {
    const z = f.depth;
    const at = base(sample) + f.y * pitch + f.x * 4;
    const old = data[at + 1] | (data[at + 2] << 8) | (data[at + 3] << 16);
    const code = z >= 1 ? 0xffffff : z > 0 ? Math.floor(z * 0xffffff + 0.5) : 0;
    if (!test(code, old)) return false;
    if (write) {
      data[at + 1] = code & 0xff;
      data[at + 2] = (code >>> 8) & 0xff;
      data[at + 3] = code >>> 16;
    }
    return true;
  };
}

/** D16 and D16_LOCKABLE (DF16): UNORM 16 in bits 15:0. */
function depthD16(state: RasterState, ds: SurfaceView): DepthStencilStage {
  const rs = state.renderStates;
  const test = compareFn(rs[D3DRS.ZFUNC]);
  const write = rs[D3DRS.ZWRITEENABLE] !== 0;
  const data = ds.data, pitch = ds.pitch;
  const base = sampleBases(ds);
  return (f, sample) => {
    const z = f.depth;
    const at = base(sample) + f.y * pitch + f.x * 2;
    const old = data[at] | (data[at + 1] << 8);
    const code = z >= 1 ? 0xffff : z > 0 ? Math.floor(z * 0xffff + 0.5) : 0;
    if (!test(code, old)) return false;
    if (write) {
      data[at] = code & 0xff;
      data[at + 1] = code >>> 8;
    }
    return true;
  };
}

const pass: DepthStencilStage = () => true;

export function chooseDepthStencil(state: RasterState): DepthStencilPath {
  const use = depthStencilUse(state);
  if (!use) return 'none';
  const rs = state.renderStates;
  const depthMatters = use.depth && (rs[D3DRS.ZFUNC] !== D3DCMP.ALWAYS || rs[D3DRS.ZWRITEENABLE] !== 0);
  if (!use.stencil && !depthMatters) return 'none';
  if (use.stencil) return 'generic';
  const l = use.layout;
  if (l.depthKind !== 'unorm') return 'generic';
  if (l.bytes === 4 && l.depthShift === 8 && l.depthBits === 24) return 'depth-d24';
  if (l.bytes === 2 && l.depthShift === 0 && l.depthBits === 16) return 'depth-d16';
  return 'generic';
}

export function createDepthStencil(path: DepthStencilPath, state: RasterState): DepthStencilStage {
  switch (path) {
    case 'none': return pass;
    case 'generic': return genericDepthStencil(state);
    case 'depth-d24': return depthD24(state, state.depthStencil!);
    case 'depth-d16': return depthD16(state, state.depthStencil!);
    default: return assertNever(path, 'depth-stencil path');
  }
}
