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
import type { BOOL, D3DPRESENT_PARAMETERS, IDirect3D9, IDirect3DDevice9, NULLPTR } from './types.js';

const truthy = (b: BOOL): boolean => b !== false && b !== 0;

export class Direct3D9 extends RefCounted implements IDirect3D9 {
  /** `ex`: this is an IDirect3D9Ex (Direct3DCreate9Ex), whose devices may be IDirect3DDevice9Ex */
  constructor(readonly profile: DeviceProfile = 'dx9', readonly ex = false) {
    super();
  }

  CreateDevice(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS): { hr: HRESULT; device?: IDirect3DDevice9 } {
    void hFocusWindow;
    if (Adapter !== 0 || !pPresentationParameters) return { hr: D3DERR.INVALIDCALL };
    if (DeviceType !== D3DDEVTYPE.HAL && DeviceType !== D3DDEVTYPE.REF) return { hr: D3DERR.INVALIDCALL };
    const specs = swapChainSpecs(pPresentationParameters);
    if (typeof specs === 'number') return { hr: specs };
    // a device holds its IDirect3D9 (Wine device.c test_refcount)
    return { hr: D3D_OK, device: new Device({ ...pPresentationParameters }, specs, this.profile, BehaviorFlags).holdParent(this) };
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

declareInterfaces(Direct3D9, (o) => ((o as Direct3D9).ex ? ['IDirect3D9Ex', 'IDirect3D9'] : ['IDirect3D9']));
guardReleased(Direct3D9.prototype, 'IDirect3D9', {
  QueryInterface: 'out', CreateDevice: 'out', GetDeviceCaps: 'out', CheckDeviceFormat: 'hr', CheckDeviceFormatConversion: 'hr', CheckDepthStencilMatch: 'hr', CheckDeviceMultiSampleType: 'out',
});
