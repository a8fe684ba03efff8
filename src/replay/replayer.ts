/**
 * The Replayer: runs a trace's calls against a device, keeping one handle
 * table, checking every call's result against the recorded one. A difference
 * is a finding with the call number (and .r9t line), never a crash; an unknown
 * handle is a TraceFormatError naming the call and its place (the byte of its
 * chunk, or its .r9t line); any other exception a call raises is a bug, thrown
 * as an InternalError naming the call.
 */
import { D3DERR, D3DSPD, gammaRampBytes, guidString, hresultName } from '../d3d9/index.js';
import type { D3DGAMMARAMP } from '../d3d9/index.js';
import { isGammaField } from '../trace/text/shapes.js';
import { Direct3DCreate9 as emulatedCreate, Direct3DCreate9Ex as emulatedCreateEx } from '../device/direct3d9.js';
import { NotImplementedError } from '../device/types.js';
import type { Direct3DCreate9Fn, IDirect3DDevice9, IDirect3DQuery9, LockData, LockSub } from '../device/types.js';
import type { DeviceProfile } from '../device/caps.js';
import { swapNoteListener } from '../device/notes.js';
import type { DeviceNote } from '../device/notes.js';
import { restoreObjects, SnapshotError } from '../device/snapshot.js';
import type { SnapshotData } from '../device/snapshot.js';
import { COMMANDS, COUNT_RESULTS, HANDLE_KINDS, kindAccepts, outKey, qualifiedMethod, RETURN_VALUE, structDef } from '../trace/commands.js';
import type { ArgValue, CallRecord, StructValue } from '../trace/call.js';
import type { StructDef, TableField } from '../trace/schema-types.js';
import { TextPrinter } from '../trace/text/print.js';
import { formatQueryData } from '../trace/text/query-data.js';
import type { CommandInfo, CommandName, HandleKind, WantKind } from '../trace/commands.js';
import { InternalError, UsageError } from '../errors.js';
import { TraceFormatError } from '../trace/errors.js';
import { Encoding } from 'flatbuffers';
import { decodeCall, utf8String } from '../trace/codec.js';
import * as fb from '../trace/generated/replay9.js';
import { CHUNK_HEADER_SIZE, ChunkKind } from '../trace/container.js';
import type { ChunkInfo } from '../trace/container.js';
import type { LoadedBatch, TraceReader } from '../trace/reader.js';
import type { Finding } from './findings.js';
import { commandPool, HANDLERS } from './handlers.js';
import { readSnapshotChunk } from './snapshot-chunk.js';
import type { CallScope, Outcome } from './handlers.js';

export interface PresentEvent {
  /** frame number, from 0, in its swap chain's own sequence */
  frame: number;
  call: number;
  device: IDirect3DDevice9;
  /**
   * the swap chain presented: 0 for a device's implicit chain (Present, PresentEx, or Present on the
   * chain GetSwapChain(0) gives), n for the nth additional chain the device created
   */
  swapChain: number;
  /** the back buffer that chain presented (absent for a backend that is not the emulated device) */
  surface?: object;
}

/** The commands that present a frame. */
const PRESENTS: ReadonlySet<string> = new Set(['Present', 'PresentEx', 'SwapChainPresent']);

/** `sc1:3`: frame 3 of additional swap chain 1; chain 0's frames are plain numbers, as they always were. */
export function frameLabel(swapChain: number, frame: number): string {
  return swapChain === 0 ? String(frame) : `sc${swapChain}:${frame}`;
}

export interface ReplayOptions {
  /** the device to replay on (default: the emulated device) */
  create?: Direct3DCreate9Fn;
  /** the emulated device's driver profile (default: the one the trace names) */
  profile?: DeviceProfile;
  /** .r9t line of each call, when the trace came from text */
  lines?: readonly number[];
  onPresent?(e: PresentEvent): void;
  /** called after each chunk with calls done so far */
  onProgress?(callsDone: number): void;
  /** called before each call with its number and the object it is called on (inspect --history attaches its observer here) */
  beforeCall?(call: number, self: object | undefined): void;
}

interface Handle { kind: HandleKind; obj: object }

/** The replayer's tables, for snapshots: handles sorted by id, failed handles, perf nesting, names. */
export interface ReplayTables {
  handles: ReadonlyArray<{ id: number; kind: HandleKind; obj: object }>;
  missing: readonly number[];
  perfDepth: number;
  names: ReadonlyArray<readonly [number, string]>;
}

/** What a handler sees of the call being replayed. */
class Scope implements CallScope {
  n = 0;
  self = 0;
  info!: CommandInfo;
  constructor(private readonly r: Replayer) {}
  obj<T>(id: number, kind: WantKind | 'any'): T {
    return this.r.lookup(id, kind, this.n, this.info) as T;
  }
  ref<T>(id: number, kind: WantKind): T | null {
    return id === 0 ? null : (this.r.lookup(id, kind, this.n, this.info) as T);
  }
  restore(target: LockData, data: Uint8Array | null, sub?: LockSub): void {
    this.r.restore(this.n, this.info, this.self, target, data, sub);
  }
  perf(delta: 1 | -1 | 0): number {
    return this.r.perf(delta);
  }
  createEx(SDKVersion: number): Outcome {
    return this.r.direct3DCreate9Ex(SDKVersion);
  }
  guid(bytes: Uint8Array | null, what: string): string {
    if (!bytes || bytes.length !== 16) return this.r.badArgument(this.n, this.info, `${what} holds ${bytes?.length ?? 'no'} bytes, a GUID is 16`);
    return guidString(bytes);
  }
  privateData(bytes: Uint8Array | null, flags: number): Uint8Array | object | null {
    if (!bytes || !(flags & D3DSPD.IUNKNOWN)) return bytes;
    if (bytes.length !== 4) return this.r.badArgument(this.n, this.info, `the D3DSPD_IUNKNOWN data holds ${bytes.length} bytes, a handle is 4`);
    return this.ref<object>(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true), 'Unknown');
  }
}

/** Thrown inside a call whose objects could not be made at replay: the call is skipped. */
class Unavailable extends Error {}

export class Replayer {
  readonly findings: Finding[] = [];
  callsReplayed = 0;
  /** frames presented by implicit swap chains (swap chain 0) */
  frames = 0;
  /** frames presented by each additional swap chain, by its ordinal */
  readonly chainFrames = new Map<number, number>();
  private readonly handles = new Map<number, Handle>();
  /** object → handle, for out-values that hand back objects (compared by identity) */
  private readonly ids = new WeakMap<object, number>();
  /** formats out-values for findings, as the text form writes them */
  private readonly printer = new TextPrinter();
  /** handles whose creating call did not produce an object at replay */
  private readonly missing = new Set<number>();
  /** the names the trace gave its handles */
  private readonly names = new Map<number, string>();
  /** the Restore chunk this replay started from (seek), which run() must not restore again */
  private startedFrom = -1;
  private readonly pool = commandPool();
  private readonly callObj = new fb.Call();
  /** the driver profile of this replay: the option, else the trace's */
  profile: DeviceProfile = 'dx9';
  private perfDepth = 0;
  /** the trace being replayed and the file offset of the chunk being replayed, for errors */
  private label = '';
  private chunkOffset = -1;
  /** the one scope handlers see, updated for each call (dispatch allocates nothing) */
  private readonly scope = new Scope(this);
  /** The listener of the device's notes while a call runs: the call is the scope's. */
  private readonly noteListener = (d: DeviceNote): void => this.noted(this.scope.n, this.scope.info, this.scope.self, d);

  constructor(private readonly options: ReplayOptions = {}) {
  }

  /**
   * Replays calls [callsReplayed, to) of the trace. A Restore chunk on the way
   * (a trimmed trace's starting state) replaces the replay's state; Snapshot
   * chunks are seek points and change nothing.
   */
  run(reader: TraceReader, to = Infinity): this {
    this.useProfileOf(reader);
    for (const c of reader.chunks) {
      if (c.kind === ChunkKind.Restore) {
        if (c.firstCall < this.callsReplayed || c.firstCall >= to || c.offset === this.startedFrom) continue;
        this.loadSnapshot(readSnapshotChunk(reader, c), c);
        continue;
      }
      if (c.kind !== ChunkKind.Commands || c.firstCall + c.callCount <= this.callsReplayed) continue;
      if (c.firstCall >= to) break;
      if (!this.replayBatch(reader.loadBatch(c), to)) break;
      this.options.onProgress?.(this.callsReplayed);
    }
    return this;
  }

  /**
   * Replaces this replay's objects, handle table, names and counters with a
   * snapshot's. `from` is the chunk it came from, for errors. The findings
   * are the replay's own: a snapshot's findings are added only to a replay
   * that has none yet (one that starts from the snapshot).
   */
  loadSnapshot(s: SnapshotData, from?: ChunkInfo): void {
    const payload = from ? from.offset + CHUNK_HEADER_SIZE : undefined;
    const where = from ? `trace snapshot: byte ${payload}` : 'the snapshot';
    let objects: object[];
    try {
      objects = restoreObjects(s.objects);
    } catch (e) {
      if (!from) throw e instanceof SnapshotError ? e : new SnapshotError(`${where} is malformed (${(e as Error).message})`);
      if (e instanceof SnapshotError) throw new TraceFormatError(`${where}: ${e.message}`, payload);
      throw new TraceFormatError(`${where}: the snapshot is malformed (${(e as Error).message})`, payload);
    }
    const handles: Array<{ id: number; kind: HandleKind; obj: object }> = [];
    for (const h of s.handles) {
      if (!(HANDLE_KINDS as readonly string[]).includes(h.kind)) {
        const message = `${where}: handle ${h.id} has unknown kind ${h.kind}`;
        throw from ? new TraceFormatError(message, payload) : new SnapshotError(message);
      }
      handles.push({ id: h.id, kind: h.kind as HandleKind, obj: objects[h.object] });
    }
    this.loadTables({ handles, missing: s.missing, perfDepth: s.perfDepth, names: s.names });
    this.callsReplayed = s.callsReplayed;
    this.frames = s.frames;
    this.chainFrames.clear();
    for (const [chain, count] of s.chainFrames ?? []) this.chainFrames.set(chain, count);
    this.profile = s.profile;
    if (this.findings.length === 0) this.findings.push(...s.findings.map((f) => ({ ...f }) as Finding));
    if (from) this.startedFrom = from.offset;
  }

  /** Replays on the profile the options name, else the trace's (run() does this; so must anything calling replayBatch). */
  useProfileOf(reader: TraceReader): void {
    this.profile = this.options.profile ?? reader.header.profile;
    this.label = reader.label;
  }

  /** Where call `n` is in the trace: its .r9t line, else the byte offset of its chunk. */
  placeOf(n: number): string | undefined {
    const line = this.options.lines?.[n];
    if (line !== undefined) return `${this.label || '<text>'}:${line}`;
    return this.chunkOffset >= 0 ? `trace chunk at byte ${this.chunkOffset}` : undefined;
  }

  /** The name the trace gave handle `id`, if it gave one. */
  nameOf(id: number): string | undefined {
    return this.names.get(id);
  }

  /** The live object behind a handle, if any (for inspection). */
  object(id: number): { kind: HandleKind; obj: object } | undefined {
    return this.handles.get(id);
  }

  /** Replays one verified batch; false once call `to` is reached. */
  replayBatch(b: LoadedBatch, to = Infinity): boolean {
    const call = this.callObj;
    const before = this.options.beforeCall;
    this.chunkOffset = b.chunk.offset;
    for (let i = 0; i < b.calls.length; i++) {
      const n = b.firstCall + i;
      if (n < this.callsReplayed) continue;
      if (n >= to) return false;
      call.__init(b.calls[i], b.bb);
      if (before) before(n, this.handles.get(call.self())?.obj);
      this.dispatch(n, call, b.bb, b.calls[i]);
      this.callsReplayed = n + 1;
    }
    return true;
  }

  private finding(f: Omit<Finding, 'line'>): void {
    const line = this.options.lines?.[f.call];
    this.findings.push(line !== undefined ? { ...f, line } : f);
  }

  private dispatch(n: number, call: fb.Call, bb: LoadedBatch['bb'], pos: number): void {
    const info = COMMANDS[call.commandType()];
    const self = call.self();
    const expected = call.result();
    const created = call.created();
    let outcome: Outcome;
    try {
      if (info.name === 'Direct3DCreate9') outcome = this.direct3DCreate9(call);
      else {
        // the call's notes go to noteListener, which reads the call from this.scope (handle sets it)
        const before = swapNoteListener(this.noteListener);
        try {
          outcome = this.handle(info, n, call, self);
        } finally {
          swapNoteListener(before);
        }
      }
    } catch (e) {
      if (created) this.missing.add(created);
      const method = this.methodName(info, self);
      if (e instanceof NotImplementedError) {
        this.finding({ kind: 'unimplemented', call: n, method, message: `call ${n}: ${e.message}` });
        return;
      }
      if (e instanceof Unavailable) {
        this.finding({ kind: 'skipped', call: n, method, message: `call ${n}: ${method} skipped: ${e.message}` });
        return;
      }
      if (e instanceof TraceFormatError || e instanceof UsageError || e instanceof InternalError) throw e;
      throw new InternalError(n, method, e, this.placeOf(n));
    }
    if (typeof outcome !== 'number' && typeof outcome?.hr !== 'number') {
      throw new InternalError(n, this.methodName(info, self), new Error('the device returned no result'), this.placeOf(n));
    }
    // a method that returns its value (GetLevelCount) is recorded with D3D_OK and the value as an out-value
    const returnsValue = info.outs.length > 0 && info.outs[0].name === RETURN_VALUE;
    const hr = typeof outcome === 'number' ? (returnsValue ? 0 : outcome) : outcome.hr;
    const obj = typeof outcome === 'number' ? undefined : outcome.obj;
    if (created) {
      if (obj) {
        const before = this.handles.get(created);
        // an object handed back again (GetRenderTarget) must be the one the handle names
        if (before && before.obj !== obj) this.outFinding(n, info, self, 'the returned object', 'another object', this.nameOfHandle(created));
        this.handles.set(created, { kind: info.creates!, obj });
        this.ids.set(obj, created);
        const bytes = call.name(Encoding.UTF8_BYTES) as Uint8Array | null;
        const name = bytes ? utf8String(bytes) : null;
        if (name && !this.names.has(created)) this.names.set(created, name);
        this.missing.delete(created);
      } else this.missing.add(created);
    }
    if (PRESENTS.has(info.name)) this.presented(n, info.name, self);
    if (info.outs.length > 0 && (hr >>> 0) === expected && expected < 0x80000000) this.compareOuts(n, info, self, outcome, decodeCall(bb, pos));
    if ((hr >>> 0) !== expected && !info.name.startsWith('Perf')) {
      const counts = COUNT_RESULTS.has(info.name);
      const show = (v: number): string => (counts ? String(v | 0) : hresultName(v));
      const method = this.methodName(info, self);
      this.finding({
        kind: 'mismatch', call: n, method, expected: show(expected), actual: show(hr >>> 0),
        message: `call ${n}: ${method} returned ${show(hr >>> 0)}, the trace recorded ${show(expected)}`,
      });
    }
  }

  /** Another backend's swap chains have no ordinal: numbered 1, 2, ... as they first present. */
  private foreignChain(chain: object): number {
    let k = this.foreignChains.get(chain);
    if (k === undefined) this.foreignChains.set(chain, (k = ++this.foreignChainCount));
    return k;
  }
  private readonly foreignChains = new WeakMap<object, number>();
  private foreignChainCount = 0;

  /** A Present of any kind: the frame it ends, in its swap chain's sequence. */
  private presented(n: number, name: string, self: number): void {
    const target = this.handles.get(self)?.obj as { ordinal?: number; device?: IDirect3DDevice9; backBuffer?: object } | undefined;
    const chain = name === 'SwapChainPresent' ? target : undefined;
    const swapChain = chain ? (chain.ordinal ?? this.foreignChain(chain)) : 0;
    const device = (chain ? chain.device : target) as IDirect3DDevice9;
    const surface = chain ? chain.backBuffer : (target as { backBuffer?: object } | undefined)?.backBuffer;
    const frame = swapChain === 0 ? this.frames : (this.chainFrames.get(swapChain) ?? 0);
    this.options.onPresent?.({ frame, call: n, device, swapChain, ...(surface ? { surface } : {}) });
    if (swapChain === 0) this.frames++;
    else this.chainFrames.set(swapChain, frame + 1);
  }

  /** The device's out-values against the recorded ones; each difference is a finding naming the parameter. */
  private compareOuts(n: number, info: CommandInfo, self: number, outcome: Outcome, recorded: CallRecord): void {
    for (const f of info.outs) {
      const value = typeof outcome === 'number' ? outcome : outcome[outKey(f.name)];
      const actual = this.showOut(f, this.asRecorded(f, value), recorded);
      const expected = this.showOut(f, recorded.args[f.name], recorded);
      if (actual !== expected) this.outFinding(n, info, self, f.name, actual, expected);
    }
  }

  private outFinding(n: number, info: CommandInfo, self: number, parameter: string, actual: string, expected: string): void {
    const method = this.methodName(info, self);
    // a value that depends on the machine (r9 `varies`) differs without anything being wrong
    const kind = info.varies ? 'note' : 'mismatch';
    this.finding({ kind, call: n, method, parameter, expected, actual, message: `call ${n}: ${method} returned ${parameter} ${actual}, the trace recorded ${expected}` });
  }

  /** A value the device handed back, as the trace records it: objects as their handles (-1: one the trace never named). */
  private asRecorded(f: TableField, v: unknown): ArgValue {
    if (v === undefined || v === null) return f.type.kind === 'scalar' ? 0 : null;
    if (typeof v === 'object' && f.type.kind === 'scalar') return this.ids.get(v) ?? -1;
    if (f.type.kind === 'struct') return plainStruct(structDef(f.type.struct), v as Record<string, unknown>);
    if (f.type.kind === 'scalar') return plainScalar(f.type.scalar, v);
    if (isGammaField(f) && !ArrayBuffer.isView(v)) return gammaRampBytes(v as D3DGAMMARAMP) ?? null;
    // data out-values (constants as Float32Array, Int32Array, BOOLs) compare as the bytes the trace holds
    if (f.type.kind === 'bytes' && ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return v as ArgValue;
  }

  private showOut(f: TableField, v: ArgValue | undefined, call: CallRecord): string {
    // GetData's bytes as the value of the query's type (the live query knows it)
    if (f.r9 === 'out query' && v instanceof Uint8Array) {
      const q = this.handles.get(call.self)?.obj as Partial<IDirect3DQuery9> | undefined;
      const value = formatQueryData(v, q?.GetType?.());
      if (value !== undefined) return value;
    }
    if (/^out handle /.test(f.r9 ?? '')) {
      const id = v as number;
      return id === 0 ? 'NULL' : id === -1 ? 'an object the trace never named' : this.nameOfHandle(id);
    }
    return this.printer.field(f, v, call);
  }

  private nameOfHandle(id: number): string {
    const name = this.names.get(id);
    return name ?? `${this.handles.get(id)?.kind ?? 'handle'} #${id}`;
  }

  /** A device note made during call n, as a finding ('unimplemented' for work the device skipped). */
  private noted(n: number, info: CommandInfo, self: number, d: DeviceNote): void {
    const method = this.methodName(info, self);
    this.finding({ kind: d.kind === 'unimplemented' ? 'unimplemented' : 'note', call: n, method, message: `call ${n}: ${method}: ${d.message}` });
  }

  private direct3DCreate9(call: fb.Call): Outcome {
    const c = call.command(this.pool.Direct3DCreate9) as fb.Direct3DCreate9;
    const create = this.options.create ?? ((v: number) => emulatedCreate(v, this.profile));
    const d3d = create(c.sdkversion());
    return { hr: 0, obj: d3d ?? undefined };
  }

  /** Direct3DCreate9Ex: the emulated device's IDirect3D9Ex (another backend's Direct3DCreate9 object stands in). */
  direct3DCreate9Ex(SDKVersion: number): Outcome {
    if (this.options.create) {
      const d3d = this.options.create(SDKVersion);
      return d3d ? { hr: 0, obj: d3d } : { hr: D3DERR.NOTAVAILABLE };
    }
    const r = emulatedCreateEx(SDKVersion, this.profile);
    return { hr: r.hr, obj: r.d3d };
  }

  /** `IDirect3DDevice9::Clear`, for findings (built only when there is one). */
  private methodName(info: CommandInfo, self: number): string {
    return qualifiedMethod(info, this.handles.get(self)?.kind);
  }

  private handle(info: CommandInfo, n: number, call: fb.Call, self: number): Outcome {
    const name = info.name as CommandName;
    const scope = this.scope;
    scope.n = n;
    scope.self = self;
    scope.info = info;
    return (HANDLERS[name] as (c: unknown, x: CallScope) => Outcome)(call.command(this.pool[name]), scope);
  }

  /** Lock contents of an unlock call written back into the open lock. */
  restore(n: number, info: CommandInfo, self: number, target: LockData, data: Uint8Array | null, sub?: LockSub): void {
    if (data && !target.restoreLock(data, sub)) {
      this.finding({ kind: 'lock-data', call: n, method: this.methodName(info, self), message: `call ${n}: the recorded lock data (${data.length} bytes) does not fit the open lock` });
    }
  }

  /** Snapshot hook (./snapshot.ts): the handle table sorted by id, the handles that failed, the perf nesting. */
  tables(): ReplayTables {
    const handles = [...this.handles].sort((a, b) => a[0] - b[0]).map(([id, h]) => ({ id, kind: h.kind, obj: h.obj }));
    const names = [...this.names].sort((a, b) => a[0] - b[0]);
    return { handles, missing: [...this.missing].sort((a, b) => a - b), perfDepth: this.perfDepth, names };
  }

  /** Snapshot hook: loads the tables of tables() into a fresh replayer. */
  loadTables(t: ReplayTables): void {
    this.handles.clear();
    this.missing.clear();
    this.names.clear();
    for (const h of t.handles) {
      this.handles.set(h.id, { kind: h.kind, obj: h.obj });
      this.ids.set(h.obj, h.id);
    }
    for (const id of t.missing) this.missing.add(id);
    for (const [id, name] of t.names) this.names.set(id, name);
    this.perfDepth = t.perfDepth;
  }

  perf(delta: 1 | -1 | 0): number {
    return delta === 1 ? this.perfDepth++ : delta === -1 ? (this.perfDepth > 0 ? --this.perfDepth : -1) : 0;
  }

  lookup(id: number, kind: WantKind | 'any', n: number, info: CommandInfo): object {
    const h = this.handles.get(id);
    if (h) {
      if (kind !== 'any' && !kindAccepts(kind, h.kind)) this.badCall(n, info, `handle ${id} is a ${h.kind}, expected a ${kind}`);
      return h.obj;
    }
    if (this.missing.has(id)) throw new Unavailable(`handle ${id} was not created at replay (see the earlier finding)`);
    return this.badCall(n, info, `handle ${id} was never created by an earlier call`);
  }

  /** A call argument the trace cannot hold (TraceFormatError naming the call). */
  badArgument(n: number, info: CommandInfo, what: string): never {
    return this.badCall(n, info, what);
  }

  /** A call the trace cannot hold: `trace chunk at byte B: call N (Method): ...` (binary) or `file:line: call N (Method): ...` (text). */
  private badCall(n: number, info: CommandInfo, what: string): never {
    const place = this.placeOf(n);
    const text = this.options.lines?.[n] !== undefined;
    throw new TraceFormatError(`${place ? `${place}: ` : ''}call ${n} (${info.method}): ${what}`, text || this.chunkOffset < 0 ? undefined : this.chunkOffset);
  }
}

function plainScalar(s: string, v: unknown): number {
  const n = typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'number' ? v : 0;
  return s === 'float' ? Math.fround(n) : s === 'int' ? n | 0 : n >>> 0;
}

function plainStruct(def: StructDef, v: Record<string, unknown>): StructValue {
  const out: StructValue = {};
  for (const f of def.fields) {
    const x = v[f.name];
    out[f.name] = typeof f.type === 'object' ? plainStruct(structDef(f.type.struct), (x ?? {}) as Record<string, unknown>) : plainScalar(f.type, x);
  }
  return out;
}
