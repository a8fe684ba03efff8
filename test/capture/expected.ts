/** The pixels a capture program printed (test/fixtures/capture/NAME.expected.txt). */

export interface Pixel { surface: string; x: number; y: number; value: number; alpha: boolean }

/** Parses NAME.expected.txt: `#` comments, then `SURFACE X Y HEX` (RRGGBB for X8R8G8B8, AARRGGBB otherwise). */
export function parseExpected(text: string): Pixel[] {
  const out: Pixel[] = [];
  text.split('\n').forEach((line, i) => {
    if (line === '' || line.startsWith('#')) return;
    const m = /^([a-z][a-z0-9]*) (\d+) (\d+) ([0-9a-f]{6}|[0-9a-f]{8})$/.exec(line);
    if (!m) throw new Error(`line ${i + 1}: '${line}' is not 'SURFACE X Y HEX'`);
    out.push({ surface: m[1], x: Number(m[2]), y: Number(m[3]), value: parseInt(m[4], 16), alpha: m[4].length === 8 });
  });
  return out;
}

