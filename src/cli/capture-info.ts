/**
 * `replay9 info APP.trace`: the apitrace capture as it is (its format, properties, calls, frames),
 * what the import makes of it (replay9 calls, objects, commands), what it leaves out (D3D9 calls
 * replay9 has no command for, calls outside D3D9) and what it noted about the record time (the
 * application's view of its adapter against replay9's). Not the temporary .r9 the capture is read
 * through: its chunks and compression are no property of the capture.
 */
import { statSync } from 'node:fs';
import type { ImportNote, UnmappedCalls } from '../capture/import.js';
import { openApitrace } from '../capture/parser.js';
import { openCapture } from './capture-open.js';
import { countCalls } from './commands/info.js';
import { thousands } from './io.js';
import type { Io } from './io.js';

export interface CaptureInfo {
  path: string;
  form: 'apitrace';
  bytes: number;
  /** the file's header: trace format version (FORMAT.markdown's version_no), semantic version, container compression */
  apitrace: { version: number; semanticVersion: number; compression: string; properties: Record<string, string> };
  /** the capture's calls, its fake memcpys (lock data) included */
  calls: number;
  frames: number;
  /** what the import makes of it */
  imported: { calls: number; objects: Record<string, number>; commands: Record<string, number>; failedCalls: number };
  /** Direct3D 9 calls replay9 has no command for */
  unmapped: { calls: number; functions: UnmappedCalls[] };
  /** calls outside Direct3D 9 (the text form keeps them as comments) */
  foreign: { calls: number; functions: UnmappedCalls[] };
  /** what the import noticed about the record time (caps and adapter answers that differ from replay9's, polls left out) */
  notes: ImportNote[];
  warnings: string[];
}

const total = (l: readonly UnmappedCalls[]): number => l.reduce((n, u) => n + u.count, 0);

export function captureInfo(path: string, { strict = false }: { strict?: boolean } = {}): CaptureInfo {
  const header = openApitrace(path).header;
  const { reader, summary } = openCapture(path, { replayOnly: true, strict });
  try {
    const { objects, commands, failedCalls } = countCalls(reader);
    return {
      path,
      form: 'apitrace',
      bytes: statSync(path).size,
      apitrace: { version: header.version, semanticVersion: header.semanticVersion, compression: header.compression, properties: Object.fromEntries(header.properties) },
      calls: summary.sourceCalls,
      frames: summary.frames,
      imported: { calls: summary.calls, objects, commands, failedCalls },
      unmapped: { calls: total(summary.unmapped), functions: summary.unmapped },
      foreign: { calls: total(summary.foreign), functions: summary.foreign },
      notes: summary.notes,
      warnings: summary.warnings,
    };
  } finally {
    reader.close();
  }
}

const listed = (l: readonly UnmappedCalls[]): string => l.map((u) => `${u.name} × ${u.count} (first at call ${u.first.join(', ')})`).join(', ');

export function printCaptureInfo(c: CaptureInfo, io: Io): void {
  const a = c.apitrace;
  const i = c.imported;
  const rows: Array<[string, string]> = [
    ['capture', c.path],
    ['format', `apitrace trace, format version ${a.version}${a.semanticVersion !== a.version ? ` (semantic ${a.semanticVersion})` : ''}, ${a.compression}; ${thousands(c.bytes)} bytes`],
    ...Object.entries(a.properties).map(([k, v]): [string, string] => [k, v]),
    ['calls', `${thousands(c.calls)} in the capture; ${thousands(i.calls)} as replay9 calls${i.failedCalls ? ` (${thousands(i.failedCalls)} recorded as failing)` : ''}`],
    ['frames', thousands(c.frames)],
    ['unmapped', c.unmapped.calls ? `${thousands(c.unmapped.calls)} Direct3D 9 calls not imported: ${listed(c.unmapped.functions)}` : 'none'],
    ['non-D3D9', c.foreign.calls ? `${thousands(c.foreign.calls)} calls outside Direct3D 9 (comments in the text form): ${listed(c.foreign.functions)}` : 'none'],
    ['objects', Object.entries(i.objects).map(([k, v]) => `${k} ${v}`).join(', ') || '-'],
    ['commands', Object.entries(i.commands).slice(0, 12).map(([k, v]) => `${k} ${v}`).join(', ') + (Object.keys(i.commands).length > 12 ? ', ...' : '')],
  ];
  const width = Math.max(9, ...rows.map(([k]) => k.length));
  for (const [k, v] of rows) io.out(`${k.padEnd(width)} ${v}`);
  for (const n of c.notes) io.out(`note: capture call ${n.source}: ${n.message}`);
  for (const w of c.warnings) io.err(`warning: ${w}`);
}
