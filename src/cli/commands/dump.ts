/** `replay9 dump T`: the calls as .r9t lines, or JSON lines. */
import type { Argv } from 'yargs';
import { commandInfo, COUNT_RESULTS, qualifiedMethod } from '../../trace/commands.js';
import { traceText } from '../../trace/convert.js';
import { openTrace } from '../../trace/open.js';
import { headerPragma, TextPrinter } from '../../trace/text/print.js';
import { hresultName } from '../../d3d9/index.js';
import { refuseRestoredForText, callSetOption, EXIT } from '../io.js';
import type { Io } from '../io.js';

export function registerDump(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'dump <trace>',
    'Print the calls of a trace as .r9t text (one call per line) or JSON lines',
    (a) => a
      .positional('trace', { type: 'string', describe: 'a .r9 or .r9t trace', demandOption: true })
      .option('calls', { type: 'string', describe: 'only these calls (apitrace syntax: 0-100, 10,20,30-40, frame, draw); lines then start with the call number' })
      .option('json', { type: 'boolean', default: false, describe: 'one JSON object per call: call, method, self, args, result, created' })
      .example('$0 dump t.r9 > t.r9t', 'the whole trace as text (convertible back with `convert`)')
      .example('$0 dump t.r9 --calls draw', 'only the draw calls, numbered'),
    (argv) => {
      const set = callSetOption(argv.calls);
      const { reader, lines } = openTrace(argv.trace as string);
      try {
        refuseRestoredForText(reader, 'dump the trace it was trimmed from, with --calls');
        if (!argv.json && !set) {
          for (const line of traceText(reader)) io.out(line);
        } else {
          const printer = new TextPrinter();
          if (!argv.json) io.out(headerPragma(reader.header));
          for (const { n, call } of reader.calls(0, set ? set.max + 1 : Infinity)) {
            const text = printer.indented(call, n);
            if (set && !set.has(n, call.command)) continue;
            if (!argv.json) {
              io.out(`${String(n).padStart(7)}  ${text.trimStart()}`);
              continue;
            }
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
            io.out(JSON.stringify(rec));
          }
        }
      } finally {
        reader.close();
      }
      for (const w of reader.warnings) io.err(`warning: ${w}`);
      done(EXIT.ok);
    },
  );
}
