/**
 * What one draw's rasterization derives from the frozen RasterState once:
 * the pixel rectangle, clip planes, the render states setup reads, the sample
 * pattern, and the reused Fragment and scratch objects (no per-pixel allocation).
 */
import { D3DCULL, D3DFILL, D3DRS, D3DSHADE, D3DTOP, D3DTSS, bitsToFloat32 } from '../../../d3d9/index.js';
import { MAX_TEXCOORDS, MAX_VARYINGS } from '../types.js';
import type { ClipVertex, Fragment, RasterState, ScreenVertex } from '../types.js';
import type { SpanPath } from '../span/types.js';
import { pretransformedPlanes, transformedPlanes, type ClipPlanes } from './clip.js';
import { HALF } from './fixed.js';
import { AttributeSetup } from './interpolate.js';
import { samplePattern, type SamplePattern } from './samples.js';
import { newScreenVertex } from './viewport.js';
import { drawCaches, KeptByParts } from '../state-key.js';

export type EmitFragment = (f: Fragment) => void;

/** Screen vertex slots: a triangle cut by 6 fixed and 6 user planes keeps at most 15 vertices; the last slot is a point's. */
export const SCREEN_SLOTS = 16;
export const POINT_SLOT = SCREEN_SLOTS - 1;

export interface RasterContext {
  readonly state: RasterState;
  /** called once per covered pixel (of primitives not drawn as spans) with the same Fragment object; treat it as read-only */
  readonly emit: EmitFragment;
  /** asked for a row consumer per single-sample triangle; null: every pixel goes to `emit` */
  readonly spans: SpanPath | null;
  readonly frag: Fragment;
  /** pixels that may be written: render target ∩ viewport (∩ scissor); right and bottom exclusive */
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly transformedPlanes: ClipPlanes;
  readonly pretransformedPlanes: ClipPlanes;
  readonly cullMode: number;
  readonly fillMode: number;
  readonly flatShading: boolean;
  readonly lastPixel: boolean;
  readonly pointSprite: boolean;
  readonly pointSizeMin: number;
  readonly pointSizeMax: number;
  readonly depthBias: number;
  readonly slopeScaleDepthBias: number;
  /** positions coverage is tested at (the centre only when the target is not multisampled or MULTISAMPLEANTIALIAS is off) */
  readonly pattern: SamplePattern;
  /** coverage bits when the pattern is the centre only: every sample, ANDed with MULTISAMPLEMASK */
  readonly fullCoverage: number;
  /** MULTISAMPLEMASK restricted to the target's samples */
  readonly sampleMask: number;
  /** how far samples reach from the pixel centre (fixed point), to widen bounding boxes */
  readonly sampleReach: number;
  readonly texSets: number;
  readonly attr: AttributeSetup;
  /** screen vertices of the primitive being drawn (a clipped polygon has at most 15), and POINT_SLOT */
  readonly screen: ScreenVertex[];
}

/** Texture sets the pixel stages can read: stages before the first with COLOROP = DISABLE. */
export function activeTextureSets(state: RasterState): number {
  let n = 0;
  while (n < MAX_TEXCOORDS && state.stageStates[n] && state.stageStates[n][D3DTSS.COLOROP] !== D3DTOP.DISABLE) n++;
  return n;
}

export function createFragment(): Fragment {
  return {
    x: 0, y: 0, z: 0, bias: 0, depth: 0, front: true, triangle: false,
    diffuse: new Float32Array(4), specular: new Float32Array(4), fog: 1,
    tex: new Float64Array(4 * (MAX_TEXCOORDS + MAX_VARYINGS)),
    texDx: new Float64Array(4 * (MAX_TEXCOORDS + MAX_VARYINGS)),
    texDy: new Float64Array(4 * (MAX_TEXCOORDS + MAX_VARYINGS)),
    eyeZ: 0, coverage: 0, interp: null, w0: 1, w1: 0, w2: 0,
  };
}

interface PixelRect { left: number; top: number; right: number; bottom: number }

/**
 * Render target ∩ viewport, ∩ scissor rect when D3DRS_SCISSORTESTENABLE (reference E). A
 * depth-stencil surface smaller than the render target (which D3D9 requires not to happen and
 * leaves undefined) also clips, while depth or stencil testing uses it: pixels it does not cover
 * are not drawn.
 */
export function pixelRect(state: RasterState): PixelRect {
  const vp = state.viewport;
  const r = { left: vp.x, top: vp.y, right: vp.x + vp.width, bottom: vp.y + vp.height };
  const target = state.renderTargets[0] ?? state.depthStencil;
  if (target) {
    r.left = Math.max(r.left, 0); r.top = Math.max(r.top, 0);
    r.right = Math.min(r.right, target.width); r.bottom = Math.min(r.bottom, target.height);
  }
  const ds = state.depthStencil;
  if (ds && (state.renderStates[D3DRS.ZENABLE] !== 0 || state.renderStates[D3DRS.STENCILENABLE] !== 0)) {
    r.right = Math.min(r.right, ds.width); r.bottom = Math.min(r.bottom, ds.height);
  }
  if (state.renderStates[D3DRS.SCISSORTESTENABLE]) {
    const s = state.scissor;
    r.left = Math.max(r.left, s.left); r.top = Math.max(r.top, s.top);
    r.right = Math.min(r.right, s.right); r.bottom = Math.min(r.bottom, s.bottom);
  }
  return r;
}

function sampling(state: RasterState): { pattern: SamplePattern; fullCoverage: number; sampleMask: number } {
  const target = state.renderTargets[0] ?? state.depthStencil;
  const samples = Math.min(16, Math.max(1, target?.samples ?? 1));
  if (samples === 1) return { pattern: samplePattern(1), fullCoverage: 1, sampleMask: 1 };
  const all = 2 ** samples - 1;
  const sampleMask = (state.renderStates[D3DRS.MULTISAMPLEMASK] >>> 0) & all;
  const aa = state.renderStates[D3DRS.MULTISAMPLEANTIALIAS] !== 0;
  return { pattern: samplePattern(aa ? samples : 1), fullCoverage: sampleMask, sampleMask };
}

type MutableContext = { -readonly [K in keyof RasterContext]: RasterContext[K] };

/**
 * The objects a context lends its draw, shared by every draw (draws run one at a time and, as
 * rasterizePrimitives says, nothing keeps the Fragment): one Fragment, the screen vertex slots and
 * one AttributeSetup per interpolated and FLAT set count.
 */
const sharedFrag = createFragment();
const sharedScreen: ScreenVertex[] = Array.from({ length: SCREEN_SLOTS }, () => newScreenVertex({} as ClipVertex));
const attrs = new Map<number, AttributeSetup>();

/** The Fragment as createFragment makes it: a draw starts from the same values whichever draw used it last. */
function resetFragment(f: Fragment): Fragment {
  f.x = 0; f.y = 0; f.z = 0; f.bias = 0; f.front = true; f.triangle = false; f.fog = 1; f.eyeZ = 0; f.coverage = 0;
  f.interp = null; f.w0 = 1; f.w1 = 0; f.w2 = 0;
  f.diffuse.fill(0); f.specular.fill(0); f.tex.fill(0); f.texDx.fill(0); f.texDy.fill(0);
  return f;
}

function attributeSetup(texSets: number, flatSets: number): AttributeSetup {
  const key = texSets * 65536 + flatSets;
  let a = attrs.get(key);
  if (!a) {
    a = new AttributeSetup(texSets, flatSets);
    attrs.set(key, a);
  }
  return a;
}

/** How many contexts are kept, each with the state parts it was derived from (every RasterState field createRasterContext reads). */
const KEPT_CONTEXTS = 8;
const kept = new KeptByParts<MutableContext>(KEPT_CONTEXTS);

/** Gathers the state parts a context is derived from (compared by identity). */
function contextKeyOf(state: RasterState): KeptByParts<MutableContext> {
  return kept.begin().part(state.renderStates).part(state.stageStates).part(state.viewport).part(state.scissor)
    .part(state.renderTargets[0] ?? null).part(state.depthStencil).part(state.userClipPlanes ?? null)
    .part(state.clipTransformedVertices).part(state.maxPointSize).part(state.interpolatedSets).part(state.flatSets);
}

/**
 * What `state` gives a draw's rasterization. The parts derived from the state are kept while the
 * state parts they come from are the same objects as the last draw's; the Fragment is reset.
 */
export function createRasterContext(state: RasterState, emit: EmitFragment, spans: SpanPath | null = null): RasterContext {
  const frag = resetFragment(sharedFrag);
  const caching = drawCaches.enabled;
  const found = caching ? contextKeyOf(state).find() : undefined;
  if (found) {
    found.state = state; found.emit = emit; found.spans = spans; found.frag = frag;
    return found;
  }
  if (!caching) kept.clear();
  const rs = state.renderStates;
  const rect = pixelRect(state);
  const { pattern, fullCoverage, sampleMask } = sampling(state);
  const texSets = state.interpolatedSets ?? activeTextureSets(state);
  const maxPoint = state.maxPointSize > 0 ? state.maxPointSize : Infinity;
  const built: MutableContext = {
    state, emit, spans, frag, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom,
    transformedPlanes: transformedPlanes(state.viewport, state.userClipPlanes?.mask ?? 0),
    pretransformedPlanes: pretransformedPlanes(state.viewport, state.clipTransformedVertices),
    cullMode: rs[D3DRS.CULLMODE] || D3DCULL.CCW,
    fillMode: rs[D3DRS.FILLMODE] || D3DFILL.SOLID,
    flatShading: rs[D3DRS.SHADEMODE] === D3DSHADE.FLAT,
    lastPixel: rs[D3DRS.LASTPIXEL] !== 0,
    pointSprite: rs[D3DRS.POINTSPRITEENABLE] !== 0,
    pointSizeMin: bitsToFloat32(rs[D3DRS.POINTSIZE_MIN]),
    pointSizeMax: Math.min(bitsToFloat32(rs[D3DRS.POINTSIZE_MAX]), maxPoint),
    depthBias: bitsToFloat32(rs[D3DRS.DEPTHBIAS]),
    slopeScaleDepthBias: bitsToFloat32(rs[D3DRS.SLOPESCALEDEPTHBIAS]),
    pattern, fullCoverage, sampleMask,
    sampleReach: pattern.count > 1 ? HALF : 0,
    texSets,
    attr: attributeSetup(texSets, state.flatSets ?? 0),
    screen: sharedScreen,
  };
  if (caching) kept.keep(built);
  return built;
}
