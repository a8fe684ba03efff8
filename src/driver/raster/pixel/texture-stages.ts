/**
 * The texture stages (reference B.3 step 1, "Texture Blending"): stages 0..7 run
 * in order until the first whose COLOROP is DISABLE; each reads its arguments,
 * computes COLOROP on RGB and ALPHAOP on A, clamps, and writes RESULTARG (CURRENT
 * or TEMP). CURRENT starts as the diffuse colour, TEMP as 0. The output colour
 * is CURRENT after the last stage.
 */
import { D3DFVF, D3DFVF_TEXCOUNT_SHIFT, D3DRS, D3DTA, D3DTOP, D3DTSS, D3DTTFF, fvfTexCoordSize } from '../../../d3d9/index.js';
import { MAX_TEXCOORDS } from '../types.js';
import type { Fragment, RasterState } from '../types.js';
import { CombineRegisters, applyOp, colorToFloats, copy4, opArguments, opReadsTexture, readArg } from './texture-ops.js';
import type { CombinePath, CombineStage, SampleCoords, StageSampler } from './types.js';
import { assertNever } from './types.js';

/** One stage, resolved from the frozen state. */
export interface CompiledStage {
  stage: number;
  colorOp: number;
  alphaOp: number;
  /** [ARG0, ARG1, ARG2] D3DTA values and the registers they select */
  colorArgs: readonly number[];
  colorSrc: readonly Float32Array[];
  alphaArgs: readonly number[];
  alphaSrc: readonly Float32Array[];
  /** bits of the arguments each op reads (1 ARG0, 2 ARG1, 4 ARG2) */
  colorUses: number;
  alphaUses: number;
  /** CURRENT or TEMP */
  dest: Float32Array;
  /** the stage reads its texel */
  readsTexture: boolean;
  /** a texture is bound: the sampler is called; else the texel is (0, 0, 0, 1) */
  bound: boolean;
  /** components counted by D3DTTFF_PROJECTED (2..4), 0 when not projected */
  project: number;
}

/** Fragment coordinates of stage s live at tex[4s .. 4s+3]. */
const COMPONENTS = 4;

/**
 * How many coordinates D3DTTFF_PROJECTED counts: the COUNTn in the flags' low byte;
 * with DISABLE (0), a choice: the size the FVF declares for the stage's coordinate
 * set (TEXCOORDINDEX's low word), else 4. 0 when not projected or when the count is 1.
 */
export function projectedCount(state: RasterState, stage: number): number {
  const ttff = state.stageStates[stage][D3DTSS.TEXTURETRANSFORMFLAGS];
  if ((ttff & D3DTTFF.PROJECTED) === 0) return 0;
  let n = ttff & 0xff;
  if (n < 1 || n > 4) {
    const set = state.stageStates[stage][D3DTSS.TEXCOORDINDEX] & 0xffff;
    const layout = state.vertexLayout;
    const sets = layout ? layout.texCount : (state.fvf & D3DFVF.TEXCOUNT_MASK) >>> D3DFVF_TEXCOUNT_SHIFT;
    const size = layout ? layout.texSize[set] : set < sets ? fvfTexCoordSize(state.fvf, set) : 0;
    n = set < sets && size > 0 ? size : 4;
  }
  return n >= 2 ? n : 0;
}

function argReadsTexture(args: readonly number[], uses: number): boolean {
  for (let i = 0; i < 3; i++) if ((uses & (1 << i)) !== 0 && (args[i] & D3DTA.SELECTMASK) === D3DTA.TEXTURE) return true;
  return false;
}

/**
 * With no texture bound, an operation that reads the stage's texture passes the current colour
 * through instead (what untextured D3D9 draws with the default MODULATE stage show: the diffuse
 * colour; Wine's fixed function does the same). SELECTARG1/2 reading only the other argument, and
 * LERP/MULTIPLYADD reading it only as ARG0, are kept as they are.
 */
function unboundTextureOp(op: number, args: number[]): number {
  if (op === D3DTOP.DISABLE) return op;
  const tex = (a: number): boolean => (a & D3DTA.SELECTMASK) === D3DTA.TEXTURE;
  const reads = (tex(args[1]) && op !== D3DTOP.SELECTARG2) || (tex(args[2]) && op !== D3DTOP.SELECTARG1)
    || (tex(args[0]) && (op === D3DTOP.MULTIPLYADD || op === D3DTOP.LERP));
  if (!reads) return op;
  args[1] = D3DTA.CURRENT;
  return D3DTOP.SELECTARG1;
}

function compileStage(state: RasterState, r: CombineRegisters, stage: number): CompiledStage {
  const ss = state.stageStates[stage];
  const colorArgs = [ss[D3DTSS.COLORARG0], ss[D3DTSS.COLORARG1], ss[D3DTSS.COLORARG2]];
  const alphaArgs = [ss[D3DTSS.ALPHAARG0], ss[D3DTSS.ALPHAARG1], ss[D3DTSS.ALPHAARG2]];
  const unbound = (state.textures[stage] ?? null) === null;
  const colorOp = unbound ? unboundTextureOp(ss[D3DTSS.COLOROP], colorArgs) : ss[D3DTSS.COLOROP];
  const alphaOp = unbound ? unboundTextureOp(ss[D3DTSS.ALPHAOP], alphaArgs) : ss[D3DTSS.ALPHAOP];
  // DOTPRODUCT3 as the colour op replicates into alpha: ALPHAOP is not run ("Texture Blending")
  const alphaRuns = colorOp !== D3DTOP.DOTPRODUCT3 && alphaOp !== D3DTOP.DISABLE;
  const colorUses = opArguments(colorOp);
  const alphaUses = alphaRuns ? opArguments(alphaOp) : 0;
  const readsTexture = argReadsTexture(colorArgs, colorUses) || argReadsTexture(alphaArgs, alphaUses)
    || opReadsTexture(colorOp) || (alphaRuns && opReadsTexture(alphaOp));
  colorToFloats(ss[D3DTSS.CONSTANT], r.constants[stage]);
  return {
    stage, colorOp, alphaOp: alphaRuns ? alphaOp : D3DTOP.DISABLE,
    colorArgs, colorSrc: colorArgs.map((a) => r.source(stage, a)),
    alphaArgs, alphaSrc: alphaArgs.map((a) => r.source(stage, a)),
    colorUses, alphaUses,
    dest: (ss[D3DTSS.RESULTARG] & D3DTA.SELECTMASK) === D3DTA.TEMP ? r.temp : r.current,
    readsTexture,
    bound: (state.textures[stage] ?? null) !== null,
    project: projectedCount(state, stage),
  };
}

/** The stages that run: 0 .. the one before the first COLOROP DISABLE. */
export function compileStages(state: RasterState, r: CombineRegisters): CompiledStage[] {
  const out: CompiledStage[] = [];
  for (let s = 0; s < MAX_TEXCOORDS && s < state.stageStates.length; s++) {
    if (state.stageStates[s][D3DTSS.COLOROP] === D3DTOP.DISABLE) break;
    out.push(compileStage(state, r, s));
  }
  return out;
}

/** Scratch coordinates handed to the sampler. */
function newCoords(): { tex: Float64Array; dx: Float64Array; dy: Float64Array } {
  return { tex: new Float64Array(4), dx: new Float64Array(4), dy: new Float64Array(4) };
}

/**
 * Stage s's coordinates from the fragment; with D3DTTFF_PROJECTED and n counted
 * components, the first n − 1 are divided by the n-th (derivatives by the quotient rule).
 */
export function stageCoords(f: Fragment, stage: number, project: number, c: { tex: Float64Array; dx: Float64Array; dy: Float64Array }): void {
  const o = stage * COMPONENTS;
  for (let i = 0; i < COMPONENTS; i++) {
    c.tex[i] = f.tex[o + i];
    c.dx[i] = f.texDx[o + i];
    c.dy[i] = f.texDy[o + i];
  }
  if (project < 2) return;
  const k = project - 1;
  const q = c.tex[k], qx = c.dx[k], qy = c.dy[k];
  const q2 = q * q;
  for (let i = 0; i < k; i++) {
    c.dx[i] = (c.dx[i] * q - c.tex[i] * qx) / q2;
    c.dy[i] = (c.dy[i] * q - c.tex[i] * qy) / q2;
    c.tex[i] /= q;
  }
}

function readArgs(args: readonly number[], src: readonly Float32Array[], uses: number, r: CombineRegisters): void {
  if ((uses & 1) !== 0) readArg(src[0], args[0], r.arg0);
  if ((uses & 2) !== 0) readArg(src[1], args[1], r.arg1);
  if ((uses & 4) !== 0) readArg(src[2], args[2], r.arg2);
}

function runStage(s: CompiledStage, r: CombineRegisters): void {
  const res = r.result;
  copy4(s.dest, res);
  readArgs(s.colorArgs, s.colorSrc, s.colorUses, r);
  if (s.colorOp === D3DTOP.DOTPRODUCT3) {
    applyOp(s.colorOp, r, 0, 4, res);
  } else {
    applyOp(s.colorOp, r, 0, 3, res);
    if (s.alphaOp !== D3DTOP.DISABLE) {
      readArgs(s.alphaArgs, s.alphaSrc, s.alphaUses, r);
      applyOp(s.alphaOp, r, 3, 4, res);
    }
  }
  copy4(res, s.dest);
}

/** The generic texture stages: every op, argument and modifier. */
export function genericCombine(state: RasterState, sampler: StageSampler): CombineStage {
  const r = new CombineRegisters();
  colorToFloats(state.renderStates[D3DRS.TEXTUREFACTOR], r.tfactor);
  const stages = compileStages(state, r);
  const coords = newCoords();
  const view: SampleCoords = coords;
  return (f, color) => {
    copy4(f.diffuse, r.diffuse);
    copy4(f.specular, r.specular);
    copy4(f.diffuse, r.current);
    r.temp[0] = 0; r.temp[1] = 0; r.temp[2] = 0; r.temp[3] = 0;
    for (let i = 0; i < stages.length; i++) {
      const s = stages[i];
      if (s.readsTexture) {
        if (s.bound) {
          stageCoords(f, s.stage, s.project, coords);
          sampler(s.stage, view, r.texture);
        } else {
          r.texture[0] = 0; r.texture[1] = 0; r.texture[2] = 0; r.texture[3] = 1;
        }
      }
      runStage(s, r);
    }
    copy4(r.current, color);
  };
}

/** Stage 0 disabled: the colour is the diffuse colour as interpolated. */
export const diffuseCombine: CombineStage = (f, color) => {
  copy4(f.diffuse, color);
};

export function chooseCombine(state: RasterState): CombinePath {
  return state.stageStates.length === 0 || state.stageStates[0][D3DTSS.COLOROP] === D3DTOP.DISABLE ? 'diffuse' : 'generic';
}

export function createCombine(path: CombinePath, state: RasterState, sampler: StageSampler): CombineStage {
  switch (path) {
    case 'diffuse': return diffuseCombine;
    case 'generic': return genericCombine(state, sampler);
    default: return assertNever(path, 'combine path');
  }
}
