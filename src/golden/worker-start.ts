/** Starting a worker thread of ours from the built JavaScript or, under vitest or tsx, from TypeScript source. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * `entry` is the worker module's URL next to the caller (`new URL('./x.js', import.meta.url)`,
 * named .js); run from source, its .ts sibling is loaded through tsx.
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(entry, { workerData });
  const ts = new URL(entry.href.replace(/\.js$/, '.ts'));
  // Node 20 ignores `--import tsx` in a worker's execArgv (its loader hooks do not reach the
  // worker), so the worker registers tsx's ESM loader itself, then imports the .ts entry
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}
