/**
 * ProcessVertices through the fixed-function pipeline into an XYZRHW buffer. Expected values come from
 * the docs' order of operations (ProcessVertices page): world·view·projection, then the viewport
 * (x = X + (1 + x/w)·W/2, y = Y + (1 − y/w)·H/2, z = MinZ + z/w·(MaxZ − MinZ), rhw = 1/w), a vertex
 * outside the view volume left in projection space while clipping is on, D3DPV_DONOTCOPYDATA leaving
 * what the vertex operation does not compute; and from the SetClipStatus page (ProcessVertices
 * computes clip codes). Identity transforms and a 16×16 viewport make every value exact.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCS, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DERR, D3DFVF, D3DPOOL, D3DPV, D3DRS, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import { assemble } from '../../src/shader/index.js';
import type { IDirect3DVertexBuffer9 } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

const SRC_FVF = D3DFVF.XYZ | D3DFVF.DIFFUSE | D3DFVF.TEX1;
const DST_FVF = D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1;
/** x, y, z, colour, u, v */
const SOURCE = [
  [0.5, -0.5, 0.25, 0xff112233, 0.25, 0.75],
  [-1, 1, 0, 0x80ffffff, 1, 2],
  [2, 0, 0.5, 0xff00ff00, -1, 3], // x > w: outside the right plane
];

function setup(flags = 0x20, dstUsage = 0, dstFvf = DST_FVF): { dev: Device; dst: IDirect3DVertexBuffer9 } {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: 16, BackBufferHeight: 16 }).device as Device;
  const src = dev.CreateVertexBuffer(3 * 24, 0, SRC_FVF, D3DPOOL.MANAGED).vertexBuffer!;
  const { data } = src.Lock(0, 0, 0);
  const view = new DataView(data!.buffer, data!.byteOffset);
  SOURCE.forEach(([x, y, z, c, u, v], i) => {
    view.setFloat32(i * 24, x, true); view.setFloat32(i * 24 + 4, y, true); view.setFloat32(i * 24 + 8, z, true);
    view.setUint32(i * 24 + 12, c, true); view.setFloat32(i * 24 + 16, u, true); view.setFloat32(i * 24 + 20, v, true);
  });
  src.Unlock();
  dev.SetStreamSource(0, src, 0, 24);
  dev.SetFVF(SRC_FVF);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  const dst = dev.CreateVertexBuffer(4 * 28, dstUsage, dstFvf, D3DPOOL.SYSTEMMEM).vertexBuffer!;
  return { dev, dst };
}

/** The destination's vertices as [x, y, z, rhw, colour, u, v], after filling it with 0xab bytes first. */
function read(dst: IDirect3DVertexBuffer9): number[][] {
  const { data } = dst.Lock(0, 0, 0);
  const view = new DataView(data!.buffer, data!.byteOffset);
  const out = Array.from({ length: 4 }, (_, i) => [0, 4, 8, 12, 16, 20, 24].map((o) => (o === 16 ? view.getUint32(i * 28 + o, true) : view.getFloat32(i * 28 + o, true))));
  dst.Unlock();
  return out;
}
function fill(dst: IDirect3DVertexBuffer9): void {
  const { data } = dst.Lock(0, 0, 0);
  data!.fill(0xab);
  dst.Unlock();
}
const UNTOUCHED_F = new DataView(Uint8Array.of(0xab, 0xab, 0xab, 0xab).buffer).getFloat32(0, true);
const UNTOUCHED = [UNTOUCHED_F, UNTOUCHED_F, UNTOUCHED_F, UNTOUCHED_F, 0xabababab, UNTOUCHED_F, UNTOUCHED_F];

describe('ProcessVertices', () => {
  it('transforms to screen coordinates, copies colours and texture coordinates, leaves a vertex outside in projection space', () => {
    const { dev, dst } = setup();
    fill(dst);
    expect(dev.ProcessVertices(0, 1, 3, dst, null, 0)).toBe(D3D_OK);
    expect(read(dst)).toEqual([
      UNTOUCHED,
      [12, 12, 0.25, 1, 0xff112233, 0.25, 0.75],
      [0, 0, 0, 1, 0x80ffffff, 1, 2],
      [2, 0, 0.5, 1, 0xff00ff00, -1, 3],
    ]);
    // ProcessVertices computes clip codes: one vertex right of the volume
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.RIGHT, ClipIntersection: 0 });
  });

  it('a destination created with D3DUSAGE_DONOTCLIP gets screen coordinates for every vertex', () => {
    const { dev, dst } = setup(0x20, D3DUSAGE.DONOTCLIP);
    expect(dev.ProcessVertices(2, 0, 1, dst, null, 0)).toBe(D3D_OK);
    expect(read(dst)[0].slice(0, 4)).toEqual([24, 8, 0.5, 1]);
  });

  it('D3DRS_CLIPPING FALSE gives screen coordinates too and zeroes the clip status', () => {
    const { dev, dst } = setup();
    dev.SetRenderState(D3DRS.CLIPPING, 0);
    expect(dev.ProcessVertices(2, 0, 1, dst, null, 0)).toBe(D3D_OK);
    expect(read(dst)[0].slice(0, 4)).toEqual([24, 8, 0.5, 1]);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: 0, ClipIntersection: 0 });
  });

  it('D3DPV_DONOTCOPYDATA writes the position only when lighting is off, and the lit colours when it is on', () => {
    const { dev, dst } = setup();
    fill(dst);
    expect(dev.ProcessVertices(0, 0, 1, dst, null, D3DPV.DONOTCOPYDATA)).toBe(D3D_OK);
    expect(read(dst)[0]).toEqual([12, 12, 0.25, 1, 0xabababab, UNTOUCHED_F, UNTOUCHED_F]);
    dev.SetRenderState(D3DRS.LIGHTING, 1);
    expect(dev.ProcessVertices(0, 0, 1, dst, null, D3DPV.DONOTCOPYDATA)).toBe(D3D_OK);
    // no light, black material, no ambient: black; alpha from the vertex colour (DIFFUSEMATERIALSOURCE COLOR1)
    expect(read(dst)[0]).toEqual([12, 12, 0.25, 1, 0xff000000, UNTOUCHED_F, UNTOUCHED_F]);
  });

  it('applies the viewport', () => {
    const { dev, dst } = setup();
    dev.SetViewport({ X: 4, Y: 2, Width: 8, Height: 12, MinZ: 0.5, MaxZ: 1 });
    expect(dev.ProcessVertices(0, 0, 1, dst, null, 0)).toBe(D3D_OK);
    // x = 4 + 1.5·4, y = 2 + 1.5·6, z = 0.5 + 0.25·0.5
    expect(read(dst)[0].slice(0, 4)).toEqual([10, 11, 0.625, 1]);
  });

  it.each([
    // what, device flags, destination usage and FVF, SrcStartIndex, DestIndex, VertexCount, pass a destination
    ['a hardware vertex processing device (ProcessVertices is software vertex processing)', 0x40, DST_FVF, 0, 0, 1, true],
    ['a destination created without an FVF (docs)', 0x20, 0, 0, 0, 1, true],
    ['a destination that is not XYZRHW', 0x20, D3DFVF.XYZ | D3DFVF.DIFFUSE, 0, 0, 1, true],
    ['no destination', 0x20, DST_FVF, 0, 0, 1, false],
    ['more vertices than the destination holds past DestIndex', 0x20, DST_FVF, 0, 2, 3, true],
    ['more source vertices than the stream holds', 0x20, DST_FVF, 1, 0, 3, true],
  ] as const)('refuses %s', (_what, flags, fvf, src, dest, count, withDst) => {
    const { dev, dst } = setup(flags, 0, fvf);
    expect(dev.ProcessVertices(src, dest, count, withDst ? dst : null, null, 0)).toBe(D3DERR.INVALIDCALL);
  });
});

/** Shader tokens from assembly. */
function tokens(text: string): Uint32Array {
  const r = assemble(text);
  if (!r.ok) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r.tokens;
}

describe('ProcessVertices with a vertex shader (docs: it applies the vertex processing the vertex shader defines)', () => {
  // oPos = v0 (clip space), oD0 = (0, 1, 0.2, 1), oT0 = the source coordinates swapped; the world transform
  // doubles positions, which the shader ignores: vertex 0 (0.5, −0.5, 0.25) lands at (12, 12) of the 16×16
  // viewport, vertex 2 (2, 0, 0.5) is outside the view volume and stays in clip space
  const WANT = [
    [12, 12, 0.25, 1, 0xff00ff33, 0.75, 0.25],
    [0, 0, 0, 1, 0xff00ff33, 2, 1],
    [2, 0, 0.5, 1, 0xff00ff33, 3, -1],
  ];
  const DOUBLE = { _11: 2, _12: 0, _13: 0, _14: 0, _21: 0, _22: 2, _23: 0, _24: 0, _31: 0, _32: 0, _33: 2, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1 };

  it('a vs_1_1: oPos through the viewport, oD0 as the diffuse colour, oT0 as the coordinates; the transforms play no part', () => {
    const { dev, dst } = setup();
    dev.SetTransform(256, DOUBLE); // D3DTS_WORLD
    const vs = dev.CreateVertexShader(tokens('vs_1_1\ndcl_position v0\ndcl_texcoord0 v1\ndef c0, 0.0, 1.0, 0.2, 1.0\nmov oPos, v0\nmov oD0, c0\nmov oT0.xy, v1.yx'));
    expect(vs.hr).toBe(D3D_OK);
    dev.SetVertexShader(vs.vertexShader!);
    fill(dst);
    expect(dev.ProcessVertices(0, 0, 3, dst, null, 0)).toBe(D3D_OK);
    expect(read(dst)).toEqual([...WANT, UNTOUCHED]);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: D3DCS.RIGHT, ClipIntersection: 0 });
  });

  it('a vs_3_0 needs the output declaration, whose elements take the outputs of their semantics', () => {
    const { dev, dst } = setup();
    dev.SetTransform(256, DOUBLE);
    const vs = dev.CreateVertexShader(tokens([
      'vs_3_0', 'dcl_position v0', 'dcl_texcoord0 v1', 'dcl_position o0', 'dcl_color0 o1', 'dcl_texcoord0 o2',
      'def c0, 0.0, 1.0, 0.2, 1.0', 'mov o0, v0', 'mov o1, c0', 'mov o2.xy, v1.yx',
    ].join('\n')));
    expect(vs.hr).toBe(D3D_OK);
    dev.SetVertexShader(vs.vertexShader!);
    expect(dev.ProcessVertices(0, 0, 3, dst, null, 0)).toBe(D3DERR.INVALIDCALL);
    const decl = dev.CreateVertexDeclaration([
      { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT4, Method: 0, Usage: D3DDECLUSAGE.POSITIONT, UsageIndex: 0 },
      { Stream: 0, Offset: 16, Type: D3DDECLTYPE.D3DCOLOR, Method: 0, Usage: D3DDECLUSAGE.COLOR, UsageIndex: 0 },
      { Stream: 0, Offset: 20, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 0 },
      D3DDECL_END,
    ]);
    expect(decl.hr).toBe(D3D_OK);
    fill(dst);
    expect(dev.ProcessVertices(0, 0, 3, dst, decl.vertexDeclaration!, 0)).toBe(D3D_OK);
    expect(read(dst)).toEqual([...WANT, UNTOUCHED]);
    // an output declaration without the colour the shader writes
    const noColor = dev.CreateVertexDeclaration([
      { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT4, Method: 0, Usage: D3DDECLUSAGE.POSITIONT, UsageIndex: 0 },
      { Stream: 0, Offset: 20, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 0 },
      D3DDECL_END,
    ]);
    expect(dev.ProcessVertices(0, 0, 3, dst, noColor.vertexDeclaration!, 0)).toBe(D3DERR.INVALIDCALL);
  });

  // "Programmable Vertex Processing": elements the shader does not write are not modified, and the call
  // fails when it writes one the destination does not have
  it('leaves the elements of outputs the shader does not write, and fails when it writes one the destination lacks', () => {
    const { dev, dst } = setup();
    dev.SetVertexShader(dev.CreateVertexShader(tokens('vs_1_1\ndcl_position v0\nmov oPos, v0')).vertexShader!);
    fill(dst);
    expect(dev.ProcessVertices(0, 0, 1, dst, null, 0)).toBe(D3D_OK);
    expect(read(dst)[0]).toEqual([12, 12, 0.25, 1, 0xabababab, UNTOUCHED_F, UNTOUCHED_F]);
    dev.SetVertexShader(dev.CreateVertexShader(tokens('vs_1_1\ndcl_position v0\nmov oPos, v0\nmov oD1, v0')).vertexShader!);
    expect(dev.ProcessVertices(0, 0, 1, dst, null, 0)).toBe(D3DERR.INVALIDCALL);
    dev.SetVertexShader(dev.CreateVertexShader(tokens('vs_1_1\ndcl_position v0\nmov oPos, v0\nmov oT1, v0')).vertexShader!);
    expect(dev.ProcessVertices(0, 0, 1, dst, null, 0)).toBe(D3DERR.INVALIDCALL);
  });
});
