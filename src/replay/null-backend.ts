/**
 * A device that does nothing and accepts everything: every call succeeds and
 * creates what it should. It measures the trace machinery alone (decode and
 * dispatch) and lets the API record calls the emulated device does not
 * implement yet. Its objects are built from the schema, so it covers every call.
 */
import { COMMANDS, RETURN_VALUE } from '../trace/commands.js';
import type { HandleKind } from '../trace/commands.js';
import { RESULT_KEY } from '../device/types.js';
import type { Direct3DCreate9Fn, IDirect3D9 } from '../device/types.js';

/** Methods whose D3D9 form has an out-parameter the schema leaves out: they return `{ hr, ... }`. */
const OUT_PARAM_METHODS: ReadonlySet<string> = new Set(['GetDeviceCaps', 'CheckDeviceMultiSampleType', 'GetLevelDesc', 'GetStreamSourceFreq']);
/** Locks hand out this much memory: enough for the small locks tests make. */
const LOCK_BYTES = 256;

function makeNull(kind: HandleKind): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  let lock: Uint8Array | undefined;
  for (const info of COMMANDS.slice(1)) {
    if (!info.selfKinds.includes(kind)) continue;
    const creates = info.creates;
    obj[info.method] = (): unknown => {
      if (info.method === 'Release' || info.method === 'AddRef') return 0;
      if (info.method === 'LockRect') {
        lock = new Uint8Array(LOCK_BYTES);
        return { hr: 0, lockedRect: { Pitch: 16, pBits: lock } };
      }
      if (info.method === 'LockBox') {
        lock = new Uint8Array(LOCK_BYTES);
        return { hr: 0, lockedVolume: { RowPitch: 16, SlicePitch: 64, pBits: lock } };
      }
      if (info.method === 'Lock') {
        lock = new Uint8Array(LOCK_BYTES);
        return { hr: 0, data: lock };
      }
      if (creates) return { hr: 0, [RESULT_KEY[creates]]: makeNull(creates) };
      // out-values: none (recorded as 0 or absent); a method that returns its value returns 0
      if (info.outs.length > 0) return info.outs.some((f) => f.name === RETURN_VALUE) ? 0 : { hr: 0 };
      return OUT_PARAM_METHODS.has(info.method) ? { hr: 0 } : 0;
    };
  }
  obj.captureLock = (): Uint8Array | undefined => lock?.slice();
  obj.restoreLock = (): boolean => true;
  if (kind === 'Volume') obj.GetDesc = (): object => ({ Format: 0, Type: 0, Usage: 0, Pool: 0, Width: 0, Height: 0, Depth: 0 });
  obj.GetLevelCount = (): number => 1;
  return obj;
}

/** Direct3DCreate9 of the no-op device. */
export const nullDirect3DCreate9: Direct3DCreate9Fn = () => makeNull('Direct3D9') as unknown as IDirect3D9;
