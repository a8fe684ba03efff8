/** `replay9 info T`: header, counts, size and compression of a trace. */
import type { Argv } from 'yargs';
import { COMMANDS } from '../../trace/commands.js';
import { ChunkKind, Compression } from '../../trace/container.js';
import { openTrace } from '../../trace/open.js';
import * as fb from '../../trace/generated/replay9.js';
import { COUNT_RESULTS } from '../../trace/commands.js';
import { EXIT, thousands, requireReadable } from '../io.js';
import type { Io } from '../io.js';

export interface TraceInfo {
  path: string;
  format: number;
  writer: string;
  compression: 'deflate' | 'none';
  level: number;
  bytes: number;
  rawBytes: number;
  chunks: number;
  snapshots: number;
  /** stored starting states (a trimmed trace) */
  restores: number;
  calls: number;
  frames: number;
  footer: boolean;
  objects: Record<string, number>;
  commands: Record<string, number>;
  failedCalls: number;
  warnings: string[];
}

export function traceInfo(path: string): TraceInfo {
  const { reader } = openTrace(path);
  try {
    const commandCounts = new Map<string, number>();
    const objects = new Map<string, number>();
    const seen = new Set<number>();
    let rawBytes = 0;
    let failed = 0;
    const call = new fb.Call();
    for (const b of reader.batches()) {
      rawBytes += b.bb.bytes().length;
      for (const pos of b.calls) {
        call.__init(pos, b.bb);
        const info = COMMANDS[call.commandType()];
        commandCounts.set(info.name, (commandCounts.get(info.name) ?? 0) + 1);
        const created = call.created();
        if (created && info.creates && !seen.has(created)) {
          seen.add(created);
          objects.set(info.creates, (objects.get(info.creates) ?? 0) + 1);
        }
        if (call.result() !== 0 && !COUNT_RESULTS.has(info.name)) failed++;
      }
    }
    const sorted = (m: Map<string, number>): Record<string, number> =>
      Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
    return {
      path,
      format: reader.header.formatVersion,
      writer: reader.header.writerVersion,
      compression: reader.header.compression === Compression.Deflate ? 'deflate' : 'none',
      level: reader.header.level,
      bytes: reader.size,
      rawBytes,
      chunks: reader.chunks.filter((c) => c.kind === ChunkKind.Commands).length,
      snapshots: reader.chunks.filter((c) => c.kind === ChunkKind.Snapshot).length,
      restores: reader.chunks.filter((c) => c.kind === ChunkKind.Restore).length,
      calls: reader.callCount,
      frames: reader.frames.length,
      footer: reader.hasFooter,
      objects: sorted(objects),
      commands: sorted(commandCounts),
      failedCalls: failed,
      warnings: reader.warnings,
    };
  } finally {
    reader.close();
  }
}

export function printInfo(i: TraceInfo, io: Io): void {
  const ratio = i.rawBytes && i.bytes ? (i.rawBytes / i.bytes).toFixed(2) : '-';
  const rows: Array<[string, string]> = [
    ['trace', i.path],
    ['format', `${i.format} (written by replay9 ${i.writer})`],
    ...(i.restores ? [['state', `starts from a stored device state${i.restores > 1 ? ` (${i.restores} stored states in all)` : ''}: a trimmed trace`] as [string, string]] : []),
    ['size', `${thousands(i.bytes)} bytes in ${i.chunks} chunks${i.snapshots ? ` and ${i.snapshots} snapshot${i.snapshots === 1 ? '' : 's'}` : ''}; ${i.compression}${i.compression === 'deflate' ? ` level ${i.level}` : ''}; ${thousands(i.rawBytes)} bytes of commands (${ratio}:1)`],
    ['calls', `${thousands(i.calls)}${i.failedCalls ? ` (${thousands(i.failedCalls)} recorded as failing)` : ''}`],
    ['frames', thousands(i.frames)],
    ['index', i.footer ? 'footer present' : 'no footer (run `replay9 repair`)'],
    ['objects', Object.entries(i.objects).map(([k, v]) => `${k} ${v}`).join(', ') || '-'],
    ['commands', Object.entries(i.commands).slice(0, 12).map(([k, v]) => `${k} ${v}`).join(', ') + (Object.keys(i.commands).length > 12 ? ', ...' : '')],
  ];
  for (const [k, v] of rows) io.out(`${k.padEnd(9)} ${v}`);
  for (const w of i.warnings) io.err(`warning: ${w}`);
}

export function registerInfo(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'info <trace>',
    'Show a trace\'s header, counts of calls, frames and objects, size and compression',
    (a) => a
      .positional('trace', { type: 'string', describe: 'a .r9 or .r9t trace', demandOption: true })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 info traces/clear.r9', 'summary of a trace'),
    (argv) => {
      requireReadable(argv.trace as string);
      const i = traceInfo(argv.trace as string);
      if (argv.json) io.out(JSON.stringify(i, null, 2));
      else printInfo(i, io);
      done(EXIT.ok);
    },
  );
}
