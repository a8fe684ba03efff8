import { describe, expect, it } from 'vitest';
import { Replayer } from '../../src/replay/replayer.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import type { CallRecord } from '../../src/trace/call.js';
import { CHUNK_HEADER_SIZE, ChunkKind } from '../../src/trace/container.js';
import { crc32 } from '../../src/trace/crc32.js';
import { traceText } from '../../src/trace/convert.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import type { WriterOptions } from '../../src/trace/writer.js';
import { fromText } from '../helpers.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
`;
// enough calls that the trace has several 256-byte chunks
const BODY = 'dev.SetRenderState(D3DRS_ZENABLE, FALSE)\n'.repeat(40) + 'bb = dev.GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO)\ndev.SetRenderTarget(0, bb)\n';

/** The text's calls written again with `edit` applied (a trace the text form cannot express). */
function rewritten(text: string, edit: (calls: CallRecord[]) => void, options: WriterOptions = { chunkBytes: 256 }): Uint8Array {
  const calls = [...TraceReader.fromBytes(fromText(text)).calls()].map((c) => c.call);
  edit(calls);
  const sink = new MemorySink();
  const w = new TraceWriter(sink, options);
  calls.forEach((c) => w.append(c));
  w.close();
  return sink.bytes();
}

function thrown(f: () => unknown): TraceFormatError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TraceFormatError);
    return e as TraceFormatError;
  }
  throw new Error('expected a TraceFormatError');
}

describe('an error that names a call also names where the call is', () => {
  const last = 2 + 40 + 1; // SetRenderTarget

  it('a handle no call created: the byte of the chunk that holds the call (binary)', () => {
    const bytes = rewritten(HEAD + BODY, (calls) => { calls[last].args.pRenderTarget = 0xffffff; });
    const reader = TraceReader.fromBytes(bytes);
    const chunk = reader.chunks.find((c) => c.kind === ChunkKind.Commands && c.firstCall <= last && last < c.firstCall + c.callCount)!;
    expect(chunk.offset).toBeGreaterThan(32); // not the first chunk
    const e = thrown(() => new Replayer().run(reader));
    expect(e.message).toBe(`trace chunk at byte ${chunk.offset}: call ${last} (SetRenderTarget): handle 16777215 was never created by an earlier call`);
    expect(e.offset).toBe(chunk.offset);
  });

  it('a handle of the wrong kind: the same place', () => {
    // the device (handle 2) passed as the render target
    const bytes = rewritten(HEAD + BODY, (calls) => { calls[last].args.pRenderTarget = 2; });
    const reader = TraceReader.fromBytes(bytes);
    const e = thrown(() => new Replayer().run(reader));
    expect(e.message).toMatch(new RegExp(`^trace chunk at byte ${reader.chunks.at(-1)!.offset}: call ${last} \\(SetRenderTarget\\): handle 2 is a Device, expected a Surface$`));
  });

  it('the .r9t line of the call when the replay knows the lines (text traces)', () => {
    const bytes = rewritten(HEAD + BODY, (calls) => { calls[last].args.pRenderTarget = 0xffffff; });
    const lines = Array.from({ length: last + 1 }, (_, i) => i + 1);
    const e = thrown(() => new Replayer({ lines }).run(TraceReader.fromBytes(bytes, 'scene.r9t')));
    expect(e.message).toBe(`scene.r9t:${last + 1}: call ${last} (SetRenderTarget): handle 16777215 was never created by an earlier call`);
  });

  it('a call the text form cannot show: the byte of its chunk', () => {
    // GetBackBuffer claims to create handle 9 where handle 4 comes next
    const bytes = rewritten(HEAD + BODY, (calls) => { calls[last - 1].created = 9; calls[last].args.pRenderTarget = 9; });
    const reader = TraceReader.fromBytes(bytes);
    const chunk = reader.chunks[reader.chunkIndexForCall(last - 1)];
    const e = thrown(() => [...traceText(reader)]);
    expect(e.message).toBe(`trace chunk at byte ${chunk.offset}: call ${last - 1}: handle 9 is created out of order (expected 3); the text form cannot show this trace`);
    expect(e.offset).toBe(chunk.offset);
  });

  it('a malformed call: its number in the trace as well as in its chunk', () => {
    const bytes = rewritten(HEAD + BODY, () => {}, { chunkBytes: 256, compression: 'none' });
    const reader = TraceReader.fromBytes(bytes);
    const c = reader.chunks[2];
    // the first call's size prefix of the third chunk: larger than the chunk
    bytes.set([0xff, 0xff, 0, 0], c.offset + CHUNK_HEADER_SIZE);
    const dv = new DataView(bytes.buffer, bytes.byteOffset);
    dv.setUint32(c.offset + 16, crc32(bytes.subarray(c.offset + CHUNK_HEADER_SIZE, c.offset + CHUNK_HEADER_SIZE + c.storedSize)), true);
    dv.setUint32(c.offset + 28, crc32(bytes, c.offset, c.offset + 28), true);
    const e = thrown(() => reader.loadBatch(c));
    expect(e.message).toMatch(new RegExp(`^trace chunk: byte ${c.offset + CHUNK_HEADER_SIZE}: call ${c.firstCall} \\(call 0 of the chunk\\): call size 65535 does not fit`));
  });
});
