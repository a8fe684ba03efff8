/**
 * More Wine dlls/d3d9/tests/visual.c scenarios on our device, with the colours visual.c checks on
 * Windows and its tolerances. The target is 128×96 (Wine's 640×480 scaled by a fifth).
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPOOL, D3DRS, D3DTA, D3DTOP, D3DTSS, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import { at, colorMatch, draw, expectColors, f32, pixel, quad, rig, SHADERS_EXECUTE, vs } from './wine-visual-rig.js';

const hex = (c: number): string => `0x${(c >>> 0).toString(16).padStart(6, '0')}`;

const run = it.skipIf(!SHADERS_EXECUTE);
const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });

/** A MANAGED A8R8G8B8 texture of `w`×`h` from 32-bit texels, row by row. */
function texture(dev: Device, w: number, h: number, texels: readonly number[], format: number = D3DFMT.A8R8G8B8): ReturnType<Device['CreateTexture']>['texture'] {
  const t = dev.CreateTexture(w, h, 1, 0, format, D3DPOOL.MANAGED).texture!;
  const lr = t.LockRect(0, null, 0).lockedRect!;
  const view = new DataView(lr.pBits.buffer, lr.pBits.byteOffset);
  texels.forEach((v, i) => view.setUint32(Math.floor(i / w) * lr.Pitch + (i % w) * 4, v >>> 0, true));
  t.UnlockRect(0);
  return t;
}

describe('fixed-function texture stage operations (visual.c texop_test)', () => {
  // texture 0x9900ff00, diffuse 0x55ff0000, TFACTOR 0xdd333333; COLORARG0 diffuse, ARG1 texture, ARG2 tfactor
  const cases: Array<[keyof typeof D3DTOP, number]> = [
    ['SELECTARG1', 0x00ff00], ['SELECTARG2', 0x333333], ['MODULATE', 0x003300], ['MODULATE2X', 0x006600],
    ['MODULATE4X', 0x00cc00], ['ADD', 0x33ff33], ['ADDSIGNED', 0x00b200], ['ADDSIGNED2X', 0x00ff00],
    ['SUBTRACT', 0x00cc00], ['ADDSMOOTH', 0x33ff33], ['BLENDDIFFUSEALPHA', 0x227722], ['BLENDTEXTUREALPHA', 0x14ad14],
    ['BLENDFACTORALPHA', 0x07e407], ['BLENDTEXTUREALPHAPM', 0x14ff14], ['BLENDCURRENTALPHA', 0x227722],
    ['MODULATEALPHA_ADDCOLOR', 0x1fff1f], ['MODULATECOLOR_ADDALPHA', 0x99cc99], ['MODULATEINVALPHA_ADDCOLOR', 0x14ff14],
    ['MODULATEINVCOLOR_ADDALPHA', 0xcc99cc], ['DOTPRODUCT3', 0x999999], ['MULTIPLYADD', 0xff3300], ['LERP', 0x003333],
  ];
  run('every operation within 3 of Windows\' colour', () => {
    const dev = rig();
    dev.SetVertexDeclaration(dev.CreateVertexDeclaration([
      el(0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), el(12, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD),
      el(20, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR), D3DDECL_END,
    ]).vertexDeclaration!);
    dev.SetTexture(0, texture(dev, 1, 1, [0x9900ff00])!);
    dev.SetTextureStageState(0, D3DTSS.COLORARG0, D3DTA.DIFFUSE);
    dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
    dev.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.TFACTOR);
    dev.SetTextureStageState(1, D3DTSS.COLOROP, D3DTOP.DISABLE);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xdd333333);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
    const v = new Float32Array(24);
    const u = new Uint32Array(v.buffer);
    [[-1, -1], [-1, 1], [1, -1], [1, 1]].forEach(([x, y], i) => { v.set([x, y, 0.1, x, y], i * 6); u[i * 6 + 5] = 0x55ff0000; });
    const [x, y] = at(320, 240);
    // only the pixels around the sample point are drawn (the colour is flat): 22 full-target draws are slow
    dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
    dev.SetScissorRect({ left: x - 2, top: y - 2, right: x + 2, bottom: y + 2 });
    const got: string[] = [], want: string[] = [];
    for (const [op, color] of cases) {
      expect(dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP[op])).toBe(D3D_OK);
      draw(dev, v, 24);
      const c = pixel(dev, x, y);
      got.push(`${op} ${hex(c)}`);
      want.push(`${op} ${colorMatch(c, color, 3) ? hex(c) : hex(color)}`);
    }
    expect(got).toEqual(want);
  });
});

describe('vs_2_0 relative addressing through the loop counter (visual.c loop_index_test)', () => {
  run('loop aL, i0 = (2 iterations, from 10, step −3) adds c11 then c8: green ±1', () => {
    const dev = rig();
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\nmov r0, c0\nloop aL, i0\nadd r0, r0, c1[aL]\nendloop\nmov oPos, v0\nmov oD0, r0'));
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x00ff0000, 1, 0);
    // c0 = 0, c8 = (1, 1, 0, 0), c11 = (−1, 0, 0, 0), every other register up to c15 = 1
    for (let n = 0; n < 16; n++) dev.SetVertexShaderConstantF(n, n === 0 ? f32(0, 0, 0, 0) : n === 8 ? f32(1, 1, 0, 0) : n === 11 ? f32(-1, 0, 0, 0) : f32(1, 1, 1, 1), 1);
    dev.SetVertexShaderConstantI(0, new Int32Array([2, 10, -3, 0]), 1);
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expectColors(dev, [[...at(320, 240), 0x00ff00]], 1);
  });
});

describe('vs_2_0 sgn (visual.c sgn_test)', () => {
  run('sgn(−0.5, 0, 0.5, 12) + (1.5, 0, 0, 0) = (0.5, 0, 1, 1): 0x8000ff ±1', () => {
    const dev = rig();
    // vs_2_0's sgn takes two scratch temps (r1, r2)
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\ndef c0, -0.5, 0.0, 0.5, 12.0\ndef c1, 1.5, 0.0, 0.0, 0.0\nmov oPos, v0\nsgn r0, c0, r1, r2\nadd oD0, r0, c1'));
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x00ff0000, 1, 0);
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expectColors(dev, [[...at(320, 240), 0x8000ff]], 1);
  });
});
