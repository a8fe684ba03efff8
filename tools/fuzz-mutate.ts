/**
 * Mutations of a valid .r9 file, from blind (bit flips, byte sets, cuts,
 * duplicated or removed ranges) to structure-aware ones that repair the CRCs
 * afterwards, so the damage reaches the code behind each check: chunk header
 * fields, the footer index, the deflate stream, and the FlatBuffers batch
 * itself (vtables, offsets, lengths: fuzz-mutate-batch.ts) that only the
 * verifier stands in front of.
 * Every mutation describes itself well enough to be read in a report; the
 * (seed, index) pair reproduces it exactly.
 */
import { CHUNK_HEADER_SIZE, Compression, TRAILER_SIZE } from '../src/trace/container.js';
import { crc32 } from '../src/trace/crc32.js';
import { TraceReader } from '../src/trace/reader.js';
import { concat, fixHeadCrc, INTERESTING8, interesting32, join, pickFooter, setU32, split, u32 } from './fuzz-layout.js';
import type { Mutation } from './fuzz-layout.js';
import { batchDamage, vtableSign } from './fuzz-mutate-batch.js';

export type { Mutated, Mutation } from './fuzz-layout.js';

// ---- blind mutations ----

const bitflip: Mutation = (r, base) => {
  const b = base.slice();
  const flips: string[] = [];
  for (let k = r.range(1, 8); k > 0; k--) {
    const at = r.int(b.length);
    const bit = r.int(8);
    b[at] ^= 1 << bit;
    flips.push(`${at}.${bit}`);
  }
  return { bytes: b, detail: `flipped bits ${flips.join(' ')}` };
};

const byteset: Mutation = (r, base) => {
  const b = base.slice();
  const sets: string[] = [];
  for (let k = r.range(1, 4); k > 0; k--) {
    const at = r.int(b.length);
    b[at] = r.chance(0.7) ? r.pick(INTERESTING8) : r.int(256);
    sets.push(`${at}=${b[at]}`);
  }
  return { bytes: b, detail: `set bytes ${sets.join(' ')}` };
};

/** Offsets of every chunk start and the footer: where cuts are most telling. */
function boundaries(base: Uint8Array): number[] {
  const r = TraceReader.fromBytes(base);
  return [...r.chunks.map((c) => c.offset), r.dataEnd, base.length - TRAILER_SIZE];
}

const truncate: Mutation = (r, base) => {
  let cut = r.int(base.length);
  if (r.chance(0.5)) cut = Math.max(0, Math.min(base.length - 1, r.pick(boundaries(base)) + r.range(-40, 40)));
  return { bytes: base.slice(0, cut), detail: `truncated to ${cut} of ${base.length} bytes`, expect: 'prefix' };
};

const duplicateRange: Mutation = (r, base) => {
  let a: number;
  let b: number;
  if (r.chance(0.5)) {
    const l = split(base);
    const i = r.int(l.chunks.length);
    a = boundaries(base)[i];
    b = a + CHUNK_HEADER_SIZE + l.chunks[i].stored.length;
  } else {
    a = r.int(base.length);
    b = Math.min(base.length, a + r.range(1, 256));
  }
  const at = r.chance(0.5) ? b : r.int(base.length + 1);
  return { bytes: concat([base.subarray(0, at), base.subarray(a, b), base.subarray(at)]), detail: `copied bytes ${a}..${b} to ${at}` };
};

const removeRange: Mutation = (r, base) => {
  const l = split(base);
  if (r.chance(0.5) && l.chunks.length > 1) {
    const i = r.int(l.chunks.length);
    l.chunks.splice(i, 1);
    const footer = pickFooter(r, 2, 1, 1);
    return { bytes: join(l, footer), detail: `removed chunk ${i}, footer ${footer}` };
  }
  const a = r.int(base.length);
  const b = Math.min(base.length, a + r.range(1, 256));
  return { bytes: concat([base.subarray(0, a), base.subarray(b)]), detail: `removed bytes ${a}..${b}` };
};

// ---- container-aware mutations (CRCs repaired so the checks behind them run) ----

const CHUNK_FIELDS = [[4, 'kind'], [5, 'compression'], [8, 'storedSize'], [12, 'rawSize'], [16, 'crc'], [20, 'firstCall'], [24, 'callCount']] as const;

const chunkField: Mutation = (r, base) => {
  const l = split(base);
  const i = r.int(l.chunks.length);
  const head = l.chunks[i].head;
  const [at, name] = r.pick(CHUNK_FIELDS);
  let v: number;
  if (at < 8) {
    v = r.pick([0, 1, 2, 3, 0xff]);
    head[at] = v;
  } else {
    v = interesting32(r, u32(head, at), base.length);
    setU32(head, at, v);
  }
  const fix = r.chance(0.8);
  if (fix) fixHeadCrc(head);
  const footer = pickFooter(r, 3, 1, 2);
  return { bytes: join(l, footer), detail: `chunk ${i} ${name} = ${v}${fix ? ' (header CRC fixed)' : ''}, footer ${footer}` };
};

/** Footer fields: counts, chunk entries, frames; the index CRC repaired or not; the trailer. */
const footerDamage: Mutation = (r, base) => {
  const l = split(base);
  const tail = l.tail;
  const body = tail.length - TRAILER_SIZE; // footer bytes, CRC last
  const b = (tail: Uint8Array): Uint8Array => concat([join(l, 'drop'), tail]);
  const kind = r.int(5);
  if (kind === 0) {
    const at = r.int(tail.length);
    tail[at] = r.chance(0.5) ? r.pick(INTERESTING8) : tail[at] ^ (1 << r.int(8));
    return { bytes: b(tail), detail: `footer byte ${at} = ${tail[at]} (no CRC fix)` };
  }
  if (kind === 1) {
    // a u32 of the index (counts, entry fields, frame numbers), index CRC repaired
    const at = 4 + 4 * r.int((body - 8) / 4);
    const v = interesting32(r, u32(tail, at), base.length);
    setU32(tail, at, v);
    setU32(tail, body - 4, crc32(tail, 0, body - 4));
    return { bytes: b(tail), detail: `footer u32 at +${at} = ${v} (index CRC fixed)` };
  }
  if (kind === 2) {
    const field = r.pick([0, 4, 8]);
    const v = interesting32(r, u32(tail, body + field), base.length);
    setU32(tail, body + field, v);
    return { bytes: b(tail), detail: `trailer u32 at +${field} = ${v}` };
  }
  if (kind === 3) {
    const keep = r.int(tail.length);
    return { bytes: b(tail.slice(0, keep)), detail: `footer cut to ${keep} of ${tail.length} bytes`, expect: 'prefix' };
  }
  const junk = Uint8Array.from({ length: r.range(1, 40) }, () => r.int(256));
  return { bytes: concat([base, junk]), detail: `${junk.length} bytes appended after the trailer` };
};

const headerDamage: Mutation = (r, base) => {
  const b = base.slice();
  const at = r.int(28);
  b[at] = r.chance(0.6) ? r.pick(INTERESTING8) : r.int(256);
  const fix = r.chance(0.7);
  if (fix) setU32(b, 28, crc32(b, 0, 28));
  return { bytes: b, detail: `file header byte ${at} = ${b[at]}${fix ? ' (CRC fixed)' : ''}` };
};

/** Replaces or inserts a chunk taken from another trace of the corpus. */
const splice: Mutation = (r, base, pool) => {
  const l = split(base);
  const other = split(r.pick(pool));
  const j = r.int(other.chunks.length);
  const i = r.int(l.chunks.length);
  const replace = r.chance(0.5);
  l.chunks.splice(i, replace ? 1 : 0, other.chunks[j]);
  const footer = pickFooter(r, 1, 2, 1);
  return { bytes: join(l, footer), detail: `${replace ? 'replaced' : 'inserted before'} chunk ${i} with chunk ${j} of another trace, footer ${footer}` };
};

const swapChunks: Mutation = (r, base) => {
  const l = split(base);
  const i = r.int(l.chunks.length);
  const j = r.int(l.chunks.length);
  [l.chunks[i], l.chunks[j]] = [l.chunks[j], l.chunks[i]];
  const footer = pickFooter(r, 1, 2, 1);
  return { bytes: join(l, footer), detail: `swapped chunks ${i} and ${j}, footer ${footer}` };
};

/** Damages the stored deflate stream of a chunk and repairs its CRC. */
const deflateStream: Mutation = (r, base) => {
  const l = split(base);
  const cands = l.chunks.map((c, i) => (c.head[5] === Compression.Deflate ? i : -1)).filter((i) => i >= 0);
  if (cands.length === 0) return bitflip(r, base, []);
  const i = r.pick(cands);
  const c = l.chunks[i];
  let stored = c.stored.slice();
  let what: string;
  if (r.chance(0.25)) {
    const n = r.int(stored.length);
    stored = stored.slice(0, n);
    what = `cut to ${n} bytes`;
  } else {
    const at = r.int(stored.length);
    stored[at] ^= 1 << r.int(8);
    what = `bit flipped at ${at}`;
  }
  c.stored = stored;
  setU32(c.head, 8, stored.length);
  setU32(c.head, 16, crc32(stored));
  fixHeadCrc(c.head);
  const footer = pickFooter(r, 0, 3, 1);
  return { bytes: join(l, footer), detail: `chunk ${i} deflate stream ${what}, CRCs fixed, footer ${footer}` };
};

export const MUTATIONS: Readonly<Record<string, Mutation>> = {
  bitflip, byteset, truncate, 'dup-range': duplicateRange, 'remove-range': removeRange, 'chunk-field': chunkField,
  footer: footerDamage, header: headerDamage, splice, 'swap-chunks': swapChunks, 'deflate-stream': deflateStream, batch: batchDamage,
  'vtable-sign': vtableSign,
};

/** How often each mutation is picked: the structure-aware ones reach deeper, so they get more turns. */
export const MUTATION_WEIGHTS: ReadonlyArray<readonly [number, string]> = [
  [2, 'bitflip'], [1, 'byteset'], [2, 'truncate'], [1, 'dup-range'], [1, 'remove-range'], [2, 'chunk-field'],
  [2, 'footer'], [1, 'header'], [1, 'splice'], [1, 'swap-chunks'], [1, 'deflate-stream'], [6, 'batch'], [1, 'vtable-sign'],
];
