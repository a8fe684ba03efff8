/**
 * A draw's vertex shader stage is kept for the next draw while the shader, the declaration and the
 * states it reads stay; the constants are each draw's own (applications set them between draws).
 * Each draw here must use the constants set before it: vs_2_0 adds c0 to the position and writes c1
 * as the diffuse colour, with fixed-function pixel processing (diffuse through stage 0).
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCULL, D3DFMT, D3DFVF, D3DPT, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import { device, hex, pixel, ps, vs } from './shader-draw-helpers.js';

/** A quad over clip-space x in [-1, 0], full height, XYZ (12 bytes a vertex), as a strip. */
const LEFT_HALF = Float32Array.from([-1, 1, 0.5, 0, 1, 0.5, -1, -1, 0.5, 0, -1, 0.5]);

describe('kept vertex shader stages take each draw\'s constants', () => {
  for (const withPixelShader of [false, true]) {
    it(`constants A, B, A again move and colour each draw as set${withPixelShader ? ' (with a pixel shader)' : ''}`, () => {
      const dev = device();
      dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
      dev.SetFVF(D3DFVF.XYZ);
      dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\nadd oPos, v0, c0\nmov oD0, c1\n'));
      if (withPixelShader) dev.SetPixelShader(ps(dev, 'ps_2_0\ndcl v0\nmov oC0, v0\n'));
      const seen: string[] = [];
      for (const [dx, color] of [[0, [1, 0, 0, 1]], [1, [0, 1, 0, 1]], [0, [0, 0, 1, 1]], [1, [1, 1, 0, 1]]] as const) {
        dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
        dev.SetVertexShaderConstantF(0, Float32Array.of(dx, 0, 0, 0), 1);
        dev.SetVertexShaderConstantF(1, Float32Array.from(color), 1);
        expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, LEFT_HALF, 12)).toBe(D3D_OK);
        seen.push(`${hex(pixel(dev.backBuffer, 4, 8))} ${hex(pixel(dev.backBuffer, 12, 8))}`);
      }
      expect(seen).toEqual([
        '0xffff0000 0xff000000', '0xff000000 0xff00ff00', '0xff0000ff 0xff000000', '0xff000000 0xffffff00',
      ]);
    });
  }
});

describe('a kept vertex shader stage\'s vertex array holds only the current draw\'s vertices', () => {
  it('an index past NumVertices skips its triangle even when the draw before processed a vertex there', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetFVF(D3DFVF.XYZ);
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oD0, c1\n'));
    dev.SetPixelShader(ps(dev, 'ps_2_0\ndcl v0\nmov oC0, v0\n'));
    dev.SetVertexShaderConstantF(1, Float32Array.of(0, 1, 0, 1), 1);
    // clip space on 16×16: x −1, 0, 1 → pixel 0, 8, 16; y 1, 0, −1 → pixel 0, 8, 16
    const at = (points: number[][]): Float32Array => Float32Array.from(points.flatMap(([x, y]) => [x, y, 0.5]));
    // six vertices processed: position 5 is (1, −1), pixel (16, 16)
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 2, at([[-1, 1], [1, 1], [-1, -1], [1, 1], [-1, -1], [1, -1]]), 12)).toBe(D3D_OK);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xffff0000, 1, 0);
    // three vertices: the second triangle names position 5, outside MinVertexIndex 0 + NumVertices 3 (skipped, replay9's rule)
    const own = at([[-1, 1], [0, 1], [-1, 0], [-1, 1], [-1, 1], [1, -1]]);
    expect(dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 3, 2, Uint16Array.of(0, 1, 2, 0, 2, 5), D3DFMT.INDEX16, own, 12)).toBe(D3D_OK);
    // (2, 2) is in triangle 0-1-2; (7, 10) only in 0-2-5
    expect([hex(pixel(dev.backBuffer, 2, 2)), hex(pixel(dev.backBuffer, 7, 10))]).toEqual(['0xff00ff00', '0xffff0000']);
  });
});
