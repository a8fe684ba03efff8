/**
 * The raster core's data: a frozen snapshot of the state a draw needs (built by
 * the device before the draw), the vertex stream, the vertices after transform
 * and lighting, and the fragments the rasterizer hands to the pixel stages.
 * Everything here is plain data: the driver imports nothing from the device.
 */
import type { Rect, SurfaceView } from '../surface-view.js';
import type { VertexLayout } from './vertex/fetch.js';
import type { D3DVERTEXELEMENT9 } from '../../d3d9/index.js';
import type { ShaderConstants, ShaderExecutable } from '../shader/types.js';

/** A 4×4 matrix, row-major as D3DMATRIX (_11 … _44), row vectors times matrix (v·M). */
export type Mat4 = Float64Array;

export interface ColorValue { r: number; g: number; b: number; a: number }
export interface Vec3 { x: number; y: number; z: number }

export interface MaterialState { diffuse: ColorValue; ambient: ColorValue; specular: ColorValue; emissive: ColorValue; power: number }

export interface LightState {
  /** D3DLIGHTTYPE: POINT 1, SPOT 2, DIRECTIONAL 3 */
  type: number;
  diffuse: ColorValue; specular: ColorValue; ambient: ColorValue;
  position: Vec3; direction: Vec3;
  range: number; falloff: number; attenuation0: number; attenuation1: number; attenuation2: number;
  theta: number; phi: number;
}

/** A texture bound to a stage: its mip levels (cube: six faces of levels, D3DCUBEMAP_FACES order; volume: slices of levels). */
export interface TextureView {
  kind: '2d' | 'cube' | 'volume';
  /** levels[0] is the largest; for a cube, levels of face 0 */
  levels: readonly SurfaceView[];
  /** cube maps: faces[face][level] */
  faces?: readonly (readonly SurfaceView[])[];
  /** volume textures: volume[level][slice], each slice a 2D view; levels[i] is slice 0 of level i */
  volume?: readonly (readonly SurfaceView[])[];
}

export interface StreamView {
  data: Uint8Array;
  offset: number;
  stride: number;
}

/**
 * Everything a draw reads, copied when the draw starts. Render, sampler and
 * stage states keep their D3D9 numbering (float states hold float32 bits).
 */
export interface RasterState {
  /** D3DRS values indexed by D3DRENDERSTATETYPE */
  renderStates: Uint32Array;
  /** [sampler][D3DSAMPLERSTATETYPE] */
  samplerStates: readonly Uint32Array[];
  /** [stage][D3DTEXTURESTAGESTATETYPE] */
  stageStates: readonly Uint32Array[];
  textures: readonly (TextureView | null)[];
  world: Mat4;
  view: Mat4;
  projection: Mat4;
  /** D3DTS_TEXTURE0..7 */
  textureTransforms: readonly Mat4[];
  viewport: { x: number; y: number; width: number; height: number; minZ: number; maxZ: number };
  scissor: Rect;
  fvf: number;
  /** what a vertex reads (from the vertex declaration in effect); absent: what `fvf` declares */
  vertexLayout?: VertexLayout;
  material: MaterialState;
  /** the enabled lights, in ascending index order */
  lights: readonly LightState[];
  /** render targets (index 0 first); null where unset */
  renderTargets: readonly (SurfaceView | null)[];
  depthStencil: SurfaceView | null;
  /** the device clips pre-transformed (XYZRHW) vertices to 0 ≤ z ≤ 1 (D3DPMISCCAPS_CLIPTLVERTS) */
  clipTransformedVertices: boolean;
  /** largest point size (D3DCAPS9.MaxPointSize) */
  maxPointSize: number;
  /** the current texture palette (256 RGBA entries) that P8 and A8P8 textures read */
  palette?: Uint8Array;
  /**
   * User clip planes in world space (SetClipPlane; fixed-function vertices): `mask` has bit i for each
   * plane D3DRS_CLIPPLANEENABLE enables, `planes` holds a, b, c, d of planes 0..5. null: none clips
   * (no bit set, or D3DRS_CLIPPING FALSE), and the clip stage then costs nothing.
   */
  userClipPlanes?: UserClipPlanes | null;
  /** the bound vertex shader (null/absent: fixed-function vertex processing) */
  vertexShader?: BoundShader | null;
  /** the bound pixel shader (null/absent: the texture stages); its samplers s0..s15 are `textures`/`samplerStates` 0..15 */
  pixelShader?: BoundShader | null;
  /** the vertex declaration's elements, which a vertex shader's inputs (and ps_3_0 varyings of POSITIONT vertices) match by usage */
  vertexElements?: readonly D3DVERTEXELEMENT9[];
  /** coordinate sets (then varyings) setup interpolates; absent: the active texture stages' (the shader draw sets it) */
  interpolatedSets?: number;
  /** bit s: coordinate set (or varying) s is a colour that FLAT shading takes from the provoking vertex (shader draws) */
  flatSets?: number;
}

/** A shader a draw runs: its executable (built once per shader object) and the constants of the draw (copies). */
export interface BoundShader {
  readonly executable: ShaderExecutable;
  readonly constants: ShaderConstants;
}

/**
 * Generic varyings a shader draw carries after the MAX_TEXCOORDS coordinate sets, in the same
 * arrays (ClipVertex.tex, Fragment.tex): 4 floats each, their meaning given per draw by a semantic table.
 */
export const MAX_VARYINGS = 12;

export interface UserClipPlanes { readonly mask: number; readonly planes: Float64Array }

/** D3DCLIPSTATUS9 as draws accumulate it: OR and AND of the vertices' D3DCS_* codes. */
export interface ClipStatusAccumulator { union: number; intersection: number }

/** Maximum texture coordinate sets and texture stages. */
export const MAX_TEXCOORDS = 8;

/**
 * One vertex after transform and lighting (or taken as given for XYZRHW), in
 * clip space. Colours are floats in [0, 1] (D3DCOLOR/255 or lighting results,
 * clamped); texture coordinates after TEXCOORDINDEX and the texture transform.
 */
export interface ClipVertex {
  /** clip-space position: −w ≤ x, y ≤ w and 0 ≤ z ≤ w inside */
  x: number; y: number; z: number; w: number;
  /** pre-transformed vertices: x, y are already screen pixels and z the depth; w = 1/rhw */
  pretransformed: boolean;
  diffuse: [number, number, number, number];
  specular: [number, number, number, number];
  /** vertex fog factor f (1 = no fog, 0 = full fog), from the specular alpha or FOGVERTEXMODE */
  fog: number;
  /** point size in pixels (PSIZE or D3DRS_POINTSIZE) */
  pointSize: number;
  /** per stage's coordinate set after TEXCOORDINDEX/transform: up to 4 components (missing = 0, q = 1); shader draws: then MAX_VARYINGS varyings */
  tex: Float64Array;
  /** eye-space depth for table fog (z in view space) */
  eyeZ: number;
  /**
   * Signed distance to each user clip plane (index = plane number; ≥ 0 inside), for transformed
   * vertices while RasterState.userClipPlanes is set. Linear along an edge in clip space.
   */
  userDist?: Float64Array;
}

/** The vertex after viewport mapping, what the rasterizer consumes. */
export interface ScreenVertex {
  /** screen position in pixels (pixel centres at integers), depth in [0, 1] after MinZ/MaxZ */
  sx: number; sy: number; sz: number;
  /** 1/w for perspective-correct interpolation */
  rhw: number;
  v: ClipVertex;
}

/**
 * What one covered pixel carries to the pixel stages. The rasterizer fills a
 * reused Fragment and calls the pixel pipeline for each covered pixel.
 */
export interface Fragment {
  x: number;
  y: number;
  /** depth in [0, 1] before depth bias */
  z: number;
  /** the depth bias to add (DEPTHBIAS + SLOPESCALEDEPTHBIAS · max |dz/dx|, |dz/dy|) */
  bias: number;
  /**
   * The depth the depth-stencil stage tests and writes, set just before it runs: setFragmentDepth's
   * (z + bias clamped, float32), or a pixel shader's depth output clamped to [0, 1] as float32.
   */
  depth: number;
  /** front = clockwise on screen; lines and points are always front */
  front: boolean;
  /** the primitive is a triangle (two-sided stencil applies) */
  triangle: boolean;
  diffuse: Float32Array; // 4
  specular: Float32Array; // 4
  fog: number;
  /** 4 components for each of MAX_TEXCOORDS stages, then MAX_VARYINGS varyings (shader draws) */
  tex: Float64Array;
  /** screen-space derivatives of tex per stage: d/dx then d/dy, 4 components each (for mip selection) */
  texDx: Float64Array;
  texDy: Float64Array;
  /** eye depth at this pixel, for table fog */
  eyeZ: number;
  /** covered samples of a multisampled target (bit i = sample i) */
  coverage: number;
  /**
   * The interpolation this fragment's attributes came from and its weights there (set by
   * AttributeSetup.shade), so a pixel shader can evaluate its 2×2 quad's other pixels; null when the
   * attributes are not those of the weights (point sprites).
   */
  interp: { shadeAt(f: Fragment, w0: number, w1: number, w2: number): void; readonly gx: Float64Array; readonly gy: Float64Array; denominator(w0: number, w1: number, w2: number): number } | null;
  w0: number; w1: number; w2: number;
}
