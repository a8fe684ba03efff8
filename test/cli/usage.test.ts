/** What the command line says when it is used wrongly, and what its help shows. */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'replay9-usage-'));
const ONE_FRAME = 'traces/triangles.r9t';

describe('usage errors', () => {
  it('with no command prints the command list and exits 2', async () => {
    const r = await runCli();
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Commands:$/m);
    for (const cmd of ['info', 'replay', 'inspect', 'check', 'record', 'caps']) expect(r.err).toContain(`replay9 ${cmd}`);
  });

  it('suggests the closest option for a misspelt one', async () => {
    const r = await runCli('replay', ONE_FRAME, '--frams', '0');
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown argument: --frams. Did you mean --frames?');
    const i = await runCli('inspect', ONE_FRAME, '--frame', '0', '--surfce', 'backbuffer');
    expect(i.err).toContain('Unknown argument: --surfce. Did you mean --surface?');
    // nothing near: no suggestion
    const far = await runCli('info', ONE_FRAME, '--zzzzzz');
    expect(far.err).toContain('Unknown argument: --zzzzzz.');
    expect(far.err).not.toContain('Did you mean');
  });

  it('says `cannot open X: ...` and exits 2 for a file it cannot open, in every command that opens files', async () => {
    const missing = join(tmp, 'missing.r9');
    const cases: string[][] = [
      ['info', missing], ['dump', missing], ['convert', missing, join(tmp, 'o.r9t')], ['replay', missing], ['inspect', missing, '--call', '0'],
      ['snapshot', missing], ['trim', missing, '--frames', '0', '-o', join(tmp, 'o.r9')], ['diff-images', missing, missing],
      ['merge-reports', join(tmp, 'missing.json')], ['record', join(tmp, 'missing.ts'), '-o', join(tmp, 'o.r9')],
    ];
    for (const args of cases) {
      const r = await runCli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      // the whole message: one line, no pointer to the help
      expect(r.err.trim(), args.join(' ')).toMatch(/^replay9: cannot open \S*missing\.(r9|json|ts): no such file$/);
      expect(r.err).not.toMatch(/ENOENT|\n\s+at /);
    }
    const d = join(tmp, 'folder.r9');
    mkdirSync(d);
    const r = await runCli('info', d);
    expect([r.code, r.err.split('\n')[0]]).toEqual([2, `replay9: cannot open ${d}: is a directory`]);
  });

  it('says permission denied for a file it may not read (unless run as root, who may)', async () => {
    const f = join(tmp, 'locked.r9t');
    writeFileSync(f, readFileSync(ONE_FRAME));
    chmodSync(f, 0o000);
    const r = await runCli('info', f);
    if (process.getuid?.() === 0) expect(r.code).toBe(0);
    else expect([r.code, r.err.split('\n')[0]]).toEqual([2, `replay9: cannot open ${f}: permission denied`]);
  });

  it('convert takes --json and refuses an extension it does not know', async () => {
    const out = join(tmp, 'c.r9');
    const r = await runCli('convert', ONE_FRAME, out, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ input: ONE_FRAME, output: out, form: 'binary', calls: 14, warnings: [] });
    const bad = await runCli('convert', ONE_FRAME, join(tmp, 'c.png'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/\.r9 and \.r9t/);
    expect(existsSync(join(tmp, 'c.png'))).toBe(false);
  });

  it('replay --frames naming frames the trace lacks is a usage error, and --out needs a folder', async () => {
    const r = await runCli('replay', ONE_FRAME, '--frames', '9', '--out', join(tmp, 'frames9'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${ONE_FRAME} has 1 frame (0): --frames 9 names frames that do not exist`);
    expect((await runCli('replay', ONE_FRAME, '--frames', '0-3')).err).toContain('--frames 0-3 names frames that do not exist');
    // an open range from an existing frame is fine
    expect((await runCli('replay', ONE_FRAME, '--frames', '0-')).code).toBe(0);
    // frame and draw pick calls, not frames
    const named = await runCli('replay', ONE_FRAME, '--frames', 'draw');
    expect(named.code).toBe(2);
    expect(named.err).toContain("--frames takes frame numbers (0,5-9, 10-, *); 'draw' picks calls");
    const noFolder = await runCli('replay', ONE_FRAME, '--out');
    expect(noFolder.code).toBe(2);
    expect(noFolder.err).toMatch(/Not enough arguments following: out/);
  });
});

describe('replay --out with several traces', () => {
  it('writes a folder per trace named without its extension, in any case', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay9-upper-'));
    writeFileSync(join(dir, 'A.R9T'), readFileSync(ONE_FRAME));
    writeFileSync(join(dir, 'b.r9t'), readFileSync(ONE_FRAME));
    const r = await runCli('replay', dir, '--out', join(dir, 'out'));
    expect(r.code).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['A', 'b']);
    expect(readdirSync(join(dir, 'out', 'A'))).toEqual(['frame-0000.png']);
  });
});

describe('info', () => {
  it('describes a .r9t as the text file it is', async () => {
    const text = readFileSync(ONE_FRAME, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const calls = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).length;
    const j = JSON.parse((await runCli('info', ONE_FRAME, '--json')).out);
    expect(j).toMatchObject({ form: 'text', bytes: Buffer.byteLength(text), lines, calls });
    expect(j).not.toHaveProperty('chunks');
    expect(j).not.toHaveProperty('compression');
    const t = (await runCli('info', ONE_FRAME)).out;
    expect(t).toMatch(/^form +text \(\.r9t\)$/m);
    expect(t).toContain(`${Buffer.byteLength(text).toLocaleString('en-US')} bytes in ${lines} lines`);
    expect(t).not.toMatch(/chunks|deflate|footer/);
  });
});

describe('help', () => {
  it("every command's help examples name files that exist in the checkout (outputs go under out/)", async () => {
    const top = (await runCli('--help')).out;
    const commands = [...top.matchAll(/^ {2}replay9 ([a-z-]+)/gm)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThanOrEqual(14);
    const checked: string[] = [];
    for (const cmd of commands) {
      const help = (await runCli(cmd, '--help')).out;
      const examples = help.split(/^Examples:$/m)[1] ?? '';
      for (const line of examples.split('\n').filter((l) => l.trim().startsWith('replay9 '))) {
        for (const token of line.trim().split(/\s+/)) {
          const isPath = token.includes('/') || /\.(r9t?|ts|js|png|raw|json|xml|html)$/.test(token);
          if (!isPath || token.startsWith('-') || token.startsWith('out/') || /^\d+\/\d+$/.test(token)) continue; // 2/4: a shard
          checked.push(token);
          expect(existsSync(token), `replay9 ${cmd} --help names ${token}`).toBe(true);
        }
      }
    }
    expect(checked).toContain('traces/triangles.r9t');
    expect(checked.some((p) => p.startsWith('tools/scenes/'))).toBe(true);
    expect(readdirSync('traces').length).toBeGreaterThan(0);
  });
});
