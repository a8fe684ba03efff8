/**
 * `check --update`: a killed swap of the golden folder is finished or undone by the next check or
 * update, and goldens that did not change are left as they were, byte for byte.
 */
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/golden/check.js';
import { decodePng } from '../../src/golden/image.js';
import type { Rgba8Image } from '../../src/golden/image.js';
import { readGolden, writeGolden } from '../../src/golden/store.js';
import type { FrameCapture } from '../../src/golden/store.js';
import type { SwapStep } from '../../src/golden/swap.js';
import { runCli } from '../helpers.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-goldup-'));

function flat(width: number, height: number, rgba: readonly number[]): Rgba8Image {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i % 4];
  return { width, height, data };
}

/** the frames triangles.r9t presents (one, 64×48), as its golden holds them: pixels and the stored surface's description */
function triangleFrames(): FrameCapture[] {
  const d = tmp();
  copyFileSync(join('traces', 'triangles.r9t'), join(d, 't.r9t'));
  expect(runCheck([join(d, 't.r9t')], { update: true }).ok).toBe(true);
  const surface = readGolden(join(d, 't.golden'))!.frames[0].surface;
  expect(surface).toBeDefined();
  return [{ image: decodePng(readFileSync(join(d, 't.golden', 'frame-0000.png'))), surface }];
}

/**
 * A folder holding t.r9t (triangles) whose golden is `old` frames, being replaced by `fresh`; at
 * `step` of the swap the folder is copied as it is then: what a kill at that moment leaves.
 */
function killedAt(step: SwapStep, old: Rgba8Image[] | undefined, fresh: FrameCapture[]): string {
  const d = tmp();
  copyFileSync(join('traces', 'triangles.r9t'), join(d, 't.r9t'));
  const dir = join(d, 't.golden');
  if (old) writeGolden(dir, old.map((image) => ({ image })), { threshold: 0 });
  const after = tmp();
  let seen = false;
  writeGolden(dir, fresh, {
    threshold: 0,
    beforeSwapStep: (s) => {
      if (s !== step) return;
      seen = true;
      cpSync(d, after, { recursive: true });
    },
  });
  expect(seen).toBe(true);
  return after;
}

const names = (d: string): string[] => readdirSync(d).sort();
const grey = (): Rgba8Image[] => [flat(64, 48, [7, 7, 7, 255])];

describe('an update killed in the middle of swapping golden folders', () => {
  const real = triangleFrames();

  it('between parking the old folder and moving the new one in: the next check finishes it', async () => {
    const d = killedAt('move-in', grey(), real);
    // what the kill left: no golden folder, the old one parked, the new one complete
    expect(names(d).map((n) => n.replace(/-\d+-\d+-\d+$/, '-*'))).toEqual(['t.golden.old-*', 't.golden.tmp-*', 't.r9t']);
    const r = await runCli('check', join(d, 't.r9t'), '--report', join(d, 'rep'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^PASS .*t\.r9t: 1 frame\n {2}note: finished an interrupted update: moved the complete new golden t\.golden\.tmp-\d+-\d+-\d+ in as .*t\.golden$/m);
    expect(names(d)).toEqual(['rep', 't.golden', 't.r9t']);
  });

  it('with only the old folder parked (the new one incomplete): the next check restores it', () => {
    const d = killedAt('move-in', grey(), real);
    const tmpDir = names(d).find((n) => n.includes('.tmp-'))!;
    // golden.json is written last: without it the new folder is not complete
    rmSync(join(d, tmpDir, 'golden.json'));
    const r = runCheck([join(d, 't.r9t')], { reportDir: join(d, 'rep') });
    // the old (grey) golden is back, so the frame differs from it
    expect(r.traces[0].status).toBe('fail');
    expect(r.traces[0].frameResults[0].status).toBe('diff');
    expect(r.traces[0].notes?.[0]).toMatch(/^restored the golden .*t\.golden from t\.golden\.old-\d+-\d+-\d+, where an interrupted update had parked it$/);
    expect(names(d)).toEqual(['rep', 't.golden', 't.r9t']);
  });

  it('before the new folder of a first golden moved in: the next check finishes it', () => {
    const d = killedAt('move-in', undefined, real);
    expect(names(d).filter((n) => n !== 't.r9t')).toHaveLength(1);
    const r = runCheck([join(d, 't.r9t')], { reportDir: join(d, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(names(d)).toEqual(['t.golden', 't.r9t']);
  });

  it('before parking: the old golden stands; the next update removes the leftover and writes', async () => {
    const d = killedAt('park', grey(), real);
    const check = runCheck([join(d, 't.r9t')], { reportDir: join(d, 'rep') });
    expect(check.traces[0].frameResults[0].status).toBe('diff');
    expect(names(d).some((n) => n.includes('.tmp-'))).toBe(true);
    const up = await runCli('check', join(d, 't.r9t'), '--update');
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/^CHANGED .*t\.r9t: frame 0 changed; 1 frame written to /m);
    expect(up.out).toMatch(/note: removed what an interrupted update left beside .*t\.golden: t\.golden\.tmp-/);
    expect(names(d)).toEqual(['rep', 't.golden', 't.r9t']);
  });

  it('before dropping the parked old folder: the new golden is in place; the next update removes the old one', async () => {
    const d = killedAt('drop-old', grey(), real);
    expect(runCheck([join(d, 't.r9t')], { reportDir: join(d, 'rep') }).traces[0].status).toBe('pass');
    const up = await runCli('check', join(d, 't.r9t'), '--update');
    expect(up.out).toMatch(/^UNCHANGED .*t\.r9t: 1 frame, golden left as it was\n {2}note: removed what an interrupted update left beside .*: t\.golden\.old-/m);
    expect(names(d)).toEqual(['t.golden', 't.r9t']);
  });

  it('a failure (not a kill) moving the new folder in puts the old one back and leaves nothing else', () => {
    const d = tmp();
    const dir = join(d, 't.golden');
    writeGolden(dir, grey().map((image) => ({ image })), { threshold: 0 });
    const before = readFileSync(join(dir, 'golden.json'), 'utf8');
    const fail = (s: SwapStep): void => {
      if (s === 'move-in') throw new Error('rename failed (simulated)');
    };
    expect(() => writeGolden(dir, real, { threshold: 0, beforeSwapStep: fail })).toThrow(/simulated/);
    expect(names(d)).toEqual(['t.golden']);
    expect(readFileSync(join(dir, 'golden.json'), 'utf8')).toBe(before);
  });

  it('two parked folders and no golden is not guessed at: check fails naming them, update exits 2', async () => {
    const d = killedAt('move-in', grey(), real);
    const parked = names(d).find((n) => n.includes('.old-'))!;
    cpSync(join(d, parked), join(d, 't.golden.old-1-0-0'), { recursive: true });
    rmSync(join(d, names(d).find((n) => n.includes('.tmp-'))!), { recursive: true });
    const r = runCheck([join(d, 't.r9t')], { reportDir: join(d, 'rep') });
    expect(r.traces[0].status).toBe('fail');
    expect(r.traces[0].reasons[0]).toMatch(/several interrupted updates left folders beside it .*rename the one to keep to t\.golden/);
    const up = await runCli('check', join(d, 't.r9t'), '--update');
    expect(up.code).toBe(2);
    expect(existsSync(join(d, 't.golden'))).toBe(false);
  });
});

/** every file of a golden folder with its bytes, mtime and inode: any rewrite shows */
function stamp(dir: string): Record<string, string> {
  return Object.fromEntries(names(dir).map((f) => {
    const st = statSync(join(dir, f));
    return [f, `${st.ino}:${st.mtimeMs}:${readFileSync(join(dir, f)).toString('base64')}`];
  }));
}

describe('check --update', () => {
  it('says new / changed (frames) / unchanged per trace, and leaves unchanged goldens untouched', async () => {
    const d = tmp();
    for (const s of ['clear-colorfill.r9t', 'triangles.r9t']) copyFileSync(join('traces', s), join(d, s));
    const first = await runCli('check', d, '--update');
    expect(first.out).toMatch(/^NEW .*clear-colorfill\.r9t: 3 frames written to .*clear-colorfill\.golden$/m);
    const cc = join(d, 'clear-colorfill.golden');
    const tri = join(d, 'triangles.golden');
    const [ccBefore, triBefore, dirBefore] = [stamp(cc), stamp(tri), statSync(cc).ino];
    const again = await runCli('check', d, '--update');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^UNCHANGED .*clear-colorfill\.r9t: 3 frames, golden left as it was$/m);
    expect(again.out).toMatch(/^2 traces: 0 new, 0 changed, 2 unchanged$/m);
    expect(stamp(cc)).toEqual(ccBefore);
    expect(stamp(tri)).toEqual(triBefore);
    expect(statSync(cc).ino).toBe(dirBefore);
    // a white pixel before the first Present: frame 0 changes, frames 1 and 2 keep their files' bytes
    const t = join(d, 'clear-colorfill.r9t');
    const present = 'dev.Present(NULL, NULL, NULL, NULL)\n';
    writeFileSync(t, readFileSync(t, 'utf8').replace(present, `dev.ColorFill(bb, {63, 47, 64, 48}, 0xffffffff)\n${present}`));
    const json = JSON.parse((await runCli('check', d, '--update', '--json')).out) as { traces: Array<{ update: unknown }> };
    expect(json.traces.map((x) => x.update)).toEqual([{ change: 'changed', frames: [0] }, { change: 'unchanged', frames: [] }]);
    const after = stamp(cc);
    expect(after['frame-0000.png'].split(':')[2]).not.toBe(ccBefore['frame-0000.png'].split(':')[2]);
    for (const f of ['frame-0001.png', 'frame-0002.png']) expect(after[f].split(':')[2]).toBe(ccBefore[f].split(':')[2]);
    expect(stamp(tri)).toEqual(triBefore);
    // dropping the last Present drops frame 2
    const text = readFileSync(t, 'utf8');
    const last = text.lastIndexOf(present);
    writeFileSync(t, text.slice(0, last) + text.slice(last + present.length));
    const dropped = await runCli('check', t, '--update');
    expect(dropped.out).toMatch(/^CHANGED .*clear-colorfill\.r9t: frame 2 changed; 2 frames written to /m);
    expect(readGolden(cc)!.frames).toHaveLength(2);
  });

  it('rewrites a golden written before golden.json recorded file hashes, saying only the files changed', async () => {
    const d = tmp();
    copyFileSync(join('traces', 'triangles.r9t'), join(d, 't.r9t'));
    expect((await runCli('check', d, '--update')).code).toBe(0);
    const manifest = join(d, 't.golden', 'golden.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/,"fileXxh64":"[0-9a-f]{16}"/g, ''));
    const up = await runCli('check', d, '--update');
    expect(up.out).toMatch(/^CHANGED .*t\.r9t: same pixels; golden\.json now records what this version checks first \(file and stored-surface hashes\); 1 frame written to /m);
    expect(readFileSync(manifest, 'utf8')).toContain('"fileXxh64"');
    expect((await runCli('check', d, '--update')).out).toMatch(/^UNCHANGED /m);
  });

  it('adds the stored surface to a golden written before golden.json described it, then leaves it alone', async () => {
    const d = tmp();
    copyFileSync(join('traces', 'triangles.r9t'), join(d, 't.r9t'));
    expect((await runCli('check', d, '--update')).code).toBe(0);
    const manifest = join(d, 't.golden', 'golden.json');
    const full = readFileSync(manifest, 'utf8');
    // triangles.r9t presents a 64×48 X8R8G8B8 back buffer: 4 bytes a pixel, one sample
    expect(full).toMatch(/"surface":\{"format":"X8R8G8B8","pitch":256,"samples":1,"xxh64":"[0-9a-f]{16}"\}/);
    writeFileSync(manifest, full.replace(/,"surface":\{[^}]*\}/g, ''));
    const up = await runCli('check', d, '--update');
    expect(up.out).toMatch(/^CHANGED .*t\.r9t: same pixels; golden\.json now records /m);
    expect(readFileSync(manifest, 'utf8')).toBe(full);
    expect((await runCli('check', d, '--update')).out).toMatch(/^UNCHANGED /m);
  });

  it('rewrites a frame whose PNG was edited by hand, even though golden.json still matches the replay', async () => {
    const d = tmp();
    copyFileSync(join('traces', 'triangles.r9t'), join(d, 't.r9t'));
    await runCli('check', d, '--update');
    const png = join(d, 't.golden', 'frame-0000.png');
    const good = readFileSync(png);
    writeFileSync(png, Buffer.concat([good, Buffer.from('trailing bytes')]));
    const up = await runCli('check', d, '--update');
    expect(up.out).toMatch(/^CHANGED .*t\.r9t: frame 0 changed/m);
    expect(readFileSync(png).equals(good)).toBe(true);
  });
});
