/**
 * Tests never write into the checkout: every file under the project root (but node_modules,
 * .git, dist and ignored scratch folders) is hashed before the run and again after it, and the
 * run fails naming every file a test created, changed or removed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.vitest-cache', '.scratch']);

/** relative path → sha-1 of its bytes, for every file under dir. */
export function checkoutFiles(dir = ROOT, out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) checkoutFiles(p, out);
    else if (e.isFile()) out.set(relative(ROOT, p), createHash('sha1').update(readFileSync(p)).digest('hex'));
  }
  return out;
}

/** The files that differ between two listings, each with what happened to it. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [f, h] of after) if (!before.has(f)) out.push(`created ${f}`); else if (before.get(f) !== h) out.push(`changed ${f}`);
  for (const f of before.keys()) if (!after.has(f)) out.push(`removed ${f}`);
  return out.sort();
}

/** Shared by the projects of one run (each runs this setup): the first takes the listing, the last compares. */
const run = globalThis as { replay9Checkout?: { open: number; before: Map<string, string> } };

export default function setup(): () => void {
  run.replay9Checkout ??= { open: 0, before: checkoutFiles() };
  run.replay9Checkout.open++;
  return () => {
    const state = run.replay9Checkout!;
    if (--state.open > 0) return;
    delete run.replay9Checkout;
    const changed = changedFiles(state.before, checkoutFiles());
    if (changed.length === 0) return;
    // vitest reports an error thrown here but still exits 0: set the exit code as well
    process.exitCode = 1;
    throw new Error(`tests wrote into the checkout (write to a temporary folder instead):\n  ${changed.join('\n  ')}`);
  };
}
