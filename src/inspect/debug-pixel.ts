/**
 * `inspect --call N --debug-pixel X,Y`: the pixel shader of draw call N run for pixel (X, Y) of
 * render target 0, watched. The trace replays up to draw N; the draw itself runs as it always
 * does (drawShaded draws the watched pixel again alone, and the watched run of the shader stands
 * in for the plain one there), so the replayed device ends as a plain replay of call N leaves it.
 * For each fragment the draw puts at the pixel: its lane in the 2×2 quad, the interpolated inputs
 * with their semantics, the instructions it executed with their values, its outputs and its fate
 * in the words --history uses.
 */
import { D3DDECLUSAGE_TABLE } from '../d3d9/index.js';
import { Device } from '../device/device.js';
import type { PixelObserver } from '../device/pixel-observer.js';
import type { FragmentReport, PixelWatch } from '../driver/raster/pixel/index.js';
import { LANES, traceRun } from '../driver/shader/index.js';
import type { Semantic, ShaderExecutable } from '../driver/shader/index.js';
import type { SurfaceView } from '../driver/surface-view.js';
import { versionName } from '../shader/index.js';
import type { TraceReader } from '../trace/reader.js';
import { eventText, fragmentEvent } from './history.js';
import type { HistoryEvent, ShaderOutputs } from './history.js';
import { BACKBUFFER, formatName, InspectError, replayToPoint, resolveStop } from './point.js';
import type { InspectPoint } from './point.js';
import { debugSteps, jsonNumber, jsonVec, stepText, vec } from './shader-steps.js';
import type { DebugRegister, DebugStep, JsonNumber } from './shader-steps.js';
import { commandAt, isDraw } from './trace-call.js';

export interface DebugInput extends DebugRegister {
  /** D3DDECLUSAGE name and usage index, e.g. TEXCOORD0; null for vPos, vFace and the depth */
  semantic: string | null;
}

export interface FragmentDebug {
  /** the pixel's lane in its 2×2 quad, lane = (y & 1)·2 + (x & 1); 0 when the shader runs one lane */
  lane: number;
  /** lanes run: 4 (the quad, for derivatives) or 1 */
  lanes: number;
  /** the winding of the primitive the fragment came from */
  face: 'clockwise' | 'counter-clockwise';
  inputs: DebugInput[];
  steps: DebugStep[];
  /** oC0..oC3 the shader writes (before ps_2_0: r0 as oC0) and oDepth when written, before fog and blending */
  outputs: ShaderOutputs;
  /** texkill discarded the pixel */
  killed: boolean;
  /** what became of the fragment, as --history reports it */
  fate: HistoryEvent;
}

export interface PixelDebug {
  call: number;
  method: string;
  x: number;
  y: number;
  /** render target 0 as the trace names it */
  target: string;
  format: string;
  pixelShader: string;
  version: string;
  /** the draw puts no fragment at the pixel: why (culling, the scissor test), or 'outside' (its primitives do not reach it, or clipping keeps them out) */
  missed: 'culled' | 'scissored' | 'outside' | null;
  fragments: FragmentDebug[];
}

/** Register name of pixel input slot `slot` (ps_3_0: v0..v9; before: v0, v1, t0..t7). */
function inputName(exe: ShaderExecutable, slot: number): string {
  if (exe.version >= 0x300 || slot < 2) return `v${slot}`;
  return `t${slot - 2}`;
}

export function semanticName(s: Pick<Semantic, 'usage' | 'usageIndex'>): string {
  return `${D3DDECLUSAGE_TABLE.nameOf(s.usage)?.replace(/^D3DDECLUSAGE_/, '') ?? `usage ${s.usage}`}${s.usageIndex}`;
}

/** Outputs of `lane` after a run, by register name. */
function pixelOutputs(exe: ShaderExecutable, outputs: Float32Array, depth: number, lane: number): ShaderOutputs {
  const out: ShaderOutputs = {};
  for (let t = 0; t < 4; t++) {
    if ((exe.colorOutputs & (1 << t)) === 0 && !(t === 0 && exe.colorOutputs === 0)) continue;
    const at = (t * LANES + lane) * 4;
    out[`oC${t}` as 'oC0'] = jsonVec(outputs.subarray(at, at + 4)) as number[];
  }
  if (exe.writesDepth) out.oDepth = jsonNumber(depth) as number;
  return out;
}

/** Replays up to draw call `call` and debugs its pixel shader at (x, y) of render target 0. */
export function debugPixel(reader: TraceReader, call: number, x: number, y: number, opts: { lines?: readonly number[]; onPoint?: (p: InspectPoint) => void } = {}): PixelDebug {
  const n = resolveStop(reader, { call }, opts.lines);
  const method = commandAt(reader, n);
  if (!isDraw(method)) throw new InspectError(`call ${n} is ${method}, not a draw: --debug-pixel needs the number of a DrawPrimitive, DrawIndexedPrimitive, DrawPrimitiveUP or DrawIndexedPrimitiveUP call`);
  let device: Device | undefined;
  let seen: { target: SurfaceView | null; shader: object | null; exe: ShaderExecutable | null } | undefined;
  let missed: PixelDebug['missed'] = null;
  const fragments: Array<Omit<FragmentDebug, 'fate'> & { report?: FragmentReport }> = [];
  const watch: PixelWatch = {
    x, y,
    shader(run) {
      const { exe, io, lane } = run;
      const inputs: DebugInput[] = exe.inputs.map((s) => {
        const at = (s.slot * LANES + lane) * 4;
        return { name: inputName(exe, s.slot), semantic: semanticName(s), value: jsonVec(io.inputs.subarray(at, at + 4)) };
      });
      if (exe.version >= 0x300) {
        inputs.push({ name: 'vPos', semantic: null, value: jsonVec(io.position.subarray(4 * lane, 4 * lane + 4)) });
        inputs.push({ name: 'vFace', semantic: null, value: [jsonNumber(io.face[lane])] });
      }
      const steps = traceRun(exe, io, run.constants, run.lanes, lane);
      fragments.push({
        lane, lanes: run.lanes, face: run.fragment.front ? 'clockwise' : 'counter-clockwise', inputs,
        steps: debugSteps(exe, steps, lane), outputs: pixelOutputs(exe, io.outputs, io.depth[lane], lane), killed: io.killed[lane] !== 0,
      });
    },
    fragment(r) {
      const f = fragments[fragments.length - 1];
      if (f && !f.report) f.report = r;
    },
  };
  const observer: PixelObserver = {
    x, y,
    write(_method, _surface, run) { run(); },
    draw(_method, target, run, explain) {
      const ps = device?.state.pixelShader ?? null;
      seen = { target, shader: ps, exe: ps ? ps.executable : null };
      // a pixel outside the target is an error once the replay stops (after this call): nothing to watch
      if (!target || x >= target.width || y >= target.height) return;
      run(watch);
      if (fragments.length === 0) missed = explain()?.fate ?? 'outside';
    },
  };
  const point = replayToPoint(reader, { call: n }, {
    lines: opts.lines,
    beforeCall(k, self) {
      if (self instanceof Device) {
        device = self;
        self.pixelObserver = k === n ? observer : undefined;
      }
    },
  });
  opts.onPoint?.(point);
  if (!seen) throw new InspectError(`call ${n} (${method}) draws nothing at replay: it failed or drew no primitive (see 'replay9 replay')`);
  const { target, shader, exe } = seen as NonNullable<typeof seen>;
  if (!target) throw new InspectError(`call ${n} (${method}) draws with no render target 0`);
  const name = point.names.get(target) ?? (target === point.device?.backBuffer ? BACKBUFFER : 'render target 0');
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= target.width || y >= target.height) {
    throw new InspectError(`pixel (${x}, ${y}) is outside render target 0 ('${name}') of call ${n}, which is ${target.width}×${target.height} (x 0-${target.width - 1}, y 0-${target.height - 1})`);
  }
  if (!shader || !exe) throw new InspectError(`call ${n} (${method}) draws with fixed-function pixel processing: no pixel shader is bound, so there is none to debug ('--history ${x},${y}' shows what the draw did to the pixel)`);
  const shaderName = point.names.get(shader) ?? 'pixel shader';
  return {
    call: n, method, x, y, target: name, format: formatName(target.format), pixelShader: shaderName, version: versionName(exe.program.kind, exe.version),
    missed,
    fragments: fragments.map(({ report, ...f }) => ({ ...f, fate: fragmentEvent(n, method, report!, shaderName) })),
  };
}

function inputText(i: DebugInput): string {
  return `  ${i.name}${i.semantic ? ` (${i.semantic})` : ''} = ${vec(i.value)}`;
}

const MISSED: Record<'culled' | 'scissored' | 'outside', string> = {
  culled: 'back-face culling removes the primitive that covers it',
  scissored: 'the draw covers it, outside the scissor rect',
  outside: 'the draw\'s primitives do not reach it (or clipping removes them there)',
};

/** The debug as text: a header, then per fragment its inputs, steps, outputs and fate. */
export function pixelDebugText(d: PixelDebug): string[] {
  const head = `call ${d.call} ${d.method}: pixel shader ${d.pixelShader} (${d.version}) at pixel (${d.x}, ${d.y}) of render target 0 '${d.target}' (${d.format})`;
  if (d.fragments.length === 0) return [head, `no fragment at the pixel: ${MISSED[d.missed ?? 'outside']}`];
  const lines = [head];
  d.fragments.forEach((f, k) => {
    if (d.fragments.length > 1) lines.push(`fragment ${k + 1} of ${d.fragments.length}:`);
    lines.push(f.lanes > 1
      ? `lane ${f.lane} of its 2×2 quad at (${d.x & ~1}, ${d.y & ~1}) (the shader runs the quad for derivatives); a ${f.face} primitive`
      : `one lane (the shader takes no derivative); a ${f.face} primitive`);
    lines.push('inputs:', ...f.inputs.map(inputText));
    lines.push(`steps (${f.steps.length}; registers read as stored, before swizzle and modifiers):`, ...f.steps.flatMap(stepText));
    const outs = Object.entries(f.outputs).map(([k, v]) => `${k} = ${Array.isArray(v) ? vec(v as JsonNumber[]) : vec([v as JsonNumber])}`);
    lines.push(`outputs: ${outs.join(', ')}${f.killed ? '; texkill discards the pixel' : ''}`);
    lines.push(`fate: ${eventText(f.fate).replace(/^call \d+ \w+: /, '')}`);
  });
  return lines;
}
