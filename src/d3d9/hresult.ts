/**
 * HRESULTs that D3D9 methods return, as unsigned 32-bit numbers
 * (reference F.2: MAKE_D3DHRESULT(c) = 0x88760000 | c, MAKE_D3DSTATUS(c) = 0x08760000 | c).
 * The names carry different prefixes, so the object is keyed by full name.
 */
import { enumTable } from './enum-table.js';

export const HR = {
  D3D_OK: 0x00000000,
  S_OK: 0x00000000,
  S_FALSE: 0x00000001,

  D3DERR_WRONGTEXTUREFORMAT: 0x88760818,
  D3DERR_UNSUPPORTEDCOLOROPERATION: 0x88760819,
  D3DERR_UNSUPPORTEDCOLORARG: 0x8876081a,
  D3DERR_UNSUPPORTEDALPHAOPERATION: 0x8876081b,
  D3DERR_UNSUPPORTEDALPHAARG: 0x8876081c,
  D3DERR_TOOMANYOPERATIONS: 0x8876081d,
  D3DERR_CONFLICTINGTEXTUREFILTER: 0x8876081e,
  D3DERR_UNSUPPORTEDFACTORVALUE: 0x8876081f,
  D3DERR_CONFLICTINGRENDERSTATE: 0x88760821,
  D3DERR_UNSUPPORTEDTEXTUREFILTER: 0x88760822,
  D3DERR_CONFLICTINGTEXTUREPALETTE: 0x88760826,
  D3DERR_DRIVERINTERNALERROR: 0x88760827,
  D3DERR_NOTFOUND: 0x88760866,
  D3DERR_MOREDATA: 0x88760867,
  D3DERR_DEVICELOST: 0x88760868,
  D3DERR_DEVICENOTRESET: 0x88760869,
  D3DERR_NOTAVAILABLE: 0x8876086a,
  D3DERR_OUTOFVIDEOMEMORY: 0x8876017c,
  D3DERR_INVALIDDEVICE: 0x8876086b,
  D3DERR_INVALIDCALL: 0x8876086c,
  D3DERR_DRIVERINVALIDCALL: 0x8876086d,
  D3DERR_WASSTILLDRAWING: 0x8876021c,
  D3DERR_DEVICEREMOVED: 0x88760870, // 9Ex
  D3DERR_DEVICEHUNG: 0x88760874, // 9Ex
  D3DERR_UNSUPPORTEDOVERLAY: 0x8876087b, // 9Ex
  D3DERR_UNSUPPORTEDOVERLAYFORMAT: 0x8876087c, // 9Ex
  D3DERR_CANNOTPROTECTCONTENT: 0x8876087d, // 9Ex
  D3DERR_UNSUPPORTEDCRYPTO: 0x8876087e, // 9Ex
  D3DERR_PRESENT_STATISTICS_DISJOINT: 0x88760884, // 9Ex

  D3DOK_NOAUTOGEN: 0x0876086f,
  S_NOT_RESIDENT: 0x08760875, // 9Ex
  S_RESIDENT_IN_SHARED_MEMORY: 0x08760876, // 9Ex
  S_PRESENT_MODE_CHANGED: 0x08760877, // 9Ex
  S_PRESENT_OCCLUDED: 0x08760878, // 9Ex

  E_NOTIMPL: 0x80004001,
  E_NOINTERFACE: 0x80004002,
  E_FAIL: 0x80004005,
  E_OUTOFMEMORY: 0x8007000e,
  E_INVALIDARG: 0x80070057,
} as const;

export type HRESULT = number;

export const HRESULT_TABLE = enumTable('HRESULT', '', HR);

export const D3D_OK = HR.D3D_OK;

type D3DErrName<K> = K extends `D3DERR_${infer N}` ? N : never;

/** The D3DERR_* values keyed without prefix: `D3DERR.INVALIDCALL === HR.D3DERR_INVALIDCALL`. */
export const D3DERR = Object.freeze(
  Object.fromEntries(
    Object.entries(HR)
      .filter(([name]) => name.startsWith('D3DERR_'))
      .map(([name, value]) => [name.slice('D3DERR_'.length), value]),
  ),
) as { readonly [K in keyof typeof HR as D3DErrName<K>]: (typeof HR)[K] };

/** The HRESULT's name, or `0x%08X` when it has none. */
export function hresultName(hr: number): string {
  const v = hr >>> 0;
  return HRESULT_TABLE.nameOf(v) ?? '0x' + v.toString(16).toUpperCase().padStart(8, '0');
}

/** Bit 31 clear: success (S_*, D3DOK_*, D3D_OK). Signed and unsigned forms both work. */
export function SUCCEEDED(hr: number): boolean {
  return (hr >>> 31) === 0;
}

/** Bit 31 set: failure. */
export function FAILED(hr: number): boolean {
  return (hr >>> 31) === 1;
}
