/** `replay9 record SCENE.ts -o OUT`: runs a scene program against a recording device. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Argv } from 'yargs';
import { recordScene } from '../../api/scene.js';
import type { Scene } from '../../api/scene.js';
import { EXIT, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';

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

export function registerRecord(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'record <scene>',
    'Run a scene program (a module whose default export receives a recording Direct3D9) and write its trace',
    (a) => a
      .positional('scene', { type: 'string', demandOption: true, describe: 'a .ts or .js module: export default function (d3d, ctx) {...}' })
      .option('output', { alias: 'o', type: 'string', requiresArg: true, demandOption: true, describe: 'the trace to write (.r9, or .r9t for text)' })
      .option('snapshot-every', { type: 'number', describe: 'store a device-state snapshot every K frames, for fast inspect and trim (.r9 only)' })
      .example('$0 record tools/scenes/fill-grid.ts -o out/fill-grid.r9', 'record a scene (the sample traces are recorded from tools/scenes/)')
      .example('$0 record tools/scenes/fill-grid.ts -o out/fill-grid.r9 --snapshot-every 2', 'with a seek snapshot every 2 frames'),
    async (argv) => {
      requireReadable(argv.scene as string);
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
