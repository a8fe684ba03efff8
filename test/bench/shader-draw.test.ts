/**
 * The shader_draw bench rows compare equal work: the ps_2_0 MODULATE draw and stage 0 MODULATE draw
 * the same image, and so do the vs_2_0 directional light and fixed-function T&L with that light.
 */
import { describe, expect, it } from 'vitest';
import { mesh, modulateScene, tnlScene } from '../../bench/shader-draw.js';
import type { DrawScene } from '../../bench/shader-draw.js';
import type { Surface } from '../../src/device/surface.js';

function image(scene: DrawScene, w: number, h: number): Uint8Array {
  scene.draw();
  const bb = scene.dev.GetBackBuffer(0, 0, 0).surface as unknown as Surface;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) out.set(bb.data.subarray(y * bb.pitch, y * bb.pitch + w * 4), y * w * 4);
  return out;
}

/** Largest per-channel difference, and how many channels differ at all (for a readable failure). */
function compare(a: Uint8Array, b: Uint8Array): { max: number; differing: number } {
  let max = 0, differing = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (d > 0) differing++;
    if (d > max) max = d;
  }
  return { max, differing };
}

describe('shader_draw bench rows draw what their fixed-function baselines draw', () => {
  it('ps_2_0 texld t0 × v0 matches stage 0 MODULATE TEXTURE/DIFFUSE on a bilinear quad', () => {
    const ff = image(modulateScene(64, 48, false), 64, 48);
    const sh = image(modulateScene(64, 48, true), 64, 48);
    // the quad covers the target with non-trivial texels and colours
    expect(new Set(ff).size).toBeGreaterThan(100);
    // the same bilinear texel times the same interpolated diffuse, stored through the same float→UNORM rounding: exact
    expect(compare(ff, sh)).toEqual({ max: 0, differing: 0 });
  });

  it('vs_2_0 m4x4 and N·L diffuse matches fixed-function T&L with one directional light', () => {
    const m = mesh(400, 3);
    const ff = image(tnlScene(64, 64, false, m), 64, 64);
    const sh = image(tnlScene(64, 64, true, m), 64, 64);
    const lit = ff.filter((v, i) => i % 4 !== 3 && v !== 0).length;
    expect(lit).toBeGreaterThan(500);
    // float32 rounding at each shader instruction stays far below an 8-bit step on this mesh: exact
    expect(compare(ff, sh)).toEqual({ max: 0, differing: 0 });
  });
});
