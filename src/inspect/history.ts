/**
 * `inspect --history X,Y`: every call up to the stop point that touched pixel
 * (X, Y) of render target 0 as bound there, in call order. One replay with a
 * PixelObserver on every device records events for that pixel of any surface;
 * the events of the surface that is render target 0 at the stop are kept.
 */
import { D3DSTENCILOP_TABLE } from '../d3d9/index.js';
import { Device } from '../device/device.js';
import type { PixelObserver } from '../device/pixel-observer.js';
import type { DeviceProfile } from '../device/caps.js';
import { rawHex } from '../driver/raster/pixel/index.js';
import type { FragmentFate, FragmentReport, PixelWatch } from '../driver/raster/pixel/index.js';
import type { SurfaceView } from '../driver/surface-view.js';
import type { TraceReader } from '../trace/reader.js';
import { BACKBUFFER, findSurface, float32Text, formatName, InspectError, replayToPoint } from './point.js';
import type { InspectAt, InspectPoint } from './point.js';

/**
 * One event; every key is always present (null where it does not apply).
 * `write`: Clear, ColorFill, StretchRect or UpdateSurface; `fragment`: one fragment of a draw;
 * `no fragment`: a draw that generated no fragment at the pixel; its fate says why when the
 * draw covers the pixel: `culled` (back-face culling, `culledFace` the triangle's winding) or
 * `scissored` (outside the scissor rect); null when it is clipped or draws elsewhere.
 */
export interface HistoryEvent {
  call: number;
  method: string;
  event: 'write' | 'fragment' | 'no fragment';
  fate: FragmentFate | 'culled' | 'scissored' | null;
  /** render target bits at the pixel before and after, hex (after = before unless written) */
  before: string | null;
  after: string | null;
  /** the fragment's colour entering the alpha test: r g b a */
  source: number[] | null;
  stencilBefore: number | null;
  stencilAfter: number | null;
  stencilOp: string | null;
  /** whose stencil states applied: front, or ccw (two-sided stencil on a back face) */
  stencilFace: 'front' | 'ccw' | null;
  depthBefore: number | null;
  fragmentDepth: number | null;
  /** a culled draw: the winding of the triangle that covered the pixel */
  culledFace: 'clockwise' | 'counter-clockwise' | null;
  /** a draw with a pixel shader: its handle name (as the trace binds it) */
  pixelShader: string | null;
  /** a fragment of a draw with a pixel shader: what it wrote before fog and blending (oC0..oC3 written, oDepth when written) */
  shaderOutputs: ShaderOutputs | null;
}

/** A pixel shader's outputs for one fragment, r g b a per colour (keys only for registers it writes). */
export type ShaderOutputs = { oC0?: number[]; oC1?: number[]; oC2?: number[]; oC3?: number[]; oDepth?: number };

/** The outputs a fragment report carries, as float text. */
export function shaderOutputs(r: FragmentReport['shader']): ShaderOutputs | null {
  if (!r) return null;
  const out: ShaderOutputs = {};
  r.colors.forEach((c, i) => { if (c) out[`oC${i}` as 'oC0'] = c.map(float32Text); });
  if (r.depth !== null) out.oDepth = float32Text(r.depth);
  return out;
}

export interface PixelHistory {
  point: InspectPoint;
  surface: string;
  /** the surface followed is render target 0 as bound at the stop (rather than one named) */
  renderTarget0: boolean;
  format: string;
  x: number;
  y: number;
  events: HistoryEvent[];
}

const blank = { fate: null, before: null, after: null, source: null, stencilBefore: null, stencilAfter: null, stencilOp: null, stencilFace: null, depthBefore: null, fragmentDepth: null, culledFace: null, pixelShader: null, shaderOutputs: null } as const;

export function fragmentEvent(call: number, method: string, r: FragmentReport, pixelShader: string | null): HistoryEvent {
  return {
    call, method, event: 'fragment', fate: r.fate, before: r.colorBefore, after: r.colorAfter,
    source: r.source.map(float32Text),
    stencilBefore: r.stencil?.before ?? null,
    stencilAfter: r.stencil?.after ?? null,
    stencilOp: r.stencil ? D3DSTENCILOP_TABLE.nameOf(r.stencil.op) ?? String(r.stencil.op) : null,
    stencilFace: r.stencil?.face ?? null,
    depthBefore: r.depth ? float32Text(r.depth.before) : null,
    fragmentDepth: r.depth ? float32Text(r.depth.fragment) : null,
    culledFace: null,
    pixelShader,
    shaderOutputs: shaderOutputs(r.shader),
  };
}

/**
 * `opts.surface` follows that surface instead of render target 0: any surface inspect names,
 * e.g. a texture level (`tex.level1`) that draws reached as a render target.
 */
export function pixelHistory(reader: TraceReader, at: InspectAt, x: number, y: number, opts: { lines?: readonly number[]; profile?: DeviceProfile; surface?: string } = {}): PixelHistory {
  const seen: Array<{ surface: SurfaceView; e: HistoryEvent; shader: object | null }> = [];
  let call = 0;
  let device: Device | undefined;
  const observer: PixelObserver = {
    x, y,
    write(method, surface, run) {
      const before = rawHex(surface, x, y);
      run();
      seen.push({ surface, e: { call, method, event: 'write', ...blank, before, after: rawHex(surface, x, y) }, shader: null });
    },
    draw(method, target, run, explain) {
      let fragments = 0;
      const shader = device?.state.pixelShader ?? null;
      const watch: PixelWatch = {
        x, y,
        fragment(r) {
          fragments++;
          if (target) seen.push({ surface: target, e: fragmentEvent(call, method, r, null), shader });
        },
      };
      run(watch);
      if (fragments === 0 && target) {
        const why = explain();
        const face = why?.fate === 'culled' ? (why.front ? 'clockwise' : 'counter-clockwise') : null;
        seen.push({ surface: target, e: { call, method, event: 'no fragment', ...blank, fate: why?.fate ?? null, culledFace: face }, shader });
      }
    },
  };
  const point = replayToPoint(reader, at, {
    lines: opts.lines,
    profile: opts.profile,
    beforeCall(n, self) {
      call = n;
      if (self instanceof Device) {
        self.pixelObserver = observer;
        device = self;
      }
    },
  });
  const named = opts.surface !== undefined;
  const rt = named ? findSurface(point, opts.surface!) : point.device?.state.renderTargets[0];
  if (!rt) throw new InspectError(`no device exists at call ${point.call}, so there is no render target 0`);
  const name = named ? opts.surface! : point.names.get(rt) ?? (rt === point.device!.backBuffer ? BACKBUFFER : 'render target 0');
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= rt.width || y >= rt.height) {
    throw new InspectError(`pixel (${x}, ${y}) is outside ${named ? '' : 'render target 0 '}('${name}'), which is ${rt.width}×${rt.height} (x 0-${rt.width - 1}, y 0-${rt.height - 1})`);
  }
  const events = seen.filter((s) => s.surface === rt).map((s) => (s.shader ? { ...s.e, pixelShader: point.names.get(s.shader) ?? 'pixel shader' } : s.e));
  return { point, surface: name, renderTarget0: !named, format: formatName(rt.format), x, y, events };
}

/**
 * One line per event, e.g. `call 9 DrawPrimitiveUP: depth failed: depth 0.25 stored, fragment 0.75`.
 * Draws with no fragment at the pixel for any other reason than culling or the scissor test (they do
 * not cover it, or clipping or the multisample mask keep it out) are counted in the first line, not
 * listed, as a frame debugger's pixel history leaves them out; --json has them.
 */
export function historyText(h: PixelHistory): string[] {
  const shown = h.events.filter((e) => e.event !== 'no fragment' || e.fate !== null);
  const away = h.events.length - shown.length;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const left = away > 0 ? ` (and ${plural(away, 'draw')} with no fragment at the pixel, left out: --json lists ${away === 1 ? 'it' : 'them'})` : '';
  const head = `pixel (${h.x}, ${h.y}) of ${h.renderTarget0 ? 'render target 0 ' : ''}'${h.surface}' (${h.format}) up to call ${h.point.call}: ${plural(shown.length, 'event')}${left}`;
  return [head, ...shown.map(eventText)];
}

export function eventText(e: HistoryEvent): string {
  const at = `call ${e.call} ${e.method}`;
  if (e.event === 'write') return `${at}: ${e.before} → ${e.after}`;
  if (e.event === 'no fragment') {
    if (e.fate === 'culled') return `${at}: culled (a ${e.culledFace} triangle covering the pixel)`;
    if (e.fate === 'scissored') return `${at}: scissored (the draw covers the pixel, outside the scissor rect)`;
    return `${at}: no fragment`;
  }
  const parts: string[] = [];
  const src = `source (${e.source!.join(', ')})`;
  const o = e.shaderOutputs;
  if (o) {
    const outs = (['oC0', 'oC1', 'oC2', 'oC3'] as const).filter((k) => o[k]).map((k) => `${k} (${o[k]!.join(', ')})`);
    if (o.oDepth !== undefined) outs.push(`oDepth ${o.oDepth}`);
    parts.push(`pixel shader ${e.pixelShader}: ${outs.join(', ')}`);
  }
  if (e.stencilOp !== null) parts.push(`stencil ${e.stencilBefore} → ${e.stencilAfter} by ${e.stencilOp} (${e.stencilFace})`);
  if (e.depthBefore !== null) parts.push(`depth ${e.depthBefore} stored, fragment ${e.fragmentDepth}`);
  if (e.fate === 'written') parts.unshift(`${e.before} → ${e.after}, ${src}`);
  if (e.fate === 'alpha test failed') parts.unshift(src);
  return `${at}: ${e.fate}${parts.length ? `: ${parts.join('; ')}` : ''}`;
}
