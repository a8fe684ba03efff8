/**
 * D3D9 constants are `as const` objects keyed by the name without its prefix
 * (`D3DFMT.A8R8G8B8 === 21`). An EnumTable adds the prefix and reverse lookups,
 * built once, so names are never produced by a hand-written switch.
 */
export type ConstObject = Readonly<Record<string, number>>;

export interface EnumTable<T extends ConstObject = ConstObject> {
  /** The D3D9 type name, e.g. `D3DFORMAT`. */
  readonly type: string;
  /** The prefix of every full name, e.g. `D3DFMT_`. */
  readonly prefix: string;
  /** `enum`: one value; `flags`: an OR of bits. */
  readonly kind: 'enum' | 'flags';
  readonly values: T;
  /** Full name (`D3DFMT_A8R8G8B8`) of a value; the first declared wins. */
  nameOf(value: number): string | undefined;
  /** Value of a full name, or undefined. */
  valueOf(fullName: string): number | undefined;
  /** Every full name with its value, in declaration order. */
  entries(): ReadonlyArray<readonly [string, number]>;
}

export function enumTable<T extends ConstObject>(
  type: string,
  prefix: string,
  values: T,
  kind: 'enum' | 'flags' = 'enum',
): EnumTable<T> {
  const list: Array<readonly [string, number]> = Object.entries(values).map(
    ([k, v]) => [prefix + k, v] as const,
  );
  const byValue = new Map<number, string>();
  const byName = new Map<string, number>();
  for (const [name, v] of list) {
    if (!byValue.has(v)) byValue.set(v, name);
    byName.set(name, v);
  }
  return {
    type,
    prefix,
    kind,
    values,
    nameOf: (value) => byValue.get(value),
    valueOf: (fullName) => byName.get(fullName),
    entries: () => list,
  };
}

/**
 * Text of a flags value: known single bits joined by ` | `, in ascending bit
 * order, with any unknown remainder in hex; `0` prints as the zero-valued name
 * when the table has one.
 */
export function formatFlags(table: EnumTable, value: number): string {
  const v = value >>> 0;
  if (v === 0) return table.nameOf(0) ?? '0';
  const parts: string[] = [];
  let rest = v;
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((rest & mask) === 0) continue;
    const name = table.nameOf(mask);
    if (name !== undefined) {
      parts.push(name);
      rest = (rest & ~mask) >>> 0;
    }
  }
  if (rest !== 0) parts.push('0x' + rest.toString(16));
  return parts.join(' | ');
}

/** Text of an enum value: its name, or the number when it has none. */
export function formatEnum(table: EnumTable, value: number): string {
  return table.nameOf(value) ?? String(value);
}
