/**
 * Baseline for replay.dispatch: a plain loop over already-loaded batches with
 * flatc's generated accessors, reading every field of every call (no CRC, no
 * verifier, no handle table, no device). One reused accessor object per table,
 * as a careful hand-written reader would have. Values are folded into a sum so
 * that the reads cannot be optimised away.
 */
import { ByteBuffer } from 'flatbuffers';
import * as fb from '../src/trace/generated/replay9.js';

const call = new fb.Call();
const c = {
  d3d: new fb.Direct3DCreate9(), createDevice: new fb.CreateDevice(), createTexture: new fb.CreateTexture(),
  createVb: new fb.CreateVertexBuffer(), vbLock: new fb.VertexBufferLock(), vbUnlock: new fb.VertexBufferUnlock(),
  begin: new fb.BeginScene(), end: new fb.EndScene(), present: new fb.Present(), clear: new fb.Clear(),
  rs: new fb.SetRenderState(), ss: new fb.SetSamplerState(), tex: new fb.SetTexture(), xf: new fb.SetTransform(),
  fvf: new fb.SetFVF(), vb: new fb.SetStreamSource(), draw: new fb.DrawPrimitive(), up: new fb.DrawPrimitiveUP(),
  perfBegin: new fb.PerfBeginEvent(), perfEnd: new fb.PerfEndEvent(),
};
const rect = new fb.Rect();
const matrix = new fb.Matrix();
const pp = new fb.PresentParameters();

function rectSum(r: fb.Rect | null): number {
  return r ? (r.left() + r.top() + r.right() + r.bottom()) | 0 : 0;
}

function matrixSum(m: fb.Matrix | null): number {
  if (!m) return 0;
  return m[11]() + m[12]() + m[13]() + m[14]() + m[21]() + m[22]() + m[23]() + m[24]()
    + m[31]() + m[32]() + m[33]() + m[34]() + m[41]() + m[42]() + m[43]() + m[44]();
}

function ppSum(p: fb.PresentParameters | null): number {
  if (!p) return 0;
  return (p.backBufferWidth() + p.backBufferHeight() + p.backBufferFormat() + p.backBufferCount() + p.multiSampleType()
    + p.multiSampleQuality() + p.swapEffect() + p.hDeviceWindow() + p.windowed() + p.enableAutoDepthStencil()
    + p.autoDepthStencilFormat() + p.flags() + p.fullScreenRefreshRateInHz() + p.presentationInterval()) | 0;
}

/** Reads the command table of the current call; returns a checksum of its fields. */
function command(type: fb.Command): number {
  switch (type) {
    case fb.Command.Direct3DCreate9: return call.command(c.d3d).sdkversion();
    case fb.Command.CreateDevice: {
      const x = call.command(c.createDevice) as fb.CreateDevice;
      return x.adapter() + x.deviceType() + x.hFocusWindow() + x.behaviorFlags() + ppSum(x.pPresentationParameters(pp));
    }
    case fb.Command.CreateTexture: {
      const x = call.command(c.createTexture) as fb.CreateTexture;
      return x.width() + x.height() + x.levels() + x.usage() + x.format() + x.pool() + x.pSharedHandle();
    }
    case fb.Command.CreateVertexBuffer: {
      const x = call.command(c.createVb) as fb.CreateVertexBuffer;
      return x.length() + x.usage() + x.fvf() + x.pool() + x.pSharedHandle();
    }
    case fb.Command.VertexBufferLock: {
      const x = call.command(c.vbLock) as fb.VertexBufferLock;
      return x.offsetToLock() + x.sizeToLock() + x.flags();
    }
    case fb.Command.VertexBufferUnlock: return (call.command(c.vbUnlock) as fb.VertexBufferUnlock).dataArray()?.length ?? 0;
    case fb.Command.BeginScene: call.command(c.begin); return 1;
    case fb.Command.EndScene: call.command(c.end); return 2;
    case fb.Command.Present: {
      const x = call.command(c.present) as fb.Present;
      return rectSum(x.pSourceRect(rect)) + rectSum(x.pDestRect(rect)) + x.hDestWindowOverride() + x.pDirtyRegion();
    }
    case fb.Command.Clear: {
      const x = call.command(c.clear) as fb.Clear;
      let s = x.count() + x.flags() + x.color() + x.z() + x.stencil();
      const n = x.pRectsLength();
      for (let i = 0; i < n; i++) s += rectSum(x.pRects(i, rect));
      return s;
    }
    case fb.Command.SetRenderState: {
      const x = call.command(c.rs) as fb.SetRenderState;
      return x.state() + x.value();
    }
    case fb.Command.SetSamplerState: {
      const x = call.command(c.ss) as fb.SetSamplerState;
      return x.sampler() + x.type() + x.value();
    }
    case fb.Command.SetTexture: {
      const x = call.command(c.tex) as fb.SetTexture;
      return x.stage() + x.pTexture();
    }
    case fb.Command.SetTransform: {
      const x = call.command(c.xf) as fb.SetTransform;
      return x.state() + matrixSum(x.pMatrix(matrix));
    }
    case fb.Command.SetFVF: return (call.command(c.fvf) as fb.SetFVF).fvf();
    case fb.Command.SetStreamSource: {
      const x = call.command(c.vb) as fb.SetStreamSource;
      return x.streamNumber() + x.pStreamData() + x.offsetInBytes() + x.stride();
    }
    case fb.Command.DrawPrimitive: {
      const x = call.command(c.draw) as fb.DrawPrimitive;
      return x.primitiveType() + x.startVertex() + x.primitiveCount();
    }
    case fb.Command.DrawPrimitiveUP: {
      const x = call.command(c.up) as fb.DrawPrimitiveUP;
      const data = x.pVertexStreamZeroDataArray();
      return x.primitiveType() + x.primitiveCount() + (data ? data.length + data[0] : 0) + x.vertexStreamZeroStride();
    }
    case fb.Command.PerfBeginEvent: {
      const x = call.command(c.perfBegin) as fb.PerfBeginEvent;
      return x.col() + (x.wszName()?.length ?? 0);
    }
    case fb.Command.PerfEndEvent: call.command(c.perfEnd); return 3;
    default: throw new Error(`read baseline: command type ${type} is not in the benchmark workload`);
  }
}

/** Reads every call of every batch; returns a checksum. */
export function readAllFields(batches: readonly ByteBuffer[]): number {
  let sum = 0;
  for (const bb of batches) {
    const end = bb.capacity();
    for (let pos = 0; pos < end; pos += 4 + bb.readUint32(pos)) {
      bb.setPosition(pos);
      fb.Call.getSizePrefixedRootAsCall(bb, call);
      sum += call.self() + call.result() + call.created() + (call.name()?.length ?? 0);
      sum += command(call.commandType());
    }
  }
  return sum;
}
