import { describe, expect, it } from 'vitest';
import { Replayer } from '../../src/replay/replayer.js';
import { nullDirect3DCreate9 } from '../../src/replay/null-backend.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import type { Surface } from '../../src/device/surface.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { everyCommand } from '../fixtures/every-command.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { NotImplementedError } from '../../src/device/types.js';
import type { Direct3DCreate9Fn } from '../../src/device/types.js';
import { fromText, recordBytes } from '../helpers.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
`;

function replayText(text: string): Replayer {
  const { lines } = parseTrace(text, 't.r9t');
  return new Replayer({ lines }).run(TraceReader.fromBytes(fromText(text)));
}

describe('the replayer checks every recorded result', () => {
  it('reports a call whose result differs, with its call number, line and both results', () => {
    const r = replayText(HEAD + 'dev.BeginScene()\n# a second BeginScene fails on Windows; the trace claims it succeeded\ndev.BeginScene()\ndev.EndScene() -> D3DERR_INVALIDCALL\n');
    expect(r.findings).toEqual([
      { kind: 'mismatch', call: 3, line: 5, method: 'IDirect3DDevice9::BeginScene', expected: 'D3D_OK', actual: 'D3DERR_INVALIDCALL', message: 'call 3: IDirect3DDevice9::BeginScene returned D3DERR_INVALIDCALL, the trace recorded D3D_OK' },
      { kind: 'mismatch', call: 4, line: 6, method: 'IDirect3DDevice9::EndScene', expected: 'D3DERR_INVALIDCALL', actual: 'D3D_OK', message: 'call 4: IDirect3DDevice9::EndScene returned D3D_OK, the trace recorded D3DERR_INVALIDCALL' },
    ]);
  });

  it('replays a failing call and expects it to fail the same way', () => {
    const r = replayText(HEAD + 'dev.Clear(0, NULL, D3DCLEAR_ZBUFFER, 0, 1.5, 0) -> D3DERR_INVALIDCALL\ndev.EndScene() -> D3DERR_INVALIDCALL\n');
    expect(r.findings).toEqual([]);
    expect(r.callsReplayed).toBe(4);
  });

  it('reports a call the device does not implement yet as such, naming the call, and goes on', () => {
    // every call of the emulated device runs: a device missing one (as other backends may) throws NotImplementedError
    const create: Direct3DCreate9Fn = (v) => {
      const d3d = Direct3DCreate9(v)!;
      const createDevice = d3d.CreateDevice.bind(d3d);
      d3d.CreateDevice = (...args) => {
        const r = createDevice(...args);
        if (r.device) r.device.StretchRect = () => { throw new NotImplementedError('IDirect3DDevice9::StretchRect'); };
        return r;
      };
      return d3d;
    };
    const text = HEAD + 'bb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)\ndev.StretchRect(bb, NULL, bb, NULL, D3DTEXF_NONE)\ndev.BeginScene()\n';
    const r = new Replayer({ lines: parseTrace(text, 't.r9t').lines, create }).run(TraceReader.fromBytes(fromText(text)));
    expect(r.findings.map((f) => [f.kind, f.call, f.line, f.method])).toEqual([['unimplemented', 3, 4, 'IDirect3DDevice9::StretchRect']]);
    expect(r.findings[0].message).toBe('call 3: IDirect3DDevice9::StretchRect is not implemented by the replay9 device yet');
    expect(r.callsReplayed).toBe(5);
  });

  it('skips calls on an object that could not be created, with a finding for each', () => {
    const r = replayText(HEAD + '# 0×0 is refused at replay although the trace says it worked\nrt = dev.CreateRenderTarget(0, 0, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)\nrt.Release()\n');
    expect(r.findings.map((f) => [f.kind, f.call])).toEqual([['mismatch', 2], ['skipped', 3]]);
  });

  it('refuses a handle no call created, naming the call', () => {
    const text = HEAD + 'bb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)\n';
    const bytes = fromText(text);
    // point the GetBackBuffer call at a device handle that does not exist, by rewriting the text form's binary
    const calls = [...TraceReader.fromBytes(bytes).calls()].map((c) => c.call);
    calls[2].self = 77;
    const sink = new MemorySink();
    const w = new TraceWriter(sink);
    calls.forEach((c) => w.append(c));
    w.close();
    expect(() => new Replayer().run(TraceReader.fromBytes(sink.bytes()))).toThrow(TraceFormatError);
    expect(() => new Replayer().run(TraceReader.fromBytes(sink.bytes()))).toThrow(/^trace chunk at byte 32: call 2 \(GetBackBuffer\): handle 77 was never created/);
  });

  it('writes recorded lock data back so the replayed surface holds what the application wrote', () => {
    const text = HEAD + 'rt = dev.CreateRenderTarget(4, 2, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, NULL)\nrt.LockRect({1, 0, 3, 1}, 0)\nrt.UnlockRect(hex"0102030405060708")\n';
    const r = new Replayer().run(TraceReader.fromBytes(fromText(text)));
    expect(r.findings).toEqual([]);
    const surf = r.object(3)!.obj as Surface;
    expect([...surf.data.subarray(0, 16)]).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0]);
  });

  it('dispatches every command to a device (the no-op one) without findings', () => {
    const bytes = recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true });
    const r = new Replayer({ create: nullDirect3DCreate9 }).run(TraceReader.fromBytes(bytes));
    expect(r.findings).toEqual([]);
    // Present and PresentEx end frames of swap chain 0; the additional chain's Present one of its own
    expect(r.frames).toBe(2);
    expect([...r.chainFrames]).toEqual([[1, 1]]);
  });
});

describe('the replayer stops at a given call', () => {
  it('replays calls [0, to) and leaves the rest, so a surface holds what it held after call to-1', () => {
    const text = HEAD + 'rt = dev.CreateRenderTarget(2, 2, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, NULL)\ndev.ColorFill(rt, NULL, 0xff0000ff)\ndev.ColorFill(rt, NULL, 0xffff0000)\n';
    const r = new Replayer().run(TraceReader.fromBytes(fromText(text)), 4);
    expect(r.callsReplayed).toBe(4);
    const rt = r.object(3)!.obj as Surface;
    expect([...rt.data.subarray(0, 4)]).toEqual([0xff, 0, 0, 0xff]);
  });
});
