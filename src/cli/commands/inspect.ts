/** `replay9 inspect T (--call N | --frame F)`: a surface, one pixel or the device state at a point of the trace; `--shader NAME`: one shader. */
import { writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { encodePng } from '../../golden/image.js';
import {
  asLockable, findSurface, formatByName, formatName, InspectError, parseFrameArg, readPixel, replayToPoint, surfaceView, viewImage,
} from '../../inspect/point.js';
import type { InspectPoint, SurfaceView } from '../../inspect/point.js';
import { historyText, pixelHistory } from '../../inspect/history.js';
import { stateAt } from '../../inspect/state.js';
import { inspectShader, shaderReportText } from '../../inspect/shader.js';
import { debugCommand } from './inspect-debug.js';
import { stateText } from '../../inspect/state-text.js';
import { openTrace } from '../../trace/open.js';
import { EXIT, UsageError, requireReadable, STRICT_OPTION } from '../io.js';
import type { Io } from '../io.js';

export interface InspectArgs {
  trace: string;
  call?: number;
  /** F, or scK:F for frame F of additional swap chain K */
  frame?: number | string;
  surface?: string;
  out?: string;
  as?: string;
  pixel?: string;
  history?: string;
  state?: boolean;
  all?: boolean;
  shader?: string;
  debugPixel?: string;
  debugVertex?: number;
  json: boolean;
  /** an apitrace capture with unmapped D3D9 calls is an error */
  strict?: boolean;
}

const DEPTH_MAPPING = 'depth as grey: 0 black → 1 white, round(d·255); a stencil-only format as its stencil value';

export function parsePixel(text: string, opt = 'pixel'): { x: number; y: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--${opt} expects X,Y (two whole numbers, e.g. 3,4), found '${text}'`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

function checkArgs(a: InspectArgs): void {
  for (const opt of ['call', 'frame', 'surface', 'out', 'as', 'pixel', 'history', 'shader'] as const) {
    if (Array.isArray(a[opt])) throw new UsageError(`give --${opt} once`);
  }
  if (a.shader !== undefined) {
    for (const opt of ['surface', 'out', 'as', 'pixel', 'history'] as const) if (a[opt] !== undefined) throw new UsageError(`--shader prints one shader; it does not take --${opt}`);
    if (a.state || a.all) throw new UsageError('give --shader or --state, not both');
    if (a.debugPixel !== undefined || a.debugVertex !== undefined) throw new UsageError('--shader prints one shader; to step through a draw\'s shader give --call N --debug-pixel X,Y or --debug-vertex I without --shader');
    if (a.call !== undefined && a.frame !== undefined) throw new UsageError('give --call or --frame, not both');
    return;
  }
  if (a.call === undefined && a.frame === undefined) throw new UsageError('inspect needs the point of the trace: --call N or --frame F');
  if (a.call !== undefined && a.frame !== undefined) throw new UsageError('give --call or --frame, not both');
  for (const opt of ['out', 'pixel', 'as'] as const) {
    if (a[opt] !== undefined && a.surface === undefined) throw new UsageError(`--${opt} needs --surface S (the handle name the trace binds, or backbuffer, depthstencil)`);
  }
  if (a.state) {
    for (const opt of ['surface', 'out', 'as', 'pixel'] as const) if (a[opt] !== undefined) throw new UsageError(`--state prints the device state; it does not take --${opt}`);
  }
  if (a.history !== undefined) {
    for (const opt of ['out', 'as', 'pixel'] as const) if (a[opt] !== undefined) throw new UsageError(`--history follows a pixel of render target 0 as bound at the stop (or of the --surface named); it does not take --${opt}`);
    if (a.state) throw new UsageError('give --history or --state, not both');
  }
  if (a.all && !a.state) throw new UsageError('--all goes with --state (every state value, not only those that differ from the defaults)');
  if (a.out !== undefined && !/\.(png|raw)$/i.test(a.out)) throw new UsageError(`--out writes FILE.png or FILE.raw, found '${a.out}'`);
}

/** Runs inspect; returns the exit code. Errors the user can fix throw UsageError (exit 2). */
export function inspectCommand(a: InspectArgs, io: Io): number {
  checkArgs(a);
  requireReadable(a.trace);
  const pixel = a.pixel !== undefined ? parsePixel(a.pixel) : undefined;
  const as = a.as === undefined ? undefined : formatByName(a.as);
  if (a.as !== undefined && !as) throw new UsageError(`--as: unknown format '${a.as}' (e.g. D16_LOCKABLE, D32F_LOCKABLE, D32_LOCKABLE, S8_LOCKABLE)`);
  const history = a.history !== undefined ? parsePixel(a.history, 'history') : undefined;
  let at: { call?: number; frame?: number; swapChain?: number };
  try {
    at = { call: a.call, ...(a.frame !== undefined ? parseFrameArg(a.frame) : {}) };
  } catch (e) {
    throw e instanceof InspectError ? new UsageError(e.message) : e;
  }
  if (a.debugPixel !== undefined || a.debugVertex !== undefined) return debugCommand(a, io);
  const { reader, lines } = openTrace(a.trace, { replayOnly: true, strict: a.strict });
  try {
    if (a.shader !== undefined) {
      const r = inspectShader(reader, a.shader, a.call === undefined && a.frame === undefined ? {} : at, { lines });
      io.out(a.json ? JSON.stringify(r, null, 2) : shaderReportText(r).join('\n'));
      return EXIT.ok;
    }
    if (history) {
      const h = pixelHistory(reader, at, history.x, history.y, { lines, surface: a.surface });
      if (h.point.replayer.findings.length) io.err(`note: ${h.point.replayer.findings.length} call(s) up to call ${h.point.call} replayed differently from the trace (see 'replay9 replay ${a.trace}')`);
      io.out(a.json ? JSON.stringify(h.events, null, 2) : historyText(h).join('\n'));
      return EXIT.ok;
    }
    const p = replayToPoint(reader, at, { lines });
    if (p.replayer.findings.length) io.err(`note: ${p.replayer.findings.length} call(s) up to call ${p.call} replayed differently from the trace (see 'replay9 replay ${a.trace}')`);
    // the findings before a snapshot are those it kept: its writer's replay's, none when the recorder wrote it
    if (p.from > 0) io.err(`note: replayed from the snapshot stored before call ${p.from}; differences before it are those the snapshot kept`);
    if (a.state) {
      const at = stateAt(p);
      // JSON is always the complete state; the keys keep their construction order (inspect-state.ts)
      if (a.json) io.out(JSON.stringify({ call: p.call, frames: p.frames, ...at.state }, null, 2));
      else io.out(stateText(p, at, a.all === true).join('\n'));
      return EXIT.ok;
    }
    if (a.surface === undefined) {
      listSurfaces(p, a.json, io);
      return EXIT.ok;
    }
    let view = surfaceView(findSurface(p, a.surface));
    if (as) view = asLockable(a.surface, view, as);
    if (a.out !== undefined) writeOut(a.surface, view, a.out, a.json && !pixel, io, pixel !== undefined);
    if (pixel) {
      const r = readPixel(a.surface, view, pixel.x, pixel.y);
      if (a.json) io.out(spacedJson(r));
      else {
        const ch = Object.entries(r.channels).map(([k, v]) => `${k} ${v}`).join(', ');
        io.out(`${r.surface} (${r.format}, ${view.width}×${view.height}) at call ${p.call}, pixel (${r.x}, ${r.y}): raw ${r.raw}; ${ch}`);
      }
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof InspectError) throw new UsageError(e.message);
    throw e;
  } finally {
    reader.close();
  }
}

/** One-line JSON with a space after each colon and comma, as DESIGN.md writes it (names and format names hold neither). */
function spacedJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${spacedJson(x)}`).join(', ')}}`;
}

function writeOut(name: string, v: SurfaceView, file: string, json: boolean, io: Io, quiet: boolean): void {
  const raw = /\.raw$/i.test(file);
  writeFileSync(file, raw ? v.data : encodePng(viewImage(v)));
  const desc = { surface: name, format: formatName(v.format), width: v.width, height: v.height, pitch: v.pitch, out: file };
  if (json) io.out(JSON.stringify(raw ? desc : { ...desc, ...(v.format.kind === 'depth' ? { mapping: DEPTH_MAPPING } : {}) }));
  else {
    const text = raw
      ? `wrote ${file}: ${name}, format ${desc.format}, width ${v.width}, height ${v.height}, pitch ${v.pitch} (${v.data.length} bytes, sample 0)`
      : `wrote ${file}: ${name}, ${desc.format}, ${v.width}×${v.height} as PNG${v.format.kind === 'depth' ? ` (${DEPTH_MAPPING})` : ''}`;
    // with --pixel --json stdout holds only the pixel document
    (quiet ? io.err : io.out)(text);
  }
}

function listSurfaces(p: InspectPoint, json: boolean, io: Io): void {
  const rows = [...p.surfaces].map(([name, s]) => ({ name, format: formatName(s.format), width: s.width, height: s.height, pitch: s.pitch, samples: s.samples }));
  if (json) {
    io.out(JSON.stringify({ call: p.call, frames: p.frames, surfaces: rows }, null, 2));
    return;
  }
  io.out(`at call ${p.call} (${p.frames} frame${p.frames === 1 ? '' : 's'} presented), surfaces:`);
  const width = Math.max(14, ...rows.map((r) => r.name.length));
  for (const r of rows) io.out(`  ${r.name.padEnd(width)} ${r.format.padEnd(22)} ${r.width}×${r.height}${r.samples > 1 ? ` ×${r.samples} samples` : ''}`);
}

export function registerInspect(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'inspect <trace>',
    'Replay a trace up to a call (or the end of a frame) and read a surface there (its stored bytes, a PNG, or one pixel) or the device state',
    (a) => a
      .positional('trace', { type: 'string', demandOption: true, describe: 'a .r9 or .r9t trace' })
      .option('call', { type: 'number', describe: 'stop after call N (from 0), e.g. --call 12' })
      .option('frame', { type: 'string', requiresArg: true, describe: 'stop after the Present that ends frame F (from 0), e.g. --frame 1; scK:F for frame F of additional swap chain K (the frames replay --out writes as frame-NNNN-scK.png), e.g. --frame sc1:2' })
      .option('surface', { type: 'string', requiresArg: true, describe: 'the surface: a handle name the trace binds (rt, bb, ds), a texture level (tex is level 0, tex.level2; a cube texture\'s cube.+x.level0 ... cube.-z.level1), or backbuffer, depthstencil (the last device\'s own); without it, lists the surfaces; with --history, the surface to follow instead of render target 0' })
      .option('out', { type: 'string', requiresArg: true, describe: `write the surface: FILE.png as an image (colour as sampling reads it; ${DEPTH_MAPPING}), or FILE.raw as the exact stored bytes of sample 0 (format, size and pitch printed)` })
      .option('as', { type: 'string', requiresArg: true, describe: 'read a depth-stencil surface through the depth-stencil copy into a lockable format first: D16_LOCKABLE, D32F_LOCKABLE, D32_LOCKABLE, S8_LOCKABLE (with or without D3DFMT_)' })
      .option('pixel', { type: 'string', requiresArg: true, describe: 'print the texel at X,Y: its stored bits in hex and its channels (r g b a, or depth and stencil)' })
      .option('history', { type: 'string', requiresArg: true, describe: 'X,Y: every call up to the stop that touched this pixel of render target 0 (as bound at the stop), in call order: Clear/ColorFill/StretchRect/UpdateSurface with the stored bits before and after; each draw fragment\'s fate (alpha test failed, stencil failed, depth failed, written) with its values; a draw kept from the pixel by culling or the scissor test says so; other draws with no fragment there are counted, and listed with --json' })
      .option('state', { type: 'boolean', describe: 'print the device state there: render, sampler and texture-stage states by name, transforms, viewport, scissor rect, targets, textures, streams, indices, FVF, lights, material; text shows only values that differ from a new device\'s' })
      .option('all', { type: 'boolean', describe: 'with --state: show every value, defaults included (--json always prints every value)' })
      .option('shader', { type: 'string', requiresArg: true, describe: 'print one shader by the handle name the trace binds (vs, ps3): its version, the call that created it, the draws made while it was bound (up to --call/--frame, else the whole trace), the validator\'s verdict, its inputs, outputs and samplers, the constants it defines, and its disassembly with instruction slots' })
      .option('debug-pixel', { type: 'string', requiresArg: true, describe: 'X,Y with --call N (a draw): run the draw\'s pixel shader for pixel (X, Y) of render target 0 and show whether the draw covers it (if not, why: culled, scissored, outside), its lane in the 2×2 quad, the interpolated inputs with their semantics, each executed instruction with the registers it read and wrote (loop iterations, branches taken), the outputs, texkill and the fate (alpha test, stencil, depth, written)' })
      .option('debug-vertex', { type: 'number', requiresArg: true, describe: 'I with --call N (a draw): run the draw\'s vertex shader for its vertex I (for an indexed draw its I-th index, and the vertex buffer index that resolves to): the inputs fetched by the declaration (usage, type, stored bytes, value), each executed instruction with its values, the outputs with their semantics, the clip-space and screen positions' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .option('strict', STRICT_OPTION)
      .example('$0 inspect traces/normal-map.r9t --shader ps', 'the pixel shader the trace names ps: disassembly with instruction slots, declarations, def constants, the draws that used it')
      .example('$0 inspect traces/lit-fog-blend.r9t --call 30', 'list the surfaces after call 30 (the texture checker\'s levels among them)')
      .example('$0 inspect traces/triangles.r9t --frame 0 --surface backbuffer --out out/f0.png', 'the back buffer as presented at the end of frame 0')
      .example('$0 inspect traces/depth-stencil-copies.r9t --frame 0 --surface ds --pixel 3,4 --json', '{"surface": "ds", "format": "D3DFMT_D24S8", "x": 3, "y": 4, "raw": "0x06000000", ...}')
      .example('$0 inspect traces/lit-fog-blend.r9t --call 30 --surface checker --pixel 9,0', 'a texel of level 0 of the texture checker (checker.level1 ... for the others)')
      .example('$0 inspect traces/depth-stencil-copies.r9t --frame 0 --surface ds --as D16_LOCKABLE --out out/ds.raw', 'the depth read back as D16_LOCKABLE, raw bytes')
      .example('$0 inspect traces/two-swap-chains.r9t --frame sc1:2 --surface sc.backbuffer --out out/sc1-2.png', 'frame 2 of the additional swap chain sc: its back buffer as presented')
      .example('$0 inspect traces/triangles.r9t --frame 0 --history 32,24', 'what each call up to the end of frame 0 did to pixel (32, 24) of render target 0')
      .example('$0 inspect traces/normal-map.r9t --call 28 --debug-pixel 32,32', 'the pixel shader of draw call 28 at pixel (32, 32), step by step, and what became of the pixel')
      .example('$0 inspect traces/normal-map.r9t --call 28 --debug-vertex 2 --json', 'the vertex shader of draw call 28 for the draw\'s vertex 2, as one JSON document')
      .example('$0 inspect traces/lit-fog-blend.r9t --call 30 --state', 'the device state after call 30, values that differ from the defaults (--all: every value; --json: the whole state)'),
    (argv) => {
      done(inspectCommand({
        trace: argv.trace as string, call: argv.call, frame: argv.frame, surface: argv.surface, out: argv.out, as: argv.as, pixel: argv.pixel, history: argv.history, state: argv.state, all: argv.all, shader: argv.shader, json: argv.json,
        debugPixel: argv.debugPixel, debugVertex: argv.debugVertex, strict: argv.strict,
      }, io));
    },
  );
}
