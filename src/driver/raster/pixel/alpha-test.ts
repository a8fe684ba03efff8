/**
 * Alpha test (reference B.3 step 2, "Alpha Testing State"): the colour's alpha,
 * converted to 8 bits by FLOAT→UNORM (·255, +0.5, truncate; reference C.5), is
 * compared with ALPHAREF & 0xFF as `alpha8 ALPHAFUNC ref`. A failure skips all
 * frame-buffer processing for the pixel.
 */
import { D3DCMP, D3DRS } from '../../../d3d9/index.js';
import type { RasterState } from '../types.js';
import { compareFn } from './compare.js';
import { unorm8Of } from './unorm8.js';
import type { AlphaTestPath, AlphaTestStage } from './types.js';
import { assertNever } from './types.js';

export function genericAlphaTest(state: RasterState): AlphaTestStage {
  const rs = state.renderStates;
  if (rs[D3DRS.ALPHATESTENABLE] === 0) return () => true;
  const ref = rs[D3DRS.ALPHAREF] & 0xff;
  const test = compareFn(rs[D3DRS.ALPHAFUNC]);
  return (color) => test(unorm8Of(color, 3), ref);
}

const pass: AlphaTestStage = () => true;

export function chooseAlphaTest(state: RasterState): AlphaTestPath {
  const rs = state.renderStates;
  return rs[D3DRS.ALPHATESTENABLE] === 0 || rs[D3DRS.ALPHAFUNC] === D3DCMP.ALWAYS ? 'off' : 'generic';
}

export function createAlphaTest(path: AlphaTestPath, state: RasterState): AlphaTestStage {
  switch (path) {
    case 'off': return pass;
    case 'generic': return genericAlphaTest(state);
    default: return assertNever(path, 'alpha-test path');
  }
}
