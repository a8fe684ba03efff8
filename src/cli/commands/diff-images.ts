/** `replay9 diff-images A B`: the pixelmatch metric between two PNGs, and an optional diff image. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { compareImages } from '../../golden/compare.js';
import type { CompareResult } from '../../golden/compare.js';
import { decodePng, encodePng } from '../../golden/image.js';
import type { Rgba8Image } from '../../golden/image.js';
import { EXIT, UsageError, requireReadable } from '../io.js';
import type { Io } from '../io.js';
import { numberOption } from './check.js';

export interface DiffImagesResult extends CompareResult {
  a: string;
  b: string;
  width: number;
  height: number;
  threshold: number;
  out?: string;
}

/** Reads a PNG; a missing or undecodable file is bad input (exit 2). */
export function readPng(path: string): Rgba8Image {
  if (!existsSync(path)) throw new UsageError(`no such file: ${path}`);
  const bytes = readFileSync(path);
  try {
    return decodePng(bytes);
  } catch (e) {
    throw new UsageError(`${path}: not a PNG image (${(e as Error).message})`);
  }
}

export function diffImages(a: string, b: string, opts: { threshold: number; out?: string }): DiffImagesResult {
  const ia = readPng(a);
  const ib = readPng(b);
  const cmp = compareImages(ib, ia, { threshold: opts.threshold });
  let out: string | undefined;
  if (opts.out && !cmp.sizeMismatch) {
    // an empty diff for equal images, so a script can always open the file it asked for
    const diff = cmp.diffImage ?? { width: ia.width, height: ia.height, data: new Uint8Array(ia.data.length) };
    writeFileSync(opts.out, encodePng(diff));
    out = opts.out;
  }
  const { diffImage: _omit, ...rest } = cmp;
  return { a, b, width: ia.width, height: ia.height, threshold: opts.threshold, ...rest, ...(out ? { out } : {}) };
}

export function registerDiffImages(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'diff-images <a> <b>',
    'Compare two PNG images with pixelmatch: count differing pixels and the largest channel difference',
    (a) => a
      .positional('a', { type: 'string', demandOption: true, describe: 'the expected image (PNG)' })
      .positional('b', { type: 'string', demandOption: true, describe: 'the actual image (PNG)' })
      .option('threshold', { type: 'number', default: 0, describe: 'pixelmatch colour threshold from 0 to 1: 0 counts any colour change, larger values ignore smaller changes' })
      .option('out', { type: 'string', requiresArg: true, describe: 'write pixelmatch\'s diff image (differing pixels in red over a faded copy of A) to this PNG' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 diff-images traces/triangles.golden/frame-0000.png out/frames/frame-0000.png --out out/diff.png', 'compare a golden with a replayed frame and write the diff image')
      .epilogue('Exit codes: 0 the images are equal, 1 they differ (or their sizes do), 2 a file is missing or not a PNG.'),
    (argv) => {
      requireReadable(argv.a);
      requireReadable(argv.b);
      const r = diffImages(argv.a, argv.b, { threshold: numberOption('threshold', argv.threshold, 0, 1), out: argv.out });
      if (argv.json) io.out(JSON.stringify(r, null, 2));
      else if (r.sizeMismatch) io.out(`${argv.b}: ${r.sizeMismatch}`);
      else {
        const pct = r.width * r.height ? ((100 * r.diffPixels) / (r.width * r.height)).toFixed(2) : '0.00';
        io.out(`${r.diffPixels} of ${r.width * r.height} pixels differ (${pct}%), max channel difference ${r.maxChannelDiff}${r.equal ? ', identical' : ''}${r.out ? `; diff image written to ${r.out}` : ''}`);
      }
      // at threshold 0 any change of bits is a difference, even one pixelmatch's blending hides
      const differs = r.sizeMismatch !== undefined || r.diffPixels > 0 || (r.threshold === 0 && !r.equal);
      done(differs ? EXIT.failed : EXIT.ok);
    },
  );
}
