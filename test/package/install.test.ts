/**
 * The published package works once installed: `npm pack` (its prepack builds dist/) in a copy of
 * the checkout, the tarball installed offline into a new project (its dependencies come from the
 * npm cache through a lockfile made from ours, so nothing is downloaded), then the installed bin,
 * the library, a .ts scene recorded through the installed tsx, and tsc on a consumer file that
 * uses toMatchGolden against the published declarations.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LONG } from '../helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = realpathSync(join(ROOT, 'node_modules'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
const tmp = LONG ? mkdtempSync(join(tmpdir(), 'replay9-pack-')) : '';
afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

const run = (cmd: string, args: string[], cwd: string): string => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' } });

/** A package-lock for `consumer` depending on the tarball: its dependencies' entries (version, resolved, integrity) copied from ours. */
function consumerLock(tarball: string): object {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Record<string, unknown>> };
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', version: '1.0.0', dependencies: { replay9: `file:${tarball}` } },
    'node_modules/replay9': {
      version: root.version, resolved: `file:${tarball}`, integrity, license: root.license, dependencies: root.dependencies,
      peerDependencies: root.peerDependencies, peerDependenciesMeta: root.peerDependenciesMeta, bin: root.bin, engines: root.engines,
    },
  };
  for (const [k, v] of Object.entries(lock.packages)) if (k && !v.dev && !v.link) packages[k] = v;
  return { name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages };
}

/** Every module specifier that the declaration files reachable from `entry` import. */
function declarationImports(entry: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(entry)) return out;
  seen.add(entry);
  for (const m of readFileSync(entry, 'utf8').matchAll(/(?:from|import\(|import)\s*['"]([^'"]+)['"]/g)) {
    if (m[1].startsWith('.')) declarationImports(join(dirname(entry), m[1].replace(/\.js$/, '.d.ts')), seen, out);
    else out.add(m[1]);
  }
  return out;
}

/** What a tarball may hold: the build, the command, the schema and the README; no source maps. */
const stray = (files: string[]): string[] => files.filter((f) => !/^(dist|bin|schema)\/|^(README\.md|package\.json|LICENSE)$/.test(f) || f.endsWith('.map'));

// npm itself costs seconds of CPU to start: the long suite runs this too
describe.runIf(LONG)('the package', () => {
  it('lists dist, bin, schema and README only (npm pack --dry-run of the checkout as built)', () => {
    const out = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT);
    const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ files: Array<{ path: string }> }>;
    const files = info.files.map((f) => f.path);
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/golden/matcher.js', 'dist/cli/main.js', 'bin/replay9.js', 'README.md']) expect(files).toContain(f);
    expect(stray(files)).toEqual([]);
  }, 60_000);
});

// packing builds dist afresh and installing runs npm and tsc: about 100 s, so the long run only
describe.runIf(LONG)('the packed package, installed', () => {
  const src = join(tmp, 'src-copy');
  const consumer = join(tmp, 'consumer');
  let tarball = '';
  let installed = '';

  it('packs dist, bin, schema and README only, building dist in prepack', () => {
    mkdirSync(src);
    for (const f of ['package.json', 'package-lock.json', 'README.md', '.gitignore', 'tsconfig.json', 'tsconfig.build.json', 'bin', 'schema', 'src', 'test', 'bench', 'tools', 'vitest.config.ts']) cpSync(join(ROOT, f), join(src, f), { recursive: true });
    symlinkSync(MODULES, join(src, 'node_modules'), 'dir');
    const out = run('npm', ['pack', '--json', '--pack-destination', tmp], src);
    const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = join(tmp, info.filename);
    const files = info.files.map((f) => f.path);
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('dist/golden/matcher.d.ts');
    expect(files).toContain('bin/replay9.js');
    expect(files).toContain('README.md');
    expect(stray(files)).toEqual([]);
  }, 240_000);

  it('installs from the tarball offline', () => {
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: { replay9: `file:${tarball}` } }));
    writeFileSync(join(consumer, 'package-lock.json'), JSON.stringify(consumerLock(tarball)));
    run('npm', ['ci', '--offline', '--ignore-scripts'], consumer);
    installed = join(consumer, 'node_modules', 'replay9');
    for (const dep of Object.keys(pkg.dependencies)) expect(readFileSync(join(consumer, 'node_modules', dep, 'package.json'), 'utf8')).toContain(`"name"`);
  }, 120_000);

  it('runs `npx replay9 --version` and `replay9 info` on a sample trace', () => {
    expect(run('npx', ['--offline', 'replay9', '--version'], consumer).trim()).toBe(pkg.version);
    const info = run('npx', ['--offline', 'replay9', 'info', join(ROOT, 'traces/triangles.r9t')], consumer);
    expect(info).toMatch(/^calls\s+\d+/m);
  });

  it('records a .ts scene through the installed tsx', () => {
    writeFileSync(join(consumer, 'scene.ts'), [
      "import { D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFMT, type Direct3D9 } from 'replay9';",
      'export default function (d3d: Direct3D9): void {',
      '  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, { BackBufferWidth: 4, BackBufferHeight: 4, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0, MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: false, AutoDepthStencilFormat: 0, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0 }).device!;',
      '  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 1, 0);',
      '  dev.Present(null, null, null, null);',
      '}',
    ].join('\n'));
    expect(run('npx', ['--offline', 'replay9', 'record', 'scene.ts', '-o', 'scene.r9t'], consumer)).toMatch(/wrote scene\.r9t \(\d+ calls\)/);
    expect(readFileSync(join(consumer, 'scene.r9t'), 'utf8')).toMatch(/\.Present\(NULL, NULL, NULL, NULL\)/);
  });

  it('imports the library and renders a trace', () => {
    const script = "import { Direct3DCreate9, renderTrace } from 'replay9'; const r = renderTrace(process.argv[1]); console.log(typeof Direct3DCreate9, r.frames.length, r.findings.length);";
    expect(run(process.execPath, ['--input-type=module', '-e', script, join(consumer, 'scene.r9t')], consumer).trim()).toBe('function 1 0');
  });

  it('publishes declarations that do not reach yargs, and a consumer using toMatchGolden type-checks', () => {
    for (const entry of ['dist/index.d.ts', 'dist/golden/matcher.d.ts']) {
      const external = [...declarationImports(join(installed, entry))];
      expect(external.filter((m) => /yargs/.test(m)), entry).toEqual([]);
    }
    // vitest is an optional peer: the consumer brings its own (ours), and Node's types
    symlinkSync(join(MODULES, 'vitest'), join(consumer, 'node_modules', 'vitest'), 'dir');
    mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(MODULES, '@types', 'node'), join(consumer, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(consumer, 'frames.test.ts'), [
      "import { expect, test } from 'vitest';",
      "import { renderTrace } from 'replay9';",
      "import type { RenderedFrame } from 'replay9';",
      "import { registerGoldenMatcher } from 'replay9/vitest';",
      'registerGoldenMatcher();',
      "test('frames', () => {",
      "  const frames: RenderedFrame[] = renderTrace('scene.r9t').frames;",
      "  expect(frames[0]).toMatchGolden('scene-0', { dir: 'goldens', threshold: 0.1, maxDiffPixels: 2 });",
      '});',
    ].join('\n'));
    const tsconfig = { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] }, files: ['frames.test.ts'] };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify(tsconfig));
    // skipLibCheck is off: the published .d.ts files themselves must check, and toMatchGolden must exist on vitest's Assertion
    run(process.execPath, [join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json'], consumer);
  }, 120_000);
});
