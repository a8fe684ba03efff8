/**
 * From a trace or a scene to frames: every presented back buffer as an RGBA8 image (what
 * `replay9 replay --out` writes as PNG), ready for `expect(frame).toMatchGolden(...)`, with the
 * replay's findings (calls whose result differs from the recorded one).
 */
import type { DeviceProfile } from '../device/caps.js';
import { presentedFrame } from '../golden/image.js';
import type { Rgba8Image } from '../golden/image.js';
import { TraceRecorder } from '../record/recorder.js';
import type { Finding } from '../replay/findings.js';
import { Replayer } from '../replay/replayer.js';
import { CallSet } from '../trace/call-set.js';
import { openTrace } from '../trace/open.js';
import { TraceReader } from '../trace/reader.js';
import { Direct3DCreate9 } from './index.js';
import type { Scene } from './scene.js';

/** One presented frame: the back buffer at its Present, as RGBA8. */
export interface RenderedFrame extends Rgba8Image {
  /** frame number, from 0, in its swap chain's sequence */
  frame: number;
  /** the Present call's number */
  call: number;
  /** 0: a device's implicit swap chain; K: its Kth additional swap chain */
  swapChain: number;
}

export interface RenderResult {
  /** the presented frames in order (only those `frames` selects) */
  frames: RenderedFrame[];
  /** calls that replayed differently from the trace: empty when every result matched */
  findings: Finding[];
  calls: number;
  warnings: string[];
}

export interface RenderOptions {
  /** keep only these frames: a call set (`0,5-9`) or frame numbers; default every frame */
  frames?: string | readonly number[];
  /** replay on this driver profile instead of the one the trace names */
  profile?: DeviceProfile;
}

function frameFilter(frames: RenderOptions['frames']): (n: number) => boolean {
  if (frames === undefined) return () => true;
  if (typeof frames === 'string') {
    const set = CallSet.parse(frames);
    return (n) => set.has(n);
  }
  const set = new Set(frames);
  return (n) => set.has(n);
}

function render(reader: TraceReader, lines: readonly number[] | undefined, options: RenderOptions): RenderResult {
  const keep = frameFilter(options.frames);
  const frames: RenderedFrame[] = [];
  try {
    const r = new Replayer({
      lines,
      profile: options.profile,
      onPresent: (e) => {
        if (!keep(e.frame)) return;
        const shown = presentedFrame(e);
        if (shown) frames.push({ frame: e.frame, call: e.call, swapChain: e.swapChain, ...shown.image });
      },
    });
    r.run(reader);
    return { frames, findings: [...r.findings], calls: r.callsReplayed, warnings: [...reader.warnings] };
  } finally {
    reader.close();
  }
}

/** Replays a trace (.r9, .r9t) and returns its presented frames. A corrupt file throws TraceFormatError. */
export function renderTrace(path: string, options: RenderOptions = {}): RenderResult {
  const { reader, lines } = openTrace(path, { replayOnly: true });
  return render(reader, lines, options);
}

/**
 * Runs a scene against a recording device and replays what it recorded: the frames are those
 * `replay9 record` then `replay9 replay` give. A scene that throws rejects with its error.
 */
export async function renderScene(scene: Scene, options: RenderOptions = {}): Promise<RenderResult> {
  const rec = TraceRecorder.inMemory({ profile: options.profile });
  try {
    const d3d = Direct3DCreate9(32, { recorder: rec });
    if (!d3d) throw new Error('Direct3DCreate9 failed');
    await scene(d3d, { name: (n) => rec.nameNext(n) });
  } finally {
    rec.close();
  }
  return render(TraceReader.fromBytes(rec.bytes(), 'scene'), undefined, options);
}
