/**
 * StretchRect's blit core (reference D): a chain of blitters, each handling a
 * plan or declining with a reason, ended by the reference blitter that handles
 * everything (STYLE 9). The plan has been validated by the device.
 */
import { copyBlitter } from './fast-copy.js';
import { linearBlitter } from './fast-linear.js';
import { pointBlitter } from './fast-point.js';
import { resolveBlitter } from './fast-resolve.js';
import { referenceBlitter } from './reference.js';
import type { Blitter, StretchPlan } from './types.js';

export { copyBlitter, linearBlitter, pointBlitter, referenceBlitter, resolveBlitter };
export { linearTap, pointSource } from './stepping.js';
export type { Blitter, BlitFilter, StretchPlan } from './types.js';

/** The chain, fastest first; the reference blitter last. */
export const BLITTERS: readonly Blitter[] = [copyBlitter, resolveBlitter, pointBlitter, linearBlitter, referenceBlitter];

/** The first blitter of `chain` that handles the plan (the reference blitter when no other does). */
export function chooseBlitter(plan: StretchPlan, chain: readonly Blitter[] = BLITTERS): Blitter {
  for (const b of chain) if (b.declines(plan) === undefined) return b;
  return referenceBlitter;
}

/** Why each blitter before the chosen one declined, for inspection and tests. */
export function explainChoice(plan: StretchPlan, chain: readonly Blitter[] = BLITTERS): { chosen: string; declined: { name: string; reason: string }[] } {
  const declined: { name: string; reason: string }[] = [];
  for (const b of chain) {
    const reason = b.declines(plan);
    if (reason === undefined) return { chosen: b.name, declined };
    declined.push({ name: b.name, reason });
  }
  return { chosen: referenceBlitter.name, declined };
}

/** Executes a validated StretchRect plan (colour or depth-stencil). */
export function stretchBlit(plan: StretchPlan): void {
  chooseBlitter(plan).blit(plan);
}
