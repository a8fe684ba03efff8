/**
 * Constants of the adapter queries, D3D9Ex creation and the device's miscellaneous methods
 * (values from d3d9types.h / d3d9.h).
 */
import { enumTable } from './enum-table.js';

/** D3DDISPLAYMODEEX.ScanLineOrdering, D3DDISPLAYMODEFILTER.ScanLineOrdering. */
export const D3DSCANLINEORDERING = { UNKNOWN: 0, PROGRESSIVE: 1, INTERLACED: 2 } as const;
export const D3DSCANLINEORDERING_TABLE = enumTable('D3DSCANLINEORDERING', 'D3DSCANLINEORDERING_', D3DSCANLINEORDERING);

/** IDirect3D9Ex::GetAdapterDisplayModeEx's pRotation. */
export const D3DDISPLAYROTATION = { IDENTITY: 1, '90': 2, '180': 3, '270': 4 } as const;
export const D3DDISPLAYROTATION_TABLE = enumTable('D3DDISPLAYROTATION', 'D3DDISPLAYROTATION_', D3DDISPLAYROTATION);

/** IDirect3D9::GetAdapterIdentifier's Flags. */
export const D3DENUM = { WHQL_LEVEL: 0x00000002, NO_DRIVERVERSION: 0x00000004 } as const;
export const D3DENUM_TABLE = enumTable('D3DENUM', 'D3DENUM_', D3DENUM, 'flags');

/** IDirect3DDevice9::SetCursorPosition's Flags. */
export const D3DCURSOR = { IMMEDIATE_UPDATE: 0x00000001 } as const;
export const D3DCURSOR_TABLE = enumTable('D3DCURSOR', 'D3DCURSOR_', D3DCURSOR, 'flags');

/** IDirect3DDevice9::SetGammaRamp's Flags. */
export const D3DSGR = { NO_CALIBRATION: 0x00000000, CALIBRATE: 0x00000001 } as const;
export const D3DSGR_TABLE = enumTable('D3DSGR', 'D3DSGR_', D3DSGR);

/** IDirect3DDevice9Ex::ComposeRects' Operation. */
export const D3DCOMPOSERECTSOP = { COPY: 1, OR: 2, AND: 3, NEG: 4 } as const;
export const D3DCOMPOSERECTSOP_TABLE = enumTable('D3DCOMPOSERECTSOP', 'D3DCOMPOSERECTS_', D3DCOMPOSERECTSOP);

/** Sizes of the Ex structures whose Size member the runtime checks. */
export const SIZEOF_D3DDISPLAYMODEEX = 24;
export const SIZEOF_D3DDISPLAYMODEFILTER = 12;
/** IDirect3DDevice9Ex::ComposeRects: at most this many rectangles; each descriptor is 8 bytes. */
export const D3DCOMPOSERECTS_MAXNUMRECTS = 0xffff;
/** IDirect3DDevice9Ex::SetConvolutionMonoKernel limits. */
export const D3DCONVOLUTIONMONO_MAXWIDTH = 7;
export const D3DCONVOLUTIONMONO_MAXHEIGHT = 7;
