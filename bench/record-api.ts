/** Runs the workload through the public API on the no-op device, recording into memory. */
import { Direct3DCreate9 } from '../src/api/index.js';
import type { Device } from '../src/api/index.js';
import type { IDirect3DBaseTexture9, IDirect3DVertexBuffer9 } from '../src/device/types.js';
import { TraceRecorder } from '../src/record/recorder.js';
import { nullDirect3DCreate9 } from '../src/replay/null-backend.js';
import type { WriterOptions } from '../src/trace/writer.js';
import { SETUP, VERTEX_FVF } from './workload.js';
import type { Op, Workload } from './workload.js';

function fail(what: string): never {
  throw new Error(`bench workload: ${what} failed on the no-op device`);
}

function runOps(dev: Device, ops: readonly Op[], textures: IDirect3DBaseTexture9[], vbs: IDirect3DVertexBuffer9[]): void {
  for (const op of ops) {
    switch (op.k) {
      case 'begin': dev.BeginScene(); break;
      case 'end': dev.EndScene(); break;
      case 'present': dev.Present(null, null, null, null); break;
      case 'clear': dev.Clear(0, null, op.flags, op.color, op.z, op.stencil); break;
      case 'rs': dev.SetRenderState(op.state, op.value); break;
      case 'ss': dev.SetSamplerState(op.sampler, op.type, op.value); break;
      case 'tex': dev.SetTexture(op.stage, textures[op.tex]); break;
      case 'xf': dev.SetTransform(op.state, op.m); break;
      case 'fvf': dev.SetFVF(op.fvf); break;
      case 'vb': dev.SetStreamSource(0, vbs[op.vb], 0, op.stride); break;
      case 'draw': dev.DrawPrimitive(op.prim, op.start, op.count); break;
      case 'up': dev.DrawPrimitiveUP(op.prim, op.count, op.data, op.stride); break;
      case 'perfBegin': dev.D3DPERF_BeginEvent(op.col, op.name); break;
      case 'perfEnd': dev.D3DPERF_EndEvent(); break;
      default: { const never: never = op; throw new Error(`unknown op ${(never as Op).k}`); }
    }
  }
}

/** Records the whole workload; returns the trace bytes. */
export function recordThroughApi(w: Workload, options: WriterOptions): Uint8Array {
  const recorder = TraceRecorder.inMemory(options);
  const d3d = Direct3DCreate9(32, { recorder, backend: nullDirect3DCreate9 }) ?? fail('Direct3DCreate9');
  const dev = (d3d.CreateDevice(0, SETUP.deviceType, null, SETUP.behavior, w.presentParameters).device ?? fail('CreateDevice')) as Device;
  const textures = w.textures.map((t) =>
    dev.CreateTexture(t.width, t.height, 1, 0, SETUP.textureFormat, SETUP.pool).texture ?? fail('CreateTexture'));
  const vbs = w.vertexBuffers.map((spec) => {
    const vb = dev.CreateVertexBuffer(spec.length, SETUP.vbUsage, VERTEX_FVF, SETUP.pool).vertexBuffer ?? fail('CreateVertexBuffer');
    const lock = vb.Lock(0, spec.data.length, 0);
    // the baseline encodes spec.data as the captured lock, so the lock must be exactly that size
    if (lock.data?.length !== spec.data.length) fail(`Lock of exactly ${spec.data.length} bytes`);
    lock.data.set(spec.data);
    vb.Unlock();
    return vb;
  });
  runOps(dev, w.ops, textures, vbs);
  if (recorder.callCount !== w.calls) throw new Error(`bench workload: recorded ${recorder.callCount} calls, expected ${w.calls}`);
  recorder.close();
  return recorder.bytes();
}
