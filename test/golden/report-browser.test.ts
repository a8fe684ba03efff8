/**
 * The HTML report as a browser shows it: headless Chromium opens index.html from disk and every
 * image must load and the failing frame's diff be on screen, and a trace named like an XSS payload
 * must not run anything. Needs /usr/bin/chromium (.ci/run installs it); skipped, saying so, without.
 * A browser costs seconds of CPU: it runs in the long suite (`npm run test:long`, which .ci/run runs).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { LONG } from '../helpers.js';
import type { Io } from '../../src/cli/io.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.warn(`report-browser.test.ts: skipped, ${CHROMIUM} is missing (apt-get install -y chromium)`);

const quiet: Io = { out: () => {}, err: () => {}, tty: false };
const HOSTILE = '"><img src=x onerror=alert(1)>';

describe.skipIf(!HAVE_CHROMIUM || !LONG)(`the HTML report in headless Chromium (needs ${CHROMIUM})`, () => {
  it('loads every image, shows the failing frame\'s diff, and runs no script', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-browser-'));
    const t = join(d, `${HOSTILE}.r9t`);
    const src = readFileSync('traces/clear-colorfill.r9t', 'utf8').replace('bb = dev.GetBackBuffer', 'D3DPERF_SetMarker(0xff00ff00, "<script>alert(1)</script>")\nbb = dev.GetBackBuffer');
    writeFileSync(t, src);
    copyFileSync('traces/triangles.r9t', join(d, 'triangles.r9t'));
    expect(await main(['check', d, '--update'], quiet)).toBe(0);
    const present = 'dev.Present(NULL, NULL, NULL, NULL)\n';
    writeFileSync(t, src.replace(present, `dev.ColorFill(bb, {8, 30, 40, 44}, 0xffffffff)\n${present}`));
    const rep = join(d, 'rep');
    expect(await main(['check', d, '--report', rep], quiet)).toBe(1);

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dg) => { dialogs.push(dg.message()); void dg.dismiss(); });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(join(rep, 'index.html')).href, { waitUntil: 'load' });
      const images = await page.$$eval('img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src'), complete: i.complete, naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight })));
      // frame 1 begins with a Clear of the whole back buffer (Count 1, NULL rects), so only frame 0 shows the fill
      expect(images.map((i) => i.src)).toEqual(['expected', 'actual', 'diff'].map((k) => `___img_src_x_onerror_alert_1__/frame-0000-${k}.png`));
      for (const i of images) expect(i).toMatchObject({ complete: true, naturalWidth: 64, naturalHeight: 48 });
      const diff = page.locator('.frame figure.diff img').first();
      await diff.scrollIntoViewIfNeeded();
      expect(await diff.isVisible()).toBe(true);
      const box = await diff.boundingBox();
      expect(box && box.width > 0 && box.height > 0).toBe(true);
      expect(await page.locator('h2 .path').first().textContent()).toContain(HOSTILE);
      expect(await page.$$eval('script, [onerror]', (els) => els.length)).toBe(0);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
