/** Scene programs (a function that draws with the D3D9-shaped API) recorded into a trace file. */
import { writeFileSync } from 'node:fs';
import { D3D_SDK_VERSION } from '../d3d9/index.js';
import { UsageError } from '../errors.js';
import { TraceRecorder } from '../record/recorder.js';
import { traceText } from '../trace/convert.js';
import { isTextTrace } from '../trace/open.js';
import { TraceReader } from '../trace/reader.js';
import { Direct3DCreate9 } from './index.js';
import type { Direct3D9 } from './index.js';

/** What a scene module's default export receives besides the Direct3D9 object. */
export interface SceneContext {
  /** names the next object a call creates in the text form */
  name(next: string): void;
}
export type Scene = (d3d: Direct3D9, ctx: SceneContext) => void | Promise<void>;

/** Records a scene into `output` (.r9, or .r9t via an in-memory binary). */
export async function recordScene(scene: Scene, output: string, options: { snapshotEvery?: number } = {}): Promise<{ calls: number; error?: unknown; warnings: string[] }> {
  const text = isTextTrace(output);
  if (text && options.snapshotEvery) throw new UsageError(`${output}: the text form (.r9t) has no place for snapshots; record a .r9 trace`);
  const rec = text ? TraceRecorder.inMemory() : TraceRecorder.toFile(output, { snapshotEvery: options.snapshotEvery });
  let error: unknown;
  try {
    const d3d = Direct3DCreate9(D3D_SDK_VERSION, { recorder: rec });
    if (!d3d) throw new Error('Direct3DCreate9 failed');
    await scene(d3d, { name: (n) => rec.nameNext(n) });
  } catch (e) {
    error = e;
  } finally {
    // a failed scene still leaves a readable trace of what it did
    rec.close();
  }
  if (text) writeFileSync(output, [...traceText(TraceReader.fromBytes(rec.bytes(), output))].join('\n') + '\n');
  return { calls: rec.callCount, error, warnings: rec.warnings };
}

