/**
 * The D3D9-shaped interfaces (contract 1): method names and parameter order are
 * D3D9's, out-parameters come back in a result object, and an application's
 * mistake is an HRESULT, never an exception. The emulated device, the no-op
 * device and the recording wrappers all implement these.
 */
import type { D3DGAMMARAMP, D3DVERTEXELEMENT9, HRESULT } from '../d3d9/index.js';
import type { D3DCAPS9 } from './caps.js';
import type { D3DADAPTER_IDENTIFIER9, D3DDISPLAYMODEEX, D3DDISPLAYMODEFILTER, D3DLUID } from './adapter.js';
import type { DisplayMode as D3DDISPLAYMODE } from './machine.js';

export type { D3DADAPTER_IDENTIFIER9, D3DDISPLAYMODE, D3DDISPLAYMODEEX, D3DDISPLAYMODEFILTER, D3DGAMMARAMP, D3DLUID };
export interface D3DDEVICE_CREATION_PARAMETERS { AdapterOrdinal: number; DeviceType: number; hFocusWindow: NULLPTR; BehaviorFlags: number }

export type BOOL = boolean | number;
/** A pointer that must be NULL in replay9 (shared handles, windows, dirty regions). */
export type NULLPTR = null | number;

export interface RECT { left: number; top: number; right: number; bottom: number }
export interface POINT { x: number; y: number }
export interface D3DVIEWPORT9 { X: number; Y: number; Width: number; Height: number; MinZ: number; MaxZ: number }
export interface D3DCOLORVALUE { r: number; g: number; b: number; a: number }
export interface D3DVECTOR { x: number; y: number; z: number }
export interface D3DMATRIX {
  _11: number; _12: number; _13: number; _14: number;
  _21: number; _22: number; _23: number; _24: number;
  _31: number; _32: number; _33: number; _34: number;
  _41: number; _42: number; _43: number; _44: number;
}
/** A plane a·x + b·y + c·z + d·w = 0 (SetClipPlane's float[4]; D3DX names its members a, b, c, d) */
export interface D3DPLANE { a: number; b: number; c: number; d: number }
export interface D3DCLIPSTATUS9 { ClipUnion: number; ClipIntersection: number }
export interface D3DMATERIAL9 { Diffuse: D3DCOLORVALUE; Ambient: D3DCOLORVALUE; Specular: D3DCOLORVALUE; Emissive: D3DCOLORVALUE; Power: number }
export interface D3DLIGHT9 {
  Type: number;
  Diffuse: D3DCOLORVALUE; Specular: D3DCOLORVALUE; Ambient: D3DCOLORVALUE;
  Position: D3DVECTOR; Direction: D3DVECTOR;
  Range: number; Falloff: number; Attenuation0: number; Attenuation1: number; Attenuation2: number;
  Theta: number; Phi: number;
}
export interface D3DPRESENT_PARAMETERS {
  BackBufferWidth: number;
  BackBufferHeight: number;
  BackBufferFormat: number;
  BackBufferCount: number;
  MultiSampleType: number;
  MultiSampleQuality: number;
  SwapEffect: number;
  hDeviceWindow: NULLPTR;
  Windowed: BOOL;
  EnableAutoDepthStencil: BOOL;
  AutoDepthStencilFormat: number;
  Flags: number;
  FullScreen_RefreshRateInHz: number;
  PresentationInterval: number;
}
export interface D3DLOCKED_RECT {
  Pitch: number;
  /** the locked bytes: row r of the rect starts at r * Pitch */
  pBits: Uint8Array;
}
export interface D3DSURFACE_DESC {
  Format: number; Type: number; Usage: number; Pool: number;
  MultiSampleType: number; MultiSampleQuality: number; Width: number; Height: number;
}
export interface D3DBOX { Left: number; Top: number; Right: number; Bottom: number; Front: number; Back: number }
export interface D3DLOCKED_BOX {
  RowPitch: number;
  SlicePitch: number;
  /** the locked bytes: row r of slice z of the box starts at z * SlicePitch + r * RowPitch */
  pBits: Uint8Array;
}
export interface D3DVOLUME_DESC { Format: number; Type: number; Usage: number; Pool: number; Width: number; Height: number; Depth: number }
export interface D3DVERTEXBUFFER_DESC { Format: number; Type: number; Usage: number; Pool: number; Size: number; FVF: number }
export interface D3DINDEXBUFFER_DESC { Format: number; Type: number; Usage: number; Pool: number; Size: number }
/** One texture palette entry; peFlags is the entry's alpha. */
export interface PALETTEENTRY { peRed: number; peGreen: number; peBlue: number; peFlags: number }
export interface D3DRECTPATCH_INFO {
  StartVertexOffsetWidth: number; StartVertexOffsetHeight: number; Width: number; Height: number; Stride: number; Basis: number; Degree: number;
}
export interface D3DTRIPATCH_INFO { StartVertexOffset: number; NumVertices: number; Basis: number; Degree: number }
/** pNumSegs of DrawRectPatch: the segments of each of the four edges */
export interface RECTPATCH_SEGMENTS { Edge0: number; Edge1: number; Edge2: number; Edge3: number }
/** pNumSegs of DrawTriPatch: the segments of each of the three edges */
export interface TRIPATCH_SEGMENTS { Edge0: number; Edge1: number; Edge2: number }
/** Bytes as D3D9 reads them: any typed array or DataView (its bytes), or an ArrayBuffer. */
export type BYTES = ArrayBufferView | ArrayBuffer;
export interface D3DRASTER_STATUS { InVBlank: BOOL; ScanLine: number }
export interface LARGE_INTEGER { LowPart: number; HighPart: number }
export interface D3DPRESENTSTATS { PresentCount: number; PresentRefreshCount: number; SyncRefreshCount: number; SyncQPCTime: LARGE_INTEGER; SyncGPUTime: LARGE_INTEGER }

export interface IUnknown {
  /** Returns the new reference count. */
  AddRef(): number;
  /** Returns the reference count left. */
  Release(): number;
  /** `riid`: an IID (`IID.IDirect3DTexture9`); the object itself, AddRef'd, or E_NOINTERFACE and nothing. */
  QueryInterface(riid: string): { hr: HRESULT; ppvObject?: IUnknown };
}

/** GetPrivateData's answer: the bytes, or the object of a D3DSPD_IUNKNOWN entry (AddRef'd), and the entry's size. */
export type PrivateDataResult = { hr: HRESULT; data?: Uint8Array; object?: IUnknown; sizeOfData?: number };

/** The private-data methods of IDirect3DResource9 and IDirect3DVolume9. */
export interface PrivateDataMethods {
  /** `pData`: the bytes, or with D3DSPD_IUNKNOWN the object (SizeOfData then sizeof(IUnknown *), 4). */
  SetPrivateData(refguid: string, pData: BYTES | IUnknown | null, SizeOfData: number, Flags: number): HRESULT;
  /** `pData` FALSE: pData NULL, a size query; `SizeOfData`: *pSizeOfData on entry. */
  GetPrivateData(refguid: string, pData: BOOL, SizeOfData: number): PrivateDataResult;
  FreePrivateData(refguid: string): HRESULT;
}

/** Which level (and cube face) of a texture a lock is on. */
export interface LockSub { level: number; face: number }

/** Non-D3D9 access that recording and replay need to carry lock contents. */
export interface LockData {
  /** the bytes of the open lock (of that level and face, for textures), rows packed (no pitch padding) */
  captureLock(sub?: LockSub): Uint8Array | undefined;
  /** writes packed bytes into that open lock; false when the size differs */
  restoreLock(data: Uint8Array, sub?: LockSub): boolean;
}

export interface IDirect3D9 extends IUnknown {
  CreateDevice(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS): { hr: HRESULT; device?: IDirect3DDevice9 };
  GetDeviceCaps(Adapter: number, DeviceType: number): { hr: HRESULT; caps?: D3DCAPS9 };
  CheckDeviceFormat(Adapter: number, DeviceType: number, AdapterFormat: number, Usage: number, RType: number, CheckFormat: number): HRESULT;
  CheckDeviceFormatConversion(Adapter: number, DeviceType: number, SourceFormat: number, TargetFormat: number): HRESULT;
  CheckDepthStencilMatch(Adapter: number, DeviceType: number, AdapterFormat: number, RenderTargetFormat: number, DepthStencilFormat: number): HRESULT;
  CheckDeviceMultiSampleType(Adapter: number, DeviceType: number, SurfaceFormat: number, Windowed: BOOL, MultiSampleType: number): { hr: HRESULT; qualityLevels?: number };
  GetAdapterCount(): number;
  GetAdapterModeCount(Adapter: number, Format: number): number;
  EnumAdapterModes(Adapter: number, Format: number, Mode: number): { hr: HRESULT; mode?: D3DDISPLAYMODE };
  GetAdapterDisplayMode(Adapter: number): { hr: HRESULT; mode?: D3DDISPLAYMODE };
  /** the identifier's strings come back in `identifier` and again on their own (driver, description, deviceName, deviceIdentifier) */
  GetAdapterIdentifier(Adapter: number, Flags: number): { hr: HRESULT; identifier?: D3DADAPTER_IDENTIFIER9; driver?: string; description?: string; deviceName?: string; deviceIdentifier?: string };
  /** the HMONITOR; 0 is NULL */
  GetAdapterMonitor(Adapter: number): number;
  CheckDeviceType(Adapter: number, DevType: number, AdapterFormat: number, BackBufferFormat: number, bWindowed: BOOL): HRESULT;
  RegisterSoftwareDevice(pInitializeFunction: NULLPTR): HRESULT;
}

/** IDirect3D9Ex: the Direct3D9 object with `ex` set (Direct3DCreate9Ex). */
export interface IDirect3D9Ex extends IDirect3D9 {
  CreateDeviceEx(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS, pFullscreenDisplayMode: D3DDISPLAYMODEEX | null): { hr: HRESULT; device?: IDirect3DDevice9Ex };
  GetAdapterModeCountEx(Adapter: number, pFilter: D3DDISPLAYMODEFILTER | null): number;
  EnumAdapterModesEx(Adapter: number, pFilter: D3DDISPLAYMODEFILTER | null, Mode: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX };
  GetAdapterDisplayModeEx(Adapter: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number };
  GetAdapterLUID(Adapter: number): { hr: HRESULT; luid?: D3DLUID };
}

export interface IDirect3DResource9 extends IUnknown, PrivateDataMethods {
  GetDevice(): { hr: HRESULT; device?: IUnknown };
  /** The previous priority (MANAGED resources keep one; the others answer 0). */
  SetPriority(PriorityNew: number): number;
  GetPriority(): number;
  /** void in D3D9; D3D_OK here */
  PreLoad(): HRESULT;
  /** D3DRESOURCETYPE */
  GetType(): number;
}

export interface IDirect3DSurface9 extends IDirect3DResource9, LockData {
  LockRect(pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT };
  UnlockRect(): HRESULT;
  GetDesc(): { hr: HRESULT; desc?: D3DSURFACE_DESC };
  /** The texture, cube texture or device the surface belongs to, as interface `riid` asks (AddRef'd). */
  GetContainer(riid: string): { hr: HRESULT; container?: IUnknown };
  /** An opaque device-context handle. */
  GetDC(): { hr: HRESULT; hdc?: number };
  ReleaseDC(hdc: number): HRESULT;
}

export interface IDirect3DBaseTexture9 extends IDirect3DResource9 {
  GetLevelCount(): number;
  /** MANAGED textures: the previous LOD, the new one clamped to the last level; other pools: 0, ignored. */
  SetLOD(LODNew: number): number;
  GetLOD(): number;
  SetAutoGenFilterType(FilterType: number): HRESULT;
  GetAutoGenFilterType(): number;
  /** void in D3D9; D3D_OK here */
  GenerateMipSubLevels(): HRESULT;
}

export interface IDirect3DTexture9 extends IDirect3DBaseTexture9, LockData {
  GetSurfaceLevel(Level: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DSURFACE_DESC };
  LockRect(Level: number, pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT };
  UnlockRect(Level: number): HRESULT;
  AddDirtyRect(pDirtyRect: RECT | null): HRESULT;
}

export interface IDirect3DCubeTexture9 extends IDirect3DBaseTexture9, LockData {
  GetCubeMapSurface(FaceType: number, Level: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DSURFACE_DESC };
  LockRect(FaceType: number, Level: number, pRect: RECT | null, Flags: number): { hr: HRESULT; lockedRect?: D3DLOCKED_RECT };
  UnlockRect(FaceType: number, Level: number): HRESULT;
  AddDirtyRect(FaceType: number, pDirtyRect: RECT | null): HRESULT;
}

export interface IDirect3DVolumeTexture9 extends IDirect3DBaseTexture9, LockData {
  GetLevelDesc(Level: number): { hr: HRESULT; desc?: D3DVOLUME_DESC };
  GetVolumeLevel(Level: number): { hr: HRESULT; volume?: IDirect3DVolume9 };
  LockBox(Level: number, pBox: D3DBOX | null, Flags: number): { hr: HRESULT; lockedVolume?: D3DLOCKED_BOX };
  UnlockBox(Level: number): HRESULT;
  AddDirtyBox(pDirtyBox: D3DBOX | null): HRESULT;
}

/** A level of a volume texture; derives from IUnknown, not IDirect3DResource9. */
export interface IDirect3DVolume9 extends IUnknown, PrivateDataMethods, LockData {
  GetDevice(): { hr: HRESULT; device?: IUnknown };
  GetDesc(): D3DVOLUME_DESC;
  GetContainer(riid: string): { hr: HRESULT; container?: IDirect3DVolumeTexture9 };
  LockBox(pBox: D3DBOX | null, Flags: number): { hr: HRESULT; lockedVolume?: D3DLOCKED_BOX };
  UnlockBox(): HRESULT;
}

export interface IDirect3DVertexBuffer9 extends IDirect3DResource9, LockData {
  Lock(OffsetToLock: number, SizeToLock: number, Flags: number): { hr: HRESULT; data?: Uint8Array };
  Unlock(): HRESULT;
  GetDesc(): { hr: HRESULT; desc?: D3DVERTEXBUFFER_DESC };
}

export interface IDirect3DIndexBuffer9 extends IDirect3DResource9, LockData {
  Lock(OffsetToLock: number, SizeToLock: number, Flags: number): { hr: HRESULT; data?: Uint8Array };
  Unlock(): HRESULT;
  GetDesc(): { hr: HRESULT; desc?: D3DINDEXBUFFER_DESC };
}

export interface IDirect3DVertexDeclaration9 extends IUnknown {
  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 };
  /** `pElement` FALSE: pElement NULL, asking for the number of elements (D3DDECL_END counted). */
  GetDeclaration(pElement: BOOL): { hr: HRESULT; element?: D3DVERTEXELEMENT9[]; numElements?: number };
}

/** A shader's token stream as the application passes it: DWORDs (a Uint32Array) or their bytes. */
export type SHADER_TOKENS = BYTES;

/** IDirect3DVertexShader9 and IDirect3DPixelShader9 have the same two methods. */
export interface ShaderObject9 extends IUnknown {
  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 };
  /** pData: whether a buffer is given (NULL reports the size); pSizeOfData: *pSizeOfData on entry */
  GetFunction(pData: BOOL, pSizeOfData: number): { hr: HRESULT; data?: Uint8Array | null; sizeOfData?: number };
}
export interface IDirect3DVertexShader9 extends ShaderObject9 {}
export interface IDirect3DPixelShader9 extends ShaderObject9 {}
export interface IDirect3DQuery9 extends IUnknown {
  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 };
  GetType(): number;
  GetDataSize(): number;
  Issue(dwIssueFlags: number): HRESULT;
  /** pData: the bytes GetData wrote (dwSize of them at most); absent when it wrote none (S_FALSE, dwSize 0) */
  GetData(dwSize: number, dwGetDataFlags: number): { hr: HRESULT; data?: Uint8Array };
}

export interface IDirect3DStateBlock9 extends IUnknown {
  GetDevice(): { hr: HRESULT; device?: IUnknown };
  Capture(): HRESULT;
  Apply(): HRESULT;
}

export interface IDirect3DDevice9 extends IUnknown {
  /** pSharedHandle: NULL, or (an IDirect3DDevice9Ex, SYSTEMMEM, one level) the bytes of level 0, rows packed at the level's pitch */
  CreateTexture(Width: number, Height: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle?: NULLPTR | BYTES): { hr: HRESULT; texture?: IDirect3DTexture9 };
  CreateVolumeTexture(Width: number, Height: number, Depth: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle?: NULLPTR): { hr: HRESULT; volumeTexture?: IDirect3DVolumeTexture9 };
  CreateCubeTexture(EdgeLength: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle?: NULLPTR): { hr: HRESULT; cubeTexture?: IDirect3DCubeTexture9 };
  CreateRenderTarget(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Lockable: BOOL, pSharedHandle?: NULLPTR): { hr: HRESULT; surface?: IDirect3DSurface9 };
  CreateDepthStencilSurface(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Discard: BOOL, pSharedHandle?: NULLPTR): { hr: HRESULT; surface?: IDirect3DSurface9 };
  CreateOffscreenPlainSurface(Width: number, Height: number, Format: number, Pool: number, pSharedHandle?: NULLPTR): { hr: HRESULT; surface?: IDirect3DSurface9 };
  CreateVertexBuffer(Length: number, Usage: number, FVF: number, Pool: number, pSharedHandle?: NULLPTR): { hr: HRESULT; vertexBuffer?: IDirect3DVertexBuffer9 };
  CreateIndexBuffer(Length: number, Usage: number, Format: number, Pool: number, pSharedHandle?: NULLPTR): { hr: HRESULT; indexBuffer?: IDirect3DIndexBuffer9 };
  GetBackBuffer(iSwapChain: number, iBackBuffer: number, Type: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  GetDepthStencilSurface(): { hr: HRESULT; surface?: IDirect3DSurface9 };
  GetRenderTarget(RenderTargetIndex: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  SetRenderTarget(RenderTargetIndex: number, pRenderTarget: IDirect3DSurface9 | null): HRESULT;
  SetDepthStencilSurface(pNewZStencil: IDirect3DSurface9 | null): HRESULT;

  SetRenderState(State: number, Value: number): HRESULT;
  SetSamplerState(Sampler: number, Type: number, Value: number): HRESULT;
  SetTextureStageState(Stage: number, Type: number, Value: number): HRESULT;
  SetTexture(Stage: number, pTexture: IDirect3DBaseTexture9 | null): HRESULT;
  SetTransform(State: number, pMatrix: D3DMATRIX | null): HRESULT;
  SetViewport(pViewport: D3DVIEWPORT9 | null): HRESULT;
  SetScissorRect(pRect: RECT | null): HRESULT;
  SetFVF(FVF: number): HRESULT;
  SetStreamSource(StreamNumber: number, pStreamData: IDirect3DVertexBuffer9 | null, OffsetInBytes: number, Stride: number): HRESULT;
  SetIndices(pIndexData: IDirect3DIndexBuffer9 | null): HRESULT;
  CreateVertexDeclaration(pVertexElements: readonly D3DVERTEXELEMENT9[] | null): { hr: HRESULT; vertexDeclaration?: IDirect3DVertexDeclaration9 };
  SetVertexDeclaration(pDecl: IDirect3DVertexDeclaration9 | null): HRESULT;
  GetVertexDeclaration(): { hr: HRESULT; vertexDeclaration?: IDirect3DVertexDeclaration9 };
  SetStreamSourceFreq(StreamNumber: number, Setting: number): HRESULT;
  GetStreamSourceFreq(StreamNumber: number): { hr: HRESULT; setting?: number };
  CreateVertexShader(pFunction: SHADER_TOKENS | null): { hr: HRESULT; vertexShader?: IDirect3DVertexShader9 };
  CreatePixelShader(pFunction: SHADER_TOKENS | null): { hr: HRESULT; pixelShader?: IDirect3DPixelShader9 };
  SetVertexShader(pShader: IDirect3DVertexShader9 | null): HRESULT;
  GetVertexShader(): { hr: HRESULT; vertexShader?: IDirect3DVertexShader9 | null };
  SetPixelShader(pShader: IDirect3DPixelShader9 | null): HRESULT;
  GetPixelShader(): { hr: HRESULT; pixelShader?: IDirect3DPixelShader9 | null };
  /** constant data: 4 floats (F) or 4 ints (I) per register, one BOOL (4 bytes) per register (B), as a typed array */
  SetVertexShaderConstantF(StartRegister: number, pConstantData: BYTES | null, Vector4fCount: number): HRESULT;
  GetVertexShaderConstantF(StartRegister: number, Vector4fCount: number): { hr: HRESULT; constantData?: Float32Array };
  SetVertexShaderConstantI(StartRegister: number, pConstantData: BYTES | null, Vector4iCount: number): HRESULT;
  GetVertexShaderConstantI(StartRegister: number, Vector4iCount: number): { hr: HRESULT; constantData?: Int32Array };
  SetVertexShaderConstantB(StartRegister: number, pConstantData: BYTES | null, BoolCount: number): HRESULT;
  GetVertexShaderConstantB(StartRegister: number, BoolCount: number): { hr: HRESULT; constantData?: Uint32Array };
  SetPixelShaderConstantF(StartRegister: number, pConstantData: BYTES | null, Vector4fCount: number): HRESULT;
  GetPixelShaderConstantF(StartRegister: number, Vector4fCount: number): { hr: HRESULT; constantData?: Float32Array };
  SetPixelShaderConstantI(StartRegister: number, pConstantData: BYTES | null, Vector4iCount: number): HRESULT;
  GetPixelShaderConstantI(StartRegister: number, Vector4iCount: number): { hr: HRESULT; constantData?: Int32Array };
  SetPixelShaderConstantB(StartRegister: number, pConstantData: BYTES | null, BoolCount: number): HRESULT;
  GetPixelShaderConstantB(StartRegister: number, BoolCount: number): { hr: HRESULT; constantData?: Uint32Array };
  SetMaterial(pMaterial: D3DMATERIAL9 | null): HRESULT;
  SetLight(Index: number, pLight: D3DLIGHT9 | null): HRESULT;
  LightEnable(Index: number, Enable: BOOL): HRESULT;

  GetRenderState(State: number): { hr: HRESULT; value?: number };
  GetSamplerState(Sampler: number, Type: number): { hr: HRESULT; value?: number };
  GetTextureStageState(Stage: number, Type: number): { hr: HRESULT; value?: number };
  GetTexture(Stage: number): { hr: HRESULT; texture?: IDirect3DBaseTexture9 | null };
  GetTransform(State: number): { hr: HRESULT; matrix?: D3DMATRIX };
  GetViewport(): { hr: HRESULT; viewport?: D3DVIEWPORT9 };
  GetScissorRect(): { hr: HRESULT; rect?: RECT };
  GetFVF(): { hr: HRESULT; fvf?: number };
  GetStreamSource(StreamNumber: number): { hr: HRESULT; streamData?: IDirect3DVertexBuffer9 | null; offsetInBytes?: number; stride?: number };
  GetIndices(): { hr: HRESULT; indexData?: IDirect3DIndexBuffer9 | null };
  GetMaterial(): { hr: HRESULT; material?: D3DMATERIAL9 };
  GetLight(Index: number): { hr: HRESULT; light?: D3DLIGHT9 };
  GetLightEnable(Index: number): { hr: HRESULT; enable?: number };
  GetSoftwareVertexProcessing(): BOOL;
  GetNPatchMode(): number;
  SetSoftwareVertexProcessing(bSoftware: BOOL): HRESULT;
  SetNPatchMode(nSegments: number): HRESULT;
  SetPaletteEntries(PaletteNumber: number, pEntries: readonly PALETTEENTRY[] | null): HRESULT;
  GetPaletteEntries(PaletteNumber: number): { hr: HRESULT; entries?: PALETTEENTRY[] };
  SetCurrentTexturePalette(PaletteNumber: number): HRESULT;
  GetCurrentTexturePalette(): { hr: HRESULT; paletteNumber?: number };
  DrawRectPatch(Handle: number, pNumSegs: RECTPATCH_SEGMENTS | null, pRectPatchInfo: D3DRECTPATCH_INFO | null): HRESULT;
  DrawTriPatch(Handle: number, pNumSegs: TRIPATCH_SEGMENTS | null, pTriPatchInfo: D3DTRIPATCH_INFO | null): HRESULT;
  DeletePatch(Handle: number): HRESULT;
  SetClipPlane(Index: number, pPlane: D3DPLANE | null): HRESULT;
  GetClipPlane(Index: number): { hr: HRESULT; plane?: D3DPLANE };
  SetClipStatus(pClipStatus: D3DCLIPSTATUS9 | null): HRESULT;
  GetClipStatus(): { hr: HRESULT; clipStatus?: D3DCLIPSTATUS9 };
  MultiplyTransform(State: number, pMatrix: D3DMATRIX | null): HRESULT;
  ProcessVertices(SrcStartIndex: number, DestIndex: number, VertexCount: number, pDestBuffer: IDirect3DVertexBuffer9 | null, pVertexDecl: IDirect3DVertexDeclaration9 | null, Flags: number): HRESULT;

  BeginScene(): HRESULT;
  EndScene(): HRESULT;
  Clear(Count: number, pRects: readonly RECT[] | null, Flags: number, Color: number, Z: number, Stencil: number): HRESULT;
  ColorFill(pSurface: IDirect3DSurface9 | null, pRect: RECT | null, color: number): HRESULT;
  StretchRect(pSourceSurface: IDirect3DSurface9 | null, pSourceRect: RECT | null, pDestSurface: IDirect3DSurface9 | null, pDestRect: RECT | null, Filter: number): HRESULT;
  UpdateSurface(pSourceSurface: IDirect3DSurface9 | null, pSourceRect: RECT | null, pDestinationSurface: IDirect3DSurface9 | null, pDestPoint: POINT | null): HRESULT;
  UpdateTexture(pSourceTexture: IDirect3DBaseTexture9 | null, pDestinationTexture: IDirect3DBaseTexture9 | null): HRESULT;
  GetRenderTargetData(pRenderTarget: IDirect3DSurface9 | null, pDestSurface: IDirect3DSurface9 | null): HRESULT;
  DrawPrimitive(PrimitiveType: number, StartVertex: number, PrimitiveCount: number): HRESULT;
  DrawIndexedPrimitive(PrimitiveType: number, BaseVertexIndex: number, MinVertexIndex: number, NumVertices: number, startIndex: number, primCount: number): HRESULT;
  DrawPrimitiveUP(PrimitiveType: number, PrimitiveCount: number, pVertexStreamZeroData: BYTES | null, VertexStreamZeroStride: number): HRESULT;
  DrawIndexedPrimitiveUP(PrimitiveType: number, MinVertexIndex: number, NumVertices: number, PrimitiveCount: number, pIndexData: BYTES | null, IndexDataFormat: number, pVertexStreamZeroData: BYTES | null, VertexStreamZeroStride: number): HRESULT;

  BeginStateBlock(): HRESULT;
  EndStateBlock(): { hr: HRESULT; stateBlock?: IDirect3DStateBlock9 };
  CreateStateBlock(Type: number): { hr: HRESULT; stateBlock?: IDirect3DStateBlock9 };
  /** ppQuery null: only asks whether the type is supported (D3D_OK or D3DERR_NOTAVAILABLE), creating nothing */
  CreateQuery(Type: number, ppQuery?: null): { hr: HRESULT; query?: IDirect3DQuery9 };
  Present(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR): HRESULT;
  Reset(pPresentationParameters: D3DPRESENT_PARAMETERS): HRESULT;

  GetDeviceCaps(): { hr: HRESULT; caps?: D3DCAPS9 };
  /** the IDirect3D9 that created the device, AddRef'd */
  GetDirect3D(): { hr: HRESULT; d3d?: IDirect3D9 };
  GetCreationParameters(): { hr: HRESULT; parameters?: D3DDEVICE_CREATION_PARAMETERS };
  GetAvailableTextureMem(): number;
  /** void in D3D9; D3D_OK here */
  SetGammaRamp(iSwapChain: number, Flags: number, pRamp: D3DGAMMARAMP | null): HRESULT;
  /** void in D3D9: D3D_OK, and no ramp for a swap chain that does not exist */
  GetGammaRamp(iSwapChain: number): { hr: HRESULT; ramp?: D3DGAMMARAMP };
  /** void in D3D9; D3D_OK here */
  SetCursorPosition(X: number, Y: number, Flags: number): HRESULT;
  SetCursorProperties(XHotSpot: number, YHotSpot: number, pCursorBitmap: IDirect3DSurface9 | null): HRESULT;
  ShowCursor(bShow: BOOL): boolean;
  SetDialogBoxMode(bEnableDialogs: BOOL): HRESULT;
  EvictManagedResources(): HRESULT;
  ValidateDevice(): { hr: HRESULT; numPasses?: number };
  CreateAdditionalSwapChain(pPresentationParameters: D3DPRESENT_PARAMETERS | null): { hr: HRESULT; swapChain?: IDirect3DSwapChain9 };
  GetSwapChain(iSwapChain: number): { hr: HRESULT; swapChain?: IDirect3DSwapChain9 };
  GetNumberOfSwapChains(): number;
  GetFrontBufferData(iSwapChain: number, pDestSurface: IDirect3DSurface9 | null): HRESULT;
  GetRasterStatus(iSwapChain: number): { hr: HRESULT; rasterStatus?: D3DRASTER_STATUS };
  GetDisplayMode(iSwapChain: number): { hr: HRESULT; mode?: D3DDISPLAYMODE };
  TestCooperativeLevel(): HRESULT;
}

export interface IDirect3DSwapChain9 extends IUnknown {
  Present(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR, dwFlags: number): HRESULT;
  GetFrontBufferData(pDestSurface: IDirect3DSurface9 | null): HRESULT;
  GetBackBuffer(iBackBuffer: number, Type: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  GetRasterStatus(): { hr: HRESULT; rasterStatus?: D3DRASTER_STATUS };
  GetDisplayMode(): { hr: HRESULT; mode?: D3DDISPLAYMODE };
  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 };
  GetPresentParameters(): { hr: HRESULT; presentationParameters?: D3DPRESENT_PARAMETERS };
}

/** IDirect3DSwapChain9Ex: the swap chain object (one class for both). */
export interface IDirect3DSwapChain9Ex extends IDirect3DSwapChain9 {
  GetLastPresentCount(): { hr: HRESULT; lastPresentCount?: number };
  GetPresentStats(): { hr: HRESULT; presentationStatistics?: D3DPRESENTSTATS };
  GetDisplayModeEx(): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number };
}

/** The D3DPERF_* marker functions; a device records them, they draw nothing. */
export interface PerfMarkers {
  D3DPERF_BeginEvent(col: number, wszName: string): number;
  D3DPERF_EndEvent(): number;
  D3DPERF_SetMarker(col: number, wszName: string): void;
  D3DPERF_SetRegion(col: number, wszName: string): void;
  /** FALSE: no profiler asks for a frame to repeat */
  D3DPERF_QueryRepeatFrame(): boolean;
  D3DPERF_SetOptions(dwOptions: number): void;
  /** 0: no profiler is attached */
  D3DPERF_GetStatus(): number;
}

/** Any object the interfaces hand out. */
export type D3DObject =
  | IDirect3D9 | IDirect3DDevice9 | IDirect3DSurface9 | IDirect3DTexture9 | IDirect3DCubeTexture9
  | IDirect3DVertexBuffer9 | IDirect3DIndexBuffer9 | IDirect3DStateBlock9 | IDirect3DVolumeTexture9 | IDirect3DVolume9 | IDirect3DVertexDeclaration9
  | IDirect3DVertexShader9 | IDirect3DPixelShader9 | IDirect3DSwapChain9 | IDirect3DQuery9;

/** The property of a call's result object that holds the interface it creates, by kind of object. */
export const RESULT_KEY = {
  Direct3D9: 'd3d',
  Device: 'device',
  Surface: 'surface',
  Texture: 'texture',
  CubeTexture: 'cubeTexture',
  VertexBuffer: 'vertexBuffer',
  IndexBuffer: 'indexBuffer',
  StateBlock: 'stateBlock',
  VolumeTexture: 'volumeTexture',
  Volume: 'volume',
  VertexDeclaration: 'vertexDeclaration',
  VertexShader: 'vertexShader',
  PixelShader: 'pixelShader',
  SwapChain: 'swapChain',
  Query: 'query',
} as const;

/** A backend: how to make the root object. */
export type Direct3DCreate9Fn = (SDKVersion: number) => IDirect3D9 | null;

/** Thrown for a call the emulated device does not implement yet: a limitation of replay9, not an application error. */
export class NotImplementedError extends Error {
  override readonly name = 'NotImplementedError';
  constructor(readonly method: string) {
    super(`${method} is not implemented by the replay9 device yet`);
  }
}

/** IDirect3DDevice9Ex: the device with `ex` set (IDirect3D9Ex::CreateDeviceEx); on a plain device these methods fail. */
export interface IDirect3DDevice9Ex extends IDirect3DDevice9 {
  CreateRenderTargetEx(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Lockable: BOOL, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  CreateOffscreenPlainSurfaceEx(Width: number, Height: number, Format: number, Pool: number, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  CreateDepthStencilSurfaceEx(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Discard: BOOL, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 };
  SetGPUThreadPriority(Priority: number): HRESULT;
  GetGPUThreadPriority(): { hr: HRESULT; priority?: number };
  SetMaximumFrameLatency(MaxLatency: number): HRESULT;
  GetMaximumFrameLatency(): { hr: HRESULT; maxLatency?: number };
  CheckResourceResidency(pResourceArray: readonly IDirect3DResource9[] | null, NumResources: number): HRESULT;
  ComposeRects(pSrc: IDirect3DSurface9 | null, pDst: IDirect3DSurface9 | null, pSrcRectDescs: IDirect3DVertexBuffer9 | null, NumRects: number, pDstRectDescs: IDirect3DVertexBuffer9 | null, Operation: number, Xoffset: number, Yoffset: number): HRESULT;
  SetConvolutionMonoKernel(width: number, height: number, rows: ArrayLike<number> | null, columns: ArrayLike<number> | null): HRESULT;
  PresentEx(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR, dwFlags: number): HRESULT;
  ResetEx(pPresentationParameters: D3DPRESENT_PARAMETERS | null, pFullscreenDisplayMode: D3DDISPLAYMODEEX | null): HRESULT;
  CheckDeviceState(hDestinationWindow: NULLPTR): HRESULT;
  GetDisplayModeEx(iSwapChain: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number };
  WaitForVBlank(iSwapChain: number): HRESULT;
}
