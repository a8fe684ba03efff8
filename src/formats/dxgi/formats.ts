/**
 * The DXGI formats of the extended-format seed (reference C, seeds/003) and the
 * R8G8B8A8 family they cast against: one table keyed by DXGI_FORMAT number
 * (reference C.4) with each format's 32-bit layout, its interpretation, its
 * cast family and the D3D9 format it corresponds to.
 */
import { D3DFMT, enumTable } from '../../d3d9/index.js';

/** DXGI_FORMAT values, keyed by the name without `DXGI_FORMAT_` (reference C.4). */
export const DXGI_FORMAT = {
  R10G10B10A2_TYPELESS: 23,
  R10G10B10A2_UNORM: 24,
  R10G10B10A2_UINT: 25,
  R8G8B8A8_TYPELESS: 27,
  R8G8B8A8_UNORM: 28,
  R8G8B8A8_UNORM_SRGB: 29,
  R8G8B8A8_UINT: 30,
  R8G8B8A8_SNORM: 31,
  R8G8B8A8_SINT: 32,
  B8G8R8A8_UNORM: 87,
  B8G8R8X8_UNORM: 88,
  R10G10B10_XR_BIAS_A2_UNORM: 89,
  B8G8R8A8_TYPELESS: 90,
  B8G8R8A8_UNORM_SRGB: 91,
  B8G8R8X8_TYPELESS: 92,
  B8G8R8X8_UNORM_SRGB: 93,
} as const;

export type DxgiFormatName = keyof typeof DXGI_FORMAT;
export type DxgiFormat = (typeof DXGI_FORMAT)[DxgiFormatName];

/** Names and reverse lookups, with the `DXGI_FORMAT_` prefix as the SDK spells them. */
export const DXGI_FORMAT_TABLE = enumTable('DXGI_FORMAT', 'DXGI_FORMAT_', DXGI_FORMAT);

/** How a format's bits are read (the suffix of its name). */
export type DxgiInterpretation = 'typeless' | 'unorm' | 'unorm_srgb' | 'uint' | 'snorm' | 'sint' | 'xr_bias';
/** A channel's interpretation; `x` is stored but reads as 1 (reference C.3, "X channel"). */
export type ChannelInterpretation = DxgiInterpretation | 'x';

export interface DxgiChannel {
  readonly name: 'r' | 'g' | 'b' | 'a' | 'x';
  /** lowest bit of the channel in the 32-bit element */
  readonly shift: number;
  readonly bits: number;
  readonly interp: ChannelInterpretation;
}

export interface DxgiFormatInfo {
  readonly id: DxgiFormat;
  readonly name: DxgiFormatName;
  readonly interp: DxgiInterpretation;
  /** the typeless parent: the cast family (reference C.3, casting) */
  readonly family: DxgiFormat;
  /** every format here is one 32-bit element a pixel, endian-independent (XR layout) */
  readonly elementBytes: 4;
  /** the R, G, B and A (or X) channels, in that order */
  readonly channels: readonly [DxgiChannel, DxgiChannel, DxgiChannel, DxgiChannel];
  /** the D3DFORMAT with the same bits and meaning, where one exists */
  readonly d3d9?: number;
}

type Slot = readonly [DxgiChannel['name'], number, number];
/** [name, shift, bits] of R, G, B, A/X: the four bit layouts of these families */
const LAYOUT = {
  bgra8: [['r', 16, 8], ['g', 8, 8], ['b', 0, 8], ['a', 24, 8]],
  bgrx8: [['r', 16, 8], ['g', 8, 8], ['b', 0, 8], ['x', 24, 8]],
  rgba8: [['r', 0, 8], ['g', 8, 8], ['b', 16, 8], ['a', 24, 8]],
  rgb10a2: [['r', 0, 10], ['g', 10, 10], ['b', 20, 10], ['a', 30, 2]],
} as const satisfies Record<string, readonly [Slot, Slot, Slot, Slot]>;

function channelsOf(layout: readonly [Slot, Slot, Slot, Slot], interp: DxgiInterpretation): DxgiFormatInfo['channels'] {
  const one = ([name, shift, bits]: Slot): DxgiChannel => {
    // sRGB and XR_BIAS change only the colour channels; their alpha is plain UNORM (reference C.3, C.5)
    const alphaUnorm = name === 'a' && (interp === 'unorm_srgb' || interp === 'xr_bias');
    return Object.freeze({ name, shift, bits, interp: name === 'x' ? 'x' : alphaUnorm ? 'unorm' : interp });
  };
  return Object.freeze([one(layout[0]), one(layout[1]), one(layout[2]), one(layout[3])] as const);
}

const F = DXGI_FORMAT;
const list: DxgiFormatInfo[] = [];
function add(name: DxgiFormatName, interp: DxgiInterpretation, family: DxgiFormat, layout: keyof typeof LAYOUT, d3d9?: number): void {
  const info: DxgiFormatInfo = { id: F[name], name, interp, family, elementBytes: 4, channels: channelsOf(LAYOUT[layout], interp), ...(d3d9 === undefined ? {} : { d3d9 }) };
  list.push(Object.freeze(info));
}

add('R10G10B10A2_TYPELESS', 'typeless', F.R10G10B10A2_TYPELESS, 'rgb10a2');
add('R10G10B10A2_UNORM', 'unorm', F.R10G10B10A2_TYPELESS, 'rgb10a2', D3DFMT.A2B10G10R10);
add('R10G10B10A2_UINT', 'uint', F.R10G10B10A2_TYPELESS, 'rgb10a2');
add('R8G8B8A8_TYPELESS', 'typeless', F.R8G8B8A8_TYPELESS, 'rgba8');
add('R8G8B8A8_UNORM', 'unorm', F.R8G8B8A8_TYPELESS, 'rgba8', D3DFMT.A8B8G8R8);
add('R8G8B8A8_UNORM_SRGB', 'unorm_srgb', F.R8G8B8A8_TYPELESS, 'rgba8');
add('R8G8B8A8_UINT', 'uint', F.R8G8B8A8_TYPELESS, 'rgba8');
// the D3D11 format map (reference C.5, spec §25.1.1) pairs Q8W8V8U8 with R8G8B8A8_SNORM
add('R8G8B8A8_SNORM', 'snorm', F.R8G8B8A8_TYPELESS, 'rgba8', D3DFMT.Q8W8V8U8);
add('R8G8B8A8_SINT', 'sint', F.R8G8B8A8_TYPELESS, 'rgba8');
add('B8G8R8A8_UNORM', 'unorm', F.B8G8R8A8_TYPELESS, 'bgra8', D3DFMT.A8R8G8B8);
add('B8G8R8X8_UNORM', 'unorm', F.B8G8R8X8_TYPELESS, 'bgrx8', D3DFMT.X8R8G8B8);
// XR_BIAS belongs to the R10G10B10A2_TYPELESS family ("Casting Ability of XR Formats")
add('R10G10B10_XR_BIAS_A2_UNORM', 'xr_bias', F.R10G10B10A2_TYPELESS, 'rgb10a2', D3DFMT.A2B10G10R10_XR_BIAS);
add('B8G8R8A8_TYPELESS', 'typeless', F.B8G8R8A8_TYPELESS, 'bgra8');
add('B8G8R8A8_UNORM_SRGB', 'unorm_srgb', F.B8G8R8A8_TYPELESS, 'bgra8');
add('B8G8R8X8_TYPELESS', 'typeless', F.B8G8R8X8_TYPELESS, 'bgrx8');
add('B8G8R8X8_UNORM_SRGB', 'unorm_srgb', F.B8G8R8X8_TYPELESS, 'bgrx8');

const BY_ID = new Map<number, DxgiFormatInfo>(list.map((f) => [f.id, f]));
const BY_D3D9 = new Map<number, DxgiFormatInfo>(list.filter((f) => f.d3d9 !== undefined).map((f) => [f.d3d9 as number, f]));

/** The formats of the table, in DXGI_FORMAT order. */
export function allDxgiFormats(): readonly DxgiFormatInfo[] {
  return list;
}

export function dxgiFormatInfo(id: number): DxgiFormatInfo | undefined {
  return BY_ID.get(id);
}

/** A format by name, with or without `DXGI_FORMAT_`, any case. */
export function dxgiFormatByName(name: string): DxgiFormatInfo | undefined {
  const bare = name.trim().toUpperCase().replace(/^DXGI_FORMAT_/, '');
  return Object.hasOwn(F, bare) ? BY_ID.get(F[bare as DxgiFormatName]) : undefined;
}

/** The DXGI format with the same bits and meaning as a D3DFORMAT, if any. */
export function dxgiOfD3d9(d3dfmt: number): DxgiFormatInfo | undefined {
  return BY_D3D9.get(d3dfmt >>> 0);
}

/** The info of a format the caller knows is in the table; a bad id is a programming error. */
export function requireDxgiFormat(id: number): DxgiFormatInfo {
  const f = BY_ID.get(id);
  if (!f) throw new RangeError(`DXGI format ${id} is not in the extended-format table (known: ${list.map((x) => x.id).join(', ')})`);
  return f;
}

/** "A 31:24, R 23:16, G 15:8, B 7:0": channels from the most significant bit down. */
export function layoutText(f: DxgiFormatInfo): string {
  return [...f.channels]
    .sort((a, b) => b.shift - a.shift)
    .map((c) => `${c.name.toUpperCase()} ${c.shift + c.bits - 1}:${c.shift}`)
    .join(', ');
}
