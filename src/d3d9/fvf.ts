/**
 * Flexible vertex formats: decoding an FVF into the vertex layout D3D9 packs
 * (position, blend weights, normal, point size, diffuse, specular, texcoord
 * sets, in that order, each component 4 bytes), and its text form.
 */
import { D3DFVF, D3DFVF_TABLE, D3DFVF_TEXCOORDSIZE, D3DFVF_TEXCOUNT_SHIFT } from './constants-fvf.js';
import { parseUintLiteral } from './uint-literal.js';

type TexComponent = 'u' | 'v' | 'w' | 'q';
type TexSet = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type FvfFieldName =
  | 'x'
  | 'y'
  | 'z'
  | 'rhw'
  | 'w'
  | `beta${1 | 2 | 3 | 4 | 5}`
  | 'nx'
  | 'ny'
  | 'nz'
  | 'psize'
  | 'diffuse'
  | 'specular'
  | `${TexComponent}${TexSet}`;

export interface FvfField {
  readonly name: FvfFieldName;
  /** `u32`: a D3DCOLOR or the UBYTE4/D3DCOLOR blend indices; `f32`: a float. */
  readonly kind: 'f32' | 'u32';
  /** Byte offset in the vertex. */
  readonly offset: number;
}

export interface FvfLayout {
  readonly stride: number;
  readonly fields: readonly FvfField[];
}

const MAX_TEXCOORD_SETS = 8;
const MAX_BETAS = 5;
/** Of D3DFVF_RESERVED2 (0x6000), bit 0x4000 belongs to D3DFVF_XYZW; 0x2000 is never valid. */
const RESERVED_BIT = 0x2000;
const LASTBETA_BITS = D3DFVF.LASTBETA_UBYTE4 | D3DFVF.LASTBETA_D3DCOLOR;
const TEX_COMPONENTS: readonly TexComponent[] = ['u', 'v', 'w', 'q'];
/** Components of a texcoord set by its 2-bit size code (D3DFVF_TEXTUREFORMAT2 = 0, 3 = 1, 4 = 2, 1 = 3). */
const SIZE_OF_CODE = [2, 3, 4, 1] as const;

/** Position codes with their position fields and count of blend weights. */
const POSITIONS: ReadonlyMap<number, { readonly fields: readonly FvfFieldName[]; readonly betas: number }> = new Map([
  [D3DFVF.XYZ, { fields: ['x', 'y', 'z'], betas: 0 }],
  [D3DFVF.XYZRHW, { fields: ['x', 'y', 'z', 'rhw'], betas: 0 }],
  [D3DFVF.XYZW, { fields: ['x', 'y', 'z', 'w'], betas: 0 }],
  [D3DFVF.XYZB1, { fields: ['x', 'y', 'z'], betas: 1 }],
  [D3DFVF.XYZB2, { fields: ['x', 'y', 'z'], betas: 2 }],
  [D3DFVF.XYZB3, { fields: ['x', 'y', 'z'], betas: 3 }],
  [D3DFVF.XYZB4, { fields: ['x', 'y', 'z'], betas: 4 }],
  [D3DFVF.XYZB5, { fields: ['x', 'y', 'z'], betas: MAX_BETAS }],
]);

function texCount(fvf: number): number {
  return (fvf & D3DFVF.TEXCOUNT_MASK) >>> D3DFVF_TEXCOUNT_SHIFT;
}

/** Components (1..4) of texcoord set `index`, from D3DFVF_TEXCOORDSIZEn bits. */
export function fvfTexCoordSize(fvf: number, index: number): 1 | 2 | 3 | 4 {
  return SIZE_OF_CODE[(fvf >>> (16 + 2 * index)) & 3];
}

/**
 * The vertex layout an FVF declares, or undefined when the FVF is invalid:
 * no or an unknown position code, a reserved bit, XYZRHW with NORMAL, a
 * LASTBETA flag without blend weights or both LASTBETA flags, more than 8 texcoord sets.
 */
export function fvfLayout(fvf: number): FvfLayout | undefined {
  const v = fvf >>> 0;
  const positionCode = v & D3DFVF.POSITION_MASK;
  const position = POSITIONS.get(positionCode);
  if (position === undefined) return undefined;
  if ((v & (D3DFVF.RESERVED0 | RESERVED_BIT)) !== 0) return undefined;
  // Pre-transformed vertices are not lit, so a normal is meaningless (D3DFVF docs).
  if (positionCode === D3DFVF.XYZRHW && (v & D3DFVF.NORMAL) !== 0) return undefined;
  const lastBeta = v & LASTBETA_BITS;
  if (lastBeta === LASTBETA_BITS || (lastBeta !== 0 && position.betas === 0)) return undefined;
  const sets = texCount(v);
  if (sets > MAX_TEXCOORD_SETS) return undefined;

  const fields: FvfField[] = [];
  let offset = 0;
  const push = (name: FvfFieldName, kind: 'f32' | 'u32'): void => {
    fields.push({ name, kind, offset });
    offset += 4;
  };
  for (const name of position.fields) push(name, 'f32');
  for (let b = 1; b <= position.betas; b++) {
    // The last "weight" holds the matrix indices when a LASTBETA flag is set.
    push(`beta${b as 1 | 2 | 3 | 4 | 5}`, b === position.betas && lastBeta !== 0 ? 'u32' : 'f32');
  }
  if ((v & D3DFVF.NORMAL) !== 0) for (const name of ['nx', 'ny', 'nz'] as const) push(name, 'f32');
  if ((v & D3DFVF.PSIZE) !== 0) push('psize', 'f32');
  if ((v & D3DFVF.DIFFUSE) !== 0) push('diffuse', 'u32');
  if ((v & D3DFVF.SPECULAR) !== 0) push('specular', 'u32');
  for (let set = 0; set < sets; set++) {
    const size = fvfTexCoordSize(v, set);
    for (let c = 0; c < size; c++) push(`${TEX_COMPONENTS[c]}${set as TexSet}`, 'f32');
  }
  return { stride: offset, fields };
}

const SINGLE_FLAGS = [
  D3DFVF.NORMAL,
  D3DFVF.PSIZE,
  D3DFVF.DIFFUSE,
  D3DFVF.SPECULAR,
  D3DFVF.LASTBETA_UBYTE4,
  D3DFVF.LASTBETA_D3DCOLOR,
  D3DFVF.RESERVED0,
] as const;

/**
 * Text of an FVF as an OR of D3D9 names, e.g. `D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1`
 * or `D3DFVF_XYZ | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0)`; bits without a name in hex.
 * parseFvf reads it back to the same number.
 */
export function formatFvf(fvf: number): string {
  let rest = fvf >>> 0;
  if (rest === 0) return '0';
  const parts: string[] = [];
  const take = (bits: number, text: string): void => {
    parts.push(text);
    rest = (rest & ~bits) >>> 0;
  };

  const position = rest & D3DFVF.POSITION_MASK;
  if (POSITIONS.has(position)) take(position, D3DFVF_TABLE.nameOf(position) as string);
  for (const flag of SINGLE_FLAGS) {
    if ((rest & flag) !== 0) take(flag, D3DFVF_TABLE.nameOf(flag) as string);
  }
  const sets = texCount(rest);
  if (sets >= 1 && sets <= MAX_TEXCOORD_SETS) take(D3DFVF.TEXCOUNT_MASK, `D3DFVF_TEX${sets}`);
  for (let set = 0; set < MAX_TEXCOORD_SETS; set++) {
    const size = fvfTexCoordSize(rest, set);
    if (size !== 2) take(3 << (16 + 2 * set), `D3DFVF_TEXCOORDSIZE${size}(${set})`);
  }
  if (rest !== 0) parts.push('0x' + rest.toString(16));
  return parts.join(' | ');
}

/** One term of an FVF expression: a D3DFVF_ name, `D3DFVF_TEXCOORDSIZEn(i)`, or a number. */
export function parseFvfTerm(term: string): number | undefined {
  const t = term.trim();
  const call = /^D3DFVF_TEXCOORDSIZE([1-4])\(\s*([0-7])\s*\)$/.exec(t);
  if (call !== null) return D3DFVF_TEXCOORDSIZE(Number(call[1]) as 1 | 2 | 3 | 4, Number(call[2]));
  return D3DFVF_TABLE.valueOf(t) ?? parseUintLiteral(t);
}

/** An FVF expression: terms joined by `|`; undefined when a term is not understood. */
export function parseFvf(text: string): number | undefined {
  let value = 0;
  for (const term of text.split('|')) {
    const v = parseFvfTerm(term);
    if (v === undefined) return undefined;
    value = (value | v) >>> 0;
  }
  return value;
}
