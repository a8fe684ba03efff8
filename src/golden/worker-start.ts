/** Starting a worker thread of ours from the built JavaScript or, under vitest or tsx, from TypeScript source. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * `entry` is the worker module's URL next to the caller (`new URL('./x.js', import.meta.url)`,
 * named .js); run from source, its .ts sibling is loaded through tsx. `preload`: module URLs the
 * worker imports first, in order.
 */
export function startWorker(entry: URL, workerData: unknown, preload: readonly string[] = []): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource && preload.length === 0) return new Worker(entry, { workerData });
  const main = fromSource ? new URL(entry.href.replace(/\.js$/, '.ts')) : entry;
  let start = 'Promise.resolve()';
  if (fromSource) {
    // Node 20 ignores `--import tsx` in a worker's execArgv (its loader hooks do not reach the
    // worker), so the worker registers tsx's ESM loader itself, then imports the .ts entry
    const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
    const api = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
    start = `import(${JSON.stringify(api)}).then((m) => { m.register(); })`;
  }
  const code = `${start}.then(() => Promise.all(${JSON.stringify(preload)}.map((u) => import(u)))).then(() => import(${JSON.stringify(main.href)}));`;
  return new Worker(code, { eval: true, workerData });
}
