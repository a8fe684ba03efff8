/**
 * High-order patches and N-patches, answered from the caps: the device has neither
 * D3DDEVCAPS_RTPATCHES nor D3DDEVCAPS_NPATCHES, so no patch is drawn or cached, and the
 * N-patch segment count is stored (GetNPatchMode reads it back) but tessellates nothing.
 */
import { D3DDEVCAPS, D3DERR, D3D_OK } from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';

/**
 * DrawRectPatch and DrawTriPatch: a device without D3DDEVCAPS_RTPATCHES draws no patch, so both
 * are D3DERR_INVALIDCALL (DXVK answers the same; the segment counts are required in any case).
 */
export function validatePatchDraw(devCaps: number, pNumSegs: object | null): HRESULT {
  if (!pNumSegs) return D3DERR.INVALIDCALL;
  return devCaps & D3DDEVCAPS.RTPATCHES ? D3D_OK : D3DERR.INVALIDCALL;
}

/** DeletePatch: no patch is ever cached (DrawRectPatch/DrawTriPatch never succeed), so every handle, 0 included, is unknown. */
export function validateDeletePatch(_Handle: number): HRESULT {
  return D3DERR.INVALIDCALL;
}

/** N-patches tessellate when nSegments is at least 1.0 ("less than 1.0: N-patches are disabled", SetNPatchMode docs). */
export function nPatchesRequested(nSegments: number): boolean {
  return nSegments >= 1;
}
