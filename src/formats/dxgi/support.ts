/**
 * The extended-format support table (reference C.2; seeds/003): for each of
 * eight formats and each resource attribute, whether hardware support is
 * required (R), optional (O) or not applicable / not allowed (N/A), and whether
 * the requirement changed from the format's original definition.
 */
import { DXGI_FORMAT } from './formats.js';

/** The table's 18 rows, named as in reference C.2. */
export const SUPPORT_ATTRIBUTES = [
  'Buffer',
  'Input Assembler Vertex Buffer',
  'Texture1D',
  'Texture2D',
  'Texture3D',
  'Texture Cube',
  'Shader ld',
  'Shader sample (any filter)',
  'MIP-map textures',
  'MIP-map auto-generation',
  'Render Target',
  'Blendable Render Target',
  'CPU Lockable',
  'Multi-Sample Render Target',
  'Multi-Sample Resolve',
  'Multi-Sample Load',
  'Display Scan Out',
  'Cast Within Bit Layout',
] as const;

/**
 * The five rows the document leaves out "for readability", all N/A. Names as
 * the English original words them (the French seed translates them).
 */
export const OMITTED_ATTRIBUTES = [
  'Input Assembler Index Buffer',
  'Shader sample_c (comparison filter)',
  'Shader sample (mono 1-bit filter)',
  'Shader gather4',
  'Depth-Stencil Target',
] as const;

export type ListedAttribute = (typeof SUPPORT_ATTRIBUTES)[number];
export type OmittedAttribute = (typeof OMITTED_ATTRIBUTES)[number];
export type SupportAttribute = ListedAttribute | OmittedAttribute;
export type Support = 'R' | 'O' | 'N/A';

export interface SupportCell {
  readonly support: Support;
  /** "(changed)": the requirement differs from the format's original definition */
  readonly changed: boolean;
}

/** The resource shapes among the attributes; the rest are capabilities of a resource. */
export const RESOURCE_DIMENSIONS: readonly SupportAttribute[] = ['Buffer', 'Texture1D', 'Texture2D', 'Texture3D', 'Texture Cube'];

const F = DXGI_FORMAT;
/** Columns A..H of the table. */
export const SUPPORT_COLUMNS = [
  F.B8G8R8A8_TYPELESS,
  F.B8G8R8A8_UNORM,
  F.B8G8R8A8_UNORM_SRGB,
  F.B8G8R8X8_TYPELESS,
  F.B8G8R8X8_UNORM,
  F.B8G8R8X8_UNORM_SRGB,
  F.R10G10B10A2_TYPELESS,
  F.R10G10B10_XR_BIAS_A2_UNORM,
] as const;

type Cells = readonly [string, string, string, string, string, string, string, string];
const C = 'R (changed)';
// columns:               A       B      C       D       E      F       G       H
const ROWS: ReadonlyArray<readonly [ListedAttribute, Cells]> = [
  ['Buffer',                        ['N/A', C,   'N/A', 'N/A', C,   'N/A', 'N/A', 'N/A']],
  ['Input Assembler Vertex Buffer', ['N/A', C,   'N/A', 'N/A', C,   'N/A', 'N/A', 'N/A']],
  ['Texture1D',                     ['R',   C,   'R',   'R',   C,   'R',   'R',   'N/A']],
  ['Texture2D',                     ['R',   C,   'R',   'R',   'R', 'R',   'R',   'R']],
  ['Texture3D',                     ['R',   C,   'R',   'R',   C,   'R',   'R',   'N/A']],
  ['Texture Cube',                  ['R',   C,   'R',   'R',   C,   'R',   'R',   'N/A']],
  ['Shader ld',                     ['N/A', 'R', 'R',   'N/A', 'R', 'R',   'N/A', 'N/A']],
  ['Shader sample (any filter)',    ['N/A', 'R', 'R',   'N/A', 'R', 'R',   'N/A', 'N/A']],
  ['MIP-map textures',              ['R',   C,   'R',   'R',   C,   'R',   'R',   'N/A']],
  ['MIP-map auto-generation',       ['N/A', C,   'R',   'N/A', C,   'R',   'N/A', 'N/A']],
  ['Render Target',                 ['N/A', 'R', 'R',   'N/A', 'R', 'R',   'N/A', 'N/A']],
  ['Blendable Render Target',       ['N/A', 'R', 'R',   'N/A', 'R', 'R',   'N/A', 'N/A']],
  ['CPU Lockable',                  ['R',   'R', 'R',   'R',   'R', 'R',   'R',   'R']],
  ['Multi-Sample Render Target',    ['N/A', 'O', 'O',   'N/A', 'O', 'O',   'N/A', 'N/A']],
  ['Multi-Sample Resolve',          ['N/A', C,   'R',   'N/A', C,   'R',   'N/A', 'N/A']],
  ['Multi-Sample Load',             ['N/A', 'R', 'R',   'N/A', 'R', 'R',   'N/A', 'N/A']],
  ['Display Scan Out',              ['N/A', C,   'R',   'N/A', 'N/A', 'N/A', 'N/A', 'R']],
  ['Cast Within Bit Layout',        ['R',   C,   'R',   'R',   'R', 'R',   'R',   'R']],
];

function parseCell(text: string): SupportCell {
  const changed = text.endsWith(' (changed)');
  const support = changed ? text.slice(0, -' (changed)'.length) : text;
  if (support !== 'R' && support !== 'O' && support !== 'N/A') throw new Error(`support table: bad cell ${JSON.stringify(text)}`);
  return Object.freeze({ support, changed });
}

const NOT_APPLICABLE: SupportCell = Object.freeze({ support: 'N/A', changed: false });
/** format id → attribute → cell */
const TABLE = new Map<number, ReadonlyMap<SupportAttribute, SupportCell>>(
  SUPPORT_COLUMNS.map((id, col) => {
    const cells = new Map<SupportAttribute, SupportCell>(ROWS.map(([attr, row]) => [attr, parseCell(row[col])]));
    for (const attr of OMITTED_ATTRIBUTES) cells.set(attr, NOT_APPLICABLE);
    return [id, cells];
  }),
);

/** Whether the format is one of the table's eight columns. */
export function inSupportTable(format: number): boolean {
  return TABLE.has(format);
}

/** The cell for a format and attribute; undefined for a format outside the table. */
export function supportOf(format: number, attribute: SupportAttribute): SupportCell | undefined {
  return TABLE.get(format)?.get(attribute);
}

/** Every attribute, the 18 listed rows then the 5 omitted ones, with the format's cell. */
export function supportRow(format: number): ReadonlyArray<readonly [SupportAttribute, SupportCell]> | undefined {
  const cells = TABLE.get(format);
  return cells ? [...cells] : undefined;
}

/** The attributes a format requires (R), in table order. */
export function requiredAttributes(format: number): SupportAttribute[] {
  return (supportRow(format) ?? []).filter(([, c]) => c.support === 'R').map(([a]) => a);
}
