/**
 * The fuzzer's seed corpus: a few valid traces, several small chunks each, in
 * both compression modes. Calls are made from the schema (every command, random
 * values of every parameter kind: scalars, structs, struct lists, strings, byte
 * blobs, names), plus the sample text trace. Each trace keeps the calls it reads
 * back as, which is what a damaged copy must reproduce or refuse.
 */
import { readFileSync } from 'node:fs';
import type { ArgValue, CallRecord, StructValue } from '../src/trace/call.js';
import { COMMANDS, commandInfo, structDef } from '../src/trace/commands.js';
import type { CommandName } from '../src/trace/commands.js';
import { ChunkKind } from '../src/trace/container.js';
import { MemorySink } from '../src/trace/byte-io.js';
import { TraceReader } from '../src/trace/reader.js';
import type { StructDef, TableField } from '../src/trace/schema-types.js';
import { parseTrace } from '../src/trace/text/parse.js';
import { TraceWriter } from '../src/trace/writer.js';
import { Prng } from './prng.js';

export interface BaseTrace {
  label: string;
  bytes: Uint8Array;
  /** the calls as the intact file reads back */
  calls: CallRecord[];
}

const SAMPLE_TEXT = new URL('../traces/clear-colorfill.r9t', import.meta.url);
const STRINGS = ['', 'frame', 'shadow pass', 'ünïcode ✓', '"quoted"\\', 'x'.repeat(70), 'tab\there', '日本語'];
const HRESULTS = [0, 0, 0, 0x8876086c, 0x8876017c, 0x80004005, 1, 2];

function scalar(r: Prng, s: string): number {
  switch (s) {
    case 'float': return Math.fround(r.pick([0, 1, -1, 0.5, 1e-7, 3.5e38, (r.float() - 0.5) * 2048]));
    case 'int': return r.pick([0, 1, -1, 64, -(2 ** 31), 2 ** 31 - 1, r.range(-5000, 5000)]);
    case 'ubyte': case 'bool': return r.int(s === 'bool' ? 2 : 256);
    default: return r.pick([0, 1, 2, 21, 0xffffffff, 0x80000000, r.u32(), r.int(300)]);
  }
}

function struct(r: Prng, def: StructDef): StructValue {
  const out: StructValue = {};
  for (const f of def.fields) out[f.name] = typeof f.type === 'object' ? struct(r, structDef(f.type.struct)) : scalar(r, f.type);
  return out;
}

function blob(r: Prng): Uint8Array {
  const n = r.weighted<number>([[2, 0], [6, r.range(1, 48)], [3, r.range(49, 300)]]);
  const out = new Uint8Array(n);
  // vertex-like data: mostly repeating words with some noise, so deflate has something to do
  const word = r.u32();
  for (let i = 0; i < n; i++) out[i] = r.chance(0.7) ? (word >>> ((i & 3) * 8)) & 0xff : r.int(256);
  return out;
}

function arg(r: Prng, f: TableField): ArgValue {
  const t = f.type;
  switch (t.kind) {
    case 'scalar': return scalar(r, t.scalar);
    case 'struct': return r.chance(0.2) ? null : struct(r, structDef(t.struct));
    case 'structs': return r.chance(0.3) ? null : Array.from({ length: r.range(0, 4) }, () => struct(r, structDef(t.struct)));
    case 'string': return r.chance(0.1) ? null : r.pick(STRINGS);
    case 'bytes': return r.chance(0.15) ? null : blob(r);
    default: throw new Error(`fuzz corpus: ${f.name} has kind ${t.kind}, which no command parameter has`);
  }
}

/** `n` calls of random commands with random arguments (the reader does not check handles). */
export function randomCalls(r: Prng, n: number): CallRecord[] {
  const calls: CallRecord[] = [];
  let nextId = 1;
  for (let i = 0; i < n; i++) {
    const info = i === 0 ? COMMANDS[1] : r.chance(0.1) ? COMMANDS[COMMANDS.findIndex((c) => c?.name === 'Present')] : COMMANDS[r.range(1, COMMANDS.length - 1)];
    const args: Record<string, ArgValue> = {};
    for (const f of info.table.fields) args[f.name] = arg(r, f);
    const created = info.creates ? nextId++ : 0;
    const call: CallRecord = { command: info.name as CommandName, self: r.int(nextId + 1), result: r.pick(HRESULTS), created, args };
    if (created && r.chance(0.3)) call.name = `obj_${created}`;
    calls.push(call);
  }
  return calls;
}

const LOOP_COMMANDS: ReadonlyArray<readonly [number, CommandName]> = [
  [6, 'SetRenderState'], [3, 'SetTexture'], [3, 'SetTransform'], [2, 'SetStreamSource'], [3, 'DrawPrimitive'],
  [4, 'DrawPrimitiveUP'], [1, 'SetSamplerState'], [1, 'Clear'], [1, 'PerfSetMarker'],
];

/**
 * A frame loop on one device: mostly state and draw calls, a Present every ~50,
 * and at 60% a level load (textures created, some named, old ones released
 * with their reference counts): call shapes that first turn up deep inside a
 * chunk, as they do in real traces.
 */
export function frameLoopCalls(r: Prng, n: number): CallRecord[] {
  const calls: CallRecord[] = [
    { command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } },
  ];
  const make = (name: CommandName, call: Partial<CallRecord> = {}): CallRecord => {
    const args: Record<string, ArgValue> = {};
    for (const f of commandInfo(name).table.fields) args[f.name] = arg(r, f);
    return { command: name, self: 2, result: 0, created: 0, args, ...call };
  };
  calls.push(make('CreateDevice', { self: 1, created: 2 }));
  const load = Math.floor(n * 0.6);
  let nextId = 3;
  while (calls.length < n) {
    if (calls.length === load) {
      for (let i = 0; i < 6; i++) {
        const id = nextId++;
        calls.push(make('CreateTexture', { created: id, ...(i % 2 ? { name: `level_tex${id}` } : {}) }));
      }
      for (let id = 3; id < 6; id++) calls.push(make('Release', { self: id, result: r.int(3) }));
    } else if (calls.length % 50 === 49) calls.push(make('Present'));
    else calls.push(make(r.weighted(LOOP_COMMANDS)));
  }
  return calls;
}

interface Build {
  label: string;
  calls: CallRecord[];
  compression: 'none' | 'deflate';
  chunkBytes: number;
  /** write an opaque snapshot chunk before these call numbers */
  snapshotsAt?: number[];
}

function write(b: Build, r: Prng): BaseTrace {
  const sink = new MemorySink();
  const w = new TraceWriter(sink, { compression: b.compression, chunkBytes: b.chunkBytes, level: r.pick([1, 6, 9]) });
  b.calls.forEach((c, i) => {
    if (b.snapshotsAt?.includes(i)) w.appendChunk(ChunkKind.Snapshot, blob(r));
    w.append(c);
  });
  w.close();
  const bytes = sink.bytes();
  const reader = TraceReader.fromBytes(bytes, b.label);
  const calls = [...reader.calls()].map((x) => x.call);
  if (calls.length !== b.calls.length || reader.warnings.length) throw new Error(`fuzz corpus: ${b.label} does not read back (${reader.warnings.join('; ')})`);
  return { label: b.label, bytes, calls };
}

export interface CorpusOptions {
  /** also a trace with the default 64 KiB chunks (batches past 32 KiB reach the signed 16-bit vtable range) */
  large?: boolean;
}

/** The seed traces for run seed `seed`. */
export function buildCorpus(seed: number, o: CorpusOptions = {}): BaseTrace[] {
  const r = new Prng(seed);
  const sample = parseTrace(readFileSync(SAMPLE_TEXT, 'utf8'), 'clear-colorfill.r9t').calls;
  const a = randomCalls(r, 90);
  const b = randomCalls(r, 140);
  const builds: Build[] = [
    { label: 'random-90/none/256', calls: a, compression: 'none', chunkBytes: 256 },
    { label: 'random-90/deflate/512', calls: a, compression: 'deflate', chunkBytes: 512, snapshotsAt: [0, 40] },
    { label: 'random-140/none/1024', calls: b, compression: 'none', chunkBytes: 1024, snapshotsAt: [70] },
    { label: 'random-140/deflate/384', calls: b, compression: 'deflate', chunkBytes: 384 },
    { label: 'clear-colorfill/none/256', calls: sample, compression: 'none', chunkBytes: 256 },
    { label: 'clear-colorfill/deflate/256', calls: sample, compression: 'deflate', chunkBytes: 256, snapshotsAt: [5] },
  ];
  if (o.large) {
    const big = frameLoopCalls(r, 1500);
    builds.push(
      { label: 'frame-loop-1500/none/64k', calls: big, compression: 'none', chunkBytes: 64 * 1024 },
      { label: 'frame-loop-1500/deflate/64k', calls: big, compression: 'deflate', chunkBytes: 64 * 1024 },
    );
  }
  return builds.map((x) => write(x, r));
}
