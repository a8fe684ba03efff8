/**
 * Goldens on disk (DESIGN.md contract 5): traces/NAME.r9(t) → traces/NAME.golden/ holding
 * frame-NNNN.png per Present, exact raw dumps of back buffers PNG cannot hold exactly, and
 * golden.json. Writing is atomic: a temporary sibling folder, then a rename over the old one.
 */
import { createHash } from 'node:crypto';
import xxhash from 'xxhash-wasm';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { Packr } from 'msgpackr';
import type { FormatInfo } from '../formats/index.js';
import { PACKAGE_VERSION } from '../version.js';
import { encodePng } from './image.js';
import type { Rgba8Image } from './image.js';

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
  /** the raw dump of the back buffer and the sha256 of its bytes, when its format needs one */
  raw?: { file: string; sha256: string };
}

export interface GoldenManifest {
  tool: string;
  pixelmatch: string;
  threshold: number;
  frames: GoldenFrame[];
}

/** What one Present leaves in a golden. */
export interface FrameCapture {
  image: Rgba8Image;
  raw?: RawDump;
}

/** traces/NAME.r9 or NAME.r9t → traces/NAME.golden */
export function goldenDirFor(trace: string): string {
  return join(dirname(trace), basename(trace).replace(/\.r9t?$/i, '') + '.golden');
}

const frameStem = (frame: number): string => `frame-${String(frame).padStart(4, '0')}`;
export const framePngName = (frame: number): string => `${frameStem(frame)}.png`;
export const frameRawName = (frame: number): string => `${frameStem(frame)}.raw`;

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
    ...(f.raw ? { raw: { file: f.raw.file, sha256: f.raw.sha256 } } : {}),
  });
  const head = `{\n  "tool": ${JSON.stringify(m.tool)},\n  "pixelmatch": ${JSON.stringify(m.pixelmatch)},\n  "threshold": ${JSON.stringify(m.threshold)},\n`;
  const frames = m.frames.length === 0 ? '  "frames": []\n' : `  "frames": [\n${m.frames.map((f) => `    ${frame(f)}`).join(',\n')}\n  ]\n`;
  return `${head}${frames}}\n`;
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
  const frames = (o.frames as unknown[]).map((f, i): GoldenFrame => {
    const g = f as Record<string, unknown>;
    if (typeof g !== 'object' || g === null) fail(`frames[${i}] to be an object`);
    // a name from golden.json is only ever a plain file name inside the golden folder
    if (typeof g.file !== 'string' || !/^[\w.-]+$/.test(g.file) || /^\.+$/.test(g.file)) fail(`frames[${i}].file to be a plain file name`);
    if (!Number.isInteger(g.width) || !Number.isInteger(g.height)) fail(`frames[${i}].width and height to be integers`);
    if (typeof g.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(g.sha256)) fail(`frames[${i}].sha256 to be 64 hex digits`);
    const raw = g.raw as Record<string, unknown> | undefined;
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || typeof raw.file !== 'string' || !/^[\w.-]+$/.test(raw.file) || typeof raw.sha256 !== 'string')) fail(`frames[${i}].raw to be {file, sha256}`);
    if (g.xxh64 !== undefined && (typeof g.xxh64 !== 'string' || !/^[0-9a-f]{16}$/.test(g.xxh64))) fail(`frames[${i}].xxh64 to be 16 hex digits`);
    const out: GoldenFrame = { file: g.file as string, width: g.width as number, height: g.height as number, sha256: g.sha256 as string };
    if (g.xxh64 !== undefined) out.xxh64 = g.xxh64 as string;
    if (raw) out.raw = { file: raw.file as string, sha256: raw.sha256 as string };
    return out;
  });
  return { tool: o.tool as string, pixelmatch: o.pixelmatch as string, threshold: o.threshold as number, frames };
}

export interface WriteGoldenOptions {
  threshold: number;
  /** how files are written (tests inject a failure here) */
  writeFile?: (path: string, data: Uint8Array | string) => void;
}

// temp names carry the thread too: `check --jobs N` writes goldens from N worker threads of one process
let tempCounter = 0;

/**
 * Writes a golden frame by frame, atomically: everything goes to a temporary sibling folder;
 * `commit` replaces the old golden with it in one rename. Until then, and after `abort` or any
 * failure, the old golden is left as it was.
 */
export class GoldenWriter {
  private readonly tmp: string;
  private readonly write: (path: string, data: Uint8Array | string) => void;
  private readonly manifest: GoldenManifest;
  private done = false;

  constructor(readonly dir: string, opts: WriteGoldenOptions) {
    this.write = opts.writeFile ?? ((p, d) => writeFileSync(p, d));
    this.manifest = { tool: PACKAGE_VERSION, pixelmatch: PIXELMATCH_VERSION, threshold: opts.threshold, frames: [] };
    this.tmp = `${dir}.tmp-${process.pid}-${threadId}-${tempCounter++}`;
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
  }

  /** Adds the next presented frame (frames count from 0 in the order added). */
  add(f: FrameCapture): void {
    this.guard(() => {
      const i = this.manifest.frames.length;
      const entry: GoldenFrame = { file: framePngName(i), width: f.image.width, height: f.image.height, sha256: sha256Hex(f.image.data), xxh64: pixelHash(f.image.data) };
      this.write(join(this.tmp, entry.file), encodePng(f.image));
      if (f.raw) {
        entry.raw = { file: frameRawName(i), sha256: sha256Hex(f.raw.data) };
        this.write(join(this.tmp, entry.raw.file), encodeRawDump(f.raw));
      }
      this.manifest.frames.push(entry);
    });
  }

  /** Writes golden.json and puts the new golden in place of the old one. */
  commit(): GoldenManifest {
    this.guard(() => {
      this.write(join(this.tmp, GOLDEN_MANIFEST), manifestText(this.manifest));
      replaceDir(this.tmp, this.dir);
    });
    this.done = true;
    return this.manifest;
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
  return w.commit();
}

/** rename() cannot replace a non-empty folder: move the old one aside, move the new one in, drop the old. */
function replaceDir(fresh: string, dir: string): void {
  if (!existsSync(dir)) {
    renameSync(fresh, dir);
    return;
  }
  const old = `${dir}.old-${process.pid}-${threadId}-${tempCounter++}`;
  renameSync(dir, old);
  try {
    renameSync(fresh, dir);
  } catch (e) {
    renameSync(old, dir);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
