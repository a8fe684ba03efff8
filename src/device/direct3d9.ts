/** IDirect3D9 of the emulated device: one adapter, the HAL device type, a driver profile. */
import { D3DDEVTYPE, D3DERR, D3D_OK, D3D_SDK_VERSION } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { deviceCaps } from './caps.js';
import type { D3DCAPS9, DeviceProfile } from './caps.js';
import { Device, swapChainSpecs } from './device.js';
import { checkDepthStencilMatch, checkDeviceFormat, checkDeviceFormatConversion, checkDeviceMultiSampleType } from './format-support.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { note } from './notes.js';
import {
  adapterDisplayMode, adapterDisplayModeEx, adapterIdentifier, adapterLuid, adapterModeCount, adapterMonitor, ADAPTER_COUNT,
  checkDeviceType, checkFullscreenDisplayMode, enumAdapterModes, enumAdapterModesEx, filteredModes,
} from './adapter.js';
import type { D3DADAPTER_IDENTIFIER9, D3DDISPLAYMODEEX, D3DDISPLAYMODEFILTER, D3DLUID } from './adapter.js';
import type { DisplayMode } from './machine.js';
import type { BOOL, D3DPRESENT_PARAMETERS, IDirect3D9, IDirect3D9Ex, IDirect3DDevice9, IDirect3DDevice9Ex, NULLPTR } from './types.js';

const truthy = (b: BOOL): boolean => b !== false && b !== 0;

export class Direct3D9 extends RefCounted implements IDirect3D9Ex {
  /** `ex`: this is an IDirect3D9Ex (Direct3DCreate9Ex), whose devices may be IDirect3DDevice9Ex */
  constructor(readonly profile: DeviceProfile = 'dx9', readonly ex = false) {
    super();
  }

  /** An IDirect3D9Ex's devices are IDirect3DDevice9Ex ones (Wine d3d9ex.c test_qi_base_to_ex: the device answers the Ex interface). */
  CreateDevice(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS): { hr: HRESULT; device?: IDirect3DDevice9 } {
    void hFocusWindow;
    if (Adapter !== 0 || !pPresentationParameters) return { hr: D3DERR.INVALIDCALL };
    if (DeviceType !== D3DDEVTYPE.HAL && DeviceType !== D3DDEVTYPE.REF) return { hr: D3DERR.INVALIDCALL };
    const specs = swapChainSpecs(pPresentationParameters);
    if (typeof specs === 'number') return { hr: specs };
    return { hr: D3D_OK, device: this.made(new Device({ ...pPresentationParameters }, specs, this.profile, BehaviorFlags, this.ex), DeviceType, hFocusWindow) };
  }

  /** A new device holds this object (GetDirect3D answers it) and remembers its creation parameters. */
  private made<T extends Device>(d: T, deviceType: number, focusWindow: NULLPTR): T {
    // a device holds its IDirect3D9 (Wine device.c test_refcount)
    d.holdParent(this);
    d.misc.deviceType = deviceType;
    d.misc.focusWindow = Number(focusWindow ?? 0) >>> 0;
    return d;
  }

  /**
   * IDirect3D9Ex::CreateDeviceEx: CreateDevice's rules, plus pFullscreenDisplayMode (adapter.ts);
   * only an IDirect3D9Ex has it. The device is an IDirect3DDevice9Ex.
   */
  CreateDeviceEx(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS, pFullscreenDisplayMode: D3DDISPLAYMODEEX | null): { hr: HRESULT; device?: IDirect3DDevice9Ex } {
    if (!this.ex || Adapter !== 0 || !pPresentationParameters) return { hr: D3DERR.INVALIDCALL };
    if (DeviceType !== D3DDEVTYPE.HAL && DeviceType !== D3DDEVTYPE.REF) return { hr: D3DERR.INVALIDCALL };
    const modeHr = checkFullscreenDisplayMode(pPresentationParameters, pFullscreenDisplayMode);
    if (modeHr !== D3D_OK) return { hr: modeHr };
    const specs = swapChainSpecs(pPresentationParameters);
    if (typeof specs === 'number') return { hr: specs };
    return { hr: D3D_OK, device: this.made(new Device({ ...pPresentationParameters }, specs, this.profile, BehaviorFlags, true), DeviceType, hFocusWindow) };
  }

  GetAdapterCount(): number {
    return ADAPTER_COUNT;
  }

  GetAdapterModeCount(Adapter: number, Format: number): number {
    return adapterModeCount(Adapter, Format);
  }

  EnumAdapterModes(Adapter: number, Format: number, Mode: number): { hr: HRESULT; mode?: DisplayMode } {
    return enumAdapterModes(Adapter, Format, Mode);
  }

  GetAdapterDisplayMode(Adapter: number): { hr: HRESULT; mode?: DisplayMode } {
    return adapterDisplayMode(Adapter);
  }

  /** The identifier, and its strings once more as out-values of their own (the trace records them so). */
  GetAdapterIdentifier(Adapter: number, Flags: number): { hr: HRESULT; identifier?: D3DADAPTER_IDENTIFIER9; driver?: string; description?: string; deviceName?: string; deviceIdentifier?: string } {
    const r = adapterIdentifier(Adapter, Flags);
    const id = r.identifier;
    return id ? { ...r, driver: id.Driver, description: id.Description, deviceName: id.DeviceName, deviceIdentifier: id.DeviceIdentifier } : r;
  }

  GetAdapterMonitor(Adapter: number): number {
    return adapterMonitor(Adapter);
  }

  CheckDeviceType(Adapter: number, DevType: number, AdapterFormat: number, BackBufferFormat: number, bWindowed: BOOL): HRESULT {
    return checkDeviceType(Adapter, DevType, AdapterFormat, BackBufferFormat, truthy(bWindowed));
  }

  /**
   * A software rasterizer's entry point cannot be called here: registration of a non-NULL one
   * succeeds, as on Windows, and leaves a note (D3DDEVTYPE_SW devices stay unavailable); NULL is
   * INVALIDCALL.
   */
  RegisterSoftwareDevice(pInitializeFunction: NULLPTR): HRESULT {
    if (!pInitializeFunction) return D3DERR.INVALIDCALL;
    note('not-emulated', () => 'RegisterSoftwareDevice: the software rasterizer is registered but never called (D3DDEVTYPE_SW devices are not emulated)');
    return D3D_OK;
  }

  GetAdapterModeCountEx(Adapter: number, pFilter: D3DDISPLAYMODEFILTER | null): number {
    if (!this.ex) return 0;
    return filteredModes(Adapter, pFilter)?.length ?? 0;
  }

  EnumAdapterModesEx(Adapter: number, pFilter: D3DDISPLAYMODEFILTER | null, Mode: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX } {
    return this.ex ? enumAdapterModesEx(Adapter, pFilter, Mode) : { hr: D3DERR.INVALIDCALL };
  }

  GetAdapterDisplayModeEx(Adapter: number): { hr: HRESULT; mode?: D3DDISPLAYMODEEX; rotation?: number } {
    return this.ex ? adapterDisplayModeEx(Adapter) : { hr: D3DERR.INVALIDCALL };
  }

  GetAdapterLUID(Adapter: number): { hr: HRESULT; luid?: D3DLUID } {
    return this.ex ? adapterLuid(Adapter) : { hr: D3DERR.INVALIDCALL };
  }

  GetDeviceCaps(Adapter: number, DeviceType: number): { hr: HRESULT; caps?: D3DCAPS9 } {
    if (Adapter !== 0 || (DeviceType !== D3DDEVTYPE.HAL && DeviceType !== D3DDEVTYPE.REF)) return { hr: D3DERR.INVALIDCALL };
    return { hr: D3D_OK, caps: { ...deviceCaps(this.profile), DeviceType } };
  }

  CheckDeviceFormat(Adapter: number, DeviceType: number, AdapterFormat: number, Usage: number, RType: number, CheckFormat: number): HRESULT {
    return checkDeviceFormat(Adapter, DeviceType, AdapterFormat, Usage, RType, CheckFormat);
  }

  CheckDeviceFormatConversion(Adapter: number, DeviceType: number, SourceFormat: number, TargetFormat: number): HRESULT {
    return checkDeviceFormatConversion(Adapter, DeviceType, SourceFormat, TargetFormat);
  }

  CheckDepthStencilMatch(Adapter: number, DeviceType: number, AdapterFormat: number, RenderTargetFormat: number, DepthStencilFormat: number): HRESULT {
    return checkDepthStencilMatch(Adapter, DeviceType, AdapterFormat, RenderTargetFormat, DepthStencilFormat);
  }

  CheckDeviceMultiSampleType(Adapter: number, DeviceType: number, SurfaceFormat: number, Windowed: BOOL, MultiSampleType: number): { hr: HRESULT; qualityLevels?: number } {
    return checkDeviceMultiSampleType(Adapter, DeviceType, SurfaceFormat, truthy(Windowed), MultiSampleType);
  }
}

/** The emulated device's entry point; NULL for a wrong SDK version, as on Windows. */
export function Direct3DCreate9(SDKVersion: number, profile: DeviceProfile = 'dx9'): IDirect3D9 | null {
  return SDKVersion === D3D_SDK_VERSION ? new Direct3D9(profile) : null;
}

/**
 * Direct3DCreate9Ex of the emulated device: D3D_OK and an IDirect3D9Ex; a wrong SDK version is
 * D3DERR_NOTAVAILABLE with no object (the docs' failure for a system without 9Ex).
 */
export function Direct3DCreate9Ex(SDKVersion: number, profile: DeviceProfile = 'dx9'): { hr: HRESULT; d3d?: IDirect3D9Ex } {
  return SDKVersion === D3D_SDK_VERSION ? { hr: D3D_OK, d3d: new Direct3D9(profile, true) } : { hr: D3DERR.NOTAVAILABLE };
}

declareInterfaces(Direct3D9, (o) => ((o as Direct3D9).ex ? ['IDirect3D9Ex', 'IDirect3D9'] : ['IDirect3D9']));
guardReleased(Direct3D9.prototype, 'IDirect3D9', {
  QueryInterface: 'out', CreateDevice: 'out', GetDeviceCaps: 'out', CheckDeviceFormat: 'hr', CheckDeviceFormatConversion: 'hr', CheckDepthStencilMatch: 'hr', CheckDeviceMultiSampleType: 'out',
  CreateDeviceEx: 'out', GetAdapterCount: 'zero', GetAdapterModeCount: 'zero', EnumAdapterModes: 'out', GetAdapterDisplayMode: 'out',
  GetAdapterIdentifier: 'out', GetAdapterMonitor: 'zero', CheckDeviceType: 'hr', RegisterSoftwareDevice: 'hr',
  GetAdapterModeCountEx: 'zero', EnumAdapterModesEx: 'out', GetAdapterDisplayModeEx: 'out', GetAdapterLUID: 'out',
});
