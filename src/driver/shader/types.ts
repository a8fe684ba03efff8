/**
 * The shader execution core's contract: what the draw hands a shader (inputs, constants, samplers)
 * and what it gets back (outputs, depth, kill), for a batch of lanes run in lockstep.
 *
 * Lanes. A vertex shader runs one lane per vertex. A pixel shader runs a 2×2 quad as four lanes,
 * lane = (y & 1) · 2 + (x & 1), so that dsx/dsy and the implicit level of detail of texld are
 * differences between lanes: dsx = lane(x|1) − lane(x&~1) of the pixel's row, dsy = lane(y|1) −
 * lane(y&~1) of its column (each pixel its own "fine" derivative). Lanes outside the primitive
 * (helpers) run like the others and their results are dropped. A pixel shader that needs no
 * derivative may run with `lanes` 1.
 *
 * Registers are float32 (D3D9 stores every register as float32): values go through a Float32Array
 * at every register write, the intermediate arithmetic of one instruction is in doubles, and every
 * path (interpreter, compiled) rounds at the same points. A NaN is written as the one NaN 0x7fc00000
 * (ops.ts canon: D3D9 leaves payloads undefined, and the same trace must give the same bits). Layout of every register array:
 * ((slot · LANES) + lane) · 4 + component.
 */
import type { ShaderProgram } from '../../shader/index.js';

/** The most lanes one run takes (a 2×2 quad). */
export const LANES = 4;

/** Float components per slot of a register array (slot stride: LANES · 4). */
export const SLOT = LANES * 4;

/**
 * The most lanes one span run takes (ShaderExecutable.spanRun): a pixel shader draw's row of pixels
 * or 2×2 quads. Its ShaderIO's register arrays have the layout above with SPAN_LANES in place of
 * LANES: ((slot · SPAN_LANES) + lane) · 4 + component; position 4 floats a lane, face, depth and
 * killed one a lane.
 */
export const SPAN_LANES = 16;

/**
 * A span run: `lanes` lanes (≤ SPAN_LANES) of a span-sized ShaderIO. As quads, lanes 4q..4q+3 are a
 * 2×2 quad each (lane − 4q = (y & 1) · 2 + (x & 1)) and every lane gets what a LANES run of its quad
 * gives it; otherwise every lane gets what a one-lane run of it gives (derivatives read 0).
 */
export type SpanRun = (io: ShaderIO, constants: ShaderConstants, lanes: number) => void;

/**
 * Where each input and output register lives in ShaderIO.inputs/outputs, for every version.
 *
 * Vertex shader inputs: v0..v15 → slots 0..15.
 * Vertex shader outputs, before vs_3_0: oPos 0, oFog 1 (x), oPts 2 (x), oD0 3, oD1 4, oT0..oT7 5..12.
 * A run starts them at 0, but oD0 at (1, 1, 1, 1): an unwritten oD0 component reads 1 on Windows
 * (Wine visual.c test_uninitialized_varyings); oD1 and oTn read 0 (Windows gives alpha 0 or 1 there).
 * Vertex shader outputs, vs_3_0: o0..o11 → slots 0..11 (their meaning is their dcl's semantic).
 * Pixel shader inputs, before ps_3_0: v0 0, v1 1 (colours), t0..t7 2..9 (texture coordinates).
 * Pixel shader inputs, ps_3_0: v0..v9 → slots 0..9; vPos and vFace are ShaderIO.position/face.
 * Pixel shader outputs: oC0..oC3 → slots 0..3 (before ps_2_0, r0 is the colour: slot 0).
 */
export const VS_IN_SLOTS = 16;
export const VS_OUT = { POS: 0, FOG: 1, PTS: 2, D0: 3, D1: 4, T0: 5 } as const;
export const VS_OUT_SLOTS = 13;
export const PS_IN = { V0: 0, V1: 1, T0: 2 } as const;
export const PS_IN_SLOTS = 10;
export const PS_OUT_SLOTS = 4;

/** An input or output register's meaning: D3DDECLUSAGE and usage index (from dcl, or what the register is before SM3). */
export interface Semantic {
  slot: number;
  usage: number;
  usageIndex: number;
  /** components the shader declares (dcl's write mask), bit 0 = x */
  mask: number;
  /** ps_3_0 inputs: dcl_centroid (interpolated at a covered sample) */
  centroid?: boolean;
}

/** The constant registers a draw runs with (SetVertexShaderConstantF/I/B, or the pixel ones), def/defi/defb not applied. */
export interface ShaderConstants {
  /** 4 float32 per register */
  readonly f: Float32Array;
  /** 4 int32 per register */
  readonly i: Int32Array;
  /** one 0/1 per register */
  readonly b: Uint8Array;
  /**
   * Pixel shaders before ps_2_0: the bump-mapping stage states texbem/texbeml/bem read, 6 float32 per
   * texture stage 0..7: D3DTSS_BUMPENVMAT00, 01, 10, 11, BUMPENVLSCALE, BUMPENVLOFFSET. Absent reads as 0.
   */
  readonly bump?: Float32Array;
  /**
   * Pixel shaders ps_1_1–1_3: D3DTSS_TEXTURETRANSFORMFLAGS of texture stages 0..7. With
   * D3DTTFF_PROJECTED set, `tex` divides its coordinates by the last one the count names
   * (COUNT2: y, COUNT3: z, COUNT4: w). Absent: no projection.
   */
  readonly textureTransformFlags?: Uint32Array;
}

/** How a run ended (ShaderIO.stats, when the draw asks). */
export interface ShaderRunStats {
  /** instructions executed (each instruction once per run, whatever the lanes) */
  executed: number;
  /** the run hit MAX_EXECUTED and stopped: what it wrote so far stands */
  capped: boolean;
}

/**
 * The most instructions one run executes (flow control included): D3D9's own bound is a loop count
 * of at most 255, four levels of nesting and 65535 executed instructions on SM3 hardware
 * (MaxVShaderInstructionsExecuted); replay9 stops a run past this many and says so in stats.
 */
export const MAX_EXECUTED = 1 << 20;

/** How a sample instruction chooses its mip level. */
export const LOD = {
  /** from the derivatives given (texld, tex, ps_1_x texture ops) */
  IMPLICIT: 0,
  /** from the derivatives, plus `lod` (texldb: coordinate w) */
  BIAS: 1,
  /** `lod` itself (texldl: coordinate w; vertex texture fetch) */
  EXPLICIT: 2,
} as const;

/**
 * Samples texture unit `unit` (pixel samplers s0..s15; vertex samplers D3DVERTEXTEXTURESAMPLER0..3
 * are units 0..3 of the vertex shader's own ShaderSamplers) at (u, v, w) with screen derivatives
 * (all read from `a`, laid out as SAMPLE_ARG says),
 * writing float RGBA to out[o..o+4). An unbound unit reads (0, 0, 0, 1). The sampler applies the
 * unit's sampler states (filters, addressing, MIPMAPLODBIAS, MAXMIPLEVEL, SRGBTEXTURE) and the
 * texture's type (2D, cube, volume). Shadow (depth) textures compare as the format says.
 */
export type ShaderSample = (unit: number, a: Float64Array, lodMode: number, out: Float32Array, o: number) => void;

/**
 * Where a ShaderSample reads its numbers in `a` (SAMPLE_ARGS long): the coordinates (u, v, w), the
 * level (read with LOD.BIAS and LOD.EXPLICIT), the derivatives d/dx and d/dy of (u, v, w). An array,
 * not arguments: V8 boxes each double argument of a call it does not inline, once per pixel.
 */
export const SAMPLE_ARG = { U: 0, V: 1, W: 2, LOD: 3, DUDX: 4, DVDX: 5, DWDX: 6, DUDY: 8, DVDY: 9, DWDY: 10 } as const;
export const SAMPLE_ARGS = 12;

/** What one run reads and writes. Arrays are the draw's, reused from run to run. */
export interface ShaderIO {
  /** input registers (see the slot tables above) */
  readonly inputs: Float32Array;
  /** output registers; a run first sets every output to (0, 0, 0, 0) except what the version defines otherwise */
  readonly outputs: Float32Array;
  /** pixel shaders: vPos per lane, 4 floats a lane (x, y: the pixel centre's integer position, as D3D9 gives it; z, w read as given) */
  readonly position: Float32Array;
  /** pixel shaders: vFace per lane: +1 front, −1 back */
  readonly face: Float32Array;
  /** pixel shaders: the depth per lane; in: the interpolated depth, out: oDepth or texdepth's result when written */
  readonly depth: Float32Array;
  /** pixel shaders: set to 1 for a lane that texkill discarded */
  readonly killed: Uint8Array;
  sample: ShaderSample;
  /** when present, a run writes how it ended here */
  stats?: ShaderRunStats;
}

/** A shader ready to run: the parsed program and what the draw needs to know about it. */
export interface ShaderExecutable {
  readonly program: ShaderProgram;
  readonly kind: 'vertex' | 'pixel';
  readonly version: number;
  /** declared inputs (vertex: the dcl of v registers, before vs_3_0 too; pixel: v/t registers read) */
  readonly inputs: readonly Semantic[];
  /** vertex shaders: the outputs (vs_3_0: from dcl; before: the o registers written, with their fixed meaning) */
  readonly outputs: readonly Semantic[];
  /** pixel shaders: needs neighbouring lanes (dsx/dsy, or a texld whose level comes from derivatives) */
  readonly usesDerivatives: boolean;
  /** pixel shaders: writes oDepth (or texdepth) */
  readonly writesDepth: boolean;
  /** pixel shaders: oC registers written, bit i = oCi */
  readonly colorOutputs: number;
  /** samplers read, bit i = unit i */
  readonly samplers: number;
  /** Runs `lanes` lanes (1..LANES) of `io` with `constants`. */
  run(io: ShaderIO, constants: ShaderConstants, lanes: number): void;
  /** Pixel shaders on the compiled path: the span run as quads or as pixels of their own (null: run() only). */
  spanRun?(quads: boolean): SpanRun | null;
}

/** One step of a watched run (inspect --debug-pixel / --debug-vertex): an instruction with what it read and wrote. */
export interface ShaderStep {
  /** index into program.instructions */
  index: number;
  /** register name → value per lane before the instruction ran (sources) */
  read: Array<{ name: string; value: number[] }>;
  /** destination name and value after (absent for flow control) */
  wrote?: { name: string; value: number[] };
  /** lanes active for this instruction (bit per lane) */
  active: number;
}
