#!/usr/bin/env node
// Runs before `npm test` and `npm run samples` (pretest, presamples): installs the dependencies
// with `npm ci` when node_modules does not hold what package-lock.json names, and builds dist/
// when it is missing, so both commands work on a fresh clone and neither installs twice.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const packagesOf = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
  } catch {
    return undefined;
  }
};

/** npm records what it installed in node_modules/.package-lock.json: every locked package must be there at its version. */
function installed() {
  const want = packagesOf(join(root, 'package-lock.json'));
  const have = packagesOf(join(root, 'node_modules', '.package-lock.json'));
  if (!want || !have) return false;
  // optional packages for other platforms are locked but never installed
  return Object.entries(want).every(([path, p]) => path === '' || p.optional || have[path]?.version === p.version);
}

if (!installed()) {
  console.error('replay9: installing dependencies (npm ci)');
  run(['ci', '--no-audit', '--no-fund']); // its prepare script builds dist/
} else if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.error('replay9: building dist/ (npm run build)');
  run(['run', 'build']);
}
