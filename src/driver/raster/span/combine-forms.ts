/**
 * What the texture stages of a draw compute, in the few shapes the span loops
 * reproduce: no texture read at all (the colour is a function of the
 * triangle's diffuse and specular), the diffuse colour passed through, or one
 * stage whose colour and alpha are the texel, the diffuse, or their product.
 * Read from compileStages, so unbound-texture rewrites and DISABLE rules are
 * the generic path's own.
 */
import { D3DTA, D3DTOP } from '../../../d3d9/index.js';
import { CombineRegisters } from '../pixel/texture-ops.js';
import { compileStages } from '../pixel/texture-stages.js';
import type { CompiledStage } from '../pixel/texture-stages.js';
import type { RasterState } from '../types.js';

/** Per channel group: the texel, the diffuse colour, or texel × diffuse (then clamped, as MODULATE). */
export const FORM_TEXTURE = 0;
export const FORM_DIFFUSE = 1;
export const FORM_MODULATE = 2;

/** 'T' for the texture register, 'D' for diffuse (CURRENT is the diffuse colour at stage 0), without modifiers. */
function operand(arg: number): 'T' | 'D' | undefined {
  if (arg === D3DTA.TEXTURE) return 'T';
  if (arg === D3DTA.DIFFUSE || arg === D3DTA.CURRENT) return 'D';
  return undefined;
}

/** The form of one op of stage 0 (args: ARG0, ARG1, ARG2), or undefined when it is none of the three. */
function formOf(op: number, args: readonly number[]): number | undefined {
  const a1 = operand(args[1]), a2 = operand(args[2]);
  const pick = (o: 'T' | 'D' | undefined): number | undefined => (o === 'T' ? FORM_TEXTURE : o === 'D' ? FORM_DIFFUSE : undefined);
  if (op === D3DTOP.SELECTARG1) return pick(a1);
  if (op === D3DTOP.SELECTARG2) return pick(a2);
  if (op === D3DTOP.MODULATE && a1 && a2 && a1 !== a2) return FORM_MODULATE;
  return undefined;
}

export interface StageForms {
  stage: CompiledStage;
  color: number;
  alpha: number;
}

/** What the span paths need to know of a draw's texture stages (one compileStages). */
export interface StageAnalysis {
  /** a stage that runs samples a bound texture */
  samplesTexture: boolean;
  /** the output is the interpolated diffuse colour unchanged (stage 0 disabled, or selecting diffuse) */
  passesDiffuse: boolean;
  /** stage 0 alone, writing CURRENT, its colour and alpha each one of the forms */
  forms: StageForms | undefined;
}

/** compileStages' registers, only compared against here: one set serves every analysis. */
const registers = new CombineRegisters();

export function analyseStages(state: RasterState): StageAnalysis {
  const r = registers;
  const stages = compileStages(state, r);
  const forms = stages.length === 1 ? formsOf(stages[0], r) : undefined;
  return {
    samplesTexture: stages.some((s) => s.readsTexture && s.bound),
    passesDiffuse: stages.length === 0 || (forms !== undefined && forms.color === FORM_DIFFUSE && forms.alpha === FORM_DIFFUSE),
    forms,
  };
}

function formsOf(s: CompiledStage, r: CombineRegisters): StageForms | undefined {
  if (s.dest !== r.current) return undefined;
  const color = formOf(s.colorOp, s.colorArgs);
  // ALPHAOP DISABLE (or not run) leaves CURRENT's alpha: the diffuse alpha
  const alpha = s.alphaOp === D3DTOP.DISABLE ? FORM_DIFFUSE : formOf(s.alphaOp, s.alphaArgs);
  if (color === undefined || alpha === undefined) return undefined;
  return { stage: s, color, alpha };
}
