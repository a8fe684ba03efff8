/**
 * D3DCAPS9 of the emulated device: exactly what replay9 implements, so an
 * application that follows the caps never meets a refusal it could not
 * foresee. Two profiles: a Direct3D 9 driver (default) and a DirectX 8-level
 * driver, which lacks D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES (reference D.1).
 */
import {
  D3DCAPS2, D3DCAPS3, D3DDEVCAPS, D3DDEVCAPS2, D3DDEVTYPE, D3DFVFCAPS, D3DLINECAPS, D3DPBLENDCAPS, D3DPMISCCAPS,
  D3DPRASTERCAPS, D3DPRESENT_INTERVAL, D3DPSHADECAPS, D3DPTADDRESSCAPS, D3DPTEXTURECAPS, D3DPTFILTERCAPS,
  D3DPS20CAPS, D3DSTENCILCAPS, D3DTEXOPCAPS, D3DVS20CAPS, D3DVTXPCAPS, MAX_USER_CLIP_PLANES,
} from '../d3d9/index.js';
import { MAX_DIMENSION } from './memory.js';

export type DeviceProfile = 'dx9' | 'dx8';
export const DEVICE_PROFILES: readonly DeviceProfile[] = ['dx9', 'dx8'];

/** D3DCAPS9, field for field (shader caps as zeros: replay9 is fixed-function). */
export interface D3DCAPS9 {
  DeviceType: number; AdapterOrdinal: number;
  Caps: number; Caps2: number; Caps3: number; PresentationIntervals: number; CursorCaps: number; DevCaps: number;
  PrimitiveMiscCaps: number; RasterCaps: number; ZCmpCaps: number; SrcBlendCaps: number; DestBlendCaps: number;
  AlphaCmpCaps: number; ShadeCaps: number; TextureCaps: number; TextureFilterCaps: number; CubeTextureFilterCaps: number;
  VolumeTextureFilterCaps: number; TextureAddressCaps: number; VolumeTextureAddressCaps: number; LineCaps: number;
  MaxTextureWidth: number; MaxTextureHeight: number; MaxVolumeExtent: number; MaxTextureRepeat: number;
  MaxTextureAspectRatio: number; MaxAnisotropy: number; MaxVertexW: number;
  GuardBandLeft: number; GuardBandTop: number; GuardBandRight: number; GuardBandBottom: number; ExtentsAdjust: number;
  StencilCaps: number; FVFCaps: number; TextureOpCaps: number; MaxTextureBlendStages: number; MaxSimultaneousTextures: number;
  VertexProcessingCaps: number; MaxActiveLights: number; MaxUserClipPlanes: number; MaxVertexBlendMatrices: number;
  MaxVertexBlendMatrixIndex: number; MaxPointSize: number; MaxPrimitiveCount: number; MaxVertexIndex: number;
  MaxStreams: number; MaxStreamStride: number; VertexShaderVersion: number; MaxVertexShaderConst: number;
  PixelShaderVersion: number; PixelShader1xMaxValue: number;
  VS20Caps: { Caps: number; DynamicFlowControlDepth: number; NumTemps: number; StaticFlowControlDepth: number };
  PS20Caps: { Caps: number; DynamicFlowControlDepth: number; NumTemps: number; StaticFlowControlDepth: number; NumInstructionSlots: number };
  DevCaps2: number; MaxNpatchTessellationLevel: number; Reserved5: number; MasterAdapterOrdinal: number;
  AdapterOrdinalInGroup: number; NumberOfAdaptersInGroup: number; DeclTypes: number; NumSimultaneousRTs: number;
  StretchRectFilterCaps: number; VertexTextureFilterCaps: number; MaxVShaderInstructionsExecuted: number;
  MaxPShaderInstructionsExecuted: number; MaxVertexShader30InstructionSlots: number; MaxPixelShader30InstructionSlots: number;
}

const or = (...bits: number[]): number => bits.reduce((a, b) => (a | b) >>> 0, 0);

/** Texture ops of the fixed-function stages (bump mapping and PREMODULATE are not implemented). */
const TEXTURE_OPS = or(
  D3DTEXOPCAPS.DISABLE, D3DTEXOPCAPS.SELECTARG1, D3DTEXOPCAPS.SELECTARG2, D3DTEXOPCAPS.MODULATE, D3DTEXOPCAPS.MODULATE2X,
  D3DTEXOPCAPS.MODULATE4X, D3DTEXOPCAPS.ADD, D3DTEXOPCAPS.ADDSIGNED, D3DTEXOPCAPS.ADDSIGNED2X, D3DTEXOPCAPS.SUBTRACT,
  D3DTEXOPCAPS.ADDSMOOTH, D3DTEXOPCAPS.BLENDDIFFUSEALPHA, D3DTEXOPCAPS.BLENDTEXTUREALPHA, D3DTEXOPCAPS.BLENDFACTORALPHA,
  D3DTEXOPCAPS.BLENDTEXTUREALPHAPM, D3DTEXOPCAPS.BLENDCURRENTALPHA, D3DTEXOPCAPS.MODULATEALPHA_ADDCOLOR,
  D3DTEXOPCAPS.MODULATECOLOR_ADDALPHA, D3DTEXOPCAPS.MODULATEINVALPHA_ADDCOLOR, D3DTEXOPCAPS.MODULATEINVCOLOR_ADDALPHA,
  D3DTEXOPCAPS.DOTPRODUCT3, D3DTEXOPCAPS.MULTIPLYADD, D3DTEXOPCAPS.LERP,
);

const BLENDS = or(
  D3DPBLENDCAPS.ZERO, D3DPBLENDCAPS.ONE, D3DPBLENDCAPS.SRCCOLOR, D3DPBLENDCAPS.INVSRCCOLOR, D3DPBLENDCAPS.SRCALPHA,
  D3DPBLENDCAPS.INVSRCALPHA, D3DPBLENDCAPS.DESTALPHA, D3DPBLENDCAPS.INVDESTALPHA, D3DPBLENDCAPS.DESTCOLOR,
  D3DPBLENDCAPS.INVDESTCOLOR, D3DPBLENDCAPS.SRCALPHASAT, D3DPBLENDCAPS.BOTHSRCALPHA, D3DPBLENDCAPS.BOTHINVSRCALPHA,
  D3DPBLENDCAPS.BLENDFACTOR,
);

const FILTERS = or(
  D3DPTFILTERCAPS.MINFPOINT, D3DPTFILTERCAPS.MINFLINEAR, D3DPTFILTERCAPS.MIPFPOINT, D3DPTFILTERCAPS.MIPFLINEAR,
  D3DPTFILTERCAPS.MAGFPOINT, D3DPTFILTERCAPS.MAGFLINEAR,
);

/** Simultaneous render targets: a pixel shader writes oC0..oC3 to targets 0..3 (the fixed-function pipeline target 0 only). */
export const SIMULTANEOUS_RENDER_TARGETS = 4;
/** Largest width, height and depth of a volume texture (the common D3D9 hardware value; 2048³ texels is beyond any budget anyway). */
export const MAX_VOLUME_EXTENT = 2048;
/** Largest POINTSIZE (matches the D3DRS_POINTSIZE_MAX default of 64). */
export const MAX_POINT_SIZE = 64;
/** Pre-transformed (XYZRHW) vertices are clipped to 0 ≤ z ≤ 1: the raster core follows this cap. */
export const CLIPS_TRANSFORMED_VERTICES = true;

/** Instructions one shader run may execute (an SM3 card's figure; the interpreter's own cap, MAX_EXECUTED, is above it). */
export const SHADER_INSTRUCTIONS_EXECUTED = 65535;
/** vs_3_0/ps_3_0 instruction slots: D3DMIN30SHADERINSTRUCTIONS, what SM3 cards of the time reported. */
export const SHADER30_INSTRUCTION_SLOTS = 512;

type ShaderCaps = Pick<D3DCAPS9, 'VertexShaderVersion' | 'MaxVertexShaderConst' | 'PixelShaderVersion' | 'PixelShader1xMaxValue' | 'VS20Caps' | 'PS20Caps'>;

/**
 * Shader model 3.0 (D3DVS_VERSION(3, 0), D3DPS_VERSION(3, 0)) with what goes with it on an SM3 card:
 * 256 vertex constants, ps_1_x registers within ±8 (PixelShader1xMaxValue), and the 2_x caps at the
 * D3DVS20_MAX_* / D3DPS20_MAX_* limits (24 dynamic and 4 static flow-control levels, 32 temporaries,
 * 512 pixel instruction slots) with predication, gradients and arbitrary swizzles. The dx8 profile
 * reports D3D8's top versions, vs_1_1 and ps_1_4, with its 96 constants.
 */
const SHADER_CAPS: Readonly<Record<DeviceProfile, ShaderCaps>> = {
  dx9: {
    VertexShaderVersion: 0xfffe0300, MaxVertexShaderConst: 256, PixelShaderVersion: 0xffff0300, PixelShader1xMaxValue: 8,
    VS20Caps: { Caps: D3DVS20CAPS.PREDICATION, DynamicFlowControlDepth: 24, NumTemps: 32, StaticFlowControlDepth: 4 },
    PS20Caps: {
      Caps: or(D3DPS20CAPS.ARBITRARYSWIZZLE, D3DPS20CAPS.GRADIENTINSTRUCTIONS, D3DPS20CAPS.PREDICATION, D3DPS20CAPS.NODEPENDENTREADLIMIT, D3DPS20CAPS.NOTEXINSTRUCTIONLIMIT),
      DynamicFlowControlDepth: 24, NumTemps: 32, StaticFlowControlDepth: 4, NumInstructionSlots: 512,
    },
  },
  dx8: {
    VertexShaderVersion: 0xfffe0101, MaxVertexShaderConst: 96, PixelShaderVersion: 0xffff0104, PixelShader1xMaxValue: 8,
    VS20Caps: { Caps: 0, DynamicFlowControlDepth: 0, NumTemps: 0, StaticFlowControlDepth: 0 },
    PS20Caps: { Caps: 0, DynamicFlowControlDepth: 0, NumTemps: 0, StaticFlowControlDepth: 0, NumInstructionSlots: 0 },
  },
};

export function deviceCaps(profile: DeviceProfile = 'dx9'): D3DCAPS9 {
  return {
    DeviceType: D3DDEVTYPE.HAL,
    AdapterOrdinal: 0,
    Caps: 0,
    Caps2: or(D3DCAPS2.DYNAMICTEXTURES, D3DCAPS2.CANAUTOGENMIPMAP),
    Caps3: or(D3DCAPS3.COPY_TO_VIDMEM, D3DCAPS3.COPY_TO_SYSTEMMEM),
    PresentationIntervals: or(D3DPRESENT_INTERVAL.IMMEDIATE, D3DPRESENT_INTERVAL.ONE),
    CursorCaps: 0,
    DevCaps: or(
      D3DDEVCAPS.EXECUTESYSTEMMEMORY, D3DDEVCAPS.EXECUTEVIDEOMEMORY, D3DDEVCAPS.TLVERTEXSYSTEMMEMORY,
      D3DDEVCAPS.TLVERTEXVIDEOMEMORY, D3DDEVCAPS.TEXTURESYSTEMMEMORY, D3DDEVCAPS.TEXTUREVIDEOMEMORY,
      D3DDEVCAPS.DRAWPRIMTLVERTEX, D3DDEVCAPS.CANRENDERAFTERFLIP, D3DDEVCAPS.DRAWPRIMITIVES2,
      D3DDEVCAPS.DRAWPRIMITIVES2EX, D3DDEVCAPS.HWTRANSFORMANDLIGHT, D3DDEVCAPS.HWRASTERIZATION,
    ),
    PrimitiveMiscCaps: or(
      D3DPMISCCAPS.MASKZ, D3DPMISCCAPS.CULLNONE, D3DPMISCCAPS.CULLCW, D3DPMISCCAPS.CULLCCW,
      D3DPMISCCAPS.COLORWRITEENABLE, CLIPS_TRANSFORMED_VERTICES ? D3DPMISCCAPS.CLIPTLVERTS : 0, D3DPMISCCAPS.BLENDOP,
      D3DPMISCCAPS.SEPARATEALPHABLEND,
      // MRT: COLORWRITEENABLE1..3 mask their own targets, and each target blends after the pixel shader
      D3DPMISCCAPS.INDEPENDENTWRITEMASKS, D3DPMISCCAPS.MRTPOSTPIXELSHADERBLENDING,
    ),
    RasterCaps: or(
      D3DPRASTERCAPS.ZTEST, D3DPRASTERCAPS.FOGVERTEX, D3DPRASTERCAPS.FOGTABLE, D3DPRASTERCAPS.MIPMAPLODBIAS,
      D3DPRASTERCAPS.COLORPERSPECTIVE, D3DPRASTERCAPS.SCISSORTEST, D3DPRASTERCAPS.DEPTHBIAS, D3DPRASTERCAPS.SLOPESCALEDEPTHBIAS,
    ),
    ZCmpCaps: 0xff,
    SrcBlendCaps: BLENDS,
    DestBlendCaps: BLENDS,
    AlphaCmpCaps: 0xff,
    ShadeCaps: or(D3DPSHADECAPS.COLORGOURAUDRGB, D3DPSHADECAPS.SPECULARGOURAUDRGB, D3DPSHADECAPS.ALPHAGOURAUDBLEND, D3DPSHADECAPS.FOGGOURAUD),
    TextureCaps: or(
      D3DPTEXTURECAPS.PERSPECTIVE, D3DPTEXTURECAPS.ALPHA, D3DPTEXTURECAPS.TEXREPEATNOTSCALEDBYSIZE,
      D3DPTEXTURECAPS.ALPHAPALETTE, D3DPTEXTURECAPS.PROJECTED, D3DPTEXTURECAPS.CUBEMAP, D3DPTEXTURECAPS.MIPMAP,
      D3DPTEXTURECAPS.MIPCUBEMAP, D3DPTEXTURECAPS.VOLUMEMAP, D3DPTEXTURECAPS.MIPVOLUMEMAP,
    ),
    TextureFilterCaps: FILTERS,
    CubeTextureFilterCaps: FILTERS,
    VolumeTextureFilterCaps: FILTERS,
    TextureAddressCaps: or(
      D3DPTADDRESSCAPS.WRAP, D3DPTADDRESSCAPS.MIRROR, D3DPTADDRESSCAPS.CLAMP, D3DPTADDRESSCAPS.BORDER,
      D3DPTADDRESSCAPS.INDEPENDENTUV, D3DPTADDRESSCAPS.MIRRORONCE,
    ),
    VolumeTextureAddressCaps: or(
      D3DPTADDRESSCAPS.WRAP, D3DPTADDRESSCAPS.MIRROR, D3DPTADDRESSCAPS.CLAMP, D3DPTADDRESSCAPS.BORDER,
      D3DPTADDRESSCAPS.INDEPENDENTUV, D3DPTADDRESSCAPS.MIRRORONCE,
    ),
    LineCaps: or(D3DLINECAPS.TEXTURE, D3DLINECAPS.ZTEST, D3DLINECAPS.BLEND, D3DLINECAPS.ALPHACMP, D3DLINECAPS.FOG),
    MaxTextureWidth: MAX_DIMENSION,
    MaxTextureHeight: MAX_DIMENSION,
    MaxVolumeExtent: MAX_VOLUME_EXTENT,
    MaxTextureRepeat: MAX_DIMENSION,
    MaxTextureAspectRatio: MAX_DIMENSION,
    MaxAnisotropy: 1,
    MaxVertexW: 1e10,
    GuardBandLeft: 0,
    GuardBandTop: 0,
    GuardBandRight: 0,
    GuardBandBottom: 0,
    ExtentsAdjust: 0,
    StencilCaps: or(
      D3DSTENCILCAPS.KEEP, D3DSTENCILCAPS.ZERO, D3DSTENCILCAPS.REPLACE, D3DSTENCILCAPS.INCRSAT, D3DSTENCILCAPS.DECRSAT,
      D3DSTENCILCAPS.INVERT, D3DSTENCILCAPS.INCR, D3DSTENCILCAPS.DECR, D3DSTENCILCAPS.TWOSIDED,
    ),
    FVFCaps: or(8, D3DFVFCAPS.PSIZE),
    TextureOpCaps: TEXTURE_OPS,
    MaxTextureBlendStages: 8,
    MaxSimultaneousTextures: 8,
    VertexProcessingCaps: or(D3DVTXPCAPS.MATERIALSOURCE7, D3DVTXPCAPS.DIRECTIONALLIGHTS, D3DVTXPCAPS.POSITIONALLIGHTS, D3DVTXPCAPS.LOCALVIEWER),
    MaxActiveLights: 8,
    MaxUserClipPlanes: MAX_USER_CLIP_PLANES,
    MaxVertexBlendMatrices: 0,
    MaxVertexBlendMatrixIndex: 0,
    MaxPointSize: MAX_POINT_SIZE,
    MaxPrimitiveCount: 0xfffff,
    MaxVertexIndex: 0xffffff,
    MaxStreams: 16,
    MaxStreamStride: 255,
    ...SHADER_CAPS[profile],
    DevCaps2: or(D3DDEVCAPS2.STREAMOFFSET, profile === 'dx9' ? D3DDEVCAPS2.CAN_STRETCHRECT_FROM_TEXTURES : 0),
    MaxNpatchTessellationLevel: 0,
    Reserved5: 0,
    MasterAdapterOrdinal: 0,
    AdapterOrdinalInGroup: 0,
    NumberOfAdaptersInGroup: 1,
    // every type the D3DDECLTYPE docs define: the fetch decodes each (driver/raster/vertex/fetch.ts decodeElement)
    DeclTypes: profile === 'dx9' ? 0x3ff : 0,
    NumSimultaneousRTs: SIMULTANEOUS_RENDER_TARGETS,
    StretchRectFilterCaps: or(D3DPTFILTERCAPS.MINFPOINT, D3DPTFILTERCAPS.MAGFPOINT, D3DPTFILTERCAPS.MINFLINEAR, D3DPTFILTERCAPS.MAGFLINEAR),
    // vertex texture fetch point-samples (the GeForce 6/7 figure), R32F and A32B32G32R32F (format-support.ts)
    VertexTextureFilterCaps: profile === 'dx9' ? or(D3DPTFILTERCAPS.MINFPOINT, D3DPTFILTERCAPS.MAGFPOINT) : 0,
    MaxVShaderInstructionsExecuted: profile === 'dx9' ? SHADER_INSTRUCTIONS_EXECUTED : 0,
    MaxPShaderInstructionsExecuted: profile === 'dx9' ? SHADER_INSTRUCTIONS_EXECUTED : 0,
    MaxVertexShader30InstructionSlots: profile === 'dx9' ? SHADER30_INSTRUCTION_SLOTS : 0,
    MaxPixelShader30InstructionSlots: profile === 'dx9' ? SHADER30_INSTRUCTION_SLOTS : 0,
  };
}
