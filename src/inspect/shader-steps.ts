/**
 * The shader debugger's view of a watched run (inspect --debug-pixel, --debug-vertex): each
 * instruction the watched lane executed, as assembly, with the registers it read (as stored,
 * before swizzle and modifiers) and the destination it wrote, and what flow control did for that
 * lane (branch taken or not, loop iterations) — worked out from the order of the steps and the
 * lanes active at each.
 */
import type { ShaderExecutable, ShaderStep } from '../driver/shader/index.js';
import { OP, instructionText } from '../shader/index.js';

/** A value as JSON holds it: the shortest decimal of the float32, or 'NaN', 'Infinity', '-Infinity'. */
export type JsonNumber = number | string;

export interface DebugRegister { name: string; value: JsonNumber[] }

export interface DebugStep {
  /** index into the program's instructions */
  index: number;
  /** the instruction as Microsoft assembly */
  asm: string;
  read: DebugRegister[];
  wrote: DebugRegister | null;
  /** flow control: what this instruction did for the watched lane (null for other instructions) */
  flow: string | null;
  /** the iteration (from 1) of each loop or rep the instruction runs in, outermost first */
  iterations: number[];
}

/** %g with 6 significant digits, as C's printf writes it (1.5, 0.333333, 1e+07, -0, nan, inf). */
export function g(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const exp = Number(v.toExponential(5).split('e')[1]);
  if (exp < -4 || exp >= 6) {
    const [m, e] = v.toExponential(5).split('e');
    const mant = m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m;
    const n = Number(e);
    return `${mant}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(Number(v.toPrecision(6)));
}

/** Four components as `(x, y, z, w)` in %g. */
export function vec(v: readonly JsonNumber[]): string {
  return `(${v.map((c) => (typeof c === 'number' ? g(c) : c === 'NaN' ? 'nan' : c === 'Infinity' ? 'inf' : '-inf')).join(', ')})`;
}

/** The shortest decimal that reads back as the same float32; non-finite values as strings. */
export function jsonNumber(v: number): JsonNumber {
  const f = Math.fround(v);
  if (!Number.isFinite(f)) return String(f);
  for (let p = 1; p <= 9; p++) {
    const t = Number(f.toPrecision(p));
    if (Math.fround(t) === f) return t;
  }
  return f;
}

export const jsonVec = (v: ArrayLike<number>): JsonNumber[] => Array.from(v, jsonNumber);

const DECLARATIONS = new Set<number>([OP.DCL, OP.DEF, OP.DEFI, OP.DEFB, OP.COMMENT]);
const FLOW = new Set<number>([OP.IF, OP.IFC, OP.ELSE, OP.ENDIF, OP.LOOP, OP.REP, OP.ENDLOOP, OP.ENDREP, OP.BREAK, OP.BREAKC, OP.BREAKP, OP.CALL, OP.CALLNZ, OP.RET, OP.LABEL]);

/**
 * The steps lane `lane` took, in order: declarations (dcl, def) left out, other instructions
 * only where the lane was active; flow control also where the lane becomes active after it (an
 * else it runs, the endif that ends a branch it skipped).
 */
export function debugSteps(exe: ShaderExecutable, steps: readonly ShaderStep[], lane: number): DebugStep[] {
  const program = exe.program;
  const bit = 1 << lane;
  const out: DebugStep[] = [];
  const loops: Array<{ index: number; iteration: number }> = [];
  for (let k = 0; k < steps.length; k++) {
    const s = steps[k];
    const ins = program.instructions[s.index];
    const op = ins.opcode;
    if (DECLARATIONS.has(op)) continue;
    const next = steps[k + 1];
    const nextIn = next !== undefined && (next.active & bit) !== 0;
    const here = (s.active & bit) !== 0;
    const iterations = loops.map((l) => l.iteration);
    let flow: string | null = null;
    switch (op) {
      case OP.IF: case OP.IFC: flow = nextIn ? 'taken' : 'not taken'; break;
      case OP.ELSE: flow = nextIn ? 'runs the else branch' : 'skips the else branch'; break;
      case OP.ENDIF: flow = 'end of the branch'; break;
      case OP.LOOP: case OP.REP:
        if (next !== undefined && next.index === s.index + 1) {
          loops.push({ index: s.index, iteration: 1 });
          flow = 'iteration 1 begins';
        } else flow = 'runs no iteration';
        break;
      case OP.ENDLOOP: case OP.ENDREP: {
        const l = loops[loops.length - 1];
        if (!l) break;
        if (next !== undefined && next.index === l.index + 1) {
          l.iteration++;
          flow = `iteration ${l.iteration} begins`;
        } else {
          loops.pop();
          flow = `the loop ends after ${l.iteration} iteration${l.iteration === 1 ? '' : 's'}`;
        }
        break;
      }
      case OP.BREAK: flow = 'leaves the loop'; break;
      case OP.BREAKC: case OP.BREAKP: flow = nextIn && next.index === s.index + 1 ? 'not taken' : 'taken: leaves the loop'; break;
      case OP.CALL: flow = 'calls the subroutine'; break;
      case OP.CALLNZ: flow = nextIn && next.index !== s.index + 1 ? 'taken: calls the subroutine' : 'not taken'; break;
      case OP.RET: case OP.LABEL: flow = 'returns'; break;
      default: break;
    }
    const shown = here || (FLOW.has(op) && nextIn);
    if (!shown) continue;
    out.push({
      index: s.index,
      asm: instructionText(ins, program.kind, program.version).trim(),
      read: s.read.map((r) => ({ name: r.name, value: jsonVec(r.value) })),
      wrote: s.wrote ? { name: s.wrote.name, value: jsonVec(s.wrote.value) } : null,
      flow,
      iterations,
    });
  }
  return out;
}

/** A step as text: `#4 mad r0, t0, c0, c1` then its reads and write, indented. */
export function stepText(s: DebugStep): string[] {
  const loop = s.iterations.length ? ` [iteration ${s.iterations.join('.')}]` : '';
  const lines = [`  #${s.index}${loop} ${s.asm}${s.flow ? `  — ${s.flow}` : ''}`];
  if (s.read.length) lines.push(`      read  ${s.read.map((r) => `${r.name} = ${vec(r.value)}`).join(', ')}`);
  if (s.wrote) lines.push(`      wrote ${s.wrote.name} = ${vec(s.wrote.value)}`);
  return lines;
}
