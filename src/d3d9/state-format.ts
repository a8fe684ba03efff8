/**
 * Text of a state's DWORD by its ValueType, for dumps and `inspect --state`.
 * Every form reads back to the same DWORD: names and `A | B` through
 * lookupConstant, numbers as written, floats through float32Bits.
 */
import { formatEnum, formatFlags } from './enum-table.js';
import { ENUM_TABLES } from './enum-registry.js';
import { bitsToFloat32, float32Bits } from './float-bits.js';
import type { ValueType } from './state-info.js';

function hex(v: number, digits: number): string {
  return '0x' + v.toString(16).padStart(digits, '0');
}

function assertNever(x: never): never {
  throw new Error(`formatStateValue: unhandled value type ${JSON.stringify(x)}`);
}

/**
 * Floats print as decimals when the text reads back to the same bits, else (-0,
 * Inf, NaN) as hex bits; uints of 0x10000 and up (masks) in hex, smaller ones in decimal.
 */
export function formatStateValue(type: ValueType, value: number): string {
  const v = value >>> 0;
  switch (type.kind) {
    case 'bool':
      return v === 0 ? 'FALSE' : v === 1 ? 'TRUE' : String(v);
    case 'uint':
      return v < 0x10000 ? String(v) : hex(v, 8);
    case 'int':
      return String(v | 0);
    case 'color':
      return hex(v, 8);
    case 'float': {
      const f = bitsToFloat32(v);
      const text = String(f);
      return Number.isFinite(f) && float32Bits(Number(text)) === v ? text : hex(v, 8);
    }
    case 'enum':
      return formatEnum(ENUM_TABLES[type.table], v);
    case 'flags':
      return formatFlags(ENUM_TABLES[type.table], v);
    case 'masked':
      return formatMasked(type, v);
    default:
      return assertNever(type);
  }
}

function formatMasked(type: Extract<ValueType, { kind: 'masked' }>, v: number): string {
  const table = ENUM_TABLES[type.table];
  const selected = (v & type.mask) >>> 0;
  const rest = (v & ~type.mask) >>> 0;
  const selectedText = formatEnum(table, selected);
  if (rest === 0) return selectedText;
  if (type.rest === 'number') return selected === 0 ? String(rest) : `${selectedText} | ${rest}`;
  return `${selectedText} | ${formatFlags(table, rest)}`;
}
