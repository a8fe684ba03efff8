/**
 * Point size: PSIZE else D3DRS_POINTSIZE, POINTSCALEENABLE's distance formula
 * (Vh·Si·√(1/(A + B·De + C·De²))), clamps to [POINTSIZE_MIN, min(POINTSIZE_MAX,
 * MaxPointSize)]. Expected sizes by hand; tolerance 1e-9.
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DRS } from '../../../src/d3d9/index.js';
import { processVertices } from '../../../src/driver/raster/vertex/index.js';
import type { RasterState } from '../../../src/driver/raster/types.js';
import { f, makeState, stream } from './helpers.js';

const { XYZ, XYZRHW, PSIZE } = D3DFVF;

function size(rs: Record<number, number>, vertex: number[], fvf: number = XYZ, extra: Partial<RasterState> = {}): number {
  return processVertices(makeState({ fvf, rs, ...extra }), stream([vertex]), 0, 1)[0].pointSize;
}

const near = (a: number, b: number): void => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(1e-9);

describe('the point size of a vertex', () => {
  it('D3DRS_POINTSIZE without PSIZE, the vertex PSIZE with it', () => {
    near(size({ [D3DRS.POINTSIZE]: f(4) }, [0, 0, 0]), 4);
    near(size({ [D3DRS.POINTSIZE]: f(4) }, [0, 0, 0, 10], XYZ | PSIZE), 10);
  });

  it('clamps to POINTSIZE_MIN below', () => {
    near(size({ [D3DRS.POINTSIZE]: f(0.5), [D3DRS.POINTSIZE_MIN]: f(1) }, [0, 0, 0]), 1);
  });

  it('clamps to POINTSIZE_MAX, and to MaxPointSize when POINTSIZE_MAX is larger', () => {
    near(size({ [D3DRS.POINTSIZE]: f(100), [D3DRS.POINTSIZE_MAX]: f(64) }, [0, 0, 0]), 64);
    near(size({ [D3DRS.POINTSIZE]: f(1000), [D3DRS.POINTSIZE_MAX]: f(512) }, [0, 0, 0], XYZ, { maxPointSize: 256 }), 256);
  });
});

describe('POINTSCALEENABLE', () => {
  const scale = (a: number, b: number, c: number): Record<number, number> => ({
    [D3DRS.POINTSCALEENABLE]: 1, [D3DRS.POINTSIZE]: f(2), [D3DRS.POINTSIZE_MAX]: f(64),
    [D3DRS.POINTSCALE_A]: f(a), [D3DRS.POINTSCALE_B]: f(b), [D3DRS.POINTSCALE_C]: f(c),
  });
  const viewport = { x: 0, y: 0, width: 100, height: 100, minZ: 0, maxZ: 1 };

  it('C = 1 at De = 5 (camera-space (3, 0, 4)), Vh = 100, Si = 2: 100·2·√(1/25) = 40', () => {
    near(size(scale(0, 0, 1), [3, 0, 4], XYZ, { viewport }), 40);
  });

  it('B = 4 at De = 5: 100·2·√(1/20) ≈ 44.72', () => {
    near(size(scale(0, 4, 0), [3, 0, 4], XYZ, { viewport }), 200 / Math.sqrt(20));
  });

  it('A = 1: 200, clamped to POINTSIZE_MAX 64', () => {
    near(size(scale(1, 0, 0), [3, 0, 4], XYZ, { viewport }), 64);
  });

  it('does not scale XYZRHW points', () => {
    near(size(scale(0, 0, 1), [3, 0, 4, 1], XYZRHW, { viewport }), 2);
  });
});
