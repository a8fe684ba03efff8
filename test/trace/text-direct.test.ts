import { readdirSync, readFileSync } from 'node:fs';
import { ByteBuffer } from 'flatbuffers';
import { describe, expect, it } from 'vitest';
import { hresultName } from '../../src/d3d9/index.js';
import type { CallRecord } from '../../src/trace/call.js';
import { commandInfo, COUNT_RESULTS, qualifiedMethod } from '../../src/trace/commands.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { ByteOut } from '../../src/trace/text/byte-out.js';
import { DirectPrinter } from '../../src/trace/text/print-direct.js';
import { TextPrinter } from '../../src/trace/text/print.js';
import { frameLoopCalls, randomCalls } from '../../tools/fuzz-corpus.js';
import { Prng } from '../../tools/prng.js';
import { everyCommand } from '../fixtures/every-command.js';
import { fromText, recordBytes } from '../helpers.js';

type Mode = 'text' | 'numbered' | 'json';

/** What TextPrinter makes of each call in `mode` (dump's JSON as it was built from CallRecords): a line, or the error. */
function reference(bytes: Uint8Array, mode: Mode): string[] {
  const reader = TraceReader.fromBytes(bytes);
  const p = new TextPrinter((n) => reader.placeOfCall(n));
  const out: string[] = [];
  for (const { n, call } of reader.calls()) {
    try {
      if (mode === 'json') out.push(JSON.stringify(jsonOf(p, call, n)));
      else {
        const text = p.indented(call, n);
        out.push(mode === 'numbered' ? `${String(n).padStart(7)}  ${text.trimStart()}` : text);
      }
    } catch (e) {
      out.push(`error: ${(e as Error).message}`);
    }
  }
  return out;
}

function jsonOf(p: TextPrinter, call: CallRecord, n: number): unknown {
  p.advance(call, n);
  const info = commandInfo(call.command);
  const args: Record<string, unknown> = {};
  for (const f of info.table.fields) {
    const v = call.args[f.name];
    if (f.r9 === 'data' && (v === null || v === undefined)) continue;
    const t = p.field(f, v, call);
    args[f.name] = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(t) ? Number(t) : t;
  }
  return {
    call: n,
    method: qualifiedMethod(info, p.kindOf(call.self)),
    ...(call.self ? { self: p.nameOf(call.self) } : {}),
    args,
    result: COUNT_RESULTS.has(info.name) ? call.result | 0 : hresultName(call.result),
    ...(call.created ? { created: p.nameOf(call.created) } : {}),
  };
}

/** The same through DirectPrinter, straight from the buffers. */
function direct(bytes: Uint8Array, mode: Mode): string[] {
  const reader = TraceReader.fromBytes(bytes);
  const p = new DirectPrinter((n) => reader.placeOfCall(n));
  // a line longer than a block is handed on when it ends
  const blocks: Uint8Array[] = [];
  const out = new ByteOut((b) => { blocks.push(b); });
  const lines: string[] = [];
  for (const b of reader.batches()) {
    for (let i = 0; i < b.calls.length; i++) {
      const n = b.firstCall + i;
      out.pos = 0;
      blocks.length = 0;
      try {
        if (mode === 'json') p.json(b.bb, b.calls[i], n, out);
        else p.text(b.bb, b.calls[i], n, out, mode === 'numbered');
        const line = Buffer.concat([...blocks, out.buf.subarray(0, out.pos)]);
        expect(line[line.length - 1]).toBe(10);
        lines.push(line.subarray(0, line.length - 1).toString('utf8'));
      } catch (e) {
        expect(out.pos).toBe(0);
        expect(blocks).toEqual([]);
        lines.push(`error: ${(e as Error).message}`);
      }
    }
  }
  return lines;
}

/** The text of every call, read from a copy of each batch that starts `shift` bytes into its memory. */
function shifted(bytes: Uint8Array, shift: number): string[] {
  const reader = TraceReader.fromBytes(bytes);
  const p = new DirectPrinter((n) => reader.placeOfCall(n));
  const out = new ByteOut(() => undefined);
  const got: string[] = [];
  for (const b of reader.batches()) {
    const whole = b.bb.bytes();
    const moved = new Uint8Array(new ArrayBuffer(whole.length + shift), shift);
    moved.set(whole);
    const bb = new ByteBuffer(moved);
    for (let i = 0; i < b.calls.length; i++) {
      out.pos = 0;
      try {
        p.text(bb, b.calls[i], b.firstCall + i, out, false);
        got.push(Buffer.from(out.buf.subarray(0, out.pos - 1)).toString('utf8'));
      } catch (e) {
        got.push(`error: ${(e as Error).message}`);
      }
    }
  }
  return got;
}

function write(calls: CallRecord[]): Uint8Array {
  const sink = new MemorySink();
  const w = new TraceWriter(sink, { compression: 'none' });
  for (const c of calls) w.append(c);
  w.close();
  return sink.bytes();
}

const f32 = (bits: number): number => new Float32Array(new Uint32Array([bits]).buffer)[0];

/** Values the text shows in unusual ways: −0, NaN payloads, infinities, flags with unnamed bits, failures, counts, odd strings. */
function edgeCalls(): CallRecord[] {
  const dev = (command: CallRecord['command'], args: CallRecord['args'], result = 0): CallRecord => ({ command, self: 2, result, created: 0, args });
  const verts = (words: number[]): Uint8Array => new Uint8Array(new Uint32Array(words).buffer);
  const floats = (values: number[]): Uint8Array => new Uint8Array(new Float32Array(values).buffer);
  const m = (x: number): Record<string, number> => Object.fromEntries(['11', '12', '13', '14', '21', '22', '23', '24', '31', '32', '33', '34', '41', '42', '43', '44'].map((k, i) => [`_${k}`, i === 5 ? x : i % 5 === 0 ? 1 : 0]));
  return [
    { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
    { command: 'CreateDevice', self: 1, result: 0, created: 2, args: { Adapter: 0, DeviceType: 1, hFocusWindow: 0, BehaviorFlags: 0x20, pPresentationParameters: null } },
    dev('SetFVF', { FVF: 0x44 }),
    // XYZRHW | DIFFUSE: 20 bytes a vertex
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: verts([0, 0x3f800000, 0x3f000000, 0x3f800000, 0xff00ff00]), VertexStreamZeroStride: 20 }),
    // floats of every form: a short decimal, a 9-digit one, a subnormal, the largest, exponents both ways (the colours: -1 and -2^-10 as bits)
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: floats([0.1, 1048576.25, 1e-40, 3.4028234663852886e38, -1, -2.5, 16777215, 1e21, 1e-7, -0.0009765625]), VertexStreamZeroStride: 20 }),
    // a list longer than the output buffer holds at first
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 700, pVertexStreamZeroData: floats(Array.from({ length: 10500 }, (_, i) => (i % 5 === 4 ? -1 : (i * 7919) / 64 - 1e5 + (i % 3 ? 0 : 0.1)))), VertexStreamZeroStride: 20 }),
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: verts([0x80000000, 0, 0, 0, 1]), VertexStreamZeroStride: 20 }),
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: verts([0x7fc00001, 0, 0, 0, 1]), VertexStreamZeroStride: 20 }),
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: verts([0x7f800000, 0, 0, 0, 1]), VertexStreamZeroStride: 20 }),
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: new Uint8Array(0), VertexStreamZeroStride: 20 }),
    dev('DrawPrimitiveUP', { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: new Uint8Array(60).fill(7), VertexStreamZeroStride: 12 }),
    dev('DrawIndexedPrimitiveUP', { PrimitiveType: 4, MinVertexIndex: 0, NumVertices: 3, PrimitiveCount: 1, pIndexData: new Uint8Array([0, 0, 1, 0, 2, 0]), IndexDataFormat: 101, pVertexStreamZeroData: verts([0, 0, 0, 0, 0]), VertexStreamZeroStride: 20 }),
    dev('DrawIndexedPrimitiveUP', { PrimitiveType: 4, MinVertexIndex: 0, NumVertices: 3, PrimitiveCount: 1, pIndexData: new Uint8Array([0, 0, 1]), IndexDataFormat: 101, pVertexStreamZeroData: null, VertexStreamZeroStride: 20 }),
    dev('SetRenderState', { State: 36, Value: 0x80000000 }), // FOGSTART −0
    dev('SetRenderState', { State: 37, Value: 0x7f800001 }), // FOGEND, a NaN
    dev('SetRenderState', { State: 7, Value: 7 }), // ZENABLE, an unnamed value
    dev('SetRenderState', { State: 999, Value: 5 }), // no such state
    dev('SetSamplerState', { Sampler: 0, Type: 8, Value: 0xbf000000 }), // MIPMAPLODBIAS −0.5
    dev('SetTextureStageState', { Stage: 0, Type: 1, Value: 4 }),
    dev('Clear', { Count: 2, pRects: [{ left: 0, top: -1, right: 5, bottom: 6 }, { left: 1, top: 2, right: 3, bottom: 4 }], Flags: 0x8000007, Color: 0xff00ff00, Z: f32(0x80000000), Stencil: 1 }, 0x8876086c),
    dev('Clear', { Count: 0, pRects: [], Flags: 1, Color: 0, Z: f32(0x7fc00000), Stencil: 0 }),
    dev('SetTransform', { State: 256, pMatrix: m(-0) }),
    dev('SetTransform', { State: 2, pMatrix: m(f32(0xff800000)) }),
    dev('PerfBeginEvent', { col: 0xffffffff, wszName: 'a "quoted"\\ tab\there ünïcode ✓ \u0001 \u2028' }, 1),
    dev('PerfBeginEvent', { col: 0, wszName: null }, 2),
    dev('PerfSetMarker', { col: 1, wszName: '' }),
    dev('PerfEndEvent', {}, 0xffffffff),
    dev('PerfEndEvent', {}, 0),
    dev('PerfEndEvent', {}, 0),
    dev('SetTexture', { Stage: 0, pTexture: 77 }), // a handle no call created
    { command: 'SetTexture', self: 99, result: 0, created: 0, args: { Stage: 0, pTexture: 0 } },
    dev('Present', { pSourceRect: { left: 0, top: 0, right: 1, bottom: 1 }, pDestRect: null, hDestWindowOverride: 0, pDirtyRegion: 0 }),
  ];
}

function traces(): Array<[string, Uint8Array]> {
  const out: Array<[string, Uint8Array]> = [];
  for (const f of readdirSync('traces').filter((x) => x.endsWith('.r9t'))) out.push([f, fromText(readFileSync(`traces/${f}`, 'utf8'), f)]);
  out.push(['every command', recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true })]);
  out.push(['a frame loop', write(frameLoopCalls(new Prng(5), 1500))]);
  out.push(['random calls', write(randomCalls(new Prng(6), 400))]);
  out.push(['edge values', write(edgeCalls())]);
  return out;
}

describe('printing straight from the buffers gives the text, numbered lines and JSON that TextPrinter gives', () => {
  const all = traces();
  for (const mode of ['text', 'numbered', 'json'] as const) {
    it(mode, () => {
      for (const [label, bytes] of all) {
        const want = reference(bytes, mode);
        const got = direct(bytes, mode);
        expect(got.length, label).toBe(want.length);
        for (let i = 0; i < want.length; i++) expect(got[i], `${label}, call ${i}`).toBe(want[i]);
      }
    });
  }

  it('prints the same from buffers at any byte offset (vertex data read as words or as bytes)', () => {
    for (const f of ['triangles.r9t', 'clip-planes.r9t', 'lit-fog-blend.r9t']) {
      const bytes = fromText(readFileSync(`traces/${f}`, 'utf8'), f);
      const want = direct(bytes, 'text');
      expect(want.some((l) => /DrawPrimitiveUP\(\w+, \d+, \[\[/.test(l)), f).toBe(true);
      for (const shift of [1, 2, 3]) expect(shifted(bytes, shift), `${f} shifted by ${shift}`).toEqual(want);
    }
  });

  it('the edge values print the ways the text rules say', () => {
    const text = direct(write(edgeCalls()), 'text').join('\n');
    expect(text).toContain('dev2.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, [[0, 1, 0.5, 1, 0xff00ff00]], 20)');
    // the shortest decimal that reads back as the same float32 (1048576.25 is between 1048576.125 and 1048576.375)
    expect(text).toContain('dev2.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, [[0.1, 1048576.3, 1e-40, 3.4028235e+38, 0xbf800000], [-2.5, 16777215, 1e+21, 1e-7, 0xba800000]], 20)');
    // −0 and NaN do not survive as vertex lists: the data stays raw
    expect(text).toContain('dev2.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, hex"0000008000000000000000000000000001000000", 20)');
    expect(text).toContain('dev2.SetRenderState(D3DRS_FOGSTART, -0)');
    expect(text).toContain('dev2.SetRenderState(D3DRS_FOGEND, 0x7f800001)');
    expect(text).toContain('\n  D3DPERF_BeginEvent(0x00000000, NULL) -> 2\n');
    expect(text).toContain('error: ');
    const json = direct(write(edgeCalls()), 'json');
    // −0 as a JSON number is 0
    expect(json.find((l) => l.includes('D3DRS_FOGSTART'))).toContain('"Value":0}');
  });
});
