/** What a capture program printed (test/fixtures/capture/NAME.expected.txt). */

/** A texel read back: HEX is RRGGBB for X8R8G8B8 (6 digits), 4 digits for 16-bit formats, else all 32 bits. */
export interface Pixel { surface: string; x: number; y: number; value: number; alpha: boolean; digits: 4 | 6 | 8 }

const PIXEL = /^([a-z][a-z0-9]*) (\d+) (\d+) ([0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const VALUE = /^value ([a-z][a-z0-9_]*) ([0-9a-f]{8})$/;

/** Parses NAME.expected.txt's pixels: `#` comments and `value` lines skipped, then `SURFACE X Y HEX`. */
export function parseExpected(text: string): Pixel[] {
  const out: Pixel[] = [];
  text.split('\n').forEach((line, i) => {
    if (line === '' || line.startsWith('#') || VALUE.test(line)) return;
    const m = PIXEL.exec(line);
    if (!m) throw new Error(`line ${i + 1}: '${line}' is not 'SURFACE X Y HEX' nor 'value NAME HEX'`);
    const digits = m[4].length as 4 | 6 | 8;
    out.push({ surface: m[1], x: Number(m[2]), y: Number(m[3]), value: parseInt(m[4], 16), alpha: digits === 8, digits });
  });
  return out;
}

/** The `value NAME HEX` lines of NAME.expected.txt (query results, HRESULTs, texels read through locks), in order. */
export function parseValues(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = VALUE.exec(line);
    if (m) out.set(m[1], parseInt(m[2], 16));
  }
  return out;
}
