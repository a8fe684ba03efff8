/**
 * Fixed-function lighting ("Mathematics of Lighting"): expected colours are worked
 * out by hand from the documented formulas. Tolerance 1e-9 per channel (float64 path),
 * 1e-6 where float32 vertex data feeds a steep formula (the spot cone).
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DLIGHT, D3DMCS, D3DRS } from '../../../src/d3d9/index.js';
import { processVertices } from '../../../src/driver/raster/vertex/index.js';
import type { ClipVertex, LightState, MaterialState, Mat4 } from '../../../src/driver/raster/types.js';
import { color, dw, light, makeState, material, rotationY, scaling, stream, translation } from './helpers.js';
import type { Dword } from './helpers.js';

const { XYZ, NORMAL, DIFFUSE, SPECULAR } = D3DFVF;
const TOL = 1e-9;
const deg = (d: number): number => (d * Math.PI) / 180;

function expectColor(actual: readonly number[], expected: readonly number[]): void {
  expected.forEach((e, i) => expect(Math.abs(actual[i] - e), `channel ${i}: ${actual[i]} vs ${e}`).toBeLessThanOrEqual(TOL));
}

interface Lit {
  fvf?: number;
  lights: LightState[];
  material?: MaterialState;
  rs?: Record<number, number>;
  world?: Mat4;
  view?: Mat4;
}

/** Lights one vertex (the fields of `fvf`, default XYZ | NORMAL). */
function lit(o: Lit, vertex: (number | Dword)[]): ClipVertex {
  const s = makeState({
    fvf: o.fvf ?? (XYZ | NORMAL), lights: o.lights, material: o.material ?? material(),
    rs: { [D3DRS.LIGHTING]: 1, ...o.rs }, ...(o.world ? { world: o.world } : {}), ...(o.view ? { view: o.view } : {}),
  });
  return processVertices(s, stream([vertex]), 0, 1)[0];
}

describe('a directional light', () => {
  const sun = light({
    type: D3DLIGHT.DIRECTIONAL, direction: { x: 0, y: 0, z: 1 },
    diffuse: color(0.8, 0.6, 0.4, 1), ambient: color(0.1, 0.2, 0.3, 1),
  });
  const mat = material({ diffuse: color(1, 1, 1, 0.5), ambient: color(1, 0.5, 0.25, 1), emissive: color(0.1, 0, 0, 0) });
  const rs = { [D3DRS.AMBIENT]: 0xff204060 }; // Ga = (32, 64, 96)/255
  const ga = [32 / 255, 64 / 255, 96 / 255];
  /** normal tilted θ from facing the light (−z): N·L = cos θ */
  const tilted = (t: number): number[] => [0, 0, 0, 0, Math.sin(deg(t)), -Math.cos(deg(t))];

  it('at 60°: Ca·(Ga + La) + Cd·Ld·cos 60° + Ce, alpha = material diffuse alpha', () => {
    const v = lit({ lights: [sun], material: mat, rs }, tilted(60));
    expectColor(v.diffuse, [
      1 * (ga[0] + 0.1) + 0.8 * 0.5 + 0.1,
      0.5 * (ga[1] + 0.2) + 0.6 * 0.5,
      0.25 * (ga[2] + 0.3) + 0.4 * 0.5,
      0.5,
    ]);
  });

  it('head-on the red channel saturates at 1', () => {
    const v = lit({ lights: [sun], material: mat, rs }, tilted(0));
    expectColor(v.diffuse, [1, 0.5 * (ga[1] + 0.2) + 0.6, 0.25 * (ga[2] + 0.3) + 0.4, 0.5]);
  });

  it('facing away (120°) keeps only ambient and emissive', () => {
    const v = lit({ lights: [sun], material: mat, rs }, tilted(120));
    expectColor(v.diffuse, [ga[0] + 0.1 + 0.1, 0.5 * (ga[1] + 0.2), 0.25 * (ga[2] + 0.3), 0.5]);
  });

  it('a rotating view matrix turns the light with the scene: the same colour', () => {
    const a = lit({ lights: [sun], material: mat, rs }, tilted(60));
    const b = lit({ lights: [sun], material: mat, rs, view: rotationY(90) }, tilted(60));
    expectColor(b.diffuse, a.diffuse);
  });

  it('a vertex without NORMAL gets ambient and emissive only', () => {
    const v = lit({ fvf: XYZ, lights: [sun], material: mat, rs }, [0, 0, 0]);
    expectColor(v.diffuse, [ga[0] + 0.1 + 0.1, 0.5 * (ga[1] + 0.2), 0.25 * (ga[2] + 0.3), 0.5]);
  });
});

describe('a point light: attenuation 1/(a0 + a1·d + a2·d²), nothing beyond Range', () => {
  // light at world z = 1, the view moves everything by 10: distances stay in camera space
  const bulb = light({
    type: D3DLIGHT.POINT, position: { x: 0, y: 0, z: 1 }, diffuse: color(0.9, 0.6, 0.3, 1), ambient: color(0.3, 0.3, 0.3, 1),
    attenuation0: 1, attenuation1: 0.5, attenuation2: 0.25, range: 5,
  });
  const mat = material({ ambient: color(1, 1, 1, 1) });
  const at = (z: number): ClipVertex => lit({ lights: [bulb], material: mat, view: translation(0, 0, 10) }, [0, 0, z, 0, 0, -1]);

  it('d = 2: atten = 1/(1 + 1 + 1) = 1/3 on diffuse and ambient', () => {
    expectColor(at(3).diffuse, [(0.9 + 0.3) / 3, (0.6 + 0.3) / 3, (0.3 + 0.3) / 3, 1]);
  });

  it('d = Range = 5 is still lit: atten = 1/(1 + 2.5 + 6.25)', () => {
    const k = 1 / (1 + 2.5 + 6.25);
    expectColor(at(6).diffuse, [1.2 * k, 0.9 * k, 0.6 * k, 1]);
  });

  it('d = 6 > Range: no light at all, not even its ambient', () => {
    expectColor(at(7).diffuse, [0, 0, 0, 1]);
  });
});

describe('a spot light: full inside Theta/2, falloff between, dark outside Phi/2', () => {
  const spot = (falloff: number): LightState => light({
    type: D3DLIGHT.SPOT, position: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 1 },
    diffuse: color(1, 1, 1, 1), theta: deg(60), phi: deg(90), falloff, attenuation0: 1, range: 100,
  });
  /** a vertex 2 away at α off the axis, its normal facing the light (N·L = 1) */
  const at = (a: number, falloff = 1): number => {
    const s = Math.sin(deg(a)), c = Math.cos(deg(a));
    return lit({ lights: [spot(falloff)] }, [2 * s, 0, 2 * c, -s, 0, -c]).diffuse[0];
  };
  const between = (Math.cos(deg(40)) - Math.cos(deg(45))) / (Math.cos(deg(30)) - Math.cos(deg(45)));
  // the vertex is stored as float32, so rho is off by ~1e-7 and the ratio by ~1e-6
  const SPOT_TOL = 1e-6;

  it('20° off the axis (inside the 30° half-angle of Theta): 1', () => {
    expect(Math.abs(at(20) - 1)).toBeLessThanOrEqual(SPOT_TOL);
  });

  it('40° (between the cones): ((cos 40° − cos 45°)/(cos 30° − cos 45°))^Falloff', () => {
    expect(Math.abs(at(40) - between)).toBeLessThanOrEqual(SPOT_TOL);
    expect(Math.abs(at(40, 2) - between * between)).toBeLessThanOrEqual(SPOT_TOL);
    expect(between).toBeCloseTo(0.37087, 4); // the same by hand
  });

  it('50° (outside the 45° half-angle of Phi): 0', () => {
    expect(at(50)).toBe(0);
  });
});

describe('specular: Cs·Ls·(N·H)^P with the halfway vector', () => {
  const sun = light({ type: D3DLIGHT.DIRECTIONAL, direction: { x: 0, y: 0, z: 1 }, specular: color(1, 1, 1, 1) });
  const mat = material({ specular: color(1, 0.5, 0.25, 1), power: 10 });
  const vertex = [3, 0, 4, 0, 0, -1]; // camera-space (3, 0, 4), facing the light
  const spec = (rs: Record<number, number>, l = sun): number[] => lit({ lights: [l], material: mat, rs }, vertex).specular;

  it('LOCALVIEWER FALSE: V = (0, 0, −1), H = (0, 0, −1), N·H = 1', () => {
    expectColor(spec({ [D3DRS.SPECULARENABLE]: 1, [D3DRS.LOCALVIEWER]: 0 }), [1, 0.5, 0.25, 1]);
  });

  it('LOCALVIEWER TRUE: V = (−0.6, 0, −0.8), (N·H)² = 3.24/3.6 = 0.9, so (N·H)^10 = 0.9^5', () => {
    const k = 0.59049;
    expectColor(spec({ [D3DRS.SPECULARENABLE]: 1, [D3DRS.LOCALVIEWER]: 1 }), [k, 0.5 * k, 0.25 * k, k]);
  });

  it('SPECULARENABLE FALSE computes no specular', () => {
    expectColor(spec({ [D3DRS.SPECULARENABLE]: 0 }), [0, 0, 0, 0]);
  });

  it('a light behind the surface (N·L < 0) adds no highlight', () => {
    const behind = light({ type: D3DLIGHT.DIRECTIONAL, direction: { x: 0, y: 0, z: -1 }, specular: color(1, 1, 1, 1) });
    expectColor(spec({ [D3DRS.SPECULARENABLE]: 1, [D3DRS.LOCALVIEWER]: 0 }, behind), [0, 0, 0, 0]);
  });
});

describe('material colour sources and COLORVERTEX', () => {
  // no lights, Ga = 1: diffuse = Ca + Ce, alpha = Cd.a
  const mat = material({ diffuse: color(0.2, 0.2, 0.2, 0.25), ambient: color(0.5, 0.5, 0.5, 1), emissive: color(0, 0.1, 0, 0) });
  const full = [0, 0, 0, 0, 0, -1, dw(0xff0000ff), dw(0x80ff0000)]; // diffuse blue, specular red with alpha 128
  const run = (rs: Record<number, number>, fvf = XYZ | NORMAL | DIFFUSE | SPECULAR, v = full): number[] =>
    lit({ fvf, lights: [], material: mat, rs: { [D3DRS.AMBIENT]: 0xffffffff, ...rs } }, v).diffuse;

  it('defaults (diffuse COLOR1, ambient and emissive MATERIAL): Ca + Ce, alpha from the vertex diffuse', () => {
    expectColor(run({}), [0.5, 0.6, 0.5, 1]);
  });

  it('AMBIENTMATERIALSOURCE COLOR1 takes the vertex diffuse as Ca', () => {
    expectColor(run({ [D3DRS.AMBIENTMATERIALSOURCE]: D3DMCS.COLOR1 }), [0, 0.1, 1, 1]);
  });

  it('EMISSIVEMATERIALSOURCE COLOR2 takes the vertex specular as Ce', () => {
    expectColor(run({ [D3DRS.EMISSIVEMATERIALSOURCE]: D3DMCS.COLOR2 }), [1, 0.5, 0.5, 1]);
  });

  it('DIFFUSEMATERIALSOURCE COLOR2: the output alpha is the vertex specular alpha', () => {
    expectColor(run({ [D3DRS.DIFFUSEMATERIALSOURCE]: D3DMCS.COLOR2 }), [0.5, 0.6, 0.5, 128 / 255]);
  });

  it('COLORVERTEX FALSE: every source is the material', () => {
    const rs = {
      [D3DRS.COLORVERTEX]: 0, [D3DRS.AMBIENTMATERIALSOURCE]: D3DMCS.COLOR1, [D3DRS.EMISSIVEMATERIALSOURCE]: D3DMCS.COLOR2,
    };
    expectColor(run(rs), [0.5, 0.6, 0.5, 0.25]);
  });

  it('a source naming a colour the vertex lacks falls back to the material', () => {
    const rs = { [D3DRS.EMISSIVEMATERIALSOURCE]: D3DMCS.COLOR2, [D3DRS.AMBIENTMATERIALSOURCE]: D3DMCS.COLOR1 };
    expectColor(run(rs, XYZ | NORMAL, [0, 0, 0, 0, 0, -1]), [0.5, 0.6, 0.5, 0.25]);
  });

  it('SPECULARMATERIALSOURCE COLOR2 (default) lights with the vertex specular', () => {
    const sun = light({ type: D3DLIGHT.DIRECTIONAL, direction: { x: 0, y: 0, z: 1 }, specular: color(1, 1, 1, 1) });
    const v = lit({ fvf: XYZ | NORMAL | DIFFUSE | SPECULAR, lights: [sun], material: mat, rs: { [D3DRS.SPECULARENABLE]: 1 } }, full);
    expectColor(v.specular, [1, 0, 0, 128 / 255]); // Power 0: (N·H)^0 = 1
  });
});

describe('normals: inverse transpose of WORLD·VIEW, NORMALIZENORMALS', () => {
  const sun = light({ type: D3DLIGHT.DIRECTIONAL, direction: { x: 0, y: 0, z: 1 }, diffuse: color(1, 1, 1, 1) });
  const ndotl = (world: Mat4, normalize: number, n: number[]): number =>
    lit({ lights: [sun], world, rs: { [D3DRS.NORMALIZENORMALS]: normalize } }, [0, 0, 0, ...n]).diffuse[0];

  it('a world scaled by 2 shrinks the normal to ½ unless NORMALIZENORMALS', () => {
    expect(Math.abs(ndotl(scaling(2, 2, 2), 0, [0, 0, -1]) - 0.5)).toBeLessThanOrEqual(TOL);
    expect(Math.abs(ndotl(scaling(2, 2, 2), 1, [0, 0, -1]) - 1)).toBeLessThanOrEqual(TOL);
  });

  it('a non-uniform scale (2, 1, 1) keeps normals perpendicular: (1, 0, −1)/√2 → N·L = 2/√5', () => {
    expect(Math.abs(ndotl(scaling(2, 1, 1), 1, [Math.SQRT1_2, 0, -Math.SQRT1_2]) - 2 / Math.sqrt(5))).toBeLessThanOrEqual(TOL);
  });

  it('a flattening (singular) world still lights its plane: the cofactor matrix keeps (0, 0, −1)', () => {
    expect(Math.abs(ndotl(scaling(1, 1, 0), 0, [0, 0, -1]) - 1)).toBeLessThanOrEqual(TOL);
  });
});
