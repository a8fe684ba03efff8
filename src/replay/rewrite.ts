/**
 * Rewriting a trace while replaying it: `snapshot` adds seek points every K
 * frames, `trim` keeps a set of frames with the state they start from. Both
 * walk the source call by call beside a replay, so what they store is what a
 * replay from the start has at that call.
 */
import { encodeSnapshot, SnapshotError } from '../device/snapshot.js';
import type { CallRecord } from '../trace/call.js';
import type { CallSet } from '../trace/call-set.js';
import { decodeCall } from '../trace/codec.js';
import { handlesOfCall } from '../trace/commands.js';
import { ChunkKind, compressionName } from '../trace/container.js';
import type { ByteSink } from '../trace/byte-io.js';
import type { TraceReader } from '../trace/reader.js';
import { TraceWriter } from '../trace/writer.js';
import type { WriterOptions } from '../trace/writer.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions } from './replayer.js';
import { readSnapshotChunk } from './snapshot-chunk.js';
import { captureReplay } from './snapshot.js';
import { seekPoint } from './seek.js';


/** What walk() reports, in trace order. */
type WalkEvent =
  /** a Restore chunk of the source was loaded */
  | { kind: 'restore' }
  /** frame `frame` is about to start (after any Restore before its first call): the replay stands before call `call` */
  | { kind: 'frameStart'; frame: number; call: number }
  /** call `n` was replayed */
  | { kind: 'call'; n: number; call: CallRecord };

/**
 * Replays the source on `r` from where it stands (call 0, or a snapshot it was
 * restored from, which stands at a frame start), reporting frame starts before
 * any of the frame's calls replay.
 */
function* walk(reader: TraceReader, r: Replayer): Generator<WalkEvent> {
  r.useProfileOf(reader);
  const start = r.callsReplayed;
  let atFrameStart = true;
  // the frames the trace's index holds (a swap chain's Present ends one only on the implicit chain)
  const frameEnds = new Set(reader.frames);
  for (const c of reader.chunks) {
    if (c.kind === ChunkKind.Restore) {
      // one at the call a seek started from is in the state already
      if (c.firstCall < start || (start > 0 && c.firstCall === start)) continue;
      r.loadSnapshot(readSnapshotChunk(reader, c), c);
      yield { kind: 'restore' };
      continue;
    }
    if (c.kind !== ChunkKind.Commands || c.firstCall + c.callCount <= start) continue;
    const b = reader.loadBatch(c);
    let i = Math.max(0, start - b.firstCall);
    while (i < b.calls.length) {
      if (atFrameStart) {
        yield { kind: 'frameStart', frame: r.frames, call: b.firstCall + i };
        atFrameStart = false;
      }
      let end = i;
      while (end < b.calls.length - 1 && !frameEnds.has(b.firstCall + end)) end++;
      r.replayBatch(b, b.firstCall + end + 1);
      for (let k = i; k <= end; k++) yield { kind: 'call', n: b.firstCall + k, call: decodeCall(b.bb, b.calls[k]) };
      if (frameEnds.has(b.firstCall + end)) atFrameStart = true;
      i = end + 1;
    }
  }
  // a trace that ends with a Present: the next frame would start here
  if (atFrameStart && r.callsReplayed > 0) yield { kind: 'frameStart', frame: r.frames, call: r.callsReplayed };
}

/** The writer settings of the source, so a rewritten trace is stored the way its source was. */
function sameSettings(reader: TraceReader): WriterOptions {
  const h = reader.header;
  return { chunkBytes: h.chunkBytes, compression: compressionName(h.compression), level: h.level, profile: h.profile };
}

export interface RewriteOptions {
  /** the replay's driver profile (default: the trace's) */
  profile?: ReplayOptions['profile'];
  /** called now and then with the calls walked so far */
  onProgress?(calls: number, total: number): void;
}

export interface SnapshotReport {
  calls: number;
  frames: number;
  /** the call before which each snapshot stands */
  snapshots: number[];
  /** frames where no snapshot could be taken (a lock open across the frame boundary) */
  skipped: string[];
}

/**
 * Writes the source's calls to `sink` with a Snapshot chunk after the Present
 * that ends frame K−1, 2K−1, ... (before the first call of frame K, 2K, ...,
 * or at the end); snapshots the source had are replaced, Restore chunks kept.
 * The recorder's snapshotEvery stores the same chunks in flight.
 */
export function addSnapshots(reader: TraceReader, sink: ByteSink, every: number, opts: RewriteOptions = {}): SnapshotReport {
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`--every expects a whole number of frames from 1, found ${every}`);
  const writer = new TraceWriter(sink, sameSettings(reader));
  const r = new Replayer({ profile: opts.profile });
  const report: SnapshotReport = { calls: reader.callCount, frames: reader.frames.length, snapshots: [], skipped: [] };
  for (const e of walk(reader, r)) {
    if (e.kind === 'restore') {
      writer.appendChunk(ChunkKind.Restore, encodeSnapshot(captureReplay(r, { at: { callsReplayed: writer.callCount, frames: r.frames }, findings: false })));
    } else if (e.kind === 'frameStart') {
      if (e.frame === 0 || e.frame % every !== 0) continue;
      try {
        writer.appendChunk(ChunkKind.Snapshot, encodeSnapshot(captureReplay(r, { at: { callsReplayed: writer.callCount, frames: r.frames } })));
        report.snapshots.push(e.call);
      } catch (err) {
        if (!(err instanceof SnapshotError)) throw err;
        report.skipped.push(`frame ${e.frame}: ${err.message}`);
      }
    } else {
      writer.append(e.call);
      if ((e.n & 1023) === 0) opts.onProgress?.(e.n, reader.callCount);
    }
  }
  writer.close();
  return report;
}

/** The frames of a trace of `count` frames that a frame set (`0-9,20,30-`, apitrace's syntax) names, in order. */
export function framesIn(set: CallSet, count: number): number[] {
  if (set.max !== Infinity && set.max >= count) {
    throw new RangeError(`--frames ${set.text}: frame ${set.max} is beyond the trace, which has ${count} frame${count === 1 ? '' : 's'}${count ? ` (0-${count - 1})` : ''}`);
  }
  const out: number[] = [];
  for (let f = 0; f < count; f++) if (set.has(f)) out.push(f);
  if (out.length === 0) throw new RangeError(`--frames ${set.text} names no frame of the trace (it has ${count})`);
  return out;
}

export interface TrimReport {
  /** the source frames kept, in order: frame i of the output is frames[i] of the source */
  frames: number[];
  calls: number;
  /** objects in each starting state, and the handles of the source left out of it */
  runs: Array<{ firstFrame: number; lastFrame: number; objects: number; handles: number; dropped: number }>;
}

/**
 * Writes the calls of `frames` (source frame numbers) to `sink`, each run of
 * consecutive frames preceded by a Restore chunk: the replay state before its
 * first call, holding only the objects the run's calls name (and what those,
 * and the device's state, refer to). The output replays to the same frames.
 */
export function trim(reader: TraceReader, sink: ByteSink, frames: readonly number[], opts: RewriteOptions = {}): TrimReport {
  if (frames.length === 0) throw new RangeError('trim: no frames to keep');
  const keepFrame = new Set(frames);
  const count = reader.frames.length;
  // calls after the last Present (final Releases) come along with the last frame
  const trailing = frames[frames.length - 1] === count - 1 && reader.callCount > reader.frames[count - 1] + 1;
  if (trailing) keepFrame.add(count);
  const lastFrame = trailing ? count : frames[frames.length - 1];
  // the handles each run's calls name, read before the replay so its starting state can leave the rest out
  const runs: Array<{ first: number; last: number; handles: Set<number> }> = [];
  for (const f of frames) {
    const run = runs.at(-1);
    if (run && run.last === f - 1) run.last = f;
    else runs.push({ first: f, last: f, handles: new Set() });
  }
  for (const [i, run] of runs.entries()) {
    const from = reader.frameRange(run.first)!.first;
    const to = trailing && i === runs.length - 1 ? reader.callCount : reader.frameRange(run.last)!.last + 1;
    for (const { call } of reader.calls(from, to)) for (const h of handlesOfCall(call)) run.handles.add(h);
  }
  const writer = new TraceWriter(sink, sameSettings(reader));
  const r = new Replayer({ profile: opts.profile });
  // start from the last snapshot before the first kept frame, when the trace has one
  const from = seekPoint(reader, reader.frameRange(frames[0])!.first);
  if (from) r.loadSnapshot(readSnapshotChunk(reader, from), from);
  const report: TrimReport = { frames: [...frames], calls: 0, runs: [] };
  let run = -1;
  let open = false;
  let kept = 0;
  const sourceFrameEnds = new Set(reader.frames);
  const start = (): void => {
    const handles = runs[run].handles;
    const s = captureReplay(r, { at: { callsReplayed: writer.callCount, frames: kept }, keep: handles, findings: false });
    // a run from the very start of a trace starts from nothing: no stored state needed
    if (r.callsReplayed > 0 || r.tables().handles.length > 0) writer.appendChunk(ChunkKind.Restore, encodeSnapshot(s));
    const all = r.tables().handles.length;
    report.runs.push({ firstFrame: runs[run].first, lastFrame: runs[run].last, objects: s.objects.length, handles: s.handles.length, dropped: all - s.handles.length });
  };
  for (const e of walk(reader, r)) {
    if (e.kind === 'frameStart') {
      if (e.frame > lastFrame) break;
      const keep = keepFrame.has(e.frame);
      if (keep && !open) {
        run++;
        try {
          start();
        } catch (err) {
          if (err instanceof SnapshotError) throw new SnapshotError(`cannot trim at frame ${e.frame}: ${err.message}`);
          throw err;
        }
      }
      open = keep;
    } else if (e.kind === 'restore') {
      // a Restore inside a kept run: the output takes on the same state there
      if (open && keepFrame.has(r.frames)) {
        const s = captureReplay(r, { at: { callsReplayed: writer.callCount, frames: kept }, keep: runs[run].handles, findings: false });
        writer.appendChunk(ChunkKind.Restore, encodeSnapshot(s));
      }
    } else if (open) {
      // the output's index takes the source's word for what ends a frame (its swap chains may come from a snapshot)
      const ends = sourceFrameEnds.has(e.n);
      writer.append(e.call, ends);
      if (ends) kept++;
      if ((e.n & 1023) === 0) opts.onProgress?.(e.n, reader.callCount);
    }
  }
  writer.close();
  report.calls = writer.callCount;
  return report;
}
