import { describe, expect, it } from 'vitest';
import {
  allDxgiFormats,
  DXGI_FORMAT,
  DXGI_FORMAT_TABLE,
  dxgiFormatByName,
  dxgiFormatInfo,
  dxgiOfD3d9,
  inSupportTable,
  layoutText,
  OMITTED_ATTRIBUTES,
  requiredAttributes,
  RESOURCE_DIMENSIONS,
  SUPPORT_ATTRIBUTES,
  SUPPORT_COLUMNS,
  supportOf,
  supportRow,
} from '../../src/formats/dxgi/index.js';
import type { SupportAttribute } from '../../src/formats/dxgi/index.js';

/** DXGI_FORMAT numbers from dxgiformat.h (reference C.4), typed again here. */
const NUMBERS: Array<[string, number]> = [
  ['R10G10B10A2_TYPELESS', 23], ['R10G10B10A2_UNORM', 24], ['R10G10B10A2_UINT', 25],
  ['R8G8B8A8_TYPELESS', 27], ['R8G8B8A8_UNORM', 28], ['R8G8B8A8_UNORM_SRGB', 29],
  ['R8G8B8A8_UINT', 30], ['R8G8B8A8_SNORM', 31], ['R8G8B8A8_SINT', 32],
  ['B8G8R8A8_UNORM', 87], ['B8G8R8X8_UNORM', 88], ['R10G10B10_XR_BIAS_A2_UNORM', 89],
  ['B8G8R8A8_TYPELESS', 90], ['B8G8R8A8_UNORM_SRGB', 91], ['B8G8R8X8_TYPELESS', 92], ['B8G8R8X8_UNORM_SRGB', 93],
];

/** name → [interpretation, family, layout MSB→LSB, D3DFORMAT or null] */
const EXPECTED: Record<string, [string, string, string, number | null]> = {
  R10G10B10A2_TYPELESS: ['typeless', 'R10G10B10A2_TYPELESS', 'A 31:30, B 29:20, G 19:10, R 9:0', null],
  R10G10B10A2_UNORM: ['unorm', 'R10G10B10A2_TYPELESS', 'A 31:30, B 29:20, G 19:10, R 9:0', 31],
  R10G10B10A2_UINT: ['uint', 'R10G10B10A2_TYPELESS', 'A 31:30, B 29:20, G 19:10, R 9:0', null],
  R10G10B10_XR_BIAS_A2_UNORM: ['xr_bias', 'R10G10B10A2_TYPELESS', 'A 31:30, B 29:20, G 19:10, R 9:0', 119],
  R8G8B8A8_TYPELESS: ['typeless', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', null],
  R8G8B8A8_UNORM: ['unorm', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', 32],
  R8G8B8A8_UNORM_SRGB: ['unorm_srgb', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', null],
  R8G8B8A8_UINT: ['uint', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', null],
  R8G8B8A8_SNORM: ['snorm', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', 63],
  R8G8B8A8_SINT: ['sint', 'R8G8B8A8_TYPELESS', 'A 31:24, B 23:16, G 15:8, R 7:0', null],
  B8G8R8A8_TYPELESS: ['typeless', 'B8G8R8A8_TYPELESS', 'A 31:24, R 23:16, G 15:8, B 7:0', null],
  B8G8R8A8_UNORM: ['unorm', 'B8G8R8A8_TYPELESS', 'A 31:24, R 23:16, G 15:8, B 7:0', 21],
  B8G8R8A8_UNORM_SRGB: ['unorm_srgb', 'B8G8R8A8_TYPELESS', 'A 31:24, R 23:16, G 15:8, B 7:0', null],
  B8G8R8X8_TYPELESS: ['typeless', 'B8G8R8X8_TYPELESS', 'X 31:24, R 23:16, G 15:8, B 7:0', null],
  B8G8R8X8_UNORM: ['unorm', 'B8G8R8X8_TYPELESS', 'X 31:24, R 23:16, G 15:8, B 7:0', 22],
  B8G8R8X8_UNORM_SRGB: ['unorm_srgb', 'B8G8R8X8_TYPELESS', 'X 31:24, R 23:16, G 15:8, B 7:0', null],
};

describe('the DXGI extended-format table', () => {
  it('holds exactly the sixteen formats, keyed by their dxgiformat.h numbers', () => {
    expect(allDxgiFormats().map((f) => [f.name, f.id])).toEqual([...NUMBERS].sort((a, b) => a[1] - b[1]));
    for (const [name, id] of NUMBERS) {
      expect(DXGI_FORMAT[name as keyof typeof DXGI_FORMAT]).toBe(id);
      expect(DXGI_FORMAT_TABLE.nameOf(id)).toBe(`DXGI_FORMAT_${name}`);
    }
  });

  it.each(Object.entries(EXPECTED))('%s has its interpretation, cast family, bit layout and D3D9 twin', (name, [interp, family, layout, d3d9]) => {
    const f = dxgiFormatByName(name);
    expect(f).toBeDefined();
    expect([f!.interp, dxgiFormatInfo(f!.family)!.name, layoutText(f!), f!.d3d9 ?? null, f!.elementBytes]).toEqual([interp, family, layout, d3d9, 4]);
    // the channels tile the 32-bit element exactly
    expect(f!.channels.reduce((n, c) => n + c.bits, 0)).toBe(32);
    expect(f!.channels.reduce((m, c) => m + (2 ** c.bits - 1) * 2 ** c.shift, 0)).toBe(0xffffffff);
  });

  it('reads sRGB and XR_BIAS alpha as plain UNORM and the X channel as X', () => {
    const interp = (n: string): string[] => dxgiFormatByName(n)!.channels.map((c) => c.interp);
    expect(interp('B8G8R8A8_UNORM_SRGB')).toEqual(['unorm_srgb', 'unorm_srgb', 'unorm_srgb', 'unorm']);
    expect(interp('R10G10B10_XR_BIAS_A2_UNORM')).toEqual(['xr_bias', 'xr_bias', 'xr_bias', 'unorm']);
    expect(interp('B8G8R8X8_UNORM_SRGB')).toEqual(['unorm_srgb', 'unorm_srgb', 'unorm_srgb', 'x']);
  });

  it('finds a format by name with or without DXGI_FORMAT_, in any case, and nothing else', () => {
    expect(dxgiFormatByName('dxgi_format_b8g8r8a8_unorm')?.id).toBe(87);
    expect(dxgiFormatByName('  r10g10b10_xr_bias_a2_unorm ')?.id).toBe(89);
    expect(dxgiFormatByName('A8R8G8B8')).toBeUndefined();
    expect(dxgiFormatByName('toString')).toBeUndefined();
  });

  it('pairs the D3D9 formats with their DXGI twins both ways', () => {
    expect([21, 22, 31, 32, 63, 119].map((d) => dxgiOfD3d9(d)?.name)).toEqual([
      'B8G8R8A8_UNORM', 'B8G8R8X8_UNORM', 'R10G10B10A2_UNORM', 'R8G8B8A8_UNORM', 'R8G8B8A8_SNORM', 'R10G10B10_XR_BIAS_A2_UNORM',
    ]);
    expect(dxgiOfD3d9(35)).toBeUndefined(); // A2R10G10B10 has no DXGI format (spec §25.1.1)
  });
});

/**
 * The seed's table (seeds/003, French), typed again: the French row label, the
 * English attribute name, then columns A..H; `R*` is "R (modifié)".
 */
const SEED_ROWS: Array<[string, SupportAttribute, string]> = [
  ['Buffer', 'Buffer', 'N/A R* N/A N/A R* N/A N/A N/A'],
  ['Mémoire tampon de vertex de l’assembleur d’entrée', 'Input Assembler Vertex Buffer', 'N/A R* N/A N/A R* N/A N/A N/A'],
  ['Texture1D', 'Texture1D', 'R R* R R R* R R N/A'],
  ['Texture2D', 'Texture2D', 'R R* R R R R R R'],
  ['Texture3D', 'Texture3D', 'R R* R R R* R R N/A'],
  ['Texture Cube', 'Texture Cube', 'R R* R R R* R R N/A'],
  ['ID du nuanceur', 'Shader ld', 'N/A R R N/A R R N/A N/A'],
  ['Exemple de nuanceur (n’importe quel filtre)', 'Shader sample (any filter)', 'N/A R R N/A R R N/A N/A'],
  ['Textures de carte MIP', 'MIP-map textures', 'R R* R R R* R R N/A'],
  ['Génération automatique de carte MIP', 'MIP-map auto-generation', 'N/A R* R N/A R* R N/A N/A'],
  ['Restituer la cible', 'Render Target', 'N/A R R N/A R R N/A N/A'],
  ['Cible de rendu blendable', 'Blendable Render Target', 'N/A R R N/A R R N/A N/A'],
  ['Verrouillable du processeur', 'CPU Lockable', 'R R R R R R R R'],
  ['Cible de rendu à plusieurs exemples', 'Multi-Sample Render Target', 'N/A O O N/A O O N/A N/A'],
  ['Résolution de plusieurs exemples', 'Multi-Sample Resolve', 'N/A R* R N/A R* R N/A N/A'],
  ['Chargement de plusieurs exemples', 'Multi-Sample Load', 'N/A R R N/A R R N/A N/A'],
  ['Afficher l’analyse', 'Display Scan Out', 'N/A R* R N/A N/A N/A N/A R'],
  ['Cast in Bit Layout', 'Cast Within Bit Layout', 'R R* R R R R R R'],
  // the five rows the seed leaves out "for readability": N/A everywhere
  ['Mémoire tampon d’index de l’assembleur d’entrée', 'Input Assembler Index Buffer', 'N/A N/A N/A N/A N/A N/A N/A N/A'],
  ['Nuanceur sample_c (filtre de comparaison)', 'Shader sample_c (comparison filter)', 'N/A N/A N/A N/A N/A N/A N/A N/A'],
  ['Exemple de nuanceur (filtre mono 1 bits)', 'Shader sample (mono 1-bit filter)', 'N/A N/A N/A N/A N/A N/A N/A N/A'],
  ['Shader gather4', 'Shader gather4', 'N/A N/A N/A N/A N/A N/A N/A N/A'],
  ['Cible de gabarit de profondeur', 'Depth-Stencil Target', 'N/A N/A N/A N/A N/A N/A N/A N/A'],
];
const SEED_COLUMNS = ['B8G8R8A8_TYPELESS', 'B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB', 'B8G8R8X8_TYPELESS', 'B8G8R8X8_UNORM', 'B8G8R8X8_UNORM_SRGB', 'R10G10B10A2_TYPELESS', 'R10G10B10_XR_BIAS_A2_UNORM'];

describe('the extended-format support table (seed 003, reference C.2)', () => {
  it('has the columns A..H and the 18 listed plus 5 omitted rows, in the seed\'s order', () => {
    expect(SUPPORT_COLUMNS.map((id) => dxgiFormatInfo(id)!.name)).toEqual(SEED_COLUMNS);
    expect([...SUPPORT_ATTRIBUTES, ...OMITTED_ATTRIBUTES]).toEqual(SEED_ROWS.map((r) => r[1]));
    expect(supportRow(DXGI_FORMAT.B8G8R8A8_UNORM)!.map(([a]) => a)).toEqual(SEED_ROWS.map((r) => r[1]));
  });

  it.each(SEED_ROWS)('row "%s" (%s) matches the seed in all eight columns', (_fr, attr, cells) => {
    const expected = cells.split(' ').map((c) => ({ support: c.replace('*', ''), changed: c.endsWith('*') }));
    const actual = SEED_COLUMNS.map((n) => supportOf(dxgiFormatByName(n)!.id, attr));
    expect(actual).toEqual(expected);
  });

  it('has no cell for formats outside its eight columns', () => {
    for (const f of allDxgiFormats()) expect(inSupportTable(f.id)).toBe(SEED_COLUMNS.includes(f.name));
    expect(supportOf(DXGI_FORMAT.R8G8B8A8_UNORM, 'Texture2D')).toBeUndefined();
    expect(requiredAttributes(DXGI_FORMAT.R10G10B10A2_UNORM)).toEqual([]);
  });

  it('marks "(changed)" only on the two pre-existing formats, B8G8R8A8_UNORM and B8G8R8X8_UNORM', () => {
    for (const id of SUPPORT_COLUMNS) {
      const changed = supportRow(id)!.some(([, c]) => c.changed);
      expect([dxgiFormatInfo(id)!.name, changed]).toEqual([dxgiFormatInfo(id)!.name, id === 87 || id === 88]);
    }
  });

  it('gives XR_BIAS only Display Scan Out, CPU Lockable and Cast Within Bit Layout, as a Texture2D', () => {
    const req = requiredAttributes(DXGI_FORMAT.R10G10B10_XR_BIAS_A2_UNORM);
    // the XR_BIAS page lists the three capabilities; the table also requires its one resource shape, Texture2D
    expect(req.filter((a) => !RESOURCE_DIMENSIONS.includes(a))).toEqual(['CPU Lockable', 'Display Scan Out', 'Cast Within Bit Layout']);
    expect(req.filter((a) => RESOURCE_DIMENSIONS.includes(a))).toEqual(['Texture2D']);
  });
});
