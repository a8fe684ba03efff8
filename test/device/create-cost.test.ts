/**
 * Creating a resource does work that does not grow with the number of resources already alive:
 * the device's DEFAULT-pool registry (which Reset consults) adds an object at creation and drops
 * it at its final Release, and never walks the others. The test counts the reads of other
 * objects' liveness, the only way the registry can look at them, instead of timing anything.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { RefCounted } from '../../src/device/ref-counted.js';
import { D3DERR, D3DFMT, D3DPOOL, D3D_OK } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const N = 2000;

function device(): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP }).device as Device;
}

afterEach(() => { vi.restoreAllMocks(); });

describe('creating DEFAULT-pool resources', () => {
  it(`inspects no other object per creation: ${N} render targets read no liveness of the ones before`, () => {
    const dev = device();
    const alive = vi.spyOn(RefCounted.prototype, 'alive', 'get');
    const refCount = vi.spyOn(RefCounted.prototype, 'refCount', 'get');
    for (let i = 0; i < N; i++) expect(dev.CreateRenderTarget(1, 1, D3DFMT.A8R8G8B8, 0, 0, false).hr).toBe(D3D_OK);
    // a walk over the registry per creation would read about N²/2 = 2,000,000 times
    expect(alive.mock.calls.length + refCount.mock.calls.length).toBeLessThanOrEqual(N);
    expect(dev.defaultPoolCount).toBe(N);
  });

  it('keeps the registry exact: final Releases leave it, SYSTEMMEM objects never enter it, Reset follows it', () => {
    const dev = device();
    const made = Array.from({ length: 50 }, () => dev.CreateRenderTarget(1, 1, D3DFMT.A8R8G8B8, 0, 0, false).surface!);
    const sys = dev.CreateOffscreenPlainSurface(4, 4, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM).surface!;
    expect(dev.defaultPoolCount).toBe(50);
    (made[0] as unknown as RefCounted).AddRef();
    made[0].Release();
    expect(dev.defaultPoolCount).toBe(50);
    expect(dev.Reset({ ...PP })).toBe(D3DERR.INVALIDCALL);
    for (const s of made) s.Release();
    expect(dev.defaultPoolCount).toBe(0);
    sys.Release();
    expect(dev.Reset({ ...PP })).toBe(D3D_OK);
  });
});
