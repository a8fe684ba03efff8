/**
 * The D3D9-shaped API (contract 1). `Direct3DCreate9(D3D_SDK_VERSION, { recorder })`
 * returns an IDirect3D9 whose every call, and every call on the objects it
 * hands out, is recorded; without a recorder the calls just run.
 */
import { D3D_SDK_VERSION } from '../d3d9/index.js';
import { Direct3DCreate9 as emulatedCreate } from '../device/direct3d9.js';
import { captureSnapshot, encodeSnapshot, SnapshotError } from '../device/snapshot.js';
import type { Direct3DCreate9Fn, IDirect3D9, IDirect3DDevice9, PerfMarkers } from '../device/types.js';
import type { DeviceProfile } from '../device/caps.js';
import type { TraceRecorder } from '../record/recorder.js';
import { commandInfo } from '../trace/commands.js';
import type { CommandName } from '../trace/commands.js';
import { ApiContext, ApiObject, DeviceApi, Direct3D9Api, invoke } from './wrap.js';

export interface CreateOptions {
  /** records every call into this trace */
  recorder?: TraceRecorder;
  /** the device behind the API: the emulated device (default) or another implementation, e.g. the no-op device */
  backend?: Direct3DCreate9Fn;
  /** the emulated device's driver profile: Direct3D 9 (default) or DirectX 8-level; a recorder's trace names its own */
  profile?: DeviceProfile;
}

/** The API's IDirect3D9 and IDirect3DDevice9 also carry the D3DPERF_* markers. */
export type Direct3D9 = IDirect3D9 & PerfMarkers;
export type Device = IDirect3DDevice9 & PerfMarkers;

/** The backend's own marker state: D3DPERF_BeginEvent returns the level it starts. */
class MarkerLevel {
  depth = 0;
}
const levels = new WeakMap<ApiContext, MarkerLevel>();

function perfCall(self: ApiObject, name: CommandName, args: unknown[]): number {
  const level = levels.get(self.ctx) ?? new MarkerLevel();
  levels.set(self.ctx, level);
  const backend = {
    ctx: self.ctx,
    D3DPERF_BeginEvent: () => level.depth++,
    D3DPERF_EndEvent: () => (level.depth > 0 ? --level.depth : -1),
    D3DPERF_SetMarker: () => 0,
  };
  return invoke(undefined, commandInfo(name), args, backend) as number;
}

for (const cls of [Direct3D9Api, DeviceApi]) {
  Object.assign(cls.prototype, {
    D3DPERF_BeginEvent(this: ApiObject, col: number, wszName: string): number { return perfCall(this, 'PerfBeginEvent', [col, wszName]); },
    D3DPERF_EndEvent(this: ApiObject): number { return perfCall(this, 'PerfEndEvent', []); },
    D3DPERF_SetMarker(this: ApiObject, col: number, wszName: string): void { perfCall(this, 'PerfSetMarker', [col, wszName]); },
  });
}

/** Gives the recorder its snapshot source: the objects behind the context's handles, captured as a replay would hold them. */
function attachSnapshots(recorder: TraceRecorder): void {
  recorder.setSnapshotSource((at) => {
    try {
      return encodeSnapshot(captureSnapshot(recorder.handleTable(), {
        callsReplayed: at.calls, frames: at.frames, perfDepth: at.perfDepth, profile: recorder.profile, missing: [], names: at.names, findings: [],
      }));
    } catch (e) {
      if (e instanceof SnapshotError) return e.message;
      throw e;
    }
  });
}

export function Direct3DCreate9(SDKVersion: number = D3D_SDK_VERSION, options: CreateOptions = {}): Direct3D9 | null {
  const ctx = new ApiContext(options.recorder);
  const profile = options.profile ?? options.recorder?.profile ?? 'dx9';
  if (options.recorder && options.recorder.profile !== profile) {
    throw new Error(`Direct3DCreate9: the recorder writes a ${options.recorder.profile} trace, the device was asked for ${profile}: give the profile to TraceRecorder`);
  }
  if (options.recorder && options.recorder.snapshotEvery > 0) {
    if (options.backend) throw new Error('Direct3DCreate9: snapshots (snapshotEvery) capture the emulated device; they cannot be taken with another backend');
    attachSnapshots(options.recorder);
  }
  const create = options.backend ?? ((v: number) => emulatedCreate(v, profile));
  const out = invoke(undefined, commandInfo('Direct3DCreate9'), [SDKVersion], {
    ctx,
    Direct3DCreate9: (v: number) => {
      const d3d = create(v);
      return d3d ? { hr: 0, d3d } : { hr: 0 };
    },
  }) as { d3d?: Direct3D9 };
  return out.d3d ?? null;
}
