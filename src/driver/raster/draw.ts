/**
 * One draw through the fixed-function pipeline, from a frozen RasterState:
 * vertex processing → primitive assembly, clipping and rasterization → the
 * pixel stages, with each bound texture sampled by its stage's sampler.
 */
import { D3DCULL, D3DFILL, D3DPT, D3DRS, D3DTOP, D3DTSS } from '../../d3d9/index.js';
import { choosePixelPaths, createPixelStages, GENERIC_PATHS, observedPipelineOf, pipelineOf } from './pixel/index.js';
import type { PixelPaths, PixelStages, PixelWatch, StageSampler } from './pixel/index.js';
import { rasterizePrimitives } from './setup/index.js';
import { autoSpanPath, createSpanPath } from './span/index.js';
import type { SpanPath, SpanPathName } from './span/index.js';
import { createSampler } from './texture/index.js';
import type { Sampler } from './texture/index.js';
import { clipCode } from './setup/clip.js';
import { VertexProcessor } from './vertex/tnl.js';
import type { ClipStatusAccumulator, ClipVertex, Fragment, RasterState, StreamView, TextureView } from './types.js';
import type { SurfaceView } from '../surface-view.js';
import { drawCaches, KeptByParts } from './state-key.js';

export { drawCaches } from './state-key.js';
import { chooseShaderLanes, createShadedSpanPath, createShadedStages, createVertexStage, linkPixelInputs, shadedPipeline } from './programmable/index.js';
import type { ShaderLanes, VaryingSemantic, VertexStage } from './programmable/index.js';

export interface DrawCall {
  /** D3DPRIMITIVETYPE */
  primitiveType: number;
  primitiveCount: number;
  /** the vertices (stream 0, or a DrawPrimitiveUP pointer as a stream at offset 0) */
  stream: StreamView;
  /** every stream by number, when the vertex layout reads more than stream 0 (null: not set) */
  streams?: readonly (StreamView | null)[];
  /** the vertices to process: stream vertex indices first … first + count − 1 */
  firstVertex: number;
  vertexCount: number;
  /** positions in the processed range for each primitive vertex; null: sequential */
  indices: ArrayLike<number> | null;
}

/** Samplers of the stages that have a texture and are not past the first disabled stage. */
export function stageSampler(state: RasterState): StageSampler {
  const samplers: Array<Sampler | undefined> = [];
  for (let s = 0; s < state.stageStates.length; s++) {
    if (state.stageStates[s][D3DTSS.COLOROP] === D3DTOP.DISABLE) break;
    const t = state.textures[s];
    if (t && t.levels.length > 0) samplers[s] = createSampler(t, state.samplerStates[s], { palette: state.palette });
  }
  return (stage, c, out) => {
    const smp = samplers[stage];
    if (!smp) {
      // a stage with no texture reads opaque black (what DXVK's fixed function and Wine use)
      out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
      return;
    }
    smp.sampleAt(c.tex, c.dx, c.dy, out, 0);
  };
}

/** Which implementations a draw uses; tests force the generic ones to compare against. */
export interface DrawOptions {
  /** default: what choosePixelPaths picks */
  pixelPaths?: PixelPaths;
  /** default: what chooseSpanPath picks; 'generic' sends every pixel through the Fragment path */
  spanPath?: SpanPathName;
  /**
   * Report fragments at one pixel (inspect --history). The draw runs its own paths everywhere but
   * at that pixel, which it then draws again alone through every stage's generic path, watched.
   */
  watch?: PixelWatch;
  /** with `watch`: every pixel through the generic paths, as one watched pass (tests compare the two) */
  watchWholeDraw?: boolean;
  /** draws with a pixel shader: 'quad' runs every pixel's whole 2×2 quad (default: what chooseShaderLanes picks) */
  shaderLanes?: ShaderLanes;
  /** software vertex processing: the draw's vertices' D3DCS_* codes are ORed and ANDed into it */
  clipStatus?: ClipStatusAccumulator;
  /**
   * An occlusion query is open: add to `count` every sample that passes the alpha, stencil and
   * depth tests (colour writes play no part). The draw then runs per pixel, so the span loops
   * stay free of counting and draws without an open query cost nothing more.
   */
  samplesPassed?: SampleCounter;
}

/** A running count of samples that passed the depth and stencil tests (occlusion queries). */
export interface SampleCounter { count: number }

/** The stages with the depth-stencil test counting the samples it lets through. */
function countingStages(stages: PixelStages, counter: SampleCounter): PixelStages {
  const test = stages.depthStencil;
  return {
    ...stages,
    depthStencil: (f, sample) => {
      if (!test(f, sample)) return false;
      counter.count++;
      return true;
    },
  };
}

/** How many vertex stages are kept: a scene cycling through a few matrices and states reuses each. */
const KEPT_VERTEX_STAGES = 8;
/** Recent draws' vertex stages and their output vertices, each kept while what it reads (vertexKeyOf) is the same objects. */
const vertexStages = new KeptByParts<{ processor: VertexStage; out: ClipVertex[] }>(KEPT_VERTEX_STAGES);
/**
 * The output vertices of every fixed-function vertex stage: each processed vertex is written whole
 * (position, colours, fog, point size, texture coordinates, user distances), so a new stage (a
 * matrix or a state changed) takes over the last one's objects instead of making its own.
 */
const fixedFunctionVertices: ClipVertex[] = [];

/** Gathers what a VertexProcessor reads of the state; the device keeps each part the same object while it is unchanged. */
function vertexKeyOf(state: RasterState): KeptByParts<{ processor: VertexStage; out: ClipVertex[] }> {
  return vertexStages.begin().part(state.fvf).part(state.vertexLayout).part(state.world).part(state.view).part(state.projection)
    .part(state.renderStates).part(state.stageStates).part(state.textureTransforms).part(state.lights).part(state.material)
    .part(state.viewport).part(state.maxPointSize).part(state.userClipPlanes)
    // the shaders' executables, not their constants: a vertex stage takes the draw's constants in prepare()
    .part(state.vertexShader?.executable ?? null).part(state.pixelShader?.executable ?? null)
    .part(state.vertexElements);
}

function vertexStage(state: RasterState): { processor: VertexStage; out: ClipVertex[] } {
  if (!drawCaches.enabled) {
    vertexStages.clear();
    return buildVertexStage(state);
  }
  const kept = vertexKeyOf(state).find();
  if (kept) return kept;
  const built = buildVertexStage(state);
  vertexStages.keep(built);
  return built;
}

function buildVertexStage(state: RasterState): { processor: VertexStage; out: ClipVertex[] } {
  const processor = createVertexStage(state);
  return { processor, out: processor instanceof VertexProcessor ? fixedFunctionVertices : [] };
}

/** A fixed-function draw's pixel stages, span path and per-fragment function, kept for later draws (pixelPlan). */
interface PixelPlan {
  stages: PixelStages;
  spans: SpanPath;
  pipeline: (f: Fragment) => void;
  /** the bytes of every bound texture level when the plan was built: its samplers keep the texels they decoded */
  texels: TexelCopy[];
}

/** A texture level's bytes as a kept plan's samplers decoded them. */
interface TexelCopy { data: Uint8Array; copy: Uint8Array }

/** How many pixel plans are kept: a scene cycling through a few states reuses each. */
const KEPT_PIXEL_PLANS = 8;
/**
 * The most bytes of bound texture levels a kept plan may sample: every draw that finds the plan
 * compares them with their copy (a texture's bytes change without any state changing: locks,
 * render-to-texture, UpdateTexture, StretchRect, ColorFill...), so larger textures rebuild instead.
 */
const KEPT_TEXEL_BYTES = 64 * 1024;
const pixelPlans = new KeptByParts<PixelPlan>(KEPT_PIXEL_PLANS);

/**
 * Every RasterState field the pixel stages and span paths read (pixel/, span/), or that could
 * change what they build: a field missing here is a silent wrong frame. The textures are keyed
 * apart: their views and level data objects, and the level bytes compared with a copy (pixelPlan).
 */
export const PIXEL_PLAN_PARTS = [
  'renderStates', 'samplerStates', 'stageStates', 'fvf', 'vertexLayout', 'renderTargets', 'depthStencil', 'scissor',
  'viewport', 'palette', 'pixelShader', 'interpolatedSets', 'flatSets',
] as const satisfies readonly (keyof RasterState)[];

/** How many lists of levels a texture view has: a cube's faces, a volume's levels (each a list of slices), else its one list. */
function levelListCount(t: TextureView): number {
  if (t.kind === 'cube' && t.faces) return t.faces.length;
  if (t.kind === 'volume' && t.volume) return t.volume.length;
  return 1;
}

/** List `i` of a texture view's levels (levelListCount): loops over these allocate nothing, as a draw's key gathering must not. */
function levelList(t: TextureView, i: number): readonly SurfaceView[] {
  if (t.kind === 'cube' && t.faces) return t.faces[i];
  if (t.kind === 'volume' && t.volume) return t.volume[i];
  return t.levels;
}

/** Gathers the parts a pixel plan is built from: the state's, the targets' data and the textures' views and level data. */
function pixelKeyOf(state: RasterState): KeptByParts<PixelPlan> {
  const k = pixelPlans.begin();
  for (let i = 0; i < PIXEL_PLAN_PARTS.length; i++) k.part(state[PIXEL_PLAN_PARTS[i]]);
  const targets = state.renderTargets;
  for (let i = 0; i < targets.length; i++) k.part(targets[i]?.data ?? null);
  k.part(state.depthStencil?.data ?? null);
  const textures = state.textures;
  for (let i = 0; i < textures.length; i++) {
    const t = textures[i] ?? null;
    k.part(t);
    if (!t) continue;
    for (let g = 0, n = levelListCount(t); g < n; g++) {
      const list = levelList(t, g);
      for (let l = 0; l < list.length; l++) k.part(list[l].data);
    }
  }
  return k;
}

/** Whether every texture level a kept plan sampled still holds the bytes it had then. */
function texelsUnchanged(plan: PixelPlan): boolean {
  for (let i = 0; i < plan.texels.length; i++) {
    const t = plan.texels[i];
    if (Buffer.compare(t.data, t.copy) !== 0) return false;
  }
  return true;
}

/** Copies of the bound textures' level bytes, or null when they are too many to compare every draw. */
function texelCopies(state: RasterState): TexelCopy[] | null {
  let bytes = 0;
  for (const t of state.textures) if (t) for (let g = 0; g < levelListCount(t); g++) for (const l of levelList(t, g)) bytes += l.data.length;
  if (bytes > KEPT_TEXEL_BYTES) return null;
  const copies: TexelCopy[] = [];
  for (const t of state.textures) if (t) for (let g = 0; g < levelListCount(t); g++) for (const l of levelList(t, g)) copies.push({ data: l.data, copy: l.data.slice() });
  return copies;
}

/**
 * The pixel plan of a fixed-function draw with the default paths: a kept one built from the same
 * parts whose textures hold the same bytes, else a new one, kept when its textures are small and
 * none shares memory with a target (the draw would change texels its samplers may have decoded).
 */
function pixelPlan(state: RasterState): PixelPlan {
  const caching = drawCaches.enabled;
  if (caching) {
    const kept = pixelKeyOf(state).find(texelsUnchanged);
    if (kept) return kept;
  } else pixelPlans.clear();
  const stages = createPixelStages(state, stageSampler(state), choosePixelPaths(state));
  const texels = caching && !samplesItsTargets(state) ? texelCopies(state) : null;
  const plan = { stages, spans: autoSpanPath(state, stages), pipeline: pipelineOf(state, stages), texels: texels ?? [] };
  if (texels) pixelPlans.keep(plan);
  return plan;
}

/** The options of a draw given none (never written). */
const NO_OPTIONS: DrawOptions = Object.freeze({});

export function drawPrimitives(state: RasterState, call: DrawCall, options: DrawOptions = NO_OPTIONS): void {
  const count = call.vertexCount;
  if (call.primitiveCount <= 0 || count <= 0) return;
  const stage = vertexStage(state);
  stage.processor.prepare?.(state);
  // the stage's array is reused from draw to draw: only its first `count` vertices are this draw's
  const vertices = stage.processor.process(call.streams ?? call.stream, call.firstVertex, count, stage.out);
  if (options.clipStatus) accumulateClipStatus(options.clipStatus, vertices, state.userClipPlanes?.mask ?? 0, count);
  if (state.pixelShader) drawShaded(state, call.primitiveType, vertices, call.indices, call.primitiveCount, stage.processor.varyingSemantics, options, count);
  else drawVertices(state, call.primitiveType, vertices, call.indices, call.primitiveCount, options, count);
}

/**
 * Rasterizes processed vertices through a pixel shader: single-sample triangles row by row on the
 * shader span path (programmable/span.ts) where it takes the draw, every other pixel through the
 * per-fragment function (programmable/pixel.ts), which `spanPath: 'generic'` forces. A watched pixel (inspect --history, --debug-pixel) is drawn
 * as drawVertices draws it: the draw runs unwatched, the pixel gets back what it held, and the draw
 * runs again within a scissor rect of that one pixel, watched (the quad's helper lanes are
 * interpolated, not rasterized, so the rect does not change what the shader computes).
 */
export function drawShaded(
  state: RasterState, primitiveType: number, vertices: readonly ClipVertex[], indices: ArrayLike<number> | null,
  primitiveCount: number, varyings: readonly VaryingSemantic[], options: DrawOptions = NO_OPTIONS, vertexCount = vertices.length,
): void {
  const watch = options.watch;
  if (watch && !options.watchWholeDraw && !samplesItsTargets(state)) {
    const held = holdPixel(state, watch.x, watch.y);
    drawShaded(state, primitiveType, vertices, indices, primitiveCount, varyings, { samplesPassed: options.samplesPassed }, vertexCount);
    held.restore();
    const alone = scissoredTo(state, watch.x, watch.y, true);
    drawShaded(alone, primitiveType, vertices, indices, primitiveCount, varyings, { watch, watchWholeDraw: true }, vertexCount);
    return;
  }
  const ps = state.pixelShader!;
  const link = linkPixelInputs(ps.executable, varyings, drawsSprites(state, primitiveType));
  const linked: RasterState = { ...state, interpolatedSets: link.sets, flatSets: link.colorSets };
  const stages = createShadedStages(linked, ps.executable.colorOutputs);
  const counter = options.samplesPassed;
  const counted = counter ? { ...stages, depthStencil: countingStages({ depthStencil: stages.depthStencil } as PixelStages, counter).depthStencil } : stages;
  const lanes = options.shaderLanes ?? chooseShaderLanes(linked, ps.executable);
  const perFragment = shadedPipeline(linked, ps, link, counted, watch, lanes);
  // the span path runs rows of pixels per call; 'generic' (and watching, counting, a target sampled while drawn) keep every pixel on perFragment
  const spans = watch || counter || options.spanPath === 'generic' || samplesItsTargets(state) ? null : createShadedSpanPath(linked, ps, link, stages, lanes, perFragment);
  rasterizePrimitives(linked, primitiveType, vertices, indices, primitiveCount, perFragment, spans, vertexCount);
}

/** Whether the draw rasterizes point sprites: points (a point list, or triangles in FILLMODE POINT) with POINTSPRITEENABLE. */
function drawsSprites(state: RasterState, primitiveType: number): boolean {
  const rs = state.renderStates;
  if (rs[D3DRS.POINTSPRITEENABLE] === 0) return false;
  const triangles = primitiveType === D3DPT.TRIANGLELIST || primitiveType === D3DPT.TRIANGLESTRIP || primitiveType === D3DPT.TRIANGLEFAN;
  return primitiveType === D3DPT.POINTLIST || (triangles && rs[D3DRS.FILLMODE] === D3DFILL.POINT);
}

/** ORs and ANDs the D3DCS_* codes of vertices[0 .. count − 1] into `status` (XYZRHW vertices have none). */
export function accumulateClipStatus(status: ClipStatusAccumulator, vertices: readonly ClipVertex[], userMask: number, count = vertices.length): void {
  for (let i = 0; i < count; i++) {
    const v = vertices[i];
    if (v.pretransformed) continue;
    const code = clipCode(v, userMask);
    status.union = (status.union | code) >>> 0;
    status.intersection = (status.intersection & code) >>> 0;
  }
}

/**
 * Rasterizes processed vertices through the pixel stages (the part of a draw after vertex processing).
 * The state's parts must not be written after a draw: the next draw keeps what it built from them
 * when they are the same objects (pixelPlan), as the device's frozen copies guarantee.
 */
export function drawVertices(
  state: RasterState, primitiveType: number, vertices: readonly ClipVertex[],
  indices: ArrayLike<number> | null, primitiveCount: number, options: DrawOptions = NO_OPTIONS, vertexCount = vertices.length,
): void {
  const watch = options.watch;
  if (watch && !options.watchWholeDraw && !samplesItsTargets(state)) {
    // Pixels do not depend on each other within a draw, and every path stores what the generic
    // one does: so the draw runs as usual, the watched pixel gets back what it held, and the
    // generic paths draw it again alone (a scissor rect of that one pixel), watched. Not when a
    // texture is a surface the draw writes (undefined in D3D9, deterministic here): the second
    // pass would sample what the first wrote, so the whole draw runs watched instead.
    const held = holdPixel(state, watch.x, watch.y);
    drawVertices(state, primitiveType, vertices, indices, primitiveCount, { pixelPaths: options.pixelPaths, spanPath: options.spanPath, samplesPassed: options.samplesPassed }, vertexCount);
    held.restore();
    const alone = scissoredTo(state, watch.x, watch.y, true);
    drawVertices(alone, primitiveType, vertices, indices, primitiveCount, { watch, watchWholeDraw: true }, vertexCount);
    return;
  }
  const counter = options.samplesPassed;
  if (!watch && !counter && !options.pixelPaths && !options.spanPath) {
    const plan = pixelPlan(state);
    rasterizePrimitives(state, primitiveType, vertices, indices, primitiveCount, plan.pipeline, plan.spans, vertexCount);
    return;
  }
  const chosen = createPixelStages(state, stageSampler(state), watch ? GENERIC_PATHS : options.pixelPaths ?? choosePixelPaths(state));
  const stages = counter ? countingStages(chosen, counter) : chosen;
  const forced = watch || counter ? 'generic' : options.spanPath;
  const spans = forced ? createSpanPath(forced, state, stages) : autoSpanPath(state, stages);
  const pipeline = watch ? observedPipelineOf(state, stages, watch) : pipelineOf(state, stages);
  rasterizePrimitives(state, primitiveType, vertices, indices, primitiveCount, pipeline, spans, vertexCount);
}

/** Whether a bound texture shares memory with a render target or the depth-stencil surface. */
function samplesItsTargets(state: RasterState): boolean {
  const textures = state.textures, targets = state.renderTargets;
  for (let i = 0; i < textures.length; i++) {
    const t = textures[i];
    if (!t) continue;
    for (let g = 0, n = levelListCount(t); g < n; g++) {
      const list = levelList(t, g);
      for (let l = 0; l < list.length; l++) {
        const buffer = list[l].data.buffer;
        if (state.depthStencil?.data.buffer === buffer) return true;
        for (let r = 0; r < targets.length; r++) if (targets[r]?.data.buffer === buffer) return true;
      }
    }
  }
  return false;
}

/** The bytes of pixel (x, y) in every sample of the bound render targets and depth-stencil surface, to put back. */
function holdPixel(state: RasterState, x: number, y: number): { restore(): void } {
  const held: Array<{ data: Uint8Array; at: number; bytes: Uint8Array }> = [];
  for (const s of [...state.renderTargets, state.depthStencil]) {
    if (!s || x >= s.width || y >= s.height) continue;
    const sampleBytes = s.data.length / s.samples;
    for (let i = 0; i < s.samples; i++) {
      const at = i * sampleBytes + y * s.pitch + x * s.format.blockBytes;
      held.push({ data: s.data, at, bytes: s.data.slice(at, at + s.format.blockBytes) });
    }
  }
  return { restore: () => { for (const h of held) h.data.set(h.bytes, h.at); } };
}

/**
 * The state with the scissor test on and its rect the one pixel (x, y): within the draw's own
 * scissor rect when `keepOwn`, in its place otherwise. Its render states are a copy.
 */
function scissoredTo(state: RasterState, x: number, y: number, keepOwn: boolean): RasterState {
  const renderStates = state.renderStates.slice();
  const own = keepOwn && state.renderStates[D3DRS.SCISSORTESTENABLE] !== 0 ? state.scissor : { left: x, top: y, right: x + 1, bottom: y + 1 };
  renderStates[D3DRS.SCISSORTESTENABLE] = 1;
  const scissor = {
    left: Math.max(x, own.left), top: Math.max(y, own.top),
    right: Math.min(x + 1, own.right), bottom: Math.min(y + 1, own.bottom),
  };
  return { ...state, renderStates, scissor };
}

/** Why a draw put no fragment at a pixel it would otherwise cover (inspect --history). */
export type MissedFragment = { fate: 'culled'; front: boolean } | { fate: 'scissored' };

/**
 * Whether the draw would put a fragment at (x, y) with back-face culling and
 * the scissor test turned off, and which of the two kept it out. Writes
 * nothing: the primitives are rasterized, within a rect of that one pixel,
 * into a function that only notes the fragment. Culling comes before the scissor test, so a pixel both would
 * reject is 'culled'. null: the draw does not reach the pixel at all.
 */
export function missedFragment(state: RasterState, call: DrawCall, x: number, y: number): MissedFragment | null {
  if (call.primitiveCount <= 0 || call.vertexCount <= 0) return null;
  // with neither on, neither is why the draw put no fragment there
  if (state.renderStates[D3DRS.CULLMODE] === D3DCULL.NONE && state.renderStates[D3DRS.SCISSORTESTENABLE] === 0) return null;
  // culling and the scissor test come after vertex processing: the vertices are the draw's own
  const stage = vertexStage(state);
  stage.processor.prepare?.(state);
  const vertices = stage.processor.process(call.streams ?? call.stream, call.firstVertex, call.vertexCount, stage.out);
  const covers = (cull: boolean): { front: boolean } | null => {
    // the draw's own scissor rect left out, a rect of the one pixel in its place (nothing else is rasterized)
    const probe = scissoredTo(state, x, y, false);
    if (!cull) probe.renderStates[D3DRS.CULLMODE] = D3DCULL.NONE;
    let hit: { front: boolean } | null = null;
    rasterizePrimitives(probe, call.primitiveType, vertices, call.indices, call.primitiveCount, (f) => {
      if (f.x === x && f.y === y && !hit) hit = { front: f.front };
    }, null, call.vertexCount);
    return hit;
  };
  const any = covers(false);
  if (!any) return null;
  if (covers(true)) return { fate: 'scissored' };
  return { fate: 'culled', front: any.front };
}
