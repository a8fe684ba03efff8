/**
 * Baseline for record.throughput: the same calls encoded by a hand-written
 * loop over flatc's generated builders (no API wrappers, no schema-driven
 * codec, no container, CRC or compression), each call its own size-prefixed
 * buffer, cut into 64 KiB batches the way the writer cuts chunks. What recording would cost if every call were
 * encoded by hand.
 */
import { Builder } from 'flatbuffers';
import * as fb from '../src/trace/generated/replay9.js';
import { SETUP, VERTEX_FVF } from './workload.js';
import type { Op, Workload } from './workload.js';

const CHUNK_BYTES = 64 * 1024;

class BatchBuilder {
  readonly b = new Builder(1024);
  private chunk = new Uint8Array(CHUNK_BYTES * 2);
  private length = 0;
  readonly batches: Uint8Array[] = [];

  /** Closes the Call table around `cmd` (built just before) and finishes the call's own buffer. */
  call(type: fb.Command, cmd: number, self: number, created = 0, result = 0): void {
    const b = this.b;
    fb.Call.startCall(b);
    fb.Call.addSelf(b, self);
    fb.Call.addResult(b, result);
    fb.Call.addCreated(b, created);
    fb.Call.addCommandType(b, type);
    fb.Call.addCommand(b, cmd);
    fb.Call.finishSizePrefixedCallBuffer(b, fb.Call.endCall(b));
    const bytes = b.asUint8Array();
    if (this.length + bytes.length > this.chunk.length) {
      const grown = new Uint8Array(this.chunk.length * 2 + bytes.length);
      grown.set(this.chunk.subarray(0, this.length));
      this.chunk = grown;
    }
    this.chunk.set(bytes, this.length);
    this.length += bytes.length;
    b.clear();
    if (this.length >= CHUNK_BYTES) this.flush();
  }

  flush(): void {
    if (this.length === 0) return;
    this.batches.push(this.chunk.slice(0, this.length));
    this.length = 0;
  }
}

const DEV = 2;

function op(bb: BatchBuilder, o: Op, texIds: readonly number[], vbIds: readonly number[]): void {
  const b = bb.b;
  switch (o.k) {
    case 'begin': bb.call(fb.Command.BeginScene, fb.BeginScene.createBeginScene(b), DEV); break;
    case 'end': bb.call(fb.Command.EndScene, fb.EndScene.createEndScene(b), DEV); break;
    case 'present':
      fb.Present.startPresent(b);
      bb.call(fb.Command.Present, fb.Present.endPresent(b), DEV);
      break;
    case 'clear': bb.call(fb.Command.Clear, fb.Clear.createClear(b, 0, 0, o.flags, o.color, o.z, o.stencil), DEV); break;
    case 'rs': bb.call(fb.Command.SetRenderState, fb.SetRenderState.createSetRenderState(b, o.state, o.value), DEV); break;
    case 'ss': bb.call(fb.Command.SetSamplerState, fb.SetSamplerState.createSetSamplerState(b, o.sampler, o.type, o.value), DEV); break;
    case 'tex': bb.call(fb.Command.SetTexture, fb.SetTexture.createSetTexture(b, o.stage, texIds[o.tex]), DEV); break;
    case 'xf': {
      const m = o.m;
      fb.SetTransform.startSetTransform(b);
      fb.SetTransform.addState(b, o.state);
      fb.SetTransform.addPMatrix(b, fb.Matrix.createMatrix(b, m._11, m._12, m._13, m._14, m._21, m._22, m._23, m._24, m._31, m._32, m._33, m._34, m._41, m._42, m._43, m._44));
      bb.call(fb.Command.SetTransform, fb.SetTransform.endSetTransform(b), DEV);
      break;
    }
    case 'fvf': bb.call(fb.Command.SetFVF, fb.SetFVF.createSetFVF(b, o.fvf), DEV); break;
    case 'vb': bb.call(fb.Command.SetStreamSource, fb.SetStreamSource.createSetStreamSource(b, 0, vbIds[o.vb], 0, o.stride), DEV); break;
    case 'draw': bb.call(fb.Command.DrawPrimitive, fb.DrawPrimitive.createDrawPrimitive(b, o.prim, o.start, o.count), DEV); break;
    case 'up': {
      const data = b.createByteVector(o.data);
      bb.call(fb.Command.DrawPrimitiveUP, fb.DrawPrimitiveUP.createDrawPrimitiveUP(b, o.prim, o.count, data, o.stride), DEV);
      break;
    }
    case 'perfBegin': {
      const name = b.createString(o.name);
      bb.call(fb.Command.PerfBeginEvent, fb.PerfBeginEvent.createPerfBeginEvent(b, o.col, name), 0);
      break;
    }
    case 'perfEnd': bb.call(fb.Command.PerfEndEvent, fb.PerfEndEvent.createPerfEndEvent(b), 0); break;
    default: { const never: never = o; throw new Error(`unknown op ${(never as Op).k}`); }
  }
}

/** Encodes the workload; returns the batches (size-prefixed FlatBuffers). */
export function encodeWithBuilder(w: Workload): Uint8Array[] {
  const bb = new BatchBuilder();
  const b = bb.b;
  let nextId = 0;
  const d3d = ++nextId;
  bb.call(fb.Command.Direct3DCreate9, fb.Direct3DCreate9.createDirect3DCreate9(b, 32), 0, d3d);
  const pp = w.presentParameters;
  fb.CreateDevice.startCreateDevice(b);
  fb.CreateDevice.addAdapter(b, 0);
  fb.CreateDevice.addDeviceType(b, SETUP.deviceType);
  fb.CreateDevice.addBehaviorFlags(b, SETUP.behavior);
  fb.CreateDevice.addPPresentationParameters(b, fb.PresentParameters.createPresentParameters(b,
    pp.BackBufferWidth, pp.BackBufferHeight, pp.BackBufferFormat, pp.BackBufferCount, pp.MultiSampleType, pp.MultiSampleQuality,
    pp.SwapEffect, 0, pp.Windowed ? 1 : 0, pp.EnableAutoDepthStencil ? 1 : 0, pp.AutoDepthStencilFormat, pp.Flags,
    pp.FullScreen_RefreshRateInHz, pp.PresentationInterval));
  bb.call(fb.Command.CreateDevice, fb.CreateDevice.endCreateDevice(b), d3d, ++nextId);
  const texIds = w.textures.map((t) => {
    const id = ++nextId;
    bb.call(fb.Command.CreateTexture, fb.CreateTexture.createCreateTexture(b, t.width, t.height, 1, 0, SETUP.textureFormat, SETUP.pool, 0, 0), DEV, id);
    return id;
  });
  const vbIds = w.vertexBuffers.map((spec) => {
    const id = ++nextId;
    bb.call(fb.Command.CreateVertexBuffer, fb.CreateVertexBuffer.createCreateVertexBuffer(b, spec.length, SETUP.vbUsage, VERTEX_FVF, SETUP.pool, 0), DEV, id);
    bb.call(fb.Command.VertexBufferLock, fb.VertexBufferLock.createVertexBufferLock(b, 0, spec.data.length, 0), id);
    const data = b.createByteVector(spec.data);
    bb.call(fb.Command.VertexBufferUnlock, fb.VertexBufferUnlock.createVertexBufferUnlock(b, data), id);
    return id;
  });
  for (const o of w.ops) op(bb, o, texIds, vbIds);
  bb.flush();
  return bb.batches;
}
