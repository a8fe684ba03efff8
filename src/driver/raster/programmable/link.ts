/**
 * How the vertex side of a shader draw hands attributes to the pixel side. Fixed meanings travel
 * in the ClipVertex fields the fixed-function pipeline uses (diffuse, specular, fog, tex sets 0..7);
 * anything else travels as generic varyings (tex sets MAX_TEXCOORDS..+MAX_VARYINGS), whose
 * semantics a per-draw table gives: a vs_3_0's output registers (o0..o11 by their dcl), or the
 * elements of a POSITIONT declaration, whose vertices skip the vertex shader.
 *
 * A pixel shader input links by semantic (usage, usage index): a varying with that semantic first
 * (vs_3_0 COLOR outputs keep their range), else COLOR0/1 as the saturated diffuse/specular, TEXCOORDn
 * (n < 8) as coordinate set n, FOG as the fog factor in x; anything else reads (0, 0, 0, 0).
 * Before ps_3_0 the inputs are v0 = COLOR0, v1 = COLOR1, t0..t7 = TEXCOORD0..7. When the draw
 * rasterizes point sprites, TEXCOORDn (n < 8) always reads coordinate set n, the set the sprite
 * replaces with its (u, v, 0, 1) (D3DRS_POINTSPRITEENABLE; Wine visual.c test_pointsize, vs_3_0 with
 * ps_3_0 on Windows), even where a vs_3_0 varying carries that semantic. FLAT shading holds
 * COLOR inputs alone at the provoking vertex's value (the diffuse/specular fields, or a COLOR varying).
 */
import { D3DDECLUSAGE } from '../../../d3d9/index.js';
import type { ShaderExecutable } from '../../shader/types.js';
import { PS_IN, PS_IN_SLOTS } from '../../shader/types.js';
import { MAX_TEXCOORDS, MAX_VARYINGS } from '../types.js';

export interface VaryingSemantic { readonly usage: number; readonly usageIndex: number }

/** Where one pixel shader input reads from the fragment. */
export const SOURCE = { ZERO: 0, DIFFUSE: 1, SPECULAR: 2, FOG: 3, TEX: 4 } as const;

/** Per pixel shader input slot: SOURCE, and for TEX the coordinate set (varyings are sets ≥ MAX_TEXCOORDS). */
export interface InputLink {
  readonly source: Uint8Array;
  readonly set: Uint8Array;
  /** coordinate sets (then varyings) the draw must interpolate: one past the highest linked */
  readonly sets: number;
  /** the input slots the shader reads, in ascending order (the others are never loaded) */
  readonly slots: Uint8Array;
  /** bit s: set s carries a COLOR input (FLAT shading holds it at the provoking vertex's value) */
  readonly colorSets: number;
}

/** The semantic a pixel shader input slot stands for. */
export function pixelInputSemantic(ps: ShaderExecutable, slot: number): VaryingSemantic | undefined {
  if (ps.version >= 0x300) return ps.inputs.find((s) => s.slot === slot);
  if (slot === PS_IN.V0 || slot === PS_IN.V1) return { usage: D3DDECLUSAGE.COLOR, usageIndex: slot - PS_IN.V0 };
  return { usage: D3DDECLUSAGE.TEXCOORD, usageIndex: slot - PS_IN.T0 };
}

/**
 * Links every input slot of `ps` to what the vertex side gives (`varyings`: the draw's varying
 * semantics; `sprites`: the draw rasterizes point sprites).
 */
export function linkPixelInputs(ps: ShaderExecutable, varyings: readonly VaryingSemantic[], sprites = false): InputLink {
  const source = new Uint8Array(PS_IN_SLOTS);
  const set = new Uint8Array(PS_IN_SLOTS);
  let sets = 0;
  let colorSets = 0;
  // from ps_2_0 on every input is declared; a ps_1_x reads t registers without listing them (tex, texcoord)
  const read = ps.version >= 0x200 ? new Set(ps.inputs.map((s) => s.slot)) : null;
  const slots: number[] = [];
  for (let slot = 0; slot < PS_IN_SLOTS; slot++) {
    const sem = pixelInputSemantic(ps, slot);
    if (!sem || (read !== null && !read.has(slot))) continue;
    slots.push(slot);
    const spriteSet = sprites && sem.usage === D3DDECLUSAGE.TEXCOORD && sem.usageIndex < MAX_TEXCOORDS;
    const k = spriteSet ? -1 : varyings.findIndex((v) => v.usage === sem.usage && v.usageIndex === sem.usageIndex);
    if (k >= 0 && k < MAX_VARYINGS) {
      source[slot] = SOURCE.TEX;
      set[slot] = MAX_TEXCOORDS + k;
      if (sem.usage === D3DDECLUSAGE.COLOR) colorSets |= 1 << (MAX_TEXCOORDS + k);
      sets = Math.max(sets, MAX_TEXCOORDS + k + 1);
    } else if (sem.usage === D3DDECLUSAGE.COLOR && sem.usageIndex < 2) {
      source[slot] = sem.usageIndex === 0 ? SOURCE.DIFFUSE : SOURCE.SPECULAR;
    } else if (sem.usage === D3DDECLUSAGE.TEXCOORD && sem.usageIndex < MAX_TEXCOORDS) {
      source[slot] = SOURCE.TEX;
      set[slot] = sem.usageIndex;
      sets = Math.max(sets, sem.usageIndex + 1);
    } else if (sem.usage === D3DDECLUSAGE.FOG && sem.usageIndex === 0) {
      source[slot] = SOURCE.FOG;
    }
  }
  return { source, set, sets, slots: Uint8Array.from(slots), colorSets };
}
