/**
 * The pixel shader stage of a draw: it replaces the texture stages and the specular add.
 *
 *   inputs (linked by semantic, link.ts) → shader → texkill → fog (before ps_3_0) → alpha test
 *   on oC0.a → per covered sample: depth-stencil (oDepth, clamped to [0, 1], replaces the depth)
 *   → colour write of oCi to render target i (COLORWRITEENABLEi, blend on each)
 *
 * A shader that needs derivatives (dsx/dsy, a texld whose level comes from them) runs the pixel's
 * whole 2×2 quad as four lanes, lane = (y & 1)·2 + (x & 1): the other three pixels are helpers whose
 * attributes are interpolated at their own centres, even outside the primitive, from the same
 * interpolation the pixel came from. Each pixel evaluates its own quad, so what it gets does not
 * depend on which pixel of the quad is drawn first. Other shaders run one lane, and so do shaders
 * whose derivatives only choose texture levels when every sampler they read gives the same sample
 * at every level of detail (chooseShaderLanes).
 * vPos is the pixel's integer position (D3D9 pixel centres are integers), vFace +1 for a clockwise
 * (front) primitive and −1 for a counter-clockwise one.
 */
import { D3DRS, D3DSAMP } from '../../../d3d9/index.js';
import { OP } from '../../../shader/index.js';
import type { ShaderExecutable, ShaderIO } from '../../shader/types.js';
import { LANES, PS_IN_SLOTS, PS_OUT_SLOTS } from '../../shader/types.js';
import { createAlphaTest, chooseAlphaTest } from '../pixel/alpha-test.js';
import { chooseColorWrite, createColorWrite } from '../pixel/color-write.js';
import { chooseDepthStencil, createDepthStencil } from '../pixel/depth-stencil.js';
import { setFragmentDepth } from '../pixel/depth.js';
import { createColorSum } from '../pixel/fog.js';
import type { ColorWriteStage, DepthStencilStage } from '../pixel/types.js';
import { rawHex, sampleObserver } from '../pixel/observe.js';
import type { PixelWatch } from '../pixel/observe.js';
import { sampleCount } from '../pixel/pipeline.js';
import { createFragment } from '../setup/context.js';
import { levelIndependent } from '../texture/index.js';
import type { BoundShader, Fragment, RasterState } from '../types.js';
import { SOURCE } from './link.js';
import type { InputLink } from './link.js';
import { shaderSample } from './sample.js';
import { createShaderIO } from './vertex.js';

/** The stages after the shader, per render target where the shader writes one. */
export interface ShadedStages {
  readonly depthStencil: DepthStencilStage;
  /** colour write of render target i (null: the shader writes no oCi, or nothing is bound there) */
  readonly colorWrites: readonly (ColorWriteStage | null)[];
}

export function createShadedStages(state: RasterState, colorOutputs: number, depthStencil?: DepthStencilStage): ShadedStages {
  const colorWrites: (ColorWriteStage | null)[] = [];
  for (let i = 0; i < PS_OUT_SLOTS; i++) {
    const written = (colorOutputs & (1 << i)) !== 0 || (i === 0 && colorOutputs === 0);
    colorWrites.push(written && state.renderTargets[i] ? createColorWrite(i === 0 ? chooseColorWrite(state) : 'generic', state, i) : null);
  }
  return { depthStencil: depthStencil ?? createDepthStencil(chooseDepthStencil(state), state), colorWrites };
}

/** How a pixel runs: its whole 2×2 quad as four lanes (the generic path), or alone as one lane. */
export type ShaderLanes = 'quad' | 'single';

/** Instructions after which lanes can differ in what runs (and so in executed counts against MAX_EXECUTED). */
const PER_LANE_FLOW = new Set<number>([OP.IF, OP.IFC, OP.BREAK, OP.BREAKC, OP.BREAKP, OP.CALLNZ]);

/**
 * 'single' when no lane of a quad can change what the drawn pixel gets from its neighbours: the shader
 * needs no derivatives, or (ps_2_0 on, no dsx/dsy, no per-lane flow control) its derivatives only pick
 * the level of detail of samplers whose every λ gives the same sample (texture/lod.ts levelIndependent).
 */
export function chooseShaderLanes(state: RasterState, exe: ShaderExecutable): ShaderLanes {
  if (!exe.usesDerivatives) return 'single';
  if (exe.version < 0x200) return 'quad';
  for (const ins of exe.program.instructions) {
    if (ins.opcode === OP.DSX || ins.opcode === OP.DSY || PER_LANE_FLOW.has(ins.opcode)) return 'quad';
  }
  for (let unit = 0; unit < 16; unit++) {
    if ((exe.samplers & (1 << unit)) === 0) continue;
    const t = state.textures[unit], st = state.samplerStates[unit];
    // an unbound unit reads (0, 0, 0, 1) whatever the derivatives
    if (!t || t.levels.length === 0 || !st) continue;
    if (!levelIndependent(st[D3DSAMP.MAGFILTER], st[D3DSAMP.MINFILTER], st[D3DSAMP.MAXMIPLEVEL], t.levels.length)) return 'quad';
  }
  return 'single';
}

/**
 * The per-fragment function of a draw with a pixel shader (`lanes`: tests force 'quad' to compare).
 * `watch`: the fragments at (watch.x, watch.y) report their fate, with the shader's outputs (inspect
 * --history, --debug-pixel), run as the pixels around them are.
 */
export function shadedPipeline(
  state: RasterState, ps: BoundShader, link: InputLink, stages: ShadedStages, watch?: PixelWatch,
  lanes: ShaderLanes = chooseShaderLanes(state, ps.executable),
): (f: Fragment) => void {
  const exe = ps.executable;
  const io = createShaderIO(PS_IN_SLOTS, PS_OUT_SLOTS, shaderSample(state, 0));
  const quad = lanes === 'quad';
  const helpers = [createFragment(), createFragment(), createFragment(), createFragment()];
  // fixed-function fog for shaders before ps_3_0 (vertex fog factor or table fog from depth); the specular add is the shader's
  const fogStates = state.renderStates.slice();
  fogStates[D3DRS.SPECULARENABLE] = 0;
  const fog = exe.version < 0x300 && state.renderStates[D3DRS.FOGENABLE] !== 0 ? createColorSum('generic', { ...state, renderStates: fogStates }) : null;
  const alphaTest = createAlphaTest(chooseAlphaTest(state), state);
  const { depthStencil, colorWrites } = stages;
  const colors = Array.from({ length: PS_OUT_SLOTS }, () => new Float32Array(4));
  // oC0 (fog, alpha test) and the outputs a colour write stores; the others are never looked at
  const read = Uint8Array.from([0, 1, 2, 3].filter((t) => t === 0 || colorWrites[t] !== null));
  const samples = sampleCount(state);
  const sampleMask = samples > 1 ? state.renderStates[D3DRS.MULTISAMPLEMASK] & (2 ** samples - 1) : 1;

  const { slots, source, set } = link;
  const inputs = io.inputs;
  const load = (src: Fragment, lane: number): void => {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      const at = (slot * LANES + lane) * 4;
      const kind = source[slot];
      if (kind === SOURCE.TEX) {
        const t = 4 * set[slot], tex = src.tex;
        inputs[at] = tex[t]; inputs[at + 1] = tex[t + 1]; inputs[at + 2] = tex[t + 2]; inputs[at + 3] = tex[t + 3];
      } else if (kind === SOURCE.DIFFUSE || kind === SOURCE.SPECULAR) {
        const c = kind === SOURCE.DIFFUSE ? src.diffuse : src.specular;
        inputs[at] = c[0]; inputs[at + 1] = c[1]; inputs[at + 2] = c[2]; inputs[at + 3] = c[3];
      } else {
        inputs[at] = kind === SOURCE.FOG ? src.fog : 0; inputs[at + 1] = 0; inputs[at + 2] = 0; inputs[at + 3] = 0;
      }
    }
  };

  /** Fragment f's quad neighbour at (x + dx, y + dy): interpolated at its centre, or f itself where that fails. */
  const helper = (f: Fragment, dx: number, dy: number, h: Fragment): Fragment => {
    const a = f.interp;
    if (a !== null) {
      const w0 = f.w0 + dx * a.gx[0] + dy * a.gy[0];
      const w1 = f.w1 + dx * a.gx[1] + dy * a.gy[1];
      const w2 = f.w2 + dx * a.gx[2] + dy * a.gy[2];
      if (a.denominator(w0, w1, w2) > 0) { a.shadeAt(h, w0, w1, w2); return h; }
      return f;
    }
    // point sprites: the coordinates are linear in the screen, so their derivatives carry them
    h.z = f.z; h.fog = f.fog; h.diffuse.set(f.diffuse); h.specular.set(f.specular);
    for (let t = 0; t < h.tex.length; t++) h.tex[t] = f.tex[t] + dx * f.texDx[t] + dy * f.texDy[t];
    return h;
  };

  const writeAll = (f: Fragment, i: number): void => { for (let t = 0; t < colorWrites.length; t++) colorWrites[t]?.(colors[t], f.x, f.y, i); };
  const observe = watch ? sampleObserver(state, watch, depthStencil, writeAll) : null;

  return (f) => {
    const watched = watch !== undefined && f.x === watch.x && f.y === watch.y;
    const covered = samples > 1 ? f.coverage & sampleMask : 1;
    if (covered === 0) return;
    if (!quad) {
      load(f, 0);
      io.position[0] = f.x; io.position[1] = f.y; io.position[2] = 0; io.position[3] = 0;
      io.face[0] = f.front ? 1 : -1;
      io.depth[0] = f.z;
      io.killed[0] = 0;
      if (!watched) { exe.run(io, ps.constants, 1); after(f, covered, 0); return; }
      if (watch.shader) watch.shader({ exe, io, constants: ps.constants, lanes: 1, lane: 0, fragment: f });
      else exe.run(io, ps.constants, 1);
      observed(f, 0, covered);
      return;
    }
    const lane = ((f.y & 1) << 1) | (f.x & 1);
    const x0 = f.x & ~1, y0 = f.y & ~1;
    for (let l = 0; l < LANES; l++) {
      const qx = x0 + (l & 1), qy = y0 + (l >> 1);
      const src = l === lane ? f : helper(f, qx - f.x, qy - f.y, helpers[l]);
      load(src, l);
      io.position[4 * l] = qx; io.position[4 * l + 1] = qy; io.position[4 * l + 2] = 0; io.position[4 * l + 3] = 0;
      io.face[l] = f.front ? 1 : -1;
      io.depth[l] = src.z;
      io.killed[l] = 0;
    }
    if (watched && watch.shader) watch.shader({ exe, io, constants: ps.constants, lanes: LANES, lane, fragment: f });
    else exe.run(io, ps.constants, LANES);
    if (watched) observed(f, lane, covered);
    else after(f, covered, lane);
  };

  /** Takes `lane`'s result of the run through the stages after the shader. */
  function after(f: Fragment, covered: number, lane: number): void {
    if (io.killed[lane] !== 0) return;
    readColors(io, lane, colors, read);
    const c0 = colors[0];
    if (fog !== null) fog(f, c0);
    if (!alphaTest(c0)) return;
    if (exe.writesDepth) f.depth = Math.fround(clampDepth(io.depth[lane]));
    else setFragmentDepth(f);
    for (let i = 0; i < samples; i++) {
      if ((covered & (1 << i)) === 0 || !depthStencil(f, i)) continue;
      writeAll(f, i);
    }
  }

  /** The rest of the watched fragment after its run, as above, reporting its fate (the first covered sample's). */
  function observed(f: Fragment, lane: number, covered: number): void {
    readColors(io, lane, colors, EVERY_OUTPUT);
    const shader = { colors: colors.map((c, t) => ((exe.colorOutputs & (1 << t)) !== 0 || (t === 0 && exe.colorOutputs === 0) ? Array.from(c) : null)), depth: exe.writesDepth ? io.depth[lane] : null };
    const c0 = colors[0];
    const raw = state.renderTargets[0] ? rawHex(state.renderTargets[0], f.x, f.y) : '';
    if (io.killed[lane] !== 0) { watch!.fragment({ fate: 'killed by texkill', source: [c0[0], c0[1], c0[2], c0[3]], colorBefore: raw, colorAfter: raw, shader }); return; }
    if (fog !== null) fog(f, c0);
    const source: [number, number, number, number] = [c0[0], c0[1], c0[2], c0[3]];
    if (!alphaTest(c0)) { watch!.fragment({ fate: 'alpha test failed', source, colorBefore: raw, colorAfter: raw, shader }); return; }
    if (exe.writesDepth) f.depth = Math.fround(clampDepth(io.depth[lane]));
    else setFragmentDepth(f);
    let reported = false;
    for (let i = 0; i < samples; i++) {
      if ((covered & (1 << i)) === 0) continue;
      if (!reported) { observe!(f, i, source, shader); reported = true; }
      else if (depthStencil(f, i)) writeAll(f, i);
    }
  }
}

/** Every colour output, for a watched fragment's report. */
const EVERY_OUTPUT = Uint8Array.of(0, 1, 2, 3);

function clampDepth(z: number): number {
  return z > 0 ? (z < 1 ? z : 1) : 0;
}

function readColors(io: ShaderIO, lane: number, colors: Float32Array[], read: Uint8Array): void {
  const o = io.outputs;
  for (let i = 0; i < read.length; i++) {
    const t = read[i], at = (t * LANES + lane) * 4, c = colors[t];
    c[0] = o[at]; c[1] = o[at + 1]; c[2] = o[at + 2]; c[3] = o[at + 3];
  }
}
