/**
 * What the blit core is asked to do: plain data (surface views and rects),
 * validated by the device before it gets here (execution assumes valid input).
 */
import type { Rect, SurfaceView } from '../surface-view.js';

/** D3DTEXTUREFILTERTYPE values StretchRect accepts. */
export type BlitFilter = 0 | 1 | 2; // NONE, POINT, LINEAR

export interface StretchPlan {
  src: SurfaceView;
  srcRect: Rect;
  dst: SurfaceView;
  dstRect: Rect;
  filter: BlitFilter;
  /** depth-stencil StretchRect: whole surfaces, same size and format; a raw copy of every sample */
  depthStencil: boolean;
}

/** A blitter handles a plan or declines with a reason (the chain tries the next). */
export interface Blitter {
  readonly name: string;
  /** undefined when it handles the plan, else why it declines */
  declines(plan: StretchPlan): string | undefined;
  blit(plan: StretchPlan): void;
}
