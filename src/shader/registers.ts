/**
 * Register types (D3DSHADER_PARAM_REGISTER_TYPE) and the bit fields of parameter tokens, as the
 * "Shader Code Format" pages define them: the type is split over bits 28-30 (low three bits) and
 * 11-12 (high two bits), the number is bits 0-10.
 */
import type { ShaderKind } from './opcodes.js';

export const REG = {
  TEMP: 0, INPUT: 1, CONST: 2, ADDR: 3, TEXTURE: 3, RASTOUT: 4, ATTROUT: 5, TEXCRDOUT: 6, OUTPUT: 6,
  CONSTINT: 7, COLOROUT: 8, DEPTHOUT: 9, SAMPLER: 10, CONST2: 11, CONST3: 12, CONST4: 13,
  CONSTBOOL: 14, LOOP: 15, TEMPFLOAT16: 16, MISCTYPE: 17, LABEL: 18, PREDICATE: 19,
} as const;

export function regType(token: number): number {
  return ((token >>> 28) & 7) | ((token >>> 8) & 0x18);
}

export function regTypeBits(type: number): number {
  return (((type & 7) << 28) | ((type & 0x18) << 8)) >>> 0;
}

/** Names of the registers whose name is the whole of it (oPos, vFace …), per type and number. */
const RASTOUT_NAMES = ['oPos', 'oFog', 'oPts'];
const MISC_NAMES = ['vPos', 'vFace'];

/**
 * The assembly name of a register: `r0`, `c12`, `oPos`, `vFace`. Constants above 2047 live in the
 * CONST2..CONST4 types (2048 registers each).
 */
export function registerName(type: number, num: number, kind: ShaderKind, version: number): string {
  switch (type) {
    case REG.TEMP: return `r${num}`;
    case REG.INPUT: return `v${num}`;
    case REG.CONST: return `c${num}`;
    case REG.ADDR: return kind === 'vertex' ? `a${num}` : `t${num}`;
    case REG.RASTOUT: return RASTOUT_NAMES[num] ?? `oRast${num}`;
    case REG.ATTROUT: return `oD${num}`;
    case REG.TEXCRDOUT: return kind === 'vertex' && version >= 0x0300 ? `o${num}` : `oT${num}`;
    case REG.CONSTINT: return `i${num}`;
    case REG.COLOROUT: return `oC${num}`;
    case REG.DEPTHOUT: return `oDepth${num === 0 ? '' : num}`;
    case REG.SAMPLER: return `s${num}`;
    case REG.CONST2: return `c${num + 2048}`;
    case REG.CONST3: return `c${num + 4096}`;
    case REG.CONST4: return `c${num + 6144}`;
    case REG.CONSTBOOL: return `b${num}`;
    case REG.LOOP: return `aL${num === 0 ? '' : num}`;
    case REG.TEMPFLOAT16: return `half${num}`;
    case REG.MISCTYPE: return MISC_NAMES[num] ?? `vMisc${num}`;
    case REG.LABEL: return `l${num}`;
    case REG.PREDICATE: return `p${num}`;
    default: return `reg${type}_${num}`;
  }
}

/** The inverse of registerName: type and number, or undefined for a name that is none. */
export function parseRegisterName(name: string, kind: ShaderKind): { type: number; num: number } | undefined {
  const fixed: Record<string, [number, number]> = {
    oPos: [REG.RASTOUT, 0], oFog: [REG.RASTOUT, 1], oPts: [REG.RASTOUT, 2], vPos: [REG.MISCTYPE, 0],
    vFace: [REG.MISCTYPE, 1], oDepth: [REG.DEPTHOUT, 0], aL: [REG.LOOP, 0],
  };
  const f = fixed[name];
  if (f) return { type: f[0], num: f[1] };
  const m = /^(oRast|oDepth|vMisc|half|oD|oT|oC|aL|reg\d+_|[rvcatiosblp])(\d+)$/.exec(name);
  if (!m) return undefined;
  const n = Number(m[2]);
  const prefix: Record<string, number> = {
    r: REG.TEMP, v: REG.INPUT, t: REG.TEXTURE, a: REG.ADDR, oRast: REG.RASTOUT, oD: REG.ATTROUT, oT: REG.TEXCRDOUT,
    o: REG.OUTPUT, i: REG.CONSTINT, oC: REG.COLOROUT, oDepth: REG.DEPTHOUT, s: REG.SAMPLER, b: REG.CONSTBOOL,
    aL: REG.LOOP, half: REG.TEMPFLOAT16, vMisc: REG.MISCTYPE, l: REG.LABEL, p: REG.PREDICATE,
  };
  if (m[1] === 'c') {
    if (n >= 8192) return undefined;
    return { type: [REG.CONST, REG.CONST2, REG.CONST3, REG.CONST4][n >> 11], num: n & 2047 };
  }
  if (m[1].startsWith('reg')) return { type: Number(m[1].slice(3, -1)), num: n };
  if ((m[1] === 't' && kind === 'vertex') || (m[1] === 'a' && kind === 'pixel')) return undefined;
  const type = prefix[m[1]];
  return type === undefined || n > 2047 ? undefined : { type, num: n };
}

/** Source modifiers (D3DSHADER_PARAM_SRCMOD_TYPE, bits 24-27): prefix and suffix in assembly. */
export const SRC_MODS: readonly { prefix: string; suffix: string }[] = [
  { prefix: '', suffix: '' }, // none
  { prefix: '-', suffix: '' }, // neg
  { prefix: '', suffix: '_bias' },
  { prefix: '-', suffix: '_bias' },
  { prefix: '', suffix: '_bx2' }, // sign
  { prefix: '-', suffix: '_bx2' },
  { prefix: '1-', suffix: '' }, // complement
  { prefix: '', suffix: '_x2' },
  { prefix: '-', suffix: '_x2' },
  { prefix: '', suffix: '_dz' },
  { prefix: '', suffix: '_dw' },
  { prefix: '', suffix: '_abs' },
  { prefix: '-', suffix: '_abs' },
  { prefix: '!', suffix: '' }, // not
];

/** Result shift scale (bits 24-27 of a destination, 4-bit signed): _x2, _x4, _x8, _d2, _d4, _d8. */
export const SHIFT_NAMES: Readonly<Record<number, string>> = { 1: '_x2', 2: '_x4', 3: '_x8', 13: '_d8', 14: '_d4', 15: '_d2' };

/** Result modifiers (bits 20-23 of a destination). */
export const RESULT_MODS = [[1, '_sat'], [2, '_pp'], [4, '_centroid']] as const;

/** Declaration usages (D3DDECLUSAGE) as dcl_ suffixes. */
export const USAGES = ['position', 'blendweight', 'blendindices', 'normal', 'psize', 'texcoord', 'tangent', 'binormal',
  'tessfactor', 'positiont', 'color', 'fog', 'depth', 'sample'] as const;

/** Sampler texture types (D3DSAMPLER_TEXTURE_TYPE, bits 27-30 of a sampler's dcl token). */
export const SAMPLER_TYPES: Readonly<Record<number, string>> = { 1: '1d', 2: '2d', 3: 'cube', 4: 'volume' };
