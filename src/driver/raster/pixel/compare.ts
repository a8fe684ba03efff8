/**
 * D3DCMPFUNC as a function of (new, old): "accept the new value if it is <func>
 * the current one" (reference B.2). Used by the alpha, stencil and depth tests.
 */
import { D3DCMP } from '../../../d3d9/index.js';

export type CompareFn = (a: number, b: number) => boolean;

const never: CompareFn = () => false;
const less: CompareFn = (a, b) => a < b;
const equal: CompareFn = (a, b) => a === b;
const lessEqual: CompareFn = (a, b) => a <= b;
const greater: CompareFn = (a, b) => a > b;
// NaN (a D32F value written through a lock) is unequal to everything, as IEEE compares
const notEqual: CompareFn = (a, b) => a !== b;
const greaterEqual: CompareFn = (a, b) => a >= b;
const always: CompareFn = () => true;

/**
 * The test for a D3DCMPFUNC value. A value outside 1..8 (SetRenderState does not
 * validate it) tests as ALWAYS, as DXVK's fixed-function alpha test does.
 */
export function compareFn(func: number): CompareFn {
  switch (func) {
    case D3DCMP.NEVER: return never;
    case D3DCMP.LESS: return less;
    case D3DCMP.EQUAL: return equal;
    case D3DCMP.LESSEQUAL: return lessEqual;
    case D3DCMP.GREATER: return greater;
    case D3DCMP.NOTEQUAL: return notEqual;
    case D3DCMP.GREATEREQUAL: return greaterEqual;
    default: return always;
  }
}

/** compareFn(func)(a, b) without a closure call, for the span loops (same results for every func). */
export function compareBy(func: number, a: number, b: number): boolean {
  switch (func) {
    case D3DCMP.NEVER: return false;
    case D3DCMP.LESS: return a < b;
    case D3DCMP.EQUAL: return a === b;
    case D3DCMP.LESSEQUAL: return a <= b;
    case D3DCMP.GREATER: return a > b;
    case D3DCMP.NOTEQUAL: return a !== b;
    case D3DCMP.GREATEREQUAL: return a >= b;
    default: return true;
  }
}

/** Does `func` pass every value (ALWAYS, and the out-of-range values that test as ALWAYS)? */
export function comparesAlways(func: number): boolean {
  return !(func >= D3DCMP.NEVER && func < D3DCMP.ALWAYS);
}
