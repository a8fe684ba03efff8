/** What one call of a trace is, read from its chunk without replaying. */
import { COMMANDS, DRAW_COMMANDS } from '../trace/commands.js';
import type { CommandName } from '../trace/commands.js';
import * as fb from '../trace/generated/replay9.js';
import type { TraceReader } from '../trace/reader.js';

/** The method name of call `n` (which must exist). */
export function commandAt(reader: TraceReader, n: number): string {
  const b = reader.loadBatch(reader.chunks[reader.chunkIndexForCall(n)]);
  const call = new fb.Call();
  call.__init(b.calls[n - b.firstCall], b.bb);
  return COMMANDS[call.commandType()].name;
}

export function isDraw(method: string): boolean {
  return DRAW_COMMANDS.has(method as CommandName);
}
