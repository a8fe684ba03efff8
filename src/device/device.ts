/**
 * IDirect3DDevice9 of the emulated device: resources, state, state blocks,
 * scenes, draws, Clear, ColorFill, the copies and Present. Each method
 * validates first (returning D3D9's HRESULT and changing nothing on failure),
 * then hands the pixel work to the driver.
 */
import {
  D3D_OK, D3DCLEAR, D3DCREATE, D3DDEVCAPS, D3DERR, D3DFMT, D3DPOOL, D3DPRESENTFLAG, D3DRS, D3DUSAGE, declarationToFvf, fvfToDeclaration,
  gammaRampBytes, gammaRampOf, GPU_CLOCK, HR, identityGammaRamp, QUERY_TYPES, validateDeclaration, validateStreamFreq,
} from '../d3d9/index.js';
import type { D3DGAMMARAMP, D3DVERTEXELEMENT9, HRESULT, ShaderKind } from '../d3d9/index.js';
import {
  checkCursorSurface, checkDialogBoxMode, convolutionKernel, DEFAULT_FRAME_LATENCY, executeComposeRects, exUsageOk, freshMisc, MAX_FRAME_LATENCY,
  planComposeRects, userMemoryTextureOk, validateDevice,
} from './device-misc.js';
import type { DeviceMisc } from './device-misc.js';
import { AVAILABLE_TEXTURE_MEM } from './machine.js';
import { VertexDeclaration } from './vertex-declaration.js';
import { gpuCounters, Query } from './query.js';
import { IndexBuffer, VertexBuffer } from './buffers.js';
import { srgbWritable } from './format-support.js';
import { bufferSpec, depthStencilSpec, offscreenPlainSpec, renderTargetSpec, textureSpec } from './create.js';
import { MemoryBudget } from './memory.js';
import { covers } from './pixel-observer.js';
import type { PixelObserver } from './pixel-observer.js';
import { CLIPS_TRANSFORMED_VERTICES, deviceCaps } from './caps.js';
import type { DeviceCaps } from './caps-view.js';
import { executeCopy, planGetRenderTargetData, planUpdateSurface, updateTexture } from './copies.js';
import { processVertices } from './process-vertices.js';
import type { ClipStatusAccumulator } from '../driver/raster/types.js';
import { executeDraw, explainMiss, planDrawIndexedPrimitive, planDrawIndexedPrimitiveUP, planDrawPrimitive, planDrawPrimitiveUP } from './draw.js';
import type { DrawCall, SampleCounter } from '../driver/raster/draw.js';
import type { RasterState } from '../driver/raster/types.js';
import { rasterState } from './derive.js';
import type { D3DCAPS9, DeviceProfile } from './caps.js';
import { clearDepthStencil, fillColor } from '../driver/blit/fill.js';
import { stretchBlit } from '../driver/blit/index.js';
import { intersect, isEmpty, wholeSurface } from '../driver/surface-view.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { DeviceState, DIRTY, samplerSlot, MAX_SAMPLER_STATE, MAX_STAGES, MAX_STAGE_STATE, MAX_STREAMS } from './state.js';
import type { StateTarget } from './state.js';
import { StateBlock } from './state-block.js';
import { constantsToGet, constantsToSet, PixelShader, shaderTokens, VertexShader } from './shader.js';
import type { ConstType } from './shader.js';
import { validateStretchRect } from './stretch-rect.js';
import { PaletteTable, validatePaletteEntries } from './palettes.js';
import { nPatchesRequested, validateDeletePatch, validatePatchDraw } from './patches.js';
import { note } from './notes.js';
import { Surface } from './surface.js';
import type { SurfaceSpec } from './surface.js';
import { CubeTexture, Texture, textureBytes } from './texture.js';
import { VolumeTexture, volumeTextureBytes, volumeTextureSpec } from './volume.js';
import { copyFrontBuffer, SwapChain } from './swap-chain.js';
import type {
  BOOL, BYTES, D3DCLIPSTATUS9, D3DDEVICE_CREATION_PARAMETERS, D3DDISPLAYMODE, D3DDISPLAYMODEEX, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX,
  D3DPLANE, D3DPRESENT_PARAMETERS, D3DRASTER_STATUS, D3DRECTPATCH_INFO, D3DTRIPATCH_INFO, D3DVIEWPORT9, IDirect3D9, IDirect3DBaseTexture9,
  IDirect3DCubeTexture9, IDirect3DDevice9Ex, IDirect3DIndexBuffer9, IDirect3DPixelShader9, IDirect3DQuery9,
  IDirect3DResource9, IDirect3DStateBlock9, IDirect3DSurface9, IDirect3DSwapChain9, IDirect3DTexture9, IDirect3DVertexBuffer9,
  IDirect3DVertexDeclaration9, IDirect3DVertexShader9, IDirect3DVolumeTexture9, NULLPTR, PALETTEENTRY, POINT, RECT, RECTPATCH_SEGMENTS,
  TRIPATCH_SEGMENTS,
} from './types.js';
import { NotImplementedError } from './types.js';

const truthy = (b: BOOL): boolean => b !== false && b !== 0;
const toUint8 = (b: BYTES): Uint8Array => (b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength));

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
export class Device extends RefCounted implements IDirect3DDevice9Ex {
  readonly budget = new MemoryBudget();
  state: DeviceState;
  backBuffer: Surface;
  autoDepthStencil: Surface | null;
  private inScene = false;
  /** the state block BeginStateBlock started, until EndStateBlock */
  private recording: StateBlock | null = null;
  /** frames presented so far */
  presentCount = 0;
  /** swap chain 0: the device's back buffer and present parameters */
  readonly implicitSwapChain: SwapChain;
  /** additional swap chains alive (a D3D9 device refuses Reset while there are any) */
  readonly additionalSwapChains = new Set<SwapChain>();
  /** the ordinal the next additional swap chain gets (never reused: it names the chain's frames) */
  nextSwapChainOrdinal = 1;
  /** a Reset failed: the device stays lost until one succeeds (Wine device.c test_reset) */
  notReset = false;
  /** the emulated GPU's clock and occlusion sample count, which queries read */
  readonly gpu = gpuCounters();
  /** inspect --history: reports every write that covers its pixel (undefined in plain replay) */
  pixelObserver?: PixelObserver;
  /** inspect --debug-vertex: sees each draw's plans (one per instance) and the raster state it draws with, before it draws */
  drawObserver?: (method: string, plans: readonly DrawCall[], state: () => RasterState) => void;

  readonly caps: D3DCAPS9;
  /** creation parameters, gamma, cursor, dialog-box mode, priority, latency, kernel (device-misc.ts) */
  misc: DeviceMisc = freshMisc();
  /** SetPaletteEntries: the device's texture palettes (not state: Reset and state blocks leave them) */
  readonly palettes = new PaletteTable();
  /** the vertex processing mode: software on a SOFTWARE_VERTEXPROCESSING device, hardware otherwise until SetSoftwareVertexProcessing */
  softwareVertexProcessing: boolean;

  constructor(public presentParameters: D3DPRESENT_PARAMETERS, specs: { back: SurfaceSpec; depth?: SurfaceSpec }, readonly profile: DeviceProfile = 'dx9', readonly behaviorFlags = 0, readonly ex = false) {
    super();
    this.caps = deviceCaps(profile);
    this.softwareVertexProcessing = (behaviorFlags & D3DCREATE.SOFTWARE_VERTEXPROCESSING) !== 0;
    this.backBuffer = this.implicitSurface(specs.back)!;
    this.autoDepthStencil = this.implicitSurface(specs.depth);
    this.state = this.freshState();
    // the implicit swap chain is the device's own, like its surfaces: count 0 until GetSwapChain
    this.implicitSwapChain = new SwapChain(this, 0).ownedBy(this);
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
    const swvp = (this.behaviorFlags & (D3DCREATE.SOFTWARE_VERTEXPROCESSING | D3DCREATE.MIXED_VERTEXPROCESSING)) !== 0;
    const st = new DeviceState(this.autoDepthStencil !== null, swvp);
    st.palettes = this.palettes.palettes;
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

  CreateTexture(Width: number, Height: number, Levels: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR | BYTES = null): { hr: HRESULT; texture?: IDirect3DTexture9 } {
    const spec = textureSpec(Width, Height, Levels, Usage, Format, Pool);
    if (pSharedHandle && !this.ex) return { hr: HR.E_NOTIMPL };
    const memory = pSharedHandle !== null && typeof pSharedHandle === 'object' ? toUint8(pSharedHandle) : undefined;
    if (typeof spec === 'number' || (pSharedHandle && !memory)) return { hr: D3DERR.INVALIDCALL };
    if (memory && !userMemoryTextureOk(this.ex, spec, memory)) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(textureBytes(spec));
    if (hr !== D3D_OK) return { hr };
    const texture = this.track(this.child(new Texture(spec, this.budget)), spec.pool);
    if (memory) texture.levels[0].data.set(memory.subarray(0, texture.levels[0].data.length));
    return { hr, texture };
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
    if (pSharedHandle && !this.ex) return { hr: HR.E_NOTIMPL };
    return this.surface(offscreenPlainSpec(Width, Height, Format, Pool), pSharedHandle);
  }

  CreateVertexBuffer(Length: number, Usage: number, FVF: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; vertexBuffer?: IDirect3DVertexBuffer9 } {
    const spec = bufferSpec(Length, Usage, FVF, Pool, false);
    if (pSharedHandle && !this.ex) return { hr: HR.E_NOTIMPL };
    if (typeof spec === 'number' || pSharedHandle) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(Length);
    return hr === D3D_OK ? { hr, vertexBuffer: this.track(this.child(new VertexBuffer(spec, this.budget)), spec.pool) } : { hr };
  }

  CreateIndexBuffer(Length: number, Usage: number, Format: number, Pool: number, pSharedHandle: NULLPTR = null): { hr: HRESULT; indexBuffer?: IDirect3DIndexBuffer9 } {
    const spec = bufferSpec(Length, Usage, Format, Pool, true);
    if (pSharedHandle && !this.ex) return { hr: HR.E_NOTIMPL };
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
    const slot = samplerSlot(Sampler);
    if (slot < 0 || Type > MAX_SAMPLER_STATE) return D3DERR.INVALIDCALL;
    this.target.setSamplerState(slot, Type, Value);
    return D3D_OK;
  }
  SetTextureStageState(Stage: number, Type: number, Value: number): HRESULT {
    if (Stage >= MAX_STAGES || Type > MAX_STAGE_STATE) return D3DERR.INVALIDCALL;
    this.target.setTextureStageState(Stage, Type, Value);
    return D3D_OK;
  }
  SetTexture(Stage: number, pTexture: IDirect3DBaseTexture9 | null): HRESULT {
    const slot = samplerSlot(Stage);
    if (slot < 0) return D3DERR.INVALIDCALL;
    if (pTexture !== null && !(pTexture instanceof Texture || pTexture instanceof CubeTexture || pTexture instanceof VolumeTexture)) return D3DERR.INVALIDCALL;
    this.target.setTexture(slot, pTexture);
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
  // ---- shaders and their constants (src/device/shader.ts; draws run them through src/driver/raster/programmable) ----

  CreateVertexShader(pFunction: BYTES | null): { hr: HRESULT; vertexShader?: IDirect3DVertexShader9 } {
    const tokens = shaderTokens(pFunction, 'vertex', this.state.softwareVertexProcessing);
    return typeof tokens === 'number' ? { hr: tokens } : { hr: D3D_OK, vertexShader: this.child(new VertexShader(this, 'vertex', tokens)) };
  }
  CreatePixelShader(pFunction: BYTES | null): { hr: HRESULT; pixelShader?: IDirect3DPixelShader9 } {
    const tokens = shaderTokens(pFunction, 'pixel');
    return typeof tokens === 'number' ? { hr: tokens } : { hr: D3D_OK, pixelShader: this.child(new PixelShader(this, 'pixel', tokens)) };
  }
  /** NULL unbinds; binding a shader leaves the declaration and FVF as they are (and SetFVF leaves the shader). */
  SetVertexShader(pShader: IDirect3DVertexShader9 | null): HRESULT {
    if (pShader !== null && !(pShader instanceof VertexShader)) return D3DERR.INVALIDCALL;
    this.target.setVertexShader(pShader);
    return D3D_OK;
  }
  GetVertexShader(): { hr: HRESULT; vertexShader?: IDirect3DVertexShader9 | null } {
    const sh = this.state.vertexShader;
    sh?.AddRef();
    return { hr: D3D_OK, vertexShader: sh };
  }
  SetPixelShader(pShader: IDirect3DPixelShader9 | null): HRESULT {
    if (pShader !== null && !(pShader instanceof PixelShader)) return D3DERR.INVALIDCALL;
    this.target.setPixelShader(pShader);
    return D3D_OK;
  }
  GetPixelShader(): { hr: HRESULT; pixelShader?: IDirect3DPixelShader9 | null } {
    const sh = this.state.pixelShader;
    sh?.AddRef();
    return { hr: D3D_OK, pixelShader: sh };
  }
  private setConstants(stage: ShaderKind, type: ConstType, start: number, data: BYTES | null, count: number): HRESULT {
    const limits = stage === 'vertex' ? this.state.vsLimits : this.state.psLimits;
    const bytes = constantsToSet(limits[type], type, start, data, count);
    if (typeof bytes === 'number') return bytes;
    this.target.setShaderConstants(stage, type, start >>> 0, bytes);
    return D3D_OK;
  }
  private getConstants<T>(stage: ShaderKind, type: ConstType, start: number, count: number): { hr: HRESULT; constantData?: T } {
    const st = this.state;
    const [store, limits] = stage === 'vertex' ? [st.vsConst, st.vsLimits] : [st.psConst, st.psLimits];
    return constantsToGet(store, limits[type], type, start, count) as { hr: HRESULT; constantData?: T };
  }
  SetVertexShaderConstantF(StartRegister: number, pConstantData: BYTES | null, Vector4fCount: number): HRESULT { return this.setConstants('vertex', 'f', StartRegister, pConstantData, Vector4fCount); }
  GetVertexShaderConstantF(StartRegister: number, Vector4fCount: number): { hr: HRESULT; constantData?: Float32Array } { return this.getConstants('vertex', 'f', StartRegister, Vector4fCount); }
  SetVertexShaderConstantI(StartRegister: number, pConstantData: BYTES | null, Vector4iCount: number): HRESULT { return this.setConstants('vertex', 'i', StartRegister, pConstantData, Vector4iCount); }
  GetVertexShaderConstantI(StartRegister: number, Vector4iCount: number): { hr: HRESULT; constantData?: Int32Array } { return this.getConstants('vertex', 'i', StartRegister, Vector4iCount); }
  SetVertexShaderConstantB(StartRegister: number, pConstantData: BYTES | null, BoolCount: number): HRESULT { return this.setConstants('vertex', 'b', StartRegister, pConstantData, BoolCount); }
  GetVertexShaderConstantB(StartRegister: number, BoolCount: number): { hr: HRESULT; constantData?: Uint32Array } { return this.getConstants('vertex', 'b', StartRegister, BoolCount); }
  SetPixelShaderConstantF(StartRegister: number, pConstantData: BYTES | null, Vector4fCount: number): HRESULT { return this.setConstants('pixel', 'f', StartRegister, pConstantData, Vector4fCount); }
  GetPixelShaderConstantF(StartRegister: number, Vector4fCount: number): { hr: HRESULT; constantData?: Float32Array } { return this.getConstants('pixel', 'f', StartRegister, Vector4fCount); }
  SetPixelShaderConstantI(StartRegister: number, pConstantData: BYTES | null, Vector4iCount: number): HRESULT { return this.setConstants('pixel', 'i', StartRegister, pConstantData, Vector4iCount); }
  GetPixelShaderConstantI(StartRegister: number, Vector4iCount: number): { hr: HRESULT; constantData?: Int32Array } { return this.getConstants('pixel', 'i', StartRegister, Vector4iCount); }
  SetPixelShaderConstantB(StartRegister: number, pConstantData: BYTES | null, BoolCount: number): HRESULT { return this.setConstants('pixel', 'b', StartRegister, pConstantData, BoolCount); }
  GetPixelShaderConstantB(StartRegister: number, BoolCount: number): { hr: HRESULT; constantData?: Uint32Array } { return this.getConstants('pixel', 'b', StartRegister, BoolCount); }

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
    // unbinding keeps the stream's stride: GetStreamSource then reads NULL with the old stride (Wine device.c test_refcount)
    const stride = pStreamData === null ? this.state.streams[StreamNumber].stride : Stride;
    this.target.setStreamSource(StreamNumber, { buffer: pStreamData, offset: OffsetInBytes, stride });
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
    const slot = samplerSlot(Sampler);
    if (slot < 0 || Type > MAX_SAMPLER_STATE) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, value: this.state.samplerStates[slot][Type] };
  }
  GetTextureStageState(Stage: number, Type: number): { hr: HRESULT; value?: number } {
    if (Stage >= MAX_STAGES || Type > MAX_STAGE_STATE) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, value: this.state.stageStates[Stage][Type] };
  }
  /** The texture on a stage, AddRef'd (the application releases it), or null. */
  GetTexture(Stage: number): { hr: HRESULT; texture?: IDirect3DBaseTexture9 | null } {
    const slot = samplerSlot(Stage);
    if (slot < 0) return { hr: D3DERR.INVALIDCALL };
    const t = this.state.textures[slot];
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
  /** TRUE while vertices are processed in software (SetSoftwareVertexProcessing docs). */
  GetSoftwareVertexProcessing(): boolean {
    return this.softwareVertexProcessing;
  }
  /** The segment count SetNPatchMode stored, as float32 (0 by default). */
  GetNPatchMode(): number {
    return this.state.nPatchSegments;
  }
  /**
   * Only a MIXED_VERTEXPROCESSING device switches; a SOFTWARE device stays software and a HARDWARE one
   * hardware ("cannot be changed"): asking either for the other mode is D3DERR_INVALIDCALL (DXVK does the same).
   * Not recorded by state blocks (the docs).
   */
  SetSoftwareVertexProcessing(bSoftware: BOOL): HRESULT {
    const sw = truthy(bSoftware);
    const flags = this.behaviorFlags;
    if (!(flags & D3DCREATE.MIXED_VERTEXPROCESSING)) {
      const fixed = (flags & D3DCREATE.SOFTWARE_VERTEXPROCESSING) !== 0;
      if (sw !== fixed) return D3DERR.INVALIDCALL;
    }
    this.softwareVertexProcessing = sw;
    return D3D_OK;
  }
  /** Stores the segment count (float32); without D3DDEVCAPS_NPATCHES draws stay untessellated (see draw). */
  SetNPatchMode(nSegments: number): HRESULT {
    this.state.nPatchSegments = Math.fround(nSegments);
    return D3D_OK;
  }

  // ---- texture palettes (palettes.ts) ----

  SetPaletteEntries(PaletteNumber: number, pEntries: readonly PALETTEENTRY[] | null): HRESULT {
    const hr = validatePaletteEntries(PaletteNumber, pEntries, this.caps.TextureCaps);
    if (hr !== D3D_OK) return hr;
    this.palettes.set(PaletteNumber, pEntries!);
    this.state.dirty |= DIRTY.texture;
    return D3D_OK;
  }
  /** A palette never set is D3DERR_INVALIDCALL (wined3d: "native seems to silently abort" on it). */
  GetPaletteEntries(PaletteNumber: number): { hr: HRESULT; entries?: PALETTEENTRY[] } {
    const entries = this.palettes.get(PaletteNumber);
    return entries ? { hr: D3D_OK, entries } : { hr: D3DERR.INVALIDCALL };
  }
  /** Making a palette never set current is D3DERR_INVALIDCALL (wined3d, checked against the reference rasterizer). */
  SetCurrentTexturePalette(PaletteNumber: number): HRESULT {
    if (!this.palettes.has(PaletteNumber)) return D3DERR.INVALIDCALL;
    this.target.setCurrentPalette(PaletteNumber);
    return D3D_OK;
  }
  GetCurrentTexturePalette(): { hr: HRESULT; paletteNumber?: number } {
    return { hr: D3D_OK, paletteNumber: this.state.currentPalette };
  }

  // ---- high-order patches (patches.ts): the caps have neither RTPATCHES nor NPATCHES ----

  DrawRectPatch(Handle: number, pNumSegs: RECTPATCH_SEGMENTS | null, pRectPatchInfo: D3DRECTPATCH_INFO | null): HRESULT {
    void Handle; void pRectPatchInfo;
    const hr = validatePatchDraw(this.caps.DevCaps, pNumSegs);
    if (hr === D3D_OK) throw new NotImplementedError('IDirect3DDevice9::DrawRectPatch');
    return hr;
  }
  DrawTriPatch(Handle: number, pNumSegs: TRIPATCH_SEGMENTS | null, pTriPatchInfo: D3DTRIPATCH_INFO | null): HRESULT {
    void Handle; void pTriPatchInfo;
    const hr = validatePatchDraw(this.caps.DevCaps, pNumSegs);
    if (hr === D3D_OK) throw new NotImplementedError('IDirect3DDevice9::DrawTriPatch');
    return hr;
  }
  DeletePatch(Handle: number): HRESULT {
    return validateDeletePatch(Handle);
  }

  // ---- user clip planes, clip status, MultiplyTransform ----

  /**
   * Any index is accepted: one at or past MaxUserClipPlanes − 1 names the last plane (Wine device.c
   * test_clip_planes_limits: planes 0..63 all set and read back D3D_OK, those past the last supported
   * one read back the value set last). A NULL plane is D3DERR_INVALIDCALL.
   */
  SetClipPlane(Index: number, pPlane: D3DPLANE | null): HRESULT {
    if (!pPlane) return D3DERR.INVALIDCALL;
    this.target.setClipPlane(this.clipPlaneIndex(Index), pPlane);
    return D3D_OK;
  }
  GetClipPlane(Index: number): { hr: HRESULT; plane?: D3DPLANE } {
    return { hr: D3D_OK, plane: this.state.clipPlane(this.clipPlaneIndex(Index)) };
  }
  private clipPlaneIndex(index: number): number {
    return Math.min(index >>> 0, this.caps.MaxUserClipPlanes - 1);
  }
  /** Accepted on every device; only software vertex processing updates it (SetClipStatus docs). */
  SetClipStatus(pClipStatus: D3DCLIPSTATUS9 | null): HRESULT {
    if (!pClipStatus) return D3DERR.INVALIDCALL;
    this.state.clipStatus = { ClipUnion: pClipStatus.ClipUnion >>> 0, ClipIntersection: pClipStatus.ClipIntersection >>> 0 };
    return D3D_OK;
  }
  GetClipStatus(): { hr: HRESULT; clipStatus?: D3DCLIPSTATUS9 } {
    return { hr: D3D_OK, clipStatus: { ...this.state.clipStatus } };
  }
  /**
   * The transform becomes pMatrix × current (the docs: "the multiplication order is pMatrix times
   * State"), rounded to float32 as D3D9 stores it. Any State is accepted, as SetTransform does; while
   * a state block records, the product of the device's matrix lands in the block (replay9's reading).
   */
  MultiplyTransform(State: number, pMatrix: D3DMATRIX | null): HRESULT {
    if (!pMatrix) return D3DERR.INVALIDCALL;
    this.target.setTransform(State, multiplyMatrix(pMatrix, this.state.transform(State)));
    return D3D_OK;
  }
  ProcessVertices(SrcStartIndex: number, DestIndex: number, VertexCount: number, pDestBuffer: IDirect3DVertexBuffer9 | null, pVertexDecl: IDirect3DVertexDeclaration9 | null, Flags: number): HRESULT {
    const status = this.clipStatusAccumulator();
    const call = { src: SrcStartIndex, dest: DestIndex, count: VertexCount, buffer: pDestBuffer, decl: pVertexDecl, flags: Flags };
    const hr = processVertices(this.state, this.rasterCaps, this.GetSoftwareVertexProcessing(), call, status);
    if (hr === D3D_OK) this.state.clipStatus = { ClipUnion: status.union, ClipIntersection: status.intersection };
    return hr;
  }
  /** The draws' clip status accumulator, started from the device's status (one object, read back right after each draw). */
  private readonly clipAccumulator: ClipStatusAccumulator = { union: 0, intersection: 0 };
  private clipStatusAccumulator(): ClipStatusAccumulator {
    const a = this.clipAccumulator;
    a.union = this.state.clipStatus.ClipUnion;
    a.intersection = this.state.clipStatus.ClipIntersection;
    return a;
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
    return this.presentChain(this.implicitSwapChain);
  }

  /** Shows a chain's back buffer: its front buffer becomes a copy. A device lost or not reset answers DEVICELOST (Microsoft docs, TestCooperativeLevel). */
  presentChain(chain: SwapChain): HRESULT {
    if (this.notReset) return D3DERR.DEVICELOST;
    chain.capture();
    if (chain === this.implicitSwapChain) this.presentCount++;
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
    if (nPatchesRequested(this.state.nPatchSegments) && !(this.caps.DevCaps & D3DDEVCAPS.NPATCHES)) this.nPatchesIgnored(method);
    // software vertex processing computes clip codes (SetClipStatus docs); D3DRS_CLIPPING FALSE zeroes the status
    const status = this.GetSoftwareVertexProcessing() ? this.clipStatusAccumulator() : undefined;
    const counter = this.gpu.openOcclusion > 0 ? this.gpu.samples : undefined;
    // observers get a list; the closures they need live in drawObserved, so an unobserved draw makes none
    if (this.drawObserver || this.pixelObserver) this.drawObserved(Array.isArray(planned) ? planned : [planned], method, status, counter);
    else {
      this.work();
      if (Array.isArray(planned)) for (let i = 0; i < planned.length; i++) executeDraw(this.state, this.rasterCaps, planned[i], undefined, status, counter);
      else executeDraw(this.state, this.rasterCaps, planned, undefined, status, counter);
    }
    if (status) {
      const on = this.state.renderStates[D3DRS.CLIPPING] !== 0;
      const union = on ? status.union : 0, intersection = on ? status.intersection : 0;
      // a status with the same values stays the same object (it is never written, only replaced)
      const old = this.state.clipStatus;
      if (old.ClipUnion !== union || old.ClipIntersection !== intersection) this.state.clipStatus = { ClipUnion: union, ClipIntersection: intersection };
    }
    return D3D_OK;
  }

  /** N-patches asked for on a device without D3DDEVCAPS_NPATCHES: the triangles are drawn as they are. */
  private nPatchesIgnored(method: string): void {
    note('npatch-ignored', () => `${method} with SetNPatchMode(${this.state.nPatchSegments}) on a device without D3DDEVCAPS_NPATCHES: drawn without tessellation`);
  }

  /** A draw with a draw observer (it sees the plans first) or a pixel observer (it runs the draw, watching its pixel). */
  private drawObserved(plans: DrawCall[], method: string, status: ClipStatusAccumulator | undefined, counter: SampleCounter | undefined): void {
    if (this.drawObserver) this.drawObserver(method, plans, () => rasterState(this.state, this.rasterCaps));
    const o = this.pixelObserver;
    this.work();
    if (!o) {
      for (const p of plans) executeDraw(this.state, this.rasterCaps, p, undefined, status, counter);
      return;
    }
    o.draw(method, this.state.renderTargets[0], (watch) => { for (const p of plans) executeDraw(this.state, this.rasterCaps, p, watch, status, counter); }, () => {
      for (const p of plans) {
        const miss = explainMiss(this.state, this.rasterCaps, p, o.x, o.y);
        if (miss) return miss;
      }
      return null;
    });
  }

  /** Advances the GPU clock by one operation's cost (a draw, clear, fill, copy or Present that succeeded). */
  work(): void {
    this.gpu.clock += GPU_CLOCK.TICKS_PER_OPERATION;
  }

  // ---- queries ----

  CreateQuery(Type: number, ppQuery?: null): { hr: HRESULT; query?: IDirect3DQuery9 } {
    const info = QUERY_TYPES.get(Type);
    if (!info) return { hr: D3DERR.NOTAVAILABLE };
    // NULL ppQuery asks whether the type is supported and creates nothing (Wine test_query_support)
    if (ppQuery === null) return { hr: D3D_OK };
    return { hr: D3D_OK, query: this.child(new Query(this, Type, info, this.gpu)) };
  }
  /** What the raster core reads of the caps: constant for the device, so one object (never written) serves every draw. */
  private keptRasterCaps?: DeviceCaps;
  private get rasterCaps(): DeviceCaps {
    return this.keptRasterCaps ??= { clipTransformedVertices: CLIPS_TRANSFORMED_VERTICES, maxPointSize: this.caps.MaxPointSize };
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
  // ---- machine-dependent and miscellaneous methods (rules in device-misc.ts) ----

  GetDeviceCaps(): { hr: HRESULT; caps?: D3DCAPS9 } {
    return { hr: D3D_OK, caps: { ...this.caps, DeviceType: this.misc.deviceType } };
  }

  GetDirect3D(): { hr: HRESULT; d3d?: IDirect3D9 } {
    // the IDirect3D9 the device holds (its parent); none for a device made without one
    const d3d = this.parentObject as (RefCounted & IDirect3D9) | undefined;
    if (!d3d) return { hr: D3DERR.INVALIDCALL };
    d3d.AddRef();
    return { hr: D3D_OK, d3d };
  }

  GetCreationParameters(): { hr: HRESULT; parameters?: D3DDEVICE_CREATION_PARAMETERS } {
    const m = this.misc;
    return { hr: D3D_OK, parameters: { AdapterOrdinal: 0, DeviceType: m.deviceType, hFocusWindow: m.focusWindow || null, BehaviorFlags: this.behaviorFlags } };
  }

  GetAvailableTextureMem(): number {
    return AVAILABLE_TEXTURE_MEM;
  }

  SetGammaRamp(iSwapChain: number, Flags: number, pRamp: D3DGAMMARAMP | null): HRESULT {
    void Flags; // no calibrator is installed: CALIBRATE stores the ramp as given
    const bytes = pRamp ? gammaRampBytes(pRamp) : undefined;
    if (bytes && iSwapChain >>> 0 < this.GetNumberOfSwapChains()) this.misc.gamma[iSwapChain] = bytes;
    return D3D_OK;
  }

  GetGammaRamp(iSwapChain: number): { hr: HRESULT; ramp?: D3DGAMMARAMP } {
    if (iSwapChain >>> 0 >= this.GetNumberOfSwapChains()) return { hr: D3D_OK };
    const stored = this.misc.gamma[iSwapChain];
    return { hr: D3D_OK, ramp: (stored && gammaRampOf(stored)) || identityGammaRamp() };
  }

  SetCursorPosition(X: number, Y: number, Flags: number): HRESULT {
    void Flags;
    this.misc.cursor.x = X | 0;
    this.misc.cursor.y = Y | 0;
    return D3D_OK;
  }

  SetCursorProperties(XHotSpot: number, YHotSpot: number, pCursorBitmap: IDirect3DSurface9 | null): HRESULT {
    const s = pCursorBitmap as Surface | null;
    const hr = checkCursorSurface(s);
    if (hr !== D3D_OK) return hr;
    Object.assign(this.misc.cursor, { set: true, hotX: XHotSpot >>> 0, hotY: YHotSpot >>> 0, width: s!.width, height: s!.height });
    return D3D_OK;
  }

  /** The visibility before the call; it changes only once a cursor image is set (Wine device.c test_cursor). */
  ShowCursor(bShow: BOOL): boolean {
    const c = this.misc.cursor;
    const was = c.visible;
    if (c.set) c.visible = truthy(bShow);
    return was;
  }

  SetDialogBoxMode(bEnableDialogs: BOOL): HRESULT {
    const hr = checkDialogBoxMode(truthy(bEnableDialogs), this.presentParameters, this.backBuffer.format.id, this.behaviorFlags, this.inScene);
    if (hr === D3D_OK) this.misc.dialogBoxMode = truthy(bEnableDialogs);
    return hr;
  }

  /** Managed resources keep their system copy; there is no video memory to evict them from. */
  EvictManagedResources(): HRESULT {
    return D3D_OK;
  }

  ValidateDevice(): { hr: HRESULT; numPasses?: number } {
    return validateDevice(this.state, this.caps);
  }

  // ---- IDirect3DDevice9Ex (a plain device answers INVALIDCALL) ----

  CreateRenderTargetEx(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Lockable: BOOL, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    if (!this.ex || !exUsageOk(Usage, D3DUSAGE.RENDERTARGET, false)) return { hr: D3DERR.INVALIDCALL };
    return this.CreateRenderTarget(Width, Height, Format, MultiSample, MultisampleQuality, Lockable, pSharedHandle);
  }

  CreateOffscreenPlainSurfaceEx(Width: number, Height: number, Format: number, Pool: number, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    if (!this.ex || !exUsageOk(Usage, 0, true)) return { hr: D3DERR.INVALIDCALL };
    return this.CreateOffscreenPlainSurface(Width, Height, Format, Pool, pSharedHandle);
  }

  CreateDepthStencilSurfaceEx(Width: number, Height: number, Format: number, MultiSample: number, MultisampleQuality: number, Discard: BOOL, pSharedHandle: NULLPTR, Usage: number): { hr: HRESULT; surface?: IDirect3DSurface9 } {
    if (!this.ex || !exUsageOk(Usage, D3DUSAGE.DEPTHSTENCIL, false)) return { hr: D3DERR.INVALIDCALL };
    return this.CreateDepthStencilSurface(Width, Height, Format, MultiSample, MultisampleQuality, Discard, pSharedHandle);
  }

  /** -7..7 (the docs' range); outside it INVALIDCALL. */
  SetGPUThreadPriority(Priority: number): HRESULT {
    if (!this.ex || Priority < -7 || Priority > 7) return D3DERR.INVALIDCALL;
    this.misc.gpuThreadPriority = Priority | 0;
    return D3D_OK;
  }

  GetGPUThreadPriority(): { hr: HRESULT; priority?: number } {
    return this.ex ? { hr: D3D_OK, priority: this.misc.gpuThreadPriority } : { hr: D3DERR.INVALIDCALL };
  }

  /** 0 resets to the default 3 (the docs); above MAX_FRAME_LATENCY INVALIDCALL. */
  SetMaximumFrameLatency(MaxLatency: number): HRESULT {
    if (!this.ex || MaxLatency >>> 0 > MAX_FRAME_LATENCY) return D3DERR.INVALIDCALL;
    this.misc.maxFrameLatency = MaxLatency >>> 0 || DEFAULT_FRAME_LATENCY;
    return D3D_OK;
  }

  GetMaximumFrameLatency(): { hr: HRESULT; maxLatency?: number } {
    return this.ex ? { hr: D3D_OK, maxLatency: this.misc.maxFrameLatency } : { hr: D3DERR.INVALIDCALL };
  }

  /**
   * Every resource of the emulated device is resident in the one memory it has: D3D_OK. A NULL
   * array, a count of 0 or above 65,535 (the docs' limit), or a count beyond the array, is INVALIDCALL.
   */
  CheckResourceResidency(pResourceArray: readonly IDirect3DResource9[] | null, NumResources: number): HRESULT {
    if (!this.ex || !pResourceArray || NumResources === 0 || NumResources > 0xffff || pResourceArray.length < NumResources) return D3DERR.INVALIDCALL;
    return pResourceArray.slice(0, NumResources).every((r) => r !== null && r !== undefined) ? D3D_OK : D3DERR.INVALIDCALL;
  }

  ComposeRects(pSrc: IDirect3DSurface9 | null, pDst: IDirect3DSurface9 | null, pSrcRectDescs: IDirect3DVertexBuffer9 | null, NumRects: number, pDstRectDescs: IDirect3DVertexBuffer9 | null, Operation: number, Xoffset: number, Yoffset: number): HRESULT {
    if (!this.ex) return D3DERR.INVALIDCALL;
    const src = pSrc as Surface | null, dst = pDst as Surface | null;
    const sv = pSrcRectDescs as VertexBuffer | null, dv = pDstRectDescs as VertexBuffer | null;
    const locked = !!(src?.locked || dst?.locked || sv?.locked || dv?.locked);
    const plan = planComposeRects(src, dst, sv?.data ?? null, NumRects >>> 0, dv?.data ?? null, Operation, Xoffset | 0, Yoffset | 0, locked);
    if (typeof plan === 'number') return plan;
    executeComposeRects(src!, dst!, plan);
    return D3D_OK;
  }

  SetConvolutionMonoKernel(width: number, height: number, rows: ArrayLike<number> | null, columns: ArrayLike<number> | null): HRESULT {
    if (!this.ex) return D3DERR.INVALIDCALL;
    const k = convolutionKernel(width >>> 0, height >>> 0, rows, columns);
    if (typeof k === 'number') return k;
    this.misc.convolution = k;
    return D3D_OK;
  }

  Reset(pPresentationParameters: D3DPRESENT_PARAMETERS): HRESULT {
    return this.resetTo(pPresentationParameters);
  }

  /**
   * Reset and ResetEx: new back buffers and auto depth-stencil, every state back to its default. A D3D9
   * device first needs every DEFAULT-pool resource, additional swap chain and extra reference to its
   * implicit surfaces gone, and a failure leaves it lost until a Reset succeeds (Wine device.c
   * test_reset); a D3D9Ex device needs none of that (Microsoft docs, Direct3D 9Ex device behaviour).
   */
  private resetTo(pp: D3DPRESENT_PARAMETERS | null): HRESULT {
    if (!pp) return D3DERR.INVALIDCALL;
    const specs = swapChainSpecs(pp);
    // the implicit surfaces are the device's own (count 0) until the application takes a reference
    const held = this.defaultPool.size > 0 || this.additionalSwapChains.size > 0 || this.backBuffer.refCount > 0 || (this.autoDepthStencil?.refCount ?? 0) > 0;
    const refused = typeof specs === 'number' ? specs : !this.ex && held ? D3DERR.INVALIDCALL : D3D_OK;
    if (refused !== D3D_OK || typeof specs === 'number') {
      if (!this.ex) this.notReset = true;
      return refused;
    }
    for (const s of [this.backBuffer, this.autoDepthStencil]) {
      if (!s) continue;
      // an Ex device resets with old surfaces still held: they become the application's, freed at their last Release
      if (s.refCount > 0) s.linkParent(s.parentObject, false);
      else s.freeOwned();
    }
    if (!this.ex) this.defaultPool.clear();
    this.presentParameters = { ...pp };
    this.backBuffer = this.implicitSurface(specs.back)!;
    this.autoDepthStencil = this.implicitSurface(specs.depth);
    // Reset returns every state to its default, as at CreateDevice
    this.state = this.freshState();
    this.inScene = false;
    this.recording = null;
    this.notReset = false;
    this.implicitSwapChain.front = null;
    return D3D_OK;
  }

  // ---- swap chains and presentation ----

  CreateAdditionalSwapChain(pPresentationParameters: D3DPRESENT_PARAMETERS | null): { hr: HRESULT; swapChain?: IDirect3DSwapChain9 } {
    const pp = pPresentationParameters;
    if (!pp) return { hr: D3DERR.INVALIDCALL };
    const specs = swapChainSpecs(pp);
    // a device has one full-screen swap chain, its implicit one (Microsoft docs, CreateAdditionalSwapChain)
    if (typeof specs === 'number' || !truthy(pp.Windowed)) return { hr: D3DERR.INVALIDCALL };
    const hr = this.reserve(Surface.bytesFor(specs.back));
    if (hr !== D3D_OK) return { hr };
    // the chain holds the device; its back buffer is owned like the implicit one (count 0 until GetBackBuffer)
    const backBuffer = new Surface(specs.back, this.budget).ownedBy(this);
    const chain = this.child(new SwapChain(this, this.nextSwapChainOrdinal++, { presentParameters: { ...pp }, backBuffer }));
    this.adoptSwapChain(chain);
    return { hr: D3D_OK, swapChain: chain };
  }

  /** The swap chain whose back buffer `s` is (Surface.GetContainer answers it), if any. */
  swapChainOf(s: Surface): SwapChain | undefined {
    if (s === this.backBuffer) return this.implicitSwapChain;
    for (const c of this.additionalSwapChains) if (c.backBuffer === s) return c;
    return undefined;
  }

  /** Registers an additional chain: it leaves the set, and drops its back buffer, at its final Release. */
  adoptSwapChain(chain: SwapChain): void {
    this.additionalSwapChains.add(chain);
    chain.onFinalRelease = () => {
      this.additionalSwapChains.delete(chain);
      chain.backBuffer.freeOwned();
    };
  }

  /** Only implicit swap chains have an index: an additional one is never returned (Wine device.c test_swapchain). */
  GetSwapChain(iSwapChain: number): { hr: HRESULT; swapChain?: IDirect3DSwapChain9 } {
    if (iSwapChain !== 0) return { hr: D3DERR.INVALIDCALL };
    this.implicitSwapChain.AddRef();
    return { hr: D3D_OK, swapChain: this.implicitSwapChain };
  }
  /** The implicit swap chains (one per head of the adapter group: one here); additional chains do not count. */
  GetNumberOfSwapChains(): number {
    return 1;
  }
  GetFrontBufferData(iSwapChain: number, pDestSurface: IDirect3DSurface9 | null): HRESULT {
    return iSwapChain !== 0 ? D3DERR.INVALIDCALL : copyFrontBuffer(this.implicitSwapChain, pDestSurface);
  }
  GetRasterStatus(iSwapChain: number): { hr: HRESULT; rasterStatus?: D3DRASTER_STATUS } {
    return iSwapChain !== 0 ? { hr: D3DERR.INVALIDCALL } : this.implicitSwapChain.GetRasterStatus();
  }
  GetDisplayMode(iSwapChain: number): { hr: HRESULT; mode?: D3DDISPLAYMODE } {
    return iSwapChain !== 0 ? { hr: D3DERR.INVALIDCALL } : this.implicitSwapChain.GetDisplayMode();
  }
  /** D3D_OK, or DEVICENOTRESET after a failed Reset (test_reset); the emulated D3D9Ex device is not left lost by one (its resources survive Reset anyway). */
  TestCooperativeLevel(): HRESULT {
    return this.notReset ? D3DERR.DEVICENOTRESET : D3D_OK;
  }

  // ---- IDirect3DDevice9Ex (INVALIDCALL on a plain D3D9 device, which has no such methods) ----

  PresentEx(pSourceRect: RECT | null, pDestRect: RECT | null, hDestWindowOverride: NULLPTR, pDirtyRegion: NULLPTR, dwFlags: number): HRESULT {
    void dwFlags;
    return this.ex ? this.Present(pSourceRect, pDestRect, hDestWindowOverride, pDirtyRegion) : D3DERR.INVALIDCALL;
  }
  /** pFullscreenDisplayMode is NULL for a windowed device and required full-screen (Microsoft docs, ResetEx). */
  ResetEx(pPresentationParameters: D3DPRESENT_PARAMETERS | null, pFullscreenDisplayMode: D3DDISPLAYMODEEX | null): HRESULT {
    if (!this.ex || !pPresentationParameters) return D3DERR.INVALIDCALL;
    if (truthy(pPresentationParameters.Windowed) !== (pFullscreenDisplayMode === null)) return D3DERR.INVALIDCALL;
    return this.resetTo(pPresentationParameters);
  }
  /** S_OK: the emulated window is never occluded and the device never lost. */
  CheckDeviceState(hDestinationWindow: NULLPTR): HRESULT {
    void hDestinationWindow;
    return this.ex ? D3D_OK : D3DERR.INVALIDCALL;
  }
  GetDisplayModeEx(iSwapChain: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number } {
    return !this.ex || iSwapChain !== 0 ? { hr: D3DERR.INVALIDCALL } : this.implicitSwapChain.GetDisplayModeEx();
  }
  /** Returns at once: the emulated display has no vertical blank to wait for. */
  WaitForVBlank(iSwapChain: number): HRESULT {
    return !this.ex || iSwapChain !== 0 ? D3DERR.INVALIDCALL : D3D_OK;
  }
}

// the operations besides draws that do GPU work advance the clock when they succeed (TIMESTAMP queries)
for (const name of ['Clear', 'ColorFill', 'StretchRect', 'UpdateSurface', 'UpdateTexture', 'GetRenderTargetData', 'Present'] as const) {
  const op = Device.prototype[name] as (this: Device, ...a: unknown[]) => HRESULT;
  (Device.prototype as unknown as Record<string, unknown>)[name] = function timed(this: Device, ...args: unknown[]): HRESULT {
    const hr = op.apply(this, args);
    if (hr === D3D_OK) this.work();
    return hr;
  };
}

declareInterfaces(Device, (o) => ((o as Device).ex ? ['IDirect3DDevice9Ex', 'IDirect3DDevice9'] : ['IDirect3DDevice9']));
guardReleased(Device.prototype, 'IDirect3DDevice9', {
  CreateQuery: 'out',
  QueryInterface: 'out',
  CreateTexture: 'out', CreateCubeTexture: 'out', CreateVolumeTexture: 'out', CreateRenderTarget: 'out', CreateDepthStencilSurface: 'out',
  CreateOffscreenPlainSurface: 'out', CreateVertexBuffer: 'out', CreateIndexBuffer: 'out', GetBackBuffer: 'out',
  GetDepthStencilSurface: 'out', GetRenderTarget: 'out', EndStateBlock: 'out', CreateStateBlock: 'out',
  SetRenderTarget: 'hr', SetDepthStencilSurface: 'hr', SetRenderState: 'hr', SetSamplerState: 'hr',
  SetTextureStageState: 'hr', SetTexture: 'hr', SetTransform: 'hr', SetViewport: 'hr', SetScissorRect: 'hr',
  SetFVF: 'hr', CreateVertexDeclaration: 'out', SetVertexDeclaration: 'hr', GetVertexDeclaration: 'out',
  SetStreamSourceFreq: 'hr', GetStreamSourceFreq: 'out',
  CreateVertexShader: 'out', CreatePixelShader: 'out', SetVertexShader: 'hr', GetVertexShader: 'out', SetPixelShader: 'hr', GetPixelShader: 'out',
  SetVertexShaderConstantF: 'hr', GetVertexShaderConstantF: 'out', SetVertexShaderConstantI: 'hr', GetVertexShaderConstantI: 'out',
  SetVertexShaderConstantB: 'hr', GetVertexShaderConstantB: 'out', SetPixelShaderConstantF: 'hr', GetPixelShaderConstantF: 'out',
  SetPixelShaderConstantI: 'hr', GetPixelShaderConstantI: 'out', SetPixelShaderConstantB: 'hr', GetPixelShaderConstantB: 'out', SetStreamSource: 'hr', SetIndices: 'hr', SetMaterial: 'hr', SetLight: 'hr', LightEnable: 'hr',
  BeginStateBlock: 'hr', BeginScene: 'hr', EndScene: 'hr', Clear: 'hr', ColorFill: 'hr', Present: 'hr',
  StretchRect: 'hr', UpdateSurface: 'hr', UpdateTexture: 'hr', GetRenderTargetData: 'hr', DrawPrimitive: 'hr',
  DrawIndexedPrimitive: 'hr', DrawPrimitiveUP: 'hr', DrawIndexedPrimitiveUP: 'hr', Reset: 'hr',
  GetRenderState: 'out', GetSamplerState: 'out', GetTextureStageState: 'out', GetTexture: 'out', GetTransform: 'out',
  GetViewport: 'out', GetScissorRect: 'out', GetFVF: 'out', GetStreamSource: 'out', GetIndices: 'out', GetMaterial: 'out',
  GetLight: 'out', GetLightEnable: 'out', GetSoftwareVertexProcessing: 'zero', GetNPatchMode: 'zero',
  GetDeviceCaps: 'out', GetDirect3D: 'out', GetCreationParameters: 'out', GetAvailableTextureMem: 'zero', SetGammaRamp: 'hr',
  GetGammaRamp: 'out', SetCursorPosition: 'hr', SetCursorProperties: 'hr', ShowCursor: 'zero', SetDialogBoxMode: 'hr',
  EvictManagedResources: 'hr', ValidateDevice: 'out', CreateRenderTargetEx: 'out', CreateOffscreenPlainSurfaceEx: 'out',
  CreateDepthStencilSurfaceEx: 'out', SetGPUThreadPriority: 'hr', GetGPUThreadPriority: 'out', SetMaximumFrameLatency: 'hr',
  GetMaximumFrameLatency: 'out', CheckResourceResidency: 'hr', ComposeRects: 'hr', SetConvolutionMonoKernel: 'hr',
  SetSoftwareVertexProcessing: 'hr', SetNPatchMode: 'hr', SetPaletteEntries: 'hr', GetPaletteEntries: 'out',
  SetCurrentTexturePalette: 'hr', GetCurrentTexturePalette: 'out', DrawRectPatch: 'hr', DrawTriPatch: 'hr', DeletePatch: 'hr',
  SetClipPlane: 'hr', GetClipPlane: 'out', SetClipStatus: 'hr', GetClipStatus: 'out', MultiplyTransform: 'hr', ProcessVertices: 'hr',
  CreateAdditionalSwapChain: 'out', GetSwapChain: 'out', GetNumberOfSwapChains: 'zero', GetFrontBufferData: 'hr', GetRasterStatus: 'out',
  GetDisplayMode: 'out', TestCooperativeLevel: 'hr', PresentEx: 'hr', ResetEx: 'hr', CheckDeviceState: 'hr', GetDisplayModeEx: 'out', WaitForVBlank: 'hr',
});

/** a × b of two D3DMATRIX (row-major, row vectors), each element rounded to float32. */
function multiplyMatrix(a: D3DMATRIX, b: D3DMATRIX): D3DMATRIX {
  const A = [a._11, a._12, a._13, a._14, a._21, a._22, a._23, a._24, a._31, a._32, a._33, a._34, a._41, a._42, a._43, a._44];
  const B = [b._11, b._12, b._13, b._14, b._21, b._22, b._23, b._24, b._31, b._32, b._33, b._34, b._41, b._42, b._43, b._44];
  const r: number[] = [];
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) r.push(Math.fround(A[4 * i] * B[j] + A[4 * i + 1] * B[4 + j] + A[4 * i + 2] * B[8 + j] + A[4 * i + 3] * B[12 + j]));
  return {
    _11: r[0], _12: r[1], _13: r[2], _14: r[3], _21: r[4], _22: r[5], _23: r[6], _24: r[7],
    _31: r[8], _32: r[9], _33: r[10], _34: r[11], _41: r[12], _42: r[13], _43: r[14], _44: r[15],
  };
}
