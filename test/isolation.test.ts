/** Files that replace modules, spy on exports or set the environment must run isolated (vitest.config.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './helpers.js';

const files = (dir: string): string[] => filesUnder(dir, '.test.ts');

describe('test isolation', () => {
  it('every file that mocks, spies or sets process.env is in the isolated project', () => {
    const config = readFileSync('vitest.config.ts', 'utf8');
    const needs = files('test').filter((f) => /vi\.(mock|doMock|spyOn|stubGlobal|stubEnv)\(|process\.env\.[A-Z_0-9]+ =[^=]/.test(readFileSync(f, 'utf8')));
    expect(needs.length).toBeGreaterThan(0);
    expect(needs.filter((f) => !config.includes(`'${f.split('\\').join('/')}'`))).toEqual([]);
  });
});

describe('the checkout guard (test/global-setup.ts)', () => {
  it('names every file created, changed or removed between two listings', async () => {
    const { changedFiles } = await import('./global-setup.js');
    const before = new Map([['a', '1'], ['b', '2'], ['c', '3']]);
    const after = new Map([['a', '1'], ['b', '9'], ['d', '4']]);
    expect(changedFiles(before, after)).toEqual(['changed b', 'created d', 'removed c']);
    expect(changedFiles(before, new Map(before))).toEqual([]);
  });
});
