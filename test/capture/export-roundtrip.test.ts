/**
 * The round trip: a real capture (.trace) imported into replay9 and exported again gives the same
 * calls with the same arguments as the capture, pointer values aside (the exporter makes its own),
 * as `apitrace dump` prints them (apitrace's binary when the shared folder has it, else our reader
 * and printer, which match it line for line).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDump } from '../../src/capture/dump-format.js';
import { CaptureImporter, importCalls } from '../../src/capture/import.js';
import { openApitrace } from '../../src/capture/parser.js';
import { exportTrace } from '../../src/cli/commands/export.js';
import { importCapture } from '../../src/cli/commands/import.js';
import { APITRACE, HAVE_APITRACE, TRACES } from './apitrace-fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'replay9-roundtrip-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dumpOf(path: string): string {
  if (!HAVE_APITRACE) {
    const f = openApitrace(path);
    return formatDump(f.header, f.calls());
  }
  const r = spawnSync(APITRACE, ['dump', path], { encoding: 'latin1', maxBuffer: 64 << 20 });
  expect(r.stderr).toBe('');
  return r.stdout;
}

/**
 * The dump with what the round trip cannot keep taken out: the header's comments, call numbers,
 * pointer values, and a shader's disassembly text (the export writes its tokens, which are the
 * truth; the capture has both, the text made by whichever d3dx9 the tracer could load).
 */
function normalized(dump: string, leftOut: ReadonlySet<number> = new Set()): string[] {
  return dump
    .replace(/pFunction = (?:"[^"]*"|blob\(\d+\))/g, 'pFunction = <shader>')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('//') && !leftOut.has(Number(/^(\d+) /.exec(l)?.[1] ?? -1)))
    .map((l) => l.replace(/^\d+ /, '').replace(/0x[0-9a-f]{3,}/g, '<ptr>'));
}

describe('capture → import → export gives the capture back', () => {
  for (const path of TRACES) {
    it(`${path.split('/').slice(-2).join('/')}: the same calls and arguments, pointers aside`, () => {
      const name = basename(path, '.trace');
      const r9 = join(tmp, `${name}.r9`);
      const back = join(tmp, `${name}.trace`);
      importCapture(path, r9);
      const rep = exportTrace(r9, back);
      expect(rep.warnings).toEqual([]);
      expect(rep.skipped).toBe(0);
      // the calls the import leaves out on purpose (a query's not-yet polls, a timing query's value), with a note
      const leftOut = new Set<number>();
      const importer = new CaptureImporter({ onLeftOut: (no) => leftOut.add(no) });
      for (const _ of importCalls(openApitrace(path).calls(), importer));
      expect(normalized(dumpOf(back))).toEqual(normalized(dumpOf(path), leftOut));
    });
  }
});
