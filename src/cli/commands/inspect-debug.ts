/** `replay9 inspect T --call N --debug-pixel X,Y | --debug-vertex I`: the shader debugger's printing. */
import { debugPixel, pixelDebugText } from '../../inspect/debug-pixel.js';
import { debugVertex, vertexDebugText } from '../../inspect/debug-vertex.js';
import { InspectError } from '../../inspect/point.js';
import { openTrace } from '../../trace/open.js';
import { EXIT, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';
import { parsePixel } from './inspect.js';
import type { InspectArgs } from './inspect.js';

export function debugCommand(a: InspectArgs, io: Io): number {
  const opt = a.debugPixel !== undefined ? '--debug-pixel' : '--debug-vertex';
  if (a.debugPixel !== undefined && a.debugVertex !== undefined) throw new UsageError('give --debug-pixel or --debug-vertex, not both');
  if (Array.isArray(a.debugPixel) || Array.isArray(a.debugVertex)) throw new UsageError(`give ${opt} once`);
  if (a.call === undefined || a.frame !== undefined) throw new UsageError(`${opt} needs --call N, the number of a draw call (and no --frame)`);
  for (const other of ['surface', 'out', 'as', 'pixel', 'history', 'state'] as const) {
    if (a[other] !== undefined && a[other] !== false) throw new UsageError(`${opt} debugs a shader of draw call N; it does not take --${other}`);
  }
  const pixel = a.debugPixel !== undefined ? parsePixel(a.debugPixel, 'debug-pixel') : undefined;
  if (a.debugVertex !== undefined && (!Number.isInteger(a.debugVertex) || a.debugVertex < 0)) throw new UsageError(`--debug-vertex expects the number of a vertex of the draw, from 0, found '${a.debugVertex}'`);
  requireReadable(a.trace);
  const { reader, lines } = openTrace(a.trace, { replayOnly: true, strict: a.strict });
  try {
    if (pixel) {
      const d = debugPixel(reader, a.call, pixel.x, pixel.y, { lines });
      io.out(a.json ? JSON.stringify(d, null, 2) : pixelDebugText(d).join('\n'));
    } else {
      const d = debugVertex(reader, a.call, a.debugVertex!, { lines });
      io.out(a.json ? JSON.stringify(d, null, 2) : vertexDebugText(d).join('\n'));
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof InspectError) throw new UsageError(e.message);
    throw e;
  } finally {
    reader.close();
  }
}
