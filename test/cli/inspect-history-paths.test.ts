import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { prng } from '../helpers.js';

// `whole.on`: every watched draw runs every pixel through the generic paths, watched (the way
// --history drew before it drew only the watched pixel that way)
const whole = vi.hoisted(() => ({ on: false }));
vi.mock('../../src/driver/raster/draw.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/driver/raster/draw.js')>();
  return {
    ...m,
    drawPrimitives: (state: Parameters<typeof m.drawPrimitives>[0], call: Parameters<typeof m.drawPrimitives>[1], options: Parameters<typeof m.drawPrimitives>[2] = {}) =>
      m.drawPrimitives(state, call, options.watch && whole.on ? { ...options, watchWholeDraw: true } : options),
  };
});

const { pixelHistory } = await import('../../src/cli/inspect-history.js');
const { replayToPoint } = await import('../../src/cli/inspect.js');
const { openTrace } = await import('../../src/trace/open.js');

describe('--history draws the watched pixel alone through the generic paths', () => {
  const traces = readdirSync('traces').filter((f) => f.endsWith('.r9t'));
  it.each(traces)('%s: the same events as watching every pixel, and the same surfaces as a plain replay', (file) => {
    const path = join('traces', file);
    const rnd = prng(file.length * 31 + 5);
    const last = openTrace(path).reader.callCount - 1;
    const plain = replayToPoint(openTrace(path).reader, { call: last });
    const rt = plain.device!.state.renderTargets[0]!;
    for (let k = 0; k < 3; k++) {
      const x = Math.floor(rnd() * rt.width);
      const y = Math.floor(rnd() * rt.height);
      whole.on = false;
      const alone = pixelHistory(openTrace(path).reader, { call: last }, x, y);
      whole.on = true;
      const all = pixelHistory(openTrace(path).reader, { call: last }, x, y);
      whole.on = false;
      expect(alone.events, `${file} (${x}, ${y})`).toEqual(all.events);
      // the draws that reach the pixel are found at all
      expect(alone.events.length).toBeGreaterThan(0);
      for (const [name, s] of plain.surfaces) {
        expect(Buffer.compare(alone.point.surfaces.get(name)!.data, s.data), `${file} (${x}, ${y}) ${name}`).toBe(0);
        expect(Buffer.compare(all.point.surfaces.get(name)!.data, s.data), `${file} (${x}, ${y}) ${name}`).toBe(0);
      }
    }
  }, 60_000);
});
