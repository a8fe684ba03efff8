import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './helpers.js';
import { PACKAGE_VERSION } from '../src/version.js';

const files = (dir: string): string[] => filesUnder(dir, '.ts');

/** Which top-level folders of src/ each layer may import (DESIGN.md: imports run one way). */
const ALLOWED: Record<string, string[]> = {
  d3d9: ['d3d9'],
  formats: ['formats', 'd3d9'],
  driver: ['driver', 'formats', 'd3d9', 'shader'],
  shader: ['shader', 'd3d9'],
  device: ['device', 'driver', 'formats', 'd3d9', 'shader'],
  // the text form shows shader tokens as assembly (src/shader: pure functions on tokens)
  trace: ['trace', 'd3d9', 'shader', 'version.js'],
  record: ['record', 'trace', 'd3d9'],
  capture: ['capture', 'trace', 'formats', 'shader', 'd3d9', 'errors.js'],
  replay: ['replay', 'device', 'trace', 'd3d9', 'driver', 'formats', 'errors.js'],
  // render.ts replays what a scene recorded and reads the presented frames (golden/image.ts)
  api: ['api', 'record', 'trace', 'device', 'd3d9', 'errors.js', 'replay', 'golden'],
  inspect: ['inspect', 'replay', 'device', 'driver', 'formats', 'trace', 'd3d9', 'golden', 'shader'],
  golden: ['golden', 'replay', 'device', 'driver', 'formats', 'trace', 'd3d9', 'errors.js', 'version.js'],
};

describe('the layers import one way', () => {
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    it(`src/${layer} imports only ${allowed.join(', ')}`, () => {
      let dirExists = true;
      try {
        statSync(join('src', layer));
      } catch {
        dirExists = false;
      }
      if (!dirExists) return;
      const bad: string[] = [];
      for (const f of files(join('src', layer))) {
        for (const m of readFileSync(f, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = join(f, '..', m[1]).split(/[\\/]/);
          const top = target[target.indexOf('src') + 1];
          if (!allowed.includes(top)) bad.push(`${f} imports ${m[1]}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('nothing below the command line imports src/cli', () => {
    const bad: string[] = [];
    for (const layer of readdirSync('src')) {
      if (layer === 'cli' || !statSync(join('src', layer)).isDirectory()) continue;
      for (const f of files(join('src', layer))) {
        for (const m of readFileSync(f, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
          const target = join(f, '..', m[1]).split(/[\\/]/);
          if (target[target.indexOf('src') + 1] === 'cli') bad.push(`${f} imports ${m[1]}`);
        }
      }
    }
    for (const m of readFileSync('src/index.ts', 'utf8').matchAll(/from '(\.[^']+)'/g)) if (m[1].startsWith('./cli/')) bad.push(`src/index.ts imports ${m[1]}`);
    expect(bad).toEqual([]);
  });

  it('the version in traces is the package version', () => {
    expect(PACKAGE_VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
