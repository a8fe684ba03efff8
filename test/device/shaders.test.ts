/**
 * Shader objects and shader constants on the device, with the expectations Windows validated
 * (Wine dlls/d3d9/tests: device.c test_shader (GetFunction: the size for NULL, INVALIDCALL for a
 * buffer too small, the size left as given), test_vertex_shader_constant and
 * test_pixel_shader_constant (the last register accepted, the first past it and a count running
 * over it refused), stateblock.c (shaders and constants are state-block members, a Get while
 * recording reads the device's state)). Draws with shaders bound run them (more in shader-draw.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DCLEAR, D3DCREATE, D3DERR, D3DFVF, D3DPT, D3DSBT, D3D_OK, MAX_SHADER_DWORDS } from '../../src/d3d9/index.js';
import { listenForNotes } from '../../src/device/notes.js';
import type { DeviceNote } from '../../src/device/notes.js';
import type { IDirect3DPixelShader9, IDirect3DStateBlock9, IDirect3DVertexShader9 } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

/** vs_1_1: dcl_position v0; dp4 oPos.x..w, v0, c0..c3 (the shape of Wine device.c's simple_vs) */
export const SIMPLE_VS = new Uint32Array([
  0xfffe0101,
  0x0000001f, 0x80000000, 0x900f0000,
  0x00000009, 0xc0010000, 0x90e40000, 0xa0e40000,
  0x00000009, 0xc0020000, 0x90e40000, 0xa0e40001,
  0x00000009, 0xc0040000, 0x90e40000, 0xa0e40002,
  0x00000009, 0xc0080000, 0x90e40000, 0xa0e40003,
  0x0000ffff,
]);
/** ps_1_1: def c1, 1, 0, 0, 0; tex t0; dp3 r0, c1, c0 */
export const SIMPLE_PS = new Uint32Array([
  0xffff0101,
  0x00000051, 0xa00f0001, 0x3f800000, 0x00000000, 0x00000000, 0x00000000,
  0x00000042, 0xb00f0000,
  0x00000008, 0x800f0000, 0xa0e40001, 0xa0e40000,
  0x0000ffff,
]);
/** ps_3_0: a comment holding 0x0000ffff, then mov oC0, c0 (instruction length in bits 24-27) */
const PS_30 = new Uint32Array([0xffff0300, 0x0002fffe, 0x0000ffff, 0x12345678, 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff]);

const HW = D3DCREATE.HARDWARE_VERTEXPROCESSING;
const SW = D3DCREATE.SOFTWARE_VERTEXPROCESSING;
function device(flags: number = HW): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: 16, BackBufferHeight: 8 }).device as Device;
}
const words = (...w: number[]): Uint32Array => new Uint32Array(w);

describe('CreateVertexShader and CreatePixelShader check the token stream', () => {
  const dev = device();
  const rows: ReadonlyArray<[string, 'vs' | 'ps', Uint32Array | null, number]> = [
    ['NULL', 'vs', null, D3DERR.INVALIDCALL],
    ['vs_1_1', 'vs', SIMPLE_VS, D3D_OK],
    ['ps_1_1', 'ps', SIMPLE_PS, D3D_OK],
    ['a pixel shader given to CreateVertexShader', 'vs', SIMPLE_PS, D3DERR.INVALIDCALL],
    ['a vertex shader given to CreatePixelShader', 'ps', SIMPLE_VS, D3DERR.INVALIDCALL],
    ['vs_2_0', 'vs', words(0xfffe0200, 0x0000ffff), D3D_OK],
    ['vs_2_x', 'vs', words(0xfffe0201, 0x0000ffff), D3D_OK],
    ['vs_3_0', 'vs', words(0xfffe0300, 0x0000ffff), D3D_OK],
    ['ps_1_4', 'ps', words(0xffff0104, 0x0000ffff), D3D_OK],
    ['ps_2_0', 'ps', words(0xffff0200, 0x0000ffff), D3D_OK],
    ['ps_3_0 with a comment holding the end token', 'ps', PS_30, D3D_OK],
    // versions D3D9 does not define, or above 3.0 (a SM3 device refuses them: D3DERR_INVALIDCALL)
    ['vs_1_0', 'vs', words(0xfffe0100, 0x0000ffff), D3DERR.INVALIDCALL],
    ['vs_4_0', 'vs', words(0xfffe0400, 0x0000ffff), D3DERR.INVALIDCALL],
    ['ps_1_5', 'ps', words(0xffff0105, 0x0000ffff), D3DERR.INVALIDCALL],
    ['ps_4_0', 'ps', words(0xffff0400, 0x0000ffff), D3DERR.INVALIDCALL],
    ['no version token', 'vs', words(0x0000ffff), D3DERR.INVALIDCALL],
    ['no end token', 'vs', SIMPLE_VS.subarray(0, SIMPLE_VS.length - 1), D3DERR.INVALIDCALL],
    // def's literal 0x0000ffff is data, not the end
    ['an end token only inside a def literal', 'ps', words(0xffff0101, 0x00000051, 0xa00f0000, 0x0000ffff, 0, 0, 0), D3DERR.INVALIDCALL],
  ];
  it.each(rows)('%s', (_what, kind, tokens, want) => {
    const hr = kind === 'vs' ? dev.CreateVertexShader(tokens).hr : dev.CreatePixelShader(tokens).hr;
    expect(hr >>> 0).toBe(want >>> 0);
  });

  it('accepts up to 3.0, the version the caps report (D3DVS_VERSION(3, 0), D3DPS_VERSION(3, 0))', () => {
    expect([dev.caps.VertexShaderVersion, dev.caps.PixelShaderVersion]).toEqual([0xfffe0300, 0xffff0300]);
  });

  it('refuses a stream without an end token within the bound, and reads no further', () => {
    const long = new Uint32Array(MAX_SHADER_DWORDS + 8);
    long[0] = 0xfffe0300;
    long[long.length - 1] = 0x0000ffff;
    expect(dev.CreateVertexShader(long).hr).toBe(D3DERR.INVALIDCALL);
  });
});

describe('IDirect3DVertexShader9 and IDirect3DPixelShader9', () => {
  const dev = device();
  // trailing words after the end token are not part of the shader
  const vs = dev.CreateVertexShader(new Uint32Array([...SIMPLE_VS, 0xdeadbeef])).vertexShader!;
  const size = SIMPLE_VS.byteLength;

  it('GetFunction with NULL reports the size of the tokens through the end token', () => {
    expect(vs.GetFunction(false, 0)).toEqual({ hr: D3D_OK, data: null, sizeOfData: size });
  });
  it('GetFunction into a buffer one byte too small is D3DERR_INVALIDCALL', () => {
    expect(vs.GetFunction(true, size - 1)).toEqual({ hr: D3DERR.INVALIDCALL });
  });
  it('GetFunction copies the tokens and leaves *pSizeOfData as given', () => {
    const exact = vs.GetFunction(true, size);
    expect(exact.hr).toBe(D3D_OK);
    expect(new Uint32Array(exact.data!.buffer.slice(0))).toEqual(SIMPLE_VS);
    expect(exact.sizeOfData).toBe(size);
    expect(vs.GetFunction(true, size + 100).sizeOfData).toBe(size + 100);
  });
  it('GetDevice hands back the device, AddRef\'d', () => {
    const before = dev.refCount;
    expect(vs.GetDevice().device).toBe(dev);
    expect(dev.refCount).toBe(before + 1);
    dev.Release();
  });
  it('a pixel shader answers the same way', () => {
    const ps = dev.CreatePixelShader(SIMPLE_PS).pixelShader!;
    expect(ps.GetFunction(false, 0).sizeOfData).toBe(SIMPLE_PS.byteLength);
    expect(new Uint32Array(ps.GetFunction(true, 1000).data!.buffer.slice(0))).toEqual(SIMPLE_PS);
  });
});

describe('SetVertexShader and SetPixelShader', () => {
  it('no shader is bound at first; Get returns the one set, AddRef\'d; NULL unbinds', () => {
    const dev = device();
    expect(dev.GetVertexShader()).toEqual({ hr: D3D_OK, vertexShader: null });
    expect(dev.GetPixelShader()).toEqual({ hr: D3D_OK, pixelShader: null });
    const vs = dev.CreateVertexShader(SIMPLE_VS).vertexShader!;
    const ps = dev.CreatePixelShader(SIMPLE_PS).pixelShader!;
    expect(dev.SetVertexShader(vs)).toBe(D3D_OK);
    expect(dev.SetPixelShader(ps)).toBe(D3D_OK);
    expect(dev.GetVertexShader().vertexShader).toBe(vs);
    expect(vs.Release()).toBe(1);
    expect(dev.GetPixelShader().pixelShader).toBe(ps);
    expect(ps.Release()).toBe(1);
    expect(dev.SetVertexShader(null)).toBe(D3D_OK);
    expect(dev.GetVertexShader().vertexShader).toBeNull();
  });

  it('the FVF or declaration and the vertex shader are separate state: setting one leaves the other', () => {
    const dev = device();
    const vs = dev.CreateVertexShader(SIMPLE_VS).vertexShader!;
    dev.SetFVF(D3DFVF.XYZ);
    dev.SetVertexShader(vs);
    expect(dev.GetFVF().fvf).toBe(D3DFVF.XYZ);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    expect(dev.GetVertexShader().vertexShader).toBe(vs);
    dev.SetVertexDeclaration(null);
    expect(dev.GetVertexShader().vertexShader).toBe(vs);
  });
});

type Stage = 'Vertex' | 'Pixel';
type Ty = 'F' | 'I' | 'B';
function setC(dev: Device, stage: Stage, t: Ty, start: number, data: ArrayBufferView | null, count: number): number {
  return (dev as unknown as Record<string, (s: number, d: ArrayBufferView | null, c: number) => number>)[`Set${stage}ShaderConstant${t}`](start, data, count);
}
function getC(dev: Device, stage: Stage, t: Ty, start: number, count: number): { hr: number; constantData?: Float32Array | Int32Array | Uint32Array } {
  return (dev as unknown as Record<string, (s: number, c: number) => { hr: number; constantData?: Float32Array }>)[`Get${stage}ShaderConstant${t}`](start, count);
}
const dataFor = (t: Ty, count: number): ArrayBufferView => (t === 'B' ? new Uint32Array(count).fill(1) : t === 'I' ? new Int32Array(count * 4).fill(-3) : new Float32Array(count * 4).fill(0.5));

describe('shader constant register ranges', () => {
  // [stage, type, device, registers]: test_vertex_shader_constant (MaxVertexShaderConst 256 on a hardware
  // device, 8192 with software vertex processing), test_pixel_shader_constant (224 for ps_3_0), 16 integer
  // and 16 boolean registers per vs_3_0/ps_3_0 (2048 for software vertex shaders)
  const rows: ReadonlyArray<[Stage, Ty, number, number]> = [
    ['Vertex', 'F', HW, 256], ['Vertex', 'I', HW, 16], ['Vertex', 'B', HW, 16],
    ['Vertex', 'F', SW, 8192], ['Vertex', 'I', SW, 2048], ['Vertex', 'B', SW, 2048],
    ['Pixel', 'F', HW, 224], ['Pixel', 'I', HW, 16], ['Pixel', 'B', HW, 16],
    ['Pixel', 'F', SW, 224],
  ];
  it.each(rows.map(([st, t, flags, n]) => [st, t, flags === HW ? 'hardware' : 'software', n, flags] as const))('%s %s, %s vertex processing: %s registers', (stage, t, _how, n, flags) => {
    const dev = device(flags);
    expect(setC(dev, stage, t, 0, dataFor(t, 1), 1)).toBe(D3D_OK);
    expect(setC(dev, stage, t, n - 1, dataFor(t, 1), 1)).toBe(D3D_OK);
    expect(setC(dev, stage, t, n, dataFor(t, 1), 1)).toBe(D3DERR.INVALIDCALL);
    expect(setC(dev, stage, t, n + 1, dataFor(t, 1), 1)).toBe(D3DERR.INVALIDCALL);
    expect(setC(dev, stage, t, n - 1, dataFor(t, 4), 4)).toBe(D3DERR.INVALIDCALL);
    expect(setC(dev, stage, t, 0xffffffff, dataFor(t, 1), 1)).toBe(D3DERR.INVALIDCALL);
    expect(getC(dev, stage, t, n - 1, 1).hr).toBe(D3D_OK);
    expect(getC(dev, stage, t, n, 1).hr).toBe(D3DERR.INVALIDCALL);
    expect(getC(dev, stage, t, n - 1, 2).hr).toBe(D3DERR.INVALIDCALL);
  });

  it('NULL data, or data shorter than the count, is refused (replay9: Windows would read past the array)', () => {
    const dev = device();
    expect(dev.SetVertexShaderConstantF(0, null, 1)).toBe(D3DERR.INVALIDCALL);
    expect(dev.SetVertexShaderConstantF(0, new Float32Array(7), 2)).toBe(D3DERR.INVALIDCALL);
  });

  it('Get returns what Set stored, bit for bit, and 0 where nothing was set', () => {
    const dev = device();
    const f = new Uint32Array([0x3f800000, 0x80000000, 0x7fc00123, 0xff800000]);
    expect(dev.SetVertexShaderConstantF(10, f, 1)).toBe(D3D_OK);
    expect(new Uint32Array(dev.GetVertexShaderConstantF(9, 3).constantData!.buffer)).toEqual(new Uint32Array([0, 0, 0, 0, ...f, 0, 0, 0, 0]));
    dev.SetPixelShaderConstantI(2, new Int32Array([1, -2, 3, -4, 5, 6, 7, 8]), 2);
    expect(Array.from(dev.GetPixelShaderConstantI(2, 2).constantData!)).toEqual([1, -2, 3, -4, 5, 6, 7, 8]);
    dev.SetVertexShaderConstantB(0, new Uint32Array([1, 0, 1]), 3);
    expect(Array.from(dev.GetVertexShaderConstantB(0, 4).constantData!)).toEqual([1, 0, 1, 0]);
    // the two stages keep their own registers
    expect(Array.from(dev.GetPixelShaderConstantF(10, 1).constantData!)).toEqual([0, 0, 0, 0]);
  });
});

describe('state blocks hold shaders and constants', () => {
  function scene(): { dev: Device; vs: IDirect3DVertexShader9; ps: IDirect3DPixelShader9; vs2: IDirect3DVertexShader9; ps2: IDirect3DPixelShader9 } {
    const dev = device();
    const vs = dev.CreateVertexShader(SIMPLE_VS).vertexShader!;
    const ps = dev.CreatePixelShader(SIMPLE_PS).pixelShader!;
    const vs2 = dev.CreateVertexShader(SIMPLE_VS).vertexShader!;
    const ps2 = dev.CreatePixelShader(SIMPLE_PS).pixelShader!;
    dev.SetVertexShader(vs);
    dev.SetPixelShader(ps);
    dev.SetVertexShaderConstantF(5, new Float32Array([1, 2, 3, 4]), 1);
    dev.SetPixelShaderConstantF(5, new Float32Array([5, 6, 7, 8]), 1);
    dev.SetVertexShaderConstantB(1, new Uint32Array([1]), 1);
    dev.SetPixelShaderConstantI(1, new Int32Array([9, 9, 9, 9]), 1);
    return { dev, vs, ps, vs2, ps2 };
  }
  /** Changes everything, applies the block, and reports which of the vertex and pixel parts came back. */
  function restored(dev: Device, sb: IDirect3DStateBlock9, vs2: IDirect3DVertexShader9, ps2: IDirect3DPixelShader9): string[] {
    dev.SetVertexShader(vs2);
    dev.SetPixelShader(ps2);
    dev.SetVertexShaderConstantF(5, new Float32Array(4), 1);
    dev.SetPixelShaderConstantF(5, new Float32Array(4), 1);
    dev.SetVertexShaderConstantB(1, new Uint32Array([0]), 1);
    dev.SetPixelShaderConstantI(1, new Int32Array(4), 1);
    expect(sb.Apply()).toBe(D3D_OK);
    const back: string[] = [];
    if (dev.GetVertexShader().vertexShader !== vs2) back.push('vertex shader');
    if (dev.GetVertexShaderConstantF(5, 1).constantData![0] === 1) back.push('vs float');
    if (dev.GetVertexShaderConstantB(1, 1).constantData![0] === 1) back.push('vs bool');
    if (dev.GetPixelShader().pixelShader !== ps2) back.push('pixel shader');
    if (dev.GetPixelShaderConstantF(5, 1).constantData![0] === 5) back.push('ps float');
    if (dev.GetPixelShaderConstantI(1, 1).constantData![0] === 9) back.push('ps int');
    return back;
  }
  const rows: ReadonlyArray<[string, number, string[]]> = [
    ['D3DSBT_ALL', D3DSBT.ALL, ['vertex shader', 'vs float', 'vs bool', 'pixel shader', 'ps float', 'ps int']],
    ['D3DSBT_VERTEXSTATE', D3DSBT.VERTEXSTATE, ['vertex shader', 'vs float', 'vs bool']],
    ['D3DSBT_PIXELSTATE', D3DSBT.PIXELSTATE, ['pixel shader', 'ps float', 'ps int']],
  ];
  it.each(rows)('%s', (_what, type, want) => {
    const { dev, vs2, ps2 } = scene();
    const sb = dev.CreateStateBlock(type).stateBlock!;
    expect(restored(dev, sb, vs2, ps2)).toEqual(want);
  });

  it('a recorded block holds what was set while recording, which leaves the device and its getters as they were', () => {
    const { dev, vs, vs2, ps2 } = scene();
    dev.BeginStateBlock();
    dev.SetVertexShader(vs2);
    dev.SetVertexShaderConstantF(6, new Float32Array([7, 7, 7, 7]), 1);
    expect(dev.GetVertexShader().vertexShader).toBe(vs);
    expect(dev.GetVertexShaderConstantF(6, 1).constantData![0]).toBe(0);
    const sb = dev.EndStateBlock().stateBlock!;
    dev.SetVertexShader(vs);
    dev.SetPixelShader(ps2);
    sb.Apply();
    expect(dev.GetVertexShader().vertexShader).toBe(vs2);
    expect(dev.GetVertexShaderConstantF(6, 1).constantData![0]).toBe(7);
    // not recorded: left alone
    expect(dev.GetPixelShader().pixelShader).toBe(ps2);
    expect(dev.GetVertexShaderConstantF(5, 1).constantData![0]).toBe(1);
  });

  it('Capture takes the device\'s current shader and constants into the held entries', () => {
    const { dev, vs, vs2 } = scene();
    dev.BeginStateBlock();
    dev.SetVertexShader(vs2);
    dev.SetVertexShaderConstantF(5, new Float32Array(4), 1);
    const sb = dev.EndStateBlock().stateBlock!;
    dev.SetVertexShaderConstantF(5, new Float32Array([3, 3, 3, 3]), 1);
    expect(sb.Capture()).toBe(D3D_OK);
    dev.SetVertexShader(null);
    dev.SetVertexShaderConstantF(5, new Float32Array(4), 1);
    sb.Apply();
    expect(dev.GetVertexShader().vertexShader).toBe(vs);
    expect(dev.GetVertexShaderConstantF(5, 1).constantData![0]).toBe(3);
  });
});

describe('a draw with a shader bound', () => {
  const verts = new Float32Array([0, 0, 0.5, 1, 16, 0, 0.5, 1, 0, 8, 0.5, 1, 16, 8, 0.5, 1]);
  function drawWith(bind: (dev: Device) => void): { hr: number; notes: DeviceNote[]; pixels: Uint8Array; before: Uint8Array } {
    const dev = device();
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff202020, 1, 0);
    const before = dev.backBuffer.data.slice();
    dev.SetFVF(D3DFVF.XYZRHW);
    dev.SetRenderState(137, 0); // lighting off
    bind(dev);
    const notes: DeviceNote[] = [];
    const hr = listenForNotes((n) => notes.push(n), () => dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, verts, 16));
    return { hr, notes, pixels: dev.backBuffer.data, before };
  }

  it('draws (fixed function) without one, which shows the quad changes the target', () => {
    const r = drawWith(() => {});
    expect(r.hr).toBe(D3D_OK);
    expect(r.notes).toEqual([]);
    expect(Buffer.compare(Buffer.from(r.pixels), Buffer.from(r.before))).not.toBe(0);
  });
  // XYZRHW vertices skip the vertex shader (D3DDECLUSAGE_POSITIONT: no vertex processing) and, with no DIFFUSE, are white;
  // SIMPLE_PS gives dp3(c1, c0) = 0 in every channel with c0 left 0 (X8R8G8B8 stores its X byte as 0xff)
  it.each([['vertex', 0xffffffff], ['pixel', 0xff000000], ['both', 0xff000000]])('with %s: D3D_OK, drawn, no note', (which, want) => {
    const r = drawWith((dev) => {
      if (which !== 'pixel') dev.SetVertexShader(dev.CreateVertexShader(SIMPLE_VS).vertexShader!);
      if (which !== 'vertex') dev.SetPixelShader(dev.CreatePixelShader(SIMPLE_PS).pixelShader!);
    });
    expect(r.hr).toBe(D3D_OK);
    expect(r.notes).toEqual([]);
    const at = 4 * 16 + 8 * 4;
    expect(new DataView(r.pixels.buffer, r.pixels.byteOffset).getUint32(at, true) >>> 0).toBe(want);
  });
  it('is still refused for what D3D9 refuses (an unknown primitive type)', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZRHW);
    dev.SetVertexShader(dev.CreateVertexShader(SIMPLE_VS).vertexShader!);
    expect(dev.DrawPrimitiveUP(0, 1, verts, 16)).toBe(D3DERR.INVALIDCALL);
  });
});

describe('creation runs the bytecode validator (src/shader)', () => {
  // vs_2_0: mov rN, v0 — vs_2_0 has r0..r11
  const movTemp = (r: number): Uint32Array => words(0xfffe0200, 0x02000001, 0x800f0000 | r, 0x90e40000, 0x0000ffff);
  // vs_2_0: mov r0, cN — 256 float constants with hardware vertex processing, 8192 with software
  const movConst = (c: number): Uint32Array => words(0xfffe0200, 0x02000001, 0x800f0000, 0xa0e40000 | c, 0x0000ffff);

  it('refuses a register its version does not have, with a note saying which, and takes the last one it has', () => {
    const dev = device();
    expect(dev.CreateVertexShader(movTemp(11)).hr).toBe(D3D_OK);
    const notes: DeviceNote[] = [];
    expect(listenForNotes((n) => notes.push(n), () => dev.CreateVertexShader(movTemp(12)).hr)).toBe(D3DERR.INVALIDCALL);
    expect(notes.map((n) => n.kind)).toEqual(['invalid-shader']);
    expect(notes[0].message).toMatch(/r12/);
  });

  it('takes c300 on a software vertex processing device only', () => {
    expect(device(HW).CreateVertexShader(movConst(255)).hr).toBe(D3D_OK);
    expect(device(HW).CreateVertexShader(movConst(300)).hr).toBe(D3DERR.INVALIDCALL);
    expect(device(SW).CreateVertexShader(movConst(300)).hr).toBe(D3D_OK);
  });

  it('refuses an instruction whose length field disagrees with its parameters', () => {
    // mov with a length of 3 DWORDs but 2 parameters before the end token
    expect(device().CreateVertexShader(words(0xfffe0200, 0x03000001, 0x800f0000, 0x90e40000, 0x0000ffff)).hr).toBe(D3DERR.INVALIDCALL);
  });
});
