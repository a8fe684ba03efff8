/** bin/replay9.js inspect --debug-pixel / --debug-vertex as a user runs it (needs `npm run build`): one JSON document on stdout, usage errors exit 2. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { g } from '../../src/inspect/shader-steps.js';
import { LONG } from '../helpers.js';
import { MAD } from './debug-traces.js';

const BIN = fileURLToPath(new URL('../../bin/replay9.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'inspect', ...args], { encoding: 'utf8' });

describe('replay9 inspect --debug-pixel / --debug-vertex (the built command)', () => {
  it('prints one JSON document with --json, and the steps as text without', () => {
    const j = run(MAD, '--call', '9', '--debug-pixel', '4,2', '--json');
    expect(j.status).toBe(0);
    const d = JSON.parse(j.stdout) as { fragments: Array<{ outputs: unknown; fate: { fate: string } }> };
    expect(d.fragments[0].outputs).toEqual({ oC0: [0.75, 1, 0.2, 1] });
    expect(d.fragments[0].fate.fate).toBe('written');
    const t = run(MAD, '--call', '13', '--debug-vertex', '1');
    expect(t.status).toBe(0);
    expect(t.stdout).toContain('clip-space position (1, 1, 0.25, 1); screen (16, 0), z 0.25, rhw 1');
  });

  // each spawns the built command: debug-pixel.test.ts checks the same errors in this process
  it.runIf(LONG)('a call that is not a draw is a usage error (exit 2) naming the call', () => {
    const r = run(MAD, '--call', '2', '--debug-pixel', '4,2');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('call 2 is Clear, not a draw');
  });

  it.runIf(LONG)('--help shows both options with examples', () => {
    const r = spawnSync(process.execPath, [BIN, 'inspect', '--help'], { encoding: 'utf8' });
    expect(r.stdout).toContain('--debug-pixel');
    expect(r.stdout).toContain('--debug-vertex');
    expect(r.stdout).toContain('the pixel shader of draw call 28');
    expect(r.stdout).toContain('the vertex shader of draw call 28');
  });
});

describe('values print as C\'s %g (6 significant digits)', () => {
  it.each([
    [1.5, '1.5'], [1 / 3, '0.333333'], [0.0625, '0.0625'], [123456, '123456'], [1234567, '1.23457e+06'], [1e7, '1e+07'],
    [0.0001, '0.0001'], [0.00001, '1e-05'], [-0, '-0'], [0, '0'], [NaN, 'nan'], [-Infinity, '-inf'], [-2.5e-10, '-2.5e-10'],
  ])('%s → %s', (v, text) => {
    expect(g(v)).toBe(text);
  });
});
