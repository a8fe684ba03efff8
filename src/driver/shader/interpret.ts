/**
 * The reference shader interpreter: runs a parsed program's lanes in lockstep, with an active-lane
 * mask and a stack of if/loop/call frames for flow control. The numbers of each operation are in
 * ops.ts; this file reads sources (swizzle, relative address, modifiers), calls them, and writes
 * destinations (shift, _sat, the ps_1_x range, write mask, predicate) rounding to float32 there.
 */
import { OP, REG, registerName, type ShaderProgram } from '../../shader/index.js';
import { decode, SAMPLER_TYPE, type Decoded } from './decode.js';
import * as o from './ops.js';
import { LANES, LOD, MAX_EXECUTED, PS_IN, PS_IN_SLOTS, PS_OUT_SLOTS, SLOT, VS_IN_SLOTS, VS_OUT, VS_OUT_SLOTS, type Semantic, type ShaderConstants, type ShaderExecutable, type ShaderIO, type ShaderStep } from './types.js';

/** Nested calls deeper than this are skipped (D3D9: 4 levels for vs_2_x/3_0, ps_2_x/3_0). */
export const MAX_CALL_DEPTH = 4;
/** rep/loop counts are clamped to 0..255 (the i register's count is at most 255). */
export const MAX_LOOP_COUNT = 255;

interface Rel { type: number; comp: number }
interface Src { type: number; num: number; swz: readonly number[]; mod: number; rel?: Rel }
interface Dst { type: number; num: number; mask: number; sat: boolean; scale: number; rel?: Rel }
interface Op {
  index: number;
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

const CONST_TYPES: Readonly<Record<number, number>> = { [REG.CONST]: 0, [REG.CONST2]: 2048, [REG.CONST3]: 4096, [REG.CONST4]: 6144 };

function toSrc(s: { type: number; num: number; swizzle: number; mod: number; rel?: { type: number; component: number } }): Src {
  const swz = [0, 1, 2, 3].map((c) => (s.swizzle >>> (2 * c)) & 3);
  const out: Src = { type: s.type, num: s.num + (CONST_TYPES[s.type] ?? 0), swz, mod: s.mod };
  if (out.type in CONST_TYPES) out.type = REG.CONST;
  if (s.rel) out.rel = { type: s.rel.type, comp: s.rel.component };
  return out;
}

/** Watching one lane: the steps it took. */
interface Watch { lane: number; steps: ShaderStep[] }

export class Interpreter implements ShaderExecutable {
  readonly program: ShaderProgram;
  readonly kind: 'vertex' | 'pixel';
  readonly version: number;
  readonly inputs: readonly Semantic[];
  readonly outputs: readonly Semantic[];
  readonly usesDerivatives: boolean;
  readonly writesDepth: boolean;
  readonly colorOutputs: number;
  readonly samplers: number;
  readonly decoded: Decoded;
  private readonly ops: Op[];
  // registers of the run in flight (reused)
  private readonly r = new Float32Array(32 * SLOT);
  private readonly t = new Float32Array(8 * SLOT);
  private readonly a = new Float32Array(SLOT);
  private readonly p = new Float32Array(SLOT);
  /** ps_1_x texm3x2/texm3x3 dot products per t register and lane */
  private readonly dots = new Float64Array(8 * LANES);
  private readonly sv = new Float64Array(4 * LANES * 4);
  private readonly res = new Float64Array(LANES * 4);
  private readonly res2 = new Float64Array(LANES * 4);
  private readonly coords = new Float64Array(LANES * 4);
  private readonly texel = new Float32Array(LANES * 4);
  private aL = 0;
  private io!: ShaderIO;
  private c!: ShaderConstants;
  private lanes = 1;

  constructor(program: ShaderProgram) {
    const d = decode(program);
    this.decoded = d;
    this.program = program;
    this.kind = d.kind;
    this.version = d.version;
    this.inputs = d.inputs;
    this.outputs = d.outputs;
    this.usesDerivatives = d.usesDerivatives;
    this.writesDepth = d.writesDepth;
    this.colorOutputs = d.colorOutputs;
    this.samplers = d.samplers;
    this.ops = program.instructions.map((ins, index) => {
      const op: Op = { index, writes: WRITES[ins.opcode] ?? 0xf, op: ins.opcode, controls: ins.controls, coissue: ins.coissue, src: ins.src.map(toSrc) };
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
    const n = Math.max(1, Math.min(LANES, lanes | 0));
    this.io = io;
    this.c = constants;
    this.lanes = n;
    this.aL = 0;
    this.r.fill(0);
    this.a.fill(0);
    this.p.fill(0);
    this.dots.fill(0);
    const d = this.decoded;
    const outSlots = this.kind === 'pixel' ? PS_OUT_SLOTS : this.version >= 0x0300 ? 12 : VS_OUT_SLOTS;
    io.outputs.fill(0, 0, Math.min(io.outputs.length, outSlots * SLOT));
    if (d.ps1x && this.version < 0x0104) {
      // ps_1_1–1_3 t registers start as the texture coordinates and are written by the texture ops
      this.t.set(io.inputs.subarray(PS_IN.T0 * SLOT, Math.min(io.inputs.length, (PS_IN.T0 + 8) * SLOT)));
    }
    const full = (1 << n) - 1;
    let active = full;
    const stack: FrameEntry[] = [];
    let depth = 0;
    let executed = 0;
    let capped = false;
    const ops = this.ops;
    let pc = 0;
    // the matching else/endif/endloop of a flow instruction (a validated program always has one)
    const end = (k: number): number => (d.jump[k] >= 0 ? d.jump[k] : ops.length);
    while (pc < ops.length) {
      if (++executed > MAX_EXECUTED) { capped = true; executed--; break; }
      const op = ops[pc];
      const step = watch ? this.watchBefore(op, watch.lane, active) : undefined;
      let next = pc + 1;
      switch (op.op) {
        case OP.NOP: case OP.DCL: case OP.DEF: case OP.DEFI: case OP.DEFB: case OP.COMMENT: case OP.PHASE: break;
        case OP.IF: case OP.IFC: {
          const cond = this.condition(op, active);
          stack.push({ kind: Frame.IF, saved: active, cond, start: pc, remaining: 0, aL: 0, step: 0, ret: 0 });
          active = cond;
          if (active === 0) next = end(pc);
          break;
        }
        case OP.ELSE: {
          const f = stack[stack.length - 1];
          if (f?.kind !== Frame.IF) break;
          active = f.saved & ~f.cond;
          if (active === 0) next = end(pc);
          break;
        }
        case OP.ENDIF: if (stack[stack.length - 1]?.kind === Frame.IF) active = stack.pop()!.saved; break;
        case OP.LOOP: case OP.REP: {
          const ireg = op.op === OP.LOOP ? op.src[1] : op.src[0];
          const count = Math.max(0, Math.min(MAX_LOOP_COUNT, this.intConst(ireg.num, 0)));
          if (active === 0 || count === 0) { next = end(pc) + 1; break; }
          const start = op.op === OP.LOOP ? this.intConst(ireg.num, 1) : this.aL;
          const stepBy = op.op === OP.LOOP ? this.intConst(ireg.num, 2) : 0;
          stack.push({ kind: Frame.LOOP, saved: active, cond: 0, start: pc, remaining: count, aL: this.aL, step: stepBy, ret: 0 });
          if (op.op === OP.LOOP) this.aL = start;
          break;
        }
        case OP.ENDLOOP: case OP.ENDREP: {
          const f = stack[stack.length - 1];
          if (f?.kind !== Frame.LOOP) break;
          f.remaining--;
          if (f.remaining > 0 && active !== 0) {
            if (op.op === OP.ENDLOOP) this.aL += f.step;
            next = f.start + 1;
          } else {
            stack.pop();
            active = f.saved;
            this.aL = f.aL;
          }
          break;
        }
        case OP.BREAK: case OP.BREAKC: case OP.BREAKP: {
          const leaving = op.op === OP.BREAK ? active : this.condition(op, active);
          if (leaving === 0) break;
          let k = stack.length - 1;
          for (; k >= 0 && stack[k].kind === Frame.IF; k--) stack[k].saved &= ~leaving;
          if (k < 0 || stack[k].kind !== Frame.LOOP) break;
          active &= ~leaving;
          if (active === 0) { stack.length = k + 1; next = end(stack[k].start); }
          break;
        }
        case OP.CALL: case OP.CALLNZ: {
          const target = d.labels.get(op.src[0].num);
          const lanesIn = op.op === OP.CALL ? active : this.condition(op, active);
          if (target === undefined || lanesIn === 0 || depth >= MAX_CALL_DEPTH) break;
          stack.push({ kind: Frame.CALL, saved: active, cond: 0, start: pc, remaining: 0, aL: this.aL, step: 0, ret: pc + 1 });
          depth++;
          active = lanesIn;
          next = target + 1;
          break;
        }
        case OP.RET: case OP.LABEL: {
          let k = stack.length - 1;
          while (k >= 0 && stack[k].kind !== Frame.CALL) k--;
          if (k < 0) { next = ops.length; break; }
          const f = stack[k];
          stack.length = k;
          depth--;
          active = f.saved;
          this.aL = f.aL;
          next = f.ret;
          break;
        }
        default:
          if (active !== 0) {
            if (ops[pc + 1]?.coissue) {
              // co-issued pair: both read their sources before either writes
              const second = ops[pc + 1];
              this.compute(op, active, this.res);
              this.compute(second, active, this.res2);
              this.commit(op, active, this.res);
              this.commit(second, active, this.res2);
              executed++;
              next = pc + 2;
            } else this.execute(op, active);
          }
          break;
      }
      if (watch && step) this.watchAfter(op, watch, step);
      pc = next;
    }
    if (d.ps1x) {
      // ps_1_x: r0 is the colour
      const out = io.outputs;
      for (let l = 0; l < n; l++) for (let c = 0; c < 4; c++) out[l * 4 + c] = this.r[l * 4 + c];
    }
    if (io.stats) { io.stats.executed = executed; io.stats.capped = capped; }
  }

  // ---- reading ----

  private relOffset(rel: Rel | undefined, lane: number): number {
    if (!rel) return 0;
    return rel.type === REG.LOOP ? this.aL : this.a[lane * 4 + rel.comp];
  }

  /** One component of a register (index already relative-resolved); out of range reads 0. */
  private fetch(type: number, idx: number, lane: number, c: number): number {
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
  private readSrc(s: Src, k: number, lane: number): void {
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

  private readAll(op: Op, lanesMask: number): void {
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

  /** Writes res[lane·4 + c] to op's destination for the active lanes: shift, _sat, ps_1_x range, mask, predicate, float32. */
  private commit(op: Op, active: number, res: Float64Array): void {
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
        this.store(dd.type, idx, l, c, v);
      }
    }
  }

  private store(type: number, idx: number, lane: number, c: number, v: number): void {
    const io = this.io;
    const at = (slot: number): number => (slot * LANES + lane) * 4 + c;
    switch (type) {
      case REG.TEMP: if (idx >= 0 && idx < 32) this.r[at(idx)] = v; return;
      case REG.ADDR:
        if (this.kind === 'vertex') this.a[lane * 4 + c] = v;
        else if (idx >= 0 && idx < 8) this.t[at(idx)] = v;
        return;
      case REG.PREDICATE: this.p[lane * 4 + c] = v; return;
      case REG.RASTOUT: if (idx >= 0 && idx < 3) io.outputs[at(VS_OUT.POS + idx)] = v; return;
      case REG.ATTROUT: if (idx >= 0 && idx < 2) io.outputs[at(VS_OUT.D0 + idx)] = v; return;
      case REG.OUTPUT: // oTn before vs_3_0, on in vs_3_0
        if (this.version >= 0x0300) { if (idx >= 0 && idx < 12) io.outputs[at(idx)] = v; } else if (idx >= 0 && idx < 8) io.outputs[at(VS_OUT.T0 + idx)] = v;
        return;
      case REG.COLOROUT: if (idx >= 0 && idx < PS_OUT_SLOTS) io.outputs[at(idx)] = v; return;
      case REG.DEPTHOUT: if (c === 0) io.depth[lane] = v; return;
      default: return;
    }
  }

  // ---- arithmetic ----

  private execute(op: Op, active: number): void {
    if (this.sampling(op, active)) return;
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
      const scalar = (x: number): void => { for (let c = 0; c < 4; c++) res[a + c] = x; };
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
        case OP.DP3: scalar(o.dp3(sv[a], sv[a + 1], sv[a + 2], sv[b], sv[b + 1], sv[b + 2])); break;
        case OP.DP4: scalar(o.dp4(sv[a], sv[a + 1], sv[a + 2], sv[a + 3], sv[b], sv[b + 1], sv[b + 2], sv[b + 3])); break;
        case OP.DP2ADD: scalar(o.dp2(sv[a], sv[a + 1], sv[b], sv[b + 1]) + sv[e ]); break;
        case OP.RCP: scalar(o.rcp(sv[a ])); break;
        case OP.RSQ: scalar(o.rsq(sv[a ])); break;
        case OP.EXP: scalar(o.exp2(sv[a ])); break;
        case OP.LOG: scalar(o.log2(sv[a ])); break;
        case OP.EXPP:
          if (v11) for (let c = 0; c < 4; c++) res[a + c] = o.expp4(sv[a ], c);
          else scalar(o.expp(sv[a ]));
          break;
        case OP.LOGP:
          if (v11) for (let c = 0; c < 4; c++) res[a + c] = o.logp4(sv[a ], c);
          else scalar(o.logp(sv[a ]));
          break;
        case OP.POW: scalar(o.pow(sv[a ], sv[b ])); break;
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
          scalar(o.dp3(this.coordIn(t, l, 0), this.coordIn(t, l, 1), this.coordIn(t, l, 2), sv[a], sv[a + 1], sv[a + 2]));
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
  private coordIn(t: number, lane: number, c: number): number {
    return this.io.inputs[((PS_IN.T0 + t) * LANES + lane) * 4 + c];
  }

  /** D3DTSS_BUMPENVMAT00, 01, 10, 11, LSCALE, LOFFSET of a stage (ShaderConstants.bump). */
  private bumpState(stage: number): number[] {
    const b = this.c.bump;
    return [0, 1, 2, 3, 4, 5].map((k) => (b && stage * 6 + k < b.length ? b[stage * 6 + k] : 0));
  }

  // ---- texture instructions ----

  /** Handles the instructions that sample or kill; false for the rest. */
  private sampling(op: Op, active: number): boolean {
    switch (op.op) {
      case OP.TEX: case OP.TEXLDD: case OP.TEXLDL: this.texld(op, active); return true;
      case OP.TEXKILL: this.texkill(op, active); return true;
      case OP.TEXBEM: case OP.TEXBEML: case OP.TEXREG2AR: case OP.TEXREG2GB: case OP.TEXREG2RGB: case OP.TEXDP3TEX:
      case OP.TEXM3x2TEX: case OP.TEXM3x3TEX: case OP.TEXM3x3SPEC: case OP.TEXM3x3VSPEC:
        this.ps1xSample(op, active);
        return true;
      case OP.TEXM3x2DEPTH: case OP.TEXDEPTH: this.depthOp(op, active); return true;
      default: return false;
    }
  }

  /** Samples `unit` at this.coords for every lane of `active`, derivatives from the quad (or given), into this.texel. */
  private sampleLanes(unit: number, type: number, active: number, lodMode: number, lods: Float64Array | undefined, grads?: Float64Array): void {
    const cd = this.coords;
    const n = this.lanes;
    const useW = type !== SAMPLER_TYPE.T2D && type !== SAMPLER_TYPE.T1D;
    for (let l = 0; l < n; l++) {
      if (!(active & (1 << l))) continue;
      let dx0 = 0, dx1 = 0, dx2 = 0, dy0 = 0, dy1 = 0, dy2 = 0;
      if (grads) {
        const g = l * 8;
        [dx0, dx1, dx2] = [grads[g], grads[g + 1], grads[g + 2]];
        [dy0, dy1, dy2] = [grads[g + 4], grads[g + 5], grads[g + 6]];
      } else if (lodMode !== LOD.EXPLICIT) {
        const x0 = l & ~1, x1 = l | 1, y0 = l & ~2, y1 = l | 2;
        if (x1 < n) { dx0 = cd[x1 * 4] - cd[x0 * 4]; dx1 = cd[x1 * 4 + 1] - cd[x0 * 4 + 1]; dx2 = cd[x1 * 4 + 2] - cd[x0 * 4 + 2]; }
        if (y1 < n) { dy0 = cd[y1 * 4] - cd[y0 * 4]; dy1 = cd[y1 * 4 + 1] - cd[y0 * 4 + 1]; dy2 = cd[y1 * 4 + 2] - cd[y0 * 4 + 2]; }
      }
      if (!useW) { dx2 = 0; dy2 = 0; }
      this.io.sample(unit, cd[l * 4], cd[l * 4 + 1], useW ? cd[l * 4 + 2] : 0, dx0, dx1, dx2, dy0, dy1, dy2, lodMode, lods ? lods[l] : 0, this.texel, l * 4);
    }
  }

  private readonly lods = new Float64Array(LANES);
  private readonly grads = new Float64Array(LANES * 8);

  private texld(op: Op, active: number): void {
    const all = (1 << this.lanes) - 1;
    const sv = this.sv;
    const cd = this.coords;
    let unit: number;
    let type: number = SAMPLER_TYPE.UNKNOWN;
    let lodMode: number = LOD.IMPLICIT;
    if (this.decoded.ps1x && this.version < 0x0104) {
      // tex tN: unit N at texture coordinates N
      unit = op.dst!.num;
      for (let l = 0; l < this.lanes; l++) for (let c = 0; c < 4; c++) cd[l * 4 + c] = this.coordIn(unit, l, c);
    } else {
      // derivatives need every lane's coordinates, whichever lanes are active
      this.readAll(op, op.op === OP.TEXLDL ? active : all);
      for (let l = 0; l < this.lanes; l++) for (let c = 0; c < 4; c++) cd[l * 4 + c] = sv[l * 4 + c];
      if (this.version === 0x0104) unit = op.dst!.num;
      else {
        unit = op.src[1].num;
        type = this.decoded.samplerTypes[unit];
      }
      if (op.op === OP.TEXLDL) lodMode = LOD.EXPLICIT;
      else if (op.op === OP.TEX && op.controls === 2) lodMode = LOD.BIAS;
      if (op.op === OP.TEX && op.controls === 1) {
        // texldp: x, y, z divided by w before sampling
        for (let l = 0; l < this.lanes; l++) for (let c = 0; c < 3; c++) cd[l * 4 + c] /= cd[l * 4 + 3];
      }
      for (let l = 0; l < this.lanes; l++) this.lods[l] = cd[l * 4 + 3];
      if (op.op === OP.TEXLDD) {
        for (let l = 0; l < this.lanes; l++) for (let c = 0; c < 4; c++) { this.grads[l * 8 + c] = sv[(2 * LANES + l) * 4 + c]; this.grads[l * 8 + 4 + c] = sv[(3 * LANES + l) * 4 + c]; }
      }
    }
    this.sampleLanes(unit, type, active, lodMode, this.lods, op.op === OP.TEXLDD ? this.grads : undefined);
    this.commitTexel(op, active);
  }

  private commitTexel(op: Op, active: number): void {
    const res = this.res;
    for (let k = 0; k < LANES * 4; k++) res[k] = this.texel[k];
    this.commit(op, active, res);
  }

  /** texkill: lanes whose x, y or z is below 0 are discarded (ps_1_1–1_3 test the texture coordinates). */
  private texkill(op: Op, active: number): void {
    const dd = op.dst!;
    const killed = this.io.killed;
    for (let l = 0; l < this.lanes; l++) {
      if (!(active & (1 << l))) continue;
      const v = [0, 1, 2].map((c) => (this.decoded.ps1x && this.version < 0x0104 ? this.coordIn(dd.num, l, c) : this.fetch(dd.type, dd.num, l, c)));
      if (o.kills(v[0], v[1], v[2])) killed[l] = 1;
    }
  }

  /** The ps_1_1–1_3 texture-addressing instructions that sample stage N (the destination's number). */
  private ps1xSample(op: Op, active: number): void {
    const t = op.dst!.num;
    const sv = this.sv;
    const cd = this.coords;
    const all = (1 << this.lanes) - 1;
    this.readAll(op, all);
    const m = this.bumpState(t);
    for (let l = 0; l < this.lanes; l++) {
      const a = l * 4;
      const s = (k: number): number => sv[a + k];
      const ci = (k: number): number => this.coordIn(t, l, k);
      let u = 0, v = 0, w = 0;
      switch (op.op) {
        case OP.TEXBEM: case OP.TEXBEML:
          u = o.bump(ci(0), ci(1), s(0), s(1), m[0], m[1], m[2], m[3], 0);
          v = o.bump(ci(0), ci(1), s(0), s(1), m[0], m[1], m[2], m[3], 1);
          break;
        case OP.TEXREG2AR: u = s(3); v = s(0); break;
        case OP.TEXREG2GB: u = s(1); v = s(2); break;
        case OP.TEXREG2RGB: u = s(0); v = s(1); w = s(2); break;
        case OP.TEXDP3TEX: u = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2)); break;
        case OP.TEXM3x2TEX:
          u = this.dots[(t - 1) * LANES + l];
          v = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2));
          break;
        default: {
          // texm3x3tex/spec/vspec: (u, v, w) from the three rows; spec and vspec reflect the eye vector about it
          const n0 = this.dots[(t - 2) * LANES + l];
          const n1 = this.dots[(t - 1) * LANES + l];
          const n2 = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2));
          if (op.op === OP.TEXM3x3TEX) { u = n0; v = n1; w = n2; break; }
          let e0: number, e1: number, e2: number;
          if (op.op === OP.TEXM3x3SPEC) {
            const b = (LANES + l) * 4;
            [e0, e1, e2] = [sv[b], sv[b + 1], sv[b + 2]];
          } else {
            // vspec: the eye vector is the w of the three rows' texture coordinates
            [e0, e1, e2] = [this.coordIn(t - 2, l, 3), this.coordIn(t - 1, l, 3), ci(3)];
          }
          u = o.reflect(n0, n1, n2, e0, e1, e2, 0);
          v = o.reflect(n0, n1, n2, e0, e1, e2, 1);
          w = o.reflect(n0, n1, n2, e0, e1, e2, 2);
        }
      }
      cd[a] = u; cd[a + 1] = v; cd[a + 2] = w; cd[a + 3] = 1;
    }
    this.sampleLanes(t, SAMPLER_TYPE.UNKNOWN, active, LOD.IMPLICIT, undefined);
    if (op.op === OP.TEXBEML) {
      // texbeml: t(m).rgba scaled by src.b · LSCALE + LOFFSET (the texbeml page)
      for (let l = 0; l < this.lanes; l++) {
        const lum = o.bumpLuminance(sv[l * 4 + 2], m[4], m[5]);
        for (let c = 0; c < 4; c++) this.texel[l * 4 + c] = this.texel[l * 4 + c] * lum;
      }
    }
    this.commitTexel(op, active);
  }

  /** texdepth (ps_1_4: depth from r5.r / r5.g) and texm3x2depth (z / w of a 3×2 matrix). */
  private depthOp(op: Op, active: number): void {
    this.readAll(op, active);
    for (let l = 0; l < this.lanes; l++) {
      if (!(active & (1 << l))) continue;
      const t = op.dst!.num;
      if (op.op === OP.TEXDEPTH) {
        this.io.depth[l] = o.texdepth(this.r[(t * LANES + l) * 4], this.r[(t * LANES + l) * 4 + 1]);
      } else {
        const sv = this.sv;
        const w = o.dp3(this.coordIn(t, l, 0), this.coordIn(t, l, 1), this.coordIn(t, l, 2), sv[l * 4], sv[l * 4 + 1], sv[l * 4 + 2]);
        this.io.depth[l] = o.m3x2depth(this.dots[(t - 1) * LANES + l], w);
      }
    }
  }

  // ---- watching ----

  private regName(type: number, num: number): string {
    if (type === REG.CONST && num >= 2048) return `c${num}`;
    return registerName(type, num, this.kind, this.version);
  }

  private rawValue(type: number, num: number, lane: number): number[] {
    return [0, 1, 2, 3].map((c) => this.fetch(type, num, lane, c));
  }

  private watchBefore(op: Op, lane: number, active: number): ShaderStep {
    const read = op.src
      .filter((s) => s.type !== REG.SAMPLER && s.type !== REG.LABEL)
      .map((s) => {
        const idx = s.num + this.relOffset(s.rel, lane);
        return { name: this.regName(s.type, idx), value: this.rawValue(s.type, idx, lane) };
      });
    return { index: op.index, read, active };
  }

  private watchAfter(op: Op, w: Watch, step: ShaderStep): void {
    const dd = op.dst;
    if (dd && op.op !== OP.DCL && op.op !== OP.DEF && op.op !== OP.DEFI && op.op !== OP.DEFB && op.op !== OP.TEXKILL) {
      const idx = dd.num + this.relOffset(dd.rel, w.lane);
      let value: number[];
      if (dd.type === REG.DEPTHOUT) value = [this.io.depth[w.lane], 0, 0, 0];
      else if (dd.type === REG.COLOROUT || dd.type === REG.RASTOUT || dd.type === REG.ATTROUT || dd.type === REG.OUTPUT) value = this.outputValue(dd.type, idx, w.lane);
      else value = this.rawValue(dd.type, idx, w.lane);
      step.wrote = { name: this.regName(dd.type, idx), value };
    }
    w.steps.push(step);
  }

  private outputValue(type: number, idx: number, lane: number): number[] {
    const slot = type === REG.COLOROUT ? idx
      : type === REG.RASTOUT ? VS_OUT.POS + idx
        : type === REG.ATTROUT ? VS_OUT.D0 + idx
          : this.version >= 0x0300 ? idx : VS_OUT.T0 + idx;
    return [0, 1, 2, 3].map((c) => this.io.outputs[(slot * LANES + lane) * 4 + c]);
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
