/**
 * Damage inside a command batch, with sizes and CRCs repaired so that only the
 * verifier (src/trace/verify.ts) stands between it and the decoder: vtables,
 * object lengths, field offsets, offsets and lengths, cuts and inserts.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ByteBuffer } from 'flatbuffers';
import { ChunkKind, Compression } from '../src/trace/container.js';
import { COMMANDS } from '../src/trace/commands.js';
import { crc32 } from '../src/trace/crc32.js';
import { concat, fixHeadCrc, interesting16, interesting32, join, pickFooter, setU16, setU32, split, u32 } from './fuzz-layout.js';
import type { Mutated, Mutation } from './fuzz-layout.js';
import type { Prng } from './prng.js';

/** A table of a valid batch and how many vtable slots the reader asks it for. */
interface TableAt { pos: number; slots: number }

function tablesWithSlots(raw: Uint8Array): TableAt[] {
  const bb = new ByteBuffer(raw);
  const out: TableAt[] = [];
  // a chunk is a sequence of size-prefixed call buffers, each rooted at a Call table
  for (let at = 0; at + 8 <= raw.length; at += 4 + bb.readUint32(at)) {
    const call = at + 4 + bb.readUint32(at + 4);
    out.push({ pos: call, slots: 6 });
    const co = bb.__offset(call, 14);
    const fields = COMMANDS[bb.readUint8(call + bb.__offset(call, 12))].table.fields;
    if (co) out.push({ pos: bb.__indirect(call + co), slots: fields.length ? fields[fields.length - 1].slot + 1 : 0 });
  }
  return out;
}

/** Positions of the Call and command tables of a valid chunk. */
function tables(raw: Uint8Array): number[] {
  return tablesWithSlots(raw).map((t) => t.pos);
}

/** One table per distinct vtable: vtables are shared, so edits to them are best spread by vtable. */
function oneTablePerVtable(raw: Uint8Array, positions: readonly number[]): number[] {
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const seen = new Map<number, number>();
  for (const p of positions) seen.set(p - dv.getInt32(p, true), p);
  return [...seen.values()];
}

interface TablePlaces { all: readonly number[]; perVtable: readonly number[] }

/** One edit of a FlatBuffers table: its vtable length, object length, a field offset, its vtable offset or a field's value. */
function editTable(r: Prng, raw: Uint8Array, places: TablePlaces): string {
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const inside = (at: number, n: number): boolean => at >= 0 && at + n <= raw.length;
  const op = r.int(5);
  const pos = r.pick(op <= 2 ? places.perVtable : places.all);
  const vt = inside(pos, 4) ? pos - dv.getInt32(pos, true) : -1;
  if (!inside(vt, 4)) {
    // an earlier edit moved things: fall back to a blind one
    const at = r.int(raw.length);
    raw[at] ^= 0x80;
    return `bit ${at}.7`;
  }
  const vtLen = dv.getUint16(vt, true);
  const present: number[] = [];
  for (let k = 4; k + 2 <= vtLen && inside(vt + k, 2); k += 2) present.push(vt + k);
  if (op === 0) { const v = interesting16(r, vtLen); setU16(raw, vt, v); return `vtable length at ${vt} = ${v & 0xffff}`; }
  if (op === 1) { const v = interesting16(r, dv.getUint16(vt + 2, true)); setU16(raw, vt + 2, v); return `object length at ${vt + 2} = ${v & 0xffff}`; }
  if (op === 2 && present.length > 0) {
    const at = r.pick(present);
    const v = interesting16(r, dv.getUint16(at, true));
    setU16(raw, at, v);
    return `field offset at ${at} = ${v & 0xffff}`;
  }
  const fields = present.map((a) => dv.getUint16(a, true)).filter((o) => o !== 0 && inside(pos + o, 4)).map((o) => pos + o);
  if (op === 3 || fields.length === 0) {
    const v = r.pick([0, 4, -4, 2, -2, 0x7fffffff, -0x80000000, pos, -raw.length, vt - raw.length, dv.getInt32(pos, true) + r.pick([-8, -4, 4, 8])]) | 0;
    dv.setInt32(pos, v, true);
    return `vtable offset of the table at ${pos} = ${v}`;
  }
  // a field's value: for offset fields this moves what they point at
  const at = r.pick(fields);
  const v = interesting32(r, dv.getUint32(at, true), raw.length - at);
  dv.setUint32(at, v, true);
  return `field value at ${at} = ${v}`;
}

/** Edits of a raw batch; returns a description. May return a new array (cuts, inserts). */
function editBatch(r: Prng, raw: Uint8Array): { raw: Uint8Array; what: string } {
  const all = tables(raw);
  const places = { all, perVtable: oneTablePerVtable(raw, all) };
  const edits: string[] = [];
  for (let k = r.range(1, 3); k > 0; k--) {
    const op = r.weighted<string>([[4, 'table'], [2, 'u32'], [2, 'u16'], [2, 'bit'], [1, 'cut'], [1, 'insert']]);
    const at4 = 4 * r.int(raw.length >> 2);
    switch (op) {
      case 'table': edits.push(editTable(r, raw, places)); break;
      case 'u32': { if (at4 + 4 > raw.length) break; const v = interesting32(r, u32(raw, at4), raw.length - at4); setU32(raw, at4, v); edits.push(`u32 at ${at4} = ${v}`); break; }
      case 'u16': { const at = 2 * r.int(raw.length >> 1); const v = interesting16(r, raw[at] | (raw[at + 1] << 8)); setU16(raw, at, v); edits.push(`u16 at ${at} = ${v & 0xffff}`); break; }
      case 'bit': { const at = r.int(raw.length); const bit = r.int(8); raw[at] ^= 1 << bit; edits.push(`bit ${at}.${bit}`); break; }
      case 'cut': { const n = r.int(raw.length); raw = raw.slice(0, n); edits.push(`cut to ${n}`); break; }
      default: { const at = r.int(raw.length); const n = r.range(1, 16); raw = concat([raw.subarray(0, at), new Uint8Array(n).fill(r.int(256)), raw.subarray(at)]); edits.push(`${n} bytes inserted at ${at}`); }
    }
    if (raw.length < 16) break;
  }
  if (r.chance(0.6) && raw.length >= 4) { setU32(raw, 0, raw.length - 4); edits.push('size prefix fixed'); }
  return { raw, what: edits.join(', ') };
}

/** Damages a command batch inside a chunk and repairs sizes and CRCs: only the verifier is left to catch it. */
export const batchDamage: Mutation = (r, base) => {
  const l = split(base);
  const cands = l.chunks.map((c, i) => (c.head[4] === ChunkKind.Commands ? i : -1)).filter((i) => i >= 0);
  const i = r.pick(cands);
  const c = l.chunks[i];
  const deflated = c.head[5] === Compression.Deflate;
  const raw0 = deflated ? new Uint8Array(inflateRawSync(c.stored)) : c.stored.slice();
  const { raw, what } = editBatch(r, raw0);
  c.stored = deflated ? new Uint8Array(deflateRawSync(raw)) : raw;
  setU32(c.head, 8, c.stored.length);
  setU32(c.head, 12, raw.length);
  setU32(c.head, 16, crc32(c.stored));
  fixHeadCrc(c.head);
  const footer = pickFooter(r, 0, 4, 1);
  return { bytes: join(l, footer), detail: `chunk ${i} batch: ${what}; sizes and CRCs fixed, footer ${footer}` };
};

/**
 * Puts a vtable's length, or an object length and one of its field offsets,
 * into 0x8000..0xffff where the bounds still hold: the verifier reads these
 * as unsigned 16-bit, the FlatBuffers runtime as signed. Only batches past
 * 32 KiB have room for it; elsewhere this is a plain batch edit.
 */
export const vtableSign: Mutation = (r, base, pool) => {
  const l = split(base);
  const spots: Array<{ chunk: number; raw: Uint8Array; vt: number; tables: number[]; covered: boolean }> = [];
  l.chunks.forEach((c, i) => {
    if (c.head[4] !== ChunkKind.Commands) return;
    const raw = c.head[5] === Compression.Deflate ? new Uint8Array(inflateRawSync(c.stored)) : c.stored.slice();
    if (raw.length < 0x8000 + 16) return;
    const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const byVt = new Map<number, { tables: number[]; covered: boolean }>();
    for (const t of tablesWithSlots(raw)) {
      const vt = t.pos - dv.getInt32(t.pos, true);
      const e = byVt.get(vt) ?? { tables: [], covered: true };
      e.tables.push(t.pos);
      // does the vtable already hold every slot the reader asks for? then a longer one exposes nothing new
      e.covered &&= dv.getUint16(vt, true) >= 4 + 2 * t.slots;
      byVt.set(vt, e);
    }
    for (const [vt, e] of byVt) spots.push({ chunk: i, raw, vt, ...e });
  });
  const usable = spots.filter((s) => s.vt + 0x8000 <= s.raw.length || Math.max(...s.tables) + 0x8000 + 4 <= s.raw.length);
  if (usable.length === 0) return batchDamage(r, base, pool);
  const s = r.pick(usable);
  const dv = new DataView(s.raw.buffer, s.raw.byteOffset, s.raw.byteLength);
  let what: string;
  let expect: Mutated['expect'];
  const room = s.raw.length - Math.max(...s.tables);
  if (s.vt + 0x8000 <= s.raw.length && (room < 0x8000 + 4 || r.chance(0.5))) {
    const v = Math.min(0xfffe, 0x8000 + 2 * r.int(((s.raw.length - s.vt - 0x8000) >> 1) + 1));
    dv.setUint16(s.vt, v, true);
    what = `vtable length at ${s.vt} = ${v}`;
    // when the vtable held every slot already, the longer one only adds slots nobody reads: the calls are unchanged
    if (s.covered) expect = 'same';
  } else {
    const objLen = Math.min(0xffff, room);
    const vtLen = dv.getUint16(s.vt, true);
    const slot = s.vt + 4 + 2 * r.int(Math.max(1, (vtLen - 4) >> 1));
    const off = 0x8000 + r.int(Math.min(0x100, objLen - 0x8000 - 4));
    dv.setUint16(s.vt + 2, objLen, true);
    if (slot + 2 <= s.vt + vtLen) dv.setUint16(slot, off, true);
    what = `object length at ${s.vt + 2} = ${objLen}, field offset at ${slot} = ${off}`;
  }
  const c = l.chunks[s.chunk];
  c.stored = c.head[5] === Compression.Deflate ? new Uint8Array(deflateRawSync(s.raw)) : s.raw;
  setU32(c.head, 8, c.stored.length);
  setU32(c.head, 12, s.raw.length);
  setU32(c.head, 16, crc32(c.stored));
  fixHeadCrc(c.head);
  return { bytes: join(l, 'rebuild'), detail: `chunk ${s.chunk} batch (${s.raw.length} bytes): ${what}; CRCs fixed`, expect };
};
