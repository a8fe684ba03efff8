/**
 * The replay dispatch table: one handler per command of the schema, typed so
 * that a command without a handler does not compile. A handler reads its
 * arguments through flatc's accessors and calls the device.
 */
import * as fb from '../trace/generated/replay9.js';
import type { CommandName, WantKind } from '../trace/commands.js';
import { gammaRampOf } from '../d3d9/index.js';
import type {
  IDirect3D9, IDirect3D9Ex, IDirect3DBaseTexture9, IDirect3DCubeTexture9, IDirect3DDevice9, IDirect3DDevice9Ex, IDirect3DIndexBuffer9,
  IDirect3DPixelShader9, IDirect3DQuery9, IDirect3DResource9, IDirect3DStateBlock9, IDirect3DSurface9, IDirect3DSwapChain9Ex,
  IDirect3DTexture9, IDirect3DVertexBuffer9, IDirect3DVertexDeclaration9, IDirect3DVertexShader9, IDirect3DVolume9, IDirect3DVolumeTexture9,
  IUnknown, LockData, LockSub,
} from '../device/types.js';
import {
  box, clipStatus, displayModeEx, displayModeFilter, light, material, matrix, paletteEntries, plane, point, presentParameters, rect,
  rectPatchInfo, rectPatchSegments, rects, triPatchInfo, triPatchSegments, vertexElements, viewport, weights,
} from './convert-args.js';

/**
 * What a handler hands back: the HRESULT (or count; for a method that returns its value, the
 * value), and the object a creating call made; a call with out-values hands back the device's
 * result object, which carries them (the replayer compares them with the recorded ones).
 */
export type Outcome = number | { hr: number; obj?: object; readonly [out: string]: unknown };

/** Access to the objects a call refers to; each lookup checks the handle's kind. */
export interface CallScope {
  readonly self: number;
  /** the object handle `id` names, checked to be of `kind` (a TraceFormatError naming the call otherwise) */
  obj<T>(id: number, kind: WantKind | 'any'): T;
  /** like obj, but 0 is NULL */
  ref<T>(id: number, kind: WantKind): T | null;
  /** writes recorded lock contents into the open lock (of that level and face, for textures) */
  restore(target: LockData, data: Uint8Array | null, sub?: LockSub): void;
  /** D3DPERF nesting level kept by the replayer */
  perf(delta: 1 | -1 | 0): number;
  /** Direct3DCreate9Ex of the replay's backend */
  createEx(SDKVersion: number): Outcome;
  /** a GUID argument's text form (16 bytes, else a TraceFormatError naming the call) */
  guid(bytes: Uint8Array | null, what: string): string;
  /** SetPrivateData's pData: the bytes, or for D3DSPD_IUNKNOWN the object its 4-byte handle names */
  privateData(bytes: Uint8Array | null, flags: number): Uint8Array | object | null;
}

type CommandClasses = { [K in CommandName]: (typeof fb)[K] };
export type CommandOf<K extends CommandName> = InstanceType<CommandClasses[K]>;
type Handlers = { [K in CommandName]: (c: CommandOf<K>, x: CallScope) => Outcome };

const dev = (x: CallScope): IDirect3DDevice9 => x.obj<IDirect3DDevice9>(x.self, 'Device');
const devEx = (x: CallScope): IDirect3DDevice9Ex => x.obj<IDirect3DDevice9Ex>(x.self, 'Device');
const sc = (x: CallScope): IDirect3DSwapChain9Ex => x.obj<IDirect3DSwapChain9Ex>(x.self, 'SwapChain');
const query = (x: CallScope): IDirect3DQuery9 => x.obj<IDirect3DQuery9>(x.self, 'Query');
const d3d = (x: CallScope): IDirect3D9 => x.obj<IDirect3D9>(x.self, 'Direct3D9');
const d3dEx = (x: CallScope): IDirect3D9Ex => x.obj<IDirect3D9Ex>(x.self, 'Direct3D9');
const made = (r: { hr: number } & Record<string, unknown>, key: string): Outcome => ({ hr: r.hr, obj: r[key] as object | undefined });
const bytes = (a: Uint8Array | null): Uint8Array | null => a;
const res = (x: CallScope): IDirect3DResource9 => x.obj<IDirect3DResource9>(x.self, 'Resource');
const vol = (x: CallScope): IDirect3DVolume9 => x.obj<IDirect3DVolume9>(x.self, 'Volume');

export const HANDLERS = {
  Direct3DCreate9: () => {
    throw new Error('Direct3DCreate9 is handled by the replayer');
  },
  PerfBeginEvent: (_c, x) => x.perf(1),
  PerfEndEvent: (_c, x) => x.perf(-1),
  PerfSetMarker: (_c, x) => x.perf(0),
  Release: (_c, x) => x.obj<IUnknown>(x.self, 'any').Release(),

  CreateDevice: (c, x) => made(d3d(x).CreateDevice(c.adapter(), c.deviceType(), c.hFocusWindow() || null, c.behaviorFlags(), presentParameters(c.pPresentationParameters())!), 'device'),
  GetDeviceCaps: (c, x) => d3d(x).GetDeviceCaps(c.adapter(), c.deviceType()).hr,
  CheckDeviceFormat: (c, x) => d3d(x).CheckDeviceFormat(c.adapter(), c.deviceType(), c.adapterFormat(), c.usage(), c.rtype(), c.checkFormat()),
  CheckDeviceFormatConversion: (c, x) => d3d(x).CheckDeviceFormatConversion(c.adapter(), c.deviceType(), c.sourceFormat(), c.targetFormat()),
  CheckDepthStencilMatch: (c, x) => d3d(x).CheckDepthStencilMatch(c.adapter(), c.deviceType(), c.adapterFormat(), c.renderTargetFormat(), c.depthStencilFormat()),
  CheckDeviceMultiSampleType: (c, x) => d3d(x).CheckDeviceMultiSampleType(c.adapter(), c.deviceType(), c.surfaceFormat(), c.windowed(), c.multiSampleType()).hr,

  CreateTexture: (c, x) => made(dev(x).CreateTexture(c.width(), c.height(), c.levels(), c.usage(), c.format(), c.pool(), c.pSharedHandleDataArray() ?? (c.pSharedHandle() || null)), 'texture'),
  CreateCubeTexture: (c, x) => made(dev(x).CreateCubeTexture(c.edgeLength(), c.levels(), c.usage(), c.format(), c.pool(), c.pSharedHandle() || null), 'cubeTexture'),
  CreateRenderTarget: (c, x) => made(dev(x).CreateRenderTarget(c.width(), c.height(), c.format(), c.multiSample(), c.multisampleQuality(), c.lockable(), c.pSharedHandle() || null), 'surface'),
  CreateDepthStencilSurface: (c, x) => made(dev(x).CreateDepthStencilSurface(c.width(), c.height(), c.format(), c.multiSample(), c.multisampleQuality(), c.discard(), c.pSharedHandle() || null), 'surface'),
  CreateOffscreenPlainSurface: (c, x) => made(dev(x).CreateOffscreenPlainSurface(c.width(), c.height(), c.format(), c.pool(), c.pSharedHandle() || null), 'surface'),
  CreateVertexBuffer: (c, x) => made(dev(x).CreateVertexBuffer(c.length(), c.usage(), c.fvf(), c.pool(), c.pSharedHandle() || null), 'vertexBuffer'),
  CreateIndexBuffer: (c, x) => made(dev(x).CreateIndexBuffer(c.length(), c.usage(), c.format(), c.pool(), c.pSharedHandle() || null), 'indexBuffer'),
  GetBackBuffer: (c, x) => made(dev(x).GetBackBuffer(c.iSwapChain(), c.iBackBuffer(), c.type()), 'surface'),
  GetDepthStencilSurface: (_c, x) => made(dev(x).GetDepthStencilSurface(), 'surface'),
  GetRenderTarget: (c, x) => made(dev(x).GetRenderTarget(c.renderTargetIndex()), 'surface'),
  SetRenderTarget: (c, x) => dev(x).SetRenderTarget(c.renderTargetIndex(), x.ref<IDirect3DSurface9>(c.pRenderTarget(), 'Surface')),
  SetDepthStencilSurface: (c, x) => dev(x).SetDepthStencilSurface(x.ref<IDirect3DSurface9>(c.pNewZstencil(), 'Surface')),

  SetRenderState: (c, x) => dev(x).SetRenderState(c.state(), c.value()),
  SetSamplerState: (c, x) => dev(x).SetSamplerState(c.sampler(), c.type(), c.value()),
  SetTextureStageState: (c, x) => dev(x).SetTextureStageState(c.stage(), c.type(), c.value()),
  SetTexture: (c, x) => dev(x).SetTexture(c.stage(), x.ref<IDirect3DBaseTexture9>(c.pTexture(), 'BaseTexture')),
  SetTransform: (c, x) => dev(x).SetTransform(c.state(), matrix(c.pMatrix())),
  SetViewport: (c, x) => dev(x).SetViewport(viewport(c.pViewport())),
  SetScissorRect: (c, x) => dev(x).SetScissorRect(rect(c.pRect())),
  SetFVF: (c, x) => dev(x).SetFVF(c.fvf()),
  SetStreamSource: (c, x) => dev(x).SetStreamSource(c.streamNumber(), x.ref<IDirect3DVertexBuffer9>(c.pStreamData(), 'VertexBuffer'), c.offsetInBytes(), c.stride()),
  SetIndices: (c, x) => dev(x).SetIndices(x.ref<IDirect3DIndexBuffer9>(c.pIndexData(), 'IndexBuffer')),
  SetMaterial: (c, x) => dev(x).SetMaterial(material(c.pMaterial())),
  SetLight: (c, x) => dev(x).SetLight(c.index(), light(c.pLight())),
  LightEnable: (c, x) => dev(x).LightEnable(c.index(), c.enable()),

  BeginScene: (_c, x) => dev(x).BeginScene(),
  EndScene: (_c, x) => dev(x).EndScene(),
  Clear: (c, x) => dev(x).Clear(c.count(), rects(c), c.flags(), c.color(), c.z(), c.stencil()),
  ColorFill: (c, x) => dev(x).ColorFill(x.ref<IDirect3DSurface9>(c.pSurface(), 'Surface'), rect(c.pRect()), c.color()),
  StretchRect: (c, x) => dev(x).StretchRect(x.ref<IDirect3DSurface9>(c.pSourceSurface(), 'Surface'), rect(c.pSourceRect()), x.ref<IDirect3DSurface9>(c.pDestSurface(), 'Surface'), rect(c.pDestRect()), c.filter()),
  UpdateSurface: (c, x) => dev(x).UpdateSurface(x.ref<IDirect3DSurface9>(c.pSourceSurface(), 'Surface'), rect(c.pSourceRect()), x.ref<IDirect3DSurface9>(c.pDestinationSurface(), 'Surface'), point(c.pDestPoint())),
  UpdateTexture: (c, x) => dev(x).UpdateTexture(x.ref<IDirect3DBaseTexture9>(c.pSourceTexture(), 'BaseTexture'), x.ref<IDirect3DBaseTexture9>(c.pDestinationTexture(), 'BaseTexture')),
  GetRenderTargetData: (c, x) => dev(x).GetRenderTargetData(x.ref<IDirect3DSurface9>(c.pRenderTarget(), 'Surface'), x.ref<IDirect3DSurface9>(c.pDestSurface(), 'Surface')),
  DrawPrimitive: (c, x) => dev(x).DrawPrimitive(c.primitiveType(), c.startVertex(), c.primitiveCount()),
  DrawIndexedPrimitive: (c, x) => dev(x).DrawIndexedPrimitive(c.primitiveType(), c.baseVertexIndex(), c.minVertexIndex(), c.numVertices(), c.startIndex(), c.primCount()),
  DrawPrimitiveUP: (c, x) => dev(x).DrawPrimitiveUP(c.primitiveType(), c.primitiveCount(), bytes(c.pVertexStreamZeroDataArray()), c.vertexStreamZeroStride()),
  DrawIndexedPrimitiveUP: (c, x) => dev(x).DrawIndexedPrimitiveUP(c.primitiveType(), c.minVertexIndex(), c.numVertices(), c.primitiveCount(), bytes(c.pIndexDataArray()), c.indexDataFormat(), bytes(c.pVertexStreamZeroDataArray()), c.vertexStreamZeroStride()),

  BeginStateBlock: (_c, x) => dev(x).BeginStateBlock(),
  EndStateBlock: (_c, x) => made(dev(x).EndStateBlock(), 'stateBlock'),
  CreateStateBlock: (c, x) => made(dev(x).CreateStateBlock(c.type()), 'stateBlock'),
  StateBlockCapture: (_c, x) => x.obj<IDirect3DStateBlock9>(x.self, 'StateBlock').Capture(),
  StateBlockApply: (_c, x) => x.obj<IDirect3DStateBlock9>(x.self, 'StateBlock').Apply(),
  Present: (c, x) => dev(x).Present(rect(c.pSourceRect()), rect(c.pDestRect()), c.hDestWindowOverride() || null, c.pDirtyRegion() || null),
  Reset: (c, x) => dev(x).Reset(presentParameters(c.pPresentationParameters())!),

  SurfaceLockRect: (c, x) => x.obj<IDirect3DSurface9>(x.self, 'Surface').LockRect(rect(c.pRect()), c.flags()).hr,
  SurfaceUnlockRect: (c, x) => {
    const s = x.obj<IDirect3DSurface9>(x.self, 'Surface');
    x.restore(s, c.dataArray());
    return s.UnlockRect();
  },
  TextureGetSurfaceLevel: (c, x) => made(x.obj<IDirect3DTexture9>(x.self, 'Texture').GetSurfaceLevel(c.level()), 'surface'),
  TextureLockRect: (c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').LockRect(c.level(), rect(c.pRect()), c.flags()).hr,
  TextureUnlockRect: (c, x) => {
    const t = x.obj<IDirect3DTexture9>(x.self, 'Texture');
    x.restore(t, c.dataArray(), { level: c.level(), face: 0 });
    return t.UnlockRect(c.level());
  },
  CubeTextureGetCubeMapSurface: (c, x) => made(x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GetCubeMapSurface(c.faceType(), c.level()), 'surface'),
  CubeTextureLockRect: (c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').LockRect(c.faceType(), c.level(), rect(c.pRect()), c.flags()).hr,
  CubeTextureUnlockRect: (c, x) => {
    const t = x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture');
    x.restore(t, c.dataArray(), { level: c.level(), face: c.faceType() });
    return t.UnlockRect(c.faceType(), c.level());
  },
  TextureSetAutoGenFilterType: (c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').SetAutoGenFilterType(c.filterType()),
  TextureGenerateMipSubLevels: (_c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').GenerateMipSubLevels(),
  CubeTextureSetAutoGenFilterType: (c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').SetAutoGenFilterType(c.filterType()),
  CubeTextureGenerateMipSubLevels: (_c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GenerateMipSubLevels(),
  VertexBufferLock: (c, x) => x.obj<IDirect3DVertexBuffer9>(x.self, 'VertexBuffer').Lock(c.offsetToLock(), c.sizeToLock(), c.flags()).hr,
  VertexBufferUnlock: (c, x) => {
    const b = x.obj<IDirect3DVertexBuffer9>(x.self, 'VertexBuffer');
    x.restore(b, c.dataArray());
    return b.Unlock();
  },
  IndexBufferLock: (c, x) => x.obj<IDirect3DIndexBuffer9>(x.self, 'IndexBuffer').Lock(c.offsetToLock(), c.sizeToLock(), c.flags()).hr,
  IndexBufferUnlock: (c, x) => {
    const b = x.obj<IDirect3DIndexBuffer9>(x.self, 'IndexBuffer');
    x.restore(b, c.dataArray());
    return b.Unlock();
  },

  CreateVolumeTexture: (c, x) => made(dev(x).CreateVolumeTexture(c.width(), c.height(), c.depth(), c.levels(), c.usage(), c.format(), c.pool(), c.pSharedHandle() || null), 'volumeTexture'),
  VolumeTextureGetLevelDesc: (c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GetLevelDesc(c.level()).hr,
  VolumeTextureGetVolumeLevel: (c, x) => made(x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GetVolumeLevel(c.level()), 'volume'),
  VolumeTextureLockBox: (c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').LockBox(c.level(), box(c.pBox()), c.flags()).hr,
  VolumeTextureUnlockBox: (c, x) => {
    const t = x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture');
    x.restore(t, c.dataArray(), { level: c.level(), face: 0 });
    return t.UnlockBox(c.level());
  },
  VolumeTextureAddDirtyBox: (c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').AddDirtyBox(box(c.pDirtyBox())),
  VolumeGetDesc: (_c, x) => {
    x.obj<IDirect3DVolume9>(x.self, 'Volume').GetDesc();
    return 0;
  },
  VolumeLockBox: (c, x) => x.obj<IDirect3DVolume9>(x.self, 'Volume').LockBox(box(c.pBox()), c.flags()).hr,
  VolumeUnlockBox: (c, x) => {
    const v = x.obj<IDirect3DVolume9>(x.self, 'Volume');
    x.restore(v, c.dataArray());
    return v.UnlockBox();
  },
  GetRenderState: (c, x) => dev(x).GetRenderState(c.state()),
  GetSamplerState: (c, x) => dev(x).GetSamplerState(c.sampler(), c.type()),
  GetTextureStageState: (c, x) => dev(x).GetTextureStageState(c.stage(), c.type()),
  GetTexture: (c, x) => dev(x).GetTexture(c.stage()),
  GetTransform: (c, x) => dev(x).GetTransform(c.state()),
  GetViewport: (_c, x) => dev(x).GetViewport(),
  GetScissorRect: (_c, x) => dev(x).GetScissorRect(),
  GetFVF: (_c, x) => dev(x).GetFVF(),
  GetStreamSource: (c, x) => dev(x).GetStreamSource(c.streamNumber()),
  GetIndices: (_c, x) => dev(x).GetIndices(),
  GetMaterial: (_c, x) => dev(x).GetMaterial(),
  GetLight: (c, x) => dev(x).GetLight(c.index()),
  GetLightEnable: (c, x) => dev(x).GetLightEnable(c.index()),
  GetSoftwareVertexProcessing: (_c, x) => Number(dev(x).GetSoftwareVertexProcessing()),
  GetNPatchMode: (_c, x) => dev(x).GetNPatchMode(),
  SurfaceGetDesc: (_c, x) => x.obj<IDirect3DSurface9>(x.self, 'Surface').GetDesc(),
  TextureGetLevelDesc: (c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').GetLevelDesc(c.level()),
  TextureGetLevelCount: (_c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').GetLevelCount(),
  TextureGetAutoGenFilterType: (_c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').GetAutoGenFilterType(),
  TextureGetLOD: (_c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').GetLOD(),
  CubeTextureGetLevelDesc: (c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GetLevelDesc(c.level()),
  CubeTextureGetLevelCount: (_c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GetLevelCount(),
  CubeTextureGetAutoGenFilterType: (_c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GetAutoGenFilterType(),
  CubeTextureGetLOD: (_c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').GetLOD(),
  VolumeTextureGetLevelCount: (_c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GetLevelCount(),
  VolumeTextureGetLOD: (_c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GetLOD(),
  VolumeTextureSetAutoGenFilterType: (c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').SetAutoGenFilterType(c.filterType()),
  VolumeTextureGetAutoGenFilterType: (_c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GetAutoGenFilterType(),
  VolumeTextureGenerateMipSubLevels: (_c, x) => x.obj<IDirect3DVolumeTexture9>(x.self, 'VolumeTexture').GenerateMipSubLevels(),
  VertexBufferGetDesc: (_c, x) => x.obj<IDirect3DVertexBuffer9>(x.self, 'VertexBuffer').GetDesc(),
  IndexBufferGetDesc: (_c, x) => x.obj<IDirect3DIndexBuffer9>(x.self, 'IndexBuffer').GetDesc(),
  CreateVertexDeclaration: (c, x) => made(dev(x).CreateVertexDeclaration(vertexElements(c)), 'vertexDeclaration'),
  SetVertexDeclaration: (c, x) => dev(x).SetVertexDeclaration(x.ref<IDirect3DVertexDeclaration9>(c.pDecl(), 'VertexDeclaration')),
  GetVertexDeclaration: (_c, x) => made(dev(x).GetVertexDeclaration(), 'vertexDeclaration'),
  VertexDeclarationGetDevice: (_c, x) => made(x.obj<IDirect3DVertexDeclaration9>(x.self, 'VertexDeclaration').GetDevice(), 'device'),
  SetStreamSourceFreq: (c, x) => dev(x).SetStreamSourceFreq(c.streamNumber(), c.setting()),
  GetStreamSourceFreq: (c, x) => dev(x).GetStreamSourceFreq(c.streamNumber()).hr,

  Direct3DCreate9Ex: (c, x) => x.createEx(c.sdkversion()),
  // the profiler's answers when none is attached: status 0, no repeated frame
  PerfGetStatus: () => 0,
  PerfQueryRepeatFrame: () => 0,
  PerfSetOptions: () => 0,
  PerfSetRegion: () => 0,
  GetAdapterCount: (_c, x) => d3d(x).GetAdapterCount(),
  GetAdapterModeCount: (c, x) => d3d(x).GetAdapterModeCount(c.adapter(), c.format()),
  EnumAdapterModes: (c, x) => d3d(x).EnumAdapterModes(c.adapter(), c.format(), c.mode()),
  GetAdapterDisplayMode: (c, x) => d3d(x).GetAdapterDisplayMode(c.adapter()),
  GetAdapterIdentifier: (c, x) => d3d(x).GetAdapterIdentifier(c.adapter(), c.flags()),
  GetAdapterMonitor: (c, x) => d3d(x).GetAdapterMonitor(c.adapter()),
  CheckDeviceType: (c, x) => d3d(x).CheckDeviceType(c.adapter(), c.devType(), c.adapterFormat(), c.backBufferFormat(), c.bWindowed()),
  RegisterSoftwareDevice: (c, x) => d3d(x).RegisterSoftwareDevice(c.pInitializeFunction() || null),
  CreateDeviceEx: (c, x) => made(d3dEx(x).CreateDeviceEx(c.adapter(), c.deviceType(), c.hFocusWindow() || null, c.behaviorFlags(), presentParameters(c.pPresentationParameters())!, displayModeEx(c.pFullscreenDisplayMode())), 'device'),
  GetAdapterModeCountEx: (c, x) => d3dEx(x).GetAdapterModeCountEx(c.adapter(), displayModeFilter(c.pFilter())),
  EnumAdapterModesEx: (c, x) => d3dEx(x).EnumAdapterModesEx(c.adapter(), displayModeFilter(c.pFilter()), c.mode()),
  GetAdapterDisplayModeEx: (c, x) => d3dEx(x).GetAdapterDisplayModeEx(c.adapter()),
  GetAdapterLUID: (c, x) => d3dEx(x).GetAdapterLUID(c.adapter()),
  DeviceGetDeviceCaps: (_c, x) => dev(x).GetDeviceCaps().hr,
  GetDirect3D: (_c, x) => made(dev(x).GetDirect3D(), 'd3d'),
  GetCreationParameters: (_c, x) => dev(x).GetCreationParameters(),
  GetAvailableTextureMem: (_c, x) => dev(x).GetAvailableTextureMem(),
  SetGammaRamp: (c, x) => {
    const b = c.pRampArray();
    return dev(x).SetGammaRamp(c.iSwapChain(), c.flags(), b ? (gammaRampOf(b) ?? { red: [], green: [], blue: [] }) : null);
  },
  GetGammaRamp: (c, x) => dev(x).GetGammaRamp(c.iSwapChain()),
  SetCursorPosition: (c, x) => dev(x).SetCursorPosition(c.x(), c.y(), c.flags()),
  SetCursorProperties: (c, x) => dev(x).SetCursorProperties(c.xhotSpot(), c.yhotSpot(), x.ref<IDirect3DSurface9>(c.pCursorBitmap(), 'Surface')),
  ShowCursor: (c, x) => Number(dev(x).ShowCursor(c.bShow())),
  SetDialogBoxMode: (c, x) => dev(x).SetDialogBoxMode(c.bEnableDialogs()),
  EvictManagedResources: (_c, x) => dev(x).EvictManagedResources(),
  ValidateDevice: (_c, x) => dev(x).ValidateDevice(),
  CreateRenderTargetEx: (c, x) => made(devEx(x).CreateRenderTargetEx(c.width(), c.height(), c.format(), c.multiSample(), c.multisampleQuality(), c.lockable(), c.pSharedHandle() || null, c.usage()), 'surface'),
  CreateOffscreenPlainSurfaceEx: (c, x) => made(devEx(x).CreateOffscreenPlainSurfaceEx(c.width(), c.height(), c.format(), c.pool(), c.pSharedHandle() || null, c.usage()), 'surface'),
  CreateDepthStencilSurfaceEx: (c, x) => made(devEx(x).CreateDepthStencilSurfaceEx(c.width(), c.height(), c.format(), c.multiSample(), c.multisampleQuality(), c.discard(), c.pSharedHandle() || null, c.usage()), 'surface'),
  SetGPUThreadPriority: (c, x) => devEx(x).SetGPUThreadPriority(c.priority()),
  GetGPUThreadPriority: (_c, x) => devEx(x).GetGPUThreadPriority(),
  SetMaximumFrameLatency: (c, x) => devEx(x).SetMaximumFrameLatency(c.maxLatency()),
  GetMaximumFrameLatency: (_c, x) => devEx(x).GetMaximumFrameLatency(),
  CheckResourceResidency: (c, x) => {
    const n = c.pResourceArrayLength();
    const list = n === 0 && c.pResourceArray(0) === null ? null : Array.from({ length: n }, (_, i) => x.ref<IDirect3DResource9>(c.pResourceArray(i)!.pResource(), 'Resource')!);
    return devEx(x).CheckResourceResidency(list, c.numResources());
  },
  ComposeRects: (c, x) => devEx(x).ComposeRects(
    x.ref<IDirect3DSurface9>(c.pSrc(), 'Surface'), x.ref<IDirect3DSurface9>(c.pDst(), 'Surface'), x.ref<IDirect3DVertexBuffer9>(c.pSrcRectDescs(), 'VertexBuffer'),
    c.numRects(), x.ref<IDirect3DVertexBuffer9>(c.pDstRectDescs(), 'VertexBuffer'), c.operation(), c.xoffset(), c.yoffset(),
  ),
  SetConvolutionMonoKernel: (c, x) => devEx(x).SetConvolutionMonoKernel(c.width(), c.height(), weights(c.rowsLength(), (i) => c.rows(i)), weights(c.columnsLength(), (i) => c.columns(i))),
  SetPaletteEntries: (c, x) => dev(x).SetPaletteEntries(c.paletteNumber(), paletteEntries(c)),
  GetPaletteEntries: (c, x) => dev(x).GetPaletteEntries(c.paletteNumber()),
  SetCurrentTexturePalette: (c, x) => dev(x).SetCurrentTexturePalette(c.paletteNumber()),
  GetCurrentTexturePalette: (_c, x) => dev(x).GetCurrentTexturePalette(),
  SetSoftwareVertexProcessing: (c, x) => dev(x).SetSoftwareVertexProcessing(c.bSoftware()),
  SetNPatchMode: (c, x) => dev(x).SetNPatchMode(c.nSegments()),
  DrawRectPatch: (c, x) => dev(x).DrawRectPatch(c.handle(), rectPatchSegments(c.pNumSegs()), rectPatchInfo(c.pRectPatchInfo())),
  DrawTriPatch: (c, x) => dev(x).DrawTriPatch(c.handle(), triPatchSegments(c.pNumSegs()), triPatchInfo(c.pTriPatchInfo())),
  DeletePatch: (c, x) => dev(x).DeletePatch(c.handle()),
  SetClipPlane: (c, x) => dev(x).SetClipPlane(c.index(), plane(c.pPlane())),
  GetClipPlane: (c, x) => dev(x).GetClipPlane(c.index()),
  SetClipStatus: (c, x) => dev(x).SetClipStatus(clipStatus(c.pClipStatus())),
  GetClipStatus: (_c, x) => dev(x).GetClipStatus(),
  MultiplyTransform: (c, x) => dev(x).MultiplyTransform(c.state(), matrix(c.pMatrix())),
  ProcessVertices: (c, x) => dev(x).ProcessVertices(c.srcStartIndex(), c.destIndex(), c.vertexCount(), x.ref<IDirect3DVertexBuffer9>(c.pDestBuffer(), 'VertexBuffer'), x.ref<IDirect3DVertexDeclaration9>(c.pVertexDecl(), 'VertexDeclaration'), c.flags()),
  CreateVertexShader: (c, x) => made(dev(x).CreateVertexShader(c.pFunctionArray()), 'vertexShader'),
  SetVertexShader: (c, x) => dev(x).SetVertexShader(x.ref<IDirect3DVertexShader9>(c.pShader(), 'VertexShader')),
  GetVertexShader: (_c, x) => made(dev(x).GetVertexShader(), 'vertexShader'),
  SetVertexShaderConstantF: (c, x) => dev(x).SetVertexShaderConstantF(c.startRegister(), c.pConstantDataArray(), c.vector4fCount()),
  GetVertexShaderConstantF: (c, x) => dev(x).GetVertexShaderConstantF(c.startRegister(), c.vector4fCount()),
  SetVertexShaderConstantI: (c, x) => dev(x).SetVertexShaderConstantI(c.startRegister(), c.pConstantDataArray(), c.vector4iCount()),
  GetVertexShaderConstantI: (c, x) => dev(x).GetVertexShaderConstantI(c.startRegister(), c.vector4iCount()),
  SetVertexShaderConstantB: (c, x) => dev(x).SetVertexShaderConstantB(c.startRegister(), c.pConstantDataArray(), c.boolCount()),
  GetVertexShaderConstantB: (c, x) => dev(x).GetVertexShaderConstantB(c.startRegister(), c.boolCount()),
  CreatePixelShader: (c, x) => made(dev(x).CreatePixelShader(c.pFunctionArray()), 'pixelShader'),
  SetPixelShader: (c, x) => dev(x).SetPixelShader(x.ref<IDirect3DPixelShader9>(c.pShader(), 'PixelShader')),
  GetPixelShader: (_c, x) => made(dev(x).GetPixelShader(), 'pixelShader'),
  SetPixelShaderConstantF: (c, x) => dev(x).SetPixelShaderConstantF(c.startRegister(), c.pConstantDataArray(), c.vector4fCount()),
  GetPixelShaderConstantF: (c, x) => dev(x).GetPixelShaderConstantF(c.startRegister(), c.vector4fCount()),
  SetPixelShaderConstantI: (c, x) => dev(x).SetPixelShaderConstantI(c.startRegister(), c.pConstantDataArray(), c.vector4iCount()),
  GetPixelShaderConstantI: (c, x) => dev(x).GetPixelShaderConstantI(c.startRegister(), c.vector4iCount()),
  SetPixelShaderConstantB: (c, x) => dev(x).SetPixelShaderConstantB(c.startRegister(), c.pConstantDataArray(), c.boolCount()),
  GetPixelShaderConstantB: (c, x) => dev(x).GetPixelShaderConstantB(c.startRegister(), c.boolCount()),
  VertexShaderGetFunction: (c, x) => x.obj<IDirect3DVertexShader9>(x.self, 'VertexShader').GetFunction(c.pData(), c.pSizeOfData()),
  VertexShaderGetDevice: (_c, x) => made(x.obj<IDirect3DVertexShader9>(x.self, 'VertexShader').GetDevice(), 'device'),
  PixelShaderGetFunction: (c, x) => x.obj<IDirect3DPixelShader9>(x.self, 'PixelShader').GetFunction(c.pData(), c.pSizeOfData()),
  PixelShaderGetDevice: (_c, x) => made(x.obj<IDirect3DPixelShader9>(x.self, 'PixelShader').GetDevice(), 'device'),
  CreateAdditionalSwapChain: (c, x) => made(dev(x).CreateAdditionalSwapChain(presentParameters(c.pPresentationParameters())), 'swapChain'),
  GetSwapChain: (c, x) => made(dev(x).GetSwapChain(c.iSwapChain()), 'swapChain'),
  GetNumberOfSwapChains: (_c, x) => dev(x).GetNumberOfSwapChains(),
  GetFrontBufferData: (c, x) => dev(x).GetFrontBufferData(c.iSwapChain(), x.ref<IDirect3DSurface9>(c.pDestSurface(), 'Surface')),
  GetRasterStatus: (c, x) => dev(x).GetRasterStatus(c.iSwapChain()),
  GetDisplayMode: (c, x) => dev(x).GetDisplayMode(c.iSwapChain()),
  TestCooperativeLevel: (_c, x) => dev(x).TestCooperativeLevel(),
  PresentEx: (c, x) => devEx(x).PresentEx(rect(c.pSourceRect()), rect(c.pDestRect()), c.hDestWindowOverride() || null, c.pDirtyRegion() || null, c.dwFlags()),
  ResetEx: (c, x) => devEx(x).ResetEx(presentParameters(c.pPresentationParameters()), displayModeEx(c.pFullscreenDisplayMode())),
  CheckDeviceState: (c, x) => devEx(x).CheckDeviceState(c.hDestinationWindow() || null),
  GetDisplayModeEx: (c, x) => devEx(x).GetDisplayModeEx(c.iSwapChain()),
  WaitForVBlank: (c, x) => devEx(x).WaitForVBlank(c.iSwapChain()),
  SwapChainPresent: (c, x) => sc(x).Present(rect(c.pSourceRect()), rect(c.pDestRect()), c.hDestWindowOverride() || null, c.pDirtyRegion() || null, c.dwFlags()),
  SwapChainGetFrontBufferData: (c, x) => sc(x).GetFrontBufferData(x.ref<IDirect3DSurface9>(c.pDestSurface(), 'Surface')),
  SwapChainGetBackBuffer: (c, x) => made(sc(x).GetBackBuffer(c.iBackBuffer(), c.type()), 'surface'),
  SwapChainGetRasterStatus: (_c, x) => sc(x).GetRasterStatus(),
  SwapChainGetDisplayMode: (_c, x) => sc(x).GetDisplayMode(),
  SwapChainGetDevice: (_c, x) => made(sc(x).GetDevice(), 'device'),
  SwapChainGetPresentParameters: (_c, x) => sc(x).GetPresentParameters(),
  SwapChainGetLastPresentCount: (_c, x) => sc(x).GetLastPresentCount(),
  SwapChainGetPresentStats: (_c, x) => sc(x).GetPresentStats(),
  SwapChainGetDisplayModeEx: (_c, x) => sc(x).GetDisplayModeEx(),
  CreateQuery: (c, x) => made(dev(x).CreateQuery(c.type(), c.ppQuery() === 0 ? null : undefined), 'query'),
  QueryGetDevice: (_c, x) => made(query(x).GetDevice(), 'device'),
  QueryGetType: (_c, x) => query(x).GetType(),
  QueryGetDataSize: (_c, x) => query(x).GetDataSize(),
  QueryIssue: (c, x) => query(x).Issue(c.dwIssueFlags()),
  QueryGetData: (c, x) => query(x).GetData(c.dwSize(), c.dwGetDataFlags()),
  AddRef: (_c, x) => x.obj<IUnknown>(x.self, 'any').AddRef(),
  QueryInterface: (c, x) => x.obj<IUnknown>(x.self, 'any').QueryInterface(x.guid(c.riidArray(), 'riid')),
  ResourceGetDevice: (_c, x) => made(res(x).GetDevice(), 'device'),
  ResourceSetPrivateData: (c, x) => res(x).SetPrivateData(x.guid(c.refguidArray(), 'refguid'), x.privateData(c.pDataArray(), c.flags()) as Uint8Array | IUnknown | null, c.sizeOfData(), c.flags()),
  ResourceGetPrivateData: (c, x) => res(x).GetPrivateData(x.guid(c.refguidArray(), 'refguid'), c.pData(), c.sizeOfData()),
  ResourceFreePrivateData: (c, x) => res(x).FreePrivateData(x.guid(c.refguidArray(), 'refguid')),
  ResourceSetPriority: (c, x) => res(x).SetPriority(c.priorityNew()),
  ResourceGetPriority: (_c, x) => res(x).GetPriority(),
  ResourcePreLoad: (_c, x) => res(x).PreLoad(),
  ResourceGetType: (_c, x) => res(x).GetType(),
  SurfaceGetContainer: (c, x) => x.obj<IDirect3DSurface9>(x.self, 'Surface').GetContainer(x.guid(c.riidArray(), 'riid')),
  SurfaceGetDC: (_c, x) => x.obj<IDirect3DSurface9>(x.self, 'Surface').GetDC(),
  SurfaceReleaseDC: (c, x) => x.obj<IDirect3DSurface9>(x.self, 'Surface').ReleaseDC(c.hdc()),
  BaseTextureSetLOD: (c, x) => x.obj<IDirect3DBaseTexture9>(x.self, 'BaseTexture').SetLOD(c.lodnew()),
  TextureAddDirtyRect: (c, x) => x.obj<IDirect3DTexture9>(x.self, 'Texture').AddDirtyRect(rect(c.pDirtyRect())),
  CubeTextureAddDirtyRect: (c, x) => x.obj<IDirect3DCubeTexture9>(x.self, 'CubeTexture').AddDirtyRect(c.faceType(), rect(c.pDirtyRect())),
  VolumeGetDevice: (_c, x) => made(vol(x).GetDevice(), 'device'),
  VolumeSetPrivateData: (c, x) => vol(x).SetPrivateData(x.guid(c.refguidArray(), 'refguid'), x.privateData(c.pDataArray(), c.flags()) as Uint8Array | IUnknown | null, c.sizeOfData(), c.flags()),
  VolumeGetPrivateData: (c, x) => vol(x).GetPrivateData(x.guid(c.refguidArray(), 'refguid'), c.pData(), c.sizeOfData()),
  VolumeFreePrivateData: (c, x) => vol(x).FreePrivateData(x.guid(c.refguidArray(), 'refguid')),
  VolumeGetContainer: (c, x) => vol(x).GetContainer(x.guid(c.riidArray(), 'riid')),
  StateBlockGetDevice: (_c, x) => made(x.obj<IDirect3DStateBlock9>(x.self, 'StateBlock').GetDevice(), 'device'),
  VertexDeclarationGetDeclaration: (c, x) => x.obj<IDirect3DVertexDeclaration9>(x.self, 'VertexDeclaration').GetDeclaration(c.pElement()),
} satisfies Handlers;

/** One reusable accessor object per command, so dispatch allocates nothing. */
export function commandPool(): { [K in CommandName]: CommandOf<K> } {
  const pool: Record<string, unknown> = {};
  for (const name of Object.keys(HANDLERS)) pool[name] = new (fb as unknown as Record<string, new () => unknown>)[name]();
  return pool as { [K in CommandName]: CommandOf<K> };
}
