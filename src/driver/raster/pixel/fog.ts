/**
 * Specular add and fog (reference B.3 step 1; "Fog Formulas", "Pixel Fog").
 * SPECULARENABLE adds the specular RGB (not alpha). With FOGENABLE the colour
 * becomes f·colour + (1 − f)·FOGCOLOR on RGB, where f is the table (pixel) fog
 * of FOGTABLEMODE when it is not NONE, else the interpolated vertex fog factor.
 */
import { D3DFOG, D3DRS, bitsToFloat32 } from '../../../d3d9/index.js';
import type { Fragment, RasterState } from '../types.js';
import { colorToFloats } from './texture-ops.js';
import type { ColorSumPath, ColorSumStage } from './types.js';
import { assertNever } from './types.js';

/** Table-fog parameters, read once per draw. */
export interface FogParams {
  mode: number;
  start: number;
  end: number;
  density: number;
}

/**
 * The table fog factor at depth d = f.z (clamped to [0, 1]), into out[0]:
 * LINEAR (end − d)/(end − start), EXP e^−(d·density), EXP2 e^−(d·density)².
 * FOGSTART = FOGEND fogs fully, as the vertex stage does (Wine's Windows-validated fog_test: start = end fogs everything).
 * Neither the depth nor the factor is a number argument or result: V8 boxes those when it does not inline the call.
 */
export function tableFogFactor(p: FogParams, frag: Fragment, out: Float64Array): void {
  const d = frag.z;
  let f: number;
  switch (p.mode) {
    case D3DFOG.LINEAR:
      f = p.end === p.start ? 0 : (p.end - d) / (p.end - p.start);
      break;
    case D3DFOG.EXP: f = Math.exp(-(d * p.density)); break;
    case D3DFOG.EXP2: { const t = d * p.density; f = Math.exp(-(t * t)); break; }
    default: f = 1;
  }
  out[0] = f > 0 ? (f < 1 ? f : 1) : 0;
}

export function fogParams(state: RasterState): FogParams {
  const rs = state.renderStates;
  return {
    mode: rs[D3DRS.FOGTABLEMODE],
    start: bitsToFloat32(rs[D3DRS.FOGSTART]),
    end: bitsToFloat32(rs[D3DRS.FOGEND]),
    density: bitsToFloat32(rs[D3DRS.FOGDENSITY]),
  };
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/**
 * Table fog reads the fragment's depth z in [0, 1] (before depth bias): the
 * device does not claim D3DPRASTERCAPS_WFOG, and "Pixel Fog" says such devices
 * use z. FOGSTART/FOGEND are then device-space depths.
 */
export function genericColorSum(state: RasterState): ColorSumStage {
  const rs = state.renderStates;
  const specular = rs[D3DRS.SPECULARENABLE] !== 0;
  const fog = rs[D3DRS.FOGENABLE] !== 0;
  const p = fogParams(state);
  const table = p.mode === D3DFOG.LINEAR || p.mode === D3DFOG.EXP || p.mode === D3DFOG.EXP2;
  const fogColor = new Float32Array(4);
  colorToFloats(rs[D3DRS.FOGCOLOR], fogColor);
  const factor = new Float64Array(1);
  return (f, color) => {
    if (specular) for (let c = 0; c < 3; c++) color[c] = clamp01(color[c] + f.specular[c]);
    if (!fog) return;
    if (table) tableFogFactor(p, f, factor);
    else factor[0] = clamp01(f.fog);
    const k = factor[0];
    for (let c = 0; c < 3; c++) color[c] = k * color[c] + (1 - k) * fogColor[c];
  };
}

const noColorSum: ColorSumStage = () => {};

export function chooseColorSum(state: RasterState): ColorSumPath {
  const rs = state.renderStates;
  return rs[D3DRS.SPECULARENABLE] === 0 && rs[D3DRS.FOGENABLE] === 0 ? 'off' : 'generic';
}

export function createColorSum(path: ColorSumPath, state: RasterState): ColorSumStage {
  switch (path) {
    case 'off': return noColorSum;
    case 'generic': return genericColorSum(state);
    default: return assertNever(path, 'colour-sum path');
  }
}
