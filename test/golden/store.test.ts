import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import { formatInfo } from '../../src/formats/index.js';
import type { Rgba8Image } from '../../src/golden/image.js';
import { decodePng } from '../../src/golden/image.js';
import {
  decodeRawDump, encodeRawDump, goldenDirFor, GoldenFormatError, GoldenWriter, needsRawDump, PIXELMATCH_VERSION, pixelHash, readGolden, sha256Hex, writeGolden,
} from '../../src/golden/store.js';
import { compareWithGolden } from '../../src/golden/compare.js';
import { PACKAGE_VERSION } from '../../src/version.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-golden-'));

function flat(width: number, height: number, rgba: readonly number[]): Rgba8Image {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i % 4];
  return { width, height, data };
}

/** every file of a folder with its bytes, for "left exactly as it was" */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

describe('golden folders', () => {
  it('live beside the trace as NAME.golden for .r9 and .r9t', () => {
    expect(goldenDirFor(join('traces', 'a.r9'))).toBe(join('traces', 'a.golden'));
    expect(goldenDirFor(join('traces', 'b.c.r9t'))).toBe(join('traces', 'b.c.golden'));
  });

  it('hold frame-NNNN.png per frame and golden.json with keys in a fixed order', () => {
    const dir = join(tmp(), 't.golden');
    const a = flat(4, 2, [1, 2, 3, 255]);
    const b = flat(3, 3, [9, 8, 7, 255]);
    writeGolden(dir, [{ image: a }, { image: b }], { threshold: 0.05 });
    expect(readdirSync(dir).sort()).toEqual(['frame-0000.png', 'frame-0001.png', 'golden.json']);
    const text = readFileSync(join(dir, 'golden.json'), 'utf8');
    expect(Object.keys(JSON.parse(text))).toEqual(['tool', 'pixelmatch', 'threshold', 'frames']);
    expect(Object.keys(JSON.parse(text).frames[0])).toEqual(['file', 'width', 'height', 'sha256', 'xxh64', 'fileXxh64']);
    expect(readGolden(dir)).toEqual({
      tool: PACKAGE_VERSION, pixelmatch: PIXELMATCH_VERSION, threshold: 0.05,
      frames: [
        { file: 'frame-0000.png', width: 4, height: 2, sha256: sha256Hex(a.data), xxh64: pixelHash(a.data), fileXxh64: pixelHash(readFileSync(join(dir, 'frame-0000.png'))) },
        { file: 'frame-0001.png', width: 3, height: 3, sha256: sha256Hex(b.data), xxh64: pixelHash(b.data), fileXxh64: pixelHash(readFileSync(join(dir, 'frame-0001.png'))) },
      ],
    });
    expect(PIXELMATCH_VERSION).toBe('7.2.0');
    expect([...decodePng(readFileSync(join(dir, 'frame-0001.png'))).data]).toEqual([...b.data]);
  });

  it('hash pixels with xxHash64, seed 0 (the algorithm\'s published vectors: "" and "abc")', () => {
    expect(pixelHash(new Uint8Array(0))).toBe('ef46db3751d8e999');
    expect(pixelHash(new TextEncoder().encode('abc'))).toBe('44bc2cf5ad770999');
    // one bit changes it
    const a = flat(64, 64, [1, 2, 3, 255]);
    const b = flat(64, 64, [1, 2, 3, 255]);
    b.data[4097] ^= 1;
    expect(pixelHash(a.data)).not.toBe(pixelHash(b.data));
  });

  it('written before the fast hash (sha256 only) still compare: equal by sha256, a change found by pixels', () => {
    const dir = join(tmp(), 'old.golden');
    const a = flat(4, 2, [1, 2, 3, 255]);
    writeGolden(dir, [{ image: a }], { threshold: 0 });
    const entry = { ...readGolden(dir)!.frames[0] };
    delete entry.xxh64;
    expect(compareWithGolden(a, entry, dir, { threshold: 0 }).equal).toBe(true);
    const changed = flat(4, 2, [1, 2, 4, 255]);
    expect(compareWithGolden(changed, entry, dir, { threshold: 0 })).toMatchObject({ equal: false, diffPixels: 8, maxChannelDiff: 1 });
    // a fast hash that disagrees sends the frame to the pixel comparison, which finds them equal
    expect(compareWithGolden(a, { ...entry, xxh64: '0000000000000000' }, dir, { threshold: 0 })).toMatchObject({ equal: true, diffPixels: 0 });
  });

  it('read as undefined when missing, and as GoldenFormatError naming the file when corrupt', () => {
    const d = tmp();
    expect(readGolden(join(d, 'none.golden'))).toBeUndefined();
    const dir = join(d, 'x.golden');
    writeGolden(dir, [{ image: flat(1, 1, [0, 0, 0, 255]) }], { threshold: 0 });
    const w = new GoldenWriter(join(d, 'y.golden'), { threshold: 0, writeFile: (p, data) => { writeFileSync(p, p.endsWith('.json') ? '{"tool": 1}' : data); } });
    w.add({ image: flat(1, 1, [0, 0, 0, 255]) });
    w.commit();
    expect(() => readGolden(join(d, 'y.golden'))).toThrow(GoldenFormatError);
    expect(() => readGolden(join(d, 'y.golden'))).toThrow(/y\.golden.golden\.json: expected "tool" to be a string/);
  });

  it('store raw dumps for back buffers PNG cannot hold exactly, and read them back bit for bit', () => {
    const f = (id: number) => formatInfo(id)!;
    expect(needsRawDump(f(D3DFMT.A8R8G8B8))).toBe(false);
    expect(needsRawDump(f(D3DFMT.X8R8G8B8))).toBe(false);
    expect(needsRawDump(f(D3DFMT.R5G6B5))).toBe(false);
    expect(needsRawDump(f(D3DFMT.A2R10G10B10))).toBe(true);
    expect(needsRawDump(f(D3DFMT.A16B16G16R16F))).toBe(true);
    expect(needsRawDump(f(D3DFMT.D24S8))).toBe(true);
    const dump = { format: 'A2R10G10B10', width: 2, height: 1, pitch: 8, samples: 1, data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 0xff]) };
    const bytes = encodeRawDump(dump);
    expect(decodeRawDump(bytes)).toEqual(dump);
    expect(() => decodeRawDump(new Uint8Array([0xc1]), 'f.raw')).toThrow(/f\.raw/);
    const dir = join(tmp(), 'r.golden');
    writeGolden(dir, [{ image: flat(2, 1, [0, 0, 0, 255]), raw: dump }], { threshold: 0 });
    const g = readGolden(dir)!;
    expect(g.frames[0].raw).toEqual({ file: 'frame-0000.raw', sha256: sha256Hex(dump.data), fileXxh64: pixelHash(readFileSync(join(dir, 'frame-0000.raw'))) });
    expect(decodeRawDump(readFileSync(join(dir, 'frame-0000.raw')))).toEqual(dump);
  });

  it('are replaced atomically: a failure midway leaves the old golden intact and no temporary folder', () => {
    const d = tmp();
    const dir = join(d, 't.golden');
    writeGolden(dir, [{ image: flat(2, 2, [10, 20, 30, 255]) }, { image: flat(2, 2, [40, 50, 60, 255]) }], { threshold: 0 });
    const before = snapshot(dir);
    let writes = 0;
    const failing = (p: string, data: Uint8Array | string): void => {
      if (++writes === 2) throw new Error('disk full (simulated)');
      writeFileSync(p, data);
    };
    const frames = [0, 1, 2].map((i) => ({ image: flat(2, 2, [i, i, i, 255]) }));
    expect(() => writeGolden(dir, frames, { threshold: 0, writeFile: failing })).toThrow(/simulated/);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(d)).toEqual(['t.golden']);
    // a writer given up on (the replay threw) also leaves the old golden alone
    const w = new GoldenWriter(dir, { threshold: 0 });
    w.add(frames[0]);
    w.abort();
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(d)).toEqual(['t.golden']);
    // and a complete write replaces it, dropping frames the new golden does not have
    writeGolden(dir, [frames[2]], { threshold: 0 });
    expect(readdirSync(dir).sort()).toEqual(['frame-0000.png', 'golden.json']);
    expect(readGolden(dir)!.frames[0].sha256).toBe(sha256Hex(frames[2].image.data));
    expect(existsSync(join(d, 't.golden'))).toBe(true);
    expect(readdirSync(d)).toEqual(['t.golden']);
  });
});
