import { accessSync, constants, statSync } from 'node:fs';
import { CallSet } from '../trace/call-set.js';
import { ChunkKind } from '../trace/container.js';
import { UsageError } from '../errors.js';
import { colorEnabled } from './style.js';

/** Where a command writes, so tests can run the CLI in-process. */
export interface Io {
  out(text: string): void;
  /** writes UTF-8 bytes to where `out` writes (whole lines); without it, they go through `out` as text */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  /** is stderr a terminal (progress lines only then) */
  readonly tty: boolean;
  /** may `out` text carry colour (stdout a terminal, NO_COLOR / FORCE_COLOR; see style.ts) */
  readonly color?: boolean;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  outBytes: (b) => process.stdout.write(b),
  err: (t) => process.stderr.write(t.endsWith('\n') || t.endsWith('\r') ? t : t + '\n'),
  tty: process.stderr.isTTY === true,
  color: colorEnabled(process.stdout),
};

/** Exit codes (DESIGN.md contract 4). */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3 } as const;

export { UsageError } from '../errors.js';

/** `--strict` of every command that reads a trace: an apitrace capture's unmapped D3D9 calls fail the command. */
export const STRICT_OPTION = {
  type: 'boolean', default: false,
  describe: 'for an apitrace capture (.trace): exit 1 if it holds Direct3D 9 calls replay9 cannot import, naming the first (calls outside D3D9 do not count)',
} as const;

/** A --calls/--frames option value as a CallSet; a bad one is a usage error. */
export function callSetOption(text: string | undefined): CallSet | undefined {
  if (text === undefined) return undefined;
  try {
    return CallSet.parse(text);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A --frames option value: frame numbers only (`frame` and `draw` pick calls, as --calls does). */
export function frameSetOption(text: string | undefined): CallSet | undefined {
  if (text === undefined) return undefined;
  const named = text.split(',').map((t) => t.trim()).find((t) => t === 'frame' || t === 'draw');
  if (named) throw new UsageError(`--frames takes frame numbers (0,5-9, 10-, *); '${named}' picks calls (dump --calls ${named})`);
  return callSetOption(text);
}

export function thousands(n: number): string {
  return n.toLocaleString('en-US');
}

/** The text form shows a trace from its first call: a trace that starts from a stored state (trim's output) has no text form. */
export function refuseRestoredForText(reader: { chunks: ReadonlyArray<{ kind: number }>; label: string }, what: string): void {
  if (reader.chunks.some((c) => c.kind === ChunkKind.Restore)) {
    throw new UsageError(`${reader.label} starts from a stored device state (it was written by trim), which the text form cannot show; ${what}`);
  }
}

const FILE_REASONS: Record<string, string> = {
  ENOENT: 'no such file', ENOTDIR: 'no such file', EISDIR: 'is a directory', EACCES: 'permission denied', EPERM: 'permission denied',
};

/** `cannot open X: no such file` for a file system error that names its path; undefined for any other error. */
export function fileErrorText(e: unknown): string | undefined {
  const sys = e as NodeJS.ErrnoException;
  if (!sys || typeof sys.code !== 'string' || typeof sys.path !== 'string') return undefined;
  const reason = FILE_REASONS[sys.code];
  return reason ? `cannot open ${sys.path}: ${reason}` : undefined;
}

/**
 * Checks that `path` can be read before a command opens it: a usage error (exit 2) saying
 * `cannot open X: no such file`, `... is a directory` (unless `dirOk`) or `... permission denied`.
 */
export function requireReadable(path: string, { dirOk = false }: { dirOk?: boolean } = {}): void {
  let dir: boolean;
  try {
    dir = statSync(path).isDirectory();
    accessSync(path, constants.R_OK);
  } catch (e) {
    const text = fileErrorText(e);
    if (text) throw new UsageError(text);
    throw e;
  }
  if (dir && !dirOk) throw new UsageError(`cannot open ${path}: is a directory`);
}
