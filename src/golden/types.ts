/**
 * What `replay9 check` finds, as plain data: the text and JSON output are built from these, and so
 * can a JUnit or HTML reporter (DESIGN.md contract 5). Paths are as the check saw them.
 */

/**
 * One presented frame against its golden.
 * - pass: the pixels match (hash equal, or pixelmatch counted at most --max-diff-pixels)
 * - diff: more pixels differ than --max-diff-pixels allows
 * - size: the frame and its golden differ in width or height
 * - raw: the RGBA8 pixels match but the exact raw dump of the back buffer differs
 * - missing: the golden has this frame, the replay never presented it
 * - extra: the replay presented this frame, the golden has none
 * - unreadable: the golden PNG of this frame is missing or does not decode
 */
export const FRAME_STATUSES = ['pass', 'diff', 'size', 'raw', 'missing', 'extra', 'unreadable'] as const;
export type FrameStatus = (typeof FRAME_STATUSES)[number];

/** The images written for a failing frame under the report folder. */
export interface FailureFiles {
  expected?: string;
  actual?: string;
  diff?: string;
}

export interface FrameResult {
  /** 0-based frame number, in its swap chain's sequence */
  frame: number;
  /** the additional swap chain (1, 2, ...) whose frame this is; absent for swap chain 0 */
  swapChain?: number;
  /** call number of the Present that showed it (absent for a missing frame) */
  call?: number;
  status: FrameStatus;
  /** pixels pixelmatch counts as different (0 when the hashes are equal) */
  diffPixels: number;
  /** largest absolute difference of any RGBA8 channel of any pixel */
  maxChannelDiff: number;
  /** the golden PNG this frame was compared with */
  golden?: string;
  /** why the frame failed, in words */
  message?: string;
  /** expected / actual / diff images written for a failure */
  files?: FailureFiles;
  /** something to know about the golden, e.g. that its PNG changed since it was written */
  note?: string;
}

/** A call whose replay did not go as recorded (an HRESULT mismatch, unimplemented, skipped). */
export interface ReplayIssue {
  kind: 'mismatch' | 'lock-data' | 'unimplemented' | 'skipped';
  call: number;
  method: string;
  line?: number;
  expected?: string;
  actual?: string;
  message: string;
}

/**
 * - pass: every frame matches and the replay went as recorded
 * - fail: see `reasons`
 * - no-goldens: the trace has no NAME.golden/ folder (or no golden.json in it): not a pass
 * - updated: `--update` wrote the goldens
 */
export type TraceStatus = 'pass' | 'fail' | 'no-goldens' | 'updated';

export interface TraceResult {
  trace: string;
  goldenDir: string;
  status: TraceStatus;
  /** one line per reason for a fail or no-goldens, empty for a pass */
  reasons: string[];
  calls: number;
  /** frames the replay presented */
  frames: number;
  /** frames the golden holds (0 when there is none) */
  goldenFrames: number;
  frameResults: FrameResult[];
  issues: ReplayIssue[];
  /** the per-trace folder under --report where failure images went, when any were written */
  reportDir?: string;
  warnings: string[];
  /** about the golden rather than the replay: a PNG edited since it was written, an interrupted update finished or undone */
  notes?: string[];
  /** with --update: what happened to the golden folder */
  update?: GoldenUpdate;
}

/**
 * - new: the trace had no golden; one was written
 * - changed: the golden was rewritten; `frames` lists the frames whose pixels (or raw dump)
 *   changed, were added or dropped (empty when only the files changed, e.g. a golden written
 *   before golden.json recorded file hashes)
 * - unchanged: the golden already held these frames; not a file was touched
 */
export interface GoldenUpdate {
  change: 'new' | 'changed' | 'unchanged';
  frames: number[];
  /** frames of additional swap chains that changed, as `sc1:3` */
  swapChainFrames?: string[];
}

export interface CheckOptions {
  /** rewrite the goldens instead of comparing */
  update: boolean;
  /** pixelmatch threshold, 0..1 (0: any change of colour counts) */
  threshold: number;
  /** a frame passes when at most this many pixels differ */
  maxDiffPixels: number;
  /** where failure images go, one folder per trace */
  reportDir: string;
  /** `--shard i/n`: only this deterministic slice of the traces found (see golden/shard.ts) */
  shard?: { index: number; count: number };
  /** an apitrace capture with Direct3D 9 calls replay9 cannot import fails its check */
  strict?: boolean;
}

export interface CheckReport {
  tool: string;
  options: CheckOptions;
  traces: TraceResult[];
  summary: { traces: number; passed: number; failed: number; noGoldens: number; updated: number };
  /**
   * wall time of each trace's check in seconds (performance.now), in the order of `traces`: kept
   * apart from the results, which stay the same bits from run to run (only reports carry times)
   */
  seconds?: number[];
  /** every trace passed (or, with --update, was written) */
  ok: boolean;
}
