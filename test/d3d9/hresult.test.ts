import { describe, it, expect } from 'vitest';
import { D3DERR, D3D_OK, FAILED, HR, HRESULT_TABLE, SUCCEEDED, hresultName } from '../../src/d3d9/index.js';

// reference/d3d9.md F.2: name, MAKE_D3DHRESULT / MAKE_D3DSTATUS code, value.
const D3D_CODES: ReadonlyArray<readonly [keyof typeof HR, number, number]> = [
  ['D3DERR_WRONGTEXTUREFORMAT', 2072, 0x88760818],
  ['D3DERR_UNSUPPORTEDCOLOROPERATION', 2073, 0x88760819],
  ['D3DERR_UNSUPPORTEDCOLORARG', 2074, 0x8876081a],
  ['D3DERR_UNSUPPORTEDALPHAOPERATION', 2075, 0x8876081b],
  ['D3DERR_UNSUPPORTEDALPHAARG', 2076, 0x8876081c],
  ['D3DERR_TOOMANYOPERATIONS', 2077, 0x8876081d],
  ['D3DERR_CONFLICTINGTEXTUREFILTER', 2078, 0x8876081e],
  ['D3DERR_UNSUPPORTEDFACTORVALUE', 2079, 0x8876081f],
  ['D3DERR_CONFLICTINGRENDERSTATE', 2081, 0x88760821],
  ['D3DERR_UNSUPPORTEDTEXTUREFILTER', 2082, 0x88760822],
  ['D3DERR_CONFLICTINGTEXTUREPALETTE', 2086, 0x88760826],
  ['D3DERR_DRIVERINTERNALERROR', 2087, 0x88760827],
  ['D3DERR_NOTFOUND', 2150, 0x88760866],
  ['D3DERR_MOREDATA', 2151, 0x88760867],
  ['D3DERR_DEVICELOST', 2152, 0x88760868],
  ['D3DERR_DEVICENOTRESET', 2153, 0x88760869],
  ['D3DERR_NOTAVAILABLE', 2154, 0x8876086a],
  ['D3DERR_INVALIDDEVICE', 2155, 0x8876086b],
  ['D3DERR_INVALIDCALL', 2156, 0x8876086c],
  ['D3DERR_DRIVERINVALIDCALL', 2157, 0x8876086d],
  ['D3DERR_OUTOFVIDEOMEMORY', 380, 0x8876017c],
  ['D3DERR_WASSTILLDRAWING', 540, 0x8876021c],
  ['D3DOK_NOAUTOGEN', 2159, 0x0876086f],
  ['D3DERR_DEVICEREMOVED', 2160, 0x88760870],
  ['D3DERR_DEVICEHUNG', 2164, 0x88760874],
  ['S_NOT_RESIDENT', 2165, 0x08760875],
  ['S_RESIDENT_IN_SHARED_MEMORY', 2166, 0x08760876],
  ['S_PRESENT_MODE_CHANGED', 2167, 0x08760877],
  ['S_PRESENT_OCCLUDED', 2168, 0x08760878],
  ['D3DERR_UNSUPPORTEDOVERLAY', 2171, 0x8876087b],
  ['D3DERR_UNSUPPORTEDOVERLAYFORMAT', 2172, 0x8876087c],
  ['D3DERR_CANNOTPROTECTCONTENT', 2173, 0x8876087d],
  ['D3DERR_UNSUPPORTEDCRYPTO', 2174, 0x8876087e],
  ['D3DERR_PRESENT_STATISTICS_DISJOINT', 2180, 0x88760884],
];

describe('HRESULT values (reference F.2)', () => {
  it.each(D3D_CODES)('%s is code %i', (name, code, value) => {
    expect(HR[name]).toBe(value);
    const failure = name.startsWith('D3DERR_');
    expect(HR[name]).toBe(((failure ? 0x88760000 : 0x08760000) | code) >>> 0);
  });

  it('pins D3D_OK, S_OK and the COM errors', () => {
    expect(D3D_OK).toBe(0);
    expect(HR.S_OK).toBe(0);
    expect(HR.E_NOTIMPL).toBe(0x80004001);
    expect(HR.E_NOINTERFACE).toBe(0x80004002);
    expect(HR.E_FAIL).toBe(0x80004005);
    expect(HR.E_OUTOFMEMORY).toBe(0x8007000e);
    expect(HR.E_INVALIDARG).toBe(0x80070057);
  });

  it('lists D3D_OK first, so 0 is named D3D_OK', () => {
    expect(HRESULT_TABLE.entries()[0]).toEqual(['D3D_OK', 0]);
    expect(hresultName(0)).toBe('D3D_OK');
  });

  it('offers the D3DERR_* values keyed without prefix', () => {
    expect(D3DERR.INVALIDCALL).toBe(0x8876086c);
    expect(D3DERR.NOTAVAILABLE).toBe(HR.D3DERR_NOTAVAILABLE);
    const expected = Object.keys(HR).filter((k) => k.startsWith('D3DERR_')).map((k) => k.slice(7));
    expect(Object.keys(D3DERR)).toEqual(expected);
  });
});

describe('hresultName', () => {
  it.each([
    [0x8876086c, 'D3DERR_INVALIDCALL'],
    [0x8876086c | 0, 'D3DERR_INVALIDCALL'],
    [0x08760878, 'S_PRESENT_OCCLUDED'],
    [0x80004005, 'E_FAIL'],
    [0x8876ffff, '0x8876FFFF'],
    [1, 'S_FALSE'],
    [2, '0x00000002'],
    [0xdeadbeef | 0, '0xDEADBEEF'],
  ])('names %i as %s (unknown values as 0x + 8 upper-case hex digits)', (hr, text) => {
    expect(hresultName(hr)).toBe(text);
  });
});

describe('SUCCEEDED / FAILED read bit 31', () => {
  it.each([
    [HR.D3D_OK, true],
    [HR.D3DOK_NOAUTOGEN, true],
    [HR.S_PRESENT_OCCLUDED, true],
    [HR.D3DERR_INVALIDCALL, false],
    [HR.D3DERR_INVALIDCALL | 0, false],
    [HR.E_FAIL, false],
    [HR.E_OUTOFMEMORY | 0, false],
    [0x7fffffff, true],
  ])('%i succeeded: %s', (hr, ok) => {
    expect(SUCCEEDED(hr)).toBe(ok);
    expect(FAILED(hr)).toBe(!ok);
  });
});
