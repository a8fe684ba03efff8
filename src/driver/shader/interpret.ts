/**
 * The reference shader interpreter: runs a parsed program's lanes in lockstep, with an active-lane
 * mask and a stack of if/loop/call frames for flow control. The numbers of each operation are in
 * ops.ts; this file reads sources (swizzle, relative address, modifiers), calls them, and writes
 * destinations (shift, _sat, the ps_1_x range, write mask, predicate) rounding to float32 there.
 */
import { OP as OP_, REG as REG_, type ShaderProgram } from '../../shader/index.js';
import { decode, DecodedExecutable } from './decode.js';
import * as ops from './ops.js';
import * as T from './types.js';
import type { ShaderConstants, ShaderExecutable, ShaderIO, ShaderStep } from './types.js';
import { sampling } from './interpret-texture.js';
import { watchAfter, watchBefore } from './interpret-watch.js';

// Plain copies of the imported tables: the hot loop reads them without going through module bindings.
const OP = { ...OP_ };
const REG = { ...REG_ };
const o = { ...ops };
const { LANES, MAX_EXECUTED, PS_IN, PS_IN_SLOTS, PS_OUT_SLOTS, SLOT, VS_IN_SLOTS, VS_OUT, VS_OUT_SLOTS } = T;

/** Nested calls deeper than this are skipped (D3D9: 4 levels for vs_2_x/3_0, ps_2_x/3_0). */
export const MAX_CALL_DEPTH = 4;
/** rep/loop counts are clamped to 0..255 (the i register's count is at most 255). */
export const MAX_LOOP_COUNT = 255;

export interface Rel { type: number; comp: number }
export interface Src { type: number; num: number; swz: readonly number[]; mod: number; rel?: Rel }
export interface Dst { type: number; num: number; mask: number; sat: boolean; scale: number; rel?: Rel }
export interface Op {
  index: number;
  /** what the run loop does with it: EXEC (arithmetic, texture), FLOW (flow()) or NOTHING (dcl, def, phase …) */
  does: number;
  /** components the instruction can write at all (sincos x/y, crs and m?x3 xyz, m3x2 and bem xy), ANDed with the write mask */
  writes: number;
  op: number;
  controls: number;
  coissue: boolean;
  dst?: Dst;
  src: Src[];
  pred?: Src;
}

const enum Frame { IF, LOOP, CALL }
interface FrameEntry { kind: Frame; saved: number; cond: number; start: number; remaining: number; aL: number; step: number; ret: number }

const WRITES: Partial<Record<number, number>> = {
  [OP.SINCOS]: 3, [OP.CRS]: 7, [OP.M3x2]: 3, [OP.M3x3]: 7, [OP.M4x3]: 7, [OP.BEM]: 3,
};

/** Flow-control opcodes (run by flow()) and the ones that do nothing at run time. */
const FLOW = new Set<number>([OP.IF, OP.IFC, OP.ELSE, OP.ENDIF, OP.LOOP, OP.REP, OP.ENDLOOP, OP.ENDREP, OP.BREAK, OP.BREAKC,
  OP.BREAKP, OP.CALL, OP.CALLNZ, OP.RET, OP.LABEL]);
const NO_OP = new Set<number>([OP.NOP, OP.DCL, OP.DEF, OP.DEFI, OP.DEFB, OP.COMMENT, OP.PHASE]);
const DOES = { EXEC: 0, FLOW: 1, NOTHING: 2 } as const;

const CONST_TYPES: Readonly<Record<number, number>> = { [REG.CONST]: 0, [REG.CONST2]: 2048, [REG.CONST3]: 4096, [REG.CONST4]: 6144 };

function toSrc(s: { type: number; num: number; swizzle: number; mod: number; rel?: { type: number; component: number } }): Src {
  const swz = [0, 1, 2, 3].map((c) => (s.swizzle >>> (2 * c)) & 3);
  const out: Src = { type: s.type, num: s.num + (CONST_TYPES[s.type] ?? 0), swz, mod: s.mod };
  if (out.type in CONST_TYPES) out.type = REG.CONST;
  if (s.rel) out.rel = { type: s.rel.type, comp: s.rel.component };
  return out;
}

/** A scalar result in all four components of a lane. */
function fill(res: Float64Array, a: number, x: number): void {
  res[a] = x; res[a + 1] = x; res[a + 2] = x; res[a + 3] = x;
}

/** Watching one lane: the steps it took. */
export interface Watch { lane: number; steps: ShaderStep[] }

export class Interpreter extends DecodedExecutable {
  private readonly ops: Op[];
  readonly lods = new Float64Array(LANES);
  readonly grads = new Float64Array(LANES * 8);
  // Registers and scratch of the run in flight (reused), read by the texture and watch helpers
  // (interpret-texture.ts, interpret-watch.ts): internal to the interpreter.
  readonly r = new Float32Array(32 * SLOT);
  readonly t = new Float32Array(8 * SLOT);
  readonly a = new Float32Array(SLOT);
  readonly p = new Float32Array(SLOT);
  /** ps_1_x texm3x2/texm3x3 dot products per t register and lane */
  readonly dots = new Float64Array(8 * LANES);
  readonly sv = new Float64Array(4 * LANES * 4);
  readonly res = new Float64Array(LANES * 4);
  readonly res2 = new Float64Array(LANES * 4);
  readonly coords = new Float64Array(LANES * 4);
  readonly texel = new Float32Array(LANES * 4);
  /** a sample's numbers as ShaderSample reads them (SAMPLE_ARG) */
  readonly sampleArgs = new Float64Array(T.SAMPLE_ARGS);
  aL = 0;
  io!: ShaderIO;
  c!: ShaderConstants;
  lanes = 1;
  /** lanes executing now (bit per lane), the open if/loop/call frames and the call depth */
  private active = 0;
  private readonly stack: FrameEntry[] = [];
  private depth = 0;

  constructor(program: ShaderProgram) {
    super(decode(program));
    this.ops = program.instructions.map((ins, index) => {
      const does = FLOW.has(ins.opcode) ? DOES.FLOW : NO_OP.has(ins.opcode) ? DOES.NOTHING : DOES.EXEC;
      const op: Op = { index, does, writes: WRITES[ins.opcode] ?? 0xf, op: ins.opcode, controls: ins.controls, coissue: ins.coissue, src: ins.src.map(toSrc) };
      if (ins.dst) {
        const dd = ins.dst;
        op.dst = { type: dd.type, num: dd.num, mask: dd.mask, sat: (dd.resultMod & 1) !== 0, scale: o.shiftScale(dd.shift) };
        if (dd.rel) op.dst.rel = { type: dd.rel.type, comp: dd.rel.component };
      }
      if (ins.predicate) op.pred = toSrc(ins.predicate);
      return op;
    });
  }

  run(io: ShaderIO, constants: ShaderConstants, lanes: number): void {
    this.exec(io, constants, lanes, undefined);
  }

  /** Runs like run() and records the steps of `lane`. */
  trace(io: ShaderIO, constants: ShaderConstants, lanes: number, lane: number): ShaderStep[] {
    const w: Watch = { lane, steps: [] };
    this.exec(io, constants, lanes, w);
    return w.steps;
  }

  private exec(io: ShaderIO, constants: ShaderConstants, lanes: number, watch: Watch | undefined): void {
    const n = this.begin(io, constants, lanes);
    let executed = 0;
    let capped = false;
    const ops = this.ops;
    let pc = 0;
    while (pc < ops.length) {
      if (++executed > MAX_EXECUTED) { capped = true; executed--; break; }
      const op = ops[pc];
      let step = watch ? watchBefore(this, op, watch.lane, this.active) : undefined;
      let next = pc + 1;
      if (op.does === DOES.FLOW) next = this.flow(op, pc);
      else if (op.does === DOES.EXEC && this.active !== 0) {
        if (ops[pc + 1]?.coissue) {
          // co-issued pair: both read their sources before either writes
          const second = ops[pc + 1];
          const step2 = watch ? watchBefore(this, second, watch.lane, this.active) : undefined;
          this.compute(op, this.active, this.res);
          this.compute(second, this.active, this.res2);
          this.commit(op, this.active, this.res);
          this.commit(second, this.active, this.res2);
          if (watch && step && step2) { watchAfter(this, op, watch, step); watchAfter(this, second, watch, step2); step = undefined; }
          executed++;
          next = pc + 2;
        } else this.execute(op, this.active);
      }
      if (watch && step) watchAfter(this, op, watch, step);
      pc = next;
    }
    if (this.decoded.ps1x) {
      // ps_1_x: r0 is the colour
      const out = io.outputs;
      for (let l = 0; l < n; l++) for (let c = 0; c < 4; c++) out[l * 4 + c] = this.r[l * 4 + c];
    }
    if (io.stats) { io.stats.executed = executed; io.stats.capped = capped; }
  }

  /** Starts a run: registers cleared, outputs zeroed, every lane active; returns the lane count. */
  private begin(io: ShaderIO, constants: ShaderConstants, lanes: number): number {
    const n = Math.max(1, Math.min(LANES, lanes | 0));
    this.io = io;
    this.c = constants;
    this.lanes = n;
    this.aL = 0;
    this.r.fill(0);
    this.a.fill(0);
    this.p.fill(0);
    this.dots.fill(0);
    // killed is the draw's array, reused: a run starts with none of its lanes discarded
    io.killed.fill(0, 0, n);
    const outSlots = this.kind === 'pixel' ? PS_OUT_SLOTS : this.version >= 0x0300 ? 12 : VS_OUT_SLOTS;
    io.outputs.fill(0, 0, Math.min(io.outputs.length, outSlots * SLOT));
    // before vs_3_0 an unwritten oD0 component reads 1 (types.ts VS_OUT)
    if (this.kind === 'vertex' && this.version < 0x0300) io.outputs.fill(1, VS_OUT.D0 * SLOT, Math.min(io.outputs.length, (VS_OUT.D0 + 1) * SLOT));
    if (this.decoded.ps1x && this.version < 0x0104) {
      // ps_1_1–1_3 t registers start as the texture coordinates and are written by the texture ops
      this.t.set(io.inputs.subarray(PS_IN.T0 * SLOT, Math.min(io.inputs.length, (PS_IN.T0 + 8) * SLOT)));
    }
    this.active = (1 << n) - 1;
    this.stack.length = 0;
    this.depth = 0;
    return n;
  }

  /** The matching else/endif/endloop of a flow instruction (a validated program always has one). */
  private end(k: number): number {
    const j = this.decoded.jump[k];
    return j >= 0 ? j : this.ops.length;
  }

  /** Runs a flow-control instruction at `pc` on the active mask and the frame stack; returns the next pc. */
  private flow(op: Op, pc: number): number {
    const stack = this.stack;
    const top = stack[stack.length - 1] as FrameEntry | undefined;
    switch (op.op) {
      case OP.IF: case OP.IFC: {
        const cond = this.condition(op, this.active);
        stack.push({ kind: Frame.IF, saved: this.active, cond, start: pc, remaining: 0, aL: 0, step: 0, ret: 0 });
        this.active = cond;
        return cond === 0 ? this.end(pc) : pc + 1;
      }
      case OP.ELSE:
        if (top?.kind !== Frame.IF) return pc + 1;
        this.active = top.saved & ~top.cond;
        return this.active === 0 ? this.end(pc) : pc + 1;
      case OP.ENDIF:
        if (top?.kind === Frame.IF) this.active = stack.pop()!.saved;
        return pc + 1;
      case OP.LOOP: case OP.REP: return this.loopStart(op, pc);
      case OP.ENDLOOP: case OP.ENDREP:
        if (top?.kind !== Frame.LOOP) return pc + 1;
        top.remaining--;
        if (top.remaining > 0 && this.active !== 0) {
          if (op.op === OP.ENDLOOP) this.aL += top.step;
          return top.start + 1;
        }
        stack.pop();
        this.active = top.saved;
        this.aL = top.aL;
        return pc + 1;
      case OP.BREAK: case OP.BREAKC: case OP.BREAKP: return this.breakLanes(op, pc);
      case OP.CALL: case OP.CALLNZ: {
        const target = this.decoded.labels.get(op.src[0].num);
        const lanesIn = op.op === OP.CALL ? this.active : this.condition(op, this.active);
        if (target === undefined || lanesIn === 0 || this.depth >= MAX_CALL_DEPTH) return pc + 1;
        stack.push({ kind: Frame.CALL, saved: this.active, cond: 0, start: pc, remaining: 0, aL: this.aL, step: 0, ret: pc + 1 });
        this.depth++;
        this.active = lanesIn;
        return target + 1;
      }
      default: { // ret, or a label reached by falling through: back to the caller, or the end of main
        let k = stack.length - 1;
        while (k >= 0 && stack[k].kind !== Frame.CALL) k--;
        if (k < 0) return this.ops.length;
        const f = stack[k];
        stack.length = k;
        this.depth--;
        this.active = f.saved;
        this.aL = f.aL;
        return f.ret;
      }
    }
  }

  /** loop aL, i / rep i: the count (clamped to 0..255), start and step come from the integer constant. */
  private loopStart(op: Op, pc: number): number {
    const ireg = op.op === OP.LOOP ? op.src[1] : op.src[0];
    const count = Math.max(0, Math.min(MAX_LOOP_COUNT, this.intConst(ireg.num, 0)));
    if (this.active === 0 || count === 0) return this.end(pc) + 1;
    const stepBy = op.op === OP.LOOP ? this.intConst(ireg.num, 2) : 0;
    this.stack.push({ kind: Frame.LOOP, saved: this.active, cond: 0, start: pc, remaining: count, aL: this.aL, step: stepBy, ret: 0 });
    if (op.op === OP.LOOP) this.aL = this.intConst(ireg.num, 1);
    return pc + 1;
  }

  /** break/breakc/breakp: the leaving lanes stay off until the innermost loop ends. */
  private breakLanes(op: Op, pc: number): number {
    const stack = this.stack;
    const leaving = op.op === OP.BREAK ? this.active : this.condition(op, this.active);
    if (leaving === 0) return pc + 1;
    let k = stack.length - 1;
    for (; k >= 0 && stack[k].kind === Frame.IF; k--) stack[k].saved &= ~leaving;
    if (k < 0 || stack[k].kind !== Frame.LOOP) return pc + 1;
    this.active &= ~leaving;
    // straight to endloop only when no if is open inside the loop: an open if's else may still have lanes to run
    return this.active === 0 && k === stack.length - 1 ? this.end(stack[k].start) : pc + 1;
  }

  // ---- reading ----

  relOffset(rel: Rel | undefined, lane: number): number {
    if (!rel) return 0;
    return rel.type === REG.LOOP ? this.aL : this.a[lane * 4 + rel.comp];
  }

  /** One component of a register (index already relative-resolved); out of range reads 0. */
  fetch(type: number, idx: number, lane: number, c: number): number {
    const io = this.io;
    switch (type) {
      case REG.TEMP: return idx >= 0 && idx < 32 ? this.r[(idx * LANES + lane) * 4 + c] : 0;
      case REG.INPUT: {
        const slots = this.kind === 'vertex' ? VS_IN_SLOTS : PS_IN_SLOTS;
        return idx >= 0 && idx < slots ? io.inputs[(idx * LANES + lane) * 4 + c] : 0;
      }
      case REG.CONST: {
        const v = this.floatConst(idx, c);
        return this.decoded.ps1x ? o.clampConst1x(v) : v;
      }
      case REG.ADDR: // a0 in vertex shaders, t registers in pixel shaders
        if (this.kind === 'vertex') return this.a[lane * 4 + c];
        if (idx < 0 || idx >= 8) return 0;
        if (this.decoded.ps1x && this.version < 0x0104) return this.t[(idx * LANES + lane) * 4 + c];
        return io.inputs[((PS_IN.T0 + idx) * LANES + lane) * 4 + c];
      case REG.CONSTINT: return this.intConst(idx, c);
      case REG.CONSTBOOL: return this.boolConst(idx);
      case REG.LOOP: return this.aL;
      case REG.PREDICATE: return this.p[lane * 4 + c];
      case REG.MISCTYPE: return idx === 0 ? io.position[lane * 4 + c] : io.face[lane];
      default: return 0;
    }
  }

  private floatConst(idx: number, c: number): number {
    const def = this.decoded.defF.get(idx);
    if (def) return def[c];
    const f = this.c.f;
    return idx >= 0 && idx * 4 < f.length ? f[idx * 4 + c] : 0;
  }

  private intConst(idx: number, c: number): number {
    const def = this.decoded.defI.get(idx);
    if (def) return def[c];
    const i = this.c.i;
    return idx >= 0 && idx * 4 < i.length ? i[idx * 4 + c] : 0;
  }

  private boolConst(idx: number): number {
    const def = this.decoded.defB.get(idx);
    if (def !== undefined) return def;
    return this.c.b[idx] ? 1 : 0;
  }

  /** Reads source `s` of `lane` (swizzle, relative address, modifier) into sv[(k·LANES + lane)·4 …]. */
  readSrc(s: Src, k: number, lane: number): void {
    const idx = s.num + this.relOffset(s.rel, lane);
    const base = (k * LANES + lane) * 4;
    const sv = this.sv;
    for (let c = 0; c < 4; c++) sv[base + c] = o.srcMod(s.mod, this.fetch(s.type, idx, lane, s.swz[c]));
    if (s.mod === o.SRCMOD.DZ || s.mod === o.SRCMOD.DW) {
      const div = sv[base + (s.mod === o.SRCMOD.DZ ? 2 : 3)];
      sv[base] = o.divideSource(sv[base], div);
      sv[base + 1] = o.divideSource(sv[base + 1], div);
    }
  }

  readAll(op: Op, lanesMask: number): void {
    for (let l = 0; l < this.lanes; l++) {
      if (!(lanesMask & (1 << l))) continue;
      for (let k = 0; k < op.src.length; k++) this.readSrc(op.src[k], k, l);
    }
  }

  /** Lanes of `active` for which an if/ifc/breakc/breakp/callnz condition holds. */
  private condition(op: Op, active: number): number {
    let m = 0;
    const condSrc = op.op === OP.CALLNZ ? op.src[1] : op.src[0];
    for (let l = 0; l < this.lanes; l++) {
      if (!(active & (1 << l))) continue;
      let holds: boolean;
      if (op.op === OP.IFC || op.op === OP.BREAKC) {
        this.readSrc(op.src[0], 0, l);
        this.readSrc(op.src[1], 1, l);
        holds = o.compare(op.controls, this.sv[l * 4], this.sv[(LANES + l) * 4]);
      } else {
        this.readSrc(condSrc, 0, l);
        holds = this.sv[l * 4] !== 0;
      }
      if (holds) m |= 1 << l;
    }
    return m;
  }

  // ---- writing ----

  /** Writes res[lane·4 + c] to op's destination for the active lanes: shift, _sat, ps_1_x range, mask, predicate, canonical NaN, float32. */
  commit(op: Op, active: number, res: Float64Array): void {
    const dd = op.dst;
    if (!dd) return;
    for (let l = 0; l < this.lanes; l++) {
      if (!(active & (1 << l))) continue;
      let mask = dd.mask & op.writes;
      if (op.pred) {
        for (let c = 0; c < 4; c++) {
          const pv = this.p[l * 4 + op.pred.swz[c]];
          if ((op.pred.mod === o.SRCMOD.NOT) === (pv !== 0)) mask &= ~(1 << c);
        }
      }
      const idx = dd.num + this.relOffset(dd.rel, l);
      for (let c = 0; c < 4; c++) {
        if (!(mask & (1 << c))) continue;
        let v = res[l * 4 + c] * dd.scale;
        if (dd.sat) v = o.sat(v);
        if (this.decoded.ps1x) v = o.clampPs1x(v);
        // every NaN is stored as the one canonical NaN (ops.canon)
        if (v !== v) v = NaN;
        this.store(dd.type, idx, l, c, v);
      }
    }
  }

  private store(type: number, idx: number, lane: number, c: number, v: number): void {
    const io = this.io;
    const k = lane * 4 + c;
    switch (type) {
      case REG.TEMP: if (idx >= 0 && idx < 32) this.r[idx * SLOT + k] = v; return;
      case REG.ADDR:
        if (this.kind === 'vertex') this.a[k] = v;
        else if (idx >= 0 && idx < 8) this.t[idx * SLOT + k] = v;
        return;
      case REG.PREDICATE: this.p[k] = v; return;
      case REG.RASTOUT: if (idx >= 0 && idx < 3) io.outputs[(VS_OUT.POS + idx) * SLOT + k] = v; return;
      case REG.ATTROUT: if (idx >= 0 && idx < 2) io.outputs[(VS_OUT.D0 + idx) * SLOT + k] = v; return;
      case REG.OUTPUT: // oTn before vs_3_0, on in vs_3_0
        if (this.version >= 0x0300) { if (idx >= 0 && idx < 12) io.outputs[idx * SLOT + k] = v; } else if (idx >= 0 && idx < 8) io.outputs[(VS_OUT.T0 + idx) * SLOT + k] = v;
        return;
      case REG.COLOROUT: if (idx >= 0 && idx < PS_OUT_SLOTS) io.outputs[idx * SLOT + k] = v; return;
      case REG.DEPTHOUT: if (c === 0) io.depth[lane] = v; return;
      default: return;
    }
  }

  // ---- arithmetic ----

  private execute(op: Op, active: number): void {
    if (sampling(this, op, active)) return;
    this.compute(op, active, this.res);
    this.commit(op, active, this.res);
  }

  /** Computes op's result for the active lanes into res (before the destination's modifiers). */
  private compute(op: Op, active: number, res: Float64Array): void {
    const derivative = op.op === OP.DSX || op.op === OP.DSY;
    this.readAll(op, derivative ? (1 << this.lanes) - 1 : active);
    const sv = this.sv;
    const S = LANES * 4;
    const v11 = this.version === 0x0101;
    for (let l = 0; l < this.lanes; l++) {
      if (!(active & (1 << l))) continue;
      const a = l * 4;
      const b = S + a;
      const e = 2 * S + a;
      // scalar sources read the swizzled x ("if the source has no subscripts, the x-component is used", the rcp page)
      switch (op.op) {
        case OP.MOV:
          if (op.dst!.type === REG.ADDR && this.kind === 'vertex') {
            for (let c = 0; c < 4; c++) res[a + c] = v11 ? o.movaFloor(sv[a + c]) : o.mova(sv[a + c]);
          } else for (let c = 0; c < 4; c++) res[a + c] = sv[a + c];
          break;
        case OP.MOVA: for (let c = 0; c < 4; c++) res[a + c] = o.mova(sv[a + c]); break;
        case OP.ADD: for (let c = 0; c < 4; c++) res[a + c] = o.add(sv[a + c], sv[b + c]); break;
        case OP.SUB: for (let c = 0; c < 4; c++) res[a + c] = o.sub(sv[a + c], sv[b + c]); break;
        case OP.MUL: for (let c = 0; c < 4; c++) res[a + c] = o.mul(sv[a + c], sv[b + c]); break;
        case OP.MAD: for (let c = 0; c < 4; c++) res[a + c] = o.mad(sv[a + c], sv[b + c], sv[e + c]); break;
        case OP.MIN: for (let c = 0; c < 4; c++) res[a + c] = o.min(sv[a + c], sv[b + c]); break;
        case OP.MAX: for (let c = 0; c < 4; c++) res[a + c] = o.max(sv[a + c], sv[b + c]); break;
        case OP.SLT: for (let c = 0; c < 4; c++) res[a + c] = o.slt(sv[a + c], sv[b + c]); break;
        case OP.SGE: for (let c = 0; c < 4; c++) res[a + c] = o.sge(sv[a + c], sv[b + c]); break;
        case OP.FRC: for (let c = 0; c < 4; c++) res[a + c] = o.frc(sv[a + c]); break;
        case OP.ABS: for (let c = 0; c < 4; c++) res[a + c] = o.abs(sv[a + c]); break;
        case OP.SGN: for (let c = 0; c < 4; c++) res[a + c] = o.sgn(sv[a + c]); break;
        case OP.LRP: for (let c = 0; c < 4; c++) res[a + c] = o.lrp(sv[a + c], sv[b + c], sv[e + c]); break;
        case OP.CMP: for (let c = 0; c < 4; c++) res[a + c] = o.cmp(sv[a + c], sv[b + c], sv[e + c]); break;
        case OP.CND:
          // ps_1_1–1_3 compare r0.a (source 0 is r0.a: its swizzled w); ps_1_4 per component
          for (let c = 0; c < 4; c++) res[a + c] = o.cnd(sv[a + (this.version < 0x0104 ? 3 : c)], sv[b + c], sv[e + c]);
          break;
        case OP.DP3: fill(res, a, o.dp3(sv[a], sv[a + 1], sv[a + 2], sv[b], sv[b + 1], sv[b + 2])); break;
        case OP.DP4: fill(res, a, o.dp4(sv[a], sv[a + 1], sv[a + 2], sv[a + 3], sv[b], sv[b + 1], sv[b + 2], sv[b + 3])); break;
        case OP.DP2ADD: fill(res, a, o.dp2(sv[a], sv[a + 1], sv[b], sv[b + 1]) + sv[e ]); break;
        case OP.RCP: fill(res, a, o.rcp(sv[a ])); break;
        case OP.RSQ: fill(res, a, o.rsq(sv[a ])); break;
        case OP.EXP: fill(res, a, o.exp2(sv[a ])); break;
        case OP.LOG: fill(res, a, o.log2(sv[a ])); break;
        case OP.EXPP:
          if (v11) for (let c = 0; c < 4; c++) res[a + c] = o.expp4(sv[a ], c);
          else fill(res, a, o.expp(sv[a ]));
          break;
        case OP.LOGP:
          if (v11) for (let c = 0; c < 4; c++) res[a + c] = o.logp4(sv[a ], c);
          else fill(res, a, o.logp(sv[a ]));
          break;
        case OP.POW: fill(res, a, o.pow(sv[a ], sv[b ])); break;
        case OP.LIT: for (let c = 0; c < 4; c++) res[a + c] = o.lit(sv[a], sv[a + 1], sv[a + 3], c); break;
        case OP.DST: for (let c = 0; c < 4; c++) res[a + c] = o.dst(sv[a + c], sv[b + c], c); break;
        case OP.CRS:
          for (let c = 0; c < 3; c++) res[a + c] = o.crs(sv[a], sv[a + 1], sv[a + 2], sv[b], sv[b + 1], sv[b + 2], c);
          res[a + 3] = 0;
          break;
        case OP.NRM: {
          const k = o.nrmScale(sv[a], sv[a + 1], sv[a + 2]);
          for (let c = 0; c < 4; c++) res[a + c] = sv[a + c] * k;
          break;
        }
        case OP.SINCOS:
          res[a] = o.cos(sv[a ]);
          res[a + 1] = o.sin(sv[a ]);
          res[a + 2] = 0;
          res[a + 3] = 0;
          break;
        case OP.M4x4: case OP.M4x3: case OP.M3x4: case OP.M3x3: case OP.M3x2: this.matrix(op, l, res); break;
        case OP.SETP: for (let c = 0; c < 4; c++) res[a + c] = o.compare(op.controls, sv[a + c], sv[b + c]) ? 1 : 0; break;
        case OP.DSX: case OP.DSY: {
          const other = op.op === OP.DSX ? l ^ 1 : l ^ 2;
          const lo = Math.min(l, other);
          const hi = Math.max(l, other);
          for (let c = 0; c < 4; c++) res[a + c] = hi < this.lanes ? sv[hi * 4 + c] - sv[lo * 4 + c] : 0;
          break;
        }
        case OP.TEXCOORD:
          // ps_1_1–1_3 texcoord: the coordinates (u, v, w, 1) clamped to [0, 1]; ps_1_4 texcrd copies its source
          if (this.version < 0x0104) {
            const t = op.dst!.num;
            for (let c = 0; c < 4; c++) res[a + c] = c === 3 ? 1 : o.sat(this.coordIn(t, l, c));
          } else for (let c = 0; c < 4; c++) res[a + c] = sv[a + c];
          break;
        case OP.BEM: {
          const m = this.bumpState(op.dst!.num);
          for (let c = 0; c < 2; c++) res[a + c] = o.bump(sv[a], sv[a + 1], sv[b], sv[b + 1], m[0], m[1], m[2], m[3], c);
          res[a + 2] = 0;
          res[a + 3] = 0;
          break;
        }
        case OP.TEXDP3: {
          const t = op.dst!.num;
          fill(res, a, o.dp3(this.coordIn(t, l, 0), this.coordIn(t, l, 1), this.coordIn(t, l, 2), sv[a], sv[a + 1], sv[a + 2]));
          break;
        }
        case OP.TEXM3x2PAD: case OP.TEXM3x3PAD: {
          // the row's dot product is kept for the texm3x2/texm3x3 instruction that ends the matrix
          const t = op.dst!.num;
          this.dots[t * LANES + l] = o.dp3(this.coordIn(t, l, 0), this.coordIn(t, l, 1), this.coordIn(t, l, 2), sv[a], sv[a + 1], sv[a + 2]);
          for (let c = 0; c < 4; c++) res[a + c] = this.t[(t * LANES + l) * 4 + c];
          break;
        }
        case OP.TEXM3x3: {
          const t = op.dst!.num;
          const w = o.dp3(this.coordIn(t, l, 0), this.coordIn(t, l, 1), this.coordIn(t, l, 2), sv[a], sv[a + 1], sv[a + 2]);
          res[a] = this.dots[(t - 2) * LANES + l];
          res[a + 1] = this.dots[(t - 1) * LANES + l];
          res[a + 2] = w;
          res[a + 3] = 1;
          break;
        }
        default:
          for (let c = 0; c < 4; c++) res[a + c] = 0;
          break;
      }
    }
  }

  /** m4x4 … m3x2: one dp3/dp4 per row, rows from consecutive registers after source 1. */
  private matrix(op: Op, l: number, res: Float64Array): void {
    const rows = op.op === OP.M4x4 || op.op === OP.M3x4 ? 4 : op.op === OP.M3x2 ? 2 : 3;
    const four = op.op === OP.M4x4 || op.op === OP.M4x3;
    const a = l * 4;
    const sv = this.sv;
    const m = op.src[1];
    for (let row = 0; row < 4; row++) {
      if (row >= rows) { res[a + row] = 0; continue; }
      this.readSrc({ ...m, num: m.num + row }, 1, l);
      const b = (LANES + l) * 4;
      res[a + row] = four
        ? o.dp4(sv[a], sv[a + 1], sv[a + 2], sv[a + 3], sv[b], sv[b + 1], sv[b + 2], sv[b + 3])
        : o.dp3(sv[a], sv[a + 1], sv[a + 2], sv[b], sv[b + 1], sv[b + 2]);
    }
  }

  /** ps_1_x: the texture coordinates of t register `t` (the input, whatever the t register now holds). */
  coordIn(t: number, lane: number, c: number): number {
    return this.io.inputs[((PS_IN.T0 + t) * LANES + lane) * 4 + c];
  }

  /** D3DTSS_BUMPENVMAT00, 01, 10, 11, LSCALE, LOFFSET of a stage (ShaderConstants.bump). */
  bumpState(stage: number): number[] {
    const b = this.c.bump;
    return [0, 1, 2, 3, 4, 5].map((k) => (b && stage * 6 + k < b.length ? b[stage * 6 + k] : 0));
  }
}

/** A shader ready to run on the interpreter. */
export function createExecutable(program: ShaderProgram): ShaderExecutable {
  return new Interpreter(program);
}

/**
 * Runs `exe` like run() and returns the steps lane `lane` took (the shader debugger): each executed
 * instruction with the registers it read and the destination it wrote, in execution order.
 */
export function traceRun(exe: ShaderExecutable, io: ShaderIO, constants: ShaderConstants, lanes: number, lane: number): ShaderStep[] {
  const interp = exe instanceof Interpreter ? exe : new Interpreter(exe.program);
  return interp.trace(io, constants, lanes, lane);
}
