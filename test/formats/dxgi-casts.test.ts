import { describe, expect, it } from 'vitest';
import { allDxgiFormats, canCast, castsOf, dxgiFormatByName, XR_BIAS_RENDER_VIEW } from '../../src/formats/dxgi/index.js';

const id = (n: string): number => dxgiFormatByName(n)!.id;
const names = (ids: number[]): string[] => ids.map((i) => allDxgiFormats().find((f) => f.id === i)!.name);

/** resource → [views as a plain resource, views as a back buffer (BIND_PRESENT)] */
const CASTS: Record<string, [string[], string[]]> = {
  B8G8R8A8_TYPELESS: [['B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB'], ['B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB']],
  B8G8R8A8_UNORM: [['B8G8R8A8_UNORM'], ['B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB']],
  B8G8R8A8_UNORM_SRGB: [['B8G8R8A8_UNORM_SRGB'], ['B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB']],
  B8G8R8X8_TYPELESS: [['B8G8R8X8_UNORM', 'B8G8R8X8_UNORM_SRGB'], ['B8G8R8X8_UNORM', 'B8G8R8X8_UNORM_SRGB']],
  // the back-buffer rule names the R8G8B8A8, B8G8R8A8 and R10G10B10A2 families only
  B8G8R8X8_UNORM: [['B8G8R8X8_UNORM'], ['B8G8R8X8_UNORM']],
  B8G8R8X8_UNORM_SRGB: [['B8G8R8X8_UNORM_SRGB'], ['B8G8R8X8_UNORM_SRGB']],
  R10G10B10A2_TYPELESS: [['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM'], ['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM']],
  R10G10B10A2_UNORM: [['R10G10B10A2_UNORM'], ['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM']],
  R10G10B10A2_UINT: [['R10G10B10A2_UINT'], ['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM']],
  // XR_BIAS is rendered through its family's views, back buffer or not
  R10G10B10_XR_BIAS_A2_UNORM: [['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM'], ['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM']],
  R8G8B8A8_TYPELESS: [['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
  R8G8B8A8_UNORM: [['R8G8B8A8_UNORM'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
  R8G8B8A8_UNORM_SRGB: [['R8G8B8A8_UNORM_SRGB'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
  R8G8B8A8_UINT: [['R8G8B8A8_UINT'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
  R8G8B8A8_SNORM: [['R8G8B8A8_SNORM'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
  R8G8B8A8_SINT: [['R8G8B8A8_SINT'], ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT']],
};

describe('cast within bit layout', () => {
  it('covers every format of the table', () => {
    expect(Object.keys(CASTS).sort()).toEqual(allDxgiFormats().map((f) => f.name).sort());
  });

  it.each(Object.entries(CASTS))('%s is viewed as exactly its listed formats, plain and as a back buffer', (name, [plain, present]) => {
    expect(names(castsOf(id(name)))).toEqual(plain);
    expect(names(castsOf(id(name), { present: true }))).toEqual(present);
  });

  it('agrees with castsOf for every resource/view pair, and never crosses families or names a typeless view', () => {
    for (const r of allDxgiFormats()) {
      for (const v of allDxgiFormats()) {
        for (const present of [false, true]) {
          const ok = canCast(r.id, v.id, { present });
          expect(ok).toBe(castsOf(r.id, { present }).includes(v.id));
          if (ok) expect([v.family, v.interp === 'typeless']).toEqual([r.family, false]);
        }
      }
    }
  });

  it('re-views fully typed back buffers as the documented pairs', () => {
    const bb = { present: true };
    expect(canCast(id('R8G8B8A8_UNORM'), id('R8G8B8A8_UNORM_SRGB'), bb)).toBe(true);
    expect(canCast(id('R8G8B8A8_UNORM_SRGB'), id('R8G8B8A8_UNORM'), bb)).toBe(true);
    expect(canCast(id('B8G8R8A8_UNORM_SRGB'), id('B8G8R8A8_UNORM'), bb)).toBe(true);
    expect(canCast(id('B8G8R8A8_UNORM'), id('B8G8R8A8_UNORM_SRGB'), bb)).toBe(true);
    expect(canCast(id('R10G10B10A2_UNORM'), id('R10G10B10_XR_BIAS_A2_UNORM'), bb)).toBe(true);
    // without BIND_PRESENT a fully typed resource keeps its format (D3D10)
    expect(canCast(id('R8G8B8A8_UNORM'), id('R8G8B8A8_UNORM_SRGB'))).toBe(false);
    // BGRA and BGRX are different families
    expect(canCast(id('B8G8R8A8_TYPELESS'), id('B8G8R8X8_UNORM'), bb)).toBe(false);
    expect(canCast(id('B8G8R8A8_UNORM'), id('R8G8B8A8_UNORM'), bb)).toBe(false);
  });

  it('renders XR_BIAS through an R10G10B10A2_UNORM view', () => {
    expect(XR_BIAS_RENDER_VIEW).toBe(id('R10G10B10A2_UNORM'));
    expect(canCast(id('R10G10B10_XR_BIAS_A2_UNORM'), XR_BIAS_RENDER_VIEW)).toBe(true);
    expect(canCast(id('R10G10B10_XR_BIAS_A2_UNORM'), id('R10G10B10A2_UINT'))).toBe(true);
    expect(canCast(id('R10G10B10_XR_BIAS_A2_UNORM'), id('R10G10B10A2_TYPELESS'))).toBe(false);
  });

  it('knows no casts for a format outside the table', () => {
    expect(castsOf(2)).toEqual([]);
    expect(canCast(87, 2)).toBe(false);
  });
});
