/**
 * apitrace captures wherever a trace is read: every command that opens a trace opens a `.trace`
 * by importing it first into a temporary .r9 that is gone from the directory once it is open (its
 * reader keeps the file). The import compares what the application learnt of its adapter with the
 * emulated device's answers (the oracle below), which only this layer can reach.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StrictImportError } from '../errors.js';
import { foreignComments, importApitrace, isApitracePath } from '../capture/import-trace.js';
import type { CaptureImportSummary } from '../capture/import-trace.js';
import type { AdapterOracle } from '../capture/import.js';
import { Direct3DCreate9 } from '../device/direct3d9.js';
import type { CallRecord } from '../trace/call.js';
import { FileSink, FileSource } from '../trace/byte-io.js';
import { commandInfo } from '../trace/commands.js';
import { registerTraceOpener } from '../trace/open.js';
import type { OpenedTrace } from '../trace/open.js';
import { TraceReader } from '../trace/reader.js';

/** replay9's answers to the adapter queries and its caps, from the emulated IDirect3D9. */
export function deviceOracle(): AdapterOracle {
  const d3d = Direct3DCreate9(32);
  return {
    checkResult(r: CallRecord): number | undefined {
      const method = (d3d as unknown as Record<string, unknown> | null)?.[commandInfo(r.command).method];
      if (typeof method !== 'function') return undefined;
      const got = method.apply(d3d, commandInfo(r.command).ins.map((f) => r.args[f.name])) as number | { hr: number };
      return (typeof got === 'number' ? got : got.hr) >>> 0;
    },
    caps(adapter: number, deviceType: number): ReadonlyMap<string, number> | undefined {
      const got = d3d?.GetDeviceCaps(adapter, deviceType);
      if (!got?.caps) return undefined;
      const out = new Map<string, number>();
      const walk = (o: object, prefix: string): void => {
        for (const [k, v] of Object.entries(o)) {
          if (typeof v === 'number') out.set(prefix + k, v);
          else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) walk(v as object, `${prefix}${k}.`);
        }
      };
      walk(got.caps, '');
      return out;
    },
  };
}

/** The lines `import` prints about what a capture held beyond the calls replay9 carries. */
export function summaryMessages(s: CaptureImportSummary): string[] {
  const out: string[] = [];
  for (const u of s.unmapped) out.push(`not imported: ${u.name} × ${u.count} (first at call ${u.first.join(', ')}): ${u.reason}`);
  for (const u of s.foreign) out.push(`outside Direct3D 9 (kept as comments in the text form): ${u.name} × ${u.count} (first at call ${u.first.join(', ')})`);
  for (const n of s.notes) out.push(`note: replay9 call ${n.call}${n.source >= 0 ? ` (capture call ${n.source})` : ''}: ${n.message}`);
  for (const w of s.warnings) out.push(`warning: ${w}`);
  return out;
}

/**
 * The --strict failure for a capture with unmapped D3D9 calls (undefined when it has none): names
 * the first such call, then every function left out. Calls outside D3D9 are not counted.
 */
export function strictFailure(path: string, s: CaptureImportSummary): string | undefined {
  if (s.unmapped.length === 0) return undefined;
  const first = s.unmapped.reduce((a, b) => (b.first[0] < a.first[0] ? b : a));
  const all = s.unmapped.map((u) => `${u.name} × ${u.count}`).join(', ');
  return `${path}: --strict: capture call ${first.first[0]}, ${first.name}, cannot be imported (${first.reason}); ${s.unmapped.length} function${s.unmapped.length === 1 ? '' : 's'} left out in all: ${all}`;
}

/**
 * Imports a capture into a temporary .r9 and opens it; the file is unlinked once its reader holds
 * it. `strict`: unmapped D3D9 calls throw a StrictImportError. Unless `replayOnly`, the calls
 * outside D3D9 come back as comment lines for the text form.
 */
export function openCapture(path: string, { replayOnly = false, strict = false }: { replayOnly?: boolean; strict?: boolean } = {}): OpenedTrace & { summary: CaptureImportSummary } {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-import-'));
  const tmp = join(dir, 'capture.r9');
  try {
    const comments = replayOnly ? undefined : foreignComments();
    const summary = importApitrace(path, new FileSink(tmp), { oracle: deviceOracle(), writer: replayOnly ? { compression: 'none' } : {}, onForeign: comments?.add });
    const failure = strict ? strictFailure(path, summary) : undefined;
    if (failure) throw new StrictImportError(failure);
    // errors name the capture, not the temporary file
    const reader = new TraceReader(new FileSource(tmp), path);
    return { reader, kind: 'binary', messages: summaryMessages(summary), summary, ...(comments ? { comments: comments.byCall } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

registerTraceOpener({ matches: isApitracePath, open: (path, o) => openCapture(path, o) }, import.meta.url);
