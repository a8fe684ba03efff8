/** A recorded call as plain data: what the writer encodes and the text form prints. */
import type { CommandName } from './commands.js';

/**
 * A float32 that a JS number cannot carry exactly: a NaN, whose payload and
 * sign engines do not preserve. Float fields decode to a number, or to this.
 */
export interface FloatBits {
  readonly f32bits: number;
}
export function isFloatBits(v: unknown): v is FloatBits {
  return typeof v === 'object' && v !== null && 'f32bits' in v;
}

export interface StructValue {
  [field: string]: number | FloatBits | StructValue;
}
export type ArgValue = number | FloatBits | string | Uint8Array | StructValue | StructValue[] | null;

export interface CallRecord {
  command: CommandName;
  /** handle of the object the method was called on; 0 for free functions */
  self: number;
  /** HRESULT as an unsigned number (Release: the reference count) */
  result: number;
  /** handle the call created or returned; 0 for none */
  created: number;
  /** name the text form binds `created` to, when not the default */
  name?: string;
  /** parameters by schema field name; an absent pointer-to-struct is null */
  args: Record<string, ArgValue>;
}
