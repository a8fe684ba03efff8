/** `replay9 info T`: header, counts, size and compression of a trace. */
import { readFileSync, statSync } from 'node:fs';
import type { Argv } from 'yargs';
import { COMMANDS } from '../../trace/commands.js';
import { ChunkKind, compressionName } from '../../trace/container.js';
import type { CompressionName } from '../../trace/container.js';
import { openTrace } from '../../trace/open.js';
import * as fb from '../../trace/generated/replay9.js';
import { COUNT_RESULTS } from '../../trace/commands.js';
import { EXIT, thousands, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';
import type { TraceReader } from '../../trace/reader.js';

/**
 * What info reports. A text trace (.r9t) is described as the text file it is (its size and lines);
 * the container fields (compression, chunks, snapshots, footer) belong to the binary form only.
 */
export interface TraceInfo {
  path: string;
  form: 'binary' | 'text';
  format: number;
  /** the format's minor version (1.1: brotli chunks) */
  formatMinor: number;
  writer: string;
  /** the file's size */
  bytes: number;
  /** text: lines of the file */
  lines?: number;
  compression?: CompressionName;
  level?: number;
  rawBytes?: number;
  chunks?: number;
  snapshots?: number;
  /** stored starting states (a trimmed trace) */
  restores?: number;
  footer?: boolean;
  calls: number;
  frames: number;
  objects: Record<string, number>;
  commands: Record<string, number>;
  failedCalls: number;
  warnings: string[];
}

/** What the calls of a trace are: counts by command and by kind of object created, and how many were recorded as failing. */
export interface CallCounts {
  rawBytes: number;
  objects: Record<string, number>;
  commands: Record<string, number>;
  failedCalls: number;
}

export function countCalls(reader: TraceReader): CallCounts {
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
  return { rawBytes, objects: sorted(objects), commands: sorted(commandCounts), failedCalls: failed };
}

export function traceInfo(path: string, { strict = false }: { strict?: boolean } = {}): TraceInfo {
  const { reader, kind } = openTrace(path, { replayOnly: true, strict });
  try {
    const { rawBytes, objects, commands, failedCalls } = countCalls(reader);
    const container = kind === 'text' ? { lines: textLines(path) } : {
      compression: compressionName(reader.header.compression),
      level: reader.header.level,
      rawBytes,
      chunks: reader.chunks.filter((c) => c.kind === ChunkKind.Commands).length,
      snapshots: reader.chunks.filter((c) => c.kind === ChunkKind.Snapshot).length,
      restores: reader.chunks.filter((c) => c.kind === ChunkKind.Restore).length,
      footer: reader.hasFooter,
    };
    return {
      path,
      form: kind,
      format: reader.header.formatVersion,
      formatMinor: reader.header.formatMinor,
      writer: reader.header.writerVersion,
      bytes: kind === 'text' ? statSync(path).size : reader.size,
      ...container,
      calls: reader.callCount,
      frames: reader.frames.length,
      objects,
      commands,
      failedCalls,
      warnings: reader.warnings,
    };
  } finally {
    reader.close();
  }
}

/** Lines of a text file (a last line without a newline counts). */
function textLines(path: string): number {
  const text = readFileSync(path);
  let n = 0;
  for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) n++;
  return text.length > 0 && text[text.length - 1] !== 10 ? n + 1 : n;
}

function containerRows(i: TraceInfo): Array<[string, string]> {
  if (i.form === 'text') return [['form', 'text (.r9t)'], ['size', `${thousands(i.bytes)} bytes in ${thousands(i.lines ?? 0)} lines`]];
  const ratio = i.rawBytes && i.bytes ? (i.rawBytes / i.bytes).toFixed(2) : '-';
  return [
    ['form', 'binary (.r9)'],
    ...(i.restores ? [['state', `starts from a stored device state${i.restores > 1 ? ` (${i.restores} stored states in all)` : ''}: a trimmed trace`] as [string, string]] : []),
    ['size', `${thousands(i.bytes)} bytes in ${i.chunks} chunks${i.snapshots ? ` and ${i.snapshots} snapshot${i.snapshots === 1 ? '' : 's'}` : ''}; ${i.compression}${i.compression !== 'none' ? ` level ${i.level}` : ''}; ${thousands(i.rawBytes ?? 0)} bytes of commands (${ratio}:1)`],
  ];
}

export function printInfo(i: TraceInfo, io: Io): void {
  const rows: Array<[string, string]> = [
    ['trace', i.path],
    ['format', `${i.format}.${i.formatMinor} (written by replay9 ${i.writer})`],
    ...containerRows(i),
    ['calls', `${thousands(i.calls)}${i.failedCalls ? ` (${thousands(i.failedCalls)} recorded as failing)` : ''}`],
    ['frames', thousands(i.frames)],
    ...(i.form === 'binary' ? [['index', i.footer ? 'footer present' : 'no footer (run `replay9 repair`)'] as [string, string]] : []),
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
      .positional('trace', { type: 'string', describe: 'a .r9 or .r9t trace, or an apitrace capture (.trace): then the capture (its format, properties, calls, frames, the calls the import leaves out or keeps as comments, what the application saw of its adapter)', demandOption: true })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .option('strict', STRICT_OPTION)
      .example('$0 info traces/triangles.r9t', 'summary of a text trace: its size, lines and calls')
      .example('$0 info out/triangles.r9', 'a binary trace: also its chunks, compression and index'),
    async (argv) => {
      const path = argv.trace as string;
      requireReadable(path);
      // an apitrace capture is described as the capture it is, not as the temporary trace it is read through
      if (/\.trace$/i.test(path)) {
        const { captureInfo, printCaptureInfo } = await import('../capture-info.js');
        const c = captureInfo(path, { strict: argv.strict });
        if (argv.json) io.out(JSON.stringify(c, null, 2));
        else printCaptureInfo(c, io);
        done(EXIT.ok);
        return;
      }
      const i = traceInfo(path, { strict: argv.strict });
      if (argv.json) io.out(JSON.stringify(i, null, 2));
      else printInfo(i, io);
      done(EXIT.ok);
    },
  );
}
