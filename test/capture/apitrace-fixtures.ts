/** The real apitrace captures in the checkout: Wine recordings of apitrace's own D3D9 tests and of our shader programs. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export const TRACES: string[] = ['apitrace', 'capture'].flatMap((dir) =>
  readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.trace')).sort().map((f) => join(FIXTURES, dir, f)));

/** apitrace 13.0's command line for Linux, when the shared folder beside the checkout has it. */
export const APITRACE = join(import.meta.dirname, '..', '..', '..', 'shared', 'capture', 'bin', 'apitrace');
export const HAVE_APITRACE = existsSync(APITRACE);

/** What `apitrace dump [--verbose] T` prints (latin1: the dump is bytes). */
export function apitraceDump(path: string, verbose = false): string {
  const r = spawnSync(APITRACE, ['dump', ...(verbose ? ['--verbose'] : []), path], { encoding: 'latin1', maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`apitrace dump ${path} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The dump stored beside a fixture (or under apitrace/verbose/), else apitrace's own when it is here, else null. */
export function storedDump(path: string, verbose: boolean): string | null {
  const name = path.split(/[\\/]/).pop()!.replace(/\.trace$/, '.dump.txt');
  const stored = verbose ? join(FIXTURES, 'apitrace', 'verbose', name) : path.replace(/\.trace$/, '.dump.txt');
  if (existsSync(stored)) return readFileSync(stored, 'latin1');
  return HAVE_APITRACE ? apitraceDump(path, verbose) : null;
}
