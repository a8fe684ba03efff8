/**
 * Multisample positions. D3D9 names no positions; we use the D3D10.1+
 * standard patterns (D3D11_STANDARD_MULTISAMPLE_PATTERN) for 2, 4, 8 and 16
 * samples, in 1/16 pixel from the pixel centre, y down. Other counts take the
 * first n positions of the 16-sample pattern.
 */
import { ONE } from './fixed.js';

const PATTERNS: Readonly<Record<number, readonly number[]>> = {
  1: [0, 0],
  2: [4, 4, -4, -4],
  4: [-2, -6, 6, -2, -6, 2, 2, 6],
  8: [1, -3, -1, 3, 5, 1, -3, -5, -5, 5, -7, -1, 3, 7, 7, -7],
  16: [
    1, 1, -1, -3, -3, 2, 4, -1, -5, -2, 2, 5, 5, 3, 3, -5,
    -2, 6, 0, -7, -4, -6, -6, 4, -8, 0, 7, -4, 6, 7, -7, -8,
  ],
};

/** Where coverage is tested inside a pixel: offsets from the centre in fixed-point units. */
export interface SamplePattern {
  readonly count: number;
  readonly dx: Float64Array;
  readonly dy: Float64Array;
}

const made = new Map<number, SamplePattern>();

/** The positions of an n-sample target (n = 1: the centre only); one shared object per n, never written. */
export function samplePattern(samples: number): SamplePattern {
  const n = Math.max(1, Math.min(16, Math.floor(samples)));
  let p = made.get(n);
  if (!p) {
    p = makePattern(n);
    made.set(n, p);
  }
  return p;
}

function makePattern(n: number): SamplePattern {
  const table = PATTERNS[n] ?? PATTERNS[16];
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    dx[i] = (table[2 * i] * ONE) / 16;
    dy[i] = (table[2 * i + 1] * ONE) / 16;
  }
  return { count: n, dx, dy };
}
