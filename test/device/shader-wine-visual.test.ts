/**
 * Wine dlls/d3d9/tests/visual.c shader scenarios, rewritten on our device: the colours are those
 * visual.c checks on Windows, with its tolerance (color_match's per-channel bound, or exact where
 * it compares with ==). Wine draws on 640×480, we on 128×96: the same clip-space quads, the sample
 * points scaled (`at`), or chosen beside Wine's where a quad's texture coordinate crosses 0.5.
 * Until draws with shaders execute (the device reports shader model 3.0), these are skipped.
 */
import { describe, it } from 'vitest';
import { D3DCLEAR, D3DDECLTYPE, D3DDECLUSAGE, D3DFVF, D3DRS, D3DDECL_END } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import { at, draw, expectColors, f32, ps, quad, QUARTER, rig, SHADERS_EXECUTE, vs } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);

function begin(dev: Device, clear: number): void {
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, clear, 1, 0);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
}

describe('constants are not clamped in vertex shaders (visual.c test_constant_clamp_vs)', () => {
  run('c1 + c2 = (0.75, 0.75, 0.5) whether set with SetVertexShaderConstantF or def: 0xbfbf80 ±1, in vs_1_1 and vs_2_0', () => {
    const dev = rig();
    begin(dev, 0xff00ffff);
    const decl = dev.CreateVertexDeclaration([{ Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 }, D3DDECL_END]).vertexDeclaration!;
    dev.SetVertexShaderConstantF(1, f32(1.25, -0.5, -1.5, 1), 1);
    dev.SetVertexShaderConstantF(2, f32(-0.5, 1.25, 2, 1), 1);
    dev.SetVertexDeclaration(decl);
    const body = 'dcl_position v0\nmov r1, c1\nadd oD0, r1, c2\nmov oPos, v0';
    const defs = 'def c1, 1.25, -0.5, -1.5, 1\ndef c2, -0.5, 1.25, 2, 1\n';
    const shaders = [`vs_1_1\n${body}`, `vs_1_1\n${defs}${body}`, `vs_2_0\n${body}`, `vs_2_0\n${defs}${body}`];
    const where = [QUARTER.bottomLeft, QUARTER.bottomRight, QUARTER.topRight, QUARTER.topLeft];
    shaders.forEach((text, i) => {
      dev.SetVertexShader(vs(dev, text));
      const [x0, y0, x1, y1] = where[i];
      draw(dev, quad(x0, y0, x1, y1, 0.1), 12);
    });
    expectColors(dev, [[...at(160, 360), 0xbfbf80], [...at(480, 360), 0xbfbf80], [...at(480, 120), 0xbfbf80], [...at(160, 120), 0xbfbf80]], 1);
  });
});

describe('ps_1_x clamps constants to [-1, 1], ps_2_0 does not (visual.c constant_clamp_ps_test)', () => {
  run('ps_1_1, ps_1_2 and ps_1_4 (even a def) give 0x808000 ±1; ps_2_0 gives 0xbfbf80 ±1', () => {
    const dev = rig();
    begin(dev, 0xff00ffff);
    dev.SetPixelShaderConstantF(1, f32(1.25, -0.5, -1.5, 1), 1);
    dev.SetPixelShaderConstantF(2, f32(-0.5, 1.25, 2, 1), 1);
    dev.SetFVF(D3DFVF.XYZ);
    const shaders = [
      'ps_1_1\nmov r1, c1\nadd r0, r1, c2',
      'ps_1_2\nmov r1, c1\nadd r0, r1, c2',
      'ps_1_4\ndef c2, -0.5, 1.25, 2, 1\nmov r1, c1\nadd r0, r1, c2',
      'ps_2_0\nmov r1, c1\nadd r0, r1, c2\nmov oC0, r0',
    ];
    const where = [QUARTER.bottomLeft, QUARTER.bottomRight, QUARTER.topRight, QUARTER.topLeft];
    shaders.forEach((text, i) => {
      dev.SetPixelShader(ps(dev, text));
      const [x0, y0, x1, y1] = where[i];
      draw(dev, quad(x0, y0, x1, y1, 0.1), 12);
    });
    expectColors(dev, [[...at(160, 360), 0x808000], [...at(480, 360), 0x808000], [...at(480, 120), 0x808000], [...at(160, 120), 0xbfbf80]], 1);
  });
});

describe('dp2add (visual.c dp2add_ps_test)', () => {
  const cases: Array<[string, string]> = [
    ['(0.5, 0.5)·(0.5, 0.5) + 0 = 0.5', 'ps_2_0\ndef c0, 0.5, 0.5, 1, 0\nmov r0, c0\ndp2add r0.xyz, r0, r0, r0.w\nmov r0.w, c0.z\nmov oC0, r0'],
    ['_sat of (−0.5, −0.5)·(−0.5, −0.5) + 2, then − 0.5 = 0.5', 'ps_2_0\ndef c0, -0.5, -0.5, 1, 2\nmov r0, c0\ndp2add_sat r0.xyz, r0, r0, r0.w\nadd r0.xyz, r0, c0.x\nmov r0.w, c0.z\nmov oC0, r0'],
  ];
  for (const [what, text] of cases) {
    run(`${what}: 0x7f7f7f ±1`, () => {
      const dev = rig();
      begin(dev, 0xff000000);
      dev.SetFVF(D3DFVF.XYZ);
      dev.SetPixelShader(ps(dev, text));
      draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
      expectColors(dev, [[...at(360, 240), 0x7f7f7f]], 1);
    });
  }
});

describe('cnd (visual.c cnd_test, without co-issue)', () => {
  // t0 runs 0..1 across each quarter (u left to right, v bottom to top); Wine samples 2 pixels
  // each side of u = 0.5 and v = 0.5 (158/162, 118/122 …); on our 64×48 quarters: columns 31/33
  // of a quarter (u = 0.484 / 0.516) and rows 23/25 (v = 0.521 / 0.479)
  run('ps_1_1..1_3 pick by r0.a > 0.5 for all channels, ps_1_4 per channel', () => {
    const dev = rig();
    begin(dev, 0xff00ffff);
    const body = 'def c0, 1, 0, 0, 0\ntexcoord t0\nmov r0, t0\ndp3 r1, r0, c0\nmov r0.w, r1.w\ncnd r0, r0.w, c1, c2';
    const shaders = [`ps_1_1\n${body}`, `ps_1_2\n${body}`, `ps_1_3\n${body}`, 'ps_1_4\ndef c0, 0, 0, 0, 1\ntexcrd r0.xyz, t0\nmov r0.w, c0.w\ncnd r0, r0, c1, c2'];
    dev.SetPixelShaderConstantF(1, f32(0, 0, 0, 0), 1);
    dev.SetPixelShaderConstantF(2, f32(1, 1, 1, 1), 1);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
    const where = [QUARTER.bottomLeft, QUARTER.bottomRight, QUARTER.topRight, QUARTER.topLeft];
    shaders.forEach((text, i) => {
      dev.SetPixelShader(ps(dev, text));
      const [x0, y0, x1, y1] = where[i];
      // visual.c's vertices carry a third float after (u, v) that TEX1 does not read
      draw(dev, quad(x0, y0, x1, y1, 0.1, (x, y) => [x === x0 ? 0 : 1, y === y0 ? 0 : 1, 0]), 24);
    });
    const [L, R, T, B] = [0, 64, 0, 48];
    expectColors(dev, [
      // ps_1_4 (top left): r by u, g by v, b (0) never above 0.5
      [L + 31, T + 23, 0xff00ff], [L + 33, T + 23, 0x0000ff], [L + 31, T + 25, 0xffffff], [L + 33, T + 25, 0x00ffff],
      // ps_1_1 (bottom left), ps_1_2 (bottom right), ps_1_3 (top right): white below u = 0.5, black above
      [L + 31, B + 23, 0xffffff], [L + 33, B + 23, 0x000000], [L + 31, B + 25, 0xffffff], [L + 33, B + 25, 0x000000],
      [R + 31, B + 23, 0xffffff], [R + 33, B + 23, 0x000000], [R + 31, B + 25, 0xffffff], [R + 33, B + 25, 0x000000],
      [R + 31, T + 23, 0xffffff], [R + 33, T + 23, 0x000000], [R + 31, T + 25, 0xffffff], [R + 33, T + 25, 0x000000],
    ], 1);
  });
});

describe('vs_1_1 compare instructions (visual.c test_compare_instructions)', () => {
  run('sge/slt on vectors and on replicated scalars, exact', () => {
    const dev = rig();
    begin(dev, 0xffffffff);
    dev.SetVertexShaderConstantF(0, f32(0.8, 0.2, 0.2, 0.2), 1);
    dev.SetVertexShaderConstantF(1, f32(0.2, 0.8, 0.2, 0.2), 1);
    dev.SetFVF(D3DFVF.XYZ);
    const head = 'vs_1_1\ndcl_position v0\nmov oPos, v0\nmov r0, c0\n';
    const shaders = [
      `${head}sge oD0, r0, c1`,
      `${head}slt oD0, r0, c1`,
      `${head}sge oD0.x, r0.x, c1.y\nsge oD0.y, r0.y, c1.z\nsge oD0.z, r0.z, c1.x`,
      `${head}slt oD0.x, r0.x, c1.z\nslt oD0.y, r0.y, c1.x\nslt oD0.z, r0.z, c1.y`,
    ];
    const where = [QUARTER.bottomLeft, QUARTER.bottomRight, QUARTER.topLeft, QUARTER.topRight];
    shaders.forEach((text, i) => {
      dev.SetVertexShader(vs(dev, text));
      const [x0, y0, x1, y1] = where[i];
      draw(dev, quad(x0, y0, x1, y1, 0.1), 12);
    });
    expectColors(dev, [[...at(160, 360), 0xff00ff], [...at(480, 360), 0x00ff00], [...at(160, 120), 0xffffff], [...at(480, 160), 0x0000ff]], 0);
  });
});

describe('nested loops in ps_3_0 (visual.c nested_loop_test)', () => {
  run('two nested loops of 4 iterations add 1/32 sixteen times: 0x800000 ±1', () => {
    const dev = rig();
    begin(dev, 0xff00ff00);
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 0, 0, 0, 1\ndef c1, 0.03125, 0, 0, 0\ndefi i0, 4, 0, 2, 0\nmov r0, c0\nloop aL, i0\nloop aL, i0\nadd r0, r0, c1\nendloop\nendloop\nmov oC0, r0'));
    dev.SetFVF(D3DFVF.XYZ);
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expectColors(dev, [[...at(360, 240), 0x800000]], 1);
  });
});
