/**
 * TraceRecorder: hands out handle ids in creation order and writes each call
 * (inputs, result, created handle) to a TraceWriter. The api/ wrappers call it.
 */
import { FileSink, MemorySink } from '../trace/byte-io.js';
import type { ByteSink } from '../trace/byte-io.js';
import type { CallRecord } from '../trace/call.js';
import type { HandleKind } from '../trace/commands.js';
import { TraceWriter } from '../trace/writer.js';
import type { WriterOptions } from '../trace/writer.js';
import { defaultName, isReservedName } from '../trace/text/names.js';

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class TraceRecorder {
  private readonly writer: TraceWriter;
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  private pendingName: string | undefined;
  private readonly usedNames = new Set<string>();
  private memory?: MemorySink;

  constructor(sink: ByteSink, options: WriterOptions = {}) {
    this.writer = new TraceWriter(sink, options);
  }

  /** Records into a file (flushed chunk by chunk as the recording goes). */
  static toFile(path: string, options: WriterOptions = {}): TraceRecorder {
    return new TraceRecorder(new FileSink(path), options);
  }

  /** Records into memory; `bytes()` after `close()` returns the trace. */
  static inMemory(options: WriterOptions = {}): TraceRecorder {
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
   * (`rt = dev.CreateRenderTarget(...)`). Names are unique within a trace.
   */
  nameNext(name: string): void {
    if (!NAME_RE.test(name) || isReservedName(name)) throw new Error(`TraceRecorder.nameNext: '${name}' is not a valid name (letters, digits, _; not NULL/TRUE/FALSE/D3D...)`);
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
  bind(obj: object, kind: HandleKind): { id: number; name?: string } {
    // a name given for this call is used up by it, whether the object is new, known or not made at all
    const wanted = this.takeName();
    const known = this.ids.get(obj);
    if (known !== undefined) return { id: known };
    const id = ++this.nextId;
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
    return { id, name: name === defaultName(kind, id) ? undefined : name };
  }

  record(call: CallRecord): number {
    return this.writer.append(call);
  }

  close(): void {
    this.writer.close();
  }
}
