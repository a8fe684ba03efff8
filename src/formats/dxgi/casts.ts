/**
 * Cast within bit layout (reference C.3, "Casting Ability of XR Formats" and
 * "Fully-Typed Back Buffers Casting"): the formats a view of a resource may
 * take. A view needs a fully typed format of the resource's typeless family.
 */
import { allDxgiFormats, DXGI_FORMAT, dxgiFormatInfo } from './formats.js';

export interface CastOptions {
  /**
   * The resource was created for presentation (D3D10_DDI_BIND_PRESENT, a swap
   * chain buffer). D3D10.1 then lets views of a fully typed resource of the
   * R8G8B8A8, B8G8R8A8 or R10G10B10A2 families use any fully typed member.
   */
  readonly present?: boolean;
}

/** Families whose fully typed back buffers may be re-viewed (the fully-typed back-buffer rule). */
const PRESENT_FAMILIES: ReadonlySet<number> = new Set([DXGI_FORMAT.R8G8B8A8_TYPELESS, DXGI_FORMAT.B8G8R8A8_TYPELESS, DXGI_FORMAT.R10G10B10A2_TYPELESS]);

/** XR_BIAS is scanned out and copied only; it is rendered through this view (reference C.3). */
export const XR_BIAS_RENDER_VIEW = DXGI_FORMAT.R10G10B10A2_UNORM;

/**
 * The view formats a resource of `format` may be viewed as, in DXGI_FORMAT
 * order: a typeless resource → every fully typed member of its family; a fully
 * typed one → itself, or the whole typed family for a presentable back buffer
 * (`present`) and always for XR_BIAS, whose family membership exists to give
 * it R10G10B10A2 views. Empty for a format outside the table.
 */
export function castsOf(format: number, opts: CastOptions = {}): number[] {
  const f = dxgiFormatInfo(format);
  if (!f) return [];
  const members = allDxgiFormats().filter((m) => m.family === f.family && m.interp !== 'typeless');
  const wholeFamily = f.interp === 'typeless' || f.interp === 'xr_bias' || (opts.present === true && PRESENT_FAMILIES.has(f.family));
  return wholeFamily ? members.map((m) => m.id) : [f.id];
}

/** Whether a view of `viewFormat` may be created on a resource of `resourceFormat`. */
export function canCast(resourceFormat: number, viewFormat: number, opts: CastOptions = {}): boolean {
  return castsOf(resourceFormat, opts).includes(viewFormat);
}
