/**
 * Hand-made files for what the fuzzer found: src/trace/verify.ts reads vtable
 * lengths, object lengths and field offsets as unsigned 16-bit, while the
 * FlatBuffers runtime (ByteBuffer.__offset) reads them as signed. In a batch
 * past 32 KiB a value of 0x8000 or more passes the verifier and is then read
 * as negative. Every CRC in these files is valid.
 */
import { ByteBuffer } from 'flatbuffers';
import type { CallRecord } from '../src/trace/call.js';
import { COMMANDS } from '../src/trace/commands.js';
import { CHUNK_HEADER_SIZE } from '../src/trace/container.js';
import { crc32 } from '../src/trace/crc32.js';
import { MemorySink } from '../src/trace/byte-io.js';
import { TraceReader } from '../src/trace/reader.js';
import { TraceWriter } from '../src/trace/writer.js';

export interface Repro {
  bytes: Uint8Array;
  /** the calls of the file before it was edited */
  calls: CallRecord[];
  what: string;
}

const typeOf = (name: string): number => COMMANDS.findIndex((c) => c?.name === name);

function upload(bytes: number): CallRecord {
  return { command: 'DrawPrimitiveUP', self: 2, result: 0, created: 0, args: { PrimitiveType: 4, PrimitiveCount: 1, pVertexStreamZeroData: new Uint8Array(bytes), VertexStreamZeroStride: 32 } };
}

/** Writes `calls` uncompressed with default 64 KiB chunks; the first chunk's payload is edited in place by `edit`. */
function build(calls: CallRecord[], edit: (raw: Uint8Array, bb: ByteBuffer, tables: number[]) => string): Repro {
  const sink = new MemorySink();
  const w = new TraceWriter(sink, { compression: 'none' });
  for (const c of calls) w.append(c);
  w.close();
  const bytes = sink.bytes();
  const r = TraceReader.fromBytes(bytes);
  const calls0 = [...r.calls()].map((x) => x.call);
  const chunk = r.chunks[0];
  const payloadAt = chunk.offset + CHUNK_HEADER_SIZE;
  const raw = bytes.subarray(payloadAt, payloadAt + chunk.storedSize);
  const what = edit(raw, new ByteBuffer(raw), r.loadBatch(chunk).calls);
  const dv = new DataView(bytes.buffer);
  dv.setUint32(chunk.offset + 16, crc32(raw), true);
  dv.setUint32(chunk.offset + 28, crc32(bytes, chunk.offset, chunk.offset + 28), true);
  return { bytes, calls: calls0, what };
}

/**
 * A Call whose vtable length is 0x8000: verified as 32768 bytes (its slots read
 * as before), read by the runtime as -32768, so every field is absent: command
 * type 0, and decodeCall throws a TypeError on COMMANDS[0].
 */
export function signedVtableLength(): Repro {
  const calls: CallRecord[] = [{ command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } }];
  for (let i = 0; i < 2000; i++) {
    calls.push({ command: 'SetRenderState', self: 2, result: 0, created: 0, args: { State: 7, Value: i } });
    // a Call of a new shape (with a result) late in the chunk gets its vtable in the batch's first half
    if (i === 1500) calls.push({ command: 'Release', self: 2, result: 3, created: 0, args: {} });
  }
  return build(calls, (raw, bb, tables) => {
    const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    for (const pos of tables) {
      const vt = pos - bb.readInt32(pos);
      if (vt + 0x8000 <= raw.length) {
        dv.setUint16(vt, 0x8000, true);
        return `Call vtable at payload byte ${vt}: length 0x8000 (batch of ${raw.length} bytes)`;
      }
    }
    throw new Error('fuzz-repro: no Call vtable in the first half of the batch');
  });
}

/**
 * A Clear whose pRects field offset is 0x8000: the verifier follows it to an
 * empty rect list 32 KiB after the table, the runtime 32 KiB before it, to a
 * list of 2^31-1 rects. Reading runs until the heap is exhausted (a fatal
 * error, not an exception). Made of four calls, with default writer settings
 * (two large vertex arrays make a batch past 64 KiB).
 */
export function signedFieldOffset(): Repro {
  const calls: CallRecord[] = [
    { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
    upload(40000),
    { command: 'Clear', self: 2, result: 0, created: 0, args: { Count: 1, pRects: [{ left: 0, top: 0, right: 4, bottom: 4 }], Flags: 1, Color: 0, Z: 1, Stencil: 0 } },
    upload(80000),
  ];
  return build(calls, (raw, bb, tables) => {
    const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const blobs: Array<[number, number]> = [];
    let clear = -1;
    for (const p of tables) {
      const type = bb.readUint8(p + bb.__offset(p, 12));
      const cmd = bb.__indirect(p + bb.__offset(p, 14));
      if (type === typeOf('Clear')) clear = cmd;
      if (type === typeOf('DrawPrimitiveUP')) {
        const o = bb.__offset(cmd, 8);
        blobs.push([bb.__vector(cmd + o), bb.__vector(cmd + o) + bb.__vector_len(cmd + o)]);
      }
    }
    const inBlob = (a: number, n: number): boolean => blobs.some(([s, e]) => a >= s && a + n <= e);
    const vt = clear - dv.getInt32(clear, true);
    let off = -1;
    for (let d = 0x8000; d + 4 <= 0xffff && clear + d + 8 <= raw.length; d += 4) {
      if (inBlob(clear + d, 8) && inBlob(clear + d - 0x10000, 8)) { off = d; break; }
    }
    if (off < 0) throw new Error('fuzz-repro: no place for the two rect lists');
    dv.setUint32(clear + off, 4, true); // as verified: a uoffset to an empty list
    dv.setUint32(clear + off + 4, 0, true);
    dv.setInt32(clear + off - 0x10000, 4, true); // as read: a list of 2^31-1 rects
    dv.setInt32(clear + off - 0x10000 + 4, 0x7fffffff, true);
    dv.setUint16(vt + 2, Math.min(0xffff, raw.length - clear), true); // object length covers the field
    dv.setUint16(vt + 4 + 2 * 1, off, true); // Clear.pRects is slot 1
    return `Clear at payload byte ${clear}: pRects field offset ${off} (0x${off.toString(16)}), object length ${Math.min(0xffff, raw.length - clear)}`;
  });
}

export const REPROS: Readonly<Record<string, () => Repro>> = {
  'signed-vtable-length': signedVtableLength,
  'signed-field-offset': signedFieldOffset,
};
