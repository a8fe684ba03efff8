/**
 * Vertex fetch by FVF: every element kind lands where fvfLayout packs it; defaults
 * for absent colours (reference E); reads never leave the buffer. Exact equality:
 * the values are float32 numbers read back bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DFVF_TEXCOORDSIZE } from '../../../src/d3d9/index.js';
import {
  createFetchedVertex,
  decodeVertexLayout,
  fetchVertex,
  VertexProcessor,
} from '../../../src/driver/raster/vertex/index.js';
import type { FetchedVertex } from '../../../src/driver/raster/vertex/index.js';
import type { StreamView } from '../../../src/driver/raster/types.js';
import { dw, makeState, pack } from './helpers.js';

const { XYZ, XYZRHW, XYZW, XYZB2, XYZB3, XYZB5, NORMAL, PSIZE, DIFFUSE, SPECULAR, TEX1, TEX2, TEX8 } = D3DFVF;

function fetch(fvf: number, s: StreamView, index = 0): FetchedVertex {
  const layout = decodeVertexLayout(fvf);
  if (layout === undefined) throw new Error('bad fvf in test');
  const v = createFetchedVertex();
  fetchVertex(layout, s, index, v);
  return v;
}

function one(fvf: number, fields: readonly (number | { dword: number })[]): FetchedVertex {
  return fetch(fvf, { data: pack([fields]), offset: 0, stride: fields.length * 4 });
}

describe('fetching a vertex reads each FVF element', () => {
  it('XYZRHW | DIFFUSE | TEX1: position with rhw, D3DCOLOR 0xAARRGGBB as r, g, b, a / 255, texcoords', () => {
    const v = one(XYZRHW | DIFFUSE | TEX1, [10.5, 20.25, 0.5, 0.25, dw(0x80ff4000), 0.125, 0.75]);
    expect([...v.position]).toEqual([10.5, 20.25, 0.5, 0.25]);
    expect([...v.diffuse]).toEqual([1, 64 / 255, 0, 128 / 255]);
    expect([...v.tex.subarray(0, 4)]).toEqual([0.125, 0.75, 0, 0]);
  });

  it('XYZ | NORMAL | PSIZE | DIFFUSE | SPECULAR: w is 1, each element at its offset', () => {
    const v = one(XYZ | NORMAL | PSIZE | DIFFUSE | SPECULAR, [1, 2, 3, 0, 0.5, -1, 7, dw(0xff00ff00), dw(0x400000ff)]);
    expect([...v.position]).toEqual([1, 2, 3, 1]);
    expect([...v.normal]).toEqual([0, 0.5, -1]);
    expect(v.pointSize).toBe(7);
    expect([...v.diffuse]).toEqual([0, 1, 0, 1]);
    expect([...v.specular]).toEqual([0, 0, 1, 64 / 255]);
  });

  it('XYZW keeps the stored w', () => {
    expect([...one(XYZW, [1, 2, 3, 4]).position]).toEqual([1, 2, 3, 4]);
  });

  it('XYZB3 has three weights; XYZB5 five', () => {
    expect([...one(XYZB3, [0, 0, 0, 0.25, 0.5, 0.125]).weights]).toEqual([0.25, 0.5, 0.125, 0, 0]);
    expect([...one(XYZB5 | NORMAL, [0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 1]).weights]).toEqual([1, 2, 3, 4, 5]);
    expect([...one(XYZB5 | NORMAL, [0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 1]).normal]).toEqual([0, 0, 1]);
  });

  it('LASTBETA_UBYTE4: the last slot holds four index bytes in memory order', () => {
    const v = one(XYZB3 | D3DFVF.LASTBETA_UBYTE4, [0, 0, 0, 0.25, 0.75, dw(0x04030201)]);
    expect([...v.weights]).toEqual([0.25, 0.75, 0, 0, 0]);
    expect([...v.blendIndices]).toEqual([1, 2, 3, 4]);
  });

  it('LASTBETA_D3DCOLOR: the indices read as the colour R, G, B, A', () => {
    const v = one(XYZB2 | D3DFVF.LASTBETA_D3DCOLOR, [0, 0, 0, 0.5, dw(0x04030201)]);
    expect([...v.weights]).toEqual([0.5, 0, 0, 0, 0]);
    expect([...v.blendIndices]).toEqual([3, 2, 1, 4]);
  });

  it('TEX8 with every TEXCOORDSIZE: components in order, the rest 0', () => {
    const sizes = [1, 2, 3, 4, 1, 2, 3, 4] as const;
    let fvf = XYZ | TEX8;
    sizes.forEach((n, s) => (fvf |= D3DFVF_TEXCOORDSIZE(n, s)));
    const fields: number[] = [0, 0, 0];
    sizes.forEach((n, s) => { for (let c = 0; c < n; c++) fields.push(10 * s + c + 1); });
    const v = one(fvf, fields);
    sizes.forEach((n, s) => {
      const want = [0, 1, 2, 3].map((c) => (c < n ? 10 * s + c + 1 : 0));
      expect([...v.tex.subarray(4 * s, 4 * s + 4)]).toEqual(want);
    });
  });

  it('the layout lists offsets and sizes of a TEX2 | TEXCOORDSIZE3(1) vertex', () => {
    const layout = decodeVertexLayout(XYZ | NORMAL | TEX2 | D3DFVF_TEXCOORDSIZE(3, 1));
    expect(layout).toMatchObject({ stride: 44, position: 'xyz', normal: 12, psize: -1, diffuse: -1, specular: -1, texCount: 2 });
    expect([...layout!.texOffset.subarray(0, 3)]).toEqual([24, 32, -1]);
    expect([...layout!.texSize.subarray(0, 3)]).toEqual([2, 3, 0]);
  });
});

describe('absent elements take the documented defaults', () => {
  it('no DIFFUSE is white, no SPECULAR (0, 0, 0, 0), no NORMAL (0, 0, 0), no texcoords 0', () => {
    const v = one(XYZ, [1, 2, 3]);
    expect([...v.diffuse]).toEqual([1, 1, 1, 1]);
    expect([...v.specular]).toEqual([0, 0, 0, 0]);
    expect([...v.normal]).toEqual([0, 0, 0]);
    expect(v.tex.every((x) => x === 0)).toBe(true);
  });
});

describe('stream addressing', () => {
  it('vertex i is read at offset + i·stride, whatever the FVF stride', () => {
    const data = pack([[9, 9], [1, 2, 3, 9], [4, 5, 6, 9]]); // 8 bytes of header, stride 16
    const s = { data, offset: 8, stride: 16 };
    expect([...fetch(XYZ, s, 0).position]).toEqual([1, 2, 3, 1]);
    expect([...fetch(XYZ, s, 1).position]).toEqual([4, 5, 6, 1]);
  });

  it('bytes past the end read as 0, also inside a partly present float', () => {
    const data = pack([[1, 2, 3], [1]]).subarray(0, 14); // vertex 1: only 2 of x's 4 bytes (00 00 of 1.0f)
    const v = fetch(XYZ | DIFFUSE, { data, offset: 0, stride: 12 }, 1);
    expect([...v.position]).toEqual([0, 0, 0, 1]);
    expect([...v.diffuse]).toEqual([0, 0, 0, 0]);
  });

  it('bytes before the start read as 0', () => {
    const v = fetch(XYZ, { data: pack([[2, 3]]), offset: -4, stride: 12 });
    expect([...v.position]).toEqual([0, 2, 3, 1]);
  });
});

describe('an invalid FVF', () => {
  it('has no layout, and a draw with it throws naming the FVF', () => {
    expect(decodeVertexLayout(XYZRHW | NORMAL)).toBeUndefined();
    expect(() => new VertexProcessor(makeState({ fvf: 0 }))).toThrow(/FVF 0x0/);
  });
});
