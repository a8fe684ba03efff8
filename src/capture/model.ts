/**
 * apitrace's data model as plain data: the values, signatures and calls of a `.trace` file
 * (apitrace's docs/FORMAT.markdown, format versions up to 6). The reader produces these, the
 * writer consumes them, and the mapping onto replay9's commands works on them alone.
 */

/** A function signature: interned once per trace by id. */
export interface FunctionSig {
  readonly id: number;
  /** `IDirect3DDevice9::SetRenderState`, `Direct3DCreate9`, `memcpy` */
  readonly name: string;
  readonly argNames: readonly string[];
}

export interface EnumSig {
  readonly id: number;
  /** name/value pairs in the order the trace lists them */
  readonly values: ReadonlyArray<readonly [name: string, value: number | bigint]>;
}

export interface BitmaskSig {
  readonly id: number;
  /** flag name and its bits, in the trace's order (a 0 value names the empty mask) */
  readonly flags: ReadonlyArray<readonly [name: string, value: number | bigint]>;
}

export interface StructSig {
  readonly id: number;
  /** `D3DPRESENT_PARAMETERS` */
  readonly name: string;
  readonly memberNames: readonly string[];
}

/**
 * One value. Integers are plain numbers (a negative number is apitrace's "negative integer",
 * 0 and up its "positive integer"); bigint only where the value does not fit 2^53. Floats and
 * doubles are tagged, so that the writer gives back the kind it read.
 */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | string
  | FloatValue
  | WStringValue
  | BlobValue
  | EnumValue
  | BitmaskValue
  | ArrayValue
  | StructValue
  | PointerValue
  | ReprValue;

export interface FloatValue {
  readonly kind: 'float' | 'double';
  readonly value: number;
}
export interface WStringValue {
  readonly kind: 'wstring';
  readonly text: string;
}
export interface BlobValue {
  readonly kind: 'blob';
  readonly bytes: Uint8Array;
}
export interface EnumValue {
  readonly kind: 'enum';
  readonly sig: EnumSig;
  readonly value: number | bigint;
}
export interface BitmaskValue {
  readonly kind: 'bitmask';
  readonly sig: BitmaskSig;
  readonly value: number | bigint;
}
export interface ArrayValue {
  readonly kind: 'array';
  readonly items: readonly Value[];
}
export interface StructValue {
  readonly kind: 'struct';
  readonly sig: StructSig;
  readonly members: readonly Value[];
}
/** An opaque pointer (an object, a handle, a window, a mapped address). */
export interface PointerValue {
  readonly kind: 'pointer';
  readonly address: number | bigint;
}
/** A human-machine pair, e.g. a shader's disassembly text beside its token blob. */
export interface ReprValue {
  readonly kind: 'repr';
  readonly human: Value;
  readonly machine: Value;
}

/** The call flags a trace file stores (the `0x05 flag` call detail); only FAKE is defined. */
export const CALL_FLAG = {
  /** a call the tracer made up (a memcpy standing for lock data), not one the application made */
  FAKE: 1 << 0,
} as const;

/** One call: its enter and leave events joined. */
export interface TraceCall {
  /** call number, from 0 in enter order */
  readonly no: number;
  readonly thread: number;
  readonly sig: FunctionSig;
  /**
   * arguments by index: the enter event's values, with the leave event's values (out
   * parameters) put over them; `undefined` where the trace has no value for an argument
   */
  readonly args: ReadonlyArray<Value | undefined>;
  /** the return value; `undefined` for a void function or a call that never returned */
  readonly ret: Value | undefined;
  /** the flags the file stores for the call (CALL_FLAG bits) */
  readonly flags: number;
  /** the call has no leave event (the trace ends inside it) */
  readonly incomplete: boolean;
  /** byte offset of the enter event in the decompressed stream, for error messages */
  readonly offset: number;
}

/** What a trace's header says. */
export interface TraceHeader {
  readonly version: number;
  /** version 6 and later: the semantic version; otherwise equal to `version` */
  readonly semanticVersion: number;
  /** process, OS and tool properties (version 6 and later), in file order */
  readonly properties: ReadonlyArray<readonly [name: string, value: string]>;
  readonly compression: 'snappy' | 'gzip' | 'zstd' | 'brotli';
}
