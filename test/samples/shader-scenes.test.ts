/**
 * The shader sample scenes: the five are listed; those among the golden traces (traces/NAME.r9t,
 * replayed against their goldens by samples.test.ts) present their frames with no failing call;
 * a pending one records from start to end.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../src/api/scene.js';
import { recordScene } from '../../src/api/scene.js';
import { PENDING_SHADER_SCENES, SAMPLE_SCENES } from '../../tools/scenes/list.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FRAMES: Record<string, number> = { 'normal-map': 2, 'skinned-arm': 3, 'sm3-terrain': 2, 'water-texbem': 2, 'deferred-mrt': 1 };

const presents = (text: string): number => text.match(/\.Present\(/g)?.length ?? 0;

describe('shader sample scenes', () => {
  const golden = SAMPLE_SCENES.filter(([name]) => name in FRAMES);

  it('are the five, each golden or pending', () => {
    expect([...golden, ...PENDING_SHADER_SCENES].map(([name]) => name).sort()).toEqual(Object.keys(FRAMES).sort());
  });

  for (const [name] of golden) {
    it(`${name}: the trace presents ${FRAMES[name]} frame(s), creates its shaders, and no call fails`, () => {
      const text = readFileSync(join(ROOT, 'traces', `${name}.r9t`), 'utf8');
      expect(presents(text)).toBe(FRAMES[name]);
      expect(text).toMatch(/CreateVertexShader\(|CreatePixelShader\(/);
      expect(text.split('\n').filter((l) => l.includes(' -> '))).toEqual([]);
    });
  }

  for (const [name, module] of PENDING_SHADER_SCENES) {
    it(`${name} (pending) records its ${FRAMES[name]} frame(s)`, async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'replay9-shader-scenes-')), `${name}.r9t`);
      // vitest compiles the module itself (loadScene's tsx import costs a second a scene)
      const scene = ((await import(join(ROOT, 'tools', 'scenes', module))) as { default: Scene }).default;
      const { error } = await recordScene(scene, out);
      expect(error).toBeUndefined();
      expect(presents(readFileSync(out, 'utf8'))).toBe(FRAMES[name]);
    });
  }
});
