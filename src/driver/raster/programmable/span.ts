/**
 * The span path of pixel shader draws: the rasterizer hands each single-sample triangle's rows to
 * it, and it runs the compiled shader over a row SPAN_LANES lanes at a time (ShaderExecutable
 * .spanRun) instead of one run per pixel. It computes what the per-fragment path (pixel.ts) does,
 * in the same arithmetic, so it draws the same bytes:
 *
 * - inputs: only the slots the shader reads, each component interpolated as AttributeSetup.shadeAt
 *   does (perspective-correct, colours and fog clamped, FLAT colours from the provoking vertex),
 *   without the derivatives of the coordinate sets the shader never sees;
 * - one lane per pixel where chooseShaderLanes says 'single' (derivatives read 0, as in a one-lane
 *   run: implicit-level samples of 2D textures magnify, MagnifiedSampler); otherwise the row's 2×2
 *   quads, four lanes each, with the other pixels of a quad interpolated at their own centres as
 *   helpers. Where a helper's interpolation fails (its Σ wᵢ·rhwᵢ is not positive) the per-fragment
 *   path stands in for it, whose helper is then the drawn pixel itself;
 * - after the run, per drawn pixel: texkill, fog (before ps_3_0), alpha test, oDepth or the
 *   interpolated depth, depth-stencil and the colour writes: the draw's own stages.
 *
 * Not taken (createShadedSpanPath returns null): a shader on the interpreter, multisampled surfaces,
 * a watched pixel or an open occlusion query (the draw decides those).
 */
import { D3DRS } from '../../../d3d9/index.js';
import { OP, REG } from '../../../shader/index.js';
import type { ShaderExecutable } from '../../shader/types.js';
import type { ShaderIO, SpanRun } from '../../shader/types.js';
import { PS_IN, PS_IN_SLOTS, PS_OUT_SLOTS, SPAN_LANES } from '../../shader/types.js';
import { createAlphaTest, chooseAlphaTest } from '../pixel/alpha-test.js';
import { chooseDepthStencil } from '../pixel/depth-stencil.js';
import { setFragmentDepth } from '../pixel/depth.js';
import { createColorSum } from '../pixel/fog.js';
import type { AlphaTestStage, ColorSumStage, DepthStencilStage } from '../pixel/types.js';
import { createFragment } from '../setup/context.js';
import { CH_FOG, CH_SPECULAR, CH_TEX } from '../setup/interpolate.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import { targetWords } from '../span/target.js';
import type { Rgba8Packer } from '../span/target.js';
import type { SpanFill, SpanPath } from '../span/types.js';
import type { WordArray } from '../span/words.js';
import type { BoundShader, ClipVertex, Fragment, RasterState } from '../types.js';
import { SOURCE } from './link.js';
import type { InputLink } from './link.js';
import type { ShadedStages, ShaderLanes } from './pixel.js';
import { magnifiedSample, shaderSample } from './sample.js';

// module-scope copies: the hot loops read plain constants and functions, not imported bindings
const WIDTH = SPAN_LANES;
/** Floats per register slot of a span run's arrays. */
const SPAN_SLOT = SPAN_LANES * 4;
/** Quads per span run. */
const SPAN_QUADS = SPAN_LANES / 4;
const { TEX, DIFFUSE, SPECULAR, FOG } = SOURCE;
const FOG_COEF = CH_FOG * 5;
const setDepth = setFragmentDepth;

function spanIO(sample: ShaderIO['sample']): ShaderIO {
  return {
    inputs: new Float32Array(PS_IN_SLOTS * SPAN_SLOT), outputs: new Float32Array(PS_OUT_SLOTS * SPAN_SLOT),
    position: new Float32Array(SPAN_LANES * 4), face: new Float32Array(SPAN_LANES), depth: new Float32Array(SPAN_LANES),
    killed: new Uint8Array(SPAN_LANES), sample,
  };
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** Whether every bound surface holds one sample per pixel (the span loops write sample 0 only). */
function singleSample(state: RasterState): boolean {
  return state.renderTargets.every((s) => !s || s.samples === 1) && (state.depthStencil?.samples ?? 1) === 1;
}

/**
 * The span path of a shader draw, or null when it cannot take the draw. `perFragment` is the draw's
 * per-fragment function (shadedPipeline with the same lanes), for the quads it hands back.
 */
export function createShadedSpanPath(
  state: RasterState, ps: BoundShader, link: InputLink, stages: ShadedStages, lanes: ShaderLanes, perFragment: (f: Fragment) => void,
): SpanPath | null {
  const run = ps.executable.spanRun?.(lanes === 'quad') ?? null;
  if (run === null || !singleSample(state)) return null;
  return new ShadedSpanPath(state, ps, link, stages, lanes === 'quad', run, perFragment);
}

/** Per read input slot: where it comes from (SOURCE), for TEX the first channel and the set, and the components read (bit c). */
interface Load { slot: number; source: number; channel: number; set: number; comps: number }

/** D3DSAMPLER_TEXTURE_TYPE of dcl_2d. */
const SAMPLER_2D = 2;

/**
 * Per input slot, the components an instruction can read (bit c): every component a source's
 * swizzle selects, but only x and y of a plain texld's coordinates on a 2D sampler (z is not a 2D
 * coordinate and w no level). ps_1_x (t registers copied whole) and relative input reads: all.
 */
function readComponents(exe: ShaderExecutable): Uint8Array {
  const masks = new Uint8Array(PS_IN_SLOTS);
  if (exe.version < 0x200) return masks.fill(0xf);
  const types = new Uint8Array(16);
  for (const ins of exe.program.instructions) if (ins.opcode === OP.DCL && ins.dst?.type === REG.SAMPLER && ins.dcl) types[ins.dst.num] = ins.dcl.textureType;
  const slotOf = (type: number, num: number): number => (type === REG.INPUT ? (exe.version >= 0x300 ? num : PS_IN.V0 + num) : type === REG.TEXTURE && exe.version < 0x300 ? PS_IN.T0 + num : -1);
  for (const ins of exe.program.instructions) {
    const reads = ins.opcode === OP.TEXKILL && ins.dst ? [{ ...ins.dst, swizzle: 0xe4, rel: undefined }] : [];
    const coords2d = ins.opcode === OP.TEX && ins.controls === 0 && types[ins.src[1]?.num ?? 0] === SAMPLER_2D;
    for (const [i, src] of [...ins.src.entries(), ...reads.entries()]) {
      const slot = slotOf(src.type, src.num);
      if (slot < 0 || slot >= PS_IN_SLOTS) continue;
      if (src.rel) return masks.fill(0xf);
      const n = coords2d && i === 0 && ins.src[0] === src ? 2 : 4;
      for (let c = 0; c < n; c++) masks[slot] |= 1 << ((src.swizzle >>> (2 * c)) & 3);
    }
  }
  return masks;
}

class ShadedSpanPath implements SpanPath, SpanFill {
  readonly name = 'shader';
  private readonly io: ShaderIO;
  private readonly loads: Load[];
  private readonly fog: ColorSumStage | null;
  /** null: off (every colour passes) */
  private readonly alphaTest: AlphaTestStage | null;
  /** null: no depth or stencil work (every sample passes) */
  private readonly depthStencil: DepthStencilStage | null;
  /** render target 0 as pixel words with its rgba8 packer, when it is the one target written, unblended and unmasked (span/target.ts) */
  private readonly words: WordArray | null = null;
  private readonly pitch: number = 0;
  private readonly pack: Rgba8Packer | null = null;
  private readonly direct: boolean;
  private readonly needsDepth: boolean;
  private readonly colors = Array.from({ length: PS_OUT_SLOTS }, () => new Float32Array(4));
  /** oC0 and the outputs a colour write stores */
  private readonly read: Uint8Array;
  private readonly writesDepth: boolean;
  /** the post-shader stages' fragment, and one for the per-fragment path */
  private readonly frag = createFragment();
  private readonly handed = createFragment();
  /** per lane: the depth before bias (double, as Fragment.z), the fog factor, the pixel (−1: a helper) */
  private readonly z = new Float64Array(SPAN_LANES);
  private readonly fogs = new Float64Array(SPAN_LANES);
  private readonly px = new Int32Array(SPAN_LANES);
  /** per lane: the three weights and 1 / Σ wᵢ·rhwᵢ */
  private readonly w0 = new Float64Array(SPAN_LANES);
  private readonly w1 = new Float64Array(SPAN_LANES);
  private readonly w2 = new Float64Array(SPAN_LANES);
  private readonly inv = new Float64Array(SPAN_LANES);
  private attr!: AttributeSetup;
  private flat: ClipVertex | null = null;
  private face = 1;

  constructor(
    state: RasterState, private readonly ps: BoundShader, link: InputLink, private readonly stages: ShadedStages,
    private readonly quads: boolean, private readonly run: SpanRun, private readonly perFragment: (f: Fragment) => void,
  ) {
    const exe = ps.executable;
    this.io = spanIO(quads ? shaderSample(state, 0) : magnifiedSample(state));
    const comps = readComponents(exe);
    this.loads = Array.from(link.slots, (slot) => {
      const source = link.source[slot];
      const channel = source === SOURCE.TEX ? CH_TEX + 4 * link.set[slot] : source === SOURCE.SPECULAR ? CH_SPECULAR : source === SOURCE.FOG ? CH_FOG : 0;
      return { slot, source, channel, set: link.set[slot], comps: comps[slot] };
    });
    // as pixel.ts: fixed-function fog before ps_3_0, without the specular add (the shader's)
    const fogStates = state.renderStates.slice();
    fogStates[D3DRS.SPECULARENABLE] = 0;
    this.fog = exe.version < 0x300 && state.renderStates[D3DRS.FOGENABLE] !== 0 ? createColorSum('generic', { ...state, renderStates: fogStates }) : null;
    this.alphaTest = chooseAlphaTest(state) === 'off' ? null : createAlphaTest('generic', state);
    this.depthStencil = chooseDepthStencil(state) === 'none' ? null : stages.depthStencil;
    const target = stages.colorWrites.every((w, t) => (w === null) === (t !== 0)) ? targetWords(state) : null;
    if (target && target.rgba8) { this.words = target.words; this.pitch = target.pitch; this.pack = target.rgba8; }
    // no texkill, fog, alpha test or depth-stencil work: every lane's oC0 goes straight to its word
    // the depth: for fog, the depth-stencil test and what a lane keeps where the shader writes no oDepth
    this.needsDepth = this.fog !== null || this.depthStencil !== null || exe.writesDepth;
    this.direct = this.pack !== null && this.fog === null && this.alphaTest === null && this.depthStencil === null
      && !exe.program.instructions.some((ins) => ins.opcode === OP.TEXKILL);
    this.read = Uint8Array.from([0, 1, 2, 3].filter((t) => t === 0 || stages.colorWrites[t] !== null));
    this.writesDepth = exe.writesDepth;
    this.frag.triangle = true;
    this.handed.triangle = true;
    this.handed.coverage = 1;
  }

  triangle(attr: AttributeSetup, front: boolean, bias: number): SpanFill {
    this.attr = attr;
    this.flat = attr.flat;
    this.face = front ? 1 : -1;
    this.frag.front = front; this.frag.bias = bias;
    this.handed.front = front; this.handed.bias = bias;
    return this;
  }

  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    if (this.quads) this.quadSpan(y, x0, x1, e0, e1, e2);
    else this.pixelSpan(y, x0, x1, e0, e1, e2);
  }

  /** One lane per pixel, SPAN_LANES pixels a run. */
  private pixelSpan(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const gx = this.attr.gx, gx0 = gx[0], gx1 = gx[1], gx2 = gx[2], pos = this.io.position;
    const W0 = this.w0, W1 = this.w1, W2 = this.w2;
    for (let x = x0; x < x1; x += WIDTH) {
      const n = Math.min(WIDTH, x1 - x);
      for (let l = 0; l < n; l++) {
        const k = x - x0 + l;
        W0[l] = e0 + k * gx0; W1[l] = e1 + k * gx1; W2[l] = e2 + k * gx2;
        pos[4 * l] = x + l; pos[4 * l + 1] = y; pos[4 * l + 2] = 0; pos[4 * l + 3] = 0;
      }
      this.load(n);
      this.run(this.io, this.ps.constants, n);
      if (this.direct) this.store(n, y * this.pitch + x);
      else for (let l = 0; l < n; l++) this.after(l, x + l, y);
    }
  }

  /**
   * The row's 2×2 quads, SPAN_QUADS a run: lane 4q + j is pixel (qx + (j & 1), qy + (j >> 1)) of
   * quad q; after the run the lanes of row y inside [x0, x1) are drawn, the others are helpers.
   */
  private quadSpan(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const a = this.attr, gx = a.gx, gy = a.gy, pos = this.io.position;
    const qy = y & ~1, row = (y & 1) << 1;
    let q = 0;
    const flush = (): void => {
      if (q === 0) return;
      this.load(4 * q);
      this.run(this.io, this.ps.constants, 4 * q);
      for (let l = 0; l < 4 * q; l++) if (this.px[l] >= 0) this.after(l, this.px[l], y);
      q = 0;
    };
    for (let qx = x0 & ~1; qx < x1; qx += 2) {
      // a helper whose interpolation fails: the per-fragment path draws this quad's pixels of the row
      let fails = false;
      for (let j = 0; j < 4 && !fails; j++) {
        const dx = qx + (j & 1) - x0, dy = qy + (j >> 1) - y;
        fails = !(a.denominator(e0 + dx * gx[0] + dy * gy[0], e1 + dx * gx[1] + dy * gy[1], e2 + dx * gx[2] + dy * gy[2]) > 0);
      }
      if (fails) {
        for (let x = Math.max(qx, x0); x < Math.min(qx + 2, x1); x++) this.hand(x, y, e0 + (x - x0) * gx[0], e1 + (x - x0) * gx[1], e2 + (x - x0) * gx[2]);
        continue;
      }
      for (let j = 0; j < 4; j++) {
        const l = 4 * q + j, x = qx + (j & 1), py = qy + (j >> 1), dx = x - x0, dy = py - y;
        this.w0[l] = e0 + dx * gx[0] + dy * gy[0]; this.w1[l] = e1 + dx * gx[1] + dy * gy[1]; this.w2[l] = e2 + dx * gx[2] + dy * gy[2];
        pos[4 * l] = x; pos[4 * l + 1] = py; pos[4 * l + 2] = 0; pos[4 * l + 3] = 0;
        this.px[l] = (j & 2) === row && x >= x0 && x < x1 ? x : -1;
      }
      if (++q === SPAN_QUADS) flush();
    }
    flush();
  }

  /** Pixel (x, y) through the per-fragment path, shaded at weights w as the rasterizer shades it. */
  private hand(x: number, y: number, w0: number, w1: number, w2: number): void {
    const f = this.handed;
    f.x = x; f.y = y;
    this.attr.shade(f, w0, w1, w2);
    this.perFragment(f);
  }

  /** Lanes 0..n−1's inputs, depth, face and fog at their weights (AttributeSetup.shadeAt's arithmetic, for what the shader reads). */
  private load(n: number): void {
    const a = this.attr, I = this.io.inputs, flat = this.flat, W0 = this.w0, W1 = this.w1, W2 = this.w2, INV = this.inv;
    const z0 = a.z0, z1 = a.z1, z2 = a.z2, zNorm = a.zNorm, r0 = a.rhw0, r1 = a.rhw1, r2 = a.rhw2, depth = this.io.depth, face = this.io.face;
    for (let l = 0; l < n; l++) {
      const w0 = W0[l], w1 = W1[l], w2 = W2[l];
      face[l] = this.face;
      INV[l] = 1 / (w0 * r0 + w1 * r1 + w2 * r2);
      if (!this.needsDepth) continue;
      const z = clamp01((w0 * z0 + w1 * z1 + w2 * z2) * zNorm);
      this.z[l] = z; depth[l] = z;
    }
    if (this.fog !== null) {
      const c = a.coef, c0 = c[FOG_COEF], c1 = c[FOG_COEF + 1], c2 = c[FOG_COEF + 2], fogs = this.fogs;
      for (let l = 0; l < n; l++) fogs[l] = clamp01((W0[l] * c0 + W1[l] * c1 + W2[l] * c2) * INV[l]);
    }
    const loads = this.loads;
    for (let i = 0; i < loads.length; i++) {
      const ld = loads[i], at = ld.slot * SPAN_SLOT;
      switch (ld.source) {
        case TEX:
          if (flat !== null && (a.flatSets & (1 << ld.set)) !== 0) {
            const t = flat.tex, s = 4 * ld.set;
            for (let l = 0, o = at; l < n; l++, o += 4) { I[o] = t[s]; I[o + 1] = t[s + 1]; I[o + 2] = t[s + 2]; I[o + 3] = t[s + 3]; }
          } else {
            // components no instruction reads keep what they held
            for (let comp = 0; comp < 4; comp++) if ((ld.comps >>> comp) & 1) this.interpolate(n, (ld.channel + comp) * 5, false, I, at + comp, 4);
          }
          break;
        case DIFFUSE: case SPECULAR: {
          // FLAT: the provoking vertex's colour, but for specular alpha (reference E: still interpolated)
          const held = flat === null ? 0 : ld.source === DIFFUSE ? 4 : 3;
          const v = ld.source === DIFFUSE ? flat?.diffuse : flat?.specular;
          for (let comp = 0; comp < 4; comp++) {
            if (comp < held) {
              const k = clamp01(v![comp]);
              for (let l = 0, o = at + comp; l < n; l++, o += 4) I[o] = k;
            } else this.interpolate(n, (ld.channel + comp) * 5, true, I, at + comp, 4);
          }
          break;
        }
        case FOG:
          this.interpolate(n, FOG_COEF, true, I, at, 4);
          for (let l = 0, o = at; l < n; l++, o += 4) { I[o + 1] = 0; I[o + 2] = 0; I[o + 3] = 0; }
          break;
        default:
          I.fill(0, at, at + 4 * n);
      }
    }
  }

  /** out[o + l·step] = the channel at coef[k..k+2] for lanes 0..n−1, clamped to [0, 1] when `clamp` (colours, fog). */
  private interpolate(n: number, k: number, clamp: boolean, out: Float32Array, o: number, step: number): void {
    const c = this.attr.coef, c0 = c[k], c1 = c[k + 1], c2 = c[k + 2], W0 = this.w0, W1 = this.w1, W2 = this.w2, INV = this.inv;
    if (clamp) {
      for (let l = 0; l < n; l++, o += step) out[o] = clamp01((W0[l] * c0 + W1[l] * c1 + W2[l] * c2) * INV[l]);
    } else {
      for (let l = 0; l < n; l++, o += step) out[o] = (W0[l] * c0 + W1[l] * c1 + W2[l] * c2) * INV[l];
    }
  }

  /** Lanes 0..n−1's oC0 packed into the target words from `at` on (`direct`: nothing between the shader and the store). */
  private store(n: number, at: number): void {
    const O = this.io.outputs, words = this.words!, pack = this.pack!;
    for (let l = 0, o = 0; l < n; l++, o += 4) words[at + l] = pack.pack(O[o], O[o + 1], O[o + 2], O[o + 3]);
  }

  /** Lane l's result at pixel (x, y) through the stages after the shader (pixel.ts `after`, one sample). */
  private after(l: number, x: number, y: number): void {
    const io = this.io;
    if (io.killed[l] !== 0) return;
    const O = io.outputs, read = this.read, colors = this.colors;
    for (let i = 0; i < read.length; i++) {
      const t = read[i], at = t * SPAN_SLOT + 4 * l, col = colors[t];
      col[0] = O[at]; col[1] = O[at + 1]; col[2] = O[at + 2]; col[3] = O[at + 3];
    }
    const f = this.frag, c0 = colors[0];
    f.x = x; f.y = y; f.z = this.z[l];
    if (this.fog !== null) { f.fog = this.fogs[l]; this.fog(f, c0); }
    if (this.alphaTest !== null && !this.alphaTest(c0)) return;
    if (this.depthStencil !== null) {
      if (this.writesDepth) f.depth = Math.fround(clamp01(io.depth[l]));
      else setDepth(f);
      if (!this.depthStencil(f, 0)) return;
    }
    if (this.pack !== null) { this.words![y * this.pitch + x] = this.pack.pack(c0[0], c0[1], c0[2], c0[3]); return; }
    const writes = this.stages.colorWrites;
    for (let t = 0; t < writes.length; t++) writes[t]?.(colors[t], x, y, 0);
  }
}
