/**
 * The shader sample scenes (tools/scenes/list.ts SHADER_SCENES) record from start to end, present
 * their frames, and — once shader draws execute, which the device shows by reporting shader model
 * 3.0 — make no call that fails (vertex texture samplers and three render targets need the SM3 caps).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../src/api/scene.js';
import { recordScene } from '../../src/api/scene.js';
import { SHADER_SCENES } from '../../tools/scenes/list.js';
import { SHADERS_EXECUTE } from '../device/wine-visual-rig.js';

const SCENES = join(import.meta.dirname, '..', '..', 'tools', 'scenes');
const FRAMES: Record<string, number> = { 'normal-map': 2, 'skinned-arm': 3, 'sm3-terrain': 2, 'water-texbem': 2, 'deferred-mrt': 1 };

describe('shader sample scenes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-shader-scenes-'));
  const record = async (name: string, module: string): Promise<string> => {
    const out = join(dir, `${name}.r9t`);
    // vitest compiles the module itself (loadScene's tsx import costs a second a scene)
    const scene = ((await import(join(SCENES, module))) as { default: Scene }).default;
    const { error } = await recordScene(scene, out);
    expect(error).toBeUndefined();
    return readFileSync(out, 'utf8');
  };

  for (const [name, module] of SHADER_SCENES) {
    it(`${name} records its ${FRAMES[name]} frame(s) with its shaders`, async () => {
      const text = await record(name, module);
      expect(text.match(/\.Present\(/g)).toHaveLength(FRAMES[name]);
      expect(text).toMatch(/CreateVertexShader\(|CreatePixelShader\(/);
    });
    it.skipIf(!SHADERS_EXECUTE)(`${name}: no call fails`, async () => {
      const failed = (await record(name, module)).split('\n').filter((l) => l.includes(' -> '));
      expect(failed).toEqual([]);
    });
  }
});
