/**
 * `inspect --call N --debug-vertex I`: the vertex shader of draw call N run for the draw's vertex
 * I, watched. Vertex I is the I-th vertex as the draw numbers them: for an indexed draw the I-th
 * index it reads, which resolves to a vertex buffer position (BaseVertexIndex added). Its inputs are
 * fetched as the draw's vertex stage fetches them (programmable/vertex.ts: v registers matched to
 * the declaration by usage and usage index; an input no element feeds reads (0, 0, 0, 1)); the
 * shader runs alone on a ShaderIO of its own, so the draw and the device are left as they are.
 */
import { D3DDECLTYPE, D3DDECLTYPE_TABLE, D3DDECLUSAGE, D3DFVF } from '../d3d9/index.js';
import { Device } from '../device/device.js';
import type { DrawCall } from '../driver/raster/draw.js';
import { shaderSample, VERTEX_SAMPLER_SLOT } from '../driver/raster/programmable/sample.js';
import { createShaderIO } from '../driver/raster/programmable/vertex.js';
import { toScreen } from '../driver/raster/setup/index.js';
import type { ClipVertex, RasterState, StreamView } from '../driver/raster/types.js';
import { decodeElement } from '../driver/raster/vertex/fetch.js';
import { LANES, traceRun, VS_IN_SLOTS, VS_OUT, VS_OUT_SLOTS } from '../driver/shader/index.js';
import type { Semantic, ShaderExecutable } from '../driver/shader/index.js';
import { versionName } from '../shader/index.js';
import type { TraceReader } from '../trace/reader.js';
import { semanticName } from './debug-pixel.js';
import { InspectError, replayToPoint, resolveStop } from './point.js';
import { debugSteps, jsonNumber, jsonVec, stepText, vec } from './shader-steps.js';
import type { DebugStep, JsonNumber } from './shader-steps.js';
import { commandAt, isDraw } from './trace-call.js';

/** Bytes each D3DDECLTYPE stores (D3DDECLTYPE docs). */
const TYPE_BYTES: Record<number, number> = {
  [D3DDECLTYPE.FLOAT1]: 4, [D3DDECLTYPE.FLOAT2]: 8, [D3DDECLTYPE.FLOAT3]: 12, [D3DDECLTYPE.FLOAT4]: 16, [D3DDECLTYPE.D3DCOLOR]: 4,
  [D3DDECLTYPE.UBYTE4]: 4, [D3DDECLTYPE.SHORT2]: 4, [D3DDECLTYPE.SHORT4]: 8, [D3DDECLTYPE.UBYTE4N]: 4, [D3DDECLTYPE.SHORT2N]: 4,
  [D3DDECLTYPE.SHORT4N]: 8, [D3DDECLTYPE.USHORT2N]: 4, [D3DDECLTYPE.USHORT4N]: 8, [D3DDECLTYPE.UDEC3]: 4, [D3DDECLTYPE.DEC3N]: 4,
  [D3DDECLTYPE.FLOAT16_2]: 4, [D3DDECLTYPE.FLOAT16_4]: 8,
};

export interface VertexInput {
  /** v register */
  name: string;
  semantic: string;
  /** the declaration element that feeds it (null: none does, it reads (0, 0, 0, 1)) */
  element: { stream: number; offset: number; type: string } | null;
  /** the element's stored bytes, in memory order, hex */
  raw: string | null;
  value: JsonNumber[];
}

export interface VertexDebug {
  call: number;
  method: string;
  vertexShader: string;
  version: string;
  /** the vertex as the draw numbers it */
  vertex: number;
  /** the vertex buffer position it resolves to (stream vertex index) */
  bufferIndex: number;
  indexed: boolean;
  /** instances the draw makes; the first instance's streams are read */
  instances: number;
  inputs: VertexInput[];
  steps: DebugStep[];
  outputs: Array<{ name: string; semantic: string; value: JsonNumber[] }>;
  /** the clip-space position the shader wrote */
  clip: JsonNumber[];
  /** after the perspective divide and the viewport: x, y in pixels (centres at integers), z in [MinZ, MaxZ], and 1/w */
  screen: { x: JsonNumber; y: JsonNumber; z: JsonNumber; rhw: JsonNumber };
}

const VS_OUT_NAMES = ['oPos', 'oFog', 'oPts', 'oD0', 'oD1'];

function outputName(exe: ShaderExecutable, slot: number): string {
  if (exe.version >= 0x300) return `o${slot}`;
  return slot < VS_OUT.T0 ? VS_OUT_NAMES[slot] : `oT${slot - VS_OUT.T0}`;
}

function hexBytes(data: Uint8Array, at: number, n: number): string {
  return Array.from(data.subarray(at, at + n), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** Replays up to draw call `call` and debugs its vertex shader for the draw's vertex `vertex`. */
export function debugVertex(reader: TraceReader, call: number, vertex: number, opts: { lines?: readonly number[] } = {}): VertexDebug {
  const n = resolveStop(reader, { call }, opts.lines);
  const method = commandAt(reader, n);
  if (!isDraw(method)) throw new InspectError(`call ${n} is ${method}, not a draw: --debug-vertex needs the number of a DrawPrimitive, DrawIndexedPrimitive, DrawPrimitiveUP or DrawIndexedPrimitiveUP call`);
  let seen: { plans: readonly DrawCall[]; state: RasterState; shader: object | null } | undefined;
  const point = replayToPoint(reader, { call: n }, {
    lines: opts.lines,
    beforeCall(k, self) {
      if (!(self instanceof Device)) return;
      const dev = self;
      dev.drawObserver = k !== n ? undefined : (_m, plans, state) => { seen = { plans, state: state(), shader: dev.state.vertexShader }; };
    },
  });
  if (!seen) throw new InspectError(`call ${n} (${method}) draws nothing at replay: it failed (see 'replay9 replay')`);
  const { plans, state, shader } = seen as NonNullable<typeof seen>;
  const bound = state.vertexShader;
  if (!shader || !bound) throw new InspectError(`call ${n} (${method}) draws with fixed-function vertex processing: no vertex shader is bound, so there is none to debug`);
  const exe = bound.executable;
  const plan = plans[0];
  if (!plan) throw new InspectError(`call ${n} (${method}) draws no instance`);
  const count = plan.indices ? plan.indices.length : plan.vertexCount;
  if (!Number.isInteger(vertex) || vertex < 0 || vertex >= count) {
    throw new InspectError(`vertex ${vertex} is beyond call ${n} (${method}): it draws ${count} ${plan.indices ? 'indices' : 'vertices'}${count ? ` (0-${count - 1})` : ''}`);
  }
  const elements = state.vertexElements ?? [];
  if ((state.fvf & D3DFVF.POSITION_MASK) === D3DFVF.XYZRHW || elements.some((e) => e.Usage === D3DDECLUSAGE.POSITIONT)) {
    throw new InspectError(`call ${n} (${method}) draws pre-transformed vertices (XYZRHW or POSITIONT): the vertex shader does not run for them`);
  }
  const bufferIndex = plan.firstVertex + (plan.indices ? plan.indices[vertex] : vertex);
  const streams: readonly (StreamView | null | undefined)[] = plan.streams ?? [plan.stream];
  const io = createShaderIO(VS_IN_SLOTS, VS_OUT_SLOTS, shaderSample(state, VERTEX_SAMPLER_SLOT));
  const v = new Float64Array(4);
  const inputs: VertexInput[] = exe.inputs.filter((s) => s.slot < VS_IN_SLOTS).map((s: Semantic) => {
    const e = elements.find((x) => x.Usage === s.usage && x.UsageIndex === s.usageIndex);
    const st = e ? streams[e.Stream] : undefined;
    let raw: string | null = null;
    if (e && st) {
      const at = st.offset + bufferIndex * st.stride + e.Offset;
      decodeElement(e.Type, st.data, at, v);
      raw = hexBytes(st.data, at, TYPE_BYTES[e.Type] ?? 0);
    } else { v[0] = 0; v[1] = 0; v[2] = 0; v[3] = 1; }
    io.inputs.set(v, s.slot * LANES * 4);
    return {
      name: `v${s.slot}`, semantic: semanticName(s),
      element: e ? { stream: e.Stream, offset: e.Offset, type: D3DDECLTYPE_TABLE.nameOf(e.Type)?.replace(/^D3DDECLTYPE_/, '') ?? String(e.Type) } : null,
      raw, value: jsonVec(io.inputs.subarray(s.slot * LANES * 4, s.slot * LANES * 4 + 4)),
    };
  });
  const steps = traceRun(exe, io, bound.constants, 1, 0);
  const out = (slot: number): Float32Array => io.outputs.subarray(slot * LANES * 4, slot * LANES * 4 + 4);
  const outputs = [...exe.outputs].sort((a, b) => a.slot - b.slot).map((s) => ({ name: outputName(exe, s.slot), semantic: semanticName(s), value: jsonVec(out(s.slot)) }));
  const pos = exe.version >= 0x300 ? exe.outputs.find((o) => o.usage === D3DDECLUSAGE.POSITION && o.usageIndex === 0)?.slot ?? -1 : VS_OUT.POS;
  const clip = pos >= 0 ? Array.from(out(pos)) : [0, 0, 0, 0];
  const cv = { x: clip[0], y: clip[1], z: clip[2], w: clip[3], pretransformed: false } as ClipVertex;
  const sv = toScreen(state.viewport, cv, { sx: 0, sy: 0, sz: 0, rhw: 1, v: cv });
  return {
    call: n, method, vertexShader: point.names.get(shader) ?? 'vertex shader', version: versionName(exe.program.kind, exe.version),
    vertex, bufferIndex, indexed: plan.indices !== null, instances: plans.length, inputs,
    steps: debugSteps(exe, steps, 0), outputs, clip: clip.map(jsonNumber),
    screen: { x: jsonNumber(sv.sx), y: jsonNumber(sv.sy), z: jsonNumber(sv.sz), rhw: jsonNumber(sv.rhw) },
  };
}

/** The debug as text. */
export function vertexDebugText(d: VertexDebug): string[] {
  const which = d.indexed ? `index ${d.vertex} of the draw, vertex buffer index ${d.bufferIndex}` : `vertex ${d.vertex} of the draw, vertex buffer index ${d.bufferIndex}`;
  const lines = [`call ${d.call} ${d.method}: vertex shader ${d.vertexShader} (${d.version}) for ${which}${d.instances > 1 ? ` (instance 0 of ${d.instances})` : ''}`];
  lines.push('inputs:');
  for (const i of d.inputs) {
    const from = i.element ? `stream ${i.element.stream} offset ${i.element.offset} ${i.element.type}, bytes ${i.raw}` : 'no element feeds it';
    lines.push(`  ${i.name} (${i.semantic}) = ${vec(i.value)}  from ${from}`);
  }
  lines.push(`steps (${d.steps.length}; registers read as stored, before swizzle and modifiers):`, ...d.steps.flatMap(stepText));
  lines.push('outputs:', ...d.outputs.map((o) => `  ${o.name} (${o.semantic}) = ${vec(o.value)}`));
  lines.push(`clip-space position ${vec(d.clip)}; screen (${vec([d.screen.x, d.screen.y]).slice(1, -1)}), z ${vec([d.screen.z]).slice(1, -1)}, rhw ${vec([d.screen.rhw]).slice(1, -1)}`);
  return lines;
}
