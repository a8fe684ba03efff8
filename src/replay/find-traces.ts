/**
 * The traces a command line names: files as given, and the .r9/.r9t files of directories (one
 * level deep; extensions in any case, as the opener reads them). A trace named twice (a folder
 * and a file in it) is listed once, where it first came.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

export function findTraces(paths: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (t: string): void => {
    const key = resolve(t);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or directory: ${p}`);
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (/\.(r9t?|trace)$/i.test(name)) add(join(p, name));
    } else add(p);
  }
  return out;
}
