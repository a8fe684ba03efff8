/**
 * The per-pixel work of the fixed-function Fragment path allocates nothing (STYLE.md 10): the
 * per-fragment function of a draw, with real texture samplers, run over every pixel of a 64×64
 * target once V8 has optimised it. V8 boxes a double that crosses a call it does not inline (16
 * bytes), so a number passed or returned that way in every pixel reads as 16 bytes a fragment.
 * Bytes are what V8's sampling heap profiler counts over the run, collected objects included,
 * less what it counts over an empty run (the profiler's own messages).
 */
import { Session } from 'node:inspector/promises';
import { allocated } from '../../heap-sampling.js';
import { describe, expect, it } from 'vitest';
import { D3DBLEND, D3DCMP, D3DFOG, D3DTA, D3DTEXF, D3DTOP, D3DTSS, float32Bits } from '../../../src/d3d9/index.js';
import { stageSampler } from '../../../src/driver/raster/draw.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelStages, pipelineOf } from '../../../src/driver/raster/pixel/index.js';
import type { PixelStages } from '../../../src/driver/raster/pixel/index.js';
import type { Fragment, RasterState, TextureView } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { argbSurface, samplerStates } from '../texture/helpers.js';
import { F, fragment, state, surface } from './helpers.js';

const SIZE = 64;
/** passes over the target before counting, for V8 to optimise the pixel functions */
const WARMUP = 6;
const COUNTED = 4;
/** bytes a fragment: above the sampling noise (under 1), below one boxed number (12 to 16 bytes) in every third fragment */
const BOUND = 4;

/** A mip chain from 16×16 down to 1×1 of a byte pattern. */
function levels(seed: number): SurfaceView[] {
  const out: SurfaceView[] = [];
  for (let n = 16; n >= 1; n >>= 1) out.push(argbSurface(n, n, Array.from({ length: n * n }, (_, i) => ((i + seed) * 0x9e3779b1) >>> 0)));
  return out;
}

function texture(kind: TextureView['kind']): TextureView {
  if (kind === '2d') return { kind, levels: levels(0) };
  if (kind === 'cube') {
    const faces = Array.from({ length: 6 }, (_, f) => levels(f * 7));
    return { kind, levels: faces[0], faces };
  }
  // a volume of 16 slices at level 0, halving with the level
  const volume = levels(0).map((_, l) => Array.from({ length: 16 >> l }, (__, z) => levels(z * 3)[l]));
  return { kind, levels: volume.map((slices) => slices[0]), volume };
}

/**
 * Trilinear filtering, stage 0 texture × diffuse, stage 1 current + TFACTOR − 0.5, specular,
 * table fog, an alpha test, the depth test and alpha blending.
 */
function drawState(kind: TextureView['kind']): RasterState {
  const st = state({
    rt: surface(F.A8R8G8B8, SIZE, SIZE),
    ds: surface(F.D24S8, SIZE, SIZE),
    stages: {
      0: { [D3DTSS.COLOROP]: D3DTOP.MODULATE, [D3DTSS.ALPHAOP]: D3DTOP.MODULATE },
      1: { [D3DTSS.COLOROP]: D3DTOP.ADDSIGNED, [D3DTSS.COLORARG1]: D3DTA.CURRENT, [D3DTSS.COLORARG2]: D3DTA.TFACTOR },
    },
    rs: {
      ZENABLE: 1, ZFUNC: D3DCMP.LESSEQUAL, ZWRITEENABLE: 1,
      ALPHABLENDENABLE: 1, SRCBLEND: D3DBLEND.SRCALPHA, DESTBLEND: D3DBLEND.INVSRCALPHA,
      ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.GREATER, ALPHAREF: 1,
      SPECULARENABLE: 1, FOGENABLE: 1, FOGTABLEMODE: D3DFOG.EXP, FOGDENSITY: float32Bits(0.7), FOGCOLOR: 0x336699,
      TEXTUREFACTOR: 0x80604020,
    },
  });
  (st.textures as TextureView[])[0] = texture(kind);
  (st.samplerStates as Uint32Array[])[0] = samplerStates({ MINFILTER: D3DTEXF.LINEAR, MAGFILTER: D3DTEXF.LINEAR, MIPFILTER: D3DTEXF.LINEAR });
  return st;
}

/** Sets the fragment for pixel (x, y): depth, and coordinates wrapping the texture a few times. */
function place(f: Fragment, kind: TextureView['kind'], x: number, y: number): void {
  const d = 6 / SIZE;
  f.x = x; f.y = y; f.z = (x + y) / (2 * SIZE);
  const u = (x + 0.5) * d, v = (y + 0.5) * d;
  if (kind === 'cube') { f.tex[0] = u / 6 - 0.5; f.tex[1] = v / 6 - 0.5; f.tex[2] = 1; } else { f.tex[0] = u; f.tex[1] = v; f.tex[2] = u / 6; }
}

/** Runs `pixel` over every pixel of the target. */
function pass(pixel: (f: Fragment) => void, f: Fragment, kind: TextureView['kind']): void {
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      place(f, kind, x, y);
      pixel(f);
    }
  }
}

interface Case { kind: TextureView['kind']; paths: 'generic' | 'chosen'; stages: PixelStages; pixel: (f: Fragment) => void; f: Fragment }

function makeCase(kind: TextureView['kind'], paths: Case['paths']): Case {
  const st = drawState(kind);
  const stages = createPixelStages(st, stageSampler(st), paths === 'generic' ? GENERIC_PATHS : choosePixelPaths(st));
  const f = fragment({ diffuse: [0.8, 0.6, 0.4, 0.75], specular: [0.1, 0.1, 0.1, 0], fog: 0.5 });
  // λ = log2(16 · 0.14) ≈ 1.2 for 2D and volume textures, log2(16 · 0.07) ≈ 0.2 on a cube face: trilinear
  f.texDx[0] = 0.14; f.texDy[1] = 0.14;
  return { kind, paths, stages, pixel: pipelineOf(st, stages), f };
}

/** Each stage alone over the target: ALLOC_STAGES=1 prints what each allocates, for finding it. */
function stagePasses(c: Case): [string, (f: Fragment) => void][] {
  const color = Float32Array.of(0.5, 0.5, 0.5, 0.5);
  const s = c.stages;
  return [
    ['combine', (f) => s.combine(f, color)], ['colorSum', (f) => s.colorSum(f, color)], ['alphaTest', (f) => { s.alphaTest(color); }],
    ['depthStencil', (f) => { f.depth = f.z; s.depthStencil(f, 0); }], ['colorWrite', (f) => s.colorWrite(color, f.x, f.y, 0)],
  ];
}

describe('the fixed-function Fragment path allocates nothing per pixel', () => {
  // every case warmed up before any is counted: call sites shared by the draws see them all, as in a replay
  const cases = (['2d', 'cube', 'volume'] as const).flatMap((kind) => (['generic', 'chosen'] as const).map((paths) => makeCase(kind, paths)));
  for (let i = 0; i < WARMUP; i++) for (const c of cases) pass(c.pixel, c.f, c.kind);
  for (const c of cases) {
    it(`a ${c.kind} texture, trilinear, two stages, specular, fog, alpha test, depth test, blending (${c.paths} paths)`, async () => {
      const session = new Session();
      session.connect();
      try {
        await allocated(session, () => {});
        const empty = await allocated(session, () => {});
        const used = await allocated(session, () => { for (let i = 0; i < COUNTED; i++) pass(c.pixel, c.f, c.kind); });
        const perFragment = (used - empty) / (COUNTED * SIZE * SIZE);
        if (process.env.ALLOC_STAGES) {
          const parts = [];
          for (const [name, run] of stagePasses(c)) {
            for (let i = 0; i < WARMUP; i++) pass(run, c.f, c.kind);
            parts.push(`${name} ${((await allocated(session, () => { for (let i = 0; i < COUNTED; i++) pass(run, c.f, c.kind); }) - empty) / (COUNTED * SIZE * SIZE)).toFixed(1)}`);
          }
          console.log(`${c.kind} ${c.paths}: ${perFragment.toFixed(1)} a fragment; ${parts.join(', ')}`);
        }
        expect(perFragment).toBeLessThan(BOUND);
      } finally {
        session.disconnect();
      }
    });
  }
});
