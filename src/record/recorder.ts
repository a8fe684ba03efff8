/**
 * TraceRecorder: hands out handle ids in creation order and writes each call
 * (inputs, result, created handle) to a TraceWriter. The api/ wrappers call it.
 */
import { FileSink, MemorySink } from '../trace/byte-io.js';
import type { ByteSink } from '../trace/byte-io.js';
import type { CallRecord } from '../trace/call.js';
import type { HandleKind } from '../trace/commands.js';
import { FrameEnds } from '../trace/frames.js';
import { ChunkKind } from '../trace/container.js';
import { TraceWriter } from '../trace/writer.js';
import type { WriterOptions } from '../trace/writer.js';
import { defaultName } from '../trace/text/names.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface RecorderOptions extends WriterOptions {
  /**
   * Store a device-state snapshot before frame K, 2K, ... (after the Present
   * that ends frame K-1), so that inspect and trim start near any call. Needs
   * the emulated device behind the API.
   */
  snapshotEvery?: number;
}

/** Where the recorder stands when it asks for a snapshot. */
export interface SnapshotPoint {
  /** the next call's number */
  calls: number;
  /** frames presented */
  frames: number;
  /** D3DPERF event nesting */
  perfDepth: number;
  /** handle → name for the handles recorded with a name, sorted by handle */
  names: Array<[number, string]>;
}

/** Encodes the snapshot at a point, or says why there is none (a lock open). */
export type SnapshotSource = (at: SnapshotPoint) => Uint8Array | string;

export class TraceRecorder {
  private readonly writer: TraceWriter;
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  private pendingName: string | undefined;
  private readonly usedNames = new Set<string>();
  private memory?: MemorySink;
  readonly snapshotEvery: number;
  private snapshotSource?: SnapshotSource;
  private frames = 0;
  private perfDepth = 0;
  /** which recorded calls end a frame (a swap chain's Present ends one when GetSwapChain handed the chain out) */
  private readonly frameEnds = new FrameEnds();
  private readonly names = new Map<number, string>();
  /** handle → the object behind it (the backend's, not the API wrapper), kept only for snapshots: it holds them alive, as a replay does */
  private readonly handles = new Map<number, { kind: HandleKind; obj: object }>();
  /** frames where a snapshot was due and could not be taken, with the reason */
  readonly warnings: string[] = [];

  constructor(sink: ByteSink, options: RecorderOptions = {}) {
    const { snapshotEvery, ...writerOptions } = options;
    this.snapshotEvery = snapshotEvery ?? 0;
    if (!Number.isInteger(this.snapshotEvery) || this.snapshotEvery < 0) throw new RangeError(`TraceRecorder: snapshotEvery ${snapshotEvery} is not a whole number of frames`);
    this.writer = new TraceWriter(sink, writerOptions);
  }

  /** The objects behind the handles so far, sorted by handle (snapshotEvery > 0 only). */
  handleTable(): Array<{ id: number; kind: HandleKind; obj: object }> {
    return [...this.handles].sort((a, b) => a[0] - b[0]).map(([id, h]) => ({ id, kind: h.kind, obj: h.obj }));
  }

  /** The API gives the recorder its way of capturing the device (snapshotEvery > 0). */
  setSnapshotSource(source: SnapshotSource): void {
    this.snapshotSource = source;
  }

  /** Records into a file (flushed chunk by chunk as the recording goes). */
  static toFile(path: string, options: RecorderOptions = {}): TraceRecorder {
    return new TraceRecorder(new FileSink(path), options);
  }

  /** Records into memory; `bytes()` after `close()` returns the trace. */
  static inMemory(options: RecorderOptions = {}): TraceRecorder {
    const sink = new MemorySink();
    const r = new TraceRecorder(sink, options);
    r.memory = sink;
    return r;
  }

  bytes(): Uint8Array {
    if (!this.memory) throw new Error('TraceRecorder.bytes(): this recorder writes to a file');
    return this.memory.bytes();
  }

  /** the driver profile written in the trace header */
  get profile(): 'dx9' | 'dx8' {
    return this.writer.header.profile;
  }

  get callCount(): number {
    return this.writer.callCount;
  }

  /**
   * Names the next object a call creates, as the text form will show it
   * (`rt = dev.CreateRenderTarget(...)`; a name that is not an identifier
   * shows quoted). Names are unique within a trace.
   */
  nameNext(name: string): void {
    // any text: the text form quotes a name that is not an identifier; UTF-8 (which the trace stores) has no lone surrogates
    if (name === '' || LONE_SURROGATE.test(name)) throw new Error(`TraceRecorder.nameNext: ${JSON.stringify(name)} is not a valid name (it is empty or holds a lone UTF-16 surrogate)`);
    if (this.usedNames.has(name)) throw new Error(`TraceRecorder.nameNext: '${name}' already names an object`);
    this.pendingName = name;
  }

  /** The name nameNext gave for the call being recorded, used up. */
  takeName(): string | undefined {
    const n = this.pendingName;
    this.pendingName = undefined;
    return n;
  }

  /** The handle of an object already seen, 0 for null/undefined. */
  idOf(obj: object | null | undefined): number {
    return obj ? (this.ids.get(obj) ?? 0) : 0;
  }

  /** Gives a created object its handle (the same one when it was seen before); returns it and the name to record. */
  bind(obj: object, kind: HandleKind, inner: object = obj): { id: number; name?: string } {
    // a name given for this call is used up by it, whether the object is new, known or not made at all
    const wanted = this.takeName();
    const known = this.ids.get(obj);
    // a replay's handle table keeps the kind of the latest call that returned the handle
    if (known !== undefined) {
      if (this.snapshotEvery > 0) this.handles.set(known, { kind, obj: inner });
      return { id: known };
    }
    const id = ++this.nextId;
    if (this.snapshotEvery > 0) this.handles.set(id, { kind, obj: inner });
    this.ids.set(obj, id);
    let name = wanted;
    if (name === undefined) {
      // a default name an explicit one took earlier gets a suffix
      const d = defaultName(kind, id);
      if (!this.usedNames.has(d)) { this.usedNames.add(d); return { id }; }
      let n = 2;
      while (this.usedNames.has(`${d}_${n}`)) n++;
      name = `${d}_${n}`;
    }
    this.usedNames.add(name);
    if (name === defaultName(kind, id)) return { id };
    this.names.set(id, name);
    return { id, name };
  }

  record(call: CallRecord): number {
    const n = this.writer.append(call);
    // the replayer's rule for the D3DPERF nesting, so a snapshot holds what a replay would
    if (call.command === 'PerfBeginEvent') this.perfDepth++;
    else if (call.command === 'PerfEndEvent' && this.perfDepth > 0) this.perfDepth--;
    else if (this.frameEnds.ends(call.command, call.self, call.created)) {
      this.frames++;
      if (this.snapshotEvery > 0 && this.frames % this.snapshotEvery === 0) this.snapshot();
    }
    return n;
  }

  private snapshot(): void {
    if (!this.snapshotSource) throw new Error('TraceRecorder: snapshotEvery is set but no device gave a snapshot source (record through the API\'s Direct3DCreate9 with the emulated device)');
    const names = [...this.names].sort((a, b) => a[0] - b[0]);
    const got = this.snapshotSource({ calls: this.writer.callCount, frames: this.frames, perfDepth: this.perfDepth, names });
    if (typeof got === 'string') this.warnings.push(`frame ${this.frames}: no snapshot: ${got}`);
    else this.writer.appendChunk(ChunkKind.Snapshot, got);
  }

  close(): void {
    this.writer.close();
  }
}
