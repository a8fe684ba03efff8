/**
 * The vertex shader stage: each vertex's declared inputs are fetched (v registers matched to the
 * declaration's elements by usage and usage index, decoded as fetch.ts decodes every D3DDECLTYPE;
 * an input no element feeds reads (0, 0, 0, 1), the default of components a type does not store),
 * the shader runs on batches of LANES vertices, and its outputs become ClipVertex records:
 *
 * - oPos (vs_3_0: POSITION0) is the clip-space position, rounded to float32;
 * - before vs_3_0, oD0/oD1 are saturated (the colour interpolators' range) and oT0..oT7 are the
 *   coordinate sets; vs_3_0 COLOR0/1 and TEXCOORD0..7 fill the same fields for fixed-function pixel
 *   processing, and every vs_3_0 output also travels as a varying with its own semantic, unclamped;
 * - oFog.x (vs_3_0: FOG0) is the vertex fog factor whatever FOGVERTEXMODE says, and 0 (fully
 *   fogged) when the shader writes none (Wine visual.c fog_with_shader_test, Windows-validated);
 *   oPts.x (PSIZE0) the point size, else D3DRS_POINTSIZE;
 * - user clip planes are in clip space: distance = plane · (x, y, z, w) of the clip position.
 */
import { D3DDECLUSAGE, D3DRS, bitsToFloat32 } from '../../../d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../../d3d9/index.js';
import type { ShaderIO, ShaderSample } from '../../shader/types.js';
import { LANES, SLOT, VS_IN_SLOTS, VS_OUT, VS_OUT_SLOTS } from '../../shader/types.js';
import type { BoundShader, ClipVertex, RasterState, StreamView, UserClipPlanes } from '../types.js';
import { MAX_TEXCOORDS, MAX_VARYINGS } from '../types.js';
import { decodeElement } from '../vertex/fetch.js';
import type { FetchStreams } from '../vertex/fetch.js';
import type { VaryingSemantic } from './link.js';
import { shaderSample, VERTEX_SAMPLER_SLOT } from './sample.js';

/** A ClipVertex with room for the coordinate sets and the varyings. */
export function createShaderClipVertex(): ClipVertex {
  return {
    x: 0, y: 0, z: 0, w: 1, pretransformed: false,
    diffuse: [0, 0, 0, 0], specular: [0, 0, 0, 0], fog: 1, pointSize: 1,
    tex: new Float64Array(4 * (MAX_TEXCOORDS + MAX_VARYINGS)), eyeZ: 0, userDist: undefined,
  };
}

/** A ShaderIO with arrays sized for `inSlots` inputs and `outSlots` outputs. */
export function createShaderIO(inSlots: number, outSlots: number, sample: ShaderSample): ShaderIO {
  return {
    inputs: new Float32Array(inSlots * SLOT), outputs: new Float32Array(outSlots * SLOT),
    position: new Float32Array(LANES * 4), face: new Float32Array(LANES), depth: new Float32Array(LANES),
    killed: new Uint8Array(LANES), sample,
  };
}

interface InputFetch { slot: number; stream: number; offset: number; type: number }

/** Where each vs_3_0 output (or pre-3.0 output slot) lands in a ClipVertex. */
interface OutputMap {
  pos: number; fog: number; psize: number; d0: number; d1: number;
  /** output slot per coordinate set (−1: none) */
  tex: Int8Array;
  /** vs_3_0: output slots that are varyings (k-th varying = varyings[k]) */
  varyings: Int8Array;
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

export class ShaderVertexProcessor {
  /** the semantics of the varyings this stage writes (vs_3_0 outputs; empty before) */
  readonly varyingSemantics: VaryingSemantic[] = [];
  private readonly fetches: InputFetch[] = [];
  private readonly map: OutputMap;
  private readonly io: ShaderIO;
  private readonly sm3: boolean;
  private readonly pointSize: number;
  private readonly userPlanes: UserClipPlanes | null;
  private readonly scratch = new Float64Array(4);
  private readonly sampled: boolean;

  constructor(state: RasterState, private vs: BoundShader, elements: readonly D3DVERTEXELEMENT9[]) {
    const exe = vs.executable;
    for (const s of exe.inputs) {
      const e = elements.find((x) => x.Usage === s.usage && x.UsageIndex === s.usageIndex);
      if (s.slot < VS_IN_SLOTS) this.fetches.push({ slot: s.slot, stream: e ? e.Stream : -1, offset: e ? e.Offset : 0, type: e ? e.Type : -1 });
    }
    this.sm3 = exe.version >= 0x300;
    this.map = this.sm3 ? this.sm3Map() : {
      pos: VS_OUT.POS, d0: VS_OUT.D0, d1: VS_OUT.D1,
      fog: exe.outputs.some((o) => o.slot === VS_OUT.FOG) ? VS_OUT.FOG : -1,
      psize: exe.outputs.some((o) => o.slot === VS_OUT.PTS) ? VS_OUT.PTS : -1,
      tex: Int8Array.from({ length: MAX_TEXCOORDS }, (_, i) => VS_OUT.T0 + i),
      varyings: new Int8Array(0),
    };
    this.io = createShaderIO(VS_IN_SLOTS, VS_OUT_SLOTS, shaderSample(state, VERTEX_SAMPLER_SLOT));
    this.sampled = exe.samplers !== 0;
    this.pointSize = bitsToFloat32(state.renderStates[D3DRS.POINTSIZE]);
    this.userPlanes = state.userClipPlanes ?? null;
  }

  private sm3Map(): OutputMap {
    const outs = this.vs.executable.outputs;
    const find = (usage: number, index: number): number => outs.find((o) => o.usage === usage && o.usageIndex === index)?.slot ?? -1;
    const varyings: number[] = [];
    for (const o of [...outs].sort((a, b) => a.slot - b.slot)) {
      if (o.usage === D3DDECLUSAGE.POSITION && o.usageIndex === 0) continue;
      if (varyings.length >= MAX_VARYINGS || varyings.includes(o.slot)) continue;
      varyings.push(o.slot);
      this.varyingSemantics.push({ usage: o.usage, usageIndex: o.usageIndex });
    }
    return {
      pos: find(D3DDECLUSAGE.POSITION, 0), fog: find(D3DDECLUSAGE.FOG, 0), psize: find(D3DDECLUSAGE.PSIZE, 0),
      d0: find(D3DDECLUSAGE.COLOR, 0), d1: find(D3DDECLUSAGE.COLOR, 1),
      tex: Int8Array.from({ length: MAX_TEXCOORDS }, (_, i) => find(D3DDECLUSAGE.TEXCOORD, i)),
      varyings: Int8Array.from(varyings),
    };
  }

  /**
   * Takes the draw's constants and vertex textures: the stage outlives a draw while the shader and
   * the declaration stay, but the constants (a new copy whenever one is set) and the textures (and
   * their bytes) are each draw's own.
   */
  prepare(state: RasterState): void {
    const bound = state.vertexShader;
    if (bound && bound.executable === this.vs.executable) this.vs = bound;
    if (this.sampled) this.io.sample = shaderSample(state, VERTEX_SAMPLER_SLOT);
  }

  /** Runs the shader for vertices first .. first+count−1 into out[0 .. count−1] (reused; entries past count are left as they were), in batches of LANES. */
  process(stream: FetchStreams, first: number, count: number, out: ClipVertex[] = []): ClipVertex[] {
    const list: readonly (StreamView | null | undefined)[] = 'data' in stream ? [stream] : stream;
    for (let base = 0; base < count; base += LANES) {
      const lanes = Math.min(LANES, count - base);
      for (let lane = 0; lane < lanes; lane++) this.fetch(list, first + base + lane, lane);
      this.vs.executable.run(this.io, this.vs.constants, lanes);
      for (let lane = 0; lane < lanes; lane++) {
        const i = base + lane;
        if (out[i] === undefined || out[i].tex.length < 4 * (MAX_TEXCOORDS + MAX_VARYINGS)) out[i] = createShaderClipVertex();
        this.emit(lane, out[i]);
      }
    }
    return out;
  }

  private fetch(list: readonly (StreamView | null | undefined)[], index: number, lane: number): void {
    const inputs = this.io.inputs, v = this.scratch;
    for (const f of this.fetches) {
      const s = f.stream >= 0 ? list[f.stream] : undefined;
      if (s) decodeElement(f.type, s.data, s.offset + index * s.stride + f.offset, v);
      else { v[0] = 0; v[1] = 0; v[2] = 0; v[3] = 1; }
      const at = (f.slot * LANES + lane) * 4;
      inputs[at] = v[0]; inputs[at + 1] = v[1]; inputs[at + 2] = v[2]; inputs[at + 3] = v[3];
    }
  }

  /** Output register `slot`, component c, of `lane`. */
  private out(slot: number, lane: number, c: number): number {
    return this.io.outputs[(slot * LANES + lane) * 4 + c];
  }

  private emit(lane: number, v: ClipVertex): void {
    const m = this.map;
    const p = m.pos;
    v.x = p >= 0 ? this.out(p, lane, 0) : 0;
    v.y = p >= 0 ? this.out(p, lane, 1) : 0;
    v.z = p >= 0 ? this.out(p, lane, 2) : 0;
    v.w = p >= 0 ? this.out(p, lane, 3) : 0;
    v.pretransformed = false;
    for (let c = 0; c < 4; c++) {
      // colour interpolators saturate (before vs_3_0 the output itself is saturated; the same in [0, 1])
      v.diffuse[c] = m.d0 >= 0 ? clamp01(this.out(m.d0, lane, c)) : 0;
      v.specular[c] = m.d1 >= 0 ? clamp01(this.out(m.d1, lane, c)) : 0;
    }
    v.fog = m.fog >= 0 ? this.out(m.fog, lane, 0) : 0;
    v.pointSize = m.psize >= 0 ? this.out(m.psize, lane, 0) : this.pointSize;
    v.eyeZ = 0;
    const tex = v.tex;
    for (let s = 0; s < MAX_TEXCOORDS; s++) {
      const o = m.tex[s];
      for (let c = 0; c < 4; c++) tex[4 * s + c] = o >= 0 ? this.out(o, lane, c) : 0;
    }
    for (let k = 0; k < MAX_VARYINGS; k++) {
      const o = k < m.varyings.length ? m.varyings[k] : -1;
      for (let c = 0; c < 4; c++) tex[4 * (MAX_TEXCOORDS + k) + c] = o >= 0 ? this.out(o, lane, c) : 0;
    }
    this.planeDistances(v);
  }

  /** User clip planes with a vertex shader are in clip space (reference: SetClipPlane). */
  private planeDistances(v: ClipVertex): void {
    const u = this.userPlanes;
    if (u === null) { if (v.userDist !== undefined) v.userDist = undefined; return; }
    const d = (v.userDist ??= new Float64Array(6));
    const q = u.planes;
    for (let i = 0; i < 6; i++) d[i] = u.mask & (1 << i) ? q[4 * i] * v.x + q[4 * i + 1] * v.y + q[4 * i + 2] * v.z + q[4 * i + 3] * v.w : 0;
  }
}

/**
 * Varyings of pre-transformed (POSITIONT) vertices for a ps_3_0: the declaration's other elements,
 * read as they are stored (the vertex shader does not run for them: D3DDECLUSAGE_POSITIONT docs).
 */
export class PretransformedVaryings {
  readonly varyingSemantics: VaryingSemantic[] = [];
  private readonly elements: D3DVERTEXELEMENT9[] = [];
  private readonly scratch = new Float64Array(4);

  constructor(elements: readonly D3DVERTEXELEMENT9[]) {
    for (const e of elements) {
      if (e.Usage === D3DDECLUSAGE.POSITIONT || this.elements.length >= MAX_VARYINGS) continue;
      this.elements.push(e);
      this.varyingSemantics.push({ usage: e.Usage, usageIndex: e.UsageIndex });
    }
  }

  /** Fills the varyings of out[i] from vertex first + i, i < count; those vertices get room for them first. */
  fill(stream: FetchStreams, first: number, count: number, out: ClipVertex[]): void {
    const list: readonly (StreamView | null | undefined)[] = 'data' in stream ? [stream] : stream;
    const v = this.scratch;
    for (let i = 0; i < count; i++) {
      const cv = out[i];
      if (cv.tex.length < 4 * (MAX_TEXCOORDS + MAX_VARYINGS)) {
        const tex = new Float64Array(4 * (MAX_TEXCOORDS + MAX_VARYINGS));
        tex.set(cv.tex.subarray(0, 4 * MAX_TEXCOORDS));
        cv.tex = tex;
      }
      this.elements.forEach((e, k) => {
        const s = list[e.Stream];
        if (s) decodeElement(e.Type, s.data, s.offset + (first + i) * s.stride + e.Offset, v);
        else { v[0] = 0; v[1] = 0; v[2] = 0; v[3] = 1; }
        cv.tex.set(v, 4 * (MAX_TEXCOORDS + k));
      });
    }
  }
}
