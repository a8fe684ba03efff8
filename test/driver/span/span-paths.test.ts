/**
 * Every span fast path stores the same bytes as the per-pixel Fragment path
 * with every pixel stage generic (STYLE.md 6): random states, random surface
 * contents, random triangles (screen-space and clip-space, clipped, culled,
 * slivers) from a seeded PRNG, drawn once through the chosen paths and once
 * through the generic ones on copies of the surfaces. Each family also checks
 * that the fills it is meant to exercise were taken.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DRS, D3DSHADE, D3DSTENCILOP, D3DTA, D3DTADDRESS, D3DTEXF, D3DTOP, D3DTSS, D3DTTFF } from '../../../src/d3d9/index.js';
import type { ClipVertex, RasterState, TextureView } from '../../../src/driver/raster/types.js';
import {
  F, chance, copyState, drawChosen, drawGeneric, firstDifference, float32Bits, int, makeState, pick, prng, randomSurface, u32, vertex,
} from './helpers.js';
import { LONG } from '../../helpers.js';
import type { Rand, StateInit } from './helpers.js';

const W = 23, H = 17;

/** Colours every vertex of a triangle shares: D3DCOLOR values (always provably constant), other floats, out of range. */
function sharedColor(r: Rand): number[] {
  const kind = int(r, 0, 3);
  if (kind <= 1) return [int(r, 0, 255) / 255, int(r, 0, 255) / 255, int(r, 0, 255) / 255, int(r, 0, 255) / 255];
  if (kind === 2) return [r(), r(), r(), r()];
  return [r() * 1.4 - 0.2, 1, 0, r() * 3 - 1];
}

interface TriangleStyle {
  /** probability that a triangle's three vertices share their colours */
  equalColors: number;
  /** probability that a triangle's three vertices share their depth */
  equalZ: number;
}

/** One triangle: screen-space (XYZRHW) with random rhw, or clip-space (then clipped and perspective-divided). */
function randomTriangle(r: Rand, style: TriangleStyle): ClipVertex[] {
  const equal = chance(r, style.equalColors);
  const d = sharedColor(r), s = sharedColor(r);
  const zShared = chance(r, 0.3) ? pick(r, [0, 0.5, 1, 0.25]) : r() * 1.2 - 0.1;
  const equalZ = chance(r, style.equalZ);
  const pre = chance(r, 0.7);
  const size = pick(r, [0.2, 1, 1.6, 1.6, 300]);
  const cx = r() * W, cy = r() * H;
  return Array.from({ length: 3 }, () => {
    const o = {
      diffuse: equal ? d : sharedColor(r), specular: equal ? s : sharedColor(r),
      uv: [r() * 4 - 1.5, r() * 4 - 1.5] as [number, number],
    };
    const z = equalZ ? zShared : r() * 1.2 - 0.1;
    if (pre) {
      const rhw = chance(r, 0.5) ? 1 : 0.2 + r() * 3;
      return vertex(cx + (r() - 0.5) * W * size, cy + (r() - 0.5) * H * size, z, 1 / rhw, true, o);
    }
    const w = 0.3 + r() * 3;
    return vertex((r() * 3 - 1.5) * w, (r() * 3 - 1.5) * w, z * w, w, false, o);
  });
}

function randomTriangles(r: Rand, n: number, style: TriangleStyle): ClipVertex[] {
  return Array.from({ length: n }, () => randomTriangle(r, style)).flat();
}

/** Render states every family varies: culling, shading, viewport and scissor. */
function commonInit(r: Rand): StateInit {
  const vp = chance(r, 0.3) ? { x: int(r, 0, 5), y: int(r, 0, 5), width: int(r, 8, 18), height: int(r, 6, 12) } : {};
  return {
    width: W, height: H, viewport: vp,
    scissor: { left: int(r, 0, 6), top: int(r, 0, 6), right: int(r, 12, W), bottom: int(r, 9, H) },
    rs: {
      CULLMODE: pick(r, [1, 1, 2, 3]), SHADEMODE: chance(r, 0.3) ? D3DSHADE.FLAT : D3DSHADE.GOURAUD,
      SCISSORTESTENABLE: chance(r, 0.3) ? 1 : 0,
    },
  };
}

const COLOR_TARGETS = [F.A8R8G8B8, F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8, F.R5G6B5, F.X1R5G5B5, F.A1R5G5B5, F.A4R4G4B4, F.L8, F.A8, F.A2R10G10B10, F.A16B16G16R16F];
const COLOR_ARGS = [D3DTA.DIFFUSE, D3DTA.CURRENT, D3DTA.SPECULAR, D3DTA.TFACTOR, D3DTA.TEXTURE, D3DTA.DIFFUSE | D3DTA.COMPLEMENT];
const COLOR_OPS = [D3DTOP.SELECTARG1, D3DTOP.SELECTARG1, D3DTOP.SELECTARG2, D3DTOP.MODULATE, D3DTOP.ADD, D3DTOP.MODULATE2X];

/** The texture stages and frame-buffer states of untextured draws. */
function colorStates(r: Rand, init: StateInit): void {
  const passThrough = chance(r, 0.5);
  init.stages = passThrough ? {} : {
    0: {
      [D3DTSS.COLOROP]: chance(r, 0.2) ? D3DTOP.DISABLE : pick(r, COLOR_OPS), [D3DTSS.ALPHAOP]: pick(r, [D3DTOP.DISABLE, ...COLOR_OPS]),
      [D3DTSS.COLORARG1]: pick(r, COLOR_ARGS), [D3DTSS.COLORARG2]: pick(r, COLOR_ARGS),
      [D3DTSS.ALPHAARG1]: pick(r, COLOR_ARGS), [D3DTSS.ALPHAARG2]: pick(r, COLOR_ARGS),
    },
  };
  Object.assign(init.rs!, {
    ALPHATESTENABLE: chance(r, 0.25) ? 1 : 0, ALPHAFUNC: int(r, 1, 8), ALPHAREF: int(r, 0, 255),
    SPECULARENABLE: chance(r, 0.2) ? 1 : 0, SRGBWRITEENABLE: chance(r, 0.2) ? 1 : 0,
    COLORWRITEENABLE: chance(r, 0.85) ? 0xf : pick(r, [0, 7, 5]),
    ALPHABLENDENABLE: chance(r, 0.1) ? 1 : 0, FOGENABLE: chance(r, 0.05) ? 1 : 0, TEXTUREFACTOR: u32(r),
  });
}

const DS_FORMATS = [F.D24S8, F.D24S8, F.D24X8, F.D24X4S4, F.D16, F.D16_LOCKABLE, F.D24FS8, F.D32, F.D15S1, F.D32F_LOCKABLE];

/** Depth and stencil states over a random depth-stencil surface. */
/** Row padding: usually none, sometimes whole words, rarely a misaligned pitch (the span paths then decline). */
const pad = (r: Rand): number => pick(r, [0, 0, 0, 0, 4, 8, 2]);

function depthStates(r: Rand, init: StateInit): void {
  init.ds = randomSurface(r, pick(r, DS_FORMATS), W, H, 0, pad(r));
  Object.assign(init.rs!, {
    ZENABLE: pick(r, [0, 1, 1, 1]), ZFUNC: pick(r, [1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 0, 9]), ZWRITEENABLE: chance(r, 0.6) ? 1 : 0,
    STENCILENABLE: chance(r, 0.5) ? 1 : 0, STENCILFUNC: int(r, 1, 8), STENCILFAIL: int(r, 1, 8), STENCILZFAIL: int(r, 1, 8),
    STENCILPASS: int(r, 1, 8), STENCILREF: u32(r), STENCILMASK: chance(r, 0.5) ? 0xffffffff : u32(r),
    STENCILWRITEMASK: chance(r, 0.5) ? 0xffffffff : u32(r), TWOSIDEDSTENCILMODE: chance(r, 0.4) ? 1 : 0,
    CCW_STENCILFUNC: int(r, 1, 8), CCW_STENCILFAIL: int(r, 1, 8), CCW_STENCILZFAIL: int(r, 1, 8), CCW_STENCILPASS: int(r, 1, 8),
    DEPTHBIAS: float32Bits(chance(r, 0.7) ? 0 : (r() - 0.5) * 0.1), SLOPESCALEDEPTHBIAS: float32Bits(chance(r, 0.8) ? 0 : r() - 0.5),
  });
}

/** Stencil ops: KEEP often (the forms whose failing ops store nothing), any op, now and then a value outside 1..8 (KEEP). */
const stencilOp = (r: Rand, keep: number): number => (chance(r, keep) ? 1 : chance(r, 0.9) ? int(r, 1, 8) : pick(r, [0, 9]));
const STENCIL_TARGETS = [F.A8R8G8B8, F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.R5G6B5, F.L8];
const STENCIL_FORMATS = [F.D24S8, F.D24S8, F.D24S8, F.D24S8, F.D24S8, F.D24X4S4, F.D24X4S4, F.D24X8, F.D16, F.D16_LOCKABLE, F.D24FS8, F.D15S1, F.D32, F.S8_LOCKABLE];

/**
 * Depth and stencil states for the depth-stencil loops: no bias mostly (also
 * −0), failing ops that keep the value, a stencil byte of small values the
 * reference matches, two-sided mode, masks of every kind, ZENABLE USEW.
 */
function stencilStates(r: Rand, init: StateInit): void {
  const ds = randomSurface(r, pick(r, STENCIL_FORMATS), W, H, 0, pad(r));
  // small stencil values, so that EQUAL and its neighbours pass and fail alike
  if (chance(r, 0.6) && ds.format.blockBytes === 4) for (let i = 0; i < ds.data.length; i += 4) ds.data[i] = int(r, 0, 3);
  init.ds = ds;
  const bias = pick(r, ['zero', 'zero', 'zero', 'zero', 'minus-zero', 'some']);
  const depthBias = bias === 'some' ? (r() - 0.5) * 0.05 : bias === 'minus-zero' ? -0 : 0;
  const slopeBias = bias === 'some' && chance(r, 0.5) ? r() - 0.5 : bias === 'minus-zero' ? -0 : 0;
  const mask = (): number => pick(r, [0xffffffff, 0xffffffff, 0xff, 0xfe, 0x3, 0x1, 0, u32(r)]);
  const keep = pick(r, [0.3, 0.7, 1]);
  Object.assign(init.rs!, {
    ZENABLE: pick(r, [0, 1, 1, 1, 2]), ZFUNC: pick(r, [1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 0, 9]), ZWRITEENABLE: chance(r, 0.7) ? 1 : 0,
    STENCILENABLE: chance(r, 0.8) ? 1 : 0, STENCILFUNC: pick(r, [1, 2, 3, 3, 4, 5, 6, 7, 8, 0, 9]),
    STENCILFAIL: stencilOp(r, keep), STENCILZFAIL: stencilOp(r, keep), STENCILPASS: stencilOp(r, 0.2),
    STENCILREF: chance(r, 0.7) ? int(r, 0, 3) : u32(r), STENCILMASK: mask(), STENCILWRITEMASK: mask(),
    TWOSIDEDSTENCILMODE: chance(r, 0.5) ? 1 : 0, CCW_STENCILFUNC: pick(r, [1, 2, 3, 3, 4, 5, 6, 7, 8]),
    CCW_STENCILFAIL: stencilOp(r, keep), CCW_STENCILZFAIL: stencilOp(r, keep), CCW_STENCILPASS: stencilOp(r, 0.2),
    DEPTHBIAS: float32Bits(depthBias), SLOPESCALEDEPTHBIAS: float32Bits(slopeBias),
  });
}

const TEXTURE_FORMATS = [F.A8R8G8B8, F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8, F.L8, F.R5G6B5, F.A4R4G4B4, F.A8, F.A16B16G16R16F];
const ADDRESS = [D3DTADDRESS.WRAP, D3DTADDRESS.WRAP, D3DTADDRESS.CLAMP, D3DTADDRESS.MIRROR, D3DTADDRESS.MIRRORONCE, D3DTADDRESS.BORDER, 0];
const FILTERS = [D3DTEXF.POINT, D3DTEXF.LINEAR, D3DTEXF.LINEAR, D3DTEXF.ANISOTROPIC, D3DTEXF.NONE];
const TEX_ARGS = [D3DTA.TEXTURE, D3DTA.TEXTURE, D3DTA.DIFFUSE, D3DTA.CURRENT, D3DTA.TEXTURE | D3DTA.COMPLEMENT];
const TEX_OPS = [D3DTOP.MODULATE, D3DTOP.MODULATE, D3DTOP.SELECTARG1, D3DTOP.SELECTARG2, D3DTOP.ADD];

function randomTexture(r: Rand, formats: readonly number[] = TEXTURE_FORMATS): TextureView {
  const format = pick(r, formats);
  let w = pick(r, [1, 2, 3, 4, 5, 8, 16]), h = pick(r, [1, 2, 3, 4, 7, 8, 16]);
  const levels = [];
  for (let i = int(r, 1, 3); i > 0; i--) {
    // now and then a level whose words are not 4-byte aligned in memory, or whose rows are padded
    levels.push(randomSurface(r, format, w, h, chance(r, 0.1) ? 2 : 0, pick(r, [0, 0, 0, 4, 8])));
    w = Math.max(1, w >> 1); h = Math.max(1, h >> 1);
  }
  return { kind: '2d', levels };
}

/** One texture stage over a random texture, its sampler states, and an 8-bit (mostly) target. */
function texturedStates(r: Rand, init: StateInit): void {
  init.texture = randomTexture(r);
  init.rt = randomSurface(r, pick(r, [F.A8R8G8B8, F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.R5G6B5]), W, H, 0, pad(r));
  init.sampler = {
    ADDRESSU: pick(r, ADDRESS), ADDRESSV: pick(r, ADDRESS), MAGFILTER: pick(r, FILTERS), MINFILTER: pick(r, FILTERS),
    MIPFILTER: pick(r, [D3DTEXF.NONE, D3DTEXF.NONE, D3DTEXF.POINT, D3DTEXF.LINEAR]), MAXMIPLEVEL: pick(r, [0, 0, 1, 2, 5]),
    MIPMAPLODBIAS: float32Bits(chance(r, 0.6) ? 0 : r() * 4 - 2), SRGBTEXTURE: chance(r, 0.15) ? 1 : 0, BORDERCOLOR: u32(r),
  };
  init.stages = {
    0: {
      [D3DTSS.COLOROP]: pick(r, TEX_OPS), [D3DTSS.COLORARG1]: pick(r, TEX_ARGS), [D3DTSS.COLORARG2]: pick(r, TEX_ARGS),
      [D3DTSS.ALPHAOP]: pick(r, [D3DTOP.DISABLE, ...TEX_OPS]), [D3DTSS.ALPHAARG1]: pick(r, TEX_ARGS), [D3DTSS.ALPHAARG2]: pick(r, TEX_ARGS),
      [D3DTSS.TEXTURETRANSFORMFLAGS]: chance(r, 0.05) ? D3DTTFF.PROJECTED | 3 : 0,
      [D3DTSS.RESULTARG]: chance(r, 0.05) ? D3DTA.TEMP : D3DTA.CURRENT,
    },
  };
  if (chance(r, 0.5)) depthStates(r, init);
}

const RGBA8_TEXTURES = [F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8];
const PASS_THROUGH: Record<number, number>[] = [
  { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE },
  {}, // the defaults: colour MODULATE texture × diffuse, alpha SELECTARG1 texture
  { [D3DTSS.ALPHAOP]: D3DTOP.MODULATE, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAARG2]: D3DTA.DIFFUSE },
  { [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.DIFFUSE },
];

/** Bilinear filtering of 8-bit RGBA textures through stages that pass the texel on or combine it with the diffuse (the integer paths), every address mode. */
function bilinearStates(r: Rand, init: StateInit): void {
  init.texture = randomTexture(r, RGBA8_TEXTURES);
  init.rt = randomSurface(r, pick(r, [F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8]), W, H, 0, pad(r));
  const linear = chance(r, 0.9) ? D3DTEXF.LINEAR : pick(r, [D3DTEXF.ANISOTROPIC, D3DTEXF.POINT]);
  init.sampler = {
    ADDRESSU: pick(r, ADDRESS), ADDRESSV: pick(r, ADDRESS), MAGFILTER: linear, MINFILTER: chance(r, 0.9) ? linear : D3DTEXF.POINT,
    MIPFILTER: pick(r, [D3DTEXF.NONE, D3DTEXF.POINT, D3DTEXF.LINEAR]), MAXMIPLEVEL: pick(r, [0, 1, 2, 5]),
    SRGBTEXTURE: chance(r, 0.1) ? 1 : 0, BORDERCOLOR: u32(r),
  };
  init.stages = { 0: pick(r, STAGE_FORMS) };
  if (chance(r, 0.5)) depthStates(r, init);
}

/**
 * A screen-aligned rectangle (two triangles) with u along x and v along y, as 2D
 * draws have: rows of one t, magnified or minified, mirrored or not.
 */
function randomRectangle(r: Rand): ClipVertex[] {
  const x0 = r() * W * 0.6 - 6, y0 = r() * H - 4, x1 = x0 + 4 + r() * W * 1.5, y1 = y0 + 2 + r() * H;
  const u0 = r() * 4 - 2, du = (r() - 0.3) * pick(r, [0.5, 2, 6]);
  // v in quarters (every row of exactly one t: neighbouring pixels share texel rows and columns) or anything
  const quarters = chance(r, 0.7);
  const v0 = quarters ? int(r, -8, 8) / 4 : r() * 4 - 2, dv = quarters ? pick(r, [1, 0.5, 2, -1, 0.25]) : (r() - 0.3) * pick(r, [0.5, 2, 6]);
  const rhw = pick(r, [1, 1, 0.5, 2, 0.75]), z = r();
  const c = sharedColor(r);
  const v = (x: number, y: number, u: number, t: number): ClipVertex => vertex(x, y, z, 1 / rhw, true, { diffuse: c, uv: [u, t] });
  const a = v(x0, y0, u0, v0), b = v(x1, y0, u0 + du, v0), d = v(x0, y1, u0, v0 + dv), e = v(x1, y1, u0 + du, v0 + dv);
  return [a, b, d, b, e, d];
}

/** Texture coordinates: mostly within a few repeats, sometimes far out (past the integer path's range) or not finite. */
function bilinearTriangles(r: Rand, n: number): ClipVertex[] {
  const verts = chance(r, 0.5) ? randomTriangles(r, n, { equalColors: 0.7, equalZ: 0.5 }) : Array.from({ length: n }, () => randomRectangle(r)).flat();
  const scale = pick(r, [1, 1, 1, 0.1, 40, 3e6]);
  for (const v of verts) {
    v.tex[0] *= scale; v.tex[1] *= scale;
    if (chance(r, 0.02)) v.tex[0] = Number.NaN;
  }
  // white vertices now and then: MODULATE by white passes the texel through
  if (chance(r, 0.5)) for (const v of verts) v.diffuse.fill(1);
  return verts;
}

const STAGE_FORMS: Record<number, number>[] = [
  ...PASS_THROUGH,
  { [D3DTSS.ALPHAOP]: D3DTOP.MODULATE, [D3DTSS.ALPHAARG1]: D3DTA.DIFFUSE, [D3DTSS.ALPHAARG2]: D3DTA.TEXTURE },
  { [D3DTSS.COLOROP]: D3DTOP.SELECTARG2, [D3DTSS.COLORARG2]: D3DTA.DIFFUSE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE },
  { [D3DTSS.COLOROP]: D3DTOP.MODULATE, [D3DTSS.COLORARG1]: D3DTA.CURRENT, [D3DTSS.COLORARG2]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.DISABLE },
];

/** A mip chain of an 8-bit RGBA format: 1..6 levels from up to 32×32, sometimes not a power of two. */
function mipChain(r: Rand): TextureView {
  const format = pick(r, RGBA8_TEXTURES);
  let w = pick(r, [32, 16, 8, 5, 12, 1]), h = pick(r, [32, 16, 4, 7, 1]);
  const levels = [];
  for (let i = int(r, 1, 6); i > 0; i--) {
    levels.push(randomSurface(r, format, w, h, chance(r, 0.05) ? 2 : 0, pick(r, [0, 0, 0, 4])));
    if (w === 1 && h === 1) break;
    w = Math.max(1, w >> 1); h = Math.max(1, h >> 1);
  }
  return { kind: '2d', levels };
}

/** Mipmapped 8-bit RGBA textures filtered LINEAR through the stage forms, the level chosen per pixel from λ. */
function mipmappedStates(r: Rand, init: StateInit): void {
  init.texture = mipChain(r);
  init.rt = randomSurface(r, pick(r, [F.A8R8G8B8, F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8]), W, H, 0, pad(r));
  const linear = chance(r, 0.9) ? D3DTEXF.LINEAR : D3DTEXF.ANISOTROPIC;
  init.sampler = {
    ADDRESSU: pick(r, ADDRESS), ADDRESSV: pick(r, ADDRESS), MAGFILTER: linear, MINFILTER: chance(r, 0.95) ? linear : D3DTEXF.POINT,
    MIPFILTER: pick(r, [D3DTEXF.LINEAR, D3DTEXF.LINEAR, D3DTEXF.POINT, D3DTEXF.NONE]), MAXMIPLEVEL: pick(r, [0, 0, 0, 1, 2, 9]),
    MIPMAPLODBIAS: float32Bits(chance(r, 0.6) ? 0 : r() * 4 - 2), SRGBTEXTURE: chance(r, 0.05) ? 1 : 0, BORDERCOLOR: u32(r),
  };
  init.stages = { 0: pick(r, STAGE_FORMS) };
  if (chance(r, 0.5)) depthStates(r, init);
}

/** Triangles (perspective and screen-space) and rectangles whose coordinates magnify and minify the chain. */
function mipmappedTriangles(r: Rand, n: number): ClipVertex[] {
  const verts = chance(r, 0.7) ? randomTriangles(r, n, { equalColors: 0.4, equalZ: 0.5 }) : Array.from({ length: n }, () => randomRectangle(r)).flat();
  const scale = pick(r, [0.2, 1, 3, 10, 40, 3e6]);
  for (const v of verts) {
    v.tex[0] *= scale; v.tex[1] *= scale;
    if (chance(r, 0.01)) v.tex[1] = Number.NaN;
  }
  if (chance(r, 0.2)) for (const v of verts) v.diffuse.fill(1);
  return verts;
}

type Family = 'color' | 'depth' | 'stencil' | 'textured' | 'bilinear' | 'mipmapped';

function randomDraw(r: Rand, family: Family): { st: RasterState; verts: ClipVertex[] } {
  const init = commonInit(r);
  if (family === 'bilinear') {
    bilinearStates(r, init);
    return { st: makeState(init), verts: bilinearTriangles(r, int(r, 1, 8)) };
  }
  if (family === 'mipmapped') {
    mipmappedStates(r, init);
    return { st: makeState(init), verts: mipmappedTriangles(r, int(r, 1, 8)) };
  }
  if (family === 'textured') texturedStates(r, init);
  else if (family === 'stencil') {
    // mostly 8-bit RGBA targets (Gouraud rows), some 16- and 8-bit words, none (depth and stencil only)
    init.rt = chance(r, 0.9) ? randomSurface(r, pick(r, STENCIL_TARGETS), W, H, 0, pad(r)) : null;
    colorStates(r, init);
    stencilStates(r, init);
  } else {
    init.rt = chance(r, 0.93) ? randomSurface(r, pick(r, COLOR_TARGETS), W, H, 0, pad(r)) : null;
    colorStates(r, init);
    if (family === 'depth') depthStates(r, init);
  }
  const style = family === 'textured' ? { equalColors: 0.5, equalZ: 0.5 } : family === 'stencil' ? { equalColors: 0.5, equalZ: 0.3 } : { equalColors: 0.7, equalZ: 0.6 };
  return { st: makeState(init), verts: randomTriangles(r, int(r, 1, 8), style) };
}

/** Draws `trials` random draws of `family` both ways; returns the fills taken (and in `forms` the depth-stencil loops run). */
function compareFamily(seed: number, family: Family, trials: number, forms?: Set<string>): Set<string> {
  // SPAN_SOAK=n runs n times as many draws from another seed
  const soak = Number(process.env.SPAN_SOAK ?? 0);
  const r = prng(soak ? seed ^ soak : seed);
  // the short run (npm test) takes half of the draws; the long run all of them
  trials = (soak || 1) * (LONG ? trials : Math.ceil(trials / 4));
  const fills = new Set<string>();
  for (let t = 0; t < trials; t++) {
    const { st, verts } = randomDraw(r, family);
    const ref = copyState(st);
    drawChosen(st, verts, fills, forms);
    drawGeneric(ref, verts);
    const diff = firstDifference(st, ref);
    expect(diff, `${family} trial ${t}`).toBeUndefined();
  }
  return fills;
}

describe('span fast paths store the bytes of the generic Fragment path', () => {
  it('untextured draws without depth or stencil work: row fills, Gouraud rows, alpha-tested triangles', () => {
    const fills = compareFamily(0x5eed01, 'color', 600);
    for (const f of ['color:FillSpans', 'color:GouraudSpans', 'color:NoFill', 'color:per-pixel', 'generic:per-pixel']) expect(fills).toContain(f);
  });

  it('untextured draws with depth and stencil on D24S8, D24X8, D24X4S4, D16, D24FS8 (stencil only)', () => {
    const forms = new Set<string>();
    const fills = compareFamily(0x5eed02, 'depth', 800, forms);
    for (const f of ['color:TestedSpans', 'color:GouraudSpans', 'color:NoFill', 'generic:per-pixel']) expect(fills).toContain(f);
    for (const f of ['constant', 'depth', 'general']) expect(forms).toContain(f);
  });

  it('every depth-stencil loop: no bias (and −0), failing stencil ops that keep, two-sided, every compare, op and mask, USEW', () => {
    const forms = new Set<string>();
    const fills = compareFamily(0x5eed06, 'stencil', 600, forms);
    for (const f of ['color:TestedSpans', 'color:GouraudSpans', 'generic:per-pixel']) expect(fills).toContain(f);
    // the longer run also meets the one-byte stencil form (EQUAL over all eight mask bits)
    for (const f of ['constant', 'depth', 'general', 'keeps', 'keeps-test']) expect(forms).toContain(f);
    for (const f of forms) expect(['constant', 'depth', 'general', 'keeps', 'keeps-one', 'keeps-test']).toContain(f);
  });

  it('one texture stage: point and bilinear, every address mode but border, one level, with and without depth', () => {
    const fills = compareFamily(0x5eed03, 'textured', 700);
    for (const f of ['textured:TexturedSpanPath', 'textured:Rgba8BilinearSpans', 'generic:per-pixel']) expect(fills).toContain(f);
  });

  it('bilinear 8-bit RGBA textures filtered in integers: wrap, mirror, clamp, mirror-once, odd sizes, far and NaN coordinates', () => {
    const fills = compareFamily(0x5eed04, 'bilinear', 700);
    for (const f of ['textured:Rgba8BilinearSpans', 'textured:Rgba8StageSpans', 'textured:TexturedSpanPath', 'generic:per-pixel']) expect(fills).toContain(f);
  });

  it('mipmapped 8-bit RGBA textures, LINEAR with every mip filter, through texel, diffuse and MODULATE forms', () => {
    const fills = compareFamily(0x5eed05, 'mipmapped', 500);
    for (const f of ['textured:Rgba8StageSpans', 'textured:Rgba8BilinearSpans', 'generic:per-pixel']) expect(fills).toContain(f);
  });
});

describe('span paths on the benchmark-like draws', () => {
  function quad(color: number[], z: number, uvScale = 1, uvOffset = 0): ClipVertex[] {
    const v = (x: number, y: number, u: number, t: number): ClipVertex =>
      vertex(x, y, z, 1, true, { diffuse: color, uv: [u * uvScale + uvOffset, t * uvScale + uvOffset] });
    const a = v(-0.5, -0.5, 0, 0), b = v(W - 0.5, -0.5, 1, 0), c = v(-0.5, H - 0.5, 0, 1), d = v(W - 0.5, H - 0.5, 1, 1);
    return [a, b, c, b, d, c];
  }
  const white = [1, 1, 1, 1], teal = [0x20 / 255, 0x40 / 255, 0x60 / 255, 1];

  it('a full-screen quad of one D3DCOLOR is two row fills', () => {
    const st = makeState({ rt: randomSurface(prng(7), F.X8R8G8B8, W, H), rs: { ZENABLE: 0, CULLMODE: 1 } });
    const fills = new Set<string>();
    const ref = copyState(st);
    drawChosen(st, quad(teal, 0.5), fills);
    drawGeneric(ref, quad(teal, 0.5));
    expect([...fills]).toEqual(['color:FillSpans']);
    expect(firstDifference(st, ref)).toBeUndefined();
  });

  it('row bounds stepped per row match per-row division: thin slivers, near-horizontal and far-reaching edges', () => {
    const st = makeState({ rt: randomSurface(prng(16), F.X8R8G8B8, W, H), ds: randomSurface(prng(17), F.D24S8, W, H), rs: { CULLMODE: 1, ZFUNC: D3DCMP.LESSEQUAL } });
    const ref = copyState(st);
    const fills = new Set<string>();
    const v = (x: number, y: number, z: number): ClipVertex => vertex(x, y, z, 1, true, { diffuse: teal });
    const r = prng(18);
    for (let t = 0; t < 80; t++) {
      const far = t % 2 === 0 ? 1 : 5000;
      const pt = (): number => (r() - 0.25) * W * far;
      // integer corners: edges through pixel centres, where the top-left rule decides
      const whole = (n: number): number => Math.floor(r() * n) - 0.5 * (t % 3);
      const verts = t % 4 === 3
        ? [v(whole(W), whole(H), r()), v(whole(W), whole(H), r()), v(whole(W), whole(H), r())]
        : [v(pt(), (r() - 0.25) * H, r()), v(pt(), (r() - 0.25) * H * far, r()), v(r() * W, r() * H, r())];
      drawChosen(st, verts, fills);
      drawGeneric(ref, verts);
    }
    expect(fills).toContain('color:TestedSpans');
    expect(firstDifference(st, ref)).toBeUndefined();
  });

  it('depth ALWAYS with stencil INCR on D24S8, quads stacked four deep', () => {
    const st = makeState({
      rt: randomSurface(prng(8), F.X8R8G8B8, W, H), ds: randomSurface(prng(9), F.D24S8, W, H),
      rs: { CULLMODE: 1, ZFUNC: D3DCMP.ALWAYS, STENCILENABLE: 1, STENCILPASS: 7 },
    });
    const ref = copyState(st);
    const fills = new Set<string>();
    for (let i = 0; i < 4; i++) {
      drawChosen(st, quad(teal, 0.9 - i * 0.1), fills);
      drawGeneric(ref, quad(teal, 0.9 - i * 0.1));
    }
    expect([...fills]).toEqual(['color:TestedSpans']);
    expect(firstDifference(st, ref)).toBeUndefined();
  });

  it('the depth_stencil benchmark: stencil EQUAL with INCR on pass, sloped quads, LESSEQUAL on D24S8', () => {
    const st = makeState({ rt: randomSurface(prng(14), F.X8R8G8B8, W, H), ds: randomSurface(prng(15), F.D24S8, W, H), rs: { CULLMODE: 1 } });
    // Clear(Z = 1, stencil = 0)
    new Uint32Array(st.depthStencil!.data.buffer).fill(0xffffff00);
    const ref = copyState(st);
    const fills = new Set<string>(), forms = new Set<string>();
    const corners: Array<[number, number, number, number]> = [[0.9, 0.1, 0.9, 0.1], [0.1, 0.9, 0.1, 0.9], [0.05, 0.05, 0.95, 0.95], [0.95, 0.05, 0.05, 0.95]];
    corners.forEach(([a, b, c, d], i) => {
      const v = (x: number, y: number, z: number): ClipVertex => vertex(x, y, z, 1, true, { diffuse: teal });
      const verts = [v(-0.5, -0.5, a), v(W - 0.5, -0.5, b), v(-0.5, H - 0.5, c), v(W - 0.5, -0.5, b), v(W - 0.5, H - 0.5, d), v(-0.5, H - 0.5, c)];
      for (const s of [st, ref]) {
        Object.assign(s.renderStates, { [D3DRS.ZFUNC]: D3DCMP.LESSEQUAL, [D3DRS.STENCILENABLE]: 1, [D3DRS.STENCILFUNC]: D3DCMP.EQUAL, [D3DRS.STENCILPASS]: D3DSTENCILOP.INCR, [D3DRS.STENCILREF]: i });
      }
      drawChosen(st, verts, fills, forms);
      drawGeneric(ref, verts);
    });
    expect([...fills]).toEqual(['color:TestedSpans']);
    expect([...forms]).toEqual(['keeps-one']);
    expect(firstDifference(st, ref)).toBeUndefined();
    // some pixels passed every quad, some failed the stencil or the depth test on the way
    const stencils = new Set(Array.from(new Uint32Array(st.depthStencil!.data.buffer), (w) => w & 0xff));
    expect(stencils.size).toBeGreaterThan(2);
  });

  it('two-sided stencil with failing ops that keep: each face its own compare, reference masked, both faces over the same pixels', () => {
    const forms = new Set<string>();
    for (let func = 1; func <= 8; func++) {
      for (const [mask, ref] of [[0xff, 2], [0x1, 2], [0x6, 3]]) {
        const r = prng(40 + func);
        const ds = randomSurface(r, F.D24S8, W, H);
        for (let i = 0; i < ds.data.length; i += 4) ds.data[i] = int(r, 0, 3);
        const st = makeState({
          rt: randomSurface(r, F.A8R8G8B8, W, H), ds,
          rs: {
            CULLMODE: 1, ZFUNC: D3DCMP.LESSEQUAL, STENCILENABLE: 1, TWOSIDEDSTENCILMODE: 1, STENCILREF: ref, STENCILMASK: mask,
            STENCILFUNC: 9 - func, STENCILPASS: D3DSTENCILOP.INCR, CCW_STENCILFUNC: func, CCW_STENCILPASS: D3DSTENCILOP.DECR,
          },
        });
        // a clockwise (front) and a counter-clockwise (back) triangle, each over the whole target, sloped depth
        const v = (x: number, y: number, z: number): ClipVertex => vertex(x, y, z, 1, true, { diffuse: teal });
        const verts = [v(-1, -1, 0.2), v(3 * W, -1, 0.6), v(-1, 3 * H, 0.9), v(-1, -1, 0.8), v(-1, 3 * H, 0.1), v(3 * W, -1, 0.5)];
        const ref0 = copyState(st);
        const fills = new Set<string>();
        drawChosen(st, verts, fills, forms);
        drawGeneric(ref0, verts);
        expect([...fills]).toEqual(['color:TestedSpans']);
        expect(firstDifference(st, ref0), `CCW func ${func}, mask ${mask}, ref ${ref}`).toBeUndefined();
      }
    }
    // EQUAL and NEVER over mask 0xff admit one byte (or none)
    expect([...forms].sort()).toEqual(['keeps', 'keeps-one']);
  });

  it('a bilinear-filtered A8R8G8B8 texture, magnified and minified', () => {
    for (const uvScale of [0.3, 1, 7.5]) {
      const texture = { kind: '2d' as const, levels: [randomSurface(prng(10), F.A8R8G8B8, 16, 8)] };
      const st = makeState({ texture, rs: { ZENABLE: 0, CULLMODE: 1 }, sampler: { MAGFILTER: D3DTEXF.LINEAR, MINFILTER: D3DTEXF.LINEAR } });
      const ref = copyState(st);
      const fills = new Set<string>();
      drawChosen(st, quad(white, 0.5, uvScale), fills);
      drawGeneric(ref, quad(white, 0.5, uvScale));
      expect([...fills]).toEqual(['textured:Rgba8BilinearSpans']);
      expect(firstDifference(st, ref), `uv × ${uvScale}`).toBeUndefined();
    }
  });

  it('a bilinear A8R8G8B8 texture with a constant diffuse that is not white (MODULATE, or one of them selected), onto A8R8G8B8 and X8R8G8B8', () => {
    const tinted = [0x80 / 255, 0xff / 255, 0x40 / 255, 0xc0 / 255];
    const stages = [STAGE_FORMS[2], STAGE_FORMS[4], STAGE_FORMS[5], STAGE_FORMS[3]];
    for (const [rtFormat, texFormat] of [[F.A8R8G8B8, F.A8R8G8B8], [F.X8R8G8B8, F.A8R8G8B8], [F.A8R8G8B8, F.X8R8G8B8], [F.A8B8G8R8, F.A8R8G8B8]]) {
      for (const [i, uvScale] of [0.3, 1, 7.5, 2].entries()) {
        const texture = { kind: '2d' as const, levels: [randomSurface(prng(12), texFormat, 16, 8)] };
        const st = makeState({
          texture, rt: randomSurface(prng(13), rtFormat, W, H), rs: { ZENABLE: 0, CULLMODE: 1 },
          sampler: { MAGFILTER: D3DTEXF.LINEAR, MINFILTER: D3DTEXF.LINEAR },
          stages: { 0: stages[i] },
        });
        const ref = copyState(st);
        const fills = new Set<string>();
        drawChosen(st, quad(tinted, 0.5, uvScale), fills);
        drawGeneric(ref, quad(tinted, 0.5, uvScale));
        expect([...fills]).toEqual(['textured:Rgba8BilinearSpans']);
        expect(firstDifference(st, ref), `${rtFormat} ← ${texFormat}, uv × ${uvScale}`).toBeUndefined();
      }
    }
  });

  it('a mipmapped A8R8G8B8 texture in perspective, trilinear, modulated by Gouraud diffuse, depth LESSEQUAL', () => {
    const levels = [];
    for (let s = 32, i = 0; s >= 1; s >>= 1, i++) levels.push(randomSurface(prng(20 + i), F.A8R8G8B8, s, s));
    const st = makeState({
      texture: { kind: '2d', levels }, ds: randomSurface(prng(30), F.D24S8, W, H), rs: { ZFUNC: D3DCMP.LESSEQUAL, CULLMODE: 1 },
      sampler: { MAGFILTER: D3DTEXF.LINEAR, MINFILTER: D3DTEXF.LINEAR, MIPFILTER: D3DTEXF.LINEAR },
      stages: { 0: { [D3DTSS.ALPHAOP]: D3DTOP.MODULATE, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAARG2]: D3DTA.DIFFUSE } },
    });
    // a floor receding from w = 0.5 to w = 8: λ crosses every level along the rows
    const v = (x: number, y: number, w: number, u: number, t: number, c: number[]): ClipVertex => vertex(x * w, y * w, 0.5 * w, w, false, { diffuse: c, uv: [u, t] });
    const near = 0.5, far = 8, c1 = [0.9, 0.5, 0.2, 1], c2 = [0.3, 0.8, 0.6, 0.7], c3 = [1, 1, 0.4, 0.5];
    const verts = [v(-1, -1, near, 0, 0, c1), v(1, -1, near, 4, 0, c2), v(-1, 1, far, 0, 16, c3), v(1, -1, near, 4, 0, c2), v(1, 1, far, 4, 16, c1), v(-1, 1, far, 0, 16, c3)];
    const ref = copyState(st);
    const fills = new Set<string>();
    drawChosen(st, verts, fills);
    drawGeneric(ref, verts);
    expect([...fills]).toEqual(['textured:Rgba8StageSpans']);
    expect(firstDifference(st, ref)).toBeUndefined();
  });

  it('magnified across the texture edge with every address mode: the taps change at the edge, not only the texel', () => {
    for (const mode of [D3DTADDRESS.CLAMP, D3DTADDRESS.MIRROR, D3DTADDRESS.MIRRORONCE, D3DTADDRESS.WRAP]) {
      for (const [w, h] of [[4, 2], [3, 5], [1, 1]]) {
        const texture = { kind: '2d' as const, levels: [randomSurface(prng(11 + w), F.A8R8G8B8, w, h)] };
        const st = makeState({
          texture, rs: { ZENABLE: 0, CULLMODE: 1 },
          sampler: { MAGFILTER: D3DTEXF.LINEAR, MINFILTER: D3DTEXF.LINEAR, ADDRESSU: mode, ADDRESSV: mode },
        });
        const ref = copyState(st);
        const fills = new Set<string>();
        drawChosen(st, quad(white, 0.5, 2.5, -0.75), fills);
        drawGeneric(ref, quad(white, 0.5, 2.5, -0.75));
        expect([...fills]).toEqual(['textured:Rgba8BilinearSpans']);
        expect(firstDifference(st, ref), `mode ${mode}, ${w}×${h}`).toBeUndefined();
      }
    }
  });
});
