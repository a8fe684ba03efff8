/**
 * Call sets in apitrace's syntax: `0-100`, `10,20,30-40`, `100-` (to the end),
 * `*`, `0-100/2` (every second), and the names `frame` (calls that end a frame)
 * and `draw` (draw calls). Also used for frame sets (`--frames 0,2-4`).
 */
import { DRAW_COMMANDS, FRAME_END_COMMANDS } from './commands.js';
import type { CommandName } from './commands.js';

type Term = { lo: number; hi: number; step: number } | { name: 'frame' | 'draw' };

export class CallSet {
  private constructor(private readonly terms: Term[], readonly text: string) {}

  static parse(text: string): CallSet {
    const terms: Term[] = [];
    for (const raw of text.split(',')) {
      const t = raw.trim();
      if (t === '*') { terms.push({ lo: 0, hi: Infinity, step: 1 }); continue; }
      if (t === 'frame' || t === 'draw') { terms.push({ name: t }); continue; }
      const m = /^(\d+)(?:(-)(\d+)?)?(?:\/(\d+))?$/.exec(t);
      if (!m) throw new SyntaxError(`bad call set term '${t}' in '${text}' (expected N, N-M, N-, *, frame or draw)`);
      const lo = Number(m[1]);
      const hi = m[2] ? (m[3] !== undefined ? Number(m[3]) : Infinity) : lo;
      const step = m[4] !== undefined ? Number(m[4]) : 1;
      if (hi < lo || step < 1) throw new SyntaxError(`bad call set term '${t}': the range is empty`);
      terms.push({ lo, hi, step });
    }
    return new CallSet(terms, text);
  }

  /** Is call `n` (of command `command`, when known; `endsFrame`: the trace's index says it ends a frame) in the set? */
  has(n: number, command?: CommandName, endsFrame?: boolean): boolean {
    for (const t of this.terms) {
      if ('name' in t) {
        if (t.name === 'frame' && (endsFrame ?? (command !== undefined && FRAME_END_COMMANDS.has(command)))) return true;
        if (t.name === 'draw' && command !== undefined && DRAW_COMMANDS.has(command)) return true;
      } else if (n >= t.lo && n <= t.hi && (n - t.lo) % t.step === 0) return true;
    }
    return false;
  }

  /** The highest number the set can hold, Infinity when open or named. */
  get max(): number {
    let m = -1;
    for (const t of this.terms) m = Math.max(m, 'name' in t ? Infinity : t.hi);
    return m;
  }
}
