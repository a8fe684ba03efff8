/**
 * IDirect3DDevice9 of the emulated device: resources, state, state blocks,
 * scenes, draws, Clear, ColorFill, the copies and Present. Each method
 * validates first (returning D3D9's HRESULT and changing nothing on failure),
 * then hands the pixel work to the driver.
 */
import { D3DCLEAR, D3DCREATE, D3DERR, D3DFMT, D3DPOOL, D3DPRESENTFLAG, D3DRS, D3D_OK, declarationToFvf, fvfToDeclaration, validateDeclaration, validateStreamFreq } from '../d3d9/index.js';
import type { D3DVERTEXELEMENT9, HRESULT } from '../d3d9/index.js';
import { VertexDeclaration } from './vertex-declaration.js';
import { IndexBuffer, VertexBuffer } from './buffers.js';
import { srgbWritable } from './format-support.js';
import { bufferSpec, depthStencilSpec, offscreenPlainSpec, renderTargetSpec, textureSpec } from './create.js';
import { MemoryBudget } from './memory.js';
import { covers } from './pixel-observer.js';
import type { PixelObserver } from './pixel-observer.js';
import { CLIPS_TRANSFORMED_VERTICES, deviceCaps } from './caps.js';
import type { DeviceCaps } from './caps-view.js';
import { executeCopy, planGetRenderTargetData, planUpdateSurface, updateTexture } from './copies.js';
import { executeDraw, explainMiss, planDrawIndexedPrimitive, planDrawIndexedPrimitiveUP, planDrawPrimitive, planDrawPrimitiveUP } from './draw.js';
import type { DrawCall } from '../driver/raster/draw.js';
import type { D3DCAPS9, DeviceProfile } from './caps.js';
import { clearDepthStencil, fillColor } from '../driver/blit/fill.js';
import { stretchBlit } from '../driver/blit/index.js';
import { intersect, isEmpty, wholeSurface } from '../driver/surface-view.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { DeviceState, DIRTY, MAX_SAMPLERS, MAX_SAMPLER_STATE, MAX_STAGES, MAX_STAGE_STATE, MAX_STREAMS } from './state.js';
import type { StateTarget } from './state.js';
import { StateBlock } from './state-block.js';
import { validateStretchRect } from './stretch-rect.js';
import { Surface } from './surface.js';
import type { SurfaceSpec } from './surface.js';
import { CubeTexture, Texture, textureBytes } from './texture.js';
import { VolumeTexture, volumeTextureBytes, volumeTextureSpec } from './volume.js';
import type {
  BOOL, BYTES, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPRESENT_PARAMETERS, D3DVIEWPORT9, IDirect3DBaseTexture9,
  IDirect3DCubeTexture9, IDirect3DDevice9, IDirect3DIndexBuffer9, IDirect3DStateBlock9, IDirect3DSurface9,
  IDirect3DTexture9, IDirect3DVertexBuffer9, IDirect3DVertexDeclaration9, IDirect3DVolumeTexture9, NULLPTR, POINT, RECT,
} from './types.js';

const truthy = (b: BOOL): boolean => b !== false && b !== 0;

/** The validated shape of D3DPRESENT_PARAMETERS for the implicit swap chain. */
export function swapChainSpecs(pp: D3DPRESENT_PARAMETERS): { back: SurfaceSpec; depth?: SurfaceSpec } | HRESULT {
  // windowed devices with UNKNOWN take the display format, X8R8G8B8 here
  const format = pp.BackBufferFormat === D3DFMT.UNKNOWN && truthy(pp.Windowed) ? D3DFMT.X8R8G8B8 : pp.BackBufferFormat;
  const back = renderTargetSpec(pp.BackBufferWidth, pp.BackBufferHeight, format, pp.MultiSampleType, pp.MultiSampleQuality, (pp.Flags & D3DPRESENTFLAG.LOCKABLE_BACKBUFFER) !== 0);
  if (typeof back === 'number') return back;
  if (pp.BackBufferCount > 3 || pp.SwapEffect < 1 || pp.SwapEffect > 5) return D3DERR.INVALIDCALL;
  if (!truthy(pp.EnableAutoDepthStencil)) return { back };
  const depth = depthStencilSpec(back.width, back.height, pp.AutoDepthStencilFormat, pp.MultiSampleType, pp.MultiSampleQuality, (pp.Flags & D3DPRESENTFLAG.DISCARD_DEPTHSTENCIL) !== 0);
  if (typeof depth === 'number') return depth;
  return { back, depth };
}

/** The device; `ex` marks an IDirect3DDevice9Ex (made by IDirect3D9Ex::CreateDeviceEx), one class for both. */
export class Device extends RefCounted implements IDirect3DDevice9 {
  readonly budget = new MemoryBudget();
  state: DeviceState;
  backBuffer: Surface;
  autoDepthStencil: Surface | null;
  private inScene = false;
  /** the state block BeginStateBlock started, until EndStateBlock */
  private recording: StateBlock | null = null;
  /** frames presented so far */
  presentCount = 0;
  /** inspect --history: reports every write that covers its pixel (undefined in plain replay) */
  pixelObserver?: PixelObserver;

  readonly caps: D3DCAPS9;

  constructor(public presentParameters: D3DPRESENT_PARAMETERS, specs: { back: SurfaceSpec; depth?: SurfaceSpec }, readonly profile: DeviceProfile = 'dx9', readonly behaviorFlags = 0, readonly ex = false) {
    super();
    this.caps = deviceCaps(profile);
    this.backBuffer = this.implicitSurface(specs.back)!;
    this.autoDepthStencil = this.implicitSurface(specs.depth);
    this.state = this.freshState();
  }

  /**
   * A swap-chain or auto depth-stencil surface, counted in the memory budget like any other. The
   * device owns it: its count starts at 0, a Get adds one (and a device reference), and reaching 0
   * frees nothing (Wine device.c test_refcount: implicit surfaces).
   */
  private implicitSurface(spec: SurfaceSpec | undefined): Surface | null {
    if (!spec) return null;
    this.budget.take(Surface.bytesFor(spec));
    return new Surface(spec, this.budget).ownedBy(this);
  }

  /** The device's last reference went: its own surfaces go with it. */
  protected override destroy(): void {
    this.backBuffer.freeOwned();
    this.autoDepthStencil?.freeOwned();
  }

  /** Makes a new object hold this device, as every object a device creates does (Wine device.c test_refcount). */
  private child<T extends RefCounted>(obj: T): T {
    return obj.holdParent(this);
  }

  private freshState(): DeviceState {
    const st = new DeviceState(this.autoDepthStencil !== null);
    st.renderTargets[0] = this.backBuffer;
    st.depthStencil = this.autoDepthStencil;
    this.resetViewport(st, this.backBuffer);
    return st;
  }

  private resetViewport(st: DeviceState, rt: Surface): void {
    st.setViewport({ X: 0, Y: 0, Width: rt.width, Height: rt.height, MinZ: 0, MaxZ: 1 });
    st.setScissor({ left: 0, top: 0, right: rt.width, bottom: rt.height });
  }

  /** DEFAULT-pool resources still alive: Reset refuses while any is (they would be lost with the device). */
  private readonly defaultPool = new Set<RefCounted>();

  /** Registers a DEFAULT-pool object, which leaves the set at its final Release: constant work per object. */
  private track<T extends RefCounted>(obj: T, pool: number): T {
    if (pool === D3DPOOL.DEFAULT) {
      this.defaultPool.add(obj);
      obj.onFinalRelease = () => this.defaultPool.delete(obj);
    }
    return obj;
  }

  /** DEFAULT-pool objects still alive (Reset refuses while there are any). */
  get defaultPoolCount(): number {
    return this.defaultPool.size;
  }

  private reserve(bytes: number): HRESULT {
    return this.budget.take(bytes) ? D3D_OK : D3DERR.OUTOFVIDEOMEMORY;
  }

  // ---- resources ----

  CreateTexture(Width: number, Height: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; texture?: IDirect3DTexture9 } {
    const spec = textureSpec(Width, Height, Levels, Usage, Format, Pool);
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(textureBytes(spec));
    return hr === D3D_OK ? { hr, texture: this.track(this.child(new Texture(spec, this.budget)), spec.pool) } : { hr };
  }

  CreateCubeTexture(EdgeLength: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; cubeTexture?: IDirect3DCubeTexture9 } {
    const spec = textureSpec(EdgeLength, EdgeLength, Levels, Usage, Format, Pool);
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(6 * textureBytes(spec));
    return hr === D3D_OK ? { hr, cubeTexture: this.track(this.child(new CubeTexture(spec, this.budget)), spec.pool) } : { hr };
  }

  CreateVolumeTexture(Width: number, Height: number, Depth: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; volumeTexture?: IDirect3DVolumeTexture9 } {
    const spec = volumeTextureSpec(this.caps, Width, Height, Depth, Levels, Usage, Format, Pool);
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(volumeTextureBytes(spec));
    return hr === D3D_OK ? { hr, volumeTexture: this.track(this.child(new VolumeTexture(spec, this.budget)), spec.pool) } : { hr };
  }

  private surface(spec: SurfaceSpec | HRESULT, shared: NULLPTR): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    if (typeof spec === 'number' || shared) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(Surface.bytesFor(spec));
    return hr === D3D_OK ? { hr, surface: this.track(this.child(new Surface(spec, this.budget)), spec.pool) } : { hr };
  }

  CreateRenderTarget(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Lockable: BOOL, pSharedHandle: NULLPTR = null): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    return this.surface(renderTargetSpec(Width, Height, Format, MultiSample, MultisampleQuality, truthy(Lockable)), pSharedHandle);
  }

  CreateDepthStencilSurface(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Discard: BOOL, pSharedHandle: NULLPTR = null): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    return this.surface(depthStencilSpec(Width, Height, Format, MultiSample, MultisampleQuality, truthy(Discard)), pSharedHandle);
  }

  CreateOffscreenPlainSurface(Width: number, Height: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    return this.surface(offscreenPlainSpec(Width, Height, Format, Pool), pSharedHandle);
  }

  CreateVertexBuffer(Length: number, Usage: number, FVF: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; vertexBuffer?: IDirect3DVertexBuffer9 } {
    const spec = bufferSpec(Length, Usage, FVF, Pool, false);
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(Length);
    return hr === D3D_OK ? { hr, vertexBuffer: this.track(this.child(new VertexBuffer(spec, this.budget)), spec.pool) } : { hr };
  }

  CreateIndexBuffer(Length: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; indexBuffer?: IDirect3DIndexBuffer9 } {
    const spec = bufferSpec(Length, Usage, Format, Pool, true);
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(Length);
    return hr === D3D_OK ? { hr, indexBuffer: this.track(this.child(new IndexBuffer(spec, this.budget)), spec.pool) } : { hr };
  }

  GetBackBuffer(iSwapChain: number, iBackBuffer: number, Type: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    const count = Math.max(1, this.presentParameters.BackBufferCount);
    if (iSwapChain !== 0 || iBackBuffer >= count || Type !== 0) return { hr: D3DERR.INVALIDCALL };
    // every back buffer index shows the same surface: replay9 presents by copy
    this.backBuffer.AddRef();
    return { hr: D3D_OK, surface: this.backBuffer };
  }

  GetDepthStencilSurface(): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    const ds = this.state.depthStencil;
    if (!ds) return { hr: D3DERR.NOTFOUND };
    ds.AddRef();
    return { hr: D3D_OK, surface: ds };
  }

  GetRenderTarget(RenderTargetIndex: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    if (RenderTargetIndex >= this.caps.NumSimultaneousRTs) return { hr: D3DERR.INVALIDCALL };
    const rt = this.state.renderTargets[RenderTargetIndex];
    if (!rt) return { hr: D3DERR.NOTFOUND };
    rt.AddRef();
    return { hr: D3D_OK, surface: rt };
  }

  SetRenderTarget(RenderTargetIndex: number, pRenderTarget: IDirect3DSurface9 | null): HRESULT {
    if (RenderTargetIndex >= this.caps.NumSimultaneousRTs) return D3DERR.INVALIDCALL;
    if (pRenderTarget === null) {
      // render target 0 can never be unset
      if (RenderTargetIndex === 0) return D3DERR.INVALIDCALL;
      this.state.renderTargets[RenderTargetIndex] = null;
      return D3D_OK;
    }
    if (!(pRenderTarget instanceof Surface) || !pRenderTarget.isRenderTarget) return D3DERR.INVALIDCALL;
    this.state.renderTargets[RenderTargetIndex] = pRenderTarget;
    this.state.dirty |= DIRTY.targets;
    // setting render target 0 resets the viewport and scissor rect to the whole target
    if (RenderTargetIndex === 0) this.resetViewport(this.state, pRenderTarget);
    return D3D_OK;
  }

  SetDepthStencilSurface(pNewZStencil: IDirect3DSurface9 | null): HRESULT {
    if (pNewZStencil !== null && (!(pNewZStencil instanceof Surface) || !pNewZStencil.isDepthStencil)) return D3DERR.INVALIDCALL;
    this.state.depthStencil = pNewZStencil;
    this.state.dirty |= DIRTY.targets;
    return D3D_OK;
  }

  // ---- state ----

  /** Where setters write: the state block being recorded, else the device. */
  private get target(): StateTarget {
    return this.recording ?? this.state;
  }

  SetRenderState(State: number, Value: number): HRESULT {
    if (State >= this.state.renderStates.length) return D3DERR.INVALIDCALL;
    this.target.setRenderState(State, Value);
    return D3D_OK;
  }
  SetSamplerState(Sampler: number, Type: number, Value: number): HRESULT {
    if (Sampler >= MAX_SAMPLERS || Type > MAX_SAMPLER_STATE) return D3DERR.INVALIDCALL;
    this.target.setSamplerState(Sampler, Type, Value);
    return D3D_OK;
  }
  SetTextureStageState(Stage: number, Type: number, Value: number): HRESULT {
    if (Stage >= MAX_STAGES || Type > MAX_STAGE_STATE) return D3DERR.INVALIDCALL;
    this.target.setTextureStageState(Stage, Type, Value);
    return D3D_OK;
  }
  SetTexture(Stage: number, pTexture: IDirect3DBaseTexture9 | null): HRESULT {
    if (Stage >= MAX_SAMPLERS) return D3DERR.INVALIDCALL;
    if (pTexture !== null && !(pTexture instanceof Texture || pTexture instanceof CubeTexture || pTexture instanceof VolumeTexture)) return D3DERR.INVALIDCALL;
    this.target.setTexture(Stage, pTexture);
    return D3D_OK;
  }
  SetTransform(State: number, pMatrix: D3DMATRIX | null): HRESULT {
    if (!pMatrix) return D3DERR.INVALIDCALL;
    this.target.setTransform(State, pMatrix);
    return D3D_OK;
  }
  SetViewport(pViewport: D3DVIEWPORT9 | null): HRESULT {
    const rt = this.state.renderTargets[0];
    if (!pViewport || !rt) return D3DERR.INVALIDCALL;
    const v = pViewport;
    if (v.X + v.Width > rt.width || v.Y + v.Height > rt.height || v.Width === 0 || v.Height === 0) return D3DERR.INVALIDCALL;
    if (!(v.MinZ >= 0 && v.MinZ <= 1 && v.MaxZ >= 0 && v.MaxZ <= 1)) return D3DERR.INVALIDCALL;
    this.target.setViewport(v);
    return D3D_OK;
  }
  SetScissorRect(pRect: RECT | null): HRESULT {
    if (!pRect) return D3DERR.INVALIDCALL;
    this.target.setScissor(pRect);
    return D3D_OK;
  }
  /** The device's declaration of each FVF SetFVF was given: one object per FVF (Wine device.c test_fvf_decl_management). */
  private readonly fvfDecls = new Map<number, VertexDeclaration>();

  fvfDeclaration(fvf: number): VertexDeclaration {
    let d = this.fvfDecls.get(fvf);
    if (!d) {
      d = new VertexDeclaration(this, fvfToDeclaration(fvf), fvf);
      this.fvfDecls.set(fvf, d);
    }
    return d;
  }

  SetFVF(FVF: number): HRESULT {
    const fvf = FVF >>> 0;
    this.target.setFvf(fvf);
    // an FVF sets the declaration slot to the device's declaration for it; 0 leaves the declaration as it is (test_fvf_decl_conversion)
    if (fvf !== 0) this.target.setVertexDeclaration(this.fvfDeclaration(fvf));
    return D3D_OK;
  }
  CreateVertexDeclaration(pVertexElements: readonly D3DVERTEXELEMENT9[] | null): { hr: HRESULT; vertexDeclaration?: IDirect3DVertexDeclaration9 } {
    const elements = validateDeclaration(pVertexElements, this.caps);
    if (typeof elements === 'number') return { hr: elements };
    return { hr: D3D_OK, vertexDeclaration: this.child(new VertexDeclaration(this, elements)) };
  }
  SetVertexDeclaration(pDecl: IDirect3DVertexDeclaration9 | null): HRESULT {
    if (pDecl !== null && !(pDecl instanceof VertexDeclaration)) return D3DERR.INVALIDCALL;
    this.target.setVertexDeclaration(pDecl);
    // what GetFVF reports from now on (declarationToFvf); the device's own declarations report their FVF
    this.target.setFvf(pDecl === null ? 0 : pDecl.fvf !== 0 ? pDecl.fvf : declarationToFvf(pDecl.elements));
    return D3D_OK;
  }
  GetVertexDeclaration(): { hr: HRESULT; vertexDeclaration?: IDirect3DVertexDeclaration9 } {
    const d = this.state.decl;
    if (!d) return { hr: D3D_OK };
    d.AddRef();
    return { hr: D3D_OK, vertexDeclaration: d };
  }
  SetStreamSourceFreq(StreamNumber: number, Setting: number): HRESULT {
    const hr = validateStreamFreq(StreamNumber, Setting, this.caps.MaxStreams);
    if (hr !== D3D_OK) return hr;
    this.target.setStreamFreq(StreamNumber, Setting);
    return D3D_OK;
  }
  GetStreamSourceFreq(StreamNumber: number): { hr: HRESULT; setting?: number } {
    if (StreamNumber >= this.caps.MaxStreams) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, setting: this.state.streamFreq[StreamNumber] };
  }
  SetStreamSource(StreamNumber: number, pStreamData: IDirect3DVertexBuffer9 | null, OffsetInBytes: number, Stride: number): HRESULT {
    if (StreamNumber >= MAX_STREAMS) return D3DERR.INVALIDCALL;
    if (pStreamData !== null && !(pStreamData instanceof VertexBuffer)) return D3DERR.INVALIDCALL;
    this.target.setStreamSource(StreamNumber, { buffer: pStreamData, offset: OffsetInBytes, stride: Stride });
    return D3D_OK;
  }
  SetIndices(pIndexData: IDirect3DIndexBuffer9 | null): HRESULT {
    if (pIndexData !== null && !(pIndexData instanceof IndexBuffer)) return D3DERR.INVALIDCALL;
    this.target.setIndices(pIndexData);
    return D3D_OK;
  }
  SetMaterial(pMaterial: D3DMATERIAL9 | null): HRESULT {
    if (!pMaterial) return D3DERR.INVALIDCALL;
    this.target.setMaterial(pMaterial);
    return D3D_OK;
  }
  SetLight(Index: number, pLight: D3DLIGHT9 | null): HRESULT {
    if (!pLight || pLight.Type < 1 || pLight.Type > 3) return D3DERR.INVALIDCALL;
    this.target.setLight(Index, pLight);
    return D3D_OK;
  }
  LightEnable(Index: number, Enable: BOOL): HRESULT {
    this.target.lightEnable(Index, truthy(Enable));
    return D3D_OK;
  }

  // ---- getters: the device's own state, never a state block being recorded (Wine stateblock.c: a Get while recording returns the state before BeginStateBlock) ----

  GetRenderState(State: number): { hr: HRESULT; value?: number } {
    if (State >= this.state.renderStates.length) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, value: this.state.renderStates[State] };
  }
  GetSamplerState(Sampler: number, Type: number): { hr: HRESULT; value?: number } {
    if (Sampler >= MAX_SAMPLERS || Type > MAX_SAMPLER_STATE) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, value: this.state.samplerStates[Sampler][Type] };
  }
  GetTextureStageState(Stage: number, Type: number): { hr: HRESULT; value?: number } {
    if (Stage >= MAX_STAGES || Type > MAX_STAGE_STATE) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, value: this.state.stageStates[Stage][Type] };
  }
  /** The texture on a stage, AddRef'd (the application releases it), or null. */
  GetTexture(Stage: number): { hr: HRESULT; texture?: IDirect3DBaseTexture9 | null } {
    if (Stage >= MAX_SAMPLERS) return { hr: D3DERR.INVALIDCALL };
    const t = this.state.textures[Stage];
    t?.AddRef();
    return { hr: D3D_OK, texture: t };
  }
  GetTransform(State: number): { hr: HRESULT; matrix?: D3DMATRIX } {
    return { hr: D3D_OK, matrix: { ...this.state.transform(State) } };
  }
  GetViewport(): { hr: HRESULT; viewport?: D3DVIEWPORT9 } {
    return { hr: D3D_OK, viewport: { ...this.state.viewport } };
  }
  GetScissorRect(): { hr: HRESULT; rect?: RECT } {
    return { hr: D3D_OK, rect: { ...this.state.scissor } };
  }
  GetFVF(): { hr: HRESULT; fvf?: number } {
    return { hr: D3D_OK, fvf: this.state.fvf };
  }
  /** The stream's buffer (AddRef'd, or null), offset and stride. */
  GetStreamSource(StreamNumber: number): { hr: HRESULT; streamData?: IDirect3DVertexBuffer9 | null; offsetInBytes?: number; stride?: number } {
    if (StreamNumber >= MAX_STREAMS) return { hr: D3DERR.INVALIDCALL };
    const s = this.state.streams[StreamNumber];
    s.buffer?.AddRef();
    return { hr: D3D_OK, streamData: s.buffer, offsetInBytes: s.offset, stride: s.stride };
  }
  GetIndices(): { hr: HRESULT; indexData?: IDirect3DIndexBuffer9 | null } {
    const ib = this.state.indices;
    ib?.AddRef();
    return { hr: D3D_OK, indexData: ib };
  }
  GetMaterial(): { hr: HRESULT; material?: D3DMATERIAL9 } {
    return { hr: D3D_OK, material: structuredClone(this.state.material) };
  }
  /** A light never set nor enabled is INVALIDCALL (Wine stateblock.c light_initial_data). */
  GetLight(Index: number): { hr: HRESULT; light?: D3DLIGHT9 } {
    const slot = this.state.lights.get(Index);
    return slot ? { hr: D3D_OK, light: structuredClone(slot.light) } : { hr: D3DERR.INVALIDCALL };
  }
  /** An enabled light reads back as 128, not TRUE (Wine stateblock.c light_test_data_out). */
  GetLightEnable(Index: number): { hr: HRESULT; enable?: number } {
    const slot = this.state.lights.get(Index);
    return slot ? { hr: D3D_OK, enable: slot.enabled ? 128 : 0 } : { hr: D3DERR.INVALIDCALL };
  }
  /** TRUE on a device created with D3DCREATE_SOFTWARE_VERTEXPROCESSING (there is no SetSoftwareVertexProcessing yet). */
  GetSoftwareVertexProcessing(): boolean {
    return (this.behaviorFlags & D3DCREATE.SOFTWARE_VERTEXPROCESSING) !== 0;
  }
  /** 0: N-patches off (there is no SetNPatchMode yet). */
  GetNPatchMode(): number {
    return 0;
  }

  // ---- state blocks ----

  get isRecordingStateBlock(): boolean {
    return this.recording !== null;
  }

  BeginStateBlock(): HRESULT {
    if (this.recording) return D3DERR.INVALIDCALL;
    this.recording = new StateBlock(this);
    return D3D_OK;
  }

  EndStateBlock(): { hr: HRESULT; stateBlock?: IDirect3DStateBlock9 } {
    const sb = this.recording;
    if (!sb) return { hr: D3DERR.INVALIDCALL };
    this.recording = null;
    return { hr: D3D_OK, stateBlock: this.child(sb) };
  }

  CreateStateBlock(Type: number): { hr: HRESULT; stateBlock?: IDirect3DStateBlock9 } {
    if (this.recording) return { hr: D3DERR.INVALIDCALL };
    const sb = StateBlock.create(this, Type);
    return sb ? { hr: D3D_OK, stateBlock: this.child(sb) } : { hr: D3DERR.INVALIDCALL };
  }

  // ---- scene and pixels ----

  BeginScene(): HRESULT {
    if (this.inScene) return D3DERR.INVALIDCALL;
    this.inScene = true;
    return D3D_OK;
  }
  EndScene(): HRESULT {
    if (!this.inScene) return D3DERR.INVALIDCALL;
    this.inScene = false;
    return D3D_OK;
  }

  Clear(Count: number, pRects: readonly RECT[] | null, Flags: number, Color: number, Z: number, Stencil: number): HRESULT {
    const st = this.state;
    // the docs ask for Count 0 exactly when pRects is NULL, but Windows accepts both mismatches (Wine visual.c
    // clear_test): NULL rects clear the whole viewport whatever Count says, and Count 0 clears none of the rects
    if (pRects !== null && pRects.length < Count) return D3DERR.INVALIDCALL;
    const ds = st.depthStencil;
    const wantZ = (Flags & D3DCLEAR.ZBUFFER) !== 0;
    const wantS = (Flags & D3DCLEAR.STENCIL) !== 0;
    if ((wantZ || wantS) && !ds) return D3DERR.INVALIDCALL;
    if (wantZ && !ds!.format.depth) return D3DERR.INVALIDCALL;
    if (wantS && !ds!.format.stencil) return D3DERR.INVALIDCALL;
    if (wantZ && !(Z >= 0 && Z <= 1)) return D3DERR.INVALIDCALL;
    const vp = st.viewport;
    let area: RECT = { left: vp.X, top: vp.Y, right: vp.X + vp.Width, bottom: vp.Y + vp.Height };
    if (st.renderStates[D3DRS.SCISSORTESTENABLE]) area = intersect(area, st.scissor);
    const rects = pRects === null ? [area] : pRects.slice(0, Count).map((r) => intersect(r, area));
    if (Flags & D3DCLEAR.TARGET) {
      st.renderTargets.forEach((target, i) => {
        if (!target) return;
        // SRGBWRITEENABLE converts the clear colour of render target 0 when its format allows sRGB writes; COLORWRITEENABLE does not apply
        const srgb = i === 0 && st.renderStates[D3DRS.SRGBWRITEENABLE] !== 0 && srgbWritable(target.format);
        const clipped = rects.map((r) => intersect(r, wholeSurface(target))).filter((c) => !isEmpty(c));
        const fill = (): void => { for (const c of clipped) fillColor(target, c, Color, srgb); };
        const o = this.pixelObserver;
        if (o && clipped.some((c) => covers(o, c))) o.write('Clear', target, fill);
        else fill();
      });
    }
    if ((wantZ || wantS) && ds) {
      for (const r of rects) {
        const c = intersect(r, wholeSurface(ds));
        if (!isEmpty(c)) clearDepthStencil(ds, c, wantZ ? Z : undefined, wantS ? Stencil : undefined);
      }
    }
    return D3D_OK;
  }

  ColorFill(pSurface: IDirect3DSurface9 | null, pRect: RECT | null, color: number): HRESULT {
    if (!(pSurface instanceof Surface) || pSurface.spec.pool !== D3DPOOL.DEFAULT || pSurface.locked) return D3DERR.INVALIDCALL;
    // only render targets and offscreen plain surfaces; a plain texture level or a depth buffer is refused
    const isPlain = pSurface.spec.usage === 0 && !pSurface.spec.container;
    if (!(pSurface.isRenderTarget || isPlain) || pSurface.format.kind === 'depth') return D3DERR.INVALIDCALL;
    const r = pRect ?? wholeSurface(pSurface);
    if (r.left < 0 || r.top < 0 || r.right > pSurface.width || r.bottom > pSurface.height || isEmpty(r)) return D3DERR.INVALIDCALL;
    if (typeof pSurface.lockRectFor(r) === 'number') return D3DERR.INVALIDCALL; // compressed formats fill whole blocks only
    // palette and one-bit formats have no colour to fill with
    const o = this.pixelObserver;
    if (!o || !covers(o, r)) return fillColor(pSurface, r, color) ? D3D_OK : D3DERR.INVALIDCALL;
    let ok = false;
    o.write('ColorFill', pSurface, () => { ok = fillColor(pSurface, r, color); });
    return ok ? D3D_OK : D3DERR.INVALIDCALL;
  }

  Present(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR): HRESULT {
    void pSourceRect; void pDestRect; void hDestWindowOverride; void pDirtyRegion;
    this.presentCount++;
    return D3D_OK;
  }

  // ---- arriving with the raster and blit cores and state blocks ----

  StretchRect(pSourceSurface: IDirect3DSurface9 | null, pSourceRect: RECT | null, pDestSurface: IDirect3DSurface9 | null, pDestRect: RECT | null, Filter: number): HRESULT {
    const plan = validateStretchRect({ inScene: this.inScene, profile: this.profile, caps: this.caps }, pSourceSurface, pSourceRect, pDestSurface, pDestRect, Filter);
    if (typeof plan === 'number') return plan;
    const o = this.pixelObserver;
    if (o && covers(o, plan.dstRect)) o.write('StretchRect', plan.dst, () => stretchBlit(plan));
    else stretchBlit(plan);
    return D3D_OK;
  }
  UpdateSurface(pSourceSurface: IDirect3DSurface9 | null, pSourceRect: RECT | null, pDestinationSurface: IDirect3DSurface9 | null, pDestPoint: POINT | null): HRESULT {
    const plan = planUpdateSurface(pSourceSurface, pSourceRect, pDestinationSurface, pDestPoint);
    if (typeof plan === 'number') return plan;
    // a texture level written by UpdateSurface makes its texture wholly dirty (D3D9 texture dirty regions)
    plan.dst.dirtied?.(null);
    const o = this.pixelObserver;
    const to = { left: plan.x, top: plan.y, right: plan.x + plan.rect.right - plan.rect.left, bottom: plan.y + plan.rect.bottom - plan.rect.top };
    if (!o || !covers(o, to)) return executeCopy(plan);
    let hr: HRESULT = D3D_OK;
    o.write('UpdateSurface', plan.dst, () => { hr = executeCopy(plan); });
    return hr;
  }
  UpdateTexture(pSourceTexture: IDirect3DBaseTexture9 | null, pDestinationTexture: IDirect3DBaseTexture9 | null): HRESULT {
    return updateTexture(pSourceTexture, pDestinationTexture);
  }
  GetRenderTargetData(pRenderTarget: IDirect3DSurface9 | null, pDestSurface: IDirect3DSurface9 | null): HRESULT {
    const plan = planGetRenderTargetData(pRenderTarget, pDestSurface);
    return typeof plan === 'number' ? plan : executeCopy(plan);
  }
  // ---- draws ----

  /** Runs a draw's plan: one call, or one per instance (in instance order). */
  private draw(planned: DrawCall | DrawCall[] | HRESULT, method: string): HRESULT {
    if (typeof planned === 'number') return planned;
    const plans = Array.isArray(planned) ? planned : [planned];
    const o = this.pixelObserver;
    if (o) {
      o.draw(method, this.state.renderTargets[0], (watch) => { for (const p of plans) executeDraw(this.state, this.rasterCaps, p, watch); }, () => {
        for (const p of plans) {
          const miss = explainMiss(this.state, this.rasterCaps, p, o.x, o.y);
          if (miss) return miss;
        }
        return null;
      });
    }
    else for (const p of plans) executeDraw(this.state, this.rasterCaps, p);
    return D3D_OK;
  }
  private get rasterCaps(): DeviceCaps {
    return { clipTransformedVertices: CLIPS_TRANSFORMED_VERTICES, maxPointSize: this.caps.MaxPointSize };
  }

  DrawPrimitive(PrimitiveType: number, StartVertex: number, PrimitiveCount: number): HRESULT {
    return this.draw(planDrawPrimitive(this.state, this.caps, PrimitiveType, StartVertex, PrimitiveCount), 'DrawPrimitive');
  }
  DrawIndexedPrimitive(PrimitiveType: number, BaseVertexIndex: number, MinVertexIndex: number, NumVertices: number, startIndex: number, primCount: number): HRESULT {
    return this.draw(planDrawIndexedPrimitive(this.state, this.caps, PrimitiveType, BaseVertexIndex, MinVertexIndex, NumVertices, startIndex, primCount), 'DrawIndexedPrimitive');
  }
  DrawPrimitiveUP(PrimitiveType: number, PrimitiveCount: number, pVertexStreamZeroData: BYTES | null, VertexStreamZeroStride: number): HRESULT {
    const hr = this.draw(planDrawPrimitiveUP(this.state, this.caps, PrimitiveType, PrimitiveCount, pVertexStreamZeroData, VertexStreamZeroStride), 'DrawPrimitiveUP');
    // after a user-pointer draw, stream 0 is unset (D3D9: DrawPrimitiveUP resets stream 0)
    if (hr === D3D_OK) this.state.setStreamSource(0, { buffer: null, offset: 0, stride: 0 });
    return hr;
  }
  DrawIndexedPrimitiveUP(PrimitiveType: number, MinVertexIndex: number, NumVertices: number, PrimitiveCount: number, pIndexData: BYTES | null, IndexDataFormat: number, pVertexStreamZeroData: BYTES | null, VertexStreamZeroStride: number): HRESULT {
    const hr = this.draw(planDrawIndexedPrimitiveUP(this.state, this.caps, PrimitiveType, MinVertexIndex, NumVertices, PrimitiveCount, pIndexData, IndexDataFormat, pVertexStreamZeroData, VertexStreamZeroStride), 'DrawIndexedPrimitiveUP');
    // and the indexed form unsets the index buffer too
    if (hr === D3D_OK) {
      this.state.setStreamSource(0, { buffer: null, offset: 0, stride: 0 });
      this.state.setIndices(null);
    }
    return hr;
  }
  Reset(pPresentationParameters: D3DPRESENT_PARAMETERS): HRESULT {
    if (!pPresentationParameters) return D3DERR.INVALIDCALL;
    const specs = swapChainSpecs(pPresentationParameters);
    if (typeof specs === 'number') return specs;
    // every DEFAULT-pool resource and every extra reference to the swap chain must be gone first
    const held = this.defaultPool.size > 0 || this.backBuffer.refCount > 0 || (this.autoDepthStencil?.refCount ?? 0) > 0;
    if (held) return D3DERR.INVALIDCALL;
    this.backBuffer.freeOwned();
    this.autoDepthStencil?.freeOwned();
    this.defaultPool.clear();
    this.presentParameters = { ...pPresentationParameters };
    this.backBuffer = this.implicitSurface(specs.back)!;
    this.autoDepthStencil = this.implicitSurface(specs.depth);
    // Reset returns every state to its default, as at CreateDevice
    this.state = this.freshState();
    this.inScene = false;
    this.recording = null;
    return D3D_OK;
  }
}

declareInterfaces(Device, (o) => ((o as Device).ex ? ['IDirect3DDevice9Ex', 'IDirect3DDevice9'] : ['IDirect3DDevice9']));
guardReleased(Device.prototype, 'IDirect3DDevice9', {
  QueryInterface: 'out',
  CreateTexture: 'out', CreateCubeTexture: 'out', CreateVolumeTexture: 'out', CreateRenderTarget: 'out', CreateDepthStencilSurface: 'out',
  CreateOffscreenPlainSurface: 'out', CreateVertexBuffer: 'out', CreateIndexBuffer: 'out', GetBackBuffer: 'out',
  GetDepthStencilSurface: 'out', GetRenderTarget: 'out', EndStateBlock: 'out', CreateStateBlock: 'out',
  SetRenderTarget: 'hr', SetDepthStencilSurface: 'hr', SetRenderState: 'hr', SetSamplerState: 'hr',
  SetTextureStageState: 'hr', SetTexture: 'hr', SetTransform: 'hr', SetViewport: 'hr', SetScissorRect: 'hr',
  SetFVF: 'hr', CreateVertexDeclaration: 'out', SetVertexDeclaration: 'hr', GetVertexDeclaration: 'out',
  SetStreamSourceFreq: 'hr', GetStreamSourceFreq: 'out', SetStreamSource: 'hr', SetIndices: 'hr', SetMaterial: 'hr', SetLight: 'hr', LightEnable: 'hr',
  BeginStateBlock: 'hr', BeginScene: 'hr', EndScene: 'hr', Clear: 'hr', ColorFill: 'hr', Present: 'hr',
  StretchRect: 'hr', UpdateSurface: 'hr', UpdateTexture: 'hr', GetRenderTargetData: 'hr', DrawPrimitive: 'hr',
  DrawIndexedPrimitive: 'hr', DrawPrimitiveUP: 'hr', DrawIndexedPrimitiveUP: 'hr', Reset: 'hr',
  GetRenderState: 'out', GetSamplerState: 'out', GetTextureStageState: 'out', GetTexture: 'out', GetTransform: 'out',
  GetViewport: 'out', GetScissorRect: 'out', GetFVF: 'out', GetStreamSource: 'out', GetIndices: 'out', GetMaterial: 'out',
  GetLight: 'out', GetLightEnable: 'out', GetSoftwareVertexProcessing: 'zero', GetNPatchMode: 'zero',
});
