/**
 * The five capture programs (test/fixtures/capture/src/*.c) redone on our device, call for call,
 * with the same assembled shaders: the pixels they read back under Wine (wined3d on llvmpipe,
 * NAME.expected.txt) must match ours within 1 per channel. Until .trace files are imported this
 * is how the captures check the renderer. (Wine's renderer is a witness here, not Windows.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import {
  D3DBACKBUFFER_TYPE, D3DCLEAR, D3DCMP, D3DCREATE, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DPOOL, D3DPT, D3DRS,
  D3DSAMP, D3DTEXF, D3DTSS, D3DUSAGE, D3DZB, D3D_OK,
} from '../../src/d3d9/index.js';
import type { IDirect3DSurface9, IDirect3DTexture9 } from '../../src/device/types.js';
import { assemble } from '../../src/shader/index.js';
import { PP } from '../fixtures/every-command.js';
import { colorMatch } from '../device/wine-visual-rig.js';
import { parseExpected } from './expected.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'capture');
const asm = (file: string): Uint32Array => {
  const r = assemble(readFileSync(join(DIR, 'src', file), 'utf8'));
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return r.tokens;
};
const f32bits = (f: number): number => new Uint32Array(Float32Array.of(f).buffer)[0];

function device(depth: boolean): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, D3DCREATE.HARDWARE_VERTEXPROCESSING, {
    ...PP, BackBufferWidth: 64, BackBufferHeight: 64, EnableAutoDepthStencil: depth,
  }).device as Device;
}

function setup(dev: Device, name: string, elements: Array<[number, number, number, number]>, shaders: string[] = ['vs', 'ps']): void {
  const decl = dev.CreateVertexDeclaration([
    ...elements.map(([Offset, Type, Usage, UsageIndex]) => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex })), D3DDECL_END,
  ]).vertexDeclaration!;
  expect(dev.SetVertexDeclaration(decl)).toBe(D3D_OK);
  expect(dev.SetVertexShader(dev.CreateVertexShader(asm(`${name}.${shaders[0]}.asm`)).vertexShader!)).toBe(D3D_OK);
  expect(dev.SetPixelShader(dev.CreatePixelShader(asm(`${name}.${shaders[1]}.asm`)).pixelShader!)).toBe(D3D_OK);
}

function texture(dev: Device, w: number, h: number, format: number, bytes: Uint8Array): IDirect3DTexture9 {
  const t = dev.CreateTexture(w, h, 1, 0, format, D3DPOOL.MANAGED).texture!;
  const lock = t.LockRect(0, null, 0).lockedRect!;
  const row = bytes.length / h;
  for (let y = 0; y < h; y++) (lock.pBits as Uint8Array).set(bytes.subarray(y * row, (y + 1) * row), y * lock.Pitch);
  t.UnlockRect(0);
  return t;
}

const bytes = (a: Uint32Array | Uint16Array | Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Reads the surfaces through a SYSTEMMEM copy, as the programs do, and compares with NAME.expected.txt. */
function compare(dev: Device, name: string, surfaces: Record<string, IDirect3DSurface9>): void {
  const want = parseExpected(readFileSync(join(DIR, `${name}.expected.txt`), 'utf8'));
  const got = want.map((p) => {
    const s = surfaces[p.surface];
    const mem = dev.CreateOffscreenPlainSurface(64, 64, s.GetDesc().desc!.Format, D3DPOOL.SYSTEMMEM, null).surface!;
    expect(dev.GetRenderTargetData(s, mem)).toBe(D3D_OK);
    const lock = mem.LockRect(null, 0).lockedRect!;
    const bits = lock.pBits as Uint8Array;
    const c = new DataView(bits.buffer, bits.byteOffset).getUint32(p.y * lock.Pitch + 4 * p.x, true) >>> 0;
    mem.UnlockRect();
    const v = p.alpha ? c : c & 0xffffff;
    const ok = colorMatch(v, p.value, 1) && (!p.alpha || Math.abs((v >>> 24) - (p.value >>> 24)) <= 1);
    return `${p.surface} ${p.x} ${p.y} ${(ok ? p.value : v).toString(16).padStart(p.alpha ? 8 : 6, '0')}`;
  });
  expect(got).toEqual(want.map((p) => `${p.surface} ${p.x} ${p.y} ${p.value.toString(16).padStart(p.alpha ? 8 : 6, '0')}`));
}

const backbuffer = (dev: Device): IDirect3DSurface9 => dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE.MONO).surface!;

describe('the capture programs on our device give the pixels they read under Wine', () => {
  it('sm1_texbem: stripes shifted one column by texbem in the bottom half', () => {
    const dev = device(false);
    setup(dev, 'sm1_texbem', [[0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITION, 0], [16, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD, 0]]);
    const stripes = new Uint32Array(16).map((_, i) => [0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff][i & 3]);
    dev.SetTexture(0, texture(dev, 1, 2, D3DFMT.V8U8, bytes(Uint16Array.of(0x0000, 0x0020))));
    dev.SetTexture(1, texture(dev, 4, 4, D3DFMT.A8R8G8B8, bytes(stripes)));
    for (const s of [0, 1]) {
      dev.SetSamplerState(s, D3DSAMP.MINFILTER, D3DTEXF.POINT);
      dev.SetSamplerState(s, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
      dev.SetSamplerState(s, D3DSAMP.MIPFILTER, D3DTEXF.NONE);
    }
    [[D3DTSS.BUMPENVMAT00, 1], [D3DTSS.BUMPENVMAT01, 0], [D3DTSS.BUMPENVMAT10, 0], [D3DTSS.BUMPENVMAT11, 1]].forEach(([t, v]) => dev.SetTextureStageState(1, t, f32bits(v)));
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff202020, 1, 0);
    const quad = Float32Array.of(-1, 1, 0.5, 1, 0, 0, 1, 1, 0.5, 1, 1, 0, -1, -1, 0.5, 1, 0, 1, 1, -1, 0.5, 1, 1, 1);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24)).toBe(D3D_OK);
    compare(dev, 'sm1_texbem', { backbuffer: backbuffer(dev) });
  });

  it('sm2_lit: the per-pixel Lambert falloff over the checker', () => {
    const dev = device(false);
    setup(dev, 'sm2_lit', [[0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION, 0], [12, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.NORMAL, 0], [24, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD, 0]]);
    dev.SetTexture(0, texture(dev, 2, 2, D3DFMT.A8R8G8B8, bytes(Uint32Array.of(0xffffffff, 0xffff8000, 0xffff8000, 0xffffffff))));
    dev.SetSamplerState(0, D3DSAMP.MINFILTER, D3DTEXF.POINT);
    dev.SetSamplerState(0, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
    dev.SetSamplerState(0, D3DSAMP.MIPFILTER, D3DTEXF.NONE);
    dev.SetVertexShaderConstantF(0, Float32Array.of(0.75, 0, 0, 0, 0, 0.75, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1), 4);
    dev.SetPixelShaderConstantF(0, Float32Array.of(0, 0, -1, 0, 0.9, 0.9, 0.9, 0, 0, 0, 0, 0, 0.1, 0.1, 0.1, 0), 4);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff000040, 1, 0);
    const quad = Float32Array.of(
      -1, 1, 0.5, -0.8, 0, -0.6, 0, 0, 1, 1, 0.5, 0.8, 0, -0.6, 1, 0,
      -1, -1, 0.5, -0.8, 0, -0.6, 0, 1, 1, -1, 0.5, 0.8, 0, -0.6, 1, 1,
    );
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 32)).toBe(D3D_OK);
    compare(dev, 'sm2_lit', { backbuffer: backbuffer(dev) });
  });

  it('sm3_loop: loops in both shaders, TEXCOORD3 linked from o5 to v2', () => {
    const dev = device(false);
    setup(dev, 'sm3_loop', [[0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITION, 0], [16, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR, 0]]);
    dev.SetVertexShaderConstantF(20, Float32Array.of(0.1, 0, 0, 0.1, 0.1, 0.1, 0, 0.05, 0, 0.1, 0.1, 0.05, 0.1, 0, 0, 0.05), 4);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff404040, 1, 0);
    const v = new Float32Array(20);
    const u = new Uint32Array(v.buffer);
    [[-1, 1, 0xffffffff], [1, 1, 0xffff0000], [-1, -1, 0xff00ff00], [1, -1, 0xff0000ff]].forEach(([x, y, c], i) => { v.set([x, y, 0.5, 1], 5 * i); u[5 * i + 4] = c; });
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 20)).toBe(D3D_OK);
    compare(dev, 'sm3_loop', { backbuffer: backbuffer(dev) });
  });

  it('mrt: oC0 to the back buffer, oC1 to a render-target texture, both cleared by one Clear', () => {
    const dev = device(false);
    setup(dev, 'mrt', [[0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITION, 0], [16, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR, 0]]);
    const rt1 = dev.CreateTexture(64, 64, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!.GetSurfaceLevel(0).surface!;
    expect(dev.SetRenderTarget(1, rt1)).toBe(D3D_OK);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0x80102030, 1, 0);
    for (const [x0, x1, c] of [[-0.75, 0, 0xffff0000], [0, 0.75, 0xff3080c0]]) {
      const v = new Float32Array(20);
      const u = new Uint32Array(v.buffer);
      [[x0, 0.75], [x1, 0.75], [x0, -0.75], [x1, -0.75]].forEach(([x, y], i) => { v.set([x, y, 0.5, 1], 5 * i); u[5 * i + 4] = c; });
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 20)).toBe(D3D_OK);
    }
    compare(dev, 'mrt', { backbuffer: backbuffer(dev), rt1 });
  });

  it('texkill_odepth: the killed left half, oDepth against the second pass', () => {
    const dev = device(true);
    setup(dev, 'texkill_odepth', [[0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITION, 0]]);
    const ps2 = dev.CreatePixelShader(asm('texkill_odepth.ps2.asm')).pixelShader!;
    dev.SetRenderState(D3DRS.ZENABLE, D3DZB.TRUE);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESSEQUAL);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff000000, 1, 0);
    const quad = Float32Array.of(-1, 1, 0.5, 1, 1, 1, 0.5, 1, -1, -1, 0.5, 1, 1, -1, 0.5, 1);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 16)).toBe(D3D_OK);
    dev.SetPixelShader(ps2);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 16)).toBe(D3D_OK);
    compare(dev, 'texkill_odepth', { backbuffer: backbuffer(dev) });
  });
});
