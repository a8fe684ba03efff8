/**
 * Goldens whose files changed after they were written (edited by hand, replaced, merged by git)
 * are compared by what the files now hold; untouched ones stay on the hash path, never decoded.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Packr } from 'msgpackr';
import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../../src/golden/check.js';
import { decodePng, surfaceImage } from '../../src/golden/image.js';
import { decodeRawDump, encodeRawDump } from '../../src/golden/store.js';

// every PNG decode of the golden code goes through this spy
vi.mock('../../src/golden/image.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/golden/image.js')>();
  return { ...m, decodePng: vi.fn(m.decodePng), surfaceImage: vi.fn(m.surfaceImage) };
});
const decodes = vi.mocked(decodePng);
const conversions = vi.mocked(surfaceImage);

/** triangles.r9t (one 64×48 frame) in a temp folder with its golden */
function withGolden(name = 'triangles.r9t', edit?: (text: string) => string): { dir: string; trace: string; golden: string } {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-goldfile-'));
  const trace = join(dir, name);
  copyFileSync(join('traces', 'triangles.r9t'), trace);
  if (edit) writeFileSync(trace, edit(readFileSync(trace, 'utf8')));
  expect(runCheck([trace], { update: true }).ok).toBe(true);
  return { dir, trace, golden: join(dir, name.replace(/\.r9t$/, '.golden')) };
}

/** the PNG of frame 0 re-encoded by pngjs (other bytes), after `change` edits its pixels */
function reencode(file: string, change: (data: Uint8Array, width: number) => void = () => {}): void {
  const img = decodePng(readFileSync(file));
  const data = new Uint8Array(img.data);
  change(data, img.width);
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(data);
  const before = readFileSync(file);
  writeFileSync(file, PNG.sync.write(png, { filterType: 4, deflateLevel: 9 }));
  expect(readFileSync(file).equals(before)).toBe(false);
}

describe('an unchanged frame is known in its own format', () => {
  beforeEach(() => {
    conversions.mockClear();
  });

  it('passes on the stored surface\'s hash, with no conversion to RGBA8', () => {
    const { dir, trace } = withGolden();
    conversions.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(conversions).not.toHaveBeenCalled();
  });

  it('a golden.json whose surface hash is another one falls back to the pixels (and passes on them)', () => {
    const { dir, trace, golden } = withGolden();
    const manifest = join(golden, 'golden.json');
    // every hex digit of the surface hash flipped: golden.json describes another stored surface
    const flip = (h: string): string => [...h].map((c) => (15 - parseInt(c, 16)).toString(16)).join('');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/("surface":\{[^}]*"xxh64":")([0-9a-f]{16})/, (_, head: string, h: string) => head + flip(h)));
    conversions.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(conversions).toHaveBeenCalledTimes(1);
  });

  it('a replay whose surface changed is converted and fails on its pixels', () => {
    const { dir, trace } = withGolden();
    writeFileSync(trace, readFileSync(trace, 'utf8').replace('0xff202020, 1.0, 0)', '0xff212020, 1.0, 0)'));
    conversions.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('fail');
    expect(r.traces[0].frameResults[0].status).toBe('diff');
    expect(r.traces[0].frameResults[0].maxChannelDiff).toBe(1);
    expect(conversions).toHaveBeenCalled();
  });
});

describe('a golden PNG changed since it was written', () => {
  beforeEach(() => {
    decodes.mockClear();
  });

  it('is not decoded while it is as written (the hash path)', () => {
    const { dir, trace } = withGolden();
    decodes.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(r.traces[0].notes).toBeUndefined();
    expect(decodes).not.toHaveBeenCalled();
  });

  it('fails when its pixels were edited, saying it was compared with them', () => {
    const { dir, trace, golden } = withGolden();
    // pixel (10, 20) of the golden made pure green: the replay did not draw that
    reencode(join(golden, 'frame-0000.png'), (d, w) => d.set([0, 255, 0, 255], (20 * w + 10) * 4));
    decodes.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    const t = r.traces[0];
    expect(t.status).toBe('fail');
    expect(t.frameResults[0]).toMatchObject({ status: 'diff', diffPixels: 1, note: 'golden PNG frame-0000.png changed since it was written; compared with its pixels' });
    expect(t.notes).toEqual(['frame 0: golden PNG frame-0000.png changed since it was written; compared with its pixels']);
    expect(decodes).toHaveBeenCalledTimes(1);
  });

  it('passes when it was re-encoded with the same pixels, with the note', () => {
    const { dir, trace, golden } = withGolden();
    reencode(join(golden, 'frame-0000.png'));
    decodes.mockClear();
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(r.traces[0].frameResults[0].note).toMatch(/changed since it was written/);
    expect(decodes).toHaveBeenCalledTimes(1);
  });

  it('in a golden.json written before file hashes, is trusted by its recorded pixel hash as before', () => {
    const { dir, trace, golden } = withGolden();
    const manifest = join(golden, 'golden.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/,"fileXxh64":"[0-9a-f]{16}"/g, ''));
    expect(readFileSync(manifest, 'utf8')).not.toContain('fileXxh64');
    expect(runCheck([trace], { reportDir: join(dir, 'rep') }).traces[0].status).toBe('pass');
    expect(decodes).not.toHaveBeenCalled();
    // a replay that changed is still caught (pixel hash differs, then the PNG is decoded)
    writeFileSync(trace, readFileSync(trace, 'utf8').replace('0xff202020', '0xff202021'));
    expect(runCheck([trace], { reportDir: join(dir, 'rep') }).traces[0].frameResults[0].status).toBe('diff');
  });

  it('a raw dump edited after it was written is compared by its contents (10-bit back buffer)', () => {
    const { dir, trace, golden } = withGolden('t10.r9t', (s) => s.replace('BackBufferFormat: D3DFMT_X8R8G8B8', 'BackBufferFormat: D3DFMT_A2R10G10B10'));
    const rawFile = join(golden, 'frame-0000.raw');
    const dump = decodeRawDump(readFileSync(rawFile));
    // the same dump in other bytes (keys in another order): passes, with a note
    writeFileSync(rawFile, new Packr({ useRecords: false }).pack({ data: dump.data, format: dump.format, width: dump.width, height: dump.height, pitch: dump.pitch, samples: dump.samples }));
    let r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(r.traces[0].frameResults[0].note).toBe('golden raw dump frame-0000.raw changed since it was written; compared with its contents');
    // the lowest bit of one 10-bit channel flipped: the RGBA8 pixels cannot show it, the raw dump does
    const data = new Uint8Array(dump.data);
    data[0] ^= 1;
    writeFileSync(rawFile, encodeRawDump({ ...dump, data }));
    r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].frameResults[0]).toMatchObject({ status: 'raw', diffPixels: 0 });
    expect(decodes).not.toHaveBeenCalled();
  });

  it('a golden PNG that is gone is reported unreadable (golden.json names its hash), not passed on the hash', () => {
    const { dir, trace, golden } = withGolden();
    writeFileSync(join(golden, 'frame-0000.png'), '');
    const r = runCheck([trace], { reportDir: join(dir, 'rep') });
    expect(r.traces[0].frameResults[0].status).toBe('unreadable');
  });
});
