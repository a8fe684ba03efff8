/** A recorded call as plain data: what the writer encodes and the text form prints. */
import type { CommandName } from './commands.js';

export interface StructValue {
  [field: string]: number | StructValue;
}
export type ArgValue = number | string | Uint8Array | StructValue | StructValue[] | null;

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
