/**
 * D3DGAMMARAMP: three tables of 256 WORDs (red, green, blue). The trace stores a ramp as its 768
 * WORDs in that order, little-endian (1,536 bytes); the text form shows them as a list of numbers.
 */
export interface D3DGAMMARAMP {
  red: ArrayLike<number>;
  green: ArrayLike<number>;
  blue: ArrayLike<number>;
}

export const GAMMA_RAMP_WORDS = 768;

/** The identity ramp a device starts with: entry i is i * 257 (0 → 0, 255 → 65535) in each channel. */
export function identityGammaRamp(): { red: Uint16Array; green: Uint16Array; blue: Uint16Array } {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) t[i] = i * 257;
  return { red: t.slice(), green: t.slice(), blue: t.slice() };
}

/** A ramp as the trace's bytes; undefined when a table is not 256 entries long. */
export function gammaRampBytes(r: D3DGAMMARAMP): Uint8Array | undefined {
  const tables = [r.red, r.green, r.blue];
  if (tables.some((t) => !t || t.length !== 256)) return undefined;
  const out = new Uint8Array(GAMMA_RAMP_WORDS * 2);
  const dv = new DataView(out.buffer);
  tables.forEach((t, c) => {
    for (let i = 0; i < 256; i++) dv.setUint16((c * 256 + i) * 2, Number(t[i]) & 0xffff, true);
  });
  return out;
}

/** The trace's bytes as a ramp; undefined when they are not 1,536 bytes. */
export function gammaRampOf(b: Uint8Array): { red: Uint16Array; green: Uint16Array; blue: Uint16Array } | undefined {
  if (b.length !== GAMMA_RAMP_WORDS * 2) return undefined;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const table = (c: number): Uint16Array => Uint16Array.from({ length: 256 }, (_, i) => dv.getUint16((c * 256 + i) * 2, true));
  return { red: table(0), green: table(1), blue: table(2) };
}
