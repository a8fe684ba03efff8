/**
 * Texture palettes (Microsoft's "Texture Palettes (Direct3D 9)"): up to 65,536 palettes of 256
 * PALETTEENTRY each, kept by the device and shared by every texture stage; the current one
 * translates P8 and A8P8 textures. Validation is pure; the table stores what passed it.
 */
import { D3DERR, D3DPTEXTURECAPS, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import type { PALETTEENTRY } from './types.js';

/** Palette numbers run from 0 to 0xFFFF ("a maximum of 65,536 (0x0000FFFF) palettes"). */
export const MAX_PALETTES = 0x10000;
export const PALETTE_ENTRIES = 256;

/**
 * Why SetPaletteEntries refuses, or D3D_OK: a missing array, a number past the last palette, or (on
 * a device without D3DPTEXTURECAPS_ALPHAPALETTE) an entry whose alpha is not 1.0 (SetPaletteEntries docs).
 */
export function validatePaletteEntries(PaletteNumber: number, pEntries: readonly PALETTEENTRY[] | null, textureCaps: number): HRESULT {
  if (!pEntries || pEntries.length < PALETTE_ENTRIES) return D3DERR.INVALIDCALL;
  if (PaletteNumber >>> 0 >= MAX_PALETTES) return D3DERR.INVALIDCALL;
  if (!(textureCaps & D3DPTEXTURECAPS.ALPHAPALETTE)) {
    for (let i = 0; i < PALETTE_ENTRIES; i++) if ((pEntries[i].peFlags & 0xff) !== 0xff) return D3DERR.INVALIDCALL;
  }
  return D3D_OK;
}

/** The palettes a device holds: palette number → 256 entries as bytes (peRed, peGreen, peBlue, peFlags). */
export class PaletteTable {
  readonly palettes = new Map<number, Uint8Array>();

  constructor() {
    // palette 0 exists from the start with every entry 0xFFFFFFFF ("all entries are 0xFFFFFFFF by default"),
    // and is the current palette (wined3d's device initialisation does the same)
    this.palettes.set(0, new Uint8Array(4 * PALETTE_ENTRIES).fill(0xff));
  }

  has(n: number): boolean {
    return this.palettes.has(n >>> 0);
  }

  set(n: number, entries: readonly PALETTEENTRY[]): void {
    const bytes = new Uint8Array(4 * PALETTE_ENTRIES);
    for (let i = 0; i < PALETTE_ENTRIES; i++) {
      const e = entries[i];
      bytes[4 * i] = e.peRed; bytes[4 * i + 1] = e.peGreen; bytes[4 * i + 2] = e.peBlue; bytes[4 * i + 3] = e.peFlags;
    }
    this.palettes.set(n >>> 0, bytes);
  }

  /** The entries of a palette that was set, or undefined. */
  get(n: number): PALETTEENTRY[] | undefined {
    const b = this.palettes.get(n >>> 0);
    if (!b) return undefined;
    return Array.from({ length: PALETTE_ENTRIES }, (_, i) => ({ peRed: b[4 * i], peGreen: b[4 * i + 1], peBlue: b[4 * i + 2], peFlags: b[4 * i + 3] }));
  }

  /** The palette as the sampler reads it (RGBA bytes), or undefined. */
  bytes(n: number): Uint8Array | undefined {
    return this.palettes.get(n >>> 0);
  }
}
