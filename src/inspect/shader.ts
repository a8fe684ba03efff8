/**
 * `inspect --shader NAME`: one shader of a trace, by the handle name the text form gives it: its
 * version, the call that created it, the draws made while it was bound (the replay's device state at
 * each draw, so state blocks and SetVertexShader alike count), its disassembly with instruction slots,
 * what it declares and the constants it defines, and what the validator says of it.
 */
import { Device } from '../device/device.js';
import { DEFAULT_LIMITS, parseShader, summarizeShader, validateShader } from '../shader/index.js';
import type { ShaderSummary } from '../shader/index.js';
import { commandInfo, DRAW_COMMANDS } from '../trace/commands.js';
import type { HandleKind } from '../trace/commands.js';
import type { TraceReader } from '../trace/reader.js';
import { defaultName, nameToken } from '../trace/text/names.js';
import { hresultName } from '../d3d9/index.js';
import { InspectError, replayToPoint } from './point.js';
import type { InspectAt } from './point.js';

/** Draw calls listed by number; the rest are counted. */
export const FIRST_DRAWS = 10;

export interface ShaderReport {
  name: string;
  kind: 'vertex' | 'pixel';
  /** the call that created it, its .r9t line when the trace is text, the call as text and its result */
  created: { call: number; line?: number; text: string; result: string };
  /** draws made while it was bound, up to the stop: how many and the first FIRST_DRAWS call numbers */
  draws: { count: number; first: number[] };
  /** the last call looked at */
  upTo: number;
  /** the parse error, when the tokens do not parse */
  parseError?: string;
  /** what the validator finds wrong (empty: the version's rules accept it) */
  invalid: string[];
  summary?: ShaderSummary;
  /** the tokens' length in DWORDs */
  dwords: number;
}

const SHADER_KINDS: ReadonlySet<HandleKind> = new Set<HandleKind>(['VertexShader', 'PixelShader']);

interface Created { id: number; name: string; kind: HandleKind; call: number; self: string; method: string; tokens: Uint32Array; result: number; token: string }

/** Every shader the calls up to `to` create, by name (the first name a handle is bound as), in creation order. */
function createdShaders(reader: TraceReader, to: number): Map<string, Created> {
  // each handle's name as the text form writes it (quoted when it is not a bare identifier)
  const names = new Map<number, string>();
  const out = new Map<string, Created>();
  for (const { n, call } of reader.calls(0, to + 1)) {
    const info = commandInfo(call.command);
    if (!call.created || names.has(call.created) || !info.creates) continue;
    const name = call.name ?? defaultName(info.creates, call.created);
    const token = nameToken(name, info.creates, call.created, call.name !== undefined);
    names.set(call.created, token);
    if (!SHADER_KINDS.has(info.creates) || !('pFunction' in call.args)) continue;
    const b = call.args.pFunction as Uint8Array | null;
    const tokens = b ? new Uint32Array(Uint8Array.from(b.subarray(0, b.length - (b.length % 4))).buffer) : new Uint32Array(0);
    out.set(name, { id: call.created, name, kind: info.creates, call: n, self: names.get(call.self) ?? `#${call.self}`, method: info.method, tokens, result: call.result, token });
  }
  return out;
}

/** The report on shader `name`, looking at the calls up to `at` (the whole trace when it names no point). */
export function inspectShader(reader: TraceReader, name: string, at: InspectAt = {}, opts: { lines?: readonly number[] } = {}): ShaderReport {
  const point: InspectAt = at.call === undefined && at.frame === undefined ? { call: Math.max(0, reader.callCount - 1) } : at;
  if (reader.callCount === 0) throw new InspectError(`the trace has no calls, so no shader '${name}'`);
  // which calls are draws, to look at the bound shaders just before each one; which create vertex shaders, for the limits in force then
  const draws = new Set<number>();
  for (const { n, call } of reader.calls()) if (DRAW_COMMANDS.has(call.command)) draws.add(n);
  const all = createdShaders(reader, reader.callCount - 1);
  const creations = new Set([...all.values()].filter((c) => c.kind === 'VertexShader').map((c) => c.call));
  const software = new Map<number, boolean>();
  const bound: Array<{ n: number; vs: object | null; ps: object | null }> = [];
  const p = replayToPoint(reader, point, {
    lines: opts.lines,
    beforeCall: (n, self) => {
      if (!(self instanceof Device)) return;
      if (draws.has(n)) bound.push({ n, vs: self.state.vertexShader, ps: self.state.pixelShader });
      if (creations.has(n)) software.set(n, self.state.softwareVertexProcessing);
    },
  });
  const shaders = new Map([...all].filter(([, c]) => c.call <= p.call));
  const s = shaders.get(name);
  if (!s) {
    const known = [...shaders.values()].map((c) => c.token).join(', ') || '(none)';
    throw new InspectError(`unknown shader '${name}'; shaders the trace creates up to call ${p.call}: ${known}`);
  }
  const obj = p.replayer.object(s.id)?.obj;
  const used = obj ? bound.filter((b) => (s.kind === 'VertexShader' ? b.vs : b.ps) === obj).map((b) => b.n) : [];
  const report: ShaderReport = {
    name,
    kind: s.kind === 'VertexShader' ? 'vertex' : 'pixel',
    created: {
      call: s.call, ...(opts.lines ? { line: opts.lines[s.call] } : {}),
      text: `${s.token} = ${s.self}.${s.method}(...)`, result: hresultName(s.result),
    },
    draws: { count: used.length, first: used.slice(0, FIRST_DRAWS) },
    upTo: p.call,
    invalid: [],
    dwords: s.tokens.length,
  };
  const parsed = parseShader(s.tokens);
  if (!parsed.ok) {
    report.parseError = `DWORD ${parsed.error.offset}: ${parsed.error.message}`;
    return report;
  }
  // the constants a vertex shader may name: 8192 under software vertex processing, as the device validated it (src/device/shader.ts)
  const limits = { ...DEFAULT_LIMITS, maxVertexShaderConst: software.get(s.call) ? 8192 : DEFAULT_LIMITS.maxVertexShaderConst };
  report.invalid = validateShader(parsed.program, limits).map((e) => `DWORD ${e.offset}: ${e.message}`);
  report.summary = summarizeShader(parsed.program);
  return report;
}

/** The report as text, one fact a line. */
export function shaderReportText(r: ShaderReport): string[] {
  const out: string[] = [];
  const sum = r.summary;
  out.push(`${r.name}: ${r.kind} shader${sum ? ` ${sum.version}` : ''}, ${r.dwords} DWORDs`);
  out.push(`created by call ${r.created.call}${r.created.line !== undefined ? ` (line ${r.created.line})` : ''}: ${r.created.text}${r.created.result === 'D3D_OK' ? '' : ` -> ${r.created.result}`}`);
  const more = r.draws.count > r.draws.first.length ? `, … (${r.draws.count - r.draws.first.length} more)` : '';
  out.push(r.draws.count === 0 ? `bound at no draw up to call ${r.upTo}`
    : `bound at ${r.draws.count} draw${r.draws.count === 1 ? '' : 's'} up to call ${r.upTo}: call${r.draws.count === 1 ? '' : 's'} ${r.draws.first.join(', ')}${more}`);
  if (r.parseError) {
    out.push(`does not parse: ${r.parseError}`);
    return out;
  }
  out.push(r.invalid.length ? `refused by the validator (${r.invalid.length} rule${r.invalid.length === 1 ? '' : 's'} broken):` : 'accepted by the validator');
  for (const e of r.invalid) out.push(`  ${e}`);
  if (!sum) return out;
  const regs = (title: string, list: ShaderSummary['inputs']): void => {
    if (!list.length) return;
    out.push(`${title}:`);
    for (const u of list) out.push(`  ${u.register}${u.mask !== 'xyzw' ? `.${u.mask}` : ''}${u.usage ? `  ${u.usage}` : ''}`);
  };
  regs('inputs', sum.inputs);
  regs('samplers', sum.samplers);
  regs('outputs', sum.outputs);
  if (sum.constants.length) {
    out.push('constants defined:');
    for (const c of sum.constants) out.push(`  ${c.register} = ${Array.isArray(c.value) ? `(${c.value.join(', ')})` : String(c.value)}`);
  }
  const shared = sum.slots.limit.endsWith('in all');
  out.push(`instruction slots: ${shared ? sum.slots.arithmetic : `${sum.slots.arithmetic} arithmetic, ${sum.slots.texture} texture`} (${sum.version} allows ${sum.slots.limit})`);
  out.push('  slot  dword  instruction');
  out.push(`  ${''.padStart(4)}  ${'0'.padStart(5)}  ${sum.version}`);
  // texture slots (ps_1_x, ps_2_0) are numbered apart: t0, t1, …
  for (const l of sum.lines) out.push(`  ${l.slot === undefined ? '    ' : `${l.texture ? 't' : ''}${l.slot}`.padStart(4)}  ${String(l.offset).padStart(5)}  ${l.text}`);
  return out;
}
