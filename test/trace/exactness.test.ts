/** Values a JS number cannot carry, names, and inconsistent inputs: the text form keeps every bit or says why not. */
import { describe, expect, it } from 'vitest';
import { MemorySink } from '../../src/trace/byte-io.js';
import { TraceFormatError, TraceSyntaxError } from '../../src/trace/errors.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import type { CallRecord } from '../../src/trace/call.js';
import { D3DFMT, D3DLOCK, D3DPOOL } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { Replayer } from '../../src/replay/replayer.js';
import type { Surface } from '../../src/device/surface.js';
import type { Device } from '../../src/device/device.js';

function write(calls: CallRecord[]): Uint8Array {
  const sink = new MemorySink();
  const w = new TraceWriter(sink);
  for (const c of calls) w.append(c);
  w.close();
  return sink.bytes();
}

const HEAD: CallRecord[] = [
  { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
  { command: 'CreateDevice', self: 1, result: 0, created: 2, args: { Adapter: 0, DeviceType: 1, hFocusWindow: 0, BehaviorFlags: 32, pPresentationParameters: { BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: 22, SwapEffect: 1, Windowed: 1 } } },
];

describe('float fields keep their exact bits through the text form', () => {
  for (const bits of [0xffc00000, 0x7f800001, 0x7fc00001, 0x80000000, 0x7f800000, 0x00000001]) {
    it(`0x${bits.toString(16)} in Clear.Z, a Viewport and vertex data`, () => {
      const text = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
dev.Clear(0, NULL, D3DCLEAR_ZBUFFER, 0, 0x${bits.toString(16)}, 0)
dev.SetViewport({X: 0, Y: 0, Width: 8, Height: 8, MinZ: 0, MaxZ: 0x${bits.toString(16)}})
dev.SetFVF(D3DFVF_XYZRHW)
dev.DrawPrimitiveUP(D3DPT_POINTLIST, 1, [[0x${bits.toString(16)}, 1, 0.5, 1]], 16)
`;
      const bin = fromText(text);
      const calls = [...TraceReader.fromBytes(bin).calls()].map((c) => c.call);
      const v = calls[5].args.pVertexStreamZeroData as Uint8Array;
      expect(new DataView(v.buffer, v.byteOffset).getUint32(0, true)).toBe(bits);
      // 300 times over, so the printer runs optimised too
      const many = text + (text.split('\n').slice(2, 4).join('\n') + '\n').repeat(300);
      const b2 = fromText(many);
      expect(sameBytes(fromText(toText(b2)), b2)).toBe(true);
      expect(sameBytes(fromText(toText(bin)), bin)).toBe(true);
    });
  }

  it('−0 survives in a scalar and in a struct with skipped zero fields', () => {
    const bin = write([...HEAD,
      { command: 'Clear', self: 2, result: 0, created: 0, args: { Count: 0, pRects: null, Flags: 2, Color: 0, Z: -0, Stencil: 0 } },
      { command: 'SetLight', self: 2, result: 0, created: 0, args: { Index: 0, pLight: { Type: 3, Range: -0 } } },
    ]);
    const calls = [...TraceReader.fromBytes(bin).calls()].map((c) => c.call);
    expect(Object.is(calls[2].args.Z, -0)).toBe(true);
    const text = toText(bin);
    expect(text).toContain('dev2.Clear(0, NULL, D3DCLEAR_ZBUFFER, 0x00000000, -0, 0)');
    expect(text).toContain('Range: -0');
    expect(sameBytes(fromText(text), bin)).toBe(true);
  });

  it('a decimal outside the float32 range is refused, with its place', () => {
    expect(() => parseTrace('d3d = Direct3DCreate9(32)\ndev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, 0, {})\ndev.Clear(0, NULL, D3DCLEAR_ZBUFFER, 0, 1e999, 0)\n', 'f.r9t')).toThrow(/f\.r9t:3:41: Z: 1e999 is outside the float32 range/);
  });
});

describe('names', () => {
  it('a name given for a call that returns a known object is used up by that call', () => {
    const bin = recordBytes((d3d, name) => {
      const dev = d3d.CreateDevice(0, 1, null, 0x20, PP).device!;
      name('bb');
      dev.GetBackBuffer(0, 0, 0);
      name('bb_again');
      dev.GetBackBuffer(0, 0, 0);
      dev.CreateRenderTarget(4, 4, D3DFMT.A8R8G8B8, 0, 0, false);
    });
    const text = toText(bin);
    expect(text).toMatch(/^bb = dev2\.GetBackBuffer\(0, 0, D3DBACKBUFFER_TYPE_MONO\)\nbb = dev2\.GetBackBuffer/m);
    expect(text).toContain('surf4 = dev2.CreateRenderTarget');
    expect(sameBytes(fromText(text), bin)).toBe(true);
  });
});

describe('the printer refuses traces whose text would read back differently', () => {
  const cases: Array<[string, CallRecord[], RegExp]> = [
    ['a call on a handle nobody created', [HEAD[0], { ...HEAD[1], self: 9 }], /call 1: CreateDevice is called on handle 9/],
    ['a handle created out of order', [HEAD[0], { ...HEAD[1], created: 5 }], /call 1: handle 5 is created out of order \(expected 2\)/],
    ['a name taken by a default name', [HEAD[0], { ...HEAD[1], name: 'd3d1' }], /the name 'd3d1' of handle 2 is taken/],
    ['a created handle on a call that creates nothing', [...HEAD, { command: 'BeginScene', self: 2, result: 0, created: 3, args: {} }], /BeginScene creates nothing/],
  ];
  for (const [what, calls, msg] of cases) {
    it(what, () => {
      let err: unknown;
      try { toText(write(calls)); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(TraceFormatError);
      expect((err as Error).message).toMatch(msg);
    });
  }

  it('a bad #@replay9 setting is a syntax error on its line', () => {
    for (const bad of ['chunk=0', 'chunk=99999999999', 'writer=1.2.300', 'profile=dx7', 'level=12']) {
      expect(() => parseTrace(`# a trace\n#@replay9 ${bad}\n`, 'p.r9t'), bad).toThrow(TraceSyntaxError);
      expect(() => parseTrace(`# a trace\n#@replay9 ${bad}\n`, 'p.r9t'), bad).toThrow(/p\.r9t:2:1: bad #@replay9 setting/);
    }
  });
});

describe('locks', () => {
  it('lock data follows the level being unlocked, with several levels locked at once', () => {
    const bin = recordBytes((d3d) => {
      const dev = d3d.CreateDevice(0, 1, null, 0x20, PP).device!;
      const tex = dev.CreateTexture(4, 4, 2, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
      const l0 = tex.LockRect(0, null, 0).lockedRect!;
      const l1 = tex.LockRect(1, null, 0).lockedRect!;
      l0.pBits.fill(0xaa, 0, 16);
      l1.pBits.fill(0xbb, 0, 8);
      tex.UnlockRect(0);
      tex.UnlockRect(1);
    });
    const text = toText(bin);
    expect(text).toMatch(/tex3\.UnlockRect\(0, b64"qqqqqqqqqqqqqqqq/);
    expect(text).toMatch(/tex3\.UnlockRect\(1, hex"bbbbbbbbbbbbbbbb0000/);
    const r = new Replayer().run(TraceReader.fromBytes(bin));
    expect(r.findings).toEqual([]);
    const dev = r.object(2)!.obj as Device;
    void dev;
    const tex = r.object(3)!.obj as { levels: Surface[] };
    expect(tex.levels[0].data[0]).toBe(0xaa);
    expect(tex.levels[1].data[0]).toBe(0xbb);
  });

  it('writes through a READONLY lock do not reach the surface (they are not recorded either)', () => {
    const bin = recordBytes((d3d) => {
      const dev = d3d.CreateDevice(0, 1, null, 0x20, PP).device!;
      const vb = dev.CreateVertexBuffer(32, 0, 0, D3DPOOL.MANAGED).vertexBuffer!;
      vb.Lock(0, 0, 0).data!.fill(0x22);
      vb.Unlock();
      vb.Lock(0, 0, D3DLOCK.READONLY).data!.fill(0x33);
      vb.Unlock();
      const again = vb.Lock(0, 0, D3DLOCK.READONLY).data!;
      expect(again[0]).toBe(0x22);
      vb.Unlock();
    });
    expect(new Replayer().run(TraceReader.fromBytes(bin)).findings).toEqual([]);
  });
});
