/**
 * Pixel shaders whose derivatives only choose texture levels run one lane per pixel when every
 * sampler they read samples the same at every level of detail; what they draw is byte for byte
 * what the generic path (each pixel's whole 2×2 quad) draws, on random textures and triangles.
 */
import { describe, expect, it } from 'vitest';
import { D3DPT, D3DSAMP, D3DTEXF } from '../../../src/d3d9/index.js';
import { drawShaded } from '../../../src/driver/raster/draw.js';
import { chooseShaderLanes } from '../../../src/driver/raster/programmable/index.js';
import type { ClipVertex, RasterState, TextureView } from '../../../src/driver/raster/types.js';
import { createExecutable } from '../../../src/driver/shader/index.js';
import { assemble, parseShader } from '../../../src/shader/index.js';
import { F, chance, copyState, firstDifference, int, makeState, pick, prng, randomSurface, vertex } from '../span/helpers.js';
import type { Rand } from '../span/helpers.js';

const SHADERS = {
  modulate: 'ps_2_0\ndcl t0.xy\ndcl v0\ndcl_2d s0\ntexld r0, t0, s0\nmul r0, r0, v0\nmov oC0, r0',
  twoUnits: 'ps_2_0\ndcl t0.xy\ndcl t1.xy\ndcl_2d s0\ndcl_2d s1\ntexld r0, t0, s0\ntexld r1, t1, s1\nmad r0, r0, c0, r1\nmov oC0, r0',
  dsx: 'ps_2_x\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\ndsx r1, t0\nadd r0, r0, r1\nmov oC0, r0',
} as const;

function bound(text: string, f: number[] = [0.5, 0.25, 1, 0.75]): NonNullable<RasterState['pixelShader']> {
  const a = assemble(text);
  if (!a.ok) throw new Error(JSON.stringify(a.error));
  const p = parseShader(a.tokens);
  if (!p.ok) throw new Error(p.error.message);
  const k = { f: new Float32Array(256 * 4), i: new Int32Array(64), b: new Uint8Array(16) };
  k.f.set(f);
  return { executable: createExecutable(p.program), constants: k };
}

function texture(r: Rand): TextureView {
  const levels = int(r, 1, 3);
  const size = pick(r, [4, 8, 16]);
  return { kind: '2d', levels: Array.from({ length: levels }, (_, i) => randomSurface(r, F.A8R8G8B8, Math.max(1, size >> i), Math.max(1, size >> i))) };
}

function triangles(r: Rand, w: number, h: number, n: number): ClipVertex[] {
  const out: ClipVertex[] = [];
  for (let i = 0; i < 3 * n; i++) {
    const v = vertex(r() * (w + 8) - 4, r() * (h + 8) - 4, r(), 0.5 + r() * 2, true, {
      diffuse: [r(), r(), r(), r()], uv: [r() * 4 - 2, r() * 4 - 2],
    });
    v.tex[4] = r() * 3; v.tex[5] = r() * 3;
    out.push(v);
  }
  return out;
}

function randomState(r: Rand, levelFree: boolean): RasterState {
  const filter = pick(r, [D3DTEXF.POINT, D3DTEXF.LINEAR]);
  const other = levelFree ? filter : (filter === D3DTEXF.POINT ? D3DTEXF.LINEAR : D3DTEXF.POINT);
  const st = makeState({ width: 19, height: 13, rs: { ZENABLE: 0, CULLMODE: 1 }, texture: texture(r) });
  const t0 = st.textures[0]!;
  for (const unit of [0, 1]) {
    const s = st.samplerStates[unit];
    s[D3DSAMP.MAGFILTER] = filter;
    s[D3DSAMP.MINFILTER] = levelFree || unit === 1 ? filter : other;
    s[D3DSAMP.MIPFILTER] = pick(r, [D3DTEXF.NONE, D3DTEXF.POINT, D3DTEXF.LINEAR]);
    // MAXMIPLEVEL at or past the last level leaves one level to read
    s[D3DSAMP.MAXMIPLEVEL] = levelFree ? t0.levels.length - 1 + int(r, 0, 2) : 0;
    s[D3DSAMP.ADDRESSU] = s[D3DSAMP.ADDRESSV] = pick(r, [1, 2, 3]); // wrap, mirror, clamp
  }
  const t1: TextureView | null = chance(r, 0.5) ? { kind: '2d', levels: [t0.levels[t0.levels.length - 1]] } : null;
  return { ...st, textures: [t0, t1, ...st.textures.slice(2)] };
}

function drawBoth(st: RasterState, verts: ClipVertex[]): string | undefined {
  const fast = copyState(st), generic = copyState(st);
  drawShaded(fast, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, []);
  drawShaded(generic, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, [], { shaderLanes: 'quad' });
  return firstDifference(fast, generic);
}

describe('pixel shaders run one lane where derivatives cannot change the pixel', () => {
  it('chooses one lane for a texld through samplers whose every level of detail reads the same', () => {
    const r = prng(3);
    const st = randomState(r, true);
    expect(chooseShaderLanes(st, bound(SHADERS.modulate).executable)).toBe('single');
    expect(chooseShaderLanes(st, bound(SHADERS.twoUnits).executable)).toBe('single');
    // dsx reads the neighbour lane itself
    expect(chooseShaderLanes(st, bound(SHADERS.dsx).executable)).toBe('quad');
    // MINFILTER differing from MAGFILTER makes the level of detail choose the filter
    st.samplerStates[0][D3DSAMP.MINFILTER] = st.samplerStates[0][D3DSAMP.MAGFILTER] === D3DTEXF.POINT ? D3DTEXF.LINEAR : D3DTEXF.POINT;
    expect(chooseShaderLanes(st, bound(SHADERS.modulate).executable)).toBe('quad');
  });

  it('chooses the quad when a texture has levels below MAXMIPLEVEL', () => {
    const two: TextureView = { kind: '2d', levels: [randomSurface(prng(5), F.A8R8G8B8, 8, 8), randomSurface(prng(6), F.A8R8G8B8, 4, 4)] };
    const st = { ...randomState(prng(4), true), textures: [two] };
    st.samplerStates[0][D3DSAMP.MAXMIPLEVEL] = 0;
    expect(chooseShaderLanes(st, bound(SHADERS.modulate).executable)).toBe('quad');
    st.samplerStates[0][D3DSAMP.MAXMIPLEVEL] = 1;
    expect(chooseShaderLanes(st, bound(SHADERS.modulate).executable)).toBe('single');
  });

  it('draws byte for byte what the quad path draws, on random textures, states and triangles', () => {
    const r = prng(11);
    const rounds = process.env.REPLAY9_LONG === '1' ? 400 : 20;
    let single = 0;
    for (let i = 0; i < rounds; i++) {
      const levelFree = chance(r, 0.75);
      const st = randomState(r, levelFree);
      const text = pick(r, [SHADERS.modulate, SHADERS.twoUnits, SHADERS.dsx]);
      st.pixelShader = bound(text, [r() * 2, r(), r(), r()]);
      if (chooseShaderLanes(st, st.pixelShader.executable) === 'single') single++;
      const diff = drawBoth(st, triangles(r, 19, 13, 3));
      expect(diff, `round ${i}`).toBeUndefined();
    }
    expect(single).toBeGreaterThan(rounds / 3);
  });
});
