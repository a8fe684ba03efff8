/** `replay9 dump T`: the calls as .r9t lines, or JSON lines. */
import type { Argv } from 'yargs';
import { commandInfo, COUNT_RESULTS, qualifiedMethod } from '../../trace/commands.js';
import { traceText } from '../../trace/convert.js';
import { openTrace } from '../../trace/open.js';
import { headerPragma, TextPrinter } from '../../trace/text/print.js';
import { hresultName } from '../../d3d9/index.js';
import { callSetOption, EXIT, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';
import { readSnapshotChunk } from '../../replay/snapshot-chunk.js';
import { ChunkKind } from '../../trace/container.js';
import type { TraceReader } from '../../trace/reader.js';
import type { CallRecord } from '../../trace/call.js';
import { HANDLE_KINDS } from '../../trace/commands.js';
import type { HandleKind } from '../../trace/commands.js';
import { defaultName } from '../../trace/text/names.js';

/**
 * The calls of a trace that starts from stored states (trim's output), with a
 * comment for each state: the printer learns the handles each one holds.
 */
function* restoredCalls(reader: TraceReader, printer: TextPrinter, to: number): Generator<{ n: number; call: CallRecord } | { comment: string }> {
  for (const c of reader.chunks) {
    if (c.firstCall >= to) return;
    if (c.kind === ChunkKind.Restore) {
      const s = readSnapshotChunk(reader, c);
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
    (argv) => {
      requireReadable(argv.trace as string);
      const set = callSetOption(argv.calls);
      const { reader, lines, comments } = openTrace(argv.trace as string, { strict: argv.strict });
      const out = new LineBuffer(io);
      try {
        const restored = reader.chunks.some((c) => c.kind === ChunkKind.Restore);
        if (!argv.json && !set && !restored) {
          for (const line of traceText(reader, comments)) out.line(line);
        } else {
          const printer = new TextPrinter((n) => (lines ? `${argv.trace as string}:${lines[n]}` : reader.placeOfCall(n)));
          if (!argv.json) out.line(headerPragma(reader.header));
          if (!argv.json && restored) out.line('# this trace starts from stored device states (written by trim): the text shows its calls, it does not convert back');
          const to = set ? set.max + 1 : Infinity;
          const frameEnds = new Set(reader.frames);
          const items = restored ? restoredCalls(reader, printer, to) : reader.calls(0, to);
          for (const item of items) {
            if ('comment' in item) {
              if (!argv.json) out.line(item.comment);
              continue;
            }
            const { n, call } = item;
            if (!argv.json) {
              const text = printer.indented(call, n);
              if (set && !set.has(n, call.command, frameEnds.has(n))) continue;
              for (const c of comments?.get(n) ?? []) out.line(c);
              out.line(set ? `${String(n).padStart(7)}  ${text.trimStart()}` : text);
              continue;
            }
            printer.advance(call, n);
            if (set && !set.has(n, call.command, frameEnds.has(n))) continue;
            const info = commandInfo(call.command);
            const args: Record<string, unknown> = {};
            for (const f of info.table.fields) {
              const v = call.args[f.name];
              if (f.r9 === 'data' && (v === null || v === undefined)) continue;
              const t = printer.field(f, v, call);
              args[f.name] = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(t) ? Number(t) : t;
            }
            const rec: Record<string, unknown> = {
              call: n,
              method: qualifiedMethod(info, printer.kindOf(call.self)),
              ...(call.self ? { self: printer.nameOf(call.self) } : {}),
              args,
              result: COUNT_RESULTS.has(info.name) ? call.result | 0 : hresultName(call.result),
              ...(call.created ? { created: printer.nameOf(call.created) } : {}),
              ...(lines ? { line: lines[n] } : {}),
            };
            out.line(JSON.stringify(rec));
          }
        }
      } finally {
        out.flush();
        reader.close();
      }
      for (const w of reader.warnings) io.err(`warning: ${w}`);
      done(EXIT.ok);
    },
  );
}
