/**
 * The textured span path: one texture stage whose colour and alpha are each the
 * texel, the diffuse colour or MODULATE of the two, a 2D UNORM texture read
 * from a single level (one level, MAXMIPLEVEL at the last, or MIPFILTER NONE)
 * with any addressing but BORDER, point or bilinear filtering (chosen per pixel
 * from λ as the generic sampler does when MAG and MIN filters differ), no
 * colour sum or alpha test, written unblended to an 8-bit RGBA target, with
 * optional depth and stencil work. Per pixel it runs the Fragment path's
 * arithmetic (perspective-correct coordinates and derivatives, the sampler's
 * filter, the stage's float32 rounding and the rgba8 encode) with no Fragment.
 * 8-bit RGBA textures filtered LINEAR (MAG and MIN) take fused loops that
 * filter in integers from the stored texture words: Rgba8BilinearSpans for one
 * level and a constant diffuse (or none), Rgba8StageSpans otherwise, which also
 * takes mipmapped textures (the levels chosen per pixel from λ).
 */
import { D3DSAMP, D3DTADDRESS, D3DTEXF, bitsToFloat32 } from '../../../d3d9/index.js';
import { chooseAlphaTest } from '../pixel/alpha-test.js';
import { chooseColorSum } from '../pixel/fog.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import { addressMode } from '../texture/address.js';
import { DecodedLevel } from '../texture/decoded-level.js';
import { isLinearFilter, lodOf, mipFilter } from '../texture/lod.js';
import type { RasterState } from '../types.js';
import type { SurfaceView } from '../../surface-view.js';
import { FORM_DIFFUSE, FORM_MODULATE, FORM_TEXTURE } from './combine-forms.js';
import type { StageAnalysis } from './combine-forms.js';
import { ConstantColor } from './constant.js';
import { DepthStencilSpan } from './depth-stencil.js';
import type { DepthStencilLayoutName } from './depth-stencil.js';
import { LevelSampler } from './level-sampler.js';
import { Rgba8Bilinear, rgba8TextureLanes } from './rgba8-texture.js';
import { Rgba8StageSpans, rgba8Levels } from './rgba8-stage.js';
import type { Rgba8StagePlan } from './rgba8-stage.js';
import { TexCoordRows } from './tex-coords.js';
import { Rgba8BilinearSpans } from './textured-direct.js';
import type { Rgba8Packer, TargetWords } from './target.js';
import { targetWords } from './target.js';
import type { SpanFill, SpanPath } from './types.js';
import { scratchRow } from './words.js';

interface TexturedPlan {
  target: TargetWords;
  pack: Rgba8Packer;
  color: number;
  alpha: number;
  /** the level every sample reads, and level 0's size (the scale of λ) */
  level: SurfaceView;
  width0: number;
  height0: number;
  addrU: number;
  addrV: number;
  magLinear: boolean;
  minLinear: boolean;
  /** MIPMAPLODBIAS (NaN read as 0) */
  bias: number;
  srgb: boolean;
  /** the fused fill's view of the texture: 8-bit RGBA words, both filters LINEAR (undefined: other textures) */
  stage: Rgba8StagePlan | undefined;
  /** the level depends on λ: only the fused fill serves the draw */
  mipmapped: boolean;
}

/**
 * Sampler 0's texture when every sample reads one level, or when the fused fill
 * reads its levels as 8-bit RGBA words; never with border addressing; undefined otherwise.
 */
function texturePart(state: RasterState): Omit<TexturedPlan, 'target' | 'pack' | 'color' | 'alpha'> | undefined {
  const tex = state.textures[0];
  if (!tex || tex.kind !== '2d' || tex.levels.length === 0) return undefined;
  const ss = state.samplerStates[0];
  const addrU = addressMode(ss[D3DSAMP.ADDRESSU]), addrV = addressMode(ss[D3DSAMP.ADDRESSV]);
  if (addrU === D3DTADDRESS.BORDER || addrV === D3DTADDRESS.BORDER) return undefined;
  const last = tex.levels.length - 1;
  const maxMip = Math.min(ss[D3DSAMP.MAXMIPLEVEL] >>> 0, last);
  const level = tex.levels[maxMip];
  const f = level.format;
  if (f.kind !== 'color' || f.blockW !== 1 || f.blockH !== 1 || f.channels.length === 0 || f.channels.some((c) => c.type !== 'unorm')) return undefined;
  const bias = bitsToFloat32(ss[D3DSAMP.MIPMAPLODBIAS]);
  const magLinear = isLinearFilter(ss[D3DSAMP.MAGFILTER]), minLinear = isLinearFilter(ss[D3DSAMP.MINFILTER]);
  const srgb = ss[D3DSAMP.SRGBTEXTURE] !== 0;
  const mip = mipFilter(ss[D3DSAMP.MIPFILTER]);
  // chooseMip reads level MAXMIPLEVEL when magnifying, with MIPFILTER NONE, or when it is the last level
  const mipmapped = maxMip !== last && mip !== D3DTEXF.NONE;
  const lanes = magLinear && minLinear ? rgba8TextureLanes(level, srgb) : undefined;
  const levels = lanes && rgba8Levels(tex.levels);
  const stage: Rgba8StagePlan | undefined = lanes && levels && {
    levels, channel: lanes.channel, alphaOne: lanes.alphaOne, addrU, addrV,
    mip: { magLinear, minLinear, mip, bias: Number.isNaN(bias) ? 0 : bias, maxMip, last },
    width0: tex.levels[0].width, height0: tex.levels[0].height,
  };
  if (mipmapped && !stage) return undefined;
  return {
    level, width0: tex.levels[0].width, height0: tex.levels[0].height, addrU, addrV,
    magLinear, minLinear, bias: Number.isNaN(bias) ? 0 : bias, srgb, stage, mipmapped,
  };
}

/** Can the textured path take this draw (depth-stencil checked separately)? */
export function texturedSpanPlan(state: RasterState, stages: StageAnalysis): TexturedPlan | undefined {
  const target = targetWords(state);
  if (!target || !target.rgba8) return undefined;
  if (chooseColorSum(state) !== 'off' || chooseAlphaTest(state) !== 'off') return undefined;
  const forms = stages.forms;
  if (!forms || !forms.stage.bound || forms.stage.project !== 0) return undefined;
  if (forms.color === FORM_DIFFUSE && forms.alpha === FORM_DIFFUSE) return undefined;
  const tex = texturePart(state);
  return tex && { ...tex, target, pack: target.rgba8, color: forms.color, alpha: forms.alpha };
}

/** One channel of the stage's result from texel t and diffuse d (float32), before the encode's clamp. */
function formValue(form: number, t: number, d: number): number {
  return form === FORM_TEXTURE ? t : form === FORM_DIFFUSE ? d : Math.fround(t * d);
}

/**
 * Per span, named stages over row buffers (each a loop TurboFan compiles on its
 * own): depth-stencil → coordinates (and the filter, when λ decides it) →
 * sampling → combine → encode and store.
 */
export class TexturedSpanPath implements SpanPath, SpanFill {
  readonly name = 'textured';
  private readonly ds: DepthStencilSpan | null;
  /** the decoded-level sampler, made on first use (draws the fused fill takes decode nothing) */
  private levels: LevelSampler | null = null;
  /** the fused fill for 8-bit RGBA textures filtered bilinearly and passed through */
  private readonly direct: Rgba8BilinearSpans | null;
  /** the fused fill for 8-bit RGBA textures filtered LINEAR through any of the forms (and any mip filter) */
  private readonly fused: Rgba8StageSpans | null;
  private readonly constant = new ConstantColor();
  private readonly needsDiffuse: boolean;
  /** the target stores alpha: the sampler computes it */
  private readonly alpha: boolean;
  /** MAG and MIN filters agree: λ is not needed */
  private readonly fixedLinear: boolean | null;
  // row buffers, one entry per pixel of a span: selection (0: not drawn; 1 bilinear, 2 point), u v and 1/Σ wᵢ·rhwᵢ, texel RGBA
  private readonly sel: Int32Array;
  private readonly coords: TexCoordRows;
  private readonly texels: Float32Array;
  private readonly diffuse = new Float32Array(4);
  // the triangle: weight steps, diffuse planes, forms
  private readonly steps = new Float64Array(3);
  private readonly dc = new Float64Array(12);
  private dDx = 0; private dDy = 0;
  private perPixelDiffuse = false;
  private color = 0;
  private alphaForm = 0;

  constructor(state: RasterState, private readonly plan: TexturedPlan, layout: DepthStencilLayoutName | null) {
    this.ds = layout ? new DepthStencilSpan(state, layout) : null;
    this.needsDiffuse = plan.color !== FORM_TEXTURE || plan.alpha !== FORM_TEXTURE;
    this.alpha = plan.pack.alpha;
    this.fixedLinear = plan.magLinear === plan.minLinear ? plan.magLinear : null;
    const n = plan.target.width;
    this.sel = scratchRow(n);
    this.coords = new TexCoordRows(n);
    this.texels = new Float32Array(4 * n);
    const lanes = this.fixedLinear === true && !plan.mipmapped ? rgba8TextureLanes(plan.level, plan.srgb) : undefined;
    const words = lanes && new Rgba8Bilinear(plan.level, lanes, plan.addrU, plan.addrV);
    this.direct = words ? new Rgba8BilinearSpans(words, this.coords, plan.target, this.ds, this.sel) : null;
    this.fused = plan.stage ? new Rgba8StageSpans(plan.stage, this.coords, plan.target, this.ds, this.sel) : null;
  }

  triangle(attr: AttributeSetup, front: boolean, bias: number): SpanFill {
    this.steps.set(attr.gx);
    this.ds?.begin(attr, front, bias);
    const c = attr.coef;
    this.coords.begin(attr);
    this.dDx = attr.dDx; this.dDy = attr.dDy;
    this.perPixelDiffuse = false;
    this.color = this.plan.color;
    this.alphaForm = this.plan.alpha;
    if (this.needsDiffuse) {
      if (this.constant.of(attr, 4)) {
        const d = this.diffuse;
        d.set(this.constant.diffuse);
        // texel × 1 is the texel (a float32 times 1 is exact)
        if (this.color === FORM_MODULATE && d[0] === 1 && d[1] === 1 && d[2] === 1) this.color = FORM_TEXTURE;
        if (this.alphaForm === FORM_MODULATE && d[3] === 1) this.alphaForm = FORM_TEXTURE;
      } else {
        this.perPixelDiffuse = true;
        for (let i = 0; i < 12; i++) this.dc[i] = c[(i / 3 | 0) * 5 + (i % 3)];
      }
    }
    // the stored bytes are the filtered texel's when colour (and alpha, if stored) pass it through
    if (this.direct && !this.perPixelDiffuse) {
      this.direct.forms(this.color, this.alphaForm, this.diffuse);
      return this.direct;
    }
    if (this.fused) {
      this.fused.begin(attr, this.color, this.alphaForm, this.perPixelDiffuse ? null : this.diffuse);
      return this.fused;
    }
    return this;
  }

  private levelSampler(): LevelSampler {
    const p = this.plan;
    return this.levels ?? (this.levels = new LevelSampler(new DecodedLevel(p.level, { srgb: p.srgb }), p.addrU, p.addrV));
  }

  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const n = x1 - x0, sel = this.sel;
    sel.fill(this.ds ? 0 : 1, 0, n);
    this.ds?.run(y, x0, x1, e0, e1, e2, sel, -x0, 1);
    this.coords.run(n, e0, e1, e2);
    if (this.fixedLinear === null) this.chooseFilters(n);
    if (this.fixedLinear !== false) this.levelSampler().bilinearSpan(n, this.coords.st, sel, 1, this.texels, this.alpha);
    if (this.fixedLinear !== true) this.levelSampler().pointSpan(n, this.coords.st, sel, this.fixedLinear === false ? 1 : 2, this.texels);
    if (this.color !== FORM_TEXTURE || this.alphaForm !== FORM_TEXTURE) this.combine(n, e0, e1, e2);
    this.encode(y * this.plan.target.pitch + x0, n);
  }

  /** Bilinear (sel 1) or point (sel 2) per drawn pixel from λ: the shade's derivatives, the sampler's lodOf and chooseMip. */
  private chooseFilters(n: number): void {
    const uv = this.coords.uv, st = this.coords.st, inv = this.coords.inv, sel = this.sel, p = this.plan;
    for (let k = 0; k < n; k++) {
      if (sel[k] === 0) continue;
      const u = st[2 * k], v = st[2 * k + 1], q = inv[k];
      const dudx = (uv[3] - u * this.dDx) * q, dudy = (uv[4] - u * this.dDy) * q;
      const dvdx = (uv[8] - v * this.dDx) * q, dvdy = (uv[9] - v * this.dDy) * q;
      const lambda = lodOf(dudx * p.width0, dvdx * p.height0, dudy * p.width0, dvdy * p.height0);
      sel[k] = (lambda + p.bias > 0 ? p.minLinear : p.magLinear) ? 1 : 2;
    }
  }

  /** The stage's colour from texel and diffuse, in place of the texel (a float32, as the stage's result register). */
  private combine(n: number, e0: number, e1: number, e2: number): void {
    const t = this.texels, d = this.diffuse, sel = this.sel, color = this.color, alpha = this.alphaForm;
    for (let k = 0; k < n; k++) {
      if (sel[k] === 0) continue;
      if (this.perPixelDiffuse) this.diffuseAt(e0 + k * this.steps[0], e1 + k * this.steps[1], e2 + k * this.steps[2], this.coords.inv[k]);
      const o = 4 * k;
      t[o] = formValue(color, t[o], d[0]); t[o + 1] = formValue(color, t[o + 1], d[1]); t[o + 2] = formValue(color, t[o + 2], d[2]);
      t[o + 3] = formValue(alpha, t[o + 3], d[3]);
    }
  }

  /** Encodes and stores each drawn pixel's colour. */
  private encode(at: number, n: number): void {
    const words = this.plan.target.words, pack = this.plan.pack, t = this.texels, sel = this.sel;
    for (let k = 0; k < n; k++) {
      if (sel[k] !== 0) words[at + k] = pack.pack(t[4 * k], t[4 * k + 1], t[4 * k + 2], t[4 * k + 3]);
    }
  }

  /** The diffuse colour as AttributeSetup.shade stores it (float32 of the clamped interpolant). */
  private diffuseAt(w0: number, w1: number, w2: number, inv: number): void {
    const c = this.dc, d = this.diffuse;
    for (let j = 0, k = 0; j < 4; j++, k += 3) {
      const v = (w0 * c[k] + w1 * c[k + 1] + w2 * c[k + 2]) * inv;
      d[j] = v > 0 ? (v < 1 ? v : 1) : 0;
    }
  }
}
