/**
 * A draw keeps what it derives from the state (vertex stage, pixel stages and span path, raster
 * context) for the next draw while the state parts it was built from are unchanged. Every state a
 * kept piece reads must show in the next draw: each case draws, changes one state, draws again and
 * checks the second draw's pixels against what D3D9's rules give for the new state.
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import { D3DBLEND, D3DCLEAR, D3DCMP, D3DCULL, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DSAMP, D3DSBT, D3DTA, D3DTEXF, D3DTOP, D3DTS, D3DTSS, D3DUSAGE, D3DFVF_TEXCOORDSIZE } from '../../src/d3d9/index.js';
import { drawCaches, PIXEL_PLAN_PARTS } from '../../src/driver/raster/draw.js';
import { rasterState } from '../../src/device/derive.js';
import type { RasterState } from '../../src/driver/raster/types.js';
import { prng, LONG } from '../helpers.js';

const W = 16;
const H = 16;

function device(): Device {
  const pp = {
    BackBufferWidth: W, BackBufferHeight: H, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
    MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
    AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
  };
  const dev = Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, pp).device as Device;
  dev.SetRenderState(D3DRS.LIGHTING, 0);
  dev.SetRenderState(D3DRS.ZENABLE, 0);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  return dev;
}

/** A quad over x0..x1 × 0..H as a clockwise strip of XYZRHW|DIFFUSE vertices (20 bytes each) at depth z. */
function quad(color: number, z = 0.5, x0 = 0, x1 = W, clockwise = true): Float32Array {
  const v = new Float32Array(20);
  const u = new Uint32Array(v.buffer);
  const corners = clockwise ? [[x0, 0], [x1, 0], [x0, H], [x1, H]] : [[x0, 0], [x0, H], [x1, 0], [x1, H]];
  corners.forEach(([x, y], i) => { v.set([x - 0.5, y - 0.5, z, 1], i * 5); u[i * 5 + 4] = color; });
  return v;
}

function draw(dev: Device, v: Float32Array, stride = 20): void {
  expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, stride)).toBe(0);
}

function backBuffer(dev: Device): Surface {
  return dev.GetBackBuffer(0, 0, 0).surface as unknown as Surface;
}

/** The 32-bit word stored at (x, y) of a 4-byte-per-pixel surface. */
function pixel(s: Surface, x: number, y: number): number {
  const d = s.data, at = y * s.pitch + x * 4;
  return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
}

/** X8R8G8B8 stores the colour's RGB and writes X as ones. */
const x8 = (c: number): number => (0xff000000 | (c & 0xffffff)) >>> 0;

interface Case {
  what: string;
  /** the state before the first draw */
  setup?(dev: Device): void;
  /** the first draw (default: a red quad) */
  first?(dev: Device): void;
  change(dev: Device): void;
  /** the second draw (default: a green quad) */
  second?(dev: Device): void;
  /** checks the frame after the second draw */
  check(dev: Device): void;
}

const RED = 0xffff0000;
const GREEN = 0xff00ff00;

const CASES: Case[] = [
  {
    what: 'a render state the colour stages read (TEXTUREFACTOR)',
    setup: (dev) => {
      dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
      dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TFACTOR);
      dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff102030);
    },
    change: (dev) => dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff405060),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(0xff405060).toString(16)),
  },
  {
    what: 'a texture stage state (COLORARG1 from DIFFUSE to TFACTOR)',
    setup: (dev) => {
      dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
      dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.DIFFUSE);
      dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff0000ff);
    },
    change: (dev) => dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TFACTOR),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(0xff0000ff).toString(16)),
  },
  {
    what: 'alpha blending turned on (SRCALPHA, INVSRCALPHA)',
    setup: (dev) => {
      dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.SRCALPHA);
      dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.INVSRCALPHA);
    },
    first: (dev) => draw(dev, quad(0xff000000)),
    change: (dev) => dev.SetRenderState(D3DRS.ALPHABLENDENABLE, 1),
    // alpha 0 keeps the black destination whole
    second: (dev) => draw(dev, quad(0x00ffffff)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ff000000'),
  },
  {
    what: 'the colour write mask',
    change: (dev) => dev.SetRenderState(D3DRS.COLORWRITEENABLE, 0x4 /* blue only */),
    second: (dev) => draw(dev, quad(0xff00ffff)),
    // red kept from the first draw, green not written, blue written
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ffff00ff'),
  },
  {
    what: 'the alpha test',
    setup: (dev) => { dev.SetRenderState(D3DRS.ALPHAFUNC, D3DCMP.GREATER); dev.SetRenderState(D3DRS.ALPHAREF, 0x80); },
    change: (dev) => dev.SetRenderState(D3DRS.ALPHATESTENABLE, 1),
    second: (dev) => draw(dev, quad(0x4000ff00)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16)),
  },
  {
    what: 'culling (CULLMODE NONE to CCW with a counter-clockwise quad)',
    setup: (dev) => dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE),
    first: (dev) => draw(dev, quad(RED, 0.5, 0, W, false)),
    change: (dev) => dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.CCW),
    second: (dev) => draw(dev, quad(GREEN, 0.5, 0, W, false)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16)),
  },
  {
    what: 'the render target',
    change: (dev) => {
      const rt = dev.CreateRenderTarget(W, H, D3DFMT.X8R8G8B8, 0, 0, false).surface!;
      expect(dev.SetRenderTarget(0, rt)).toBe(0);
    },
    check: (dev) => {
      expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16));
      expect(pixel(dev.GetRenderTarget(0).surface as unknown as Surface, 8, 8).toString(16)).toBe(x8(GREEN).toString(16));
    },
  },
  {
    what: 'the depth-stencil surface',
    setup: (dev) => {
      dev.SetRenderState(D3DRS.ZENABLE, 1);
      dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESS);
      dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1, 0);
    },
    change: (dev) => {
      // a surface holding depth 0: LESS fails everywhere
      const ds = dev.CreateDepthStencilSurface(W, H, D3DFMT.D24S8, 0, 0, false).surface!;
      expect(dev.SetDepthStencilSurface(ds)).toBe(0);
      dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 0, 0);
    },
    second: (dev) => draw(dev, quad(GREEN, 0.25)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16)),
  },
  {
    what: 'the depth function',
    setup: (dev) => { dev.SetRenderState(D3DRS.ZENABLE, 1); dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS); dev.Clear(0, null, D3DCLEAR.ZBUFFER, 0, 1, 0); },
    change: (dev) => dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.GREATER),
    // the first draw wrote depth 0.5: 0.25 is not greater
    second: (dev) => draw(dev, quad(GREEN, 0.25)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16)),
  },
  {
    what: 'the viewport',
    change: (dev) => expect(dev.SetViewport({ X: 0, Y: 0, Width: W / 2, Height: H, MinZ: 0, MaxZ: 1 })).toBe(0),
    check: (dev) => {
      expect(pixel(backBuffer(dev), 4, 8).toString(16)).toBe(x8(GREEN).toString(16));
      expect(pixel(backBuffer(dev), 12, 8).toString(16)).toBe(x8(RED).toString(16));
    },
  },
  {
    what: 'the scissor rect',
    setup: (dev) => dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1),
    change: (dev) => expect(dev.SetScissorRect({ left: W / 2, top: 0, right: W, bottom: H })).toBe(0),
    check: (dev) => {
      expect(pixel(backBuffer(dev), 4, 8).toString(16)).toBe(x8(RED).toString(16));
      expect(pixel(backBuffer(dev), 12, 8).toString(16)).toBe(x8(GREEN).toString(16));
    },
  },
  {
    what: 'the FVF (no diffuse colour: opaque white)',
    change: (dev) => dev.SetFVF(D3DFVF.XYZRHW),
    second: (dev) => {
      const v = Float32Array.from([-0.5, -0.5, 0.5, 1, W - 0.5, -0.5, 0.5, 1, -0.5, H - 0.5, 0.5, 1, W - 0.5, H - 0.5, 0.5, 1]);
      draw(dev, v, 16);
    },
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ffffffff'),
  },
  {
    what: 'a texture bound to stage 0 (MODULATE with the diffuse colour)',
    change: (dev) => {
      const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
      const lr = tex.LockRect(0, null, 0).lockedRect!;
      lr.pBits.set([0x00, 0x80, 0xff, 0xff]); // B, G, R, A
      tex.UnlockRect(0);
      dev.SetTexture(0, tex);
    },
    // the default stage 0 is MODULATE(TEXTURE, DIFFUSE): white × texel = the texel
    second: (dev) => draw(dev, quad(0xffffffff)),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ffff8000'),
  },
  {
    what: 'a state block applied',
    setup: (dev) => {
      dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
      dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TFACTOR);
      dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff00ff00);
      const sb = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
      (dev as unknown as { saved: typeof sb }).saved = sb;
      dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xffff0000);
    },
    change: (dev) => expect((dev as unknown as { saved: { Apply(): number } }).saved.Apply()).toBe(0),
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(0xff00ff00).toString(16)),
  },
  {
    what: 'Reset (a new back buffer)',
    change: (dev) => {
      const pp = {
        BackBufferWidth: W, BackBufferHeight: H, BackBufferFormat: D3DFMT.X8R8G8B8, BackBufferCount: 1, MultiSampleType: 0,
        MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: true,
        AutoDepthStencilFormat: D3DFMT.D24S8, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0,
      };
      expect(dev.Reset(pp)).toBe(0);
      dev.SetRenderState(D3DRS.LIGHTING, 0);
      dev.SetRenderState(D3DRS.ZENABLE, 0);
      dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    },
    check: (dev) => expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(GREEN).toString(16)),
  },
];

describe('a state changed between two draws shows in the second', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const dev = device();
      c.setup?.(dev);
      (c.first ?? ((d: Device) => draw(d, quad(RED))))(dev);
      c.change(dev);
      (c.second ?? ((d: Device) => draw(d, quad(GREEN))))(dev);
      c.check(dev);
    });
  }

  it("a texture's new contents show in the next draw", () => {
    const dev = device();
    const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    const fill = (bgra: number[]): void => {
      tex.LockRect(0, null, 0).lockedRect!.pBits.set(bgra);
      tex.UnlockRect(0);
    };
    fill([0x00, 0x00, 0xff, 0xff]);
    dev.SetTexture(0, tex);
    draw(dev, quad(0xffffffff));
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ffff0000');
    fill([0xff, 0x00, 0x00, 0xff]);
    draw(dev, quad(0xffffffff));
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ff0000ff');
  });
});

describe('the pixel plan key', () => {
  it('names every RasterState field the pixel stages may read; the rest are read only by vertex processing or checked apart', () => {
    // a new RasterState field must be added to the key or to this list on purpose
    const notRead: (keyof RasterState)[] = [
      'world', 'view', 'projection', 'textureTransforms', 'material', 'lights', 'clipTransformedVertices', 'maxPointSize',
      'userClipPlanes', 'vertexShader', 'vertexElements',
      // checked apart: a draw that samples a texture is never kept
      'textures',
    ];
    const all: Record<keyof RasterState, true> = {
      renderStates: true, samplerStates: true, stageStates: true, textures: true, world: true, view: true, projection: true,
      textureTransforms: true, viewport: true, scissor: true, fvf: true, vertexLayout: true, material: true, lights: true,
      renderTargets: true, depthStencil: true, clipTransformedVertices: true, maxPointSize: true, palette: true,
      userClipPlanes: true, vertexShader: true, pixelShader: true, vertexElements: true, interpolatedSets: true, flatSets: true,
    };
    expect([...PIXEL_PLAN_PARTS, ...notRead].sort()).toEqual(Object.keys(all).sort());
  });
});

/** A random state change of the kinds the caches key on. */
function randomChange(dev: Device, rnd: () => number, targets: Surface[]): void {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  switch (Math.floor(rnd() * 9)) {
    case 0: dev.SetRenderState(D3DRS.TEXTUREFACTOR, (Math.floor(rnd() * 0x1000000) | 0xff000000) >>> 0); break;
    case 1: dev.SetTextureStageState(0, D3DTSS.COLORARG1, pick([D3DTA.DIFFUSE, D3DTA.TFACTOR])); break;
    case 2: dev.SetTextureStageState(0, D3DTSS.COLOROP, pick([D3DTOP.SELECTARG1, D3DTOP.MODULATE, D3DTOP.ADD])); break;
    case 3: dev.SetRenderState(D3DRS.ALPHABLENDENABLE, pick([0, 1])); break;
    case 4: dev.SetRenderState(D3DRS.ZENABLE, pick([0, 1])); dev.SetRenderState(D3DRS.ZFUNC, pick([D3DCMP.LESS, D3DCMP.GREATER, D3DCMP.ALWAYS])); break;
    case 5: dev.SetViewport({ X: pick([0, 3]), Y: pick([0, 2]), Width: pick([8, 13]), Height: pick([9, 14]), MinZ: 0, MaxZ: 1 }); break;
    case 6: dev.SetRenderState(D3DRS.SCISSORTESTENABLE, pick([0, 1])); dev.SetScissorRect({ left: pick([0, 5]), top: pick([1, 4]), right: pick([9, 16]), bottom: pick([10, 16]) }); break;
    case 7: dev.SetRenderTarget(0, pick(targets) as never); break;
    default: dev.SetRenderState(D3DRS.COLORWRITEENABLE, pick([0xf, 0x5, 0x3])); break;
  }
}

function randomFrames(seed: number, draws: number, cached: boolean): Uint8Array[] {
  drawCaches.enabled = cached;
  try {
    const dev = device();
    dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.SRCALPHA);
    dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.INVSRCALPHA);
    const targets = [backBuffer(dev), dev.CreateRenderTarget(W, H, D3DFMT.A8R8G8B8, 0, 0, false).surface as unknown as Surface];
    const rnd = prng(seed);
    for (let i = 0; i < draws; i++) {
      if (rnd() < 0.6) randomChange(dev, rnd, targets);
      const color = Math.floor(rnd() * 0x100000000) >>> 0;
      draw(dev, quad(color, rnd(), Math.floor(rnd() * 8), 8 + Math.floor(rnd() * 9), rnd() < 0.8));
    }
    return targets.map((t) => t.data.slice());
  } finally {
    drawCaches.enabled = true;
  }
}

describe('kept plans draw the bytes fresh ones draw', () => {
  const seeds = LONG ? 40 : 4;
  for (let seed = 1; seed <= seeds; seed++) {
    it(`random state changes between draws, seed ${seed}`, () => {
      const kept = randomFrames(seed, 60, true);
      const fresh = randomFrames(seed, 60, false);
      expect(kept.map((d) => Buffer.from(d).toString('base64'))).toEqual(fresh.map((d) => Buffer.from(d).toString('base64')));
    });
  }
});

describe('kept vertex stages follow a state that goes back to an earlier value', () => {
  /** A quad of XYZ|DIFFUSE vertices over x in [x0, x1] (clip space with identity view and projection), full height. */
  function xyzQuad(color: number, x0: number, x1: number): Float32Array {
    const v = new Float32Array(16);
    const u = new Uint32Array(v.buffer);
    [[x0, 1], [x1, 1], [x0, -1], [x1, -1]].forEach(([x, y], i) => { v.set([x, y, 0.5], i * 4); u[i * 4 + 3] = color; });
    return v;
  }
  const translate = (tx: number) => ({ _11: 1, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0, _31: 0, _32: 0, _33: 1, _34: 0, _41: tx, _42: 0, _43: 0, _44: 1 });

  it('a world matrix A, B, A again: the third draw lands where A puts it', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    const q = xyzQuad(GREEN, -1, 0);
    for (const [tx, inLeft] of [[0, true], [1, false], [0, true], [1, false]] as const) {
      dev.Clear(0, null, D3DCLEAR.TARGET, RED, 1, 0);
      dev.SetTransform(D3DTS.WORLD, translate(tx));
      draw(dev, q, 16);
      expect([pixel(backBuffer(dev), 4, 8), pixel(backBuffer(dev), 12, 8)].map((p) => p.toString(16)))
        .toEqual((inLeft ? [GREEN, RED] : [RED, GREEN]).map((c) => x8(c).toString(16)));
    }
  });

  it('culling off, on, off again: the third draw draws the counter-clockwise quad the second culled', () => {
    const dev = device();
    for (const cull of [D3DCULL.NONE, D3DCULL.CCW, D3DCULL.NONE, D3DCULL.CCW]) {
      dev.Clear(0, null, D3DCLEAR.TARGET, RED, 1, 0);
      dev.SetRenderState(D3DRS.CULLMODE, cull);
      draw(dev, quad(GREEN, 0.5, 0, W, false));
      expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(cull === D3DCULL.NONE ? GREEN : RED).toString(16));
    }
  });

  it('lighting off, on, off again: the third draw has the vertex colour', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetRenderState(D3DRS.AMBIENT, 0xff0000ff);
    dev.SetMaterial({ Diffuse: { r: 0, g: 0, b: 0, a: 1 }, Ambient: { r: 1, g: 1, b: 1, a: 1 }, Specular: { r: 0, g: 0, b: 0, a: 0 }, Emissive: { r: 0, g: 0, b: 0, a: 0 }, Power: 0 });
    for (const lit of [0, 1, 0, 1]) {
      dev.SetRenderState(D3DRS.LIGHTING, lit);
      draw(dev, xyzQuad(GREEN, -1, 1), 16);
      expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(lit ? 0xff0000ff : GREEN).toString(16));
    }
  });
});

describe('the vertex array kept from draw to draw holds only the current draw\'s vertices', () => {
  /** XYZRHW|DIFFUSE vertices (20 bytes each) at the given pixel corners, green. */
  function vertices(points: number[][]): Float32Array {
    const v = new Float32Array(5 * points.length);
    const u = new Uint32Array(v.buffer);
    points.forEach(([x, y], i) => { v.set([x, y, 0.5, 1], i * 5); u[i * 5 + 4] = GREEN; });
    return v;
  }

  it('an index past NumVertices skips its triangle even when the draw before processed a vertex there', () => {
    const dev = device();
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    // six vertices processed: position 5 is (16, 16)
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 2, vertices([[0, 0], [16, 0], [0, 16], [16, 0], [0, 16], [16, 16]]), 20)).toBe(0);
    dev.Clear(0, null, D3DCLEAR.TARGET, RED, 1, 0);
    // three vertices: the second triangle names position 5, outside MinVertexIndex 0 + NumVertices 3 (skipped, replay9's rule)
    const own = vertices([[0, 0], [8, 0], [0, 8], [0, 0], [0, 0], [16, 16]]);
    expect(dev.DrawIndexedPrimitiveUP(D3DPT.TRIANGLELIST, 0, 3, 2, Uint16Array.of(0, 1, 2, 0, 2, 5), D3DFMT.INDEX16, own, 20)).toBe(0);
    const bb = backBuffer(dev);
    // (2, 2) is in triangle 0-1-2; (7, 10) only in 0-2-5
    expect([pixel(bb, 2, 2), pixel(bb, 7, 10)].map((p) => p.toString(16))).toEqual([x8(GREEN), x8(RED)].map((c) => c.toString(16)));
  });

  it('the clip status of a draw with fewer vertices than the last reads only its own (software vertex processing)', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    const xyz = (points: number[][]): Float32Array => {
      const v = new Float32Array(4 * points.length);
      const u = new Uint32Array(v.buffer);
      points.forEach(([x, y], i) => { v.set([x, y, 0.5], i * 4); u[i * 4 + 3] = GREEN; });
      return v;
    };
    // vertex 5 far right of the clip volume: D3DCS_RIGHT
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 2, xyz([[0, 0], [0.5, 0], [0, 0.5], [0, 0], [0.5, 0], [4, 0]]), 16)).toBe(0);
    expect(dev.GetClipStatus().clipStatus!.ClipUnion).not.toBe(0);
    dev.SetClipStatus({ ClipUnion: 0, ClipIntersection: 0xffffffff });
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, xyz([[0, 0], [0.5, 0], [0, 0.5]]), 16)).toBe(0);
    expect(dev.GetClipStatus().clipStatus).toEqual({ ClipUnion: 0, ClipIntersection: 0 });
  });
});

describe('a volume texture keeps its view while its bytes change', () => {
  it('the view is the same object draw after draw; a slice rewritten between draws samples the new bytes', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1 | D3DFVF_TEXCOORDSIZE(3, 0));
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
    dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
    const vol = dev.CreateVolumeTexture(4, 4, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).volumeTexture!;
    const fill = (slice: number, color: number): void => {
      const locked = vol.LockBox(0, null, 0).lockedVolume!;
      const words = new Uint32Array(locked.pBits.buffer, locked.pBits.byteOffset + slice * locked.SlicePitch, 16);
      words.fill(color);
      vol.UnlockBox(0);
    };
    fill(0, RED);
    fill(1, GREEN);
    dev.SetTexture(0, vol);
    // w = 0.25 samples slice 0 (point filtering: floor(0.25 · 2) = 0)
    const v = new Float32Array(4 * 7);
    [[0, 0], [W, 0], [0, H], [W, H]].forEach(([x, y], i) => v.set([x - 0.5, y - 0.5, 0.5, 1, x / W, y / H, 0.25], i * 7));
    const seen: string[] = [];
    for (const color of [undefined, 0xff0000ff, undefined]) {
      if (color !== undefined) fill(0, color);
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, v, 28)).toBe(0);
      seen.push(pixel(backBuffer(dev), 8, 8).toString(16));
    }
    expect(seen).toEqual([x8(RED), x8(0xff0000ff), x8(0xff0000ff)].map((c) => c.toString(16)));
    const caps = { clipTransformedVertices: true, maxPointSize: 64 };
    expect(rasterState(dev.state, caps).textures[0]).toBe(rasterState(dev.state, caps).textures[0]);
  });
});

describe('kept textured plans follow the texture bytes', () => {
  /** A quad over the target of XYZRHW|DIFFUSE|TEX1 vertices (28 bytes each), texture coordinates 0..1. */
  function texturedQuad(color = 0xffffffff): Float32Array {
    const v = new Float32Array(28);
    const u = new Uint32Array(v.buffer);
    [[0, 0], [W, 0], [0, H], [W, H]].forEach(([x, y], i) => { v.set([x - 0.5, y - 0.5, 0.5, 1], i * 7); u[i * 7 + 4] = color; v.set([x / W, y / H], i * 7 + 5); });
    return v;
  }
  function texturedDevice(): Device {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
    return dev;
  }
  function solidTexture(dev: Device, bgra: number[]) {
    const tex = dev.CreateTexture(2, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    fill(tex, bgra);
    return tex;
  }
  function fill(tex: ReturnType<typeof solidTexture>, bgra: number[]): void {
    const bits = tex.LockRect(0, null, 0).lockedRect!.pBits;
    for (let i = 0; i < 4; i++) bits.set(bgra, 4 * i);
    tex.UnlockRect(0);
  }

  it('a state A, then B, then A again after the texture was rewritten: the third draw samples the new bytes', () => {
    const dev = texturedDevice();
    const tex = solidTexture(dev, [0x00, 0x00, 0xff, 0xff]);
    dev.SetTexture(0, tex);
    draw(dev, texturedQuad(), 28);
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ffff0000');
    dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff123456);
    draw(dev, texturedQuad(), 28);
    fill(tex, [0xff, 0x00, 0x00, 0xff]);
    dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xffffffff);
    draw(dev, texturedQuad(), 28);
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe('ff0000ff');
  });

  it('a texture drawn into as a render target between two draws that sample it: the second samples what was drawn', () => {
    const dev = texturedDevice();
    const tex = dev.CreateTexture(W, H, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
    const surface = tex.GetSurfaceLevel(0).surface!;
    const back = dev.GetRenderTarget(0).surface!;
    dev.SetRenderTarget(0, surface);
    dev.Clear(0, null, D3DCLEAR.TARGET, RED, 1, 0);
    dev.SetRenderTarget(0, back);
    dev.SetTexture(0, tex);
    draw(dev, texturedQuad(), 28);
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(RED).toString(16));
    dev.SetTexture(0, null);
    dev.SetRenderTarget(0, surface);
    draw(dev, texturedQuad(GREEN), 28);
    dev.SetRenderTarget(0, back);
    dev.SetTexture(0, tex);
    draw(dev, texturedQuad(), 28);
    expect(pixel(backBuffer(dev), 8, 8).toString(16)).toBe(x8(GREEN).toString(16));
  });

  function randomTexturedFrames(seed: number, draws: number, cached: boolean): string {
    drawCaches.enabled = cached;
    try {
      const dev = texturedDevice();
      dev.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.SRCALPHA);
      dev.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.INVSRCALPHA);
      const rnd = prng(seed);
      const word = (): number => Math.floor(rnd() * 0x100000000) >>> 0;
      const textures = [0, 1].map(() => {
        const t = dev.CreateTexture(4, 4, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
        const bits = t.LockRect(0, null, 0).lockedRect!.pBits;
        for (let i = 0; i < bits.length; i++) bits[i] = word() & 0xff;
        t.UnlockRect(0);
        return t;
      });
      for (let i = 0; i < draws; i++) {
        switch (Math.floor(rnd() * 5)) {
          case 0: dev.SetTexture(0, textures[Math.floor(rnd() * 2)]); break;
          case 1: {
            const t = textures[Math.floor(rnd() * 2)];
            const bits = t.LockRect(0, null, 0).lockedRect!.pBits;
            bits[Math.floor(rnd() * bits.length)] = word() & 0xff;
            t.UnlockRect(0);
            break;
          }
          case 2: dev.SetSamplerState(0, D3DSAMP.MAGFILTER, rnd() < 0.5 ? D3DTEXF.POINT : D3DTEXF.LINEAR); break;
          case 3: dev.SetRenderState(D3DRS.ALPHABLENDENABLE, rnd() < 0.5 ? 0 : 1); break;
          default: break;
        }
        draw(dev, texturedQuad(word()), 28);
      }
      return Buffer.from(backBuffer(dev).data).toString('base64');
    } finally {
      drawCaches.enabled = true;
    }
  }

  for (let seed = 1; seed <= 3; seed++) {
    it(`random texture bindings, rewrites and states between draws draw the bytes fresh plans draw, seed ${seed}`, () => {
      expect(randomTexturedFrames(seed, 40, true)).toBe(randomTexturedFrames(seed, 40, false));
    });
  }
});
