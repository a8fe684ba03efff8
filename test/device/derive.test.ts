/**
 * rasterState keeps the parts of a draw's frozen state whose group no setter
 * touched since the last draw. Each setter must show in the next derivation,
 * and only its own part may be rebuilt: a stale part would draw with old state.
 */
import { describe, expect, it } from 'vitest';
import { D3DRS, D3DSAMP, D3DTS, D3DTSS } from '../../src/d3d9/index.js';
import { rasterState } from '../../src/device/derive.js';
import { DeviceState } from '../../src/device/state.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { PP } from '../fixtures/every-command.js';

const caps = { clipTransformedVertices: true, maxPointSize: 64 };
const PARTS = ['renderStates', 'samplerStates', 'stageStates', 'world', 'view', 'projection', 'textureTransforms', 'viewport', 'scissor', 'material', 'lights', 'renderTargets'] as const;
type Part = (typeof PARTS)[number];

const matrix = (k: number) => ({
  _11: k, _12: 0, _13: 0, _14: 0, _21: 0, _22: k, _23: 0, _24: 0, _31: 0, _32: 0, _33: k, _34: 0, _41: 1, _42: 2, _43: 3, _44: 1,
});
const black = { r: 0, g: 0, b: 0, a: 0 };
const light = { Type: 3, Diffuse: { r: 1, g: 0.5, b: 0.25, a: 1 }, Specular: black, Ambient: black, Position: { x: 0, y: 0, z: 0 }, Direction: { x: 0, y: 0, z: 1 }, Range: 0, Falloff: 0, Attenuation0: 0, Attenuation1: 0, Attenuation2: 0, Theta: 0, Phi: 0 };

const CASES: Array<{ what: string; parts: Part[]; set(st: DeviceState): void; check(r: ReturnType<typeof rasterState>): void }> = [
  { what: 'a render state', parts: ['renderStates'], set: (st) => st.setRenderState(D3DRS.ZFUNC, 5), check: (r) => expect(r.renderStates[D3DRS.ZFUNC]).toBe(5) },
  { what: 'a sampler state', parts: ['samplerStates'], set: (st) => st.setSamplerState(2, D3DSAMP.MAGFILTER, 2), check: (r) => expect(r.samplerStates[2][D3DSAMP.MAGFILTER]).toBe(2) },
  { what: 'a stage state', parts: ['stageStates'], set: (st) => st.setTextureStageState(1, D3DTSS.COLOROP, 4), check: (r) => expect(r.stageStates[1][D3DTSS.COLOROP]).toBe(4) },
  {
    what: 'a transform (only its own matrix)', parts: ['view'], set: (st) => st.setTransform(D3DTS.VIEW, matrix(2)),
    check: (r) => expect([r.view[0], r.view[12], r.world[0]]).toEqual([2, 1, 1]),
  },
  {
    what: 'a texture transform (only the list of texture matrices)', parts: ['textureTransforms'], set: (st) => st.setTransform(D3DTS.TEXTURE0 + 1, matrix(3)),
    check: (r) => expect([r.textureTransforms[1][0], r.textureTransforms[1][13], r.textureTransforms[0][0]]).toEqual([3, 2, 1]),
  },
  {
    what: 'the same matrix set again', parts: ['world'], set: (st) => st.setTransform(D3DTS.WORLD, matrix(1)),
    check: (r) => expect([r.world[0], r.world[12]]).toEqual([1, 1]),
  },
  { what: 'the viewport', parts: ['viewport'], set: (st) => st.setViewport({ X: 1, Y: 2, Width: 3, Height: 4, MinZ: 0.25, MaxZ: 0.5 }), check: (r) => expect(r.viewport).toEqual({ x: 1, y: 2, width: 3, height: 4, minZ: 0.25, maxZ: 0.5 }) },
  { what: 'the scissor rect', parts: ['scissor'], set: (st) => st.setScissor({ left: 1, top: 2, right: 3, bottom: 4 }), check: (r) => expect(r.scissor).toEqual({ left: 1, top: 2, right: 3, bottom: 4 }) },
  {
    what: 'the material', parts: ['material'], set: (st) => st.setMaterial({ Diffuse: { r: 0.5, g: 0, b: 0, a: 1 }, Ambient: black, Specular: black, Emissive: black, Power: 8 }),
    check: (r) => expect([r.material.diffuse.r, r.material.power]).toEqual([0.5, 8]),
  },
  { what: 'a light and its enable', parts: ['lights'], set: (st) => { st.setLight(3, light); st.lightEnable(3, true); }, check: (r) => expect(r.lights.map((l) => l.diffuse.g)).toEqual([0.5]) },
];

describe('rasterState rebuilds exactly the parts whose state changed', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const st = new DeviceState(false);
      const before = rasterState(st, caps);
      const again = rasterState(st, caps);
      // nothing set: every part is the same object
      for (const p of PARTS) expect(again[p], p).toBe(before[p]);
      c.set(st);
      const after = rasterState(st, caps);
      c.check(after);
      for (const p of PARTS) {
        if (c.parts.includes(p)) expect(after[p], p).not.toBe(before[p]);
        else expect(after[p], p).toBe(before[p]);
      }
      // the earlier derivation still shows the state of its own draw
      expect(before).toEqual(rasterState(new DeviceState(false), caps));
    });
  }

  it('a state derived for the first time is complete, whatever was taken before', () => {
    const st = new DeviceState(false);
    st.setRenderState(D3DRS.ZFUNC, 5);
    st.takeDirty();
    expect(rasterState(st, caps).renderStates[D3DRS.ZFUNC]).toBe(5);
  });
});

describe('rasterState copies only the sampler and stage entries that changed', () => {
  it('a sampler state: that sampler gets a new copy, the others keep theirs, the earlier copy keeps its value', () => {
    const st = new DeviceState(false);
    const before = rasterState(st, caps);
    st.setSamplerState(2, D3DSAMP.MAGFILTER, 2);
    const after = rasterState(st, caps);
    expect(after.samplerStates[2][D3DSAMP.MAGFILTER]).toBe(2);
    expect(before.samplerStates[2][D3DSAMP.MAGFILTER]).not.toBe(2);
    after.samplerStates.forEach((s, i) => (i === 2 ? expect(s).not.toBe(before.samplerStates[i]) : expect(s).toBe(before.samplerStates[i])));
  });

  it('a stage state set to its old value keeps every copy', () => {
    const st = new DeviceState(false);
    const before = rasterState(st, caps);
    st.setTextureStageState(1, D3DTSS.COLOROP, before.stageStates[1][D3DTSS.COLOROP]);
    const after = rasterState(st, caps);
    after.stageStates.forEach((s, i) => expect(s).toBe(before.stageStates[i]));
    st.setTextureStageState(1, D3DTSS.COLOROP, 4);
    const third = rasterState(st, caps);
    expect(third.stageStates[1][D3DTSS.COLOROP]).toBe(4);
    expect(after.stageStates[1][D3DTSS.COLOROP]).not.toBe(4);
    expect(third.stageStates[0]).toBe(before.stageStates[0]);
  });
});

describe('rasterState hands back a recent copy holding the same values', () => {
  it('render states set back to earlier values give the earlier copy; other values a new one', () => {
    const st = new DeviceState(false);
    const a = rasterState(st, caps).renderStates;
    st.setRenderState(D3DRS.ZFUNC, 5);
    const b = rasterState(st, caps).renderStates;
    expect(b).not.toBe(a);
    expect(b[D3DRS.ZFUNC]).toBe(5);
    st.setRenderState(D3DRS.ZFUNC, a[D3DRS.ZFUNC]);
    expect(rasterState(st, caps).renderStates).toBe(a);
    st.setRenderState(D3DRS.ZFUNC, 5);
    expect(rasterState(st, caps).renderStates).toBe(b);
    st.setRenderState(D3DRS.ZFUNC, 6);
    const c = rasterState(st, caps).renderStates;
    expect([c[D3DRS.ZFUNC], a[D3DRS.ZFUNC] !== 6, b[D3DRS.ZFUNC]]).toEqual([6, true, 5]);
  });

  it('a matrix with the same values gives the earlier copy; one differing in a sign of zero or holding NaN does not', () => {
    const st = new DeviceState(false);
    st.setTransform(D3DTS.WORLD, matrix(2));
    const a = rasterState(st, caps).world;
    st.setTransform(D3DTS.WORLD, matrix(3));
    const b = rasterState(st, caps).world;
    st.setTransform(D3DTS.WORLD, matrix(2));
    expect(rasterState(st, caps).world).toBe(a);
    st.setTransform(D3DTS.WORLD, { ...matrix(2), _12: -0 });
    const negZero = rasterState(st, caps).world;
    expect(negZero).not.toBe(a);
    expect(Object.is(negZero[1], -0)).toBe(true);
    st.setTransform(D3DTS.WORLD, matrix(2));
    expect(Object.is(rasterState(st, caps).world[1], 0)).toBe(true);
    st.setTransform(D3DTS.WORLD, { ...matrix(3), _13: NaN });
    const nan1 = rasterState(st, caps).world;
    st.setTransform(D3DTS.WORLD, { ...matrix(3), _13: NaN });
    expect(rasterState(st, caps).world).not.toBe(nan1);
    expect(b[0]).toBe(3);
  });
});

describe('rasterState hands back a recent result whose every part is the same', () => {
  it('states A, B, A again: the third draw gets the first result, which still shows A; B keeps its own values', () => {
    const st = new DeviceState(false);
    st.setRenderState(D3DRS.ZFUNC, 4);
    st.setTransform(D3DTS.WORLD, matrix(2));
    const a = rasterState(st, caps);
    expect(rasterState(st, caps)).toBe(a);
    st.setRenderState(D3DRS.ZFUNC, 8);
    st.setTransform(D3DTS.WORLD, matrix(3));
    const b = rasterState(st, caps);
    expect(b).not.toBe(a);
    st.setRenderState(D3DRS.ZFUNC, 4);
    st.setTransform(D3DTS.WORLD, matrix(2));
    const again = rasterState(st, caps);
    expect(again).toBe(a);
    expect([a.renderStates[D3DRS.ZFUNC], a.world[0], b.renderStates[D3DRS.ZFUNC], b.world[0]]).toEqual([4, 2, 8, 3]);
  });

  it('a field read afresh each draw (FVF, depth-stencil surface, palette, declaration, caps) gives another result when it changes', () => {
    const st = new DeviceState(false);
    const base = rasterState(st, caps);
    const changes: Array<{ what: string; set(): void; undo(): void; caps?: typeof caps; check(r: ReturnType<typeof rasterState>): void }> = [
      { what: 'fvf', set: () => st.setFvf(0x142), undo: () => st.setFvf(0), check: (r) => expect(r.fvf).toBe(0x142) },
      {
        what: 'depth-stencil', set: () => { st.depthStencil = { width: 1 } as unknown as typeof st.depthStencil; }, undo: () => { st.depthStencil = null; },
        check: (r) => expect(r.depthStencil).toBe(st.depthStencil),
      },
      {
        what: 'palette', set: () => { st.palettes = new Map([[0, new Uint8Array(1024).fill(7)]]); }, undo: () => { st.palettes = new Map(); },
        check: (r) => expect(r.palette?.[0]).toBe(7),
      },
      {
        what: 'declaration', set: () => { st.decl = { elements: [], layout: undefined, shaderLayout: undefined } as unknown as typeof st.decl; }, undo: () => { st.decl = null; },
        check: (r) => expect(r.vertexElements).toEqual([]),
      },
      { what: 'max point size', set: () => undefined, undo: () => undefined, caps: { ...caps, maxPointSize: 8 }, check: (r) => expect(r.maxPointSize).toBe(8) },
    ];
    for (const c of changes) {
      c.set();
      const r = rasterState(st, c.caps ?? caps);
      expect(r, c.what).not.toBe(base);
      c.check(r);
      c.undo();
      expect(rasterState(st, caps), c.what).toBe(base);
      expect(base.fvf === 0 && base.depthStencil === null && base.palette === undefined && base.vertexElements === undefined && base.maxPointSize === 64, c.what).toBe(true);
    }
  });

  it('more states than are kept: each result still shows its own draw, and the oldest is built again', () => {
    const st = new DeviceState(false);
    const results = Array.from({ length: 12 }, (_, k) => {
      st.setRenderState(D3DRS.ALPHAREF, k);
      return rasterState(st, caps);
    });
    results.forEach((r, k) => expect(r.renderStates[D3DRS.ALPHAREF]).toBe(k));
    st.setRenderState(D3DRS.ALPHAREF, 11);
    expect(rasterState(st, caps)).toBe(results[11]);
    st.setRenderState(D3DRS.ALPHAREF, 0);
    const first = rasterState(st, caps);
    expect(first.renderStates[D3DRS.ALPHAREF]).toBe(0);
  });
});

describe('setTransform stores a frozen copy, the same object for a matrix set again by value', () => {
  it('same values give the stored copy; a changed caller object, −0 for 0 and NaN give new copies', () => {
    const st = new DeviceState(false);
    const m = matrix(2);
    st.setTransform(D3DTS.WORLD, m);
    const a = st.transform(D3DTS.WORLD);
    expect(a).not.toBe(m);
    m._41 = 7;
    expect(a._41).toBe(1);
    st.setTransform(D3DTS.WORLD, m);
    const b = st.transform(D3DTS.WORLD);
    expect(b).not.toBe(a);
    expect(b._41).toBe(7);
    m._41 = 1;
    st.setTransform(D3DTS.WORLD, m);
    expect(st.transform(D3DTS.WORLD)).toBe(a);
    st.setTransform(D3DTS.WORLD, { ...m, _12: -0 });
    expect(st.transform(D3DTS.WORLD)).not.toBe(a);
    expect(Object.is(st.transform(D3DTS.WORLD)._12, -0)).toBe(true);
    st.setTransform(D3DTS.WORLD, { ...m, _13: NaN });
    const nan = st.transform(D3DTS.WORLD);
    st.setTransform(D3DTS.WORLD, { ...m, _13: NaN });
    expect(st.transform(D3DTS.WORLD)).not.toBe(nan);
    // another type keeps its own copies
    st.setTransform(D3DTS.VIEW, matrix(2));
    expect(st.transform(D3DTS.VIEW)).not.toBe(a);
    expect(st.transform(D3DTS.VIEW)).toEqual(a);
  });

  it('the stored copy cannot be written', () => {
    const st = new DeviceState(false);
    st.setTransform(D3DTS.VIEW, matrix(2));
    const stored = st.transform(D3DTS.VIEW) as { _11: number };
    expect(() => { stored._11 = 5; }).toThrow(TypeError);
    expect(st.transform(D3DTS.VIEW)._11).toBe(2);
  });

  it('a matrix stored again draws as set: A, B, A with a draw after each', () => {
    const st = new DeviceState(false);
    const world: number[] = [];
    for (const k of [2, 3, 2, 2, 3]) {
      st.setTransform(D3DTS.WORLD, matrix(k));
      world.push(rasterState(st, caps).world[0]);
    }
    expect(world).toEqual([2, 3, 2, 2, 3]);
  });
});

describe('rasterState binds each shader again only when it or its own constants were set', () => {
  type Shader = Parameters<DeviceState['setVertexShader']>[0];
  const shader = (): Shader => ({ executable: {} }) as unknown as Shader;
  const f32 = (...v: number[]) => new Uint8Array(Float32Array.from(v).buffer);

  it('vertex constants: a new vertex binding with the values, the pixel binding kept; and the other way round', () => {
    const st = new DeviceState(false);
    st.setVertexShader(shader());
    st.setPixelShader(shader());
    const a = rasterState(st, caps);
    st.setShaderConstants('vertex', 'f', 2, f32(1, 2, 3, 4));
    const b = rasterState(st, caps);
    expect(b.vertexShader).not.toBe(a.vertexShader);
    expect(Array.from(b.vertexShader!.constants.f.subarray(8, 12))).toEqual([1, 2, 3, 4]);
    expect(a.vertexShader!.constants.f[8]).toBe(0);
    expect(b.pixelShader).toBe(a.pixelShader);
    st.setShaderConstants('pixel', 'f', 1, f32(5, 6, 7, 8));
    const c = rasterState(st, caps);
    expect(c.pixelShader).not.toBe(b.pixelShader);
    expect(Array.from(c.pixelShader!.constants.f.subarray(4, 8))).toEqual([5, 6, 7, 8]);
    expect(b.pixelShader!.constants.f[4]).toBe(0);
    expect(c.vertexShader).toBe(b.vertexShader);
    const ps = shader();
    st.setPixelShader(ps);
    const d = rasterState(st, caps);
    expect([d.vertexShader === c.vertexShader, d.pixelShader!.executable === (ps as unknown as { executable: unknown }).executable]).toEqual([true, true]);
    st.setVertexShader(null);
    const e = rasterState(st, caps);
    expect([e.vertexShader, e.pixelShader === d.pixelShader]).toEqual([null, true]);
  });
});

describe('rasterState applies a texture\'s SetLOD to its sampler as MAXMIPLEVEL does', () => {
  it('the same list draw after draw while the LOD stays; the higher of LOD and MAXMIPLEVEL; the plain list back at LOD 0', () => {
    const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 8, BackBufferHeight: 8 }).device!;
    const tex = dev.CreateTexture(8, 8, 4, 0, 21 /* A8R8G8B8 */, 1 /* MANAGED */).texture!;
    dev.SetTexture(1, tex);
    const st = (dev as unknown as { state: DeviceState }).state;
    const plain = rasterState(st, caps).samplerStates;
    expect(tex.SetLOD(2)).toBe(0);
    const a = rasterState(st, caps).samplerStates;
    expect([a[1][D3DSAMP.MAXMIPLEVEL], a[0]]).toEqual([2, plain[0]]);
    expect(plain[1][D3DSAMP.MAXMIPLEVEL]).toBe(0);
    dev.SetRenderState(D3DRS.ZFUNC, 3);
    expect(rasterState(st, caps).samplerStates).toBe(a);
    dev.SetSamplerState(1, D3DSAMP.MAXMIPLEVEL, 3);
    expect(rasterState(st, caps).samplerStates[1][D3DSAMP.MAXMIPLEVEL]).toBe(3);
    dev.SetSamplerState(1, D3DSAMP.MAXMIPLEVEL, 0);
    expect(rasterState(st, caps).samplerStates).toBe(a);
    expect(tex.SetLOD(0)).toBe(2);
    const back = rasterState(st, caps).samplerStates;
    expect(back).toBe(plain);
    expect(a[1][D3DSAMP.MAXMIPLEVEL]).toBe(2);
  });
});

describe('rasterState hands back a recent viewport, scissor rect and material holding the same values', () => {
  it('A, B, A again: the third gets the first object, each still showing its own values; −0 is not 0', () => {
    const st = new DeviceState(false);
    const vpA = { X: 0, Y: 0, Width: 8, Height: 8, MinZ: 0, MaxZ: 1 }, vpB = { ...vpA, Width: 4 };
    const rectA = { left: 1, top: 2, right: 3, bottom: 4 }, rectB = { ...rectA, right: 5 };
    const matA = { Diffuse: { r: 0.5, g: 0, b: 0, a: 1 }, Ambient: black, Specular: black, Emissive: black, Power: 8 };
    const matB = { ...matA, Power: 2 };
    const set = (vp: typeof vpA, rect: typeof rectA, mat: typeof matA) => { st.setViewport(vp); st.setScissor(rect); st.setMaterial(mat); return rasterState(st, caps); };
    const a = set(vpA, rectA, matA), b = set(vpB, rectB, matB), again = set(vpA, rectA, matA);
    expect([again.viewport, again.scissor, again.material]).toEqual([a.viewport, a.scissor, a.material]);
    expect(again.viewport).toBe(a.viewport);
    expect(again.scissor).toBe(a.scissor);
    expect(again.material).toBe(a.material);
    expect([a.viewport.width, a.scissor.right, a.material.power, b.viewport.width, b.scissor.right, b.material.power]).toEqual([8, 3, 8, 4, 5, 2]);
    const negZero = set({ ...vpA, MinZ: -0 }, rectA, { ...matA, Diffuse: { ...matA.Diffuse, g: -0 } });
    expect(negZero.viewport).not.toBe(a.viewport);
    expect(negZero.material).not.toBe(a.material);
    expect([Object.is(negZero.viewport.minZ, -0), Object.is(negZero.material.diffuse.g, -0)]).toEqual([true, true]);
  });
});
