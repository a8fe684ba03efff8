/**
 * The D3D9 signature table as the data model's signatures: one FunctionSig per function or
 * interface method apitrace's D3D9 tracer records (`IDirect3DDevice9Ex::SetRenderState` is its own
 * function, as the tracer names methods by the interface of the object), one EnumSig, BitmaskSig and
 * StructSig per type. Ids are stable: the index in the generated table (functions after memcpy).
 * Neither direction owns it: the exporter writes with these signatures, the importer reads names.
 */
import { D3D9_SPEC } from './generated/d3d9-spec.js';
import type { BitmaskSig, EnumSig, FunctionSig, StructSig } from './model.js';
import type { SpecFunction, SpecType } from './spec-types.js';

export { D3D9_SPEC };

/** apitrace's fake call for memory written through a mapping (lock data): `memcpy(dest, src, n)`. */
export const MEMCPY_SIG: FunctionSig = Object.freeze({ id: 0, name: 'memcpy', argNames: Object.freeze(['dest', 'src', 'n']) });

export const ENUM_SIGS: readonly EnumSig[] = D3D9_SPEC.enums.map((e, id) => Object.freeze({ id, values: e.values }));
export const BITMASK_SIGS: readonly BitmaskSig[] = D3D9_SPEC.bitmasks.map((b, id) => Object.freeze({ id, flags: b.flags }));
export const STRUCT_SIGS: readonly StructSig[] = D3D9_SPEC.structs.map((s, id) =>
  Object.freeze({ id, name: s.name, memberNames: Object.freeze(s.members.map(([n]) => n)) }),
);

export interface SpecEntry {
  readonly spec: SpecFunction;
  readonly sig: FunctionSig;
}

const BY_NAME = new Map<string, SpecEntry>(
  D3D9_SPEC.functions.map((f, i) => [f.name, { spec: f, sig: Object.freeze({ id: i + 1, name: f.name, argNames: Object.freeze(f.args.map((a) => a.name)) }) }]),
);

/** The function or method `name` (`IDirect3DDevice9::Clear`, `Direct3DCreate9`), or undefined. */
export function specFunction(name: string): SpecEntry | undefined {
  return BY_NAME.get(name);
}

/** Every function of the table, in its order. */
export function specFunctions(): IterableIterator<SpecEntry> {
  return BY_NAME.values();
}

/** The name/value list of an enum type (`{k: 'enum'}`), for lookups by name. */
export function enumValueByName(t: Extract<SpecType, { k: 'enum' }>, name: string): number | undefined {
  return D3D9_SPEC.enums[t.i].values.find(([n]) => n === name)?.[1];
}

/** The type a polymorphic value takes for the switch value `name` (a state's name), or its default. */
export function polyCase(t: Extract<SpecType, { k: 'poly' }>, name: string | undefined): SpecType | undefined {
  if (name !== undefined) for (const [names, type] of t.cases) if (names.includes(name)) return type;
  return t.default;
}
