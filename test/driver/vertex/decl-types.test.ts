/**
 * Every D3DDECLTYPE decoded as the D3DDECLTYPE documentation defines it: from the stored bits to
 * the four components the vertex pipeline sees, with (0, 0, 0, 1) for what a type does not store.
 * Exact equality: each expected value is the documented formula evaluated in float64.
 */
import { describe, expect, it } from 'vitest';
import { D3DDECLTYPE as T, D3DDECLUSAGE as U } from '../../../src/d3d9/index.js';
import { createFetchedVertex, decodeElement, fetchVertex, layoutFromDeclaration } from '../../../src/driver/raster/vertex/index.js';

const f32 = (...v: number[]): Uint8Array => new Uint8Array(Float32Array.from(v).buffer);
const u32 = (...v: number[]): Uint8Array => new Uint8Array(Uint32Array.from(v).buffer);
const u16 = (...v: number[]): Uint8Array => new Uint8Array(Uint16Array.from(v.map((x) => x & 0xffff)).buffer);

const ROWS: ReadonlyArray<[string, number, Uint8Array, readonly number[]]> = [
  ['FLOAT1', T.FLOAT1, f32(1.5), [1.5, 0, 0, 1]],
  ['FLOAT2', T.FLOAT2, f32(1.5, -2), [1.5, -2, 0, 1]],
  ['FLOAT3', T.FLOAT3, f32(1.5, -2, 0.25), [1.5, -2, 0.25, 1]],
  ['FLOAT4', T.FLOAT4, f32(1.5, -2, 0.25, 8), [1.5, -2, 0.25, 8]],
  // 0xAARRGGBB: (R, G, B, A) over 255
  ['D3DCOLOR', T.D3DCOLOR, u32(0x80402010), [0x40 / 255, 0x20 / 255, 0x10 / 255, 0x80 / 255]],
  ['UBYTE4', T.UBYTE4, u32(0x04fe0201), [1, 2, 254, 4]],
  ['UBYTE4N', T.UBYTE4N, u32(0xff00807f), [0x7f / 255, 0x80 / 255, 0, 1]],
  ['SHORT2', T.SHORT2, u16(-2, 300), [-2, 300, 0, 1]],
  ['SHORT4', T.SHORT4, u16(1, -1, 32767, -32768), [1, -1, 32767, -32768]],
  ['SHORT2N', T.SHORT2N, u16(32767, -32768), [1, -32768 / 32767, 0, 1]],
  ['SHORT4N', T.SHORT4N, u16(16384, -16384, 0, -1), [16384 / 32767, -16384 / 32767, 0, -1 / 32767]],
  ['USHORT2N', T.USHORT2N, u16(65535, 0), [1, 0, 0, 1]],
  ['USHORT4N', T.USHORT4N, u16(32768, 1, 65535, 0), [32768 / 65535, 1 / 65535, 1, 0]],
  // x in bits 0-9, y 10-19, z 20-29; the top two bits are not read
  ['UDEC3', T.UDEC3, u32((1023 | (1 << 10) | (512 << 20) | (3 << 30)) >>> 0), [1023, 1, 512, 1]],
  ['DEC3N', T.DEC3N, u32((511 | (0x200 << 10) | (0x3ff << 20)) >>> 0), [1, -512 / 511, -1 / 511, 1]],
  ['FLOAT16_2', T.FLOAT16_2, u16(0x3c00, 0xc000), [1, -2, 0, 1]],
  ['FLOAT16_4', T.FLOAT16_4, u16(0x3800, 0x7bff, 0x0001, 0x8000), [0.5, 65504, 2 ** -24, -0]],
];

describe('every D3DDECLTYPE decodes as documented', () => {
  it.each(ROWS)('%s', (_name, type, bits, want) => {
    const out = new Float64Array(4);
    decodeElement(type, bits, 0, out);
    expect([...out]).toEqual(want);
  });

  it('bytes past the end read as 0 (a SHORT4N whose second word is missing)', () => {
    const out = new Float64Array(4);
    decodeElement(T.SHORT4N, u16(32767, 0), 0, out);
    expect([...out]).toEqual([1, 0, 0, 0]);
  });
});

describe('a declaration maps its usages onto the fixed-function inputs', () => {
  const decl = [
    { Stream: 0, Offset: 0, Type: T.SHORT4, Method: 0, Usage: U.POSITION, UsageIndex: 0 },
    { Stream: 1, Offset: 4, Type: T.UBYTE4N, Method: 0, Usage: U.COLOR, UsageIndex: 0 },
    { Stream: 1, Offset: 0, Type: T.D3DCOLOR, Method: 0, Usage: U.COLOR, UsageIndex: 1 },
    { Stream: 0, Offset: 8, Type: T.FLOAT16_2, Method: 0, Usage: U.TEXCOORD, UsageIndex: 3 },
    { Stream: 0, Offset: 12, Type: T.FLOAT1, Method: 0, Usage: U.PSIZE, UsageIndex: 0 },
    { Stream: 0, Offset: 16, Type: T.DEC3N, Method: 0, Usage: U.NORMAL, UsageIndex: 0 },
    { Stream: 0, Offset: 20, Type: T.FLOAT1, Method: 0, Usage: U.TEXCOORD, UsageIndex: 9 },
  ];
  const layout = layoutFromDeclaration(decl);

  it('each stream at its own offset and stride; a 4-component position keeps its w', () => {
    const s0 = new Uint8Array(48);
    s0.set(u16(1, 2, 3, 4), 24); // vertex 1 of stride 24
    s0.set(u16(0x3c00, 0x4000), 24 + 8);
    s0.set(f32(7), 24 + 12);
    s0.set(u32(511 | (0x3ff << 10)), 24 + 16);
    const s1 = new Uint8Array(16);
    s1.set(u32(0xff102030, 0x000000ff), 8); // vertex 1 of stride 8
    const v = createFetchedVertex();
    fetchVertex(layout, [{ data: s0, offset: 0, stride: 24 }, { data: s1, offset: 0, stride: 8 }], 1, v);
    expect([...v.position]).toEqual([1, 2, 3, 4]);
    expect(layout.position).toBe('xyzw');
    expect([...v.diffuse]).toEqual([1, 0, 0, 0]);
    expect([...v.specular]).toEqual([0x10 / 255, 0x20 / 255, 0x30 / 255, 1]);
    expect([...v.tex.subarray(12, 16)]).toEqual([1, 2, 0, 0]);
    expect(layout.texCount).toBe(4);
    expect(v.pointSize).toBe(7);
    expect([...v.normal]).toEqual([1, -1 / 511, 0]);
    expect([...layout.streamBytes.subarray(0, 3)]).toEqual([20, 8, 0]);
  });

  it('POSITIONT makes the vertices pre-transformed; a missing rhw is 1', () => {
    const l = layoutFromDeclaration([{ Stream: 0, Offset: 0, Type: T.FLOAT3, Method: 0, Usage: U.POSITIONT, UsageIndex: 0 }]);
    const v = createFetchedVertex();
    fetchVertex(l, { data: f32(5, 6, 0.5), offset: 0, stride: 12 }, 0, v);
    expect(l.position).toBe('xyzrhw');
    expect([...v.position]).toEqual([5, 6, 0.5, 1]);
    expect([...v.diffuse]).toEqual([1, 1, 1, 1]);
  });
});
