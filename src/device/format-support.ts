/**
 * The IDirect3D9 format questions (CheckDeviceFormat, CheckDeviceFormatConversion,
 * CheckDepthStencilMatch, CheckDeviceMultiSampleType), answered from the
 * format table and what the device implements; consistent with the caps and
 * with the creation rules of create.ts.
 */
import { D3DDEVTYPE, D3DERR, D3DFMT, D3DMULTISAMPLE, D3DRTYPE, D3DUSAGE, D3D_OK, HR } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { formatInfo } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';

/** Display (adapter) formats: what a full-screen mode can be. */
export const DISPLAY_FORMATS: ReadonlySet<number> = new Set([D3DFMT.X8R8G8B8, D3DFMT.X1R5G5B5, D3DFMT.R5G6B5, D3DFMT.A2R10G10B10]);
/** Back-buffer formats (reference F.1). */
export const BACK_BUFFER_FORMATS: ReadonlySet<number> = new Set([
  D3DFMT.A2R10G10B10, D3DFMT.A8R8G8B8, D3DFMT.X8R8G8B8, D3DFMT.A1R5G5B5, D3DFMT.X1R5G5B5, D3DFMT.R5G6B5, D3DFMT.A2B10G10R10_XR_BIAS,
]);
/** Targets a StretchRect may convert into (reference D.5). */
const CONVERSION_TARGETS: ReadonlySet<number> = new Set([
  D3DFMT.X1R5G5B5, D3DFMT.A1R5G5B5, D3DFMT.R5G6B5, D3DFMT.R8G8B8, D3DFMT.X8R8G8B8, D3DFMT.A8R8G8B8, D3DFMT.A2R10G10B10,
  D3DFMT.A16B16G16R16, D3DFMT.A2B10G10R10, D3DFMT.A8B8G8R8, D3DFMT.X8B8G8R8, D3DFMT.A16B16G16R16F, D3DFMT.A32B32G32R32F,
]);
/** Multisample types the device stores (box-averaged on resolve). */
const MULTISAMPLE_TYPES: ReadonlySet<number> = new Set([D3DMULTISAMPLE.NONE, D3DMULTISAMPLE.NONMASKABLE, 2, 4, 8]);
/** Quality levels of NONMASKABLE: 2, 4, 6 or 8 samples. */
export const NONMASKABLE_QUALITY_LEVELS = 4;

/** A colour format the fixed-function pipeline can render to. */
export function isRenderable(f: FormatInfo): boolean {
  return (f.kind === 'color' || f.kind === 'float') && f.blockW === 1 && f.id !== D3DFMT.A1;
}
/** Depth formats sampled as textures (the FOURCC depth textures). */
const DEPTH_TEXTURES: ReadonlySet<number> = new Set([D3DFMT.INTZ, D3DFMT.DF16, D3DFMT.DF24]);

/**
 * Formats of volume textures (CheckDeviceFormat with D3DRTYPE_VOLUMETEXTURE): the 2D colour, float,
 * bump, luminance, palette and DXTn formats; never depth, YUV/RGBG macro-pixels, A1 or XR_BIAS.
 */
export function volumeTextureFormat(f: FormatInfo): boolean {
  if (f.id === D3DFMT.A1 || f.id === D3DFMT.A2B10G10R10_XR_BIAS) return false;
  return f.kind === 'color' || f.kind === 'float' || f.kind === 'bump' || f.kind === 'palette' || f.kind === 'compressed';
}

function adapterOk(adapter: number, deviceType: number): boolean {
  return adapter === 0 && (deviceType === D3DDEVTYPE.HAL || deviceType === D3DDEVTYPE.REF);
}

const QUERY_BITS = D3DUSAGE.QUERY_LEGACYBUMPMAP | D3DUSAGE.QUERY_SRGBREAD | D3DUSAGE.QUERY_FILTER | D3DUSAGE.QUERY_SRGBWRITE
  | D3DUSAGE.QUERY_POSTPIXELSHADER_BLENDING | D3DUSAGE.QUERY_VERTEXTEXTURE | D3DUSAGE.QUERY_WRAPANDMIP;

/** Does sampling of this format go through the sRGB curve correctly (8-bit UNORM colour and DXT)? */
function srgbReadable(f: FormatInfo): boolean {
  if (f.kind === 'compressed') return true;
  return f.kind === 'color' && f.channels.length > 0 && f.channels.every((c) => c.type === 'unorm' && (c.bits === 8 || c.name === 'a' || c.name === 'x'));
}

/** Can D3DRS_SRGBWRITEENABLE convert writes to this format (D3DUSAGE_QUERY_SRGBWRITE)? */
export function srgbWritable(f: FormatInfo): boolean {
  return isRenderable(f) && srgbReadable(f);
}

/** What vs_3_0 texture fetch reads: R32F and A32B32G32R32F 2D and cube textures, as the first SM3 cards offered. */
const VERTEX_TEXTURE_FORMATS: ReadonlySet<number> = new Set([D3DFMT.R32F, D3DFMT.A32B32G32R32F]);

export function checkDeviceFormat(adapter: number, deviceType: number, adapterFormat: number, usage: number, rtype: number, checkFormat: number): HRESULT {
  if (!adapterOk(adapter, deviceType)) return D3DERR.INVALIDCALL;
  if (adapterFormat === D3DFMT.UNKNOWN) return D3DERR.INVALIDCALL;
  if (!DISPLAY_FORMATS.has(adapterFormat)) return D3DERR.NOTAVAILABLE;
  const f = formatInfo(checkFormat);
  if (!f) return D3DERR.NOTAVAILABLE;
  const rt = (usage & D3DUSAGE.RENDERTARGET) !== 0;
  const ds = (usage & D3DUSAGE.DEPTHSTENCIL) !== 0;
  switch (rtype) {
    case D3DRTYPE.VERTEXBUFFER: return checkFormat === D3DFMT.VERTEXDATA && !rt && !ds ? D3D_OK : D3DERR.NOTAVAILABLE;
    case D3DRTYPE.INDEXBUFFER: return (checkFormat === D3DFMT.INDEX16 || checkFormat === D3DFMT.INDEX32) && !rt && !ds ? D3D_OK : D3DERR.NOTAVAILABLE;
    case D3DRTYPE.SURFACE: case D3DRTYPE.TEXTURE: case D3DRTYPE.CUBETEXTURE: break;
    case D3DRTYPE.VOLUMETEXTURE: case D3DRTYPE.VOLUME:
      // no render-target, depth-stencil or automatic-mip volumes (the caps claim none)
      if (rt || ds || (usage & D3DUSAGE.AUTOGENMIPMAP) || !volumeTextureFormat(f)) return D3DERR.NOTAVAILABLE;
      if (usage & (D3DUSAGE.QUERY_VERTEXTEXTURE | D3DUSAGE.QUERY_LEGACYBUMPMAP | D3DUSAGE.QUERY_SRGBWRITE | D3DUSAGE.QUERY_POSTPIXELSHADER_BLENDING)) return D3DERR.NOTAVAILABLE;
      return (usage & D3DUSAGE.QUERY_SRGBREAD) && !srgbReadable(f) ? D3DERR.NOTAVAILABLE : D3D_OK;
    default: return D3DERR.NOTAVAILABLE;
  }
  if (f.kind === 'buffer') return D3DERR.NOTAVAILABLE;
  if (ds) {
    if (f.kind !== 'depth' || rt) return D3DERR.NOTAVAILABLE;
    if (rtype !== D3DRTYPE.SURFACE && !DEPTH_TEXTURES.has(f.id)) return D3DERR.NOTAVAILABLE;
  } else if (f.kind === 'depth') return D3DERR.NOTAVAILABLE;
  if (rt && !isRenderable(f)) return D3DERR.NOTAVAILABLE;
  // XR_BIAS is a full-screen back-buffer format only (reference C.3)
  if (f.id === D3DFMT.A2B10G10R10_XR_BIAS && !(rt && rtype === D3DRTYPE.SURFACE)) return D3DERR.NOTAVAILABLE;
  if (rtype === D3DRTYPE.CUBETEXTURE && f.kind === 'yuv') return D3DERR.NOTAVAILABLE;
  const q = usage & QUERY_BITS;
  if (q & D3DUSAGE.QUERY_LEGACYBUMPMAP) return D3DERR.NOTAVAILABLE;
  if ((q & D3DUSAGE.QUERY_VERTEXTEXTURE) && !VERTEX_TEXTURE_FORMATS.has(f.id)) return D3DERR.NOTAVAILABLE;
  if ((q & D3DUSAGE.QUERY_SRGBREAD) && !srgbReadable(f)) return D3DERR.NOTAVAILABLE;
  if ((q & D3DUSAGE.QUERY_SRGBWRITE) && !srgbWritable(f)) return D3DERR.NOTAVAILABLE;
  if ((q & D3DUSAGE.QUERY_POSTPIXELSHADER_BLENDING) && !isRenderable(f)) return D3DERR.NOTAVAILABLE;
  if ((q & (D3DUSAGE.QUERY_FILTER | D3DUSAGE.QUERY_WRAPANDMIP)) && (f.kind === 'depth' || f.kind === 'yuv')) return D3DERR.NOTAVAILABLE;
  if ((usage & D3DUSAGE.AUTOGENMIPMAP) && rtype !== D3DRTYPE.SURFACE) {
    // mip generation filters through float RGBA: every format the codec can encode
    return isRenderable(f) ? D3D_OK : HR.D3DOK_NOAUTOGEN;
  }
  return D3D_OK;
}

export function checkDeviceFormatConversion(adapter: number, deviceType: number, source: number, target: number): HRESULT {
  if (!adapterOk(adapter, deviceType)) return D3DERR.INVALIDCALL;
  const s = formatInfo(source);
  // the source is a YUV/RGBG FOURCC or a back-buffer format; the target one of reference D.5's list
  const sourceOk = s !== undefined && (s.kind === 'yuv' || BACK_BUFFER_FORMATS.has(source));
  return sourceOk && CONVERSION_TARGETS.has(target) ? D3D_OK : D3DERR.NOTAVAILABLE;
}

export function checkDepthStencilMatch(adapter: number, deviceType: number, adapterFormat: number, renderTarget: number, depthStencil: number): HRESULT {
  if (!adapterOk(adapter, deviceType)) return D3DERR.INVALIDCALL;
  if (!DISPLAY_FORMATS.has(adapterFormat)) return D3DERR.NOTAVAILABLE;
  const rt = formatInfo(renderTarget);
  const ds = formatInfo(depthStencil);
  // any depth format works with any render target: the software core has no bit-depth pairing rule
  return rt && isRenderable(rt) && ds?.kind === 'depth' ? D3D_OK : D3DERR.NOTAVAILABLE;
}

export function checkDeviceMultiSampleType(adapter: number, deviceType: number, surfaceFormat: number, _windowed: boolean, type: number): { hr: HRESULT; qualityLevels?: number } {
  if (!adapterOk(adapter, deviceType)) return { hr: D3DERR.INVALIDCALL };
  const f = formatInfo(surfaceFormat);
  if (!f || !(isRenderable(f) || f.kind === 'depth') || !MULTISAMPLE_TYPES.has(type)) return { hr: D3DERR.NOTAVAILABLE };
  return { hr: D3D_OK, qualityLevels: type === D3DMULTISAMPLE.NONMASKABLE ? NONMASKABLE_QUALITY_LEVELS : 1 };
}

/** Is a multisample type (and quality) one the device can create? */
export function multisampleSupported(type: number, quality: number): boolean {
  if (!MULTISAMPLE_TYPES.has(type)) return false;
  return type === D3DMULTISAMPLE.NONMASKABLE ? quality < NONMASKABLE_QUALITY_LEVELS : quality === 0;
}
