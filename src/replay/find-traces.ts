/** The traces a command line names: files as given, and the .r9/.r9t files of directories (one level deep). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';

export function findTraces(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or directory: ${p}`);
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (/\.r9t?$/.test(name)) out.push(join(p, name));
    } else out.push(p);
  }
  return out;
}
