/**
 * `npm run traces`: records the sample traces in traces/ from their scene
 * programs in tools/scenes/ (a header comment names the scene). Goldens are
 * then refreshed with `replay9 check --update traces`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScene } from '../src/cli/commands/record.js';
import { recordScene } from '../src/api/scene.js';
import { SAMPLE_SCENES } from './scenes/list.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  for (const [name, module] of SAMPLE_SCENES) {
    const out = join(root, 'traces', `${name}.r9t`);
    const { calls, error } = await recordScene(await loadScene(join(root, 'tools', 'scenes', module)), out);
    if (error) throw error;
    // a header line says where the trace comes from
    const text = readFileSync(out, 'utf8');
    const lines = text.split('\n');
    const at = lines[0].startsWith('#@replay9') ? 1 : 0;
    lines.splice(at, 0, `# recorded from tools/scenes/${module} by npm run traces`);
    writeFileSync(out, lines.join('\n'));
    console.log(`traces/${name}.r9t: ${calls} calls`);
  }
}

await main();
