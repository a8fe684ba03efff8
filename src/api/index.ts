/**
 * The D3D9-shaped API (contract 1). `Direct3DCreate9(D3D_SDK_VERSION, { recorder })`
 * returns an IDirect3D9 whose every call, and every call on the objects it
 * hands out, is recorded; without a recorder the calls just run.
 */
import { D3DERR, D3D_SDK_VERSION } from '../d3d9/index.js';
import { Direct3DCreate9 as emulatedCreate, Direct3DCreate9Ex as emulatedCreateEx } from '../device/direct3d9.js';
import { captureSnapshot, encodeSnapshot, SnapshotError } from '../device/snapshot.js';
import type { Direct3DCreate9Fn, IDirect3D9, IDirect3D9Ex, IDirect3DDevice9, IDirect3DDevice9Ex, PerfMarkers } from '../device/types.js';
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
/** What Direct3DCreate9Ex hands out, and the devices its CreateDeviceEx makes. */
export type Direct3D9Ex = IDirect3D9Ex & PerfMarkers;
export type DeviceEx = IDirect3DDevice9Ex & PerfMarkers;

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
    // no profiler is attached: status 0, no frame to repeat
    D3DPERF_SetRegion: () => 0,
    D3DPERF_QueryRepeatFrame: () => 0,
    D3DPERF_SetOptions: () => 0,
    D3DPERF_GetStatus: () => 0,
  };
  return invoke(undefined, commandInfo(name), args, backend) as number;
}

for (const cls of [Direct3D9Api, DeviceApi]) {
  Object.assign(cls.prototype, {
    D3DPERF_BeginEvent(this: ApiObject, col: number, wszName: string): number { return perfCall(this, 'PerfBeginEvent', [col, wszName]); },
    D3DPERF_EndEvent(this: ApiObject): number { return perfCall(this, 'PerfEndEvent', []); },
    D3DPERF_SetMarker(this: ApiObject, col: number, wszName: string): void { perfCall(this, 'PerfSetMarker', [col, wszName]); },
    D3DPERF_SetRegion(this: ApiObject, col: number, wszName: string): void { perfCall(this, 'PerfSetRegion', [col, wszName]); },
    D3DPERF_QueryRepeatFrame(this: ApiObject): boolean { return perfCall(this, 'PerfQueryRepeatFrame', []) !== 0; },
    D3DPERF_SetOptions(this: ApiObject, dwOptions: number): void { perfCall(this, 'PerfSetOptions', [dwOptions]); },
    D3DPERF_GetStatus(this: ApiObject): number { return perfCall(this, 'PerfGetStatus', []); },
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

/** The recording context and the profile of a new root object (shared by Direct3DCreate9 and Direct3DCreate9Ex). */
function rootContext(options: CreateOptions, what: string): { ctx: ApiContext; profile: DeviceProfile } {
  const ctx = new ApiContext(options.recorder);
  const profile = options.profile ?? options.recorder?.profile ?? 'dx9';
  if (options.recorder && options.recorder.profile !== profile) {
    throw new Error(`${what}: the recorder writes a ${options.recorder.profile} trace, the device was asked for ${profile}: give the profile to TraceRecorder`);
  }
  if (options.recorder && options.recorder.snapshotEvery > 0) {
    if (options.backend) throw new Error(`${what}: snapshots (snapshotEvery) capture the emulated device; they cannot be taken with another backend`);
    attachSnapshots(options.recorder);
  }
  return { ctx, profile };
}

/**
 * Direct3DCreate9Ex: `{ hr, d3d }` (D3D9 returns the HRESULT and the object through ppD3D). Another
 * backend's Direct3DCreate9 object stands in for its IDirect3D9Ex.
 */
export function Direct3DCreate9Ex(SDKVersion: number = D3D_SDK_VERSION, options: CreateOptions = {}): { hr: number; d3d?: Direct3D9Ex } {
  const { ctx, profile } = rootContext(options, 'Direct3DCreate9Ex');
  const backend = options.backend;
  const create = (v: number): { hr: number; d3d?: object } => {
    if (!backend) return emulatedCreateEx(v, profile);
    const d3d = backend(v);
    return d3d ? { hr: 0, d3d } : { hr: D3DERR.NOTAVAILABLE };
  };
  return invoke(undefined, commandInfo('Direct3DCreate9Ex'), [SDKVersion], { ctx, Direct3DCreate9Ex: create }) as { hr: number; d3d?: Direct3D9Ex };
}

export function Direct3DCreate9(SDKVersion: number = D3D_SDK_VERSION, options: CreateOptions = {}): Direct3D9 | null {
  const { ctx, profile } = rootContext(options, 'Direct3DCreate9');
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
