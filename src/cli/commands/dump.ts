/** `replay9 dump T`: the calls as .r9t lines, or JSON lines. */
import type { Argv } from 'yargs';
import { COMMANDS } from '../../trace/commands.js';
import { openTrace } from '../../trace/open.js';
import { ByteOut } from '../../trace/text/byte-out.js';
import { headerPragma } from '../../trace/text/print.js';
import type { TextPrinter } from '../../trace/text/print.js';
import { DirectPrinter } from '../../trace/text/print-direct.js';
import type { CallSet } from '../../trace/call-set.js';
import { callSetOption, EXIT, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';
import type { readSnapshotChunk } from '../../replay/snapshot-chunk.js';
import { ChunkKind } from '../../trace/container.js';
import { callType } from '../../trace/reader.js';
import type { TraceReader } from '../../trace/reader.js';
import type { CallRecord } from '../../trace/call.js';
import { HANDLE_KINDS } from '../../trace/commands.js';
import type { HandleKind } from '../../trace/commands.js';
import { defaultName } from '../../trace/text/names.js';

/**
 * The calls of a trace that starts from stored states (trim's output), with a
 * comment for each state: the printer learns the handles each one holds.
 */
function* restoredCalls(reader: TraceReader, printer: TextPrinter, to: number, readState: typeof readSnapshotChunk): Generator<{ n: number; call: CallRecord } | { comment: string }> {
  for (const c of reader.chunks) {
    if (c.firstCall >= to) return;
    if (c.kind === ChunkKind.Restore) {
      const s = readState(reader, c);
      const names = new Map(s.names);
      const handles = s.handles.filter((h) => (HANDLE_KINDS as readonly string[]).includes(h.kind)).map((h) => {
        const kind = h.kind as HandleKind;
        const o = s.objects[h.object] as { kind: string; state?: { fvf: number } };
        return { id: h.id, kind, name: names.get(h.id) ?? defaultName(kind, h.id), fvf: o.kind === 'Device' ? o.state?.fvf : undefined };
      });
      printer.seed(handles);
      yield { comment: `# the device state stored before call ${c.firstCall}: ${s.objects.length} objects; ${handles.map((h) => `${h.name} (${h.kind})`).join(', ') || 'no handles'}` };
    } else if (c.kind === ChunkKind.Commands) {
      for (const x of reader.calls(c.firstCall, Math.min(to, c.firstCall + c.callCount))) yield x;
    }
  }
}

/** Lines gathered into writes of about 64 KB: one write a line costs more than printing it. */
class LineBuffer {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly io: Io) {}

  line(text: string): void {
    this.parts.push(text);
    this.size += text.length + 1;
    if (this.size >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    this.io.out(this.parts.join('\n') + '\n');
    this.parts = [];
    this.size = 0;
  }
}

export function registerDump(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'dump <trace>',
    'Print the calls of a trace as .r9t text (one call per line) or JSON lines',
    (a) => a
      .positional('trace', { type: 'string', describe: 'a .r9 or .r9t trace', demandOption: true })
      .option('calls', { type: 'string', requiresArg: true, describe: 'only these calls (apitrace syntax: 0-100, 10,20,30-40, frame, draw); lines then start with the call number' })
      .option('json', { type: 'boolean', default: false, describe: 'one JSON object per call: call, method, self, args, result, created' })
      .option('strict', STRICT_OPTION)
      .example('$0 dump traces/triangles.r9t', 'the whole trace as text (convertible back with `convert`)')
      .example('$0 dump traces/triangles.r9t --calls draw', 'only the draw calls, numbered'),
    (argv) => runDump({ trace: argv.trace as string, calls: argv.calls, json: argv.json === true, strict: argv.strict }, io, done),
  );
}

/** What dump's options ask for. */
export interface DumpArgs {
  trace: string;
  calls?: string;
  json: boolean;
  strict: boolean;
}

/** `replay9 dump`, once its arguments are parsed (by yargs, or by plainDumpArgs in main). */
export async function runDump(argv: DumpArgs, io: Io, done: (code: number) => void): Promise<void> {
  requireReadable(argv.trace);
  const set = callSetOption(argv.calls);
  const { reader, lines, comments } = openTrace(argv.trace, { strict: argv.strict });
  const out = new LineBuffer(io);
  const bytes = new ByteOut(io.outBytes ?? ((b) => io.out(Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8'))));
  try {
    if (reader.chunks.some((c) => c.kind === ChunkKind.Restore)) {
      // the replay layer (device, raster core) loads only for a trace that needs it
      const { readSnapshotChunk } = await import('../../replay/snapshot-chunk.js');
      restoredDump(reader, set, argv.json, argv.trace, lines, out, readSnapshotChunk);
    }
    else directDump(reader, set, argv.json, argv.trace, lines, bytes, comments);
  } finally {
    out.flush();
    bytes.flush();
    reader.close();
  }
  for (const w of reader.warnings) io.err(`warning: ${w}`);
  done(EXIT.ok);
}

/**
 * Every call printed from its FlatBuffer into `out` (a trace that starts from no stored state).
 * `comments`: text-only lines before call n (an imported capture's calls outside D3D9), printed
 * with the call in text form.
 */
function directDump(
  reader: TraceReader, set: CallSet | undefined, json: boolean, file: string, lines: number[] | undefined, out: ByteOut,
  comments?: ReadonlyMap<number, readonly string[]>,
): void {
  const comment = (n: number): void => {
    for (const c of comments?.get(n) ?? []) {
      out.str(c);
      out.newline();
    }
  };
  const printer = new DirectPrinter((n) => (lines ? `${file}:${lines[n]}` : reader.placeOfCall(n)));
  const frameEnds = new Set(reader.frames);
  if (!json) {
    out.str(headerPragma(reader.header));
    out.newline();
  }
  const to = set ? set.max + 1 : Infinity;
  let frame = 0;
  let frameStart = true;
  let last = -1;
  for (const b of reader.batches()) {
    for (let i = 0; i < b.calls.length; i++) {
      const n = b.firstCall + i;
      if (n >= to) return;
      last = n;
      const pos = b.calls[i];
      // an unknown command type: the printer's decode says what is wrong
      const info = set ? COMMANDS[callType(b.bb, pos)] : undefined;
      const write = !set || !info || set.has(n, info.name, frameEnds.has(n));
      if (json) printer.json(b.bb, pos, n, out, lines?.[n], write);
      else if (set) {
        if (write) comment(n);
        printer.text(b.bb, pos, n, out, true, write);
      } else {
        if (frameStart) {
          out.str(`# frame ${frame}`);
          out.newline();
          frameStart = false;
        }
        comment(n);
        printer.text(b.bb, pos, n, out, false);
        if (frameEnds.has(n)) {
          frame++;
          frameStart = true;
        }
      }
    }
  }
  // comments after the last call (or in a trace without calls)
  if (comments && !json && !set) for (const [n] of comments) if (n > last) comment(n);
}

/** A trace written by trim: its stored states as comments, then its calls. */
function restoredDump(
  reader: TraceReader, set: CallSet | undefined, json: boolean, file: string, lines: number[] | undefined, out: LineBuffer, readState: typeof readSnapshotChunk,
): void {
  const printer = new DirectPrinter((n) => (lines ? `${file}:${lines[n]}` : reader.placeOfCall(n)));
  if (!json) {
    out.line(headerPragma(reader.header));
    out.line('# this trace starts from stored device states (written by trim): the text shows its calls, it does not convert back');
  }
  const to = set ? set.max + 1 : Infinity;
  const frameEnds = new Set(reader.frames);
  for (const item of restoredCalls(reader, printer, to, readState)) {
    if ('comment' in item) {
      if (!json) out.line(item.comment);
      continue;
    }
    const { n, call } = item;
    if (!json) {
      const text = printer.indented(call, n);
      if (set && !set.has(n, call.command, frameEnds.has(n))) continue;
      out.line(set ? `${String(n).padStart(7)}  ${text.trimStart()}` : text);
      continue;
    }
    printer.advance(call, n);
    if (set && !set.has(n, call.command, frameEnds.has(n))) continue;
    out.line(JSON.stringify(printer.jsonRecord(call, n, lines?.[n])));
  }
}
