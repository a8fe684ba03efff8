import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { RENDER_STATES, SAMPLER_STATES, TEXTURE_STAGE_STATES } from '../../src/d3d9/index.js';


const dir = mkdtempSync(join(tmpdir(), 'replay9-inspect-state-'));

// one setter a call, from call 2 on; the comment is the call number
const TEXT = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
dev.SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS)
dev.SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)
dev.SetRenderState(D3DRS_FOGSTART, 6.5)
dev.SetSamplerState(1, D3DSAMP_MINFILTER, D3DTEXF_LINEAR)
dev.SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1)
dev.SetTransform(D3DTS_VIEW, {_11: 2, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: 1, _34: 0, _41: 3, _42: 4, _43: 5, _44: 1})
dev.SetViewport({X: 2, Y: 1, Width: 8, Height: 4, MinZ: 0.25, MaxZ: 0.75})
dev.SetFVF(D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1)
dev.SetLight(2, {Type: D3DLIGHT_POINT, Diffuse: {r: 1, g: 0.5, b: 0.25, a: 1}, Specular: {r: 0, g: 0, b: 0, a: 0}, Ambient: {r: 0, g: 0, b: 0, a: 0}, Position: {x: -3, y: 1.5, z: 1}, Direction: {x: 0, y: 0, z: 0}, Range: 12, Attenuation1: 0.5})
dev.LightEnable(2, TRUE)
dev.SetMaterial({Diffuse: {r: 1, g: 1, b: 1, a: 1}, Ambient: {r: 0.5, g: 0.5, b: 0.5, a: 1}, Specular: {r: 0, g: 0, b: 0, a: 0}, Emissive: {r: 0, g: 0, b: 0, a: 0}, Power: 8})
checker = dev.CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)
dev.SetTexture(0, checker)
dev.SetSamplerState(257, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR)
dev.SetTexture(258, checker)
`;
const T = join(dir, 'state.r9t');
writeFileSync(T, TEXT);
const LAST = 16;

// the parsed JSON document, walked by the assertions below (its shape is what they check)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;
const stateText = new Map<number, string>();
/** The state after `call`, parsed afresh each time from one run of inspect per call number. */
async function stateJson(call: number): Promise<Doc> {
  let out = stateText.get(call);
  if (out === undefined) {
    const r = await runCli('inspect', T, '--call', String(call), '--state', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    stateText.set(call, (out = r.out));
  }
  return JSON.parse(out);
}

const IDENTITY = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
const LIGHT2 = {
  index: 2, enabled: false, type: 'D3DLIGHT_POINT', diffuse: { r: 1, g: 0.5, b: 0.25, a: 1 }, specular: { r: 0, g: 0, b: 0, a: 0 }, ambient: { r: 0, g: 0, b: 0, a: 0 },
  position: { x: -3, y: 1.5, z: 1 }, direction: { x: 0, y: 0, z: 0 }, range: 12, falloff: 0, attenuation0: 0, attenuation1: 0.5, attenuation2: 0, theta: 0, phi: 0,
};
const ZERO = { r: 0, g: 0, b: 0, a: 0 };

// [what, the call that sets it, read from the JSON, before (D3D9 default, reference B.4), after (what the call set)]
const SETS: Array<[string, number, (d: Doc) => unknown, unknown, unknown]> = [
  ['D3DRS_ZFUNC by name', 2, (d) => d.renderStates.D3DRS_ZFUNC, 'D3DCMP_LESSEQUAL', 'D3DCMP_LESS'],
  ['D3DRS_CULLMODE by name', 3, (d) => d.renderStates.D3DRS_CULLMODE, 'D3DCULL_CCW', 'D3DCULL_NONE'],
  ['D3DRS_FOGSTART as a float', 4, (d) => d.renderStates.D3DRS_FOGSTART, 0, 6.5],
  ['sampler 1 D3DSAMP_MINFILTER', 5, (d) => d.samplerStates[1].D3DSAMP_MINFILTER, 'D3DTEXF_POINT', 'D3DTEXF_LINEAR'],
  ['stage 0 D3DTSS_COLOROP', 6, (d) => d.textureStageStates[0].D3DTSS_COLOROP, 'D3DTOP_MODULATE', 'D3DTOP_SELECTARG1'],
  ['the view matrix', 7, (d) => d.transforms.D3DTS_VIEW, IDENTITY, [[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [3, 4, 5, 1]]],
  ['the viewport', 8, (d) => d.viewport, { X: 0, Y: 0, Width: 16, Height: 8, MinZ: 0, MaxZ: 1 }, { X: 2, Y: 1, Width: 8, Height: 4, MinZ: 0.25, MaxZ: 0.75 }],
  ['the FVF as flag names', 9, (d) => d.fvf, { value: '0x00000000', flags: [] }, { value: '0x00000142', flags: ['D3DFVF_XYZ', 'D3DFVF_DIFFUSE', 'D3DFVF_TEX1'] }],
  ['a light once set', 10, (d) => d.lights, [], [LIGHT2]],
  ['the light enabled', 11, (d) => d.lights[0].enabled, false, true],
  ['the material', 12, (d) => d.material, { diffuse: ZERO, ambient: ZERO, specular: ZERO, emissive: ZERO, power: 0 },
    { diffuse: { r: 1, g: 1, b: 1, a: 1 }, ambient: { r: 0.5, g: 0.5, b: 0.5, a: 1 }, specular: ZERO, emissive: ZERO, power: 8 }],
  ['the texture on stage 0 by its handle name', 14, (d) => d.textures[0], null, 'checker'],
  ['vertex sampler 0 (D3DVERTEXTEXTURESAMPLER0, 257) D3DSAMP_MAGFILTER', 15, (d) => d.vertexSamplerStates[0].D3DSAMP_MAGFILTER, 'D3DTEXF_POINT', 'D3DTEXF_LINEAR'],
  ['the texture on vertex sampler 1 (258)', 16, (d) => d.vertexTextures[1], null, 'checker'],
];

describe('inspect --state --json shows each value before and after the call that sets it', () => {
  for (const [what, call, read, before, after] of SETS) {
    it(what, async () => {
      expect(read(await stateJson(call - 1))).toEqual(before);
      expect(read(await stateJson(call))).toEqual(after);
      expect(read(await stateJson(LAST))).toEqual(call === 10 ? [{ ...LIGHT2, enabled: true }] : after);
    });
  }

  it('names the bound surfaces as the surface listing does, and types other render states', async () => {
    const d = await stateJson(LAST);
    expect(d.renderTarget0).toBe('backbuffer');
    expect(d.depthStencil).toBe('depthstencil');
    // D3DZB_TRUE with an auto depth-stencil, 0xFFFFFFFF texture factor, FOGEND 1.0, LIGHTING TRUE (reference B.4)
    expect(d.renderStates).toMatchObject({ D3DRS_ZENABLE: 'D3DZB_TRUE', D3DRS_TEXTUREFACTOR: '0xffffffff', D3DRS_FOGEND: 1, D3DRS_LIGHTING: 'TRUE', D3DRS_STENCILMASK: 0xffffffff });
    expect(d.streamSources[0]).toEqual({ buffer: null, offset: 0, stride: 0 });
    expect(d.indices).toBeNull();
  });
});

describe('inspect --state --json is the complete state in a fixed key order', () => {
  it('prints the same bytes twice, sections in the documented order', async () => {
    const a = await runCli('inspect', T, '--call', String(LAST), '--state', '--json');
    const b = await runCli('inspect', T, '--call', String(LAST), '--state', '--json');
    expect(a.out).toBe(b.out);
    expect(Object.keys(JSON.parse(a.out))).toEqual([
      'call', 'frames', 'renderStates', 'samplerStates', 'vertexSamplerStates', 'textureStageStates', 'transforms', 'viewport', 'scissorRect',
      'renderTarget0', 'depthStencil', 'textures', 'vertexTextures', 'streamSources', 'indices', 'fvf', 'lights', 'material',
      'currentTexturePalette', 'nPatchSegments',
    ]);
  });

  it('holds every state, keyed in ascending state id, for 16 samplers and 8 stages', async () => {
    const d = await stateJson(LAST);
    const byId = (t: ReadonlyMap<number, { id: number; name: string }>): string[] => [...t.values()].sort((x, y) => x.id - y.id).map((i) => i.name);
    expect(Object.keys(d.renderStates)).toEqual(byId(RENDER_STATES));
    expect(d.samplerStates).toHaveLength(16);
    for (const s of d.samplerStates) expect(Object.keys(s)).toEqual(byId(SAMPLER_STATES));
    expect(d.vertexSamplerStates).toHaveLength(4);
    for (const s of d.vertexSamplerStates) expect(Object.keys(s)).toEqual(byId(SAMPLER_STATES));
    expect(d.vertexTextures).toEqual([null, 'checker', null, null]);
    expect(d.textureStageStates).toHaveLength(8);
    for (const s of d.textureStageStates) expect(Object.keys(s)).toEqual(byId(TEXTURE_STAGE_STATES));
    // transforms in ascending D3DTS value: VIEW 2, PROJECTION 3, TEXTURE0..7 16-23, WORLD 256
    expect(Object.keys(d.transforms)).toEqual(['D3DTS_VIEW', 'D3DTS_PROJECTION', ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `D3DTS_TEXTURE${i}`), 'D3DTS_WORLD']);
    expect(d.textures).toHaveLength(16);
    expect(d.streamSources).toHaveLength(16);
  });
});

describe('inspect --state text shows what differs from a new device', () => {
  it('lists what the trace set, by name, and hides the defaults', async () => {
    const r = await runCli('inspect', T, '--call', String(LAST), '--state');
    expect(r.code).toBe(0);
    for (const line of [
      /D3DRS_ZFUNC +D3DCMP_LESS$/m, /D3DRS_CULLMODE +D3DCULL_NONE$/m, /D3DRS_FOGSTART +6\.5$/m, /^sampler 1:\n +D3DSAMP_MINFILTER +D3DTEXF_LINEAR$/m,
      /^texture stage 0:\n +D3DTSS_COLOROP +D3DTOP_SELECTARG1$/m, /D3DTS_VIEW\n +\[2, 0, 0, 0\]/, /viewport: X 2, Y 1, Width 8, Height 4, MinZ 0\.25, MaxZ 0\.75/,
      /FVF: D3DFVF_XYZ \| D3DFVF_DIFFUSE \| D3DFVF_TEX1/, /light 2: enabled, D3DLIGHT_POINT, diffuse \(1, 0\.5, 0\.25, 1\)/, /material: .*power 8/, /stage 0: checker/,
      /^vertex sampler 0 \(257\):\n +D3DSAMP_MAGFILTER +D3DTEXF_LINEAR$/m, /^ +vertex sampler 1 \(258\): checker$/m,
    ]) expect(r.out).toMatch(line);
    for (const hidden of ['D3DRS_ZENABLE', 'D3DRS_LIGHTING', 'D3DSAMP_ADDRESSU', 'sampler 0:', 'D3DTS_WORLD', 'D3DTS_PROJECTION', 'render target 0', 'scissor rect', 'D3DTSS_COLORARG1']) {
      expect(r.out).not.toContain(hidden);
    }
  });

  it('says so when every value is at its default', async () => {
    const r = await runCli('inspect', T, '--call', '1', '--state');
    expect(r.out).toContain('every value is at its default');
    expect(r.out).not.toContain('D3DRS_');
  });

  it('shows every value with --all', async () => {
    const r = await runCli('inspect', T, '--call', '1', '--state', '--all');
    expect(r.code).toBe(0);
    for (const line of [/D3DRS_ZENABLE +D3DZB_TRUE$/m, /D3DRS_ZFUNC +D3DCMP_LESSEQUAL$/m, /D3DRS_LIGHTING +TRUE$/m, /D3DRS_FOGEND +1$/m, /D3DRS_TEXTUREFACTOR +0xffffffff$/m,
      /^sampler 15:$/m, /^vertex sampler 3 \(260\):$/m, /^texture stage 7:$/m, /D3DTS_WORLD\n/, /render target 0: backbuffer/, /depth-stencil: depthstencil/, /scissor rect: left 0, top 0, right 16, bottom 8/]) {
      expect(r.out).toMatch(line);
    }
  });
});

describe('inspect --state refuses what it cannot answer, exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a point before any device', ['--call', '0', '--state'], /no device exists at call 0/],
    ['--state with --surface', ['--call', '3', '--state', '--surface', 'backbuffer'], /does not take --surface/],
    ['--all without --state', ['--call', '3', '--all'], /--all goes with --state/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const r = await runCli('inspect', T, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    });
  }
});
