/**
 * The benchmarks time what ships: tsc's output, not tsx's. tsx compiles with
 * esbuild's keepNames, which wraps every function expression in a `__name()`
 * call (a defineProperty), so code that makes closures per call (the replayer's
 * call scope) runs about 3x slower under tsx than as the built CLI. run.ts, when
 * started by tsx, compiles src/, bench/ and tools/ with tsc (incrementally)
 * into node_modules/.cache/replay9-bench and runs itself from there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** true when this module is the TypeScript source (run by tsx), not tsc output */
export const underTsx = import.meta.url.endsWith('.ts');

/** Compiles and runs bench/run.js with `args`; returns its exit code. Diagnostics go to stderr. */
export function runCompiled(args: readonly string[]): number {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const out = join(root, 'node_modules', '.cache', 'replay9-bench');
  mkdirSync(out, { recursive: true });
  // ESM scope for the emitted .js (node stops looking for package.json at node_modules)
  writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
  const config = join(out, 'tsconfig.json');
  writeFileSync(config, JSON.stringify({
    extends: join(root, 'tsconfig.json'),
    compilerOptions: {
      rootDir: root, outDir: out, noEmit: false, declaration: false, sourceMap: false,
      incremental: true, tsBuildInfoFile: join(out, 'tsconfig.tsbuildinfo'),
    },
    include: [join(root, 'src'), join(root, 'bench'), join(root, 'tools')],
  }, null, 2));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8' });
  const entry = join(out, 'bench', 'run.js');
  if (built.status !== 0) {
    process.stderr.write(`bench: tsc reported problems (benchmarks run on what it emitted):\n${built.stdout}${built.stderr}`);
  }
  if (!existsSync(entry)) {
    process.stderr.write(`bench: tsc did not emit ${entry}\n`);
    return 2;
  }
  const run = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit' });
  return run.status ?? 1;
}
