/** IDirect3D9 of the emulated device: one adapter, the HAL device type. */
import { D3DDEVTYPE, D3DERR, D3D_OK, D3D_SDK_VERSION } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import { Device, swapChainSpecs } from './device.js';
import { RefCounted } from './ref-counted.js';
import { NotImplementedError } from './types.js';
import type { BOOL, D3DPRESENT_PARAMETERS, IDirect3D9, IDirect3DDevice9, NULLPTR } from './types.js';

const notImplemented = (method: string): never => {
  throw new NotImplementedError(`IDirect3D9::${method}`);
};

export class Direct3D9 extends RefCounted implements IDirect3D9 {
  CreateDevice(Adapter: number, DeviceType: number, hFocusWindow: NULLPTR, BehaviorFlags: number, pPresentationParameters: D3DPRESENT_PARAMETERS): { hr: HRESULT; device?: IDirect3DDevice9 } {
    void hFocusWindow; void BehaviorFlags;
    if (Adapter !== 0 || !pPresentationParameters) return { hr: D3DERR.INVALIDCALL };
    if (DeviceType !== D3DDEVTYPE.HAL && DeviceType !== D3DDEVTYPE.REF) return { hr: D3DERR.INVALIDCALL };
    const specs = swapChainSpecs(pPresentationParameters);
    if (typeof specs === 'number') return { hr: specs };
    return { hr: D3D_OK, device: new Device({ ...pPresentationParameters }, specs) };
  }
  GetDeviceCaps(): { hr: HRESULT; caps?: Record<string, number> } { return notImplemented('GetDeviceCaps'); }
  CheckDeviceFormat(): HRESULT { return notImplemented('CheckDeviceFormat'); }
  CheckDeviceFormatConversion(): HRESULT { return notImplemented('CheckDeviceFormatConversion'); }
  CheckDepthStencilMatch(): HRESULT { return notImplemented('CheckDepthStencilMatch'); }
  CheckDeviceMultiSampleType(_a: number, _t: number, _f: number, _w: BOOL, _m: number): { hr: HRESULT; qualityLevels?: number } { return notImplemented('CheckDeviceMultiSampleType'); }
}

/** The emulated device's entry point; NULL for a wrong SDK version, as on Windows. */
export function Direct3DCreate9(SDKVersion: number): IDirect3D9 | null {
  return SDKVersion === D3D_SDK_VERSION ? new Direct3D9() : null;
}
