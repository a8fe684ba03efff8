/**
 * Vertex declarations and instancing on the device, with the expectations Windows validated
 * (Wine dlls/d3d9/tests: device.c test_fvf_decl_conversion / test_fvf_decl_management,
 * vertexdeclaration.c test_vertex_declaration_alignment / test_unused_type, visual.c stream_test).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import type { VertexDeclaration } from '../../src/device/vertex-declaration.js';
import {
  D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE as T, D3DDECLUSAGE as U, D3DERR, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSBT,
  D3DSTREAMSOURCE, D3D_OK, D3DFVF_TEXCOORDSIZE, HR, fvfToDeclaration,
} from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import { listenForNotes } from '../../src/device/notes.js';
import { MAX_INSTANCES, planDrawIndexedPrimitive } from '../../src/device/draw.js';
import type { DeviceNote } from '../../src/device/notes.js';
import { PP } from '../fixtures/every-command.js';

const e = (Stream: number, Offset: number, Type: number, Usage: number, UsageIndex = 0, Method = 0): D3DVERTEXELEMENT9 => ({ Stream, Offset, Type, Method, Usage, UsageIndex });
const END = D3DDECL_END;

function device(profile?: 'dx8'): Device {
  return Direct3DCreate9(32, profile)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: 16, BackBufferHeight: 8 }).device as Device;
}
const create = (dev: Device, els: D3DVERTEXELEMENT9[] | null): number => dev.CreateVertexDeclaration(els).hr >>> 0;

describe('CreateVertexDeclaration validates its elements', () => {
  const dev = device();
  const P = e(0, 0, T.FLOAT3, U.POSITION);
  const rows: ReadonlyArray<[string, D3DVERTEXELEMENT9[] | null, number]> = [
    ['a position', [P, END], D3D_OK],
    ['the empty declaration', [END], D3D_OK],
    // test_vertex_declaration_alignment: 16 and 20 are accepted, 17-19 E_FAIL
    ['a D3DCOLOR at offset 16', [P, e(0, 16, T.D3DCOLOR, U.COLOR), END], D3D_OK],
    ['a D3DCOLOR at offset 17', [P, e(0, 17, T.D3DCOLOR, U.COLOR), END], HR.E_FAIL],
    ['a D3DCOLOR at offset 18', [P, e(0, 18, T.D3DCOLOR, U.COLOR), END], HR.E_FAIL],
    ['a D3DCOLOR at offset 19', [P, e(0, 19, T.D3DCOLOR, U.COLOR), END], HR.E_FAIL],
    ['a D3DCOLOR at offset 20', [P, e(0, 20, T.D3DCOLOR, U.COLOR), END], D3D_OK],
    // test_unused_type
    ['UNUSED as a colour', [P, e(0, 16, T.UNUSED, U.COLOR), END], HR.E_FAIL],
    ['UNUSED as texcoord 12 on stream 1', [P, e(1, 16, T.UNUSED, U.TEXCOORD, 12), END], HR.E_FAIL],
    ['UNUSED as a normal', [P, e(0, 16, T.UNUSED, U.NORMAL), END], HR.E_FAIL],
    // test_fvf_decl_conversion's combination: a FLOAT3 POSITIONT next to a NORMAL is accepted
    ['POSITIONT FLOAT3 with a normal', [e(0, 0, T.FLOAT3, U.POSITIONT), e(0, 12, T.FLOAT3, U.NORMAL), END], D3D_OK],
    ['a type past UNUSED', [e(0, 0, 18, U.POSITION), END], HR.E_FAIL],
    ['stream 15 (MaxStreams 16)', [e(15, 0, T.FLOAT3, U.POSITION), END], D3D_OK],
    ['stream 16', [e(16, 0, T.FLOAT3, U.POSITION), END], HR.E_FAIL],
    ['a method past LOOKUPPRESAMPLED', [e(0, 0, T.FLOAT3, U.POSITION, 0, 7), END], HR.E_FAIL],
    ['a usage past SAMPLE', [e(0, 0, T.FLOAT3, 14), END], HR.E_FAIL],
    ['usage index 16', [e(0, 0, T.FLOAT2, U.TEXCOORD, 16), END], HR.E_FAIL],
    ['one (usage, index) twice', [P, e(0, 12, T.FLOAT2, U.TEXCOORD, 1), e(0, 20, T.FLOAT2, U.TEXCOORD, 1), END], HR.E_FAIL],
    ['no D3DDECL_END', [P], D3DERR.INVALIDCALL],
    ['NULL', null, D3DERR.INVALIDCALL],
  ];
  it.each(rows)('%s', (_what, els, want) => {
    expect(create(dev, els)).toBe(want >>> 0);
  });

  it('every extended type is exposed in DeclTypes on the dx9 profile and refused where the caps lack it', () => {
    expect(dev.caps.DeclTypes).toBe(0x3ff);
    expect(create(dev, [e(0, 0, T.FLOAT16_4, U.POSITION), END])).toBe(D3D_OK);
    const dx8 = device('dx8');
    expect(create(dx8, [e(0, 0, T.FLOAT16_4, U.POSITION), END])).toBe(HR.E_FAIL >>> 0);
    expect(create(dx8, [e(0, 0, T.SHORT4, U.POSITION), END])).toBe(D3D_OK);
  });
});

describe('SetFVF and SetVertexDeclaration set one slot', () => {
  it('SetVertexDeclaration leaves the reference count alone; GetVertexDeclaration adds one and returns the same object', () => {
    const dev = device();
    const decl = dev.CreateVertexDeclaration([e(0, 0, T.FLOAT3, U.POSITION), END]).vertexDeclaration as VertexDeclaration;
    expect(dev.SetVertexDeclaration(decl)).toBe(D3D_OK);
    expect(decl.refCount).toBe(1);
    expect(dev.GetVertexDeclaration().vertexDeclaration).toBe(decl);
    expect(decl.refCount).toBe(2);
    const got = decl.GetDevice();
    expect(got.device).toBe(dev);
  });

  it('what GetFVF reports after SetVertexDeclaration (decl_to_fvf table)', () => {
    const dev = device();
    const rows: Array<[D3DVERTEXELEMENT9[], number]> = [
      [[e(0, 0, T.FLOAT3, U.POSITION), END], D3DFVF.XYZ],
      [[e(0, 0, T.FLOAT4, U.POSITIONT), END], D3DFVF.XYZRHW],
      ...[T.FLOAT1, T.FLOAT2, T.FLOAT3, T.FLOAT4].map((t): [D3DVERTEXELEMENT9[], number] => [[e(0, 0, t, U.BLENDWEIGHT), END], 0]),
      [[e(0, 0, T.UBYTE4, U.BLENDINDICES), END], 0],
      [[e(0, 0, T.FLOAT3, U.NORMAL), END], 0],
      [[e(0, 0, T.FLOAT1, U.PSIZE), END], 0],
      [[e(0, 0, T.D3DCOLOR, U.COLOR), END], 0],
      [[e(0, 0, T.D3DCOLOR, U.COLOR, 1), END], 0],
      [[e(0, 0, T.FLOAT3, U.POSITION, 1), END], 0],
      [[e(0, 0, T.FLOAT3, U.NORMAL, 1), END], 0],
      [[END], 0],
      [[e(0, 0, T.FLOAT1, U.TEXCOORD), END], 0],
      [[e(0, 0, T.FLOAT4, U.TEXCOORD), END], 0],
      [[e(0, 0, T.FLOAT3, U.POSITIONT), e(0, 12, T.FLOAT3, U.NORMAL), e(0, 24, T.FLOAT1, U.PSIZE), e(0, 28, T.D3DCOLOR, U.COLOR, 1), e(0, 32, T.FLOAT1, U.TEXCOORD), e(0, 44, T.FLOAT4, U.TEXCOORD, 1), END], 0],
    ];
    for (const [els, fvf] of rows) {
      dev.SetFVF(D3DFVF.DIFFUSE | D3DFVF.SPECULAR);
      const decl = dev.CreateVertexDeclaration(els).vertexDeclaration!;
      expect(dev.SetVertexDeclaration(decl)).toBe(D3D_OK);
      expect(dev.GetFVF().fvf).toBe(fvf);
    }
  });

  it('SetFVF makes the declaration GetVertexDeclaration returns (fvf_to_decl table)', () => {
    const dev = device();
    const other = dev.CreateVertexDeclaration([e(0, 0, T.D3DCOLOR, U.COLOR), e(0, 4, T.D3DCOLOR, U.COLOR, 1), END]).vertexDeclaration!;
    const rows: Array<[number, D3DVERTEXELEMENT9[]]> = [
      [D3DFVF.XYZ, [e(0, 0, T.FLOAT3, U.POSITION)]],
      [D3DFVF.XYZW, [e(0, 0, T.FLOAT4, U.POSITION)]],
      [D3DFVF.XYZRHW, [e(0, 0, T.FLOAT4, U.POSITIONT)]],
      [D3DFVF.XYZB5, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT4, U.BLENDWEIGHT), e(0, 28, T.FLOAT1, U.BLENDINDICES)]],
      [D3DFVF.XYZB5 | D3DFVF.LASTBETA_UBYTE4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT4, U.BLENDWEIGHT), e(0, 28, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB5 | D3DFVF.LASTBETA_D3DCOLOR, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT4, U.BLENDWEIGHT), e(0, 28, T.D3DCOLOR, U.BLENDINDICES)]],
      [D3DFVF.XYZB1, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT1, U.BLENDWEIGHT)]],
      [D3DFVF.XYZB1 | D3DFVF.LASTBETA_UBYTE4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB1 | D3DFVF.LASTBETA_D3DCOLOR, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.D3DCOLOR, U.BLENDINDICES)]],
      [D3DFVF.XYZB2, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT2, U.BLENDWEIGHT)]],
      [D3DFVF.XYZB2 | D3DFVF.LASTBETA_UBYTE4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT1, U.BLENDWEIGHT), e(0, 16, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB2 | D3DFVF.LASTBETA_D3DCOLOR, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.D3DCOLOR, U.BLENDWEIGHT), e(0, 16, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB3, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT3, U.BLENDWEIGHT)]],
      [D3DFVF.XYZB3 | D3DFVF.LASTBETA_UBYTE4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT2, U.BLENDWEIGHT), e(0, 20, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB3 | D3DFVF.LASTBETA_D3DCOLOR, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT2, U.BLENDWEIGHT), e(0, 20, T.D3DCOLOR, U.BLENDINDICES)]],
      [D3DFVF.XYZB4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT4, U.BLENDWEIGHT)]],
      [D3DFVF.XYZB4 | D3DFVF.LASTBETA_UBYTE4, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT3, U.BLENDWEIGHT), e(0, 24, T.UBYTE4, U.BLENDINDICES)]],
      [D3DFVF.XYZB4 | D3DFVF.LASTBETA_D3DCOLOR, [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT3, U.BLENDWEIGHT), e(0, 24, T.D3DCOLOR, U.BLENDINDICES)]],
      [D3DFVF.NORMAL, [e(0, 0, T.FLOAT3, U.NORMAL)]],
      [D3DFVF.PSIZE, [e(0, 0, T.FLOAT1, U.PSIZE)]],
      [D3DFVF.DIFFUSE, [e(0, 0, T.D3DCOLOR, U.COLOR)]],
      [D3DFVF.SPECULAR, [e(0, 0, T.D3DCOLOR, U.COLOR, 1)]],
      [D3DFVF_TEXCOORDSIZE(1, 0) | D3DFVF.TEX1, [e(0, 0, T.FLOAT1, U.TEXCOORD)]],
      [D3DFVF.TEX1, [e(0, 0, T.FLOAT2, U.TEXCOORD)]],
      [D3DFVF_TEXCOORDSIZE(1, 0) | D3DFVF_TEXCOORDSIZE(3, 1) | D3DFVF_TEXCOORDSIZE(2, 2) | D3DFVF_TEXCOORDSIZE(4, 3) | D3DFVF.TEX4,
        [e(0, 0, T.FLOAT1, U.TEXCOORD), e(0, 4, T.FLOAT3, U.TEXCOORD, 1), e(0, 16, T.FLOAT2, U.TEXCOORD, 2), e(0, 24, T.FLOAT4, U.TEXCOORD, 3)]],
      [D3DFVF.XYZB4 | D3DFVF.DIFFUSE | D3DFVF.SPECULAR | D3DFVF_TEXCOORDSIZE(2, 0) | D3DFVF_TEXCOORDSIZE(3, 1) | D3DFVF.TEX2,
        [e(0, 0, T.FLOAT3, U.POSITION), e(0, 12, T.FLOAT4, U.BLENDWEIGHT), e(0, 28, T.D3DCOLOR, U.COLOR), e(0, 32, T.D3DCOLOR, U.COLOR, 1), e(0, 36, T.FLOAT2, U.TEXCOORD), e(0, 44, T.FLOAT3, U.TEXCOORD, 1)]],
    ];
    for (const [fvf, want] of rows) {
      expect(fvfToDeclaration(fvf)).toEqual(want);
      dev.SetVertexDeclaration(other);
      dev.SetFVF(fvf);
      const got = dev.GetVertexDeclaration().vertexDeclaration as VertexDeclaration;
      expect(got).not.toBe(other);
      expect(got.elements).toEqual(want);
      expect(dev.GetFVF().fvf).toBe(fvf);
    }
    // SetFVF(0) leaves the declaration as it is
    dev.SetVertexDeclaration(other);
    dev.SetFVF(0);
    expect(dev.GetVertexDeclaration().vertexDeclaration).toBe(other);
  });

  it('one shared declaration per FVF, counted only by what GetVertexDeclaration handed out (test_fvf_decl_management)', () => {
    const dev = device();
    dev.SetVertexDeclaration(null);
    dev.SetFVF(D3DFVF.XYZRHW);
    const d1 = dev.GetVertexDeclaration().vertexDeclaration as VertexDeclaration;
    const d2 = dev.GetVertexDeclaration().vertexDeclaration as VertexDeclaration;
    dev.SetFVF(D3DFVF.NORMAL);
    const d3 = dev.GetVertexDeclaration().vertexDeclaration as VertexDeclaration;
    expect(d1).toBe(d2);
    expect(d3).not.toBe(d2);
    expect(d1.elements).toEqual([e(0, 0, T.FLOAT4, U.POSITIONT)]);
    expect(d3.elements).toEqual([e(0, 0, T.FLOAT3, U.NORMAL)]);
    dev.SetFVF(D3DFVF.XYZRHW);
    const d4 = dev.GetVertexDeclaration().vertexDeclaration as VertexDeclaration;
    expect(d4).toBe(d1);
    expect([d1.refCount, d3.refCount]).toEqual([3, 1]);
  });

  it('with no declaration, GetVertexDeclaration succeeds with none', () => {
    const r = device().GetVertexDeclaration();
    expect(r.hr).toBe(D3D_OK);
    expect(r.vertexDeclaration).toBeUndefined();
  });
});

describe('SetStreamSourceFreq (visual.c stream_test)', () => {
  it('accepts and refuses what Windows does, and GetStreamSourceFreq reads back the last accepted setting', () => {
    const dev = device();
    expect(dev.GetStreamSourceFreq(0)).toEqual({ hr: D3D_OK, setting: 1 });
    expect(dev.GetStreamSourceFreq(1)).toEqual({ hr: D3D_OK, setting: 1 });
    const rows: Array<[number, number, number]> = [
      [1, 1, D3D_OK],
      [0, D3DSTREAMSOURCE.INSTANCEDATA | 1, D3DERR.INVALIDCALL],
      [1, 0, D3DERR.INVALIDCALL],
      [1, 2, D3D_OK],
      [1, D3DSTREAMSOURCE.INDEXEDDATA, D3D_OK],
      [1, D3DSTREAMSOURCE.INSTANCEDATA, D3D_OK],
      [1, D3DSTREAMSOURCE.INSTANCEDATA | D3DSTREAMSOURCE.INDEXEDDATA, D3DERR.INVALIDCALL],
      [0, D3DSTREAMSOURCE.INDEXEDDATA | 4, D3D_OK],
      [16, 1, D3DERR.INVALIDCALL],
    ];
    for (const [stream, setting, hr] of rows) expect(dev.SetStreamSourceFreq(stream, setting)).toBe(hr);
    expect(dev.GetStreamSourceFreq(1).setting).toBe(D3DSTREAMSOURCE.INSTANCEDATA);
    expect(dev.GetStreamSourceFreq(0).setting).toBe(D3DSTREAMSOURCE.INDEXEDDATA | 4);
    expect(dev.GetStreamSourceFreq(16).hr).toBe(D3DERR.INVALIDCALL);
  });
});

/** A 4×4 quad at (0..4, 0..4) (POSITIONT from stream 0) and, per instance on stream 1, a SHORT2 texcoord and a D3DCOLOR: red, green, blue. */
function instanced(dev: Device): void {
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
  const quad = dev.CreateVertexBuffer(4 * 16, 0, 0, D3DPOOL.MANAGED).vertexBuffer!;
  const q = new Float32Array(16);
  [[0, 0], [4, 0], [0, 4], [4, 4]].forEach(([x, y], i) => q.set([x, y, 0.5, 1], i * 4));
  quad.Lock(0, 0, 0).data!.set(new Uint8Array(q.buffer));
  quad.Unlock();
  const inst = dev.CreateVertexBuffer(3 * 8, 0, 0, D3DPOOL.MANAGED).vertexBuffer!;
  const iv = new DataView(new ArrayBuffer(24));
  // per instance: SHORT2 offset (x, y), D3DCOLOR
  [[2, 2, 0xffff0000], [10, 2, 0xff00ff00], [2, 8, 0xff0000ff]].forEach(([x, y, c], i) => { iv.setInt16(i * 8, x, true); iv.setInt16(i * 8 + 2, y, true); iv.setUint32(i * 8 + 4, c, true); });
  inst.Lock(0, 0, 0).data!.set(new Uint8Array(iv.buffer));
  inst.Unlock();
  const ib = dev.CreateIndexBuffer(12, 0, D3DFMT.INDEX16, D3DPOOL.MANAGED).indexBuffer!;
  ib.Lock(0, 0, 0).data!.set(new Uint8Array(Uint16Array.of(0, 1, 2, 2, 1, 3).buffer));
  ib.Unlock();
  // fixed function adds no per-instance offset to a position: the instances differ by colour (and a texcoord) only
  const decl = dev.CreateVertexDeclaration([e(0, 0, T.FLOAT4, U.POSITIONT), e(1, 4, T.D3DCOLOR, U.COLOR), e(1, 0, T.SHORT2, U.TEXCOORD), END]).vertexDeclaration!;
  dev.SetVertexDeclaration(decl);
  dev.SetStreamSource(0, quad, 0, 16);
  dev.SetStreamSource(1, inst, 0, 8);
  dev.SetIndices(ib);
}

const px = (s: Surface, x: number, y: number): number => new DataView(s.data.buffer, s.data.byteOffset).getUint32(y * s.pitch + 4 * x, true) >>> 0;

describe('instancing', () => {
  it('an indexed draw with INDEXEDDATA | n on stream 0 draws n instances, each reading its own element of the INSTANCEDATA stream', () => {
    const dev = device();
    instanced(dev);
    dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | 2);
    dev.SetStreamSourceFreq(1, D3DSTREAMSOURCE.INSTANCEDATA | 1);
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 4, 0, 2)).toBe(D3D_OK);
    // the instances overlap: the last one drawn (instance 1, green) shows
    expect(px(dev.backBuffer, 1, 1)).toBe(0xff00ff00);
  });

  it('INSTANCEDATA | 2 advances the instance stream every second instance', () => {
    const dev = device();
    instanced(dev);
    dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | 2);
    dev.SetStreamSourceFreq(1, D3DSTREAMSOURCE.INSTANCEDATA | 2);
    dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 4, 0, 2);
    expect(px(dev.backBuffer, 1, 1)).toBe(0xffff0000);
  });

  it('without INDEXEDDATA on stream 0, and in DrawPrimitive, every stream is read per vertex', () => {
    const dev = device();
    instanced(dev);
    dev.SetStreamSourceFreq(1, D3DSTREAMSOURCE.INSTANCEDATA | 1);
    dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 3, 0, 1);
    // vertex 0 red, 1 green, 2 blue: the first triangle's corner at (0, 0) is nearly red
    expect(px(dev.backBuffer, 0, 0) & 0xff0000).toBeGreaterThan(0x800000);
    expect(px(dev.backBuffer, 0, 0) & 0xff00).toBeLessThan(0x8000);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000000, 1, 0);
    dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | 2);
    expect(dev.DrawPrimitive(D3DPT.TRIANGLELIST, 0, 1)).toBe(D3D_OK);
    expect(px(dev.backBuffer, 0, 0) & 0xff0000).toBeGreaterThan(0x800000);
  });

  it('plans at most MAX_INSTANCES instances: 2^30 instances that all read one element end at the bound, with a note', () => {
    const dev = device();
    instanced(dev);
    dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | 0x3fffffff);
    // every instance reads element 0 (the divider is never reached): the instance data never runs out
    dev.SetStreamSourceFreq(1, D3DSTREAMSOURCE.INSTANCEDATA | 0x3fffffff);
    const notes: DeviceNote[] = [];
    const plan = listenForNotes((n) => notes.push(n), () => planDrawIndexedPrimitive(dev.state, dev.caps, D3DPT.TRIANGLELIST, 0, 0, 4, 0, 2));
    expect(Array.isArray(plan) && plan.length).toBe(MAX_INSTANCES);
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining(`${0x3fffffff} instances of 2 primitives are past replay9's bound`)]);
    // a count within the bound draws them all, without a note
    dev.SetStreamSourceFreq(0, D3DSTREAMSOURCE.INDEXEDDATA | 3);
    notes.length = 0;
    const three = listenForNotes((n) => notes.push(n), () => planDrawIndexedPrimitive(dev.state, dev.caps, D3DPT.TRIANGLELIST, 0, 0, 4, 0, 2));
    expect(Array.isArray(three) && three.length).toBe(3);
    expect(notes).toEqual([]);
  });

  it('a stream the declaration reads without a vertex buffer fails the draw', () => {
    const dev = device();
    instanced(dev);
    dev.SetStreamSource(1, null, 0, 0);
    expect(dev.DrawIndexedPrimitive(D3DPT.TRIANGLELIST, 0, 0, 4, 0, 2)).toBe(D3DERR.INVALIDCALL);
  });
});

describe('state blocks', () => {
  it('ALL and VERTEXSTATE hold the declaration and the stream frequencies; PIXELSTATE neither', () => {
    const dev = device();
    const a = dev.CreateVertexDeclaration([e(0, 0, T.FLOAT3, U.POSITION), END]).vertexDeclaration!;
    const b = dev.CreateVertexDeclaration([e(0, 0, T.FLOAT4, U.POSITIONT), END]).vertexDeclaration!;
    for (const [type, holds] of [[D3DSBT.ALL, true], [D3DSBT.VERTEXSTATE, true], [D3DSBT.PIXELSTATE, false]] as const) {
      dev.SetVertexDeclaration(a);
      dev.SetStreamSourceFreq(1, 3);
      const sb = dev.CreateStateBlock(type).stateBlock!;
      dev.SetVertexDeclaration(b);
      dev.SetStreamSourceFreq(1, 5);
      sb.Apply();
      expect(dev.GetVertexDeclaration().vertexDeclaration).toBe(holds ? a : b);
      expect(dev.GetFVF().fvf).toBe(holds ? D3DFVF.XYZ : D3DFVF.XYZRHW);
      expect(dev.GetStreamSourceFreq(1).setting).toBe(holds ? 3 : 5);
    }
  });

  it('a recorded block holds SetVertexDeclaration and SetStreamSourceFreq without changing the device', () => {
    const dev = device();
    const a = dev.CreateVertexDeclaration([e(0, 0, T.FLOAT3, U.POSITION), END]).vertexDeclaration!;
    dev.BeginStateBlock();
    dev.SetVertexDeclaration(a);
    dev.SetStreamSourceFreq(2, 7);
    const sb = dev.EndStateBlock().stateBlock!;
    expect(dev.GetVertexDeclaration().vertexDeclaration).toBeUndefined();
    expect(dev.GetStreamSourceFreq(2).setting).toBe(1);
    sb.Apply();
    expect(dev.GetVertexDeclaration().vertexDeclaration).toBe(a);
    expect(dev.GetStreamSourceFreq(2).setting).toBe(7);
  });
});
