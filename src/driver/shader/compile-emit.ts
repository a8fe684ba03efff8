/**
 * Source text for the compiled shader path: register references, source reads with their swizzle
 * and modifier, and destination writes with their mask and result modifiers, unrolled at generation
 * time. Only numbers this file computes (slots, components, table indices; each through `int`)
 * and fixed names reach the text: nothing of the token stream is pasted in.
 */
import { REG, type DstParam, type SrcParam } from '../../shader/index.js';

type RelativeAddress = NonNullable<SrcParam['rel']>;
import type { Decoded } from './decode.js';
import { SRCMOD } from './ops.js';
import { LANES, PS_IN, PS_IN_SLOTS, PS_OUT_SLOTS, VS_IN_SLOTS, VS_OUT, VS_OUT_SLOTS } from './types.js';

/**
 * The lanes one generated function runs. `width`: lanes per run (LANES for ShaderExecutable.run,
 * SPAN_LANES for a span run), which sets the register layout ((slot · width) + lane) · 4 + c.
 * `quads`: neighbouring lanes form 2×2 quads (lanes 4q..4q+3) and give derivatives; without it every
 * lane is a pixel of its own, whose derivatives read 0 as a one-lane run's do.
 */
export interface LaneShape {
  readonly width: number;
  readonly quads: boolean;
}

export const RUN_SHAPE: LaneShape = { width: LANES, quads: true };

/** An integer in [lo, hi] as source text; anything else is a bug of the generator and throws. */
export function int(n: number, lo = -0x7fffffff, hi = 0x7fffffff): string {
  if (!Number.isInteger(n) || n < lo || n > hi) throw new Error(`compile: ${String(n)} is not an integer in [${lo}, ${hi}]`);
  return String(n);
}

/** Why a program is left to the interpreter. */
export class Unsupported extends Error {}

/** Lines of the function body, indented, with the lane loop and mask in one place. */
export class Emitter {
  readonly lines: string[] = [];
  private depth = 2;
  private counter = 0;
  /** lane loops skip lanes whose bit in M is clear (inside divergent flow control) */
  masked = 0;

  /** floats per register slot: width · 4 */
  readonly slot: number;

  constructor(readonly d: Decoded, readonly shape: LaneShape = RUN_SHAPE) {
    this.slot = shape.width * 4;
  }

  /** the mode of the lane loop left open for the next lane-local instruction to join ('masked' or 'all') */
  private openLoop: string | undefined;
  private inLanes = false;

  line(s: string): void {
    if (!this.inLanes) this.barrier();
    this.lines.push('  '.repeat(this.depth) + s);
  }
  open(s: string): void { this.line(s); this.depth++; }
  close(s = '}'): void { this.depth--; this.line(s); }
  name(prefix: string): string { return `${prefix}${this.counter++}`; }

  /** Locals read once: per compiled function (def literals) and per run (constants). */
  readonly perFunction: string[] = [];
  readonly perRun: string[] = [];
  private readonly hoisted = new Map<string, string>();

  /** A local holding `expr`, declared once per run (or per compiled function) instead of per lane. */
  hoist(prefix: string, expr: string, perRun: boolean): string {
    let name = this.hoisted.get(expr);
    if (!name) {
      name = this.name(prefix);
      this.hoisted.set(expr, name);
      (perRun ? this.perRun : this.perFunction).push(`const ${name} = ${expr};`);
    }
    return name;
  }

  /** Scratch arrays of the compiled function (declared once, beside the registers). */
  readonly scratch: string[] = [];

  /**
   * A scratch array of its own for one instruction: a cross-lane instruction's second pass reads its
   * neighbours' entries while a fused later instruction may already be filling its own.
   */
  array(prefix: string, type: 'Float64Array' | 'Float32Array', length: number): string {
    const name = this.name(prefix);
    this.scratch.push(`const ${name} = new ${type}(${int(length, 1, 1024)});`);
    return name;
  }

  /** Ends the open lane loop: what follows sees every lane's writes so far. */
  barrier(): void {
    if (this.openLoop === undefined) return;
    this.openLoop = undefined;
    this.depth--;
    this.lines.push(`${'  '.repeat(this.depth)}}`);
  }

  /**
   * `body` once per lane (the active ones, or all with `all`), with l (lane) and o (lane · 4) in
   * scope. Consecutive lane-local instructions share one loop: each lane reads and writes only its
   * own registers, so running instruction i then i+1 per lane gives what i for all lanes then i+1
   * for all lanes gives; an instruction that reads other lanes calls barrier() first.
   */
  lanes(body: () => void, all = false): void {
    const mode = this.masked > 0 && !all ? 'masked' : 'all';
    if (this.openLoop !== mode) {
      this.barrier();
      this.lines.push(`${'  '.repeat(this.depth)}for (let l = 0, o = 0; l < lanes; l++, o += 4) {`);
      this.depth++;
      if (mode === 'masked') this.lines.push(`${'  '.repeat(this.depth)}if (((M >>> l) & 1) === 0) continue;`);
      this.openLoop = mode;
    }
    this.inLanes = true;
    body();
    this.inLanes = false;
  }

  /** The loop counter register aL (one variable: a loop sets it and restores the outer value when it ends). */
  aL(): string { return 'aL'; }

  get pixel(): boolean { return this.d.kind === 'pixel'; }
  get version(): number { return this.d.version; }
}

/** The current lane's value of a relative address: a0's component (a float32 register) or aL. */
function relIndex(e: Emitter, rel: RelativeAddress): string {
  if (rel.type === REG.ADDR && !e.pixel) return `A[o + ${int(rel.component, 0, 3)}]`;
  if (rel.type === REG.LOOP) return e.aL();
  throw new Unsupported(`relative address through register type ${rel.type}`);
}

/** Constant register number of a c register parameter (CONST2..4 hold c2048 and up), or −1. */
export function constNumber(type: number, num: number): number {
  switch (type) {
    case REG.CONST: return num;
    case REG.CONST2: return num + 2048;
    case REG.CONST3: return num + 4096;
    case REG.CONST4: return num + 6144;
    default: return -1;
  }
}

/** A register slot's component for the current lane: ((slot · width) + lane) · 4 + c. */
const at = (e: Emitter, slot: number, c: number, slots: number): string => `${int(slot * e.slot + c, 0, slots * e.slot)} + o`;

/**
 * An expression reading component `c` of a register for the current lane, before any modifier, as
 * the interpreter's fetch reads it: out-of-range registers read 0, def'd constants their literal.
 */
export function readRegister(e: Emitter, type: number, num: number, c: number, rel: RelativeAddress | undefined, offset = 0): string {
  const k = int(c, 0, 3);
  const cn = constNumber(type, num);
  if (cn >= 0) {
    const n = cn + offset;
    let x: string;
    if (rel) x = `rc(CF, ${int(n, 0, 8191 + 4)} + ${relIndex(e, rel)}, ${k})`;
    else if (e.d.defF.has(n)) x = e.hoist('d', `DF[${int(n * 4 + c, 0, 8196 * 4)}]`, false);
    // a run's constants do not change while it runs: read once, before the lanes
    else x = e.hoist('c', `(${int(n * 4, 0, 8196 * 4)} < CF.length ? CF[${int(n * 4 + c, 0, 8196 * 4)}] : 0)`, true);
    // ps_1_x constants read as [−1, 1]
    return e.d.ps1x ? `clampConst1x(${x})` : x;
  }
  const idx = num + offset;
  if (rel) {
    if (type !== REG.INPUT) throw new Unsupported(`relative read of register type ${type}`);
    return `vin(I, ${int(idx, 0, 2047)} + ${relIndex(e, rel)}, o + ${k}, ${e.pixel ? PS_IN_SLOTS : VS_IN_SLOTS})`;
  }
  switch (type) {
    case REG.TEMP: return idx < 32 ? `R[${at(e, idx, c, 32)}]` : '0';
    case REG.INPUT: return idx < (e.pixel ? PS_IN_SLOTS : VS_IN_SLOTS) ? `I[${at(e, idx, c, VS_IN_SLOTS)}]` : '0';
    case REG.ADDR:
      if (!e.pixel) return `A[o + ${k}]`;
      if (idx >= 8) return '0';
      // ps_1_1–1_3 t registers are registers the texture instructions write; later, the texture coordinates
      return e.d.ps1x && e.version < 0x0104 ? `T[${at(e, idx, c, 8)}]` : `I[${at(e, PS_IN.T0 + idx, c, PS_IN_SLOTS)}]`;
    case REG.CONSTINT: {
      const def = e.d.defI.get(idx);
      if (def) return `DI[${int(idx * 4 + c, 0, 2048 * 4)}]`;
      return `(${int(idx * 4, 0, 2048 * 4)} < CI.length ? CI[${int(idx * 4 + c, 0, 2048 * 4)}] : 0)`;
    }
    case REG.CONSTBOOL: {
      const def = e.d.defB.get(idx);
      if (def !== undefined) return def ? '1' : '0';
      return `(CB[${int(idx, 0, 2047)}] ? 1 : 0)`;
    }
    case REG.LOOP: return e.aL();
    case REG.PREDICATE: return `PR[o + ${k}]`;
    case REG.MISCTYPE: return idx === 0 ? `POS[o + ${k}]` : 'FACE[l]';
    default: return '0';
  }
}

/** The swizzled component that destination component `c` reads from a source. */
export const swizzled = (s: SrcParam, c: number): number => (s.swizzle >>> (2 * c)) & 3;

/** Applies a source modifier to an expression: the same double operations as ops.srcMod. */
export function modify(mod: number, x: string): string {
  switch (mod) {
    case SRCMOD.NONE: case SRCMOD.DZ: case SRCMOD.DW: return x;
    case SRCMOD.NEG: return `(-${x})`;
    case SRCMOD.BIAS: return `(${x} - 0.5)`;
    case SRCMOD.BIASNEG: return `(-(${x} - 0.5))`;
    case SRCMOD.SIGN: return `(2 * ${x} - 1)`;
    case SRCMOD.SIGNNEG: return `(-(2 * ${x} - 1))`;
    case SRCMOD.COMP: return `(1 - ${x})`;
    case SRCMOD.X2: return `(2 * ${x})`;
    case SRCMOD.X2NEG: return `(-(2 * ${x}))`;
    case SRCMOD.ABS: return `Math.abs(${x})`;
    case SRCMOD.ABSNEG: return `(-Math.abs(${x}))`;
    case SRCMOD.NOT: return `(${x} !== 0 ? 0 : 1)`;
    default: return x; // srcMod leaves the value as read
  }
}

/**
 * Reads sources into locals for the current lane: `get(i, c)` names a local holding source i's
 * modified value for destination component c (the swizzle applied), declared on first use.
 */
export class Sources {
  private readonly seen = new Map<string, string>();
  constructor(private readonly e: Emitter, private readonly src: readonly SrcParam[]) {}

  get(i: number, c: number, rowOffset = 0): string {
    const s = this.src[i];
    const comp = swizzled(s, c);
    const divides = (s.mod === SRCMOD.DZ || s.mod === SRCMOD.DW) && c < 2;
    const key = `${i}.${comp}.${rowOffset}.${divides ? 1 : 0}`;
    const known = this.seen.get(key);
    if (known) return known;
    let value = modify(s.mod, readRegister(this.e, s.type, s.num, comp, s.rel, rowOffset));
    // ps_1_4 _dz/_dw: x and y divided by the (swizzled) z or w as read
    if (divides) value = `divideSource(${value}, ${this.get(i, s.mod === SRCMOD.DZ ? 2 : 3, rowOffset)})`;
    const name = this.e.name('s');
    this.seen.set(key, name);
    this.e.line(`const ${name} = ${value};`);
    return name;
  }
}

/** Components a mask selects, in order. */
export const maskComponents = (mask: number): number[] => [0, 1, 2, 3].filter((c) => (mask >>> c) & 1);

/**
 * The statement storing `value` to component `c` of a destination for the current lane, or
 * undefined when the interpreter's store drops the write (an out-of-range register, or one no run
 * reads back). Float32Array stores are the float32 rounding of every register write.
 */
export function storeStatement(e: Emitter, d: DstParam, c: number, value: string): string | undefined {
  const k = int(c, 0, 3);
  if (d.rel) {
    if (d.type === REG.OUTPUT && !e.pixel && e.version >= 0x0300) {
      return `{ const t = ${int(d.num, 0, 2047)} + ${relIndex(e, d.rel)}; if (t >= 0 && t < 12) O[t * ${int(e.slot, 4, 1024)} + o + ${k}] = ${value}; }`;
    }
    throw new Unsupported(`relative write to register type ${d.type}`);
  }
  const target = storeTarget(e, d.type, d.num, c);
  return target === undefined ? undefined : `${target} = ${value};`;
}

function storeTarget(e: Emitter, type: number, n: number, c: number): string | undefined {
  const k = int(c, 0, 3);
  switch (type) {
    case REG.TEMP: return n < 32 ? `R[${at(e, n, c, 32)}]` : undefined;
    case REG.ADDR:
      if (!e.pixel) return `A[o + ${k}]`;
      if (e.d.ps1x && e.version < 0x0104) return n < 8 ? `T[${at(e, n, c, 8)}]` : undefined;
      return undefined; // ps_1_4 and later read t registers from the inputs: a write is never seen
    case REG.PREDICATE: return `PR[o + ${k}]`;
    case REG.RASTOUT: return n < 3 ? `O[${at(e, VS_OUT.POS + n, c, VS_OUT_SLOTS)}]` : undefined;
    case REG.ATTROUT: return n < 2 ? `O[${at(e, VS_OUT.D0 + n, c, VS_OUT_SLOTS)}]` : undefined;
    case REG.OUTPUT:
      if (e.version >= 0x0300) return n < 12 ? `O[${at(e, n, c, VS_OUT_SLOTS)}]` : undefined;
      return n < 8 ? `O[${at(e, VS_OUT.T0 + n, c, VS_OUT_SLOTS)}]` : undefined;
    case REG.COLOROUT: return n < PS_OUT_SLOTS ? `O[${at(e, n, c, PS_OUT_SLOTS)}]` : undefined;
    case REG.DEPTHOUT: return c === 0 ? 'DEPTH[l]' : undefined;
    default: return undefined;
  }
}
