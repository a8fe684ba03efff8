/**
 * Per-fragment reports for one watched pixel (`inspect --history`). Built only
 * when a draw has a watcher: the draw then runs every stage on its generic path
 * and this pipeline compares coordinates first, so other pixels pay one compare
 * and draws without a watcher pay nothing.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { channelValue, readChannel } from '../../../formats/index.js';
import type { SurfaceView } from '../../surface-view.js';
import type { ShaderConstants, ShaderExecutable, ShaderIO } from '../../shader/types.js';
import type { Fragment, RasterState } from '../types.js';
import { setFragmentDepth } from './depth.js';
import { depthStencilUse } from './depth-stencil.js';
import { pipelineOf, sampleCount } from './pipeline.js';
import type { PixelStages } from './pipeline.js';
import { stencilFace, stencilParams, stencilTest } from './stencil.js';

export type FragmentFate = 'killed by texkill' | 'alpha test failed' | 'stencil failed' | 'depth failed' | 'written';

/** What one fragment at the watched pixel did (sample 0, or the first covered sample). */
export interface FragmentReport {
  fate: FragmentFate;
  /** the colour after texture stages, specular and fog: r g b a */
  source: [number, number, number, number];
  /** render target 0's stored bits at the pixel as hex, before and after (equal unless written) */
  colorBefore: string;
  colorAfter: string;
  /** present when the stencil test ran: values, the D3DSTENCILOP applied and whose states (CCW: two-sided back face) */
  stencil?: { before: number; after: number; op: number; face: 'front' | 'ccw' };
  /** present when the depth test ran: the stored depth before and the fragment's biased, clamped depth */
  depth?: { before: number; fragment: number };
  /** draws with a pixel shader: oC0..oC3 as the shader wrote them, before fog and blending (null: not written), and oDepth when written */
  shader?: { colors: Array<number[] | null>; depth: number | null };
}

/** The pixel shader run of a watched fragment, handed to PixelWatch.shader, which must run it. */
export interface WatchedShaderRun {
  readonly exe: ShaderExecutable;
  readonly io: ShaderIO;
  readonly constants: ShaderConstants;
  readonly lanes: number;
  /** the watched pixel's lane in its 2×2 quad */
  readonly lane: number;
  readonly fragment: Fragment;
}

export interface PixelWatch {
  readonly x: number;
  readonly y: number;
  fragment(r: FragmentReport): void;
  /** draws with a pixel shader: runs the shader for the watched fragment in place of the plain run (the shader debugger traces it) */
  shader?(run: WatchedShaderRun): void;
}

/** The stored bits of sample `sample` at (x, y) as one little-endian hex number. */
export function rawHex(s: SurfaceView, x: number, y: number, sample = 0): string {
  const f = s.format;
  const at = (s.samples > 1 ? Math.min(sample, s.samples - 1) * (s.data.length / s.samples) : 0) + Math.floor(y / f.blockH) * s.pitch + Math.floor(x / f.blockW) * f.blockBytes;
  let hex = '';
  for (let i = f.blockBytes - 1; i >= 0; i--) hex += s.data[at + i].toString(16).padStart(2, '0');
  return `0x${hex}`;
}

/** Reads depth (as the value it stands for) and stencil at one sample of the depth-stencil surface. */
function depthStencilReader(ds: SurfaceView): (x: number, y: number, sample: number) => { d: number; s: number } {
  const f = ds.format;
  const d = f.channels.find((c) => c.name === 'd');
  const s = f.channels.find((c) => c.name === 's');
  const bytes = ds.data.length / ds.samples;
  return (x, y, sample) => {
    const at = Math.min(sample, ds.samples - 1) * bytes + y * ds.pitch + x * f.blockBytes;
    return { d: d ? channelValue(d, readChannel(f, ds.data, at, d)) : 0, s: s ? readChannel(f, ds.data, at, s) : 0 };
  };
}

/**
 * Reports the fate of one sample of a watched fragment that passed the alpha test: runs the
 * depth-stencil test and, when it passes, `write` (the colour writes), reading render target 0,
 * depth and stencil before and after.
 */
export function sampleObserver(
  state: RasterState, watch: PixelWatch, depthStencil: PixelStages['depthStencil'], write: (f: Fragment, sample: number) => void,
): (f: Fragment, sample: number, source: FragmentReport['source'], shader?: FragmentReport['shader']) => void {
  const rt = state.renderTargets[0];
  const use = depthStencilUse(state);
  const read = use ? depthStencilReader(use.ds) : undefined;
  const sp = use?.stencil ? stencilParams(state.renderStates, use.layout.stencilBits) : undefined;
  const colorOf = (i: number): string => (rt ? rawHex(rt, watch.x, watch.y, i) : '');
  return (f, i, source, shader) => {
    const colorBefore = colorOf(i);
    const before = read?.(f.x, f.y, i);
    const pass = depthStencil(f, i);
    const after = read?.(f.x, f.y, i);
    let fate: FragmentFate = 'written';
    const r: FragmentReport = { fate, source, colorBefore, colorAfter: colorBefore, ...(shader ? { shader } : {}) };
    if (sp && before && after) {
      const face = stencilFace(sp, f);
      const failed = !stencilTest(sp, face, before.s);
      if (failed) fate = 'stencil failed';
      const op = failed ? face.fail : pass ? face.pass : face.zfail;
      r.stencil = { before: before.s, after: after.s, op, face: face === sp.front ? 'front' : 'ccw' };
    }
    if (use?.depth && before && fate !== 'stencil failed') r.depth = { before: before.d, fragment: f.depth };
    if (fate === 'written' && !pass) fate = 'depth failed';
    if (pass) {
      write(f, i);
      r.colorAfter = colorOf(i);
    }
    r.fate = fate;
    watch.fragment(r);
  };
}

/** The draw's per-fragment function, reporting the fate of fragments at (watch.x, watch.y). */
export function observedPipelineOf(state: RasterState, stages: PixelStages, watch: PixelWatch): (f: Fragment) => void {
  const plain = pipelineOf(state, stages);
  const { combine, colorSum, alphaTest, depthStencil, colorWrite } = stages;
  const samples = sampleCount(state);
  const sampleMask = samples <= 1 ? 1 : state.renderStates[D3DRS.MULTISAMPLEMASK] & (2 ** samples - 1);
  const color = new Float32Array(4);
  const colorOf = (i: number): string => (state.renderTargets[0] ? rawHex(state.renderTargets[0], watch.x, watch.y, i) : '');

  const observedSample = sampleObserver(state, watch, depthStencil, (f, i) => colorWrite(color, f.x, f.y, i));

  return (f) => {
    if (f.x !== watch.x || f.y !== watch.y) {
      plain(f);
      return;
    }
    // a single-sample target ignores coverage (pipeline.ts)
    const covered = samples <= 1 ? 1 : f.coverage & sampleMask;
    if (covered === 0) return;
    combine(f, color);
    colorSum(f, color);
    const source: FragmentReport['source'] = [color[0], color[1], color[2], color[3]];
    if (!alphaTest(color)) {
      const raw = colorOf(0);
      watch.fragment({ fate: 'alpha test failed', source, colorBefore: raw, colorAfter: raw });
      return;
    }
    setFragmentDepth(f);
    let reported = false;
    for (let i = 0; i < Math.max(samples, 1); i++) {
      if ((covered & (1 << i)) === 0) continue;
      if (!reported) {
        observedSample(f, i, source);
        reported = true;
      } else if (depthStencil(f, i)) colorWrite(color, f.x, f.y, i);
    }
  };
}
