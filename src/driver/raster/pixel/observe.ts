/**
 * Per-fragment reports for one watched pixel (`inspect --history`). Built only
 * when a draw has a watcher: the draw then runs every stage on its generic path
 * and this pipeline compares coordinates first, so other pixels pay one compare
 * and draws without a watcher pay nothing.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { channelValue, readChannel } from '../../../formats/index.js';
import type { SurfaceView } from '../../surface-view.js';
import type { Fragment, RasterState } from '../types.js';
import { fragmentDepth } from './depth.js';
import { depthStencilUse } from './depth-stencil.js';
import { pipelineOf, sampleCount } from './pipeline.js';
import type { PixelStages } from './pipeline.js';
import { stencilFace, stencilParams, stencilTest } from './stencil.js';

export type FragmentFate = 'alpha test failed' | 'stencil failed' | 'depth failed' | 'written';

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
}

export interface PixelWatch {
  readonly x: number;
  readonly y: number;
  fragment(r: FragmentReport): void;
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

/** The draw's per-fragment function, reporting the fate of fragments at (watch.x, watch.y). */
export function observedPipelineOf(state: RasterState, stages: PixelStages, watch: PixelWatch): (f: Fragment) => void {
  const plain = pipelineOf(state, stages);
  const { combine, colorSum, alphaTest, depthStencil, colorWrite } = stages;
  const rt = state.renderTargets[0];
  const use = depthStencilUse(state);
  const read = use ? depthStencilReader(use.ds) : undefined;
  const sp = use?.stencil ? stencilParams(state.renderStates, use.layout.stencilBits) : undefined;
  const samples = sampleCount(state);
  const sampleMask = samples <= 1 ? 1 : state.renderStates[D3DRS.MULTISAMPLEMASK] & (2 ** samples - 1);
  const color = new Float32Array(4);
  const colorOf = (i: number): string => (rt ? rawHex(rt, watch.x, watch.y, i) : '');

  const observedSample = (f: Fragment, z: number, i: number, source: FragmentReport['source']): void => {
    const colorBefore = colorOf(i);
    const before = read?.(f.x, f.y, i);
    const pass = depthStencil(f, z, i);
    const after = read?.(f.x, f.y, i);
    let fate: FragmentFate = 'written';
    const r: FragmentReport = { fate, source, colorBefore, colorAfter: colorBefore };
    if (sp && before && after) {
      const face = stencilFace(sp, f);
      const failed = !stencilTest(sp, face, before.s);
      if (failed) fate = 'stencil failed';
      const op = failed ? face.fail : pass ? face.pass : face.zfail;
      r.stencil = { before: before.s, after: after.s, op, face: face === sp.front ? 'front' : 'ccw' };
    }
    if (use?.depth && before && fate !== 'stencil failed') r.depth = { before: before.d, fragment: z };
    if (fate === 'written' && !pass) fate = 'depth failed';
    if (pass) {
      colorWrite(color, f.x, f.y, i);
      r.colorAfter = colorOf(i);
    }
    r.fate = fate;
    watch.fragment(r);
  };

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
    const z = fragmentDepth(f);
    let reported = false;
    for (let i = 0; i < Math.max(samples, 1); i++) {
      if ((covered & (1 << i)) === 0) continue;
      if (!reported) {
        observedSample(f, z, i, source);
        reported = true;
      } else if (depthStencil(f, z, i)) colorWrite(color, f.x, f.y, i);
    }
  };
}
