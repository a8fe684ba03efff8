/**
 * Goldens on disk (DESIGN.md contract 5): traces/NAME.r9(t) → traces/NAME.golden/ holding
 * frame-NNNN.png per Present, exact raw dumps of back buffers PNG cannot hold exactly, and
 * golden.json. Writing is atomic: a temporary sibling folder, then a rename over the old one.
 */
import { createHash } from 'node:crypto';
import xxhash from 'xxhash-wasm';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { Packr } from 'msgpackr';
import { blockRows } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import { PACKAGE_VERSION } from '../version.js';
import { encodePng } from './image.js';
import type { Rgba8Image } from './image.js';
import { recoverGoldenDir, swapDir, tempDirFor } from './swap.js';
import type { BeforeSwapStep } from './swap.js';

export const GOLDEN_MANIFEST = 'golden.json';

/** pixelmatch's version, recorded in golden.json: a new metric may count differently. */
export const PIXELMATCH_VERSION: string = (createRequire(import.meta.url)('pixelmatch/package.json') as { version: string }).version;

/** A golden that is there but cannot be read: names the file and what was wrong. */
export class GoldenFormatError extends Error {
  override readonly name = 'GoldenFormatError';
}

/** An exact copy of a surface's memory, for formats whose values RGBA8 cannot hold. */
export interface RawDump {
  /** format name from the format table (`A2R10G10B10`, `D24S8`, ...) */
  format: string;
  width: number;
  height: number;
  pitch: number;
  samples: number;
  data: Uint8Array;
}

export interface GoldenFrame {
  file: string;
  width: number;
  height: number;
  /** sha256 (hex) of the frame's RGBA8 pixels, rows top to bottom */
  sha256: string;
  /** pixelHash of the same pixels, which check compares first (goldens written before it have none) */
  xxh64?: string;
  /**
   * pixelHash of the PNG file's bytes as written: a file that no longer has it was edited,
   * replaced or merged since, and is then compared by its own pixels (older goldens have none)
   */
  fileXxh64?: string;
  /** the raw dump of the back buffer: sha256 of its surface bytes, pixelHash of the file (as for the PNG) */
  raw?: { file: string; sha256: string; fileXxh64?: string };
  /**
   * the presented surface as stored (its format, pitch, samples and a pixelHash of its bytes): a
   * replay whose surface has the same is unchanged, and check needs no conversion to RGBA8 to
   * know it (goldens written before it have none)
   */
  surface?: GoldenSurface;
}

/** A presented surface in its own format: what `GoldenFrame.surface` describes. */
export interface GoldenSurface {
  /** format name from the format table */
  format: string;
  pitch: number;
  samples: number;
  /** pixelHash of the stored bytes: every row at its pitch, every sample */
  xxh64: string;
}

/** A surface's memory as the device keeps it. */
export interface StoredSurface {
  format: FormatInfo;
  width: number;
  height: number;
  pitch: number;
  samples: number;
  data: Uint8Array;
}

export interface GoldenManifest {
  tool: string;
  pixelmatch: string;
  threshold: number;
  /** the frames of swap chain 0 (every device's implicit chain) */
  frames: GoldenFrame[];
  /** the frames of each additional swap chain, keyed by its ordinal (absent when the trace presents none) */
  swapChains?: Record<string, GoldenFrame[]>;
}

/** What one Present leaves in a golden. */
export interface FrameCapture {
  image: Rgba8Image;
  raw?: RawDump;
  /** the presented surface in its own format, when the frame came from one */
  surface?: GoldenSurface;
}

/** The bytes of a stored surface that its golden hash covers (its rows at their pitch, every sample). */
function storedBytes(s: StoredSurface): Uint8Array {
  const size = s.pitch * blockRows(s.format, s.height) * s.samples;
  return s.data.length === size ? s.data : s.data.subarray(0, size);
}

/** The golden description of a surface as stored: one pixelHash of its bytes, no conversion. */
export function goldenSurfaceOf(s: StoredSurface): GoldenSurface {
  return { format: s.format.name, pitch: s.pitch, samples: s.samples, xxh64: pixelHash(storedBytes(s)) };
}

/** Do two surface descriptions name the same stored bytes (of a frame of the same size)? */
export function sameSurface(a: GoldenSurface | undefined, b: GoldenSurface | undefined): boolean {
  return a !== undefined && b !== undefined && a.format === b.format && a.pitch === b.pitch && a.samples === b.samples && a.xxh64 === b.xxh64;
}

/**
 * A frame capture that converts only when asked: the presented surface's hash is taken now, and
 * the RGBA8 image (converted on first use of `image`) and the raw dump (copied on first use of
 * `raw`) are read from the live surface. Use it before the replay goes on (inside the Present
 * callback): the surface is the device's, and the next call may write it.
 */
export function lazyCapture(s: StoredSurface, toRgba8: (s: StoredSurface) => Rgba8Image, raw: boolean): FrameCapture {
  const surface = goldenSurfaceOf(s);
  let image: Rgba8Image | undefined;
  let dump: RawDump | undefined;
  const c: FrameCapture = {
    surface,
    get image(): Rgba8Image {
      return (image ??= toRgba8(s));
    },
  };
  if (raw) {
    Object.defineProperty(c, 'raw', { enumerable: true, get: (): RawDump => (dump ??= rawDumpOf({ ...s, data: storedBytes(s) })) });
  }
  return c;
}

/** traces/NAME.r9 or NAME.r9t → traces/NAME.golden */
export function goldenDirFor(trace: string): string {
  return join(dirname(trace), basename(trace).replace(/\.(r9t?|trace)$/i, '') + '.golden');
}

/** `frame-0003` for swap chain 0 (the names goldens always had), `frame-0003-sc1` for additional chain 1. */
export const frameStem = (frame: number, swapChain = 0): string => `frame-${String(frame).padStart(4, '0')}${swapChain === 0 ? '' : `-sc${swapChain}`}`;
export const framePngName = (frame: number, swapChain = 0): string => `${frameStem(frame, swapChain)}.png`;
export const frameRawName = (frame: number, swapChain = 0): string => `${frameStem(frame, swapChain)}.raw`;

/** A golden's frames of one swap chain (none for a chain it does not hold). */
export function goldenFrames(m: GoldenManifest, swapChain: number): GoldenFrame[] {
  return swapChain === 0 ? m.frames : (m.swapChains?.[String(swapChain)] ?? []);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// xxHash64 in WebAssembly: about 0.6 ms for a 1080p frame here, where SHA-256 takes 4 ms
const { h64Raw } = await xxhash();

/**
 * The hash check compares first: xxHash64 (seed 0) of the RGBA8 pixels, 16 hex digits. Not a
 * cryptographic hash, nor meant as one: it tells an unchanged frame from a changed one, and any
 * difference it reports is then measured pixel by pixel.
 */
export function pixelHash(bytes: Uint8Array): string {
  return h64Raw(bytes).toString(16).padStart(16, '0');
}

/**
 * Does a presented surface of this format need an exact raw dump beside its PNG? Colour formats
 * whose channels are all UNORM of at most 8 bits widen to RGBA8 one-to-one, so the PNG is exact;
 * depth, stencil, float, 10-bit, signed and the rest are not.
 */
export function needsRawDump(f: FormatInfo): boolean {
  if (f.kind !== 'color' || f.blockW !== 1 || f.blockH !== 1) return true;
  return !f.channels.every((c) => c.type === 'unorm' && c.bits <= 8);
}

const packr = new Packr({ useRecords: false, mapsAsObjects: true });

export function encodeRawDump(d: RawDump): Uint8Array {
  // fixed key order, so equal dumps are equal files
  return packr.pack({ format: d.format, width: d.width, height: d.height, pitch: d.pitch, samples: d.samples, data: d.data });
}

export function decodeRawDump(bytes: Uint8Array, file = 'raw dump'): RawDump {
  let v: unknown;
  try {
    v = packr.unpack(bytes);
  } catch (e) {
    throw new GoldenFormatError(`${file}: not a msgpack raw dump (${(e as Error).message})`);
  }
  const o = v as Record<string, unknown>;
  if (typeof o !== 'object' || o === null) throw new GoldenFormatError(`${file}: expected a map, got ${typeof v}`);
  if (typeof o.format !== 'string') throw new GoldenFormatError(`${file}: expected format to be a string`);
  for (const k of ['width', 'height', 'pitch', 'samples'] as const) {
    if (!Number.isInteger(o[k]) || (o[k] as number) < 0) throw new GoldenFormatError(`${file}: expected ${k} to be a non-negative integer, got ${String(o[k])}`);
  }
  if (!(o.data instanceof Uint8Array)) throw new GoldenFormatError(`${file}: expected data to be bytes`);
  const d = { format: o.format, width: o.width as number, height: o.height as number, pitch: o.pitch as number, samples: o.samples as number, data: new Uint8Array(o.data) };
  if (d.data.length < d.pitch * d.samples) throw new GoldenFormatError(`${file}: data holds ${d.data.length} bytes, expected at least pitch × samples = ${d.pitch * d.samples}`);
  return d;
}

/** The raw dump of a surface (its whole memory, every sample). */
export function rawDumpOf(s: { format: FormatInfo; width: number; height: number; pitch: number; samples: number; data: Uint8Array }): RawDump {
  return { format: s.format.name, width: s.width, height: s.height, pitch: s.pitch, samples: s.samples, data: s.data.slice() };
}

/** golden.json's text: keys in a fixed order, one frame a line for readable diffs in review. */
export function manifestText(m: GoldenManifest): string {
  const frame = (f: GoldenFrame): string => JSON.stringify({
    file: f.file, width: f.width, height: f.height, sha256: f.sha256, ...(f.xxh64 ? { xxh64: f.xxh64 } : {}),
    ...(f.fileXxh64 ? { fileXxh64: f.fileXxh64 } : {}),
    ...(f.raw ? { raw: { file: f.raw.file, sha256: f.raw.sha256, ...(f.raw.fileXxh64 ? { fileXxh64: f.raw.fileXxh64 } : {}) } } : {}),
    ...(f.surface ? { surface: { format: f.surface.format, pitch: f.surface.pitch, samples: f.surface.samples, xxh64: f.surface.xxh64 } } : {}),
  });
  const head = `{\n  "tool": ${JSON.stringify(m.tool)},\n  "pixelmatch": ${JSON.stringify(m.pixelmatch)},\n  "threshold": ${JSON.stringify(m.threshold)},\n`;
  const list = (fs: GoldenFrame[], indent: string): string => (fs.length === 0 ? '[]' : `[\n${fs.map((f) => `${indent}  ${frame(f)}`).join(',\n')}\n${indent}]`);
  const frames = `  "frames": ${list(m.frames, '  ')}`;
  const chains = Object.keys(m.swapChains ?? {}).sort((a, b) => Number(a) - Number(b));
  // written only when a trace presents additional swap chains, so other goldens keep their bytes
  const more = chains.length === 0 ? '' : `,\n  "swapChains": {\n${chains.map((k) => `    ${JSON.stringify(k)}: ${list(m.swapChains![k], '    ')}`).join(',\n')}\n  }`;
  return `${head}${frames}${more}\n}\n`;
}

/** The golden of a trace, or undefined when its folder or golden.json is missing. */
export function readGolden(dir: string): GoldenManifest | undefined {
  const file = join(dir, GOLDEN_MANIFEST);
  if (!existsSync(file)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new GoldenFormatError(`${file}: not JSON (${(e as Error).message})`);
  }
  return validateManifest(v, file);
}

function validateManifest(v: unknown, file: string): GoldenManifest {
  const o = v as Record<string, unknown>;
  const fail = (what: string): never => {
    throw new GoldenFormatError(`${file}: expected ${what}`);
  };
  if (typeof o !== 'object' || o === null) fail('an object');
  if (typeof o.tool !== 'string') fail('"tool" to be a string');
  if (typeof o.pixelmatch !== 'string') fail('"pixelmatch" to be a string');
  if (typeof o.threshold !== 'number') fail('"threshold" to be a number');
  if (!Array.isArray(o.frames)) fail('"frames" to be an array');
  const frames = validateFrames(o.frames as unknown[], 'frames', fail);
  let swapChains: Record<string, GoldenFrame[]> | undefined;
  if (o.swapChains !== undefined) {
    const sc = o.swapChains as Record<string, unknown>;
    if (typeof sc !== 'object' || sc === null || Array.isArray(sc)) fail('"swapChains" to be an object');
    swapChains = {};
    for (const [k, v] of Object.entries(sc)) {
      if (!/^[1-9]\d*$/.test(k)) fail(`"swapChains" keys to be swap chain numbers from 1, found ${JSON.stringify(k)}`);
      if (!Array.isArray(v)) fail(`swapChains.${k} to be an array`);
      swapChains[k] = validateFrames(v as unknown[], `swapChains.${k}`, fail);
    }
  }
  return { tool: o.tool as string, pixelmatch: o.pixelmatch as string, threshold: o.threshold as number, frames, ...(swapChains ? { swapChains } : {}) };
}

function validateFrames(list: unknown[], where: string, fail: (what: string) => never): GoldenFrame[] {
  return list.map((f, i): GoldenFrame => {
    const g = f as Record<string, unknown>;
    if (typeof g !== 'object' || g === null) fail(`${where}[${i}] to be an object`);
    // a name from golden.json is only ever a plain file name inside the golden folder
    if (typeof g.file !== 'string' || !/^[\w.-]+$/.test(g.file) || /^\.+$/.test(g.file)) fail(`${where}[${i}].file to be a plain file name`);
    if (!Number.isInteger(g.width) || !Number.isInteger(g.height)) fail(`${where}[${i}].width and height to be integers`);
    if (typeof g.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(g.sha256)) fail(`${where}[${i}].sha256 to be 64 hex digits`);
    const raw = g.raw as Record<string, unknown> | undefined;
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || typeof raw.file !== 'string' || !/^[\w.-]+$/.test(raw.file) || typeof raw.sha256 !== 'string')) fail(`${where}[${i}].raw to be {file, sha256}`);
    const hex16 = (v: unknown): boolean => v === undefined || (typeof v === 'string' && /^[0-9a-f]{16}$/.test(v));
    if (!hex16(g.xxh64)) fail(`${where}[${i}].xxh64 to be 16 hex digits`);
    if (!hex16(g.fileXxh64)) fail(`${where}[${i}].fileXxh64 to be 16 hex digits`);
    if (raw && !hex16(raw.fileXxh64)) fail(`${where}[${i}].raw.fileXxh64 to be 16 hex digits`);
    const sf = g.surface as Record<string, unknown> | undefined;
    if (sf !== undefined && (typeof sf !== 'object' || sf === null || typeof sf.format !== 'string' || !Number.isSafeInteger(sf.pitch) || (sf.pitch as number) < 0
      || !Number.isSafeInteger(sf.samples) || (sf.samples as number) < 1 || typeof sf.xxh64 !== 'string' || !hex16(sf.xxh64))) {
      fail(`${where}[${i}].surface to be {format, pitch, samples ≥ 1, xxh64 of 16 hex digits}`);
    }
    const out: GoldenFrame = { file: g.file as string, width: g.width as number, height: g.height as number, sha256: g.sha256 as string };
    if (g.xxh64 !== undefined) out.xxh64 = g.xxh64 as string;
    if (g.fileXxh64 !== undefined) out.fileXxh64 = g.fileXxh64 as string;
    if (raw) out.raw = { file: raw.file as string, sha256: raw.sha256 as string, ...(raw.fileXxh64 !== undefined ? { fileXxh64: raw.fileXxh64 as string } : {}) };
    if (sf) out.surface = { format: sf.format as string, pitch: sf.pitch as number, samples: sf.samples as number, xxh64: sf.xxh64 as string };
    return out;
  });
}

export interface WriteGoldenOptions {
  threshold: number;
  /** how files are written (tests inject a failure here) */
  writeFile?: (path: string, data: Uint8Array | string) => void;
  /**
   * the golden now in `dir` (as readGolden read it): a frame whose pixels (and raw dump) it already
   * holds, in a file still as written, keeps that file's bytes; when every frame does, the golden
   * is left untouched
   */
  previous?: GoldenManifest;
  /** called before each step of the swap (tests stop there, as a kill would) */
  beforeSwapStep?: BeforeSwapStep;
}

/** What a commit did to the golden folder. */
export interface GoldenChange {
  /** new: there was none; changed: rewritten; unchanged: left as it was (not a byte or mtime touched) */
  change: 'new' | 'changed' | 'unchanged';
  /** the frames whose pixels or raw dump differ from the previous golden's, or that were added or dropped */
  frames: number[];
  /** the same for additional swap chains, as `sc1:3` (absent when none changed) */
  swapChainFrames?: string[];
  /** the golden now in the folder */
  manifest: GoldenManifest;
}

// temp names carry the thread too: `check --jobs N` writes goldens from N worker threads of one process
let tempCounter = 0;

/** The bytes of `file` when their pixelHash is `expected` (the file is as written), else undefined. */
export function intactBytes(file: string, expected: string | undefined): Uint8Array | undefined {
  if (expected === undefined) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return pixelHash(bytes) === expected ? bytes : undefined;
}

/**
 * Writes a golden frame by frame, atomically: everything goes to a temporary sibling folder;
 * `commit` swaps it in for the old golden (see swap.ts). Until then, and after `abort` or any
 * failure, the old golden is left as it was.
 */
export class GoldenWriter {
  private readonly tmp: string;
  private readonly token: string;
  private readonly write: (path: string, data: Uint8Array | string) => void;
  private readonly manifest: GoldenManifest;
  private readonly previous: GoldenManifest | undefined;
  private readonly changed: number[] = [];
  private readonly changedChains: string[] = [];
  /** some frame's files are new bytes (not kept from the previous golden) */
  private rewritten = false;
  private done = false;

  constructor(readonly dir: string, private readonly opts: WriteGoldenOptions) {
    this.write = opts.writeFile ?? ((p, d) => writeFileSync(p, d));
    this.previous = opts.previous;
    this.manifest = { tool: PACKAGE_VERSION, pixelmatch: PIXELMATCH_VERSION, threshold: opts.threshold, frames: [] };
    this.token = `${process.pid}-${threadId}-${tempCounter++}`;
    this.tmp = tempDirFor(dir, this.token);
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
  }

  /** Adds the next presented frame of a swap chain (each chain's frames count from 0 in the order added). */
  add(f: FrameCapture, swapChain = 0): void {
    this.guard(() => {
      const list = this.framesOf(swapChain);
      const i = list.length;
      const old = this.previous ? goldenFrames(this.previous, swapChain)[i] : undefined;
      // the same stored surface as the old golden's: its pixel hashes are these, no conversion needed
      const sameStored = old !== undefined && old.xxh64 !== undefined && sameSurface(old.surface, f.surface);
      const entry: GoldenFrame = sameStored
        ? { file: framePngName(i, swapChain), width: old.width, height: old.height, sha256: old.sha256, xxh64: old.xxh64 }
        : { file: framePngName(i, swapChain), width: f.image.width, height: f.image.height, sha256: sha256Hex(f.image.data), xxh64: pixelHash(f.image.data) };
      const samePixels = old !== undefined && old.width === entry.width && old.height === entry.height && old.sha256 === entry.sha256;
      const png = samePixels ? intactBytes(join(this.dir, old.file), old.fileXxh64) : undefined;
      const pngBytes = png ?? encodePng(f.image);
      entry.fileXxh64 = pixelHash(pngBytes);
      this.write(join(this.tmp, entry.file), pngBytes);
      let rawKept = true;
      if (f.raw) {
        const sha = sha256Hex(f.raw.data);
        const raw = old?.raw && old.raw.sha256 === sha ? intactBytes(join(this.dir, old.raw.file), old.raw.fileXxh64) : undefined;
        rawKept = raw !== undefined;
        const rawBytes = raw ?? encodeRawDump(f.raw);
        entry.raw = { file: frameRawName(i, swapChain), sha256: sha, fileXxh64: pixelHash(rawBytes) };
        this.write(join(this.tmp, entry.raw.file), rawBytes);
      } else rawKept = old?.raw === undefined;
      if (f.surface) entry.surface = f.surface;
      // a golden.json without the surface's description (or with another) is rewritten to hold it
      if (!sameSurface(old?.surface, entry.surface) && !(old?.surface === undefined && entry.surface === undefined)) this.rewritten = true;
      const kept = png !== undefined && rawKept;
      // a golden written before file hashes cannot show its files are intact: they are rewritten, and changed only if the pixels are
      const same = old !== undefined && samePixels && (old.fileXxh64 === undefined ? old.raw?.sha256 === entry.raw?.sha256 : kept);
      if (!same) {
        if (swapChain === 0) this.changed.push(i);
        else this.changedChains.push(`sc${swapChain}:${i}`);
      }
      if (!kept) this.rewritten = true;
      list.push(entry);
    });
  }

  /** The manifest's frame list of a chain, made on its first frame. */
  private framesOf(swapChain: number): GoldenFrame[] {
    if (swapChain === 0) return this.manifest.frames;
    const chains = (this.manifest.swapChains ??= {});
    return (chains[String(swapChain)] ??= []);
  }

  /** Writes golden.json and puts the new golden in place of the old one, unless it holds the same frames in the same files. */
  commit(): GoldenChange {
    const prev = this.previous;
    const frames = [...this.changed];
    for (let i = this.manifest.frames.length; i < (prev?.frames.length ?? 0); i++) frames.push(i);
    const chainFrames = [...this.changedChains];
    for (const [k, old] of Object.entries(prev?.swapChains ?? {})) {
      for (let i = goldenFrames(this.manifest, Number(k)).length; i < old.length; i++) chainFrames.push(`sc${k}:${i}`);
    }
    const more = chainFrames.length > 0 ? { swapChainFrames: chainFrames } : {};
    if (prev && frames.length === 0 && chainFrames.length === 0 && !this.rewritten) {
      this.abort();
      return { change: 'unchanged', frames, manifest: prev };
    }
    this.guard(() => {
      this.write(join(this.tmp, GOLDEN_MANIFEST), manifestText(this.manifest));
      swapDir(this.tmp, this.dir, this.token, this.opts.beforeSwapStep);
    });
    this.done = true;
    return { change: prev ? 'changed' : 'new', frames, ...more, manifest: this.manifest };
  }

  /** Drops what was written; the old golden stays. */
  abort(): void {
    if (this.done) return;
    this.done = true;
    rmSync(this.tmp, { recursive: true, force: true });
  }

  private guard(step: () => void): void {
    if (this.done) throw new Error(`golden writer for ${this.dir} is already committed or aborted`);
    try {
      step();
    } catch (e) {
      this.abort();
      throw e;
    }
  }
}

/** Writes the golden of `frames` into `dir` atomically (see GoldenWriter). */
export function writeGolden(dir: string, frames: readonly FrameCapture[], opts: WriteGoldenOptions): GoldenManifest {
  const w = new GoldenWriter(dir, opts);
  for (const f of frames) w.add(f);
  return w.commit().manifest;
}

/**
 * Is `dir` a whole golden: golden.json readable, and every file it names there and as written
 * (a new golden's folder is complete once its golden.json is, which is written last).
 */
export function goldenIsComplete(dir: string): boolean {
  let m: GoldenManifest | undefined;
  try {
    m = readGolden(dir);
  } catch {
    return false;
  }
  if (!m) return false;
  const intact = (file: string, hash: string | undefined): boolean => (hash === undefined ? existsSync(join(dir, file)) : intactBytes(join(dir, file), hash) !== undefined);
  return m.frames.every((f) => intact(f.file, f.fileXxh64) && (!f.raw || intact(f.raw.file, f.raw.fileXxh64)));
}

/**
 * Finishes or undoes a swap of `dir` that a killed process left half done (see swap.ts); with
 * `cleanup` (an update is about to write) also removes debris. Returns what it did, or undefined.
 */
export function recoverGolden(dir: string, cleanup = false): string | undefined {
  return recoverGoldenDir(dir, goldenIsComplete, cleanup);
}
