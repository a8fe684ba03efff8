/**
 * How the text form shows a value: derived from the field's `r9` attribute in
 * the schema (and, for state values, from the state's own type), shared by the
 * printer and the parser so both always agree.
 */
import { ENUM_TABLES, bitsToFloat32, float32Bits, renderStateInfo, samplerStateInfo, textureStageStateInfo } from '../../d3d9/index.js';
import type { EnumTable } from '../../d3d9/enum-table.js';
import type { WantKind } from '../commands.js';
import type { Scalar } from '../schema-types.js';

export type Shape =
  | { k: 'uint' }
  | { k: 'int' }
  | { k: 'float' }
  /** a DWORD holding float32 bits, shown as the float */
  | { k: 'floatbits' }
  | { k: 'enum'; table: EnumTable }
  | { k: 'flags'; table: EnumTable }
  | { k: 'null' }
  | { k: 'bool' }
  | { k: 'color' }
  | { k: 'fvf' }
  | { k: 'handle'; want: WantKind }
  | { k: 'state'; space: string };

const UINT: Shape = { k: 'uint' };

function table(name: string): EnumTable {
  const t = (ENUM_TABLES as Readonly<Record<string, EnumTable | undefined>>)[name];
  if (!t) throw new Error(`schema names constant type ${name}, which replay9 does not define`);
  return t;
}

const cache = new Map<string, Shape>();

/** The shape of a scalar field from its `r9` attribute. */
export function shapeOf(r9: string | undefined, scalar: Scalar): Shape {
  const key = `${r9 ?? ''}/${scalar}`;
  let s = cache.get(key);
  if (s) return s;
  // an out-value is shown like an input of the same type
  const [kind, arg] = (r9 ?? '').replace(/^out(?: |$)/, '').split(' ');
  switch (kind) {
    case '': s = scalar === 'float' ? { k: 'float' } : scalar === 'int' ? { k: 'int' } : UINT; break;
    case 'enum': s = { k: 'enum', table: table(arg) }; break;
    case 'flags': s = { k: 'flags', table: table(arg) }; break;
    case 'null': case 'pointer': s = { k: 'null' }; break;
    case 'bool': s = { k: 'bool' }; break;
    case 'color': s = { k: 'color' }; break;
    case 'fvf': s = { k: 'fvf' }; break;
    case 'handle': s = { k: 'handle', want: arg as WantKind }; break;
    case 'state': s = { k: 'state', space: arg }; break;
    default: throw new Error(`schema: unknown r9 attribute "${r9}"`);
  }
  cache.set(key, s);
  return s;
}

/**
 * DWORD data shown as a list (r9 on a [ubyte] field, `out ` allowed): `tokens` as hex words, `float4`
 * and `int4` as lists of four per register, `bools` as TRUE/FALSE per register. A second word names
 * the count field (how many registers the data holds).
 */
export type PackedKind = 'tokens' | 'float4' | 'int4' | 'bools';
export function packedKind(r9: string | undefined): PackedKind | undefined {
  const k = (r9 ?? '').replace(/^out /, '').split(' ')[0];
  return k === 'tokens' || k === 'float4' || k === 'int4' || k === 'bools' ? k : undefined;
}
/** Bytes per list item of a packed kind (a register of four, or one DWORD). */
export const PACKED_ITEM_BYTES: Readonly<Record<PackedKind, number>> = { tokens: 4, float4: 16, int4: 16, bools: 4 };

/** The shape of a state value, given which state it is. */
export function stateValueShape(space: string, state: number): Shape {
  const info =
    space === 'D3DRENDERSTATETYPE' ? renderStateInfo(state)
    : space === 'D3DSAMPLERSTATETYPE' ? samplerStateInfo(state)
    : space === 'D3DTEXTURESTAGESTATETYPE' ? textureStageStateInfo(state)
    : undefined;
  if (!info) return UINT;
  const t = info.type;
  switch (t.kind) {
    case 'bool': return { k: 'bool' };
    case 'uint': return UINT;
    case 'int': return { k: 'int' };
    case 'color': return { k: 'color' };
    case 'float': return { k: 'floatbits' };
    case 'enum': return { k: 'enum', table: table(t.table) };
    case 'flags': return { k: 'flags', table: table(t.table) };
    default: return UINT;
  }
}

// ---- numbers ----

/**
 * The shortest decimal that reads back as exactly this float32, or undefined
 * when none does (NaN, infinities): those print as their bits in hex.
 */
export function shortestFloat32(f: number): string | undefined {
  if (!Number.isFinite(f)) return undefined;
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  // integers below 2^24 are float32 exactly and print as themselves
  if (Number.isInteger(f) && f > -16777216 && f < 16777216) return String(f);
  const known = shortestCache.get(f);
  if (known !== undefined) return known;
  let s: string | undefined;
  for (let p = 1; p <= 9; p++) {
    const t = f.toPrecision(p);
    if (Math.fround(Number(t)) === f) {
      s = String(Number(t));
      break;
    }
  }
  if (s !== undefined) {
    // traces repeat their constants (matrices, vertex data frame after frame); a bounded memo
    if (shortestCache.size >= SHORTEST_CACHE_MAX) shortestCache.clear();
    shortestCache.set(f, s);
  }
  return s;
}

/** memo of shortestFloat32 (the same answer for the same float: output does not depend on it) */
const shortestCache = new Map<number, string>();
const SHORTEST_CACHE_MAX = 1 << 16;

export function hex32(v: number): string {
  return '0x' + (v >>> 0).toString(16).padStart(8, '0');
}

export { bitsToFloat32 as bitsFloat, float32Bits as floatBits };

/** A D3DGAMMARAMP parameter or out-value (r9 `gamma`), shown as its 768 WORDs. */
export function isGammaField(f: { r9?: string }): boolean {
  return f.r9 === 'gamma' || f.r9 === 'out gamma';
}

/** A last parameter the text leaves out when absent: lock data on an unlock, a pSharedHandle's memory. */
export function isOptionalTail(f: { r9?: string }): boolean {
  return f.r9 === 'data' || f.r9 === 'shared data';
}
