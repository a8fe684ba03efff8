/**
 * Pixel shader draws on the span path (rows of pixels or 2×2 quads per compiled run) store byte for
 * byte what the per-fragment path (one run per pixel, `spanPath: 'generic'`) stores, in every render
 * target and the depth-stencil surface: texld with every filter, mip filter and addressing mode,
 * texldp/b/l/d, dsx/dsy, texkill, alpha test, depth and two-sided stencil, MRT, fog, FLAT shading,
 * vPos/vFace, divergent flow, oDepth and ps_1_x, on random perspective triangles whose edges leave
 * partial quads (and whose helpers sometimes fall behind the eye). Float targets show the shader's
 * float32 results themselves.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DFMT, D3DPT, D3DRS, D3DSAMP, D3DSHADE, D3DSTENCILOP, D3DTEXF, float32Bits } from '../../../src/d3d9/index.js';
import { drawShaded } from '../../../src/driver/raster/draw.js';
import { chooseShaderLanes } from '../../../src/driver/raster/programmable/index.js';
import type { ClipVertex, RasterState, TextureView } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { createExecutable, isCompiled } from '../../../src/driver/shader/index.js';
import { assemble, parseShader } from '../../../src/shader/index.js';
import { chance, int, makeState, pick, prng, randomSurface, vertex } from '../span/helpers.js';
import type { Rand } from '../span/helpers.js';

const T2D = 'dcl_2d s0';
const SCENES: Record<string, { ps: string; setup?: (st: RasterState, r: Rand) => void }> = {
  texld: { ps: `ps_2_0\ndcl t0\ndcl v0\n${T2D}\ntexld r0, t0, s0\nmul r0, r0, v0\nmov oC0, r0` },
  texldRaw: { ps: `ps_2_0\ndcl t0\n${T2D}\ntexld r0, t0, s0\nmov oC0, r0` },
  texldp: { ps: `ps_2_0\ndcl t0\n${T2D}\ntexldp r0, t0, s0\nmov oC0, r0` },
  texldb: { ps: `ps_2_0\ndcl t0\n${T2D}\ntexldb r0, t0, s0\nmov oC0, r0` },
  texldl: { ps: `ps_3_0\ndcl_texcoord0 v0\n${T2D}\ntexldl r0, v0, s0\nmov oC0, r0` },
  texldd: { ps: `ps_2_x\ndcl t0\ndcl t1\n${T2D}\nmul r1, t1, c0.x\nmov r2, t1.yxwz\ntexldd r0, t0, s0, r1, r2\nmov oC0, r0` },
  twoUnits: { ps: `ps_2_0\ndcl t0\ndcl t1\n${T2D}\ndcl_2d s1\ntexld r0, t0, s0\ntexld r1, t1, s1\nmad r0, r0, c0, r1\nmov oC0, r0` },
  dsxdsy: { ps: `ps_2_x\ndcl t0\n${T2D}\ntexld r0, t0, s0\ndsx r1, t0\ndsy r2, t0\nmad r0, r1, c0, r0\nmad r0, r2, c1, r0\nmov oC0, r0` },
  texkill: { ps: `ps_2_0\ndcl t0\ndcl t1\n${T2D}\ntexkill t1\ntexld r0, t0, s0\nmov oC0, r0` },
  alphaTest: {
    ps: `ps_2_0\ndcl t0\ndcl v0\n${T2D}\ntexld r0, t0, s0\nmul r0, r0, v0\nmov oC0, r0`,
    setup: (st, r) => { rs(st, 'ALPHATESTENABLE', 1); rs(st, 'ALPHAFUNC', int(r, 1, 8)); rs(st, 'ALPHAREF', int(r, 0, 255)); },
  },
  depthStencil: { ps: `ps_2_0\ndcl t0\ndcl v0\n${T2D}\ntexld r0, t0, s0\nadd r0, r0, v0\nmov oC0, r0`, setup: (st, r) => depthStencil(st, r, true) },
  oDepth: {
    ps: `ps_2_0\ndcl t0\ndcl t1\n${T2D}\ntexld r0, t0, s0\nmov oC0, r0\nmad r1, t1, c0, c1\nmov oDepth, r1.x`,
    setup: (st, r) => depthStencil(st, r, false),
  },
  mrt: {
    ps: `ps_2_0\ndcl t0\ndcl t1\ndcl v0\ndcl v1\n${T2D}\ntexld r0, t0, s0\nmov oC0, r0\nmov oC1, v0\nmov oC2, t1\nmov oC3, v1`,
    setup: (st, r) => {
      const [w, h] = [st.renderTargets[0]!.width, st.renderTargets[0]!.height];
      st.renderTargets = [st.renderTargets[0], target(r, w, h), randomSurface(r, D3DFMT.A32B32G32R32F, w, h), chance(r, 0.5) ? target(r, w, h) : null];
      if (chance(r, 0.5)) rs(st, 'COLORWRITEENABLE1', int(r, 0, 15));
    },
  },
  fog: {
    ps: `ps_2_0\ndcl t0\ndcl v0\n${T2D}\ntexld r0, t0, s0\nmul r0, r0, v0\nmov oC0, r0`,
    setup: (st, r) => {
      rs(st, 'FOGENABLE', 1); rs(st, 'FOGCOLOR', int(r, 0, 0xffffff) | 0x80000000);
      rs(st, 'FOGTABLEMODE', pick(r, [0, 1, 2, 3]));
      rs(st, 'FOGSTART', float32Bits(r() * 0.5)); rs(st, 'FOGEND', float32Bits(0.5 + r() * 0.5)); rs(st, 'FOGDENSITY', float32Bits(r() * 3));
    },
  },
  fogInput: { ps: 'ps_3_0\ndcl_fog v0.x\ndcl_color1 v1\nmul r0, v1, v0.x\nmov oC0, r0' },
  flat: {
    ps: `ps_3_0\ndcl_color0 v0\ndcl_color1 v1\ndcl_texcoord0 v2\n${T2D}\ntexld r0, v2, s0\nmad r0, r0, v0, v1\nmov oC0, r0`,
    setup: (st) => rs(st, 'SHADEMODE', D3DSHADE.FLAT),
  },
  vPosFace: { ps: `ps_3_0\ndef c3, 0.0625, 0.03125, 1, 0\ndcl vPos.xy\ndcl vFace\ndcl_texcoord0 v0\n${T2D}\ntexld r0, v0, s0\nmul r1.xy, vPos, c3\nadd r0.xy, r0, r1\nif_gt vFace, c3.w\nmov r0.z, c3.z\nendif\nmov oC0, r0` },
  divergent: {
    ps: `ps_3_0\ndefi i0, 4, 0, 1, 0\ndef c3, 0.5, 0, 0.25, 0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\n${T2D}\nmov r1, c3.y\nmov r2, v0\nloop aL, i0\ntexldl r0, r2, s0\nbreak_gt r0.x, c3.x\nadd r1, r1, r0\nadd r2, r2, v1\nendloop\nif_lt v1.y, c3.z\ndsx r3, r1\nelse\ndsy r3, r1\nendif\nadd r0, r1, r3\nmov oC0, r0`,
  },
  ps14: { ps: 'ps_1_4\ntexld r0, t0\ntexcrd r1.rgb, t1\nmul r0, r0, v0\nadd r0.rgb, r0, r1' },
  ps11: { ps: 'ps_1_1\ntex t0\nmul r0, t0, v0\nadd r0, r0, v1' },
};

function rs(st: RasterState, name: keyof typeof D3DRS, v: number): void {
  st.renderStates[D3DRS[name]] = v >>> 0;
}

function target(r: Rand, w: number, h: number): SurfaceView {
  return randomSurface(r, pick(r, [D3DFMT.A8R8G8B8, D3DFMT.X8R8G8B8, D3DFMT.R5G6B5, D3DFMT.A32B32G32R32F]), w, h);
}

/** A random D24S8 or D16 surface, the depth test on, and (with `stencil`) two-sided stencil. */
function depthStencil(st: RasterState, r: Rand, stencil: boolean): void {
  const { width, height } = st.renderTargets[0]!;
  st.depthStencil = randomSurface(r, stencil || chance(r, 0.5) ? D3DFMT.D24S8 : D3DFMT.D16, width, height);
  rs(st, 'ZENABLE', 1); rs(st, 'ZFUNC', pick(r, [D3DCMP.LESS, D3DCMP.GREATEREQUAL, D3DCMP.ALWAYS, D3DCMP.NOTEQUAL]));
  rs(st, 'ZWRITEENABLE', int(r, 0, 1));
  rs(st, 'DEPTHBIAS', float32Bits(chance(r, 0.3) ? r() * 0.01 : 0));
  if (!stencil || !chance(r, 0.7)) return;
  rs(st, 'STENCILENABLE', 1); rs(st, 'TWOSIDEDSTENCILMODE', int(r, 0, 1));
  rs(st, 'STENCILREF', int(r, 0, 255)); rs(st, 'STENCILMASK', int(r, 0, 255)); rs(st, 'STENCILWRITEMASK', int(r, 0, 255));
  for (const name of ['STENCILFUNC', 'CCW_STENCILFUNC'] as const) rs(st, name, int(r, 1, 8));
  for (const name of ['STENCILPASS', 'STENCILFAIL', 'STENCILZFAIL', 'CCW_STENCILPASS', 'CCW_STENCILFAIL', 'CCW_STENCILZFAIL'] as const) {
    rs(st, name, pick(r, [D3DSTENCILOP.KEEP, D3DSTENCILOP.INCR, D3DSTENCILOP.DECRSAT, D3DSTENCILOP.INVERT, D3DSTENCILOP.REPLACE]));
  }
}

/** A random 2D texture: 1–4 levels of one of a few formats (UNORM, float, sRGB-read). */
function texture(r: Rand): TextureView {
  const format = pick(r, [D3DFMT.A8R8G8B8, D3DFMT.A8R8G8B8, D3DFMT.R5G6B5, D3DFMT.L8, D3DFMT.A32B32G32R32F]);
  const size = pick(r, [4, 8, 16, 32]), levels = int(r, 1, 4);
  return { kind: '2d', levels: Array.from({ length: levels }, (_, i) => randomSurface(r, format, Math.max(1, size >> i), Math.max(1, (size >> i) >> int(r, 0, 1)))) };
}

function samplerStates(r: Rand, s: Uint32Array, levels: number): void {
  const filters = [D3DTEXF.POINT, D3DTEXF.LINEAR, D3DTEXF.ANISOTROPIC];
  s[D3DSAMP.MAGFILTER] = pick(r, filters);
  // a third of the samplers read alike at every level (one lane per pixel), the others do not
  s[D3DSAMP.MINFILTER] = chance(r, 0.4) ? s[D3DSAMP.MAGFILTER] : pick(r, filters);
  s[D3DSAMP.MIPFILTER] = pick(r, [D3DTEXF.NONE, D3DTEXF.POINT, D3DTEXF.LINEAR]);
  s[D3DSAMP.MAXMIPLEVEL] = chance(r, 0.4) ? levels - 1 + int(r, 0, 1) : int(r, 0, levels - 1);
  s[D3DSAMP.MIPMAPLODBIAS] = float32Bits(chance(r, 0.7) ? 0 : r() * 4 - 2);
  s[D3DSAMP.ADDRESSU] = int(r, 1, 5); s[D3DSAMP.ADDRESSV] = int(r, 1, 5);
  s[D3DSAMP.BORDERCOLOR] = int(r, 0, 0xffffffff);
  s[D3DSAMP.SRGBTEXTURE] = chance(r, 0.2) ? 1 : 0;
}

/** Small and large triangles, pre-transformed, with a spread of 1/w wide enough that some quads' helpers fall behind the eye. */
function triangles(r: Rand, w: number, h: number, n: number): ClipVertex[] {
  const out: ClipVertex[] = [];
  for (let t = 0; t < n; t++) {
    const size = pick(r, [3, 8, w * 1.5]);
    const cx = r() * w, cy = r() * h;
    for (let k = 0; k < 3; k++) {
      const v = vertex(cx + (r() - 0.5) * size, cy + (r() - 0.5) * size, r() * 1.2 - 0.1, chance(r, 0.2) ? 0.02 + r() * 0.05 : 0.3 + r() * 3, true, {
        diffuse: [r(), r(), r(), r()], specular: [r(), r(), r(), r()], uv: [r() * 4 - 2, r() * 4 - 2],
      });
      v.fog = r();
      for (let c = 2; c < 8; c++) v.tex[c] = r() * 2 - 0.5;
      out.push(v);
    }
  }
  return out;
}

function bound(text: string, r: Rand): NonNullable<RasterState['pixelShader']> {
  const a = assemble(text);
  if (!a.ok) throw new Error(`${JSON.stringify(a.error)}\n${text}`);
  const p = parseShader(a.tokens);
  if (!p.ok) throw new Error(p.error.message);
  const k = { f: new Float32Array(256 * 4), i: new Int32Array(64), b: new Uint8Array(16) };
  for (let i = 0; i < 8; i++) k.f[i] = r() * 2 - 0.5;
  return { executable: createExecutable(p.program), constants: k };
}

function scene(r: Rand, name: string): RasterState {
  const w = int(r, 9, 23), h = int(r, 7, 17);
  const st = makeState({ width: w, height: h, rt: target(r, w, h), rs: { ZENABLE: 0, CULLMODE: 1 } });
  const tex = [texture(r), texture(r)];
  st.textures = [tex[0], tex[1], ...st.textures.slice(2)];
  samplerStates(r, st.samplerStates[0], tex[0].levels.length);
  samplerStates(r, st.samplerStates[1], tex[1].levels.length);
  if (chance(r, 0.2)) { rs(st, 'ALPHABLENDENABLE', 1); rs(st, 'SRCBLEND', int(r, 1, 10)); rs(st, 'DESTBLEND', int(r, 1, 10)); }
  if (chance(r, 0.15)) rs(st, 'COLORWRITEENABLE', int(r, 1, 15));
  st.pixelShader = bound(SCENES[name].ps, r);
  SCENES[name].setup?.(st, r);
  return st;
}

/** A copy of the state over copies of every render target and the depth-stencil surface. */
function copyAll(st: RasterState): RasterState {
  const copy = (s: SurfaceView | null | undefined): SurfaceView | null => (s ? { ...s, data: s.data.slice() } : null);
  return { ...st, renderStates: st.renderStates.slice(), renderTargets: st.renderTargets.map(copy), depthStencil: copy(st.depthStencil) };
}

/** The first byte where the two draws' surfaces differ, or undefined. */
function difference(a: RasterState, b: RasterState): string | undefined {
  const surfaces = a.renderTargets.map((s, i) => [`render target ${i}`, s, b.renderTargets[i]] as const);
  for (const [name, x, y] of [...surfaces, ['depth-stencil', a.depthStencil, b.depthStencil] as const]) {
    if (!x || !y) continue;
    for (let i = 0; i < x.data.length; i++) {
      if (x.data[i] !== y.data[i]) return `${name} byte ${i} (pixel ${Math.floor((i % x.pitch) / x.format.blockBytes)},${Math.floor(i / x.pitch)}): span ${x.data[i]}, per fragment ${y.data[i]}`;
    }
  }
  return undefined;
}

describe('pixel shader draws on the span path store what the per-fragment path stores', () => {
  const rounds = process.env.REPLAY9_LONG === '1' ? 60 : 5;
  it.each(Object.keys(SCENES))('%s', (name) => {
    const r = prng(1 + Object.keys(SCENES).indexOf(name) * 101);
    const lanes = new Set<string>();
    for (let i = 0; i < rounds; i++) {
      const st = scene(r, name);
      const exe = st.pixelShader!.executable;
      lanes.add(chooseShaderLanes(st, exe));
      const verts = triangles(r, st.renderTargets[0]!.width, st.renderTargets[0]!.height, 4);
      const span = copyAll(st), fragment = copyAll(st);
      drawShaded(span, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, []);
      drawShaded(fragment, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, [], { spanPath: 'generic' });
      expect(difference(span, fragment), `${name} round ${i}`).toBeUndefined();
    }
    // the span path exists for every compiled shader here (ps_1_1 tex and ps_1_4 texld compile too)
    expect(isCompiled(bound(SCENES[name].ps, r).executable)).toBe(true);
    if (name === 'dsxdsy' || name === 'divergent') expect([...lanes]).toEqual(['quad']);
  });

  it('the span path is taken: a compiled pixel shader has span runs of both shapes', () => {
    const exe = bound(SCENES.texld.ps, prng(1)).executable;
    expect(exe.spanRun?.(true)).toBeTypeOf('function');
    expect(exe.spanRun?.(false)).toBeTypeOf('function');
  });
});
