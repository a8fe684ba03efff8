/**
 * `inspect`'s core (DESIGN.md contract 4): replay a trace up to a call, find
 * its surfaces by the names the trace binds, and read one as stored bytes, as
 * an image or one pixel — optionally through the depth-stencil copy into a
 * lockable format, the path GetRenderTargetData's depth extension takes.
 */
import { Device } from '../device/device.js';
import type { DeviceProfile } from '../device/caps.js';
import { Surface } from '../device/surface.js';
import { SwapChain } from '../device/swap-chain.js';
import { CubeTexture, Texture } from '../device/texture.js';
import {
  allFormats, blockRows, channelValue, copyDepthStencil, decodeTexel, depthStencilCopyPlan, pitchOf, readChannel, surfaceToRGBA8,
} from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import type { Rgba8Image } from '../golden/image.js';
import type { TraceReader } from '../trace/reader.js';
import { defaultName } from '../trace/text/names.js';
import { Replayer } from '../replay/replayer.js';
import { replayTo } from '../replay/seek.js';
import type { ReplayOptions } from '../replay/replayer.js';

/** A request the trace cannot answer (call beyond the end, unknown surface, …): the CLI exits 2 with the message. */
export class InspectError extends Error {}

/** Names of the device's own surfaces, beside the names the trace binds. */
export const BACKBUFFER = 'backbuffer';
export const DEPTHSTENCIL = 'depthstencil';

export interface InspectPoint {
  /** the last call replayed */
  call: number;
  /** frames presented up to and including `call` */
  frames: number;
  replayer: Replayer;
  /**
   * live surfaces by name: the trace's handle names (a texture's levels as `tex`, `tex.level1`, a cube
   * texture's as `cube.+x.level0`), then `backbuffer` and `depthstencil` of the last device created
   */
  surfaces: Map<string, Surface>;
  /** names bound to surfaces released before `call` */
  released: Set<string>;
  /** the last device created up to `call` */
  device?: Device;
  /** every object the trace bound up to `call` with the name it was first bound as */
  names: Map<object, string>;
  /** the call the replay started from: 0, or the call a snapshot chunk stands before */
  from: number;
}

export interface InspectAt {
  /** stop after this call (from 0) */
  call?: number;
  /** stop after the Present that ends this frame (from 0) */
  frame?: number;
  /** the swap chain whose frame `frame` counts (0, the default: implicit chains; K: the Kth additional chain) */
  swapChain?: number;
}

/** `--frame F` or `--frame scK:F` (frame F of additional swap chain K) as { frame, swapChain }. */
export function parseFrameArg(text: string | number): { frame: number; swapChain: number } {
  if (typeof text === 'number') return { frame: text, swapChain: 0 };
  const m = /^\s*(?:sc(\d+):)?(\d+)\s*$/.exec(text);
  if (!m) throw new InspectError(`--frame expects a frame number from 0, or scK:F for frame F of additional swap chain K (e.g. sc1:2), found '${text}'`);
  return { frame: Number(m[2]), swapChain: m[1] === undefined ? 0 : Number(m[1]) };
}

/** Thrown inside a replay to stop it at the Present it looked for. */
class FoundPresent extends Error {
  constructor(readonly call: number) {
    super('found');
  }
}

/** The call of the Present that ends frame `frame` of additional swap chain `swapChain`: found by replaying (the trace's index knows device Presents only). */
function chainFrameCall(reader: TraceReader, swapChain: number, frame: number, lines?: readonly number[]): number {
  let seen = 0;
  const r = new Replayer({
    lines,
    onPresent: (e) => {
      if (e.swapChain !== swapChain) return;
      seen = e.frame + 1;
      if (e.frame === frame) throw new FoundPresent(e.call);
    },
  });
  try {
    r.run(reader);
  } catch (e) {
    if (e instanceof FoundPresent) return e.call;
    throw e;
  }
  throw new InspectError(`frame sc${swapChain}:${frame} is beyond the trace: swap chain ${swapChain} presents ${seen} frame${seen === 1 ? '' : 's'}${seen ? ` (sc${swapChain}:0-sc${swapChain}:${seen - 1})` : ''}`);
}

/** The last call to replay for `at`, checked against the trace. */
export function resolveStop(reader: TraceReader, at: InspectAt, lines?: readonly number[]): number {
  if ((at.call === undefined) === (at.frame === undefined)) throw new InspectError('name exactly one of --call N or --frame F');
  if (at.frame !== undefined) {
    const f = at.frame;
    if (!Number.isInteger(f) || f < 0) throw new InspectError(`--frame expects a frame number from 0, found ${f}`);
    if (at.swapChain) return chainFrameCall(reader, at.swapChain, f, lines);
    const present = reader.frames[f];
    if (present === undefined) throw new InspectError(`frame ${f} is beyond the trace: it has ${reader.frames.length} frame${reader.frames.length === 1 ? '' : 's'} (0-${reader.frames.length - 1})`);
    return present;
  }
  const n = at.call!;
  if (!Number.isInteger(n) || n < 0) throw new InspectError(`--call expects a call number from 0, found ${n}`);
  if (n >= reader.callCount) throw new InspectError(`call ${n} is beyond the trace: it has ${reader.callCount} calls (0-${reader.callCount - 1})`);
  return n;
}

/** Replays the trace up to and including the call `at` names, and collects its surfaces by name. */
export function replayToPoint(reader: TraceReader, at: InspectAt, opts: { lines?: readonly number[]; profile?: DeviceProfile; beforeCall?: ReplayOptions['beforeCall'] } = {}): InspectPoint {
  const call = resolveStop(reader, at, opts.lines);
  const options: ReplayOptions = { lines: opts.lines, profile: opts.profile, beforeCall: opts.beforeCall };
  // an observer must see every call, so it replays from the start; otherwise from the nearest snapshot
  const { replayer, from } = opts.beforeCall ? { replayer: new Replayer(options).run(reader, call + 1), from: 0 } : replayTo(reader, call + 1, options);
  const surfaces = new Map<string, Surface>();
  const released = new Set<string>();
  const names = new Map<object, string>();
  let device: Device | undefined;
  // handles in id order, which is creation order; each keeps the name it was first bound as
  for (const h of replayer.tables().handles) {
    const b = { name: replayer.nameOf(h.id) ?? defaultName(h.kind, h.id), obj: h.obj };
    const obj = b.obj;
    if (obj && !names.has(obj)) names.set(obj, b.name);
    if (obj instanceof Device) device = obj;
    // an additional swap chain's back buffer: `sc.backbuffer` for a chain the trace names sc
    if (obj instanceof SwapChain && !obj.isImplicit && obj.alive) surfaces.set(`${b.name}.backbuffer`, obj.backBuffer);
    if (obj instanceof Texture || obj instanceof CubeTexture) {
      if (obj.alive) for (const [level, surface] of textureSurfaces(b.name, obj)) surfaces.set(level, surface);
      else released.add(b.name);
      continue;
    }
    if (!(obj instanceof Surface)) continue;
    if (obj.alive) surfaces.set(b.name, obj);
    else released.add(b.name);
  }
  // the trace's own names win over the device's two (a handle may be named `backbuffer`)
  if (device && !surfaces.has(BACKBUFFER)) surfaces.set(BACKBUFFER, device.backBuffer);
  if (device?.autoDepthStencil && !surfaces.has(DEPTHSTENCIL)) surfaces.set(DEPTHSTENCIL, device.autoDepthStencil);
  return { call, frames: replayer.frames, replayer, surfaces, released, device, names, from };
}

/** Face names of a cube texture, in D3DCUBEMAP_FACES order (POSITIVE_X = 0 ... NEGATIVE_Z = 5). */
export const CUBE_FACES = ['+x', '-x', '+y', '-y', '+z', '-z'] as const;

/**
 * The levels of a texture by name: `tex` (level 0), `tex.level1`, ...; a cube texture's as
 * `cube.+x.level0` ... `cube.-z.levelN`. Only the levels the application sees (GetLevelCount):
 * an automatic mip chain's generated levels are not surfaces of D3D9's.
 */
export function textureSurfaces(name: string, t: Texture | CubeTexture): Array<[string, Surface]> {
  if (t instanceof Texture) return t.levels.map((s, i) => [i === 0 ? name : `${name}.level${i}`, s]);
  return t.faces.flatMap((levels, f) => levels.map((s, i): [string, Surface] => [`${name}.${CUBE_FACES[f]}.level${i}`, s]));
}

export function findSurface(p: InspectPoint, name: string): Surface {
  // `tex.level0` is `tex`; `cube.+x` is `cube.+x.level0`
  const s = p.surfaces.get(name) ?? p.surfaces.get(name.replace(/\.level0$/, '')) ?? p.surfaces.get(`${name}.level0`);
  if (s) return s;
  const base = name.split('.')[0];
  if (name.includes('.') && p.released.has(base)) throw new InspectError(`texture '${base}' was released before call ${p.call}; known surfaces at call ${p.call}: ${[...p.surfaces.keys()].join(', ') || '(none)'}`);
  const known = [...p.surfaces.keys()].join(', ') || '(none)';
  if (p.released.has(name)) throw new InspectError(`surface '${name}' was released before call ${p.call}; known surfaces at call ${p.call}: ${known}`);
  throw new InspectError(`unknown surface '${name}'; known surfaces at call ${p.call}: ${known}`);
}

/** Sample 0 of a surface, or of its depth-stencil copy into a lockable format. */
export interface SurfaceView {
  format: FormatInfo;
  width: number;
  height: number;
  pitch: number;
  /** exactly pitch × block rows bytes */
  data: Uint8Array;
}

export function surfaceView(s: Surface): SurfaceView {
  const size = s.pitch * blockRows(s.format, s.height);
  return { format: s.format, width: s.width, height: s.height, pitch: s.pitch, data: s.data.subarray(0, size) };
}

/** A format by name, with or without D3DFMT_, any case. */
export function formatByName(name: string): FormatInfo | undefined {
  const bare = name.toUpperCase().replace(/^D3DFMT_/, '');
  return allFormats().find((f) => f.name === bare);
}

export const formatName = (f: FormatInfo): string => `D3DFMT_${f.name}`;

/**
 * The surface read through the depth-stencil copy into lockable `to` (reference A.1, the copy
 * GetRenderTargetData's depth extension runs); channels the source lacks read as 0.
 */
export function asLockable(name: string, s: SurfaceView, to: FormatInfo): SurfaceView {
  if (s.format.kind !== 'depth') throw new InspectError(`--as reads a depth-stencil surface through the depth-stencil copy; '${name}' is ${formatName(s.format)}, a ${s.format.kind} format`);
  const plan = depthStencilCopyPlan(s.format.id, to.id);
  if (!plan.ok) throw new InspectError(`--as ${formatName(to)}: ${plan.reason}`);
  const pitch = pitchOf(to, s.width);
  const data = new Uint8Array(pitch * s.height);
  const dst = { format: to.id, data, pitch, width: s.width, height: s.height };
  copyDepthStencil({ format: s.format.id, data: s.data, pitch: s.pitch, width: s.width, height: s.height }, { left: 0, top: 0, right: s.width, bottom: s.height }, dst, 0, 0);
  return { format: to, width: s.width, height: s.height, pitch, data };
}

/** The shortest decimal that reads back as the same float32 (0.49999997, not 0.4999999701976776). */
export function float32Text(v: number): number {
  const f = Math.fround(v);
  if (!Number.isFinite(f)) return f;
  for (let p = 1; p <= 9; p++) {
    const t = Number(f.toPrecision(p));
    if (Math.fround(t) === f) return t;
  }
  return f;
}

export interface PixelReport {
  surface: string;
  format: string;
  x: number;
  y: number;
  /** the stored bits of the texel's block as one little-endian number, in hex */
  raw: string;
  /** r g b a as sampling reads them, or depth (the value the format stands for) and stencil (its integer) */
  channels: Record<string, number>;
}

const texel = new Float32Array(4);

export function readPixel(name: string, v: SurfaceView, x: number, y: number): PixelReport {
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= v.width || y >= v.height) {
    throw new InspectError(`pixel (${x}, ${y}) is outside '${name}', which is ${v.width}×${v.height} (x 0-${v.width - 1}, y 0-${v.height - 1})`);
  }
  const f = v.format;
  const at = Math.floor(y / f.blockH) * v.pitch + Math.floor(x / f.blockW) * f.blockBytes;
  let hex = '';
  for (let i = f.blockBytes - 1; i >= 0; i--) hex += v.data[at + i].toString(16).padStart(2, '0');
  const channels: Record<string, number> = {};
  if (f.kind === 'depth') {
    for (const ch of f.channels) {
      if (ch.name === 'd') channels.depth = float32Text(channelValue(ch, readChannel(f, v.data, at, ch)));
      if (ch.name === 's') channels.stencil = readChannel(f, v.data, at, ch);
    }
  } else {
    decodeTexel(f, v.data, v.pitch, x, y, texel, 0);
    ['r', 'g', 'b', 'a'].forEach((c, k) => { channels[c] = float32Text(texel[k]); });
  }
  return { surface: name, format: formatName(f), x, y, raw: `0x${hex}`, channels };
}

/**
 * The view as an RGBA8 image: colour as sampling reads it; depth as grey, 0 black → 1 white,
 * 8-bit by round(d·255) (clamped); a stencil-only format as its stencil value.
 */
export function viewImage(v: SurfaceView): Rgba8Image {
  const f = v.format;
  if (f.kind !== 'depth') return { width: v.width, height: v.height, data: surfaceToRGBA8(f, v.data, v.pitch, v.width, v.height) };
  const d = f.channels.find((c) => c.name === 'd');
  const s = f.channels.find((c) => c.name === 's')!;
  const out = new Uint8Array(v.width * v.height * 4);
  for (let y = 0; y < v.height; y++) {
    for (let x = 0; x < v.width; x++) {
      const at = y * v.pitch + x * f.blockBytes;
      const grey = d ? Math.min(255, Math.max(0, Math.round(channelValue(d, readChannel(f, v.data, at, d)) * 255))) : readChannel(f, v.data, at, s);
      const o = (y * v.width + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = grey;
      out[o + 3] = 255;
    }
  }
  return { width: v.width, height: v.height, data: out };
}
