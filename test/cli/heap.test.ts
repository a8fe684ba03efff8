import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobsOption, SATURATED_FLAGS } from '../../src/cli/heap.js';

describe('check with a thread per core runs with V8 compiling on its threads', () => {
  it('reads --jobs as yargs does: the last one, --jobs N or --jobs=N, not after --', () => {
    expect(jobsOption(['check', 'traces'])).toBe(1);
    expect(jobsOption(['check', 'traces', '--jobs', '4'])).toBe(4);
    expect(jobsOption(['check', '--jobs=3', 'traces'])).toBe(3);
    expect(jobsOption(['check', '--jobs', '2', '--jobs', '5'])).toBe(5);
    expect(jobsOption(['check', '--', '--jobs', '5'])).toBe(1);
    expect(jobsOption(['check', '--jobs', 'many'])).toBe(1);
  });

  // a stand-in for bin/replay9.js: it reruns itself when it should, then reports how it runs
  const probe = join(mkdtempSync(join(tmpdir(), 'replay9-heap-')), 'probe.mjs');
  writeFileSync(probe, [
    `const heap = await import(${JSON.stringify(new URL('../../src/cli/heap.ts', import.meta.url).href)});`,
    `heap.rerunSingleThreadedIfSaturated((await import('node:url')).fileURLToPath(import.meta.url), process.argv.slice(2));`,
    `console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));`,
    'process.exitCode = 3;',
    '',
  ].join('\n'));
  const run = (...args: string[]): { code: number | null; out: { execArgv: string[]; args: string[] } } => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', probe, ...args], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // one line: the first process prints nothing when it has run the command again
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    return { code: r.status, out: JSON.parse(r.stdout) as { execArgv: string[]; args: string[] } };
  };
  const cores = String(Math.max(2, availableParallelism()));

  it('runs check --jobs <cores> again in a process started with SATURATED_FLAGS, same arguments, same exit code', () => {
    expect(run('check', 'traces', '--jobs', cores)).toEqual({ code: 3, out: { execArgv: [...SATURATED_FLAGS, '--import', 'tsx'], args: ['check', 'traces', '--jobs', cores] } });
    expect(SATURATED_FLAGS).toContain('--single-threaded');
  });

  it('leaves other commands and fewer jobs than cores alone', () => {
    expect(run('check', 'traces', '--jobs', '1')).toEqual({ code: 3, out: { execArgv: ['--import', 'tsx'], args: ['check', 'traces', '--jobs', '1'] } });
    expect(run('replay', 'traces', '--jobs', cores).out.execArgv).toEqual(['--import', 'tsx']);
  });
});
