/**
 * The compiled shader path: a program becomes one JavaScript function (generated once, cached by
 * its words) that runs the same lanes over the same ShaderIO and ShaderConstants as the interpreter
 * and gives identical bits: the same ops.ts calls in the same order, float32 rounding at the same
 * register writes, the same flow-control masks and instruction counts. Swizzles, masks, register
 * indices and def literals are unrolled at generation time; flow control is JavaScript control
 * flow, with an active-lane mask M where lanes can diverge (ifc, if p0, breakc, breakp).
 *
 * Subroutines are inlined at each call. Left to the interpreter (compileProgram says which):
 * malformed nesting, programs with more than MAX_INLINED subroutine bodies inline, and the
 * ps_1_x texture-addressing instructions (texbem/l, texreg2*, texm3x*, texdp3*, texdepth, bem). The compiled code never stops a run early: a run whose loop counts could take it past
 * MAX_EXECUTED is handed to the interpreter whole, which stops it exactly where the cap falls.
 */
import { OP, REG, validateShader, type Instruction, type ShaderProgram } from '../../shader/index.js';
import { CompileCache } from './compile-cache.js';
import { Emitter, RUN_SHAPE, Sources, Unsupported, int, readRegister, type LaneShape } from './compile-emit.js';
import { OPS_USED, arithmetic, coissued, derivative, texkill, texld } from './compile-ops.js';
import { decode, DecodedExecutable, type Decoded } from './decode.js';
import { createExecutable as interpreterExecutable, MAX_CALL_DEPTH } from './interpret.js';
import * as ops from './ops.js';
import { MAX_EXECUTED, PS_IN, PS_OUT_SLOTS, SPAN_LANES, VS_OUT, VS_OUT_SLOTS, type ShaderConstants, type ShaderExecutable, type ShaderIO, type SpanRun } from './types.js';

type Run = (io: ShaderIO, constants: ShaderConstants, lanes: number) => void;

/** What compiling a program gives: a factory of run functions (each with its own scratch registers), or why not. */
export type Compiled =
  | { ok: true; source: string; make: () => Run; span: SpanFactories }
  | { ok: false; reason: string };

/** Span runs of a compiled program (SPAN_LANES lanes, as quads or as pixels of their own), generated on first use; null: left to run(). */
export interface SpanFactories {
  make(quads: boolean): (() => Run) | null;
}

// ---- structure ----

type Node =
  | { kind: 'ins'; ins: Instruction }
  | { kind: 'if'; ins: Instruction; then: Node[]; elseIns?: Instruction; otherwise: Node[] }
  | { kind: 'loop'; ins: Instruction; body: Node[] }
  /** body: the subroutine (undefined: a call the interpreter skips); returns: it ends in ret or label, not the program's end */
  | { kind: 'call'; ins: Instruction; body?: Node[]; returns: boolean };

/** Instructions a co-issued pair may hold (the interpreter computes both before writing either). */
const ARITHMETIC_PAIR = (ins: Instruction): boolean => ins.dst !== undefined && !NOT_ARITHMETIC.has(ins.opcode);
const NOT_ARITHMETIC = new Set<number>([OP.TEX, OP.TEXKILL, OP.TEXLDD, OP.TEXLDL, OP.DSX, OP.DSY, OP.DCL, OP.DEF, OP.DEFI, OP.DEFB,
  OP.TEXBEM, OP.TEXBEML, OP.TEXREG2AR, OP.TEXREG2GB, OP.TEXREG2RGB, OP.TEXDP3TEX, OP.TEXM3x2TEX, OP.TEXM3x3TEX, OP.TEXM3x3SPEC,
  OP.TEXM3x3VSPEC, OP.TEXM3x2DEPTH, OP.TEXDEPTH]);

/** Subroutine bodies one program may inline (nested calls multiply them); past it, the interpreter runs the program. */
const MAX_INLINED = 64;

const OPENS = new Set<number>([OP.IF, OP.IFC, OP.LOOP, OP.REP]);
const BREAKS = new Set<number>([OP.BREAK, OP.BREAKC, OP.BREAKP]);

/**
 * Nested blocks from instruction `start` to a ret or label at the top (kept as the last node: it
 * ends the subroutine, or the program) or to the end; anything but if[/else]/endif, loop/endloop
 * and rep/endrep properly nested is Unsupported. A call holds its subroutine, parsed the same way
 * (none past MAX_CALL_DEPTH, which the interpreter skips).
 */
function structure(d: Decoded, start: number, depth: number): { nodes: Node[]; returns: boolean } {
  const list = d.program.instructions;
  let k = start;
  let returns = false;
  const block = (closers: readonly number[], top: boolean): { nodes: Node[]; end?: Instruction } => {
    const nodes: Node[] = [];
    while (k < list.length) {
      const ins = list[k++];
      if (closers.includes(ins.opcode)) return { nodes, end: ins };
      if (ins.opcode === OP.IF || ins.opcode === OP.IFC) {
        const then = block([OP.ELSE, OP.ENDIF], false);
        if (!then.end) throw new Unsupported(`if at DWORD ${ins.offset} without endif`);
        if (then.end.opcode === OP.ELSE) {
          const otherwise = block([OP.ENDIF], false);
          if (!otherwise.end) throw new Unsupported(`else at DWORD ${then.end.offset} without endif`);
          nodes.push({ kind: 'if', ins, then: then.nodes, elseIns: then.end, otherwise: otherwise.nodes });
        } else nodes.push({ kind: 'if', ins, then: then.nodes, otherwise: [] });
      } else if (ins.opcode === OP.LOOP || ins.opcode === OP.REP) {
        const body = block([ins.opcode === OP.LOOP ? OP.ENDLOOP : OP.ENDREP], false);
        if (!body.end) throw new Unsupported(`${ins.name} at DWORD ${ins.offset} without its end`);
        nodes.push({ kind: 'loop', ins, body: body.nodes });
      } else if (ins.opcode === OP.ELSE || ins.opcode === OP.ENDIF || ins.opcode === OP.ENDLOOP || ins.opcode === OP.ENDREP) {
        throw new Unsupported(`${ins.name} at DWORD ${ins.offset} closes no block`);
      } else if (ins.opcode === OP.CALL || ins.opcode === OP.CALLNZ) {
        const target = d.labels.get(ins.src[0].num);
        const sub = target === undefined || depth >= MAX_CALL_DEPTH ? undefined : structure(d, target + 1, depth + 1);
        nodes.push({ kind: 'call', ins, body: sub?.nodes, returns: sub?.returns ?? true });
      } else {
        nodes.push({ kind: 'ins', ins });
        if (top && (ins.opcode === OP.RET || ins.opcode === OP.LABEL)) { returns = true; return { nodes }; }
      }
    }
    return { nodes };
  };
  const nodes = block([], true).nodes;
  return { nodes, returns };
}

/** The most instructions a block can execute (each loop at its most, 255 iterations). */
function worstCase(nodes: readonly Node[]): number {
  let n = 0;
  for (const node of nodes) {
    if (node.kind === 'ins') n += 1;
    else if (node.kind === 'if') n += 2 + worstCase(node.then) + (node.elseIns ? 1 + worstCase(node.otherwise) : 0);
    else if (node.kind === 'call') n += 1 + (node.body ? worstCase(node.body) : 0);
    else n += 1 + 255 * (worstCase(node.body) + 1);
  }
  return n;
}

/**
 * The same bound as source text, with each loop's count as the run reads it from its i register (a
 * run's counts are fixed when it starts), for programs whose static bound passes MAX_EXECUTED.
 */
function worstCaseSource(e: Emitter, nodes: readonly Node[]): string {
  let n = 0;
  const terms: string[] = [];
  for (const node of nodes) {
    if (node.kind === 'ins') n += 1;
    else if (node.kind === 'if') {
      n += 2 + (node.elseIns ? 1 : 0);
      terms.push(worstCaseSource(e, node.then), worstCaseSource(e, node.otherwise));
    } else if (node.kind === 'call') {
      n += 1;
      if (node.body) terms.push(worstCaseSource(e, node.body));
    } else {
      const ireg = node.ins.opcode === OP.LOOP ? node.ins.src[1] : node.ins.src[0];
      n += 1;
      terms.push(`Math.max(0, Math.min(255, ${readRegister(e, REG.CONSTINT, ireg.num, 0, undefined)})) * (${worstCaseSource(e, node.body)} + 1)`);
    }
  }
  return [String(int(n, 0)), ...terms.filter((t) => t !== '0')].join(' + ');
}

const hasBreak = (nodes: readonly Node[]): boolean => nodes.some((n) => (n.kind === 'ins' ? BREAKS.has(n.ins.opcode)
  : n.kind === 'if' ? hasBreak(n.then) || hasBreak(n.otherwise) : n.kind === 'call' ? n.body !== undefined && hasBreak(n.body) : hasBreak(n.body)));

// ---- generation ----

type Frame = { kind: 'if'; saved: string } | { kind: 'loop'; label: string } | { kind: 'call'; label: string };

class Generator {
  private pending = 0;
  private inlined = 0;
  private readonly frames: Frame[] = [];
  constructor(private readonly e: Emitter) {}

  /** Adds the instructions counted since the last flush to X (a run's executed count). */
  private flush(): void {
    if (this.pending) this.e.line(`X += ${int(this.pending, 1)};`);
    this.pending = 0;
  }

  block(nodes: readonly Node[]): void {
    for (let k = 0; k < nodes.length; k++) {
      const node = nodes[k];
      const next = nodes[k + 1];
      if (node.kind === 'ins' && next?.kind === 'ins' && next.ins.coissue) {
        // the interpreter pairs an instruction with a co-issued one after it
        if (!ARITHMETIC_PAIR(node.ins) || !ARITHMETIC_PAIR(next.ins)) throw new Unsupported(`co-issued ${node.ins.name} and ${next.ins.name}`);
        this.pending += 2;
        coissued(this.e, node.ins, next.ins);
        k++;
      } else if (node.kind === 'ins') this.instruction(node.ins);
      else if (node.kind === 'call') this.call(node);
      else if (node.kind === 'if') this.ifBlock(node);
      else this.loop(node);
    }
  }

  /** Sets `cd` (a declared variable, 0) to the lanes of M for which a condition holds (a b register: all or none, without a lane loop). */
  private condition(ins: Instruction, cd: string): void {
    const e = this.e;
    const src = ins.opcode === OP.CALLNZ ? ins.src[1] : ins.src[0];
    if ((ins.opcode === OP.IF || ins.opcode === OP.BREAKP || ins.opcode === OP.CALLNZ) && src.type === REG.CONSTBOOL && !src.rel) {
      const S = new Sources(e, [src]);
      e.open('{');
      e.line(`${cd} = ${S.get(0, 0)} !== 0 ? M : 0;`);
      e.close();
      return;
    }
    e.masked++;
    e.lanes(() => {
      const S = new Sources(e, ins.opcode === OP.IFC || ins.opcode === OP.BREAKC ? ins.src : [src]);
      const holds = ins.opcode === OP.IFC || ins.opcode === OP.BREAKC
        ? `compare(${int(ins.controls, 1, 6)}, ${S.get(0, 0)}, ${S.get(1, 0)})`
        : `${S.get(0, 0)} !== 0`;
      e.line(`if (${holds}) ${cd} |= 1 << l;`);
    });
    e.masked--;
  }

  private ifBlock(node: Extract<Node, { kind: 'if' }>): void {
    const e = this.e;
    this.pending++;
    this.flush();
    const saved = e.name('sv');
    const divergent = !(node.ins.opcode === OP.IF && node.ins.src[0].type === REG.CONSTBOOL);
    e.line(`let ${saved} = M;`);
    const cdName = e.name('cd');
    e.line(`let ${cdName} = 0;`);
    this.condition(node.ins, cdName);
    e.line(`M = ${cdName};`);
    this.frames.push({ kind: 'if', saved });
    if (divergent) e.masked++;
    e.open('if (M !== 0) {');
    this.block(node.then);
    this.flush();
    e.close();
    if (node.elseIns) {
      e.line('X += 1;');
      e.line(`M = ${saved} & ~${cdName};`);
      e.open('if (M !== 0) {');
      this.block(node.otherwise);
      this.flush();
      e.close();
    }
    if (divergent) e.masked--;
    this.frames.pop();
    e.line('X += 1;');
    e.line(`M = ${saved};`);
  }

  private loop(node: Extract<Node, { kind: 'loop' }>): void {
    const e = this.e;
    const ins = node.ins;
    const isLoop = ins.opcode === OP.LOOP;
    const ireg = isLoop ? ins.src[1] : ins.src[0];
    this.pending++;
    this.flush();
    const cnt = e.name('cnt'), ls = e.name('ls'), la = e.name('la'), st = e.name('st'), rem = e.name('rem'), label = e.name('b');
    const ic = (c: number): string => readRegister(e, REG.CONSTINT, ireg.num, c, undefined);
    e.line(`const ${cnt} = Math.max(0, Math.min(255, ${ic(0)}));`);
    e.open(`if (M !== 0 && ${cnt} !== 0) {`);
    e.line(`const ${ls} = M, ${la} = aL;`);
    if (isLoop) {
      e.line(`const ${st} = ${ic(2)};`);
      e.line(`aL = ${ic(1)};`);
    }
    e.line(`let ${rem} = ${cnt};`);
    e.open('for (;;) {');
    const masks = hasBreak(node.body);
    if (masks) e.masked++;
    this.frames.push({ kind: 'loop', label });
    e.open(`${label}: {`);
    this.block(node.body);
    this.flush();
    e.close();
    this.frames.pop();
    if (masks) e.masked--;
    e.line('X += 1;');
    e.line(`if (--${rem} > 0 && M !== 0) { ${isLoop ? `aL += ${st}; ` : ''}continue; }`);
    e.line('break;');
    e.close();
    e.line(`M = ${ls}; aL = ${la};`);
    e.close();
  }

  /** call/callnz: the subroutine inline, with the lanes that call; ret (or running into a label) comes back here. */
  private call(node: Extract<Node, { kind: 'call' }>): void {
    const e = this.e;
    this.pending++;
    this.flush();
    if (!node.body) return;
    if (++this.inlined > MAX_INLINED) throw new Unsupported(`more than ${MAX_INLINED} subroutine bodies inline`);
    const lanesIn = e.name('cd'), cs = e.name('cs'), ca = e.name('ca'), label = e.name('b');
    e.line(`let ${lanesIn} = 0;`);
    if (node.ins.opcode === OP.CALL) e.line(`${lanesIn} = M;`);
    else this.condition(node.ins, lanesIn);
    e.open(`if (${lanesIn} !== 0) {`);
    e.line(`const ${cs} = M, ${ca} = aL;`);
    e.line(`M = ${lanesIn};`);
    this.frames.push({ kind: 'call', label });
    e.masked++;
    e.open(`${label}: {`);
    this.block(node.body);
    this.flush();
    // a subroutine that runs off the end of the program ends it
    if (!node.returns) e.line('break main;');
    e.close();
    e.masked--;
    this.frames.pop();
    e.line(`M = ${cs}; aL = ${ca};`);
    e.close();
  }

  private breakOut(ins: Instruction): void {
    const e = this.e;
    let leaving = 'M';
    if (ins.opcode !== OP.BREAK) {
      const cd = e.name('cd');
      e.line(`let ${cd} = 0;`);
      this.condition(ins, cd);
      leaving = cd;
    }
    const lv = e.name('lv');
    e.line(`const ${lv} = ${leaving};`);
    e.open(`if (${lv} !== 0) {`);
    let k = this.frames.length - 1;
    for (; k >= 0 && this.frames[k].kind === 'if'; k--) e.line(`${(this.frames[k] as { saved: string }).saved} &= ~${lv};`);
    const f = this.frames[k];
    // straight to endloop only when no if is open inside the loop: an open if's else may still have lanes to run
    if (f && f.kind === 'loop') e.line(k === this.frames.length - 1 ? `M &= ~${lv}; if (M === 0) break ${f.label};` : `M &= ~${lv};`);
    e.close();
  }

  private instruction(ins: Instruction): void {
    const e = this.e;
    this.pending++;
    switch (ins.opcode) {
      case OP.NOP: case OP.DCL: case OP.DEF: case OP.DEFI: case OP.DEFB: case OP.COMMENT: case OP.PHASE: return;
      case OP.RET: case OP.LABEL: {
        // back to the innermost call; outside a call, ret (or running into a label) ends the program
        this.flush();
        const call = [...this.frames].reverse().find((f) => f.kind === 'call') as { label: string } | undefined;
        e.line(`break ${call ? call.label : 'main'};`);
        return;
      }
      case OP.BREAK: case OP.BREAKC: case OP.BREAKP:
        this.flush();
        this.breakOut(ins);
        return;
      case OP.TEX: case OP.TEXLDD: case OP.TEXLDL: texld(e, ins); return;
      case OP.TEXKILL: texkill(e, ins); return;
      case OP.DSX: case OP.DSY: derivative(e, ins); return;
      default:
        if (OPENS.has(ins.opcode)) throw new Unsupported(`${ins.name} outside the block structure`);
        if (ins.dst) arithmetic(e, ins);
    }
  }

  finish(): void { this.flush(); }
}

/** Temp registers, a0 and p0 components a program reads (those a run must start at 0). */
function readsOf(d: Decoded): { temps: number; addr: boolean; pred: boolean } {
  let temps = -1, addr = false, pred = false;
  for (const ins of d.program.instructions) {
    const reads = [...ins.src, ...(ins.predicate ? [ins.predicate] : [])];
    if (ins.opcode === OP.TEXKILL && ins.dst) reads.push({ ...ins.dst, swizzle: 0xe4, mod: 0 });
    for (const s of reads) {
      if (s.type === REG.TEMP) temps = Math.max(temps, s.num);
      if (s.type === REG.PREDICATE) pred = true;
      if ((s.type === REG.ADDR && d.kind === 'vertex') || s.rel?.type === REG.ADDR) addr = true;
    }
    if (ins.dst?.rel?.type === REG.ADDR) addr = true;
  }
  return { temps: Math.min(temps, 31), addr, pred };
}

function generate(d: Decoded, shape: LaneShape = RUN_SHAPE): string {
  // the device creates only programs the validator passes; anything else runs as the interpreter takes it
  const invalid = validateShader(d.program, { maxVertexShaderConst: 8192, numTemps2x: 32 });
  if (invalid.length) throw new Unsupported(`not a valid program: ${invalid[0].message}`);
  const tree = structure(d, 0, 0).nodes;
  const e = new Emitter(d, shape);
  const SLOT = e.slot;
  // a run whose loops could pass MAX_EXECUTED goes to the interpreter, which stops it where the cap falls (runs of LANES only)
  const capped = worstCase(tree) > MAX_EXECUTED;
  if (capped && shape !== RUN_SHAPE) throw new Unsupported('a span run whose loops could pass MAX_EXECUTED');
  const capCheck = capped ? `if (${worstCaseSource(e, tree)} > ${int(MAX_EXECUTED, 0)}) { env.fallback(io, k, lanesIn); return; }` : '';
  const g = new Generator(e);
  e.open('main: {');
  g.block(tree);
  g.finish();
  e.close();
  const reads = readsOf(d);
  const oldT = d.ps1x && d.version < 0x0104;
  const outSlots = d.kind === 'pixel' ? PS_OUT_SLOTS : d.version >= 0x0300 ? 12 : VS_OUT_SLOTS;
  const head = [
    `const lanes = Math.max(1, Math.min(${int(shape.width, 1, 31)}, lanesIn | 0));`,
    'const I = io.inputs, O = io.outputs, POS = io.position, FACE = io.face, DEPTH = io.depth, KILL = io.killed, sample = io.sample;',
    'const CF = k.f, CI = k.i, CB = k.b;',
    capCheck,
    ...e.perRun,
    reads.temps >= 0 || d.ps1x ? `R.fill(0, 0, ${int((Math.max(reads.temps, 0) + 1) * SLOT, 0, 32 * SLOT)});` : '',
    // ps_1_1–1_3 t registers start as the texture coordinates and are written by the texture instructions
    oldT ? `T.set(I.subarray(${int(PS_IN.T0 * SLOT, 0)}, Math.min(I.length, ${int((PS_IN.T0 + 8) * SLOT, 0)})));` : '',
    reads.addr ? 'A.fill(0);' : '',
    reads.pred ? 'PR.fill(0);' : '',
    `O.fill(0, 0, Math.min(O.length, ${int(outSlots * SLOT, 0, 13 * SLOT)}));`,
    // before vs_3_0 an unwritten oD0 component reads 1 (types.ts VS_OUT)
    d.kind === 'vertex' && d.version < 0x0300 ? `O.fill(1, ${int(VS_OUT.D0 * SLOT, 0)}, Math.min(O.length, ${int((VS_OUT.D0 + 1) * SLOT, 0)}));` : '',
    'KILL.fill(0, 0, lanes);',
    `let M = (1 << lanes) - 1, X = 0, aL = 0;`,
  ].filter(Boolean).map((l) => `    ${l}`);
  return [
    '"use strict";',
    `const { ${OPS_USED.join(', ')} } = env.ops;`,
    'const DF = env.DF, DI = env.DI, DEFF = env.defF;',
    `const R = new Float32Array(${32 * SLOT}), A = new Float32Array(${SLOT}), PR = new Float32Array(${SLOT}), T = new Float32Array(${8 * SLOT});`,
    ...e.scratch,
    ...e.perFunction,
    'function rc(CF, idx, c) { const d = DEFF.get(idx); if (d) return d[c]; return idx >= 0 && idx * 4 < CF.length ? CF[idx * 4 + c] : 0; }',
    `function vin(I, idx, oc, slots) { return idx >= 0 && idx < slots ? I[idx * ${SLOT} + oc] : 0; }`,
    'return function run(io, k, lanesIn) {',
    ...head,
    ...e.lines,
    // ps_1_x: r0 is the colour
    d.ps1x ? '    for (let j = 0, n = lanes * 4; j < n; j++) O[j] = R[j];' : '',
    '    if (io.stats) { io.stats.executed = X; io.stats.capped = false; }',
    '  };',
  ].join('\n');
}

/** The def/defi literals as the tables generated code indexes (register · 4 + component). */
function literalTables(d: Decoded): { DF: Float32Array; DI: Int32Array } {
  const DF = new Float32Array(Math.max(0, ...[...d.defF.keys()].map((n) => n + 1)) * 4);
  for (const [n, v] of d.defF) DF.set(v, n * 4);
  const DI = new Int32Array(Math.max(0, ...[...d.defI.keys()].map((n) => n + 1)) * 4);
  for (const [n, v] of d.defI) DI.set(v, n * 4);
  return { DF, DI };
}

/** Generates and compiles a program (no cache): the factory, or why it is left to the interpreter. */
export function compileProgram(program: ShaderProgram): Compiled {
  const d = decode(program);
  let source: string;
  try {
    source = generate(d);
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, reason: err.message };
    // a shape the generator does not expect (a bug of its own) must not stop a replay: interpret it, say why
    return { ok: false, reason: `generator: ${err instanceof Error ? err.message : String(err)}` };
  }
  const { DF, DI } = literalTables(d);
  const build = (text: string): (() => Run) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is built from validated numbers and fixed names only
    const factory = new Function('env', text) as (env: unknown) => Run;
    return () => {
      let interp: ShaderExecutable | undefined;
      const fallback: Run = (io, k, lanes) => (interp ??= interpreterExecutable(program)).run(io, k, lanes);
      return factory({ ops, DF, DI, defF: d.defF, fallback });
    };
  };
  const spans = new Map<boolean, (() => Run) | null>();
  const span: SpanFactories = {
    make(quads) {
      let f = spans.get(quads);
      if (f === undefined) {
        // the same generator at another width: what it cannot take, run() still runs
        try { f = d.kind === 'pixel' ? build(generate(d, { width: SPAN_LANES, quads })) : null; } catch { f = null; }
        spans.set(quads, f);
      }
      return f;
    },
  };
  return { ok: true, source, make: build(source), span };
}

/** Compiled programs, most recently used last (a bounded count: a replay's shaders, not every shader ever seen). */
export const compileCache = new CompileCache<Compiled>(256);

/** A compiled shader: the decoded metadata and its generated run function. */
class CompiledShader extends DecodedExecutable {
  readonly compiled = true;
  private readonly spanRuns = new Map<boolean, Run | null>();

  constructor(d: Decoded, private readonly fn: Run, private readonly spans: SpanFactories) {
    super(d);
  }

  run(io: ShaderIO, constants: ShaderConstants, lanes: number): void {
    this.fn(io, constants, lanes);
  }

  spanRun(quads: boolean): SpanRun | null {
    let r = this.spanRuns.get(quads);
    if (r === undefined) {
      r = this.spans.make(quads)?.() ?? null;
      this.spanRuns.set(quads, r);
    }
    return r;
  }
}

/** Why the last programs given to compiledExecutable were left to the interpreter (reason → count). */
export const fallbacks = new Map<string, number>();

/** The compiled executable of a program (cached), or the interpreter's when the program is one the compiler leaves to it. */
export function compiledExecutable(program: ShaderProgram): ShaderExecutable {
  const c = compileCache.get(program, () => compileProgram(program));
  if (!c.ok) {
    fallbacks.set(c.reason, (fallbacks.get(c.reason) ?? 0) + 1);
    return interpreterExecutable(program);
  }
  return new CompiledShader(decode(program), c.make(), c.span);
}

/** Whether an executable runs compiled code (false: the interpreter). */
export function isCompiled(exe: ShaderExecutable): boolean {
  return exe instanceof CompiledShader;
}
