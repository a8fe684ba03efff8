/** The committed D3D9 signature table is what tools/gen-capture-spec.ts makes from apitrace's specs (when a clone of apitrace is here). */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APITRACE, OUT_PATH, specText } from '../../tools/gen-capture-spec.js';

describe.skipIf(!existsSync(DEFAULT_APITRACE))('the generated D3D9 signature table', () => {
  it('is up to date with its generator and apitrace specs', () => {
    expect(specText(DEFAULT_APITRACE)).toBe(readFileSync(OUT_PATH, 'utf8'));
  });
});
