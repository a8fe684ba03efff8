#!/usr/bin/env node
// Runs before `npm test` and `npm run samples` (pretest, presamples): installs the dependencies
// with `npm ci` when node_modules is missing or older than package-lock.json, and builds dist/
// when it is missing, so both commands work on a fresh clone and neither installs twice.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : -1);
const run = (args) => {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// npm writes node_modules/.package-lock.json at every install
if (mtime(join(root, 'node_modules', '.package-lock.json')) < mtime(join(root, 'package-lock.json'))) {
  console.error('replay9: installing dependencies (npm ci)');
  run(['ci', '--no-audit', '--no-fund']); // its prepare script builds dist/
} else if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.error('replay9: building dist/ (npm run build)');
  run(['run', 'build']);
}
