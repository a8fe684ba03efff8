/**
 * The shape of apitrace's description of an API as plain data: how the tracer writes each
 * argument of each function (`src/capture/generated/d3d9-spec.ts` is the D3D9 one, made by
 * tools/gen-capture-spec.ts from apitrace's specs/d3d9*.py). Both directions read it: the
 * exporter to write values the way apitrace's tracer does, the importer to name them.
 */

/** How one value is written to a .trace file. Indexes point into the spec's enum/bitmask/struct lists. */
export type SpecType =
  | { readonly k: 'void' }
  /** an unsigned integer (value 0x04) */
  | { readonly k: 'uint' }
  /** a signed integer (0x03 when negative, 0x04 otherwise) */
  | { readonly k: 'sint' }
  | { readonly k: 'float' }
  | { readonly k: 'double' }
  | { readonly k: 'bool' }
  | { readonly k: 'enum'; readonly i: number }
  | { readonly k: 'bitmask'; readonly i: number }
  | { readonly k: 'struct'; readonly i: number }
  /** a counted array; `len` is a number or the C expression apitrace evaluates (an argument's name) */
  | { readonly k: 'array'; readonly of: SpecType; readonly len: number | string }
  /** a pointer to one value: written as an array of one, or null */
  | { readonly k: 'pointer'; readonly to: SpecType }
  /** an interface pointer, written as an opaque pointer (0x0d) */
  | { readonly k: 'obj'; readonly iface: string }
  /** any other pointer or handle written as an opaque pointer (HWND, mapped memory, HANDLE) */
  | { readonly k: 'opaque' }
  /** raw bytes (0x08); `size` is the C expression apitrace evaluates */
  | { readonly k: 'blob'; readonly size: string }
  | { readonly k: 'string' }
  | { readonly k: 'wstring' }
  /** a value whose type depends on another one (a state's value by the state, a query's data by its type) */
  | {
      readonly k: 'poly';
      readonly switchOn: string;
      readonly cases: ReadonlyArray<readonly [names: readonly string[], type: SpecType]>;
      readonly default?: SpecType;
    }
  /** D3D9 shader tokens: written as a human-machine pair (disassembly text, token blob) */
  | { readonly k: 'shader' };

export type SpecDirection = 'in' | 'out' | 'inout';

export interface SpecArg {
  readonly name: string;
  readonly type: SpecType;
  readonly dir: SpecDirection;
}

export interface SpecFunction {
  /** `IDirect3DDevice9::SetRenderState`, `Direct3DCreate9` */
  readonly name: string;
  /** the interface a method belongs to (as the tracer names the object), '' for a free function */
  readonly iface: string;
  readonly method: string;
  readonly ret: SpecType;
  /** the arguments as the trace lists them; a method's first is `this` */
  readonly args: readonly SpecArg[];
}

export interface SpecEnum {
  /** the spec's name for it (`D3DFORMAT`, `BOOL`, `D3DADAPTER`) */
  readonly name: string;
  readonly values: ReadonlyArray<readonly [name: string, value: number]>;
}
export interface SpecBitmask {
  readonly name: string;
  readonly flags: ReadonlyArray<readonly [name: string, value: number]>;
}
export interface SpecStruct {
  readonly name: string;
  readonly members: ReadonlyArray<readonly [name: string, type: SpecType]>;
}
export interface SpecInterface {
  readonly name: string;
  readonly base?: string;
}

export interface ApiSpec {
  readonly enums: readonly SpecEnum[];
  readonly bitmasks: readonly SpecBitmask[];
  readonly structs: readonly SpecStruct[];
  readonly interfaces: readonly SpecInterface[];
  readonly functions: readonly SpecFunction[];
}
