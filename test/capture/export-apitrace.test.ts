/**
 * Exported traces read by apitrace's own `apitrace dump` (when the shared folder has the binary;
 * CI without it skips that part) and by our reader: no warnings, the calls we meant, in order, with
 * the names replay9's own calls have and the values the exporter produced.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApitraceExporter, exportHeader } from '../../src/capture/export.js';
import { formatDump } from '../../src/capture/dump-format.js';
import { openApitrace } from '../../src/capture/parser.js';
import type { TraceCall } from '../../src/capture/model.js';
import { exportTrace } from '../../src/cli/commands/export.js';
import { commandInfo } from '../../src/trace/commands.js';
import { openTrace } from '../../src/trace/open.js';
import { APITRACE, HAVE_APITRACE } from './apitrace-fixtures.js';

const TRACES = join(import.meta.dirname, '..', '..', 'traces');
const SAMPLES = readdirSync(TRACES).filter((n) => n.endsWith('.r9t')).sort();
const tmp = mkdtempSync(join(tmpdir(), 'replay9-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** What the exporter yields for a sample, the replay9 method of each call, and the written file. */
const cache = new Map<string, { calls: TraceCall[]; methods: string[]; path: string }>();
function exported(name: string): { calls: TraceCall[]; methods: string[]; path: string } {
  const hit = cache.get(name);
  if (hit) return hit;
  const src = join(TRACES, name);
  const path = join(tmp, name.replace(/\.r9t$/, '.trace'));
  const rep = exportTrace(src, path);
  expect(rep.warnings).toEqual([]);
  const { reader } = openTrace(src);
  const records = [...reader.calls()].map(({ call }) => call);
  const calls = [...new ApitraceExporter().convert(records)];
  const out = { calls, methods: records.map((r) => commandInfo(r.command).method), path };
  cache.set(name, out);
  return out;
}

/** `X::Method` → Method, `Func` → Func, memcpy left out: the order of the application's calls. */
const methodsOf = (names: readonly string[]): string[] => names.filter((n) => n !== 'memcpy').map((n) => n.split('::').pop()!);

describe('exported traces read back', () => {
  for (const name of SAMPLES) {
    it(`${name}: our reader finds the calls the exporter wrote, value for value`, () => {
      const { calls, methods, path } = exported(name);
      const file = openApitrace(path);
      const back = [...file.calls()];
      expect(file.warnings).toEqual([]);
      expect(file.header).toEqual(exportHeader(name));
      expect(formatDump(file.header, back, { verbose: true })).toBe(formatDump(exportHeader(name), calls, { verbose: true }));
      expect(methodsOf(back.map((c) => c.sig.name))).toEqual(methods);
    });
  }
});

describe.skipIf(!HAVE_APITRACE)("exported traces read by apitrace's own dump", () => {
  for (const name of SAMPLES) {
    it(`${name}: apitrace dump reads it without a warning and prints the calls we made`, () => {
      const { calls, methods, path } = exported(name);
      const r = spawnSync(APITRACE, ['dump', '--verbose', path], { encoding: 'latin1', maxBuffer: 64 << 20 });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(formatDump(exportHeader(name), calls, { verbose: true }));
      const names = [...r.stdout.matchAll(/^\d+ ([A-Za-z0-9_:]+)\(/gm)].map((m) => m[1]);
      expect(methodsOf(names)).toEqual(methods);
    });
  }
});
