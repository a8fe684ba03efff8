/**
 * Shaders and constants at replay: the text form round-trips them byte for byte, the recorded
 * out-values of their getters are checked, draws with shaders bound replay without findings, and a
 * replay snapshotted at any call
 * continues with the same shaders, constants and state blocks.
 */
import { pack, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { Replayer } from '../../src/replay/replayer.js';
import type { PresentEvent } from '../../src/replay/replayer.js';
import { captureReplay, restoreReplay } from '../../src/replay/snapshot.js';
import type { ReplaySnapshot } from '../../src/replay/snapshot.js';
import type { Device } from '../../src/device/device.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { fromText, LONG, recordBytes, sameBytes, toText } from '../helpers.js';
import { D3DCREATE } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const VS = '[0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x00000009, 0xc00f0000, 0x90e40000, 0xa0e40000, 0x0000ffff]';
const PS = '[0xffff0200, 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff]';
const TRI = '[[0, 0, 0.5, 1, 0xffff0000], [16, 0, 0.5, 1, 0xffff0000], [0, 8, 0.5, 1, 0xffff0000]]';

const TRACE = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
vs = dev.CreateVertexShader(${VS})
ps = dev.CreatePixelShader(${PS})
dev.CreateVertexShader([0xfffe0400, 0x0000ffff]) -> D3DERR_INVALIDCALL
vs.GetFunction(FALSE, 0) -> {Data: NULL, SizeOfData: 36}
vs.GetFunction(TRUE, 35) -> D3DERR_INVALIDCALL
vs.GetFunction(TRUE, 64) -> {Data: ${VS}, SizeOfData: 64}
dev.SetVertexShaderConstantF(0, [[1, -0.5, 0, -0], [0x7fc00001, 2.5, 1e-7, 4]], 2)
dev.SetVertexShaderConstantF(255, [[1, 1, 1, 1], [2, 2, 2, 2]], 2) -> D3DERR_INVALIDCALL
dev.SetVertexShaderConstantI(15, [[1, -2, 3, 255]], 1)
dev.SetVertexShaderConstantB(14, [TRUE, FALSE], 2)
dev.SetPixelShaderConstantF(223, [[8, 8, 8, 8]], 1)
dev.SetPixelShaderConstantB(3, [TRUE], 1)
sbAll = dev.CreateStateBlock(D3DSBT_ALL)
dev.BeginStateBlock()
dev.SetPixelShader(ps)
dev.SetPixelShaderConstantI(0, [[5, 6, 7, 8]], 1)
rec = dev.EndStateBlock()
dev.SetVertexShader(vs)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff204060, 1, 0)
dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, ${TRI}, 20)
rec.Apply()
dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, ${TRI}, 20)
vs = dev.GetVertexShader()
ps = dev.GetPixelShader()
dev.GetVertexShaderConstantF(0, 2) -> {pConstantData: [[1, -0.5, 0, -0], [0x7fc00001, 2.5, 1e-7, 4]]}
dev.GetVertexShaderConstantI(15, 1) -> {pConstantData: [[1, -2, 3, 255]]}
dev.GetVertexShaderConstantB(13, 3) -> {pConstantData: [FALSE, TRUE, FALSE]}
dev.GetPixelShaderConstantF(223, 1) -> {pConstantData: [[8, 8, 8, 8]]}
dev.GetPixelShaderConstantI(0, 1) -> {pConstantData: [[5, 6, 7, 8]]}
sbAll.Apply()
dev.GetVertexShader()
dev.GetPixelShader()
dev.GetPixelShaderConstantI(0, 1) -> {pConstantData: [[0, 0, 0, 0]]}
dev.GetPixelShaderConstantB(3, 1) -> {pConstantData: [TRUE]}
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, ${TRI}, 20)
dev.Present(NULL, NULL, NULL, NULL)
`;
const lines = TRACE.split('\n');
const lineOf = (start: string): number => lines.findIndex((l) => l.startsWith(start)) + 1;

/** The back buffer at each Present: [a pixel outside the triangle, one inside], as stored. */
function presented(into: number[][]): (e: PresentEvent) => void {
  return ({ device }) => {
    const d = (device as Device).backBuffer.data;
    const px = (x: number, y: number): number => new DataView(d.buffer, d.byteOffset).getUint32((y * 16 + x) * 4, true);
    into.push([px(15, 7), px(2, 1)]);
  };
}

describe('shaders and constants at replay', () => {
  const bin = fromText(TRACE, 'shaders.r9t');

  it('text → binary → text is the same text', () => {
    expect(toText(bin).replace(/^#.*\n/gm, '')).toBe(TRACE);
  });

  it('a recorded scene → text → binary is the same bytes', () => {
    const rec = recordBytes((d3d) => {
      const dev = d3d.CreateDevice(0, 1, null, D3DCREATE.HARDWARE_VERTEXPROCESSING, PP).device!;
      const vs = dev.CreateVertexShader(new Uint32Array([0xfffe0300, 0x0000ffff, 0xabcdef01])).vertexShader!;
      vs.GetFunction(false, 0);
      vs.GetFunction(true, 8);
      dev.SetVertexShaderConstantF(4, new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), 2);
      dev.GetVertexShaderConstantF(4, 2);
      dev.SetVertexShaderConstantB(0, new Uint32Array([1, 0, 1]), 2);
      dev.GetVertexShaderConstantB(0, 2);
    });
    const text = toText(rec);
    // the trace keeps the tokens through the end token and the registers the count names
    expect(text).toContain('vs3 = dev2.CreateVertexShader([0xfffe0300, 0x0000ffff])');
    expect(text).toContain('vs3.GetFunction(TRUE, 8) -> {Data: [0xfffe0300, 0x0000ffff], SizeOfData: 8}');
    expect(text).toContain('dev2.SetVertexShaderConstantF(4, [[1, 2, 3, 4], [5, 6, 7, 8]], 2)');
    expect(text).toContain('dev2.GetVertexShaderConstantF(4, 2) -> {pConstantData: [[1, 2, 3, 4], [5, 6, 7, 8]]}');
    expect(text).toContain('dev2.SetVertexShaderConstantB(0, [TRUE, FALSE], 2)');
    expect(sameBytes(fromText(text), rec)).toBe(true);
  });

  it('replays with no finding; the last draw, after sbAll.Apply unbound both shaders, is fixed function', () => {
    const frames: number[][] = [];
    const r = new Replayer({ lines: parseTrace(TRACE, 'shaders.r9t').lines, onPresent: presented(frames) }).run(TraceReader.fromBytes(bin));
    expect(r.findings).toEqual([]);
    // after sbAll.Apply neither shader is bound (the ALL block was created before either was set, and before SetFVF): a fixed-function draw
    expect(frames).toEqual([[0xff204060, 0xffff0000]]);
  });

  it('the shader draws: XYZRHW vertices skip the vertex shader (red, fixed function), then the ps_2_0 writes c0 = 0 (black)', () => {
    const cut = TRACE.replace(/sbAll\.Apply\(\)[\s\S]*$/, 'dev.Present(NULL, NULL, NULL, NULL)\n');
    const first = TRACE.replace(/rec\.Apply\(\)[\s\S]*$/, 'dev.Present(NULL, NULL, NULL, NULL)\n');
    const frames: number[][] = [];
    new Replayer({ onPresent: presented(frames) }).run(TraceReader.fromBytes(fromText(first)));
    new Replayer({ onPresent: presented(frames) }).run(TraceReader.fromBytes(fromText(cut)));
    expect(frames).toEqual([[0xff204060, 0xffff0000], [0xff204060, 0xff000000]]);
  });

  it('a recorded out-value that differs is a mismatch naming pConstantData', () => {
    const wrong = TRACE.replace('-> {pConstantData: [[8, 8, 8, 8]]}', '-> {pConstantData: [[8, 8, 8, 9]]}');
    const r = new Replayer().run(TraceReader.fromBytes(fromText(wrong)));
    const m = r.findings.filter((f) => f.kind === 'mismatch');
    expect(m).toEqual([expect.objectContaining({ parameter: 'pConstantData', expected: '[[8, 8, 8, 9]]', actual: '[[8, 8, 8, 8]]', call: lineOf('dev.GetPixelShaderConstantF') - 1 })]);
  });

  it('snapshotted at every call (every fifth in the short run) and restored, the replay goes on with the same findings and frames', () => {
    const want: number[][] = [];
    const straight = new Replayer({ onPresent: presented(want) }).run(TraceReader.fromBytes(bin));
    const calls = TraceReader.fromBytes(bin).callCount;
    for (let at = 0; at <= calls; at += LONG ? 1 : 5) {
      const reader = TraceReader.fromBytes(bin);
      const got: number[][] = [];
      const first = new Replayer({ onPresent: presented(got) }).run(reader, at);
      const snap = unpack(pack(captureReplay(first))) as ReplaySnapshot;
      const r = restoreReplay(snap, { onPresent: presented(got) }).run(reader);
      expect([at, r.findings.map((f) => f.message)]).toEqual([at, straight.findings.map((f) => f.message)]);
      expect(got).toEqual(want);
    }
  });

  it('a malformed register list is a syntax error naming the line and column', () => {
    const head = lines.slice(0, 2).join('\n') + '\n';
    expect(() => fromText(head + 'dev.SetVertexShaderConstantF(0, [[1, 2, 3]], 1)\n', 's.r9t')).toThrow(/s\.r9t:3:34: pConstantData: register 0 is a list of 4 floats/);
    expect(() => fromText(head + 'dev.SetVertexShaderConstantI(0, [[1, 2, 3, 0.5]], 1)\n', 's.r9t')).toThrow(/s\.r9t:3:44: pConstantData register 0 component 3 expects an integer/);
    expect(() => fromText(head + 'vs = dev.CreateVertexShader([0xfffe0101, "x"])\n', 's.r9t')).toThrow(/s\.r9t:3:42:/);
  });
});
