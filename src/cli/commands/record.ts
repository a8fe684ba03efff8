/** `replay9 record SCENE.ts -o OUT`: runs a scene program against a recording device. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Argv } from 'yargs';
import { Direct3DCreate9 } from '../../api/index.js';
import type { Direct3D9 } from '../../api/index.js';
import { D3D_SDK_VERSION } from '../../d3d9/index.js';
import { TraceRecorder } from '../../record/recorder.js';
import { traceText } from '../../trace/convert.js';
import { isTextTrace } from '../../trace/open.js';
import { TraceReader } from '../../trace/reader.js';
import { EXIT, UsageError } from '../io.js';
import type { Io } from '../io.js';

/** What a scene module's default export receives besides the Direct3D9 object. */
export interface SceneContext {
  /** names the next object a call creates in the text form */
  name(next: string): void;
}
export type Scene = (d3d: Direct3D9, ctx: SceneContext) => void | Promise<void>;

export async function loadScene(path: string): Promise<Scene> {
  const abs = resolve(path);
  let mod: { default?: unknown };
  if (/\.[cm]?ts$/.test(abs)) {
    const { tsImport } = await import('tsx/esm/api');
    mod = (await tsImport(pathToFileURL(abs).href, import.meta.url)) as { default?: unknown };
  } else {
    mod = (await import(pathToFileURL(abs).href)) as { default?: unknown };
  }
  const fn = (mod.default as { default?: unknown } | undefined)?.default ?? mod.default;
  if (typeof fn !== 'function') throw new UsageError(`${path}: the scene module has no default-exported function (export default function (d3d) {...})`);
  return fn as Scene;
}

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

export function registerRecord(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'record <scene>',
    'Run a scene program (a module whose default export receives a recording Direct3D9) and write its trace',
    (a) => a
      .positional('scene', { type: 'string', demandOption: true, describe: 'a .ts or .js module: export default function (d3d, ctx) {...}' })
      .option('output', { alias: 'o', type: 'string', demandOption: true, describe: 'the trace to write (.r9, or .r9t for text)' })
      .option('snapshot-every', { type: 'number', describe: 'store a device-state snapshot every K frames, for fast inspect and trim (.r9 only)' })
      .example('$0 record tools/scenes/clear.ts -o traces/clear.r9', '')
      .example('$0 record scene.ts -o t.r9 --snapshot-every 100', 'with a seek snapshot every 100 frames'),
    async (argv) => {
      const scene = await loadScene(argv.scene as string);
      const every = argv['snapshot-every'] as number | undefined;
      if (every !== undefined && !(Number.isInteger(every) && every >= 1)) throw new UsageError(`--snapshot-every expects a whole number of frames from 1, found ${every}`);
      const { calls, error, warnings } = await recordScene(scene, argv.output as string, { snapshotEvery: every });
      for (const w of warnings) io.err(`warning: ${w}`);
      if (error) {
        io.err(`replay9: the scene failed after ${calls} calls: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        io.err(`the calls up to the failure are in ${argv.output}`);
        done(EXIT.usage);
        return;
      }
      io.out(`wrote ${argv.output} (${calls} calls)`);
      done(EXIT.ok);
    },
  );
}
