import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LONG } from '../helpers.js';
import { describe, expect, it } from 'vitest';
import { jobsOption, SATURATED_FLAGS, tracesToCheck } from '../../src/cli/heap.js';

describe('check with a thread per core runs with V8 compiling on its threads', () => {
  it('reads --jobs before yargs does: --jobs N or --jobs=N, the last one, not after --, whole numbers', () => {
    expect(jobsOption(['check', 'traces'])).toBe(1);
    expect(jobsOption(['check', 'traces', '--jobs', '4'])).toBe(4);
    expect(jobsOption(['check', '--jobs=3', 'traces'])).toBe(3);
    expect(jobsOption(['check', '--jobs', '2', '--jobs', '5'])).toBe(5);
    expect(jobsOption(['check', '--', '--jobs', '5'])).toBe(1);
    expect(jobsOption(['check', '--jobs', 'many'])).toBe(1);
    expect(jobsOption(['check', '--jobs', '2.5'])).toBe(1);
  });

  it('counts the traces check will replay from its arguments: paths, not options or their values; a shard its share', () => {
    const samples = readdirSync('traces').filter((f) => /\.r9t?$/.test(f)).length;
    expect(samples).toBeGreaterThanOrEqual(4);
    expect(tracesToCheck(['check', 'traces'])).toBe(samples);
    expect(tracesToCheck(['check', '--report', 'traces', 'traces/triangles.r9t', '--update', '--jobs=2'])).toBe(1);
    expect(tracesToCheck(['check', 'traces/triangles.r9t', 'traces/fill-grid.r9t', '--threshold', '0.1'])).toBe(2);
    expect(tracesToCheck(['check', 'traces', '--shard', '2/4'])).toBe(Math.ceil(samples / 4));
    expect(tracesToCheck(['check', '--', '--report'])).toBe(Infinity);
    expect(tracesToCheck(['check', 'no/such/dir'])).toBe(Infinity);
  });

  // a stand-in for bin/replay9.js: it runs itself again when it should, then reports how it runs;
  // with --hold it stays running (until stopped)
  const probe = join(mkdtempSync(join(tmpdir(), 'replay9-heap-')), 'probe.mjs');
  writeFileSync(probe, [
    `const heap = await import(${JSON.stringify(new URL('../../src/cli/heap.ts', import.meta.url).href)});`,
    `await heap.rerunSingleThreadedIfSaturated((await import('node:url')).fileURLToPath(import.meta.url), process.argv.slice(2));`,
    `console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2), pid: process.pid }));`,
    `if (process.argv.includes('--hold')) setInterval(() => undefined, 1000); else process.exitCode = 3;`,
    '',
  ].join('\n'));
  interface Probe { execArgv: string[]; args: string[]; pid: number }
  const run = (...args: string[]): { code: number | null; out: Probe } => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', probe, ...args], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // one line: the first process prints nothing when it has run the command again
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    return { code: r.status, out: JSON.parse(r.stdout) as Probe };
  };
  const cores = String(Math.max(2, availableParallelism()));

  it('runs check --jobs <cores> again in a process started with SATURATED_FLAGS, same arguments, same exit code', () => {
    const r = run('check', 'traces', '--jobs', cores);
    expect(r.code).toBe(3);
    expect(r.out.execArgv).toEqual([...SATURATED_FLAGS, '--import', 'tsx']);
    expect(r.out.args).toEqual(['check', 'traces', '--jobs', cores]);
    expect(SATURATED_FLAGS).toContain('--single-threaded');
  });

  // these spawn several processes each: the long run takes them
  it.runIf(LONG)('leaves other commands, fewer jobs than cores, fewer than two traces, and a process under --inspect alone', () => {
    expect(run('check', 'traces', '--jobs', '1').out.execArgv).toEqual(['--import', 'tsx']);
    expect(run('check', 'traces/triangles.r9t', '--jobs', cores).out.execArgv).toEqual(['--import', 'tsx']);
    expect(run('check', 'traces', '--shard', '100/100', '--jobs', cores).out.execArgv).toEqual(['--import', 'tsx']);
    expect(run('replay', 'traces', '--jobs', cores).out.execArgv).toEqual(['--import', 'tsx']);
    const r = spawnSync(process.execPath, ['--inspect=127.0.0.1:0', '--import', 'tsx', probe, 'check', 'traces', '--jobs', cores], { encoding: 'utf8' });
    expect((JSON.parse(r.stdout) as Probe).execArgv).not.toContain('--single-threaded');
  });

  /** Starts the probe held, resolves with the first process and the pid of the one run again. */
  const held = async (): Promise<{ parent: ReturnType<typeof spawn>; child: number }> => {
    const parent = spawn(process.execPath, ['--import', 'tsx', probe, 'check', 'traces', '--jobs', cores, '--hold'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve) => {
      let text = '';
      parent.stdout!.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\n')) resolve(text.split('\n')[0]);
      });
    });
    const child = (JSON.parse(line) as Probe).pid;
    expect(child).not.toBe(parent.pid);
    return { parent, child };
  };
  const gone = async (pid: number): Promise<boolean> => {
    for (let k = 0; k < 100; k++) {
      try {
        process.kill(pid, 0);
      } catch {
        return true;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  /** leaves no probe behind when a test fails */
  const stop = (pid: number): void => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  };

  it.runIf(LONG)('passes SIGTERM on, and ends by the same signal', async () => {
    const { parent, child } = await held();
    const exit = new Promise<NodeJS.Signals | null>((resolve) => parent.once('exit', (_code, signal) => resolve(signal)));
    try {
      parent.kill('SIGTERM');
      expect(await exit).toBe('SIGTERM');
      expect(await gone(child)).toBe(true);
    } finally {
      stop(child);
    }
  }, 20_000);

  it.runIf(LONG)('the process run again stops when the first one is killed outright (SIGKILL)', async () => {
    const { parent, child } = await held();
    try {
      parent.kill('SIGKILL');
      expect(await gone(child)).toBe(true);
    } finally {
      stop(child);
    }
  }, 20_000);
});
