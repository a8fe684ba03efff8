/**
 * The untextured span path ('color'): the texture stages read no texture and
 * fog is off, so a triangle whose diffuse and specular colours are constant
 * (FLAT, or three equal vertex colours: constant.ts) has one pixel word, found
 * once through the draw's own stages. Each row is then a typed-array fill, or,
 * with depth or stencil work, a loop testing each pixel and storing the word.
 * When the stages pass the diffuse colour through, a Gouraud-shaded triangle
 * is interpolated per pixel with the Fragment path's arithmetic. Any other
 * triangle goes per pixel.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { chooseAlphaTest } from '../pixel/alpha-test.js';
import { chooseColorSum } from '../pixel/fog.js';
import type { PixelStages } from '../pixel/index.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import type { RasterState } from '../types.js';
import type { StageAnalysis } from './combine-forms.js';
import { ColorProbe, ConstantColor } from './constant.js';
import { DepthStencilSpan } from './depth-stencil.js';
import type { DepthStencilLayoutName } from './depth-stencil.js';
import type { Rgba8Packer, TargetWords } from './target.js';
import { targetWords } from './target.js';
import { NO_FILL } from './types.js';
import { scratchRow } from './words.js';
import type { SpanFill, SpanPath } from './types.js';

interface ColorPlan {
  /** null: no colour is written */
  target: TargetWords | null;
  /** the colour matters: it is written or alpha-tested */
  needColor: boolean;
  /** the colour is the diffuse colour as interpolated (specular unused) */
  diffuseOnly: boolean;
  /** a triangle of varying colours can be shaded per pixel: diffuse only, no alpha test, an 8-bit RGBA target */
  gouraud: boolean;
}

/** Can the 'color' path take this draw (depth-stencil checked separately)? */
export function colorSpanPlan(state: RasterState, stages: StageAnalysis): ColorPlan | undefined {
  const target = targetWords(state);
  if (target === undefined) return undefined;
  const alphaTest = chooseAlphaTest(state) !== 'off';
  const needColor = target !== null || alphaTest;
  if (needColor && (stages.samplesTexture || state.renderStates[D3DRS.FOGENABLE] !== 0)) return undefined;
  const diffuseOnly = chooseColorSum(state) === 'off' && stages.passesDiffuse;
  const gouraud = diffuseOnly && !alphaTest && target !== null && target.rgba8 !== undefined;
  return { target, needColor, diffuseOnly, gouraud };
}

/** A fill storing one word per written pixel. */
interface WordFill extends SpanFill {
  word: number;
}

/**
 * Rows of one word: a typed-array fill. 4-byte words are filled through a Uint32Array over the
 * same bytes: V8 fills a Uint32Array with a uint32 value markedly faster than an Int32Array with
 * a negative one (every word with its top bit set), and the stored bits are the same.
 */
class FillSpans implements WordFill {
  readonly ignoresWeights = true;
  /**
   * The word in an array of any values: a uint32 above 2^30 read from a number field is boxed
   * anew for every fill call (a heap number per row), one read from here is the same object.
   */
  private readonly value: unknown[] = [null];
  private readonly words: Uint8Array | Uint16Array | Uint32Array;
  private readonly pitch: number;
  constructor(t: TargetWords) {
    const w = t.words;
    this.words = w instanceof Int32Array ? new Uint32Array(w.buffer, w.byteOffset, w.length) : w;
    this.pitch = t.pitch;
  }
  get word(): number { return this.value[0] as number; }
  set word(v: number) { this.value[0] = this.words instanceof Uint32Array ? v >>> 0 : v; }
  span(y: number, x0: number, x1: number): void {
    const row = y * this.pitch;
    this.words.fill(this.value[0] as number, row + x0, row + x1);
  }
}

/** Each pixel through the depth-stencil tests, storing one word where they pass (into a scratch row without a target). */
class TestedSpans implements WordFill {
  word = 0;
  constructor(private readonly ds: DepthStencilSpan, private readonly t: TargetWords | null, private readonly scratch: Int32Array) {}
  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    if (this.t) this.ds.run(y, x0, x1, e0, e1, e2, this.t.words, y * this.t.pitch, this.word);
    else this.ds.run(y, x0, x1, e0, e1, e2, this.scratch, -x0, 0);
  }
}

/** The diffuse colour interpolated per pixel (AttributeSetup.shade's arithmetic) into an 8-bit RGBA word. */
class GouraudSpans implements SpanFill {
  private readonly c = new Float64Array(12);
  private r0 = 0; private r1 = 0; private r2 = 0;
  constructor(private readonly t: TargetWords, private readonly pack: Rgba8Packer, private readonly ds: DepthStencilSpan | null, private readonly steps: Float64Array, private readonly mask: Int32Array) {}

  begin(attr: AttributeSetup): this {
    for (let i = 0; i < 12; i++) this.c[i] = attr.coef[(i / 3 | 0) * 5 + (i % 3)];
    this.r0 = attr.rhw0; this.r1 = attr.rhw1; this.r2 = attr.rhw2;
    return this;
  }

  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const { c, pack, mask } = this, words = this.t.words;
    const n = x1 - x0;
    mask.fill(this.ds ? 0 : 1, 0, n);
    this.ds?.run(y, x0, x1, e0, e1, e2, mask, -x0, 1);
    const s0 = this.steps[0], s1 = this.steps[1], s2 = this.steps[2];
    const at = y * this.t.pitch + x0;
    for (let k = 0; k < n; k++) {
      if (mask[k] === 0) continue;
      const w0 = e0 + k * s0, w1 = e1 + k * s1, w2 = e2 + k * s2;
      const inv = 1 / (w0 * this.r0 + w1 * this.r1 + w2 * this.r2);
      words[at + k] = pack.pack(
        channelAt(c, 0, w0, w1, w2, inv), channelAt(c, 3, w0, w1, w2, inv),
        channelAt(c, 6, w0, w1, w2, inv), channelAt(c, 9, w0, w1, w2, inv),
      );
    }
  }
}

/** One diffuse channel as the Fragment stores it: fround(clamp01(Σ wᵢ·cᵢ · inv)). */
function channelAt(c: Float64Array, k: number, e0: number, e1: number, e2: number, inv: number): number {
  const v = (e0 * c[k] + e1 * c[k + 1] + e2 * c[k + 2]) * inv;
  return Math.fround(v > 0 ? (v < 1 ? v : 1) : 0);
}

export class ColorSpanPath implements SpanPath {
  readonly name = 'color';
  private readonly ds: DepthStencilSpan | null;
  private readonly constant = new ConstantColor();
  private readonly probe: ColorProbe;
  /** the constant-colour fill: tested per pixel when there is depth or stencil work */
  private readonly fill: WordFill | null;
  private readonly gouraud: GouraudSpans | null;
  /** the triangle's weight steps per pixel */
  private readonly steps = new Float64Array(3);

  constructor(state: RasterState, stages: PixelStages, private readonly plan: ColorPlan, layout: DepthStencilLayoutName | null) {
    const t = plan.target;
    const mask = scratchRow(Math.max(state.renderTargets[0]?.width ?? 0, state.depthStencil?.width ?? 0));
    this.ds = layout ? new DepthStencilSpan(state, layout) : null;
    this.probe = new ColorProbe(state, stages, t?.rgba8);
    this.fill = this.ds ? new TestedSpans(this.ds, t, mask) : t ? new FillSpans(t) : null;
    this.gouraud = t && t.rgba8 && plan.gouraud ? new GouraudSpans(t, t.rgba8, this.ds, this.steps, mask) : null;
  }

  triangle(attr: AttributeSetup, front: boolean, bias: number): SpanFill | null {
    this.steps.set(attr.gx);
    this.ds?.begin(attr, front, bias);
    if (!this.plan.needColor) return this.fill ?? NO_FILL;
    if (this.constant.of(attr, this.plan.diffuseOnly ? 4 : 8)) {
      const word = this.probe.word(this.constant);
      // every pixel fails the alpha test: nothing is written, depth and stencil included
      if (word === null) return NO_FILL;
      if (!this.fill) return NO_FILL;
      this.fill.word = word;
      return this.fill;
    }
    return this.gouraud && !attr.flat ? this.gouraud.begin(attr) : null;
  }
}
