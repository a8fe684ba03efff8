/**
 * IDirect3DDevice9::ProcessVertices: the fixed-function vertex stage run over
 * the bound streams, its results written into a vertex buffer in that buffer's
 * FVF (reference: the ProcessVertices and SetClipStatus pages of the D3D9 docs).
 *
 * What is refused (D3DERR_INVALIDCALL): a device not doing software vertex
 * processing ("Device Types and Vertex Processing Requirements": ProcessVertices
 * is software vertex processing), a destination that is not a vertex buffer or
 * was created without an FVF (docs), one whose FVF is not XYZRHW (replay9's rule:
 * the docs describe screen coordinates as the output), an output declaration that
 * is not one, no declaration in effect, source vertices or destination room
 * missing (replay9's rule: D3D9 leaves reading or writing past the end undefined).
 *
 * Each vertex is transformed and lit as a draw would do it. Its position: with
 * clipping on (D3DRS_CLIPPING TRUE and the destination created without
 * D3DUSAGE_DONOTCLIP) a vertex inside the view volume (−w ≤ x, y ≤ w, 0 ≤ z ≤ w)
 * and every vertex with clipping off gets screen coordinates
 * X + (1 + x/w)·Width/2, Y + (1 − y/w)·Height/2, MinZ + (z/w)·(MaxZ − MinZ) and
 * rhw 1/w; a vertex outside stays in projection space (x, y, z, w), as the docs
 * say. No primitive is clipped. Diffuse and specular are written as lit (or as
 * the vertex gives them), texture coordinate sets are copied from the source
 * sets of the same number, as many components as the source has (the docs: extra
 * destination components are left as they are). D3DPV_DONOTCOPYDATA writes only
 * what the vertex operation computes: the position, and the colours when
 * lighting computes them. User clip planes do not change the output. An XYZRHW
 * source keeps its position as given.
 *
 * With a vertex shader set, the shader is the vertex operation (the docs: "applies the vertex
 * processing defined by the vertex shader"; "Programmable Vertex Processing"): the world, view and
 * projection transforms and lighting play no part, oPos is the clip-space position the viewport
 * maps as above, and the destination's colours and coordinate sets come from the oD0/oD1/oTn the
 * shader writes (colours saturated), whatever D3DPV_DONOTCOPYDATA says; elements of outputs it
 * does not write are not modified, and an output it writes that the destination lacks (oD0 without
 * DIFFUSE, oD1 without SPECULAR, oTn without set n, oPts without PSIZE) fails the call with
 * D3DERR_INVALIDCALL (oFog has no FVF element and is not checked). A vs_3_0 needs the output
 * declaration (docs: "must be present", else D3DERR_INVALIDCALL): each of its stream-0 elements
 * takes the shader output of its usage and index (POSITION0 or POSITIONT0: the position as above)
 * at its offset within the destination's vertex, and an output that no element takes fails the
 * call; an element of a type other than FLOAT1..4 or D3DCOLOR, or past the FVF's stride, is
 * refused (replay9's rule).
 */
import { D3DERR, D3DPV, D3DRS, D3DUSAGE, D3D_OK, fvfLayout } from '../d3d9/index.js';
import type { FvfField, HRESULT } from '../d3d9/index.js';
import { D3DDECLTYPE, D3DDECLUSAGE } from '../d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../d3d9/index.js';
import { accumulateClipStatus } from '../driver/raster/draw.js';
import { ShaderVertexProcessor } from '../driver/raster/programmable/index.js';
import type { VaryingSemantic } from '../driver/raster/programmable/index.js';
import type { BoundShader, ClipStatusAccumulator, ClipVertex, StreamView } from '../driver/raster/types.js';
import { MAX_TEXCOORDS } from '../driver/raster/types.js';
import { VS_OUT } from '../driver/shader/index.js';
import { VertexProcessor, createClipVertex } from '../driver/raster/vertex/index.js';
import { VertexBuffer } from './buffers.js';
import type { DeviceCaps } from './caps-view.js';
import { rasterState } from './derive.js';
import type { DeviceState } from './state.js';
import { VertexDeclaration } from './vertex-declaration.js';

export interface ProcessVerticesCall {
  src: number; dest: number; count: number; buffer: unknown; decl: unknown; flags: number;
}

function inside(v: ClipVertex): boolean {
  return v.w > 0 && v.x >= -v.w && v.x <= v.w && v.y >= -v.w && v.y <= v.w && v.z >= 0 && v.z <= v.w;
}

const toColor = (c: readonly number[]): number => {
  const b = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 255);
  return ((b(c[3]) << 24) | (b(c[0]) << 16) | (b(c[1]) << 8) | b(c[2])) >>> 0;
};

interface Written {
  offset: number;
  kind: 'pos' | 'diffuse' | 'specular' | 'tex' | 'color';
  /** pos: the component; tex: the place in a ClipVertex's (or FetchedVertex's) tex array; color: that array's first of four */
  index: number;
  /** floats to write from index on (tex fields of an output declaration; 1 otherwise) */
  count?: number;
}
const POSITION_FIELDS = ['x', 'y', 'z', 'rhw'];

/**
 * The destination fields a vertex writes: the position always, the colours when `colors`, and with
 * `texcoords` each texture coordinate component the source has (index: its place in FetchedVertex.tex).
 */
function writtenFields(fields: readonly FvfField[], sourceTexSize: Uint8Array, colors: boolean, texcoords: boolean): Written[] {
  const out: Written[] = [];
  for (const f of fields) {
    const p = POSITION_FIELDS.indexOf(f.name);
    if (p >= 0) out.push({ offset: f.offset, kind: 'pos', index: p });
    else if ((f.name === 'diffuse' || f.name === 'specular') && colors) out.push({ offset: f.offset, kind: f.name, index: 0 });
    else if (texcoords) {
      const m = /^([uvwq])(\d)$/.exec(f.name);
      if (!m) continue;
      const set = Number(m[2]), c = 'uvwq'.indexOf(m[1]);
      if (c < sourceTexSize[set]) out.push({ offset: f.offset, kind: 'tex', index: 4 * set + c });
    }
  }
  return out;
}

/**
 * The destination FVF's fields a pre-3.0 vertex shader fills: the position, and the oD0/oD1/oTn it
 * writes; undefined when it writes one the destination lacks.
 */
function shaderWrittenFields(fields: readonly FvfField[], vs: BoundShader): Written[] | undefined {
  const writes = (slot: number): boolean => vs.executable.outputs.some((o) => o.slot === slot);
  const has = (name: string): boolean => fields.some((f) => f.name === name);
  for (const o of vs.executable.outputs) {
    const set = o.slot - VS_OUT.T0;
    if ((o.slot === VS_OUT.D0 && !has('diffuse')) || (o.slot === VS_OUT.D1 && !has('specular'))
      || (o.slot === VS_OUT.PTS && !has('psize')) || (set >= 0 && !has(`u${set}`))) return undefined;
  }
  const out: Written[] = [];
  for (const f of fields) {
    const p = POSITION_FIELDS.indexOf(f.name);
    if (p >= 0) { out.push({ offset: f.offset, kind: 'pos', index: p }); continue; }
    if (f.name === 'diffuse' || f.name === 'specular') {
      if (writes(f.name === 'diffuse' ? VS_OUT.D0 : VS_OUT.D1)) out.push({ offset: f.offset, kind: f.name, index: 0 });
      continue;
    }
    const m = /^([uvwq])(\d)$/.exec(f.name);
    if (m && writes(VS_OUT.T0 + Number(m[2]))) out.push({ offset: f.offset, kind: 'tex', index: 4 * Number(m[2]) + 'uvwq'.indexOf(m[1]) });
  }
  return out;
}

const FLOATS: Partial<Record<number, number>> = { [D3DDECLTYPE.FLOAT1]: 1, [D3DDECLTYPE.FLOAT2]: 2, [D3DDECLTYPE.FLOAT3]: 3, [D3DDECLTYPE.FLOAT4]: 4 };

/**
 * Where a vs_3_0's outputs go by the output declaration: the position for POSITION0/POSITIONT0,
 * else the varying of the element's semantic (ShaderVertexProcessor's order); undefined for an
 * element this cannot write.
 */
function declaredFields(elements: readonly D3DVERTEXELEMENT9[], varyings: readonly VaryingSemantic[], stride: number): Written[] | undefined {
  const out: Written[] = [];
  const taken = new Set<number>();
  for (const e of elements) {
    if (e.Stream !== 0) continue;
    const floats = FLOATS[e.Type];
    const bytes = floats === undefined ? 4 : 4 * floats;
    if ((floats === undefined && e.Type !== D3DDECLTYPE.D3DCOLOR) || e.Offset + bytes > stride) return undefined;
    if ((e.Usage === D3DDECLUSAGE.POSITION || e.Usage === D3DDECLUSAGE.POSITIONT) && e.UsageIndex === 0) {
      for (let c = 0; c < (floats ?? 0); c++) out.push({ offset: e.Offset + 4 * c, kind: 'pos', index: c });
      continue;
    }
    const k = varyings.findIndex((s) => s.usage === e.Usage && s.usageIndex === e.UsageIndex);
    if (k < 0) continue; // an output the shader does not write: not modified
    taken.add(k);
    const index = 4 * (MAX_TEXCOORDS + k);
    out.push(floats === undefined ? { offset: e.Offset, kind: 'color', index } : { offset: e.Offset, kind: 'tex', index, count: floats });
  }
  // every output the shader writes needs an element to go to, the position too
  return taken.size === varyings.length && out.some((f) => f.kind === 'pos') ? out : undefined;
}

/**
 * Validates and runs ProcessVertices; `status` is the clip status to update (software vertex
 * processing computes clip codes while clipping is on).
 */
export function processVertices(st: DeviceState, caps: DeviceCaps, software: boolean, call: ProcessVerticesCall, status: ClipStatusAccumulator): HRESULT {
  const { buffer, decl } = call;
  if (!software || !(buffer instanceof VertexBuffer)) return D3DERR.INVALIDCALL;
  if (decl !== null && !(decl instanceof VertexDeclaration)) return D3DERR.INVALIDCALL;
  const out = fvfLayout(buffer.spec.fvfOrFormat);
  const shader = st.vertexShader !== null && st.vertexShader !== undefined;
  const layout = shader ? st.decl?.shaderLayout : st.decl?.layout;
  if (!out || !out.fields.some((f) => f.name === 'rhw') || !layout) return D3DERR.INVALIDCALL;
  const streams: Array<StreamView | null> = [];
  for (let s = 0; s < layout.streamBytes.length; s++) {
    if (layout.streamBytes[s] === 0) { streams.push(null); continue; }
    const src = st.streams[s];
    if (!src?.buffer) return D3DERR.INVALIDCALL;
    // the last vertex read must lie within the buffer
    const end = src.offset + (call.src + call.count - 1) * src.stride + layout.streamBytes[s];
    if (call.count > 0 && end > src.buffer.data.length) return D3DERR.INVALIDCALL;
    streams.push({ data: src.buffer.data, offset: src.offset, stride: src.stride });
  }
  if ((call.dest + call.count) * out.stride > buffer.data.length) return D3DERR.INVALIDCALL;

  const state = rasterState(st, caps);
  const processor = new VertexProcessor(state);
  const vs = state.vertexShader && !processor.pretransformed ? state.vertexShader : null;
  const sm3 = vs !== null && vs.executable.version >= 0x300;
  // vs_3_0 outputs have no fixed meaning: the output declaration says where each goes (docs)
  if (sm3 && decl === null) return D3DERR.INVALIDCALL;
  const shaded = vs === null ? null : new ShaderVertexProcessor(state, vs, state.vertexElements ?? []);
  const shaderFields = vs === null ? null : sm3 ? declaredFields((decl as VertexDeclaration).elements, shaded!.varyingSemantics, out.stride) : shaderWrittenFields(out.fields, vs);
  if (shaderFields === undefined) return D3DERR.INVALIDCALL;
  if (call.count === 0) return D3D_OK;
  const clipping = st.renderStates[D3DRS.CLIPPING] !== 0;
  const doClip = clipping && (buffer.spec.usage & D3DUSAGE.DONOTCLIP) === 0;
  const copyAll = (call.flags & D3DPV.DONOTCOPYDATA) === 0;
  const lit = !processor.pretransformed && st.renderStates[D3DRS.LIGHTING] !== 0;
  const vp = state.viewport;
  const view = new DataView(buffer.data.buffer, buffer.data.byteOffset, buffer.data.byteLength);
  const fields = shaderFields ?? writtenFields(out.fields, layout.texSize, copyAll || lit, copyAll);
  shaded?.prepare(state);
  const shadedVertices = shaded?.process(streams, call.src, call.count) ?? [];
  let v = createClipVertex();
  const processed: ClipVertex[] = [v];
  for (let i = 0; i < call.count; i++) {
    if (shaded === null) processor.processVertex(streams, call.src + i, v);
    else processed[0] = v = shadedVertices[i];
    if (doClip) accumulateClipStatus(status, processed, state.userClipPlanes?.mask ?? 0);
    const base = (call.dest + i) * out.stride;
    const screen = !doClip || inside(v);
    const rhw = 1 / v.w;
    // an XYZRHW source is passed through as given (x, y, z, rhw)
    const pos = processor.pretransformed ? [v.x, v.y, v.z, rhw] : screen
      ? [vp.x + (1 + v.x * rhw) * vp.width / 2, vp.y + (1 - v.y * rhw) * vp.height / 2, vp.minZ + v.z * rhw * (vp.maxZ - vp.minZ), rhw]
      : [v.x, v.y, v.z, v.w];
    // the coordinate sets: the source's (copied), or the shader's outputs
    const tex = shaded === null ? processor.fetched.tex : v.tex;
    for (const f of fields) {
      const at = base + f.offset;
      if (f.kind === 'pos') view.setFloat32(at, pos[f.index], true);
      else if (f.kind === 'diffuse') view.setUint32(at, toColor(v.diffuse), true);
      else if (f.kind === 'specular') view.setUint32(at, toColor(v.specular), true);
      else if (f.kind === 'color') view.setUint32(at, toColor([tex[f.index], tex[f.index + 1], tex[f.index + 2], tex[f.index + 3]]), true);
      else for (let c = 0; c < (f.count ?? 1); c++) view.setFloat32(at + 4 * c, tex[f.index + c], true);
    }
  }
  if (!clipping) { status.union = 0; status.intersection = 0; }
  return D3D_OK;
}
