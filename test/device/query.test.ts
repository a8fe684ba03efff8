/**
 * Queries on the emulated device. Windows-validated expectations come from Wine's
 * dlls/d3d9/tests/device.c (test_query_support, test_occlusion_query, test_timestamp_query), named
 * per case; occlusion counts are derived from D3D9's rasterization rules (pixel centres at integer
 * screen coordinates, the top-left fill rule) and the per-sample order alpha test → stencil → depth.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Query } from '../../src/device/query.js';
import {
  D3DCLEAR, D3DCMP, D3DCULL, D3DERR, D3DFMT, D3DFVF, D3DGETDATA, D3DISSUE, D3DMULTISAMPLE, D3DPT, D3DQUERYTYPE as Q, D3DRS, D3D_OK,
  D3DSTENCILOP, D3DTA, D3DTOP, D3DTSS, GPU_CLOCK, HR,
} from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const W = 16;
const H = 8;
const FLUSH = D3DGETDATA.FLUSH;

function device(): Device {
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, BackBufferWidth: W, BackBufferHeight: H }).device as Device;
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER | D3DCLEAR.STENCIL, 0xff000000, 1, 0);
  return dev;
}

function query(dev: Device, type: number): Query {
  const r = dev.CreateQuery(type);
  expect(r.hr).toBe(D3D_OK);
  return r.query as Query;
}

/** XYZRHW + DIFFUSE vertices: [x, y, z, colour] each. */
function vertices(points: ReadonlyArray<readonly [number, number, number, number]>): Uint8Array {
  const b = new ArrayBuffer(points.length * 20);
  const f = new Float32Array(b);
  const u = new Uint32Array(b);
  points.forEach(([x, y, z, c], i) => {
    f[i * 5] = x; f[i * 5 + 1] = y; f[i * 5 + 2] = z; f[i * 5 + 3] = 1; u[i * 5 + 4] = c >>> 0;
  });
  return new Uint8Array(b);
}

/** A rect [x0, x1) × [y0, y1) in screen coordinates as a two-triangle strip. */
function rect(dev: Device, x0: number, y0: number, x1: number, y1: number, z = 0.5, color = 0xffffffff): void {
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, vertices([[x0, y0, z, color], [x1, y0, z, color], [x0, y1, z, color], [x1, y1, z, color]]), 20)).toBe(D3D_OK);
}

/** The samples one draw lets through, read as GetData's DWORD. */
function counted(dev: Device, draw: () => void): number {
  const q = query(dev, Q.OCCLUSION);
  expect(q.Issue(D3DISSUE.BEGIN)).toBe(D3D_OK);
  draw();
  expect(q.Issue(D3DISSUE.END)).toBe(D3D_OK);
  const r = q.GetData(4, FLUSH);
  expect(r.hr).toBe(D3D_OK);
  q.Release();
  return new DataView(r.data!.buffer, r.data!.byteOffset).getUint32(0, true);
}

const u32 = (b: Uint8Array | undefined): number => new DataView(b!.buffer, b!.byteOffset, b!.byteLength).getUint32(0, true);
const hex = (b: Uint8Array | undefined): string => Buffer.from(b ?? []).toString('hex');

describe('CreateQuery: which types the HAL device supports (Wine test_query_support)', () => {
  const dev = device();
  const supported = [Q.EVENT, Q.OCCLUSION, Q.TIMESTAMP, Q.TIMESTAMPDISJOINT, Q.TIMESTAMPFREQ];
  const statistics = [Q.VCACHE, Q.RESOURCEMANAGER, Q.VERTEXSTATS, Q.PIPELINETIMINGS, Q.INTERFACETIMINGS, Q.VERTEXTIMINGS, Q.PIXELTIMINGS, Q.BANDWIDTHTIMINGS, Q.CACHEUTILIZATION, Q.MEMORYPRESSURE];

  it('a NULL ppQuery answers what creating answers, and creates nothing', () => {
    for (const t of [...supported, ...statistics]) {
      const probe = dev.CreateQuery(t, null);
      const made = dev.CreateQuery(t);
      expect(probe.query).toBeUndefined();
      expect(probe.hr).toBe(made.hr);
      expect(made.hr === D3D_OK).toBe(made.query !== undefined);
      made.query?.Release();
    }
  });

  it('EVENT, OCCLUSION and the three timestamp types are supported; the statistics types are NOTAVAILABLE', () => {
    for (const t of supported) expect(dev.CreateQuery(t, null).hr).toBe(D3D_OK);
    for (const t of statistics) expect(dev.CreateQuery(t, null).hr >>> 0).toBe(D3DERR.NOTAVAILABLE);
  });

  it('every value outside D3DQUERYTYPE is NOTAVAILABLE, with or without ppQuery', () => {
    for (let t = 0; t < 40; t++) {
      if ((t >= Q.VCACHE && t <= Q.MEMORYPRESSURE) || t === 0x16) continue;
      expect(dev.CreateQuery(t, null).hr >>> 0).toBe(D3DERR.NOTAVAILABLE);
      const r = dev.CreateQuery(t);
      expect(r.hr >>> 0).toBe(D3DERR.NOTAVAILABLE);
      expect(r.query).toBeUndefined();
    }
  });

  it('GetType, GetDataSize (DWORD for OCCLUSION, UINT64 for TIMESTAMP and TIMESTAMPFREQ, BOOL for TIMESTAMPDISJOINT and EVENT) and GetDevice', () => {
    const sizes: Array<[number, number]> = [[Q.EVENT, 4], [Q.OCCLUSION, 4], [Q.TIMESTAMP, 8], [Q.TIMESTAMPDISJOINT, 4], [Q.TIMESTAMPFREQ, 8]];
    for (const [t, size] of sizes) {
      const q = query(dev, t);
      expect(q.GetType()).toBe(t);
      expect(q.GetDataSize()).toBe(size);
      const before = dev.refCount;
      const r = q.GetDevice();
      expect(r.hr).toBe(D3D_OK);
      expect(r.device).toBe(dev);
      expect(dev.refCount).toBe(before + 1);
      dev.Release();
      expect(q.Release()).toBe(0);
    }
  });
});

describe('GetData (Wine test_occlusion_query, test_timestamp_query)', () => {
  it('before any Issue: S_OK, and the bytes asked for (up to the data size) are 0xdd', () => {
    const dev = device();
    const occ = query(dev, Q.OCCLUSION);
    expect(occ.GetData(0, FLUSH)).toEqual({ hr: D3D_OK });
    expect(hex(occ.GetData(4, FLUSH).data)).toBe('dddddddd');
    const freq = query(dev, Q.TIMESTAMPFREQ);
    expect(hex(freq.GetData(4, FLUSH).data)).toBe('dddddddd');
    const ts = query(dev, Q.TIMESTAMP);
    expect(hex(ts.GetData(8, FLUSH).data)).toBe('dddddddddddddddd');
    const disjoint = query(dev, Q.TIMESTAMPDISJOINT);
    expect(hex(disjoint.GetData(2, FLUSH).data)).toBe('dddd');
    expect(hex(disjoint.GetData(4, FLUSH).data)).toBe('dddddddd');
  });

  it('every order of BEGIN and END is D3D_OK; while a range is open GetData answers S_FALSE and writes nothing', () => {
    const dev = device();
    const q = query(dev, Q.OCCLUSION);
    expect(q.Issue(D3DISSUE.END)).toBe(D3D_OK);
    expect(q.Issue(D3DISSUE.BEGIN)).toBe(D3D_OK);
    expect(q.Issue(D3DISSUE.BEGIN)).toBe(D3D_OK);
    // Windows answers S_FALSE or S_OK with 0 here; the emulated device has no result while a range is open
    expect(q.GetData(4, FLUSH)).toEqual({ hr: HR.S_FALSE });
    expect(q.GetData(0, 0)).toEqual({ hr: HR.S_FALSE });
    expect(q.Issue(D3DISSUE.END)).toBe(D3D_OK);
    expect(q.Issue(D3DISSUE.END)).toBe(D3D_OK);
    const r = q.GetData(4, 0);
    expect(r.hr).toBe(D3D_OK);
    expect(u32(r.data)).toBe(0);
  });

  it('a result is ready right after END, with and without D3DGETDATA_FLUSH', () => {
    const dev = device();
    const ev = query(dev, Q.EVENT);
    expect(ev.Issue(D3DISSUE.END)).toBe(D3D_OK);
    expect(ev.GetData(4, 0)).toEqual({ hr: D3D_OK, data: new Uint8Array([1, 0, 0, 0]) });
    expect(ev.GetData(4, FLUSH)).toEqual({ hr: D3D_OK, data: new Uint8Array([1, 0, 0, 0]) });
  });

  it('a short buffer gets the low bytes only; a longer one the value widened to 8 bytes; size 0 nothing', () => {
    const dev = device();
    const n = W * H;
    const q = query(dev, Q.OCCLUSION);
    q.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, W, H);
    q.Issue(D3DISSUE.END);
    expect(hex(q.GetData(2, FLUSH).data)).toBe(hex(new Uint8Array([n & 0xff, n >> 8])));
    const long = q.GetData(12, FLUSH).data!;
    expect(long.length).toBe(8);
    expect(u32(long)).toBe(n);
    expect(u32(long.subarray(4))).toBe(0);
    expect(q.GetData(0, FLUSH)).toEqual({ hr: D3D_OK });
  });

  it('a range with no draws counts 0 (the 50,000 BEGIN/END loop)', () => {
    const dev = device();
    const q = query(dev, Q.OCCLUSION);
    for (let i = 0; i < 1000; i++) {
      q.Issue(D3DISSUE.BEGIN);
      q.Issue(D3DISSUE.END);
    }
    expect(hex(q.GetData(8, FLUSH).data)).toBe('0000000000000000');
  });

  it('BEGIN on a type without a range is D3D_OK and changes nothing', () => {
    const dev = device();
    for (const t of [Q.TIMESTAMP, Q.EVENT, Q.TIMESTAMPFREQ]) {
      const q = query(dev, t);
      expect(q.Issue(D3DISSUE.BEGIN)).toBe(D3D_OK);
      expect(hex(q.GetData(4, FLUSH).data)).toBe('dddddddd');
    }
  });
});

describe('TIMESTAMP, TIMESTAMPFREQ and TIMESTAMPDISJOINT read a fixed clock', () => {
  it('a fixed frequency, never disjoint, and the clock advances by a fixed cost per draw, clear and Present', () => {
    const dev = device();
    const freq = query(dev, Q.TIMESTAMPFREQ);
    freq.Issue(D3DISSUE.END);
    const f = freq.GetData(8, FLUSH).data!;
    expect(u32(f) + u32(f.subarray(4)) * 2 ** 32).toBe(GPU_CLOCK.FREQUENCY);
    const disjoint = query(dev, Q.TIMESTAMPDISJOINT);
    disjoint.Issue(D3DISSUE.BEGIN);
    const ts = query(dev, Q.TIMESTAMP);
    const stamp = (): number => {
      ts.Issue(D3DISSUE.END);
      const b = ts.GetData(8, 0).data!;
      return u32(b) + u32(b.subarray(4)) * 2 ** 32;
    };
    const t0 = stamp();
    rect(dev, 0, 0, 4, 4);
    const t1 = stamp();
    dev.Clear(0, null, D3DCLEAR.TARGET, 0, 1, 0);
    dev.Present(null, null, null, null);
    const t2 = stamp();
    expect(t1 - t0).toBe(GPU_CLOCK.TICKS_PER_OPERATION);
    expect(t2 - t1).toBe(2 * GPU_CLOCK.TICKS_PER_OPERATION);
    // a failed call does no work
    expect(dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 2, 0) >>> 0).toBe(D3DERR.INVALIDCALL);
    expect(stamp()).toBe(t2);
    disjoint.Issue(D3DISSUE.END);
    expect(disjoint.GetData(4, FLUSH)).toEqual({ hr: D3D_OK, data: new Uint8Array(4) });
  });
});

describe('OCCLUSION counts the samples that pass the stencil and depth tests', () => {
  // pixel centres at integers, top-left rule: a rect [x0, x1) × [y0, y1) with integer edges covers (x1 − x0)(y1 − y0) pixels
  it.each([
    ['the whole target', [0, 0, W, H], W * H],
    ['a 4×3 rect at integer edges', [2, 1, 6, 4], 12],
    ['a 4×3 rect at half-pixel edges (centres 1..4 × 1..3)', [0.5, 0.5, 4.5, 3.5], 12],
    ['a rect narrower than a pixel between two centres', [2.2, 0, 2.8, 4], 0],
    ['a rect clipped by the target', [-4, -4, 2, 2], 4],
  ] as const)('%s', (_name, [x0, y0, x1, y1], expected) => {
    const dev = device();
    expect(counted(dev, () => rect(dev, x0, y0, x1, y1))).toBe(expected);
  });

  it('a right triangle (0,0) (4,0) (0,4): the 10 centres with x + y ≤ 3; the 5 on the hypotenuse, a right edge, are out', () => {
    const dev = device();
    const tri = vertices([[0, 0, 0.5, -1], [4, 0, 0.5, -1], [0, 4, 0.5, -1]]);
    expect(counted(dev, () => dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, tri, 20))).toBe(10);
  });

  it('two triangles sharing an edge count each pixel on it once', () => {
    const dev = device();
    // a diagonal 6×6 square from two triangles: 36 pixels, none counted twice
    const v = vertices([[0, 0, 0.5, -1], [6, 0, 0.5, -1], [0, 6, 0.5, -1], [6, 6, 0.5, -1]]);
    expect(counted(dev, () => dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 20))).toBe(36);
  });

  it('the depth test: an occluder in front hides what is drawn behind it, not what is drawn in front', () => {
    const dev = device();
    rect(dev, 0, 0, 8, 8, 0.5); // occluder over the left half
    expect(counted(dev, () => rect(dev, 4, 2, 12, 6, 0.7))).toBe(4 * 4); // behind: only x 8..11 pass
    expect(counted(dev, () => rect(dev, 4, 2, 12, 6, 0.3))).toBe(8 * 4); // in front: all
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    expect(counted(dev, () => rect(dev, 4, 2, 12, 6, 0.9))).toBe(8 * 4); // no depth test
  });

  it('samples the stencil test rejects do not count', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.STENCILENABLE, 1);
    dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.ALWAYS);
    dev.SetRenderState(D3DRS.STENCILPASS, D3DSTENCILOP.INCR);
    rect(dev, 0, 0, 4, H); // stencil 1 in columns 0..3
    dev.SetRenderState(D3DRS.STENCILFUNC, D3DCMP.EQUAL);
    dev.SetRenderState(D3DRS.STENCILREF, 1);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
    expect(counted(dev, () => rect(dev, 0, 0, W, H))).toBe(4 * H);
  });

  it('pixels the alpha test discards do not count; pixels with colour writes off still do', () => {
    const dev = device();
    dev.SetTextureStageState(0, D3DTSS.ALPHAOP, D3DTOP.SELECTARG1);
    dev.SetTextureStageState(0, D3DTSS.ALPHAARG1, D3DTA.DIFFUSE);
    dev.SetRenderState(D3DRS.ALPHATESTENABLE, 1);
    dev.SetRenderState(D3DRS.ALPHAFUNC, D3DCMP.GREATER);
    dev.SetRenderState(D3DRS.ALPHAREF, 0x80);
    expect(counted(dev, () => rect(dev, 0, 0, 4, 4, 0.5, 0x40ffffff))).toBe(0);
    expect(counted(dev, () => rect(dev, 0, 0, 4, 4, 0.5, 0xc0ffffff))).toBe(16);
    dev.SetRenderState(D3DRS.ALPHATESTENABLE, 0);
    dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
    expect(counted(dev, () => rect(dev, 4, 4, 8, 8))).toBe(16);
  });

  it('a multisampled target counts samples: 4 per covered pixel with 4 samples', () => {
    const dev = device();
    const rt = dev.CreateRenderTarget(8, 8, D3DFMT.A8R8G8B8, D3DMULTISAMPLE['4_SAMPLES'], 0, false).surface!;
    const ds = dev.CreateDepthStencilSurface(8, 8, D3DFMT.D24S8, D3DMULTISAMPLE['4_SAMPLES'], 0, false).surface!;
    dev.SetRenderTarget(0, rt);
    dev.SetDepthStencilSurface(ds);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
    expect(counted(dev, () => rect(dev, 0, 0, 3, 2))).toBe(3 * 2 * 4);
  });

  it('only draws inside the range count; overlapping queries each count their own range', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
    const outer = query(dev, Q.OCCLUSION);
    const inner = query(dev, Q.OCCLUSION);
    rect(dev, 0, 0, 2, 2);
    outer.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, 2, 2);
    inner.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, 3, 3);
    outer.Issue(D3DISSUE.END);
    rect(dev, 0, 0, 1, 1);
    inner.Issue(D3DISSUE.END);
    rect(dev, 0, 0, 2, 2);
    expect(u32(outer.GetData(4, 0).data)).toBe(4 + 9);
    expect(u32(inner.GetData(4, 0).data)).toBe(9 + 1);
    // BEGIN again restarts the range
    outer.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, 4, 4);
    outer.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, 1, 2);
    outer.Issue(D3DISSUE.END);
    expect(u32(outer.GetData(4, 0).data)).toBe(2);
  });

  it('counting leaves the pixels as the fast paths draw them', () => {
    const a = device();
    const b = device();
    const q = query(b, Q.OCCLUSION);
    q.Issue(D3DISSUE.BEGIN);
    for (const dev of [a, b]) {
      rect(dev, 1, 1, 9, 7, 0.5, 0xff336699);
      rect(dev, 3, 0, 12, 5, 0.7, 0x80ff0000);
    }
    q.Issue(D3DISSUE.END);
    expect(Buffer.compare(Buffer.from(a.backBuffer.data), Buffer.from(b.backBuffer.data))).toBe(0);
    expect(u32(q.GetData(4, 0).data)).toBe(8 * 6 + (9 * 5 - 6 * 4));
  });

  it('a query released while its range is open stops the counting', () => {
    const dev = device();
    const q = query(dev, Q.OCCLUSION);
    q.Issue(D3DISSUE.BEGIN);
    expect(dev.gpu.openOcclusion).toBe(1);
    expect(q.Release()).toBe(0);
    expect(dev.gpu.openOcclusion).toBe(0);
  });
});

describe('queries and the device', () => {
  it('queries are not state: a state block neither records nor applies them', () => {
    const dev = device();
    expect(dev.BeginStateBlock()).toBe(D3D_OK);
    const q = query(dev, Q.EVENT);
    expect(q.Issue(D3DISSUE.END)).toBe(D3D_OK);
    const sb = dev.EndStateBlock().stateBlock!;
    expect(sb.Apply()).toBe(D3D_OK);
    expect(q.GetData(4, 0).data).toEqual(new Uint8Array([1, 0, 0, 0]));
  });

  it('Reset succeeds with queries alive (they are not DEFAULT-pool resources) and they stay usable', () => {
    const dev = device();
    const q = query(dev, Q.OCCLUSION);
    expect(dev.Reset({ ...PP, BackBufferWidth: W, BackBufferHeight: H })).toBe(D3D_OK);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
    q.Issue(D3DISSUE.BEGIN);
    rect(dev, 0, 0, 2, 3);
    q.Issue(D3DISSUE.END);
    expect(u32(q.GetData(4, 0).data)).toBe(6);
  });

  it('a released query fails its calls with INVALIDCALL', () => {
    const dev = device();
    const q = query(dev, Q.EVENT);
    q.Release();
    expect(q.Issue(D3DISSUE.END) >>> 0).toBe(D3DERR.INVALIDCALL);
    expect(q.GetData(4, 0)).toEqual({ hr: D3DERR.INVALIDCALL });
    expect(q.GetDataSize()).toBe(0);
  });
});
