/**
 * The compiled path's instructions: for each arithmetic and texture instruction, the source text
 * that computes its result per lane with the same ops.ts calls, in the same order, as the
 * interpreter (interpret.ts compute/texld/commit), then writes it with the destination's mask,
 * predicate, _sat and float32 store.
 */
import { OP, REG, type Instruction } from '../../shader/index.js';
import { SAMPLER_TYPE } from './decode.js';
import { Emitter, Sources, Unsupported, int, maskComponents, readRegister, storeStatement, swizzled } from './compile-emit.js';
import { killMask, shiftScale } from './ops.js';
import { LOD, PS_IN, SAMPLE_ARGS } from './types.js';

/** The ops.ts functions generated code may call (bound once per compiled shader). */
export const OPS_USED = ['add', 'sub', 'mul', 'mad', 'min', 'max', 'slt', 'sge', 'frc', 'abs', 'sgn', 'lrp', 'cmp', 'cnd', 'dp2', 'dp3', 'dp4',
  'rcp', 'rsq', 'exp2', 'log2', 'expp', 'logp', 'expp4', 'logp4', 'pow', 'lit', 'dst', 'crs', 'nrmScale', 'cos', 'sin', 'mova',
  'movaFloor', 'compare', 'kills', 'sat', 'clampPs1x', 'clampConst1x', 'divideSource', 'projectedComponent'] as const;

/** ps_1_x: component c of the texture coordinates of t register `t` (the input, whatever the register now holds). */
const coordIn = (e: Emitter, t: number, c: number): string => `I[${int((PS_IN.T0 + t) * e.slot + c, 0, (PS_IN.T0 + 2048) * e.slot)} + o]`; // unchecked, as the interpreter reads it

const W = 0; // scalar sources read the swizzled x (the rcp page: "if the source has no subscripts, the x-component is used")

/** Components an instruction can write at all (sincos x/y, crs and m?x3 xyz, m3x2 and bem xy), ANDed with the write mask. */
const WRITES: Partial<Record<number, number>> = {
  [OP.SINCOS]: 3, [OP.CRS]: 7, [OP.M3x2]: 3, [OP.M3x3]: 7, [OP.M4x3]: 7, [OP.BEM]: 3,
};

/** The components an instruction writes: its mask and what it can write. */
export const writtenComponents = (ins: Instruction): number[] => maskComponents(ins.dst!.mask & (WRITES[ins.opcode] ?? 0xf));

/**
 * The result expressions of an arithmetic instruction for the components in `comps` (index c of the
 * returned array for component c), emitting any shared locals first. Mirrors Interpreter.compute.
 */
function results(e: Emitter, ins: Instruction, S: Sources, comps: readonly number[]): string[] {
  const out: string[] = ['0', '0', '0', '0'];
  const a = (c: number): string => S.get(0, c);
  const b = (c: number): string => S.get(1, c);
  const x = (c: number): string => S.get(2, c);
  const each = (f: (c: number) => string): void => { for (const c of comps) out[c] = f(c); };
  const scalar = (expr: string): void => {
    if (comps.length === 0) return;
    const name = e.name('v');
    e.line(`const ${name} = ${expr};`);
    each(() => name);
  };
  const v11 = e.version === 0x0101;
  switch (ins.opcode) {
    case OP.MOV:
      if (ins.dst!.type === REG.ADDR && !e.pixel) each((c) => `${v11 ? 'movaFloor' : 'mova'}(${a(c)})`);
      else each((c) => a(c));
      break;
    case OP.MOVA: each((c) => `mova(${a(c)})`); break;
    case OP.ADD: each((c) => `add(${a(c)}, ${b(c)})`); break;
    case OP.SUB: each((c) => `sub(${a(c)}, ${b(c)})`); break;
    case OP.MUL: each((c) => `mul(${a(c)}, ${b(c)})`); break;
    case OP.MAD: each((c) => `mad(${a(c)}, ${b(c)}, ${x(c)})`); break;
    case OP.MIN: each((c) => `min(${a(c)}, ${b(c)})`); break;
    case OP.MAX: each((c) => `max(${a(c)}, ${b(c)})`); break;
    case OP.SLT: each((c) => `slt(${a(c)}, ${b(c)})`); break;
    case OP.SGE: each((c) => `sge(${a(c)}, ${b(c)})`); break;
    case OP.FRC: each((c) => `frc(${a(c)})`); break;
    case OP.ABS: each((c) => `abs(${a(c)})`); break;
    case OP.SGN: each((c) => `sgn(${a(c)})`); break;
    case OP.LRP: each((c) => `lrp(${a(c)}, ${b(c)}, ${x(c)})`); break;
    case OP.CMP: each((c) => `cmp(${a(c)}, ${b(c)}, ${x(c)})`); break;
    case OP.CND: each((c) => `cnd(${a(e.version < 0x0104 ? 3 : c)}, ${b(c)}, ${x(c)})`); break;
    case OP.DP3: scalar(`dp3(${a(0)}, ${a(1)}, ${a(2)}, ${b(0)}, ${b(1)}, ${b(2)})`); break;
    case OP.DP4: scalar(`dp4(${a(0)}, ${a(1)}, ${a(2)}, ${a(3)}, ${b(0)}, ${b(1)}, ${b(2)}, ${b(3)})`); break;
    case OP.DP2ADD: scalar(`dp2(${a(0)}, ${a(1)}, ${b(0)}, ${b(1)}) + ${x(W)}`); break;
    case OP.RCP: scalar(`rcp(${a(W)})`); break;
    case OP.RSQ: scalar(`rsq(${a(W)})`); break;
    case OP.EXP: scalar(`exp2(${a(W)})`); break;
    case OP.LOG: scalar(`log2(${a(W)})`); break;
    case OP.EXPP: if (v11) each((c) => `expp4(${a(W)}, ${int(c, 0, 3)})`); else scalar(`expp(${a(W)})`); break;
    case OP.LOGP: if (v11) each((c) => `logp4(${a(W)}, ${int(c, 0, 3)})`); else scalar(`logp(${a(W)})`); break;
    case OP.POW: scalar(`pow(${a(W)}, ${b(W)})`); break;
    case OP.LIT: each((c) => `lit(${a(0)}, ${a(1)}, ${a(3)}, ${int(c, 0, 3)})`); break;
    case OP.DST: each((c) => `dst(${a(c)}, ${b(c)}, ${int(c, 0, 3)})`); break;
    case OP.CRS: each((c) => (c < 3 ? `crs(${a(0)}, ${a(1)}, ${a(2)}, ${b(0)}, ${b(1)}, ${b(2)}, ${int(c, 0, 2)})` : '0')); break;
    case OP.NRM: {
      if (comps.length === 0) break;
      const k = e.name('k');
      e.line(`const ${k} = nrmScale(${a(0)}, ${a(1)}, ${a(2)});`);
      each((c) => `${a(c)} * ${k}`);
      break;
    }
    case OP.SINCOS: each((c) => (c === 0 ? `cos(${a(W)})` : c === 1 ? `sin(${a(W)})` : '0')); break;
    case OP.M4x4: case OP.M4x3: case OP.M3x4: case OP.M3x3: case OP.M3x2: {
      const rows = ins.opcode === OP.M4x4 || ins.opcode === OP.M3x4 ? 4 : ins.opcode === OP.M3x2 ? 2 : 3;
      const four = ins.opcode === OP.M4x4 || ins.opcode === OP.M4x3;
      each((r) => {
        if (r >= rows) return '0';
        const m = (c: number): string => S.get(1, c, r);
        return four ? `dp4(${a(0)}, ${a(1)}, ${a(2)}, ${a(3)}, ${m(0)}, ${m(1)}, ${m(2)}, ${m(3)})` : `dp3(${a(0)}, ${a(1)}, ${a(2)}, ${m(0)}, ${m(1)}, ${m(2)})`;
      });
      break;
    }
    case OP.SETP: each((c) => `(compare(${int(ins.controls, 1, 6)}, ${a(c)}, ${b(c)}) ? 1 : 0)`); break;
    case OP.TEXCOORD:
      // ps_1_1–1_3 texcoord: the coordinates (u, v, w, 1) clamped to [0, 1]; ps_1_4 texcrd copies its source
      if (e.version < 0x0104) each((c) => (c === 3 ? '1' : `sat(${coordIn(e, ins.dst!.num, c)})`));
      else each((c) => a(c));
      break;
    default:
      if (e.d.ps1x) throw new Unsupported(`ps_1_x instruction ${ins.name}`);
      break; // the interpreter writes 0 for an instruction it does not compute
  }
  return out;
}

/** Instructions whose result is never NaN (0 or 1, or a sign): their writes need no NaN check. */
const NEVER_NAN = new Set<number>([OP.SLT, OP.SGE, OP.SETP, OP.SGN]);

/** Writes value expressions (already computed into locals) to the destination: mask, predicate, shift, _sat, canonical NaN, float32 store. */
export function commit(e: Emitter, ins: Instruction, value: (c: number) => string): void {
  const d = ins.dst!;
  const scale = shiftScale(d.shift);
  const sat = (d.resultMod & 1) !== 0;
  // _sat and the ps_1_x range turn NaN into 0; any other write stores the canonical NaN (ops.canon), as the interpreter does
  const canonical = !sat && !e.d.ps1x && !NEVER_NAN.has(ins.opcode);
  for (const c of writtenComponents(ins)) {
    // the interpreter's order: shift (a power of two: exact either way), _sat, the ps_1_x range, NaN, the float32 store
    let v = value(c);
    if (scale > 1) v = `(${v} * ${int(scale, 2, 256)})`;
    else if (scale < 1) v = `(${v} / ${int(1 / scale, 2, 256)})`;
    if (sat) v = `sat(${v})`;
    if (e.d.ps1x) v = `clampPs1x(${v})`;
    if (canonical && !/^[A-Za-z]\w*$/.test(v)) {
      const name = e.name('v');
      e.line(`const ${name} = ${v};`);
      v = name;
    }
    const store = storeStatement(e, d, c, v);
    if (store === undefined) continue;
    // NaN → the canonical NaN as a second store on a cold branch, not a select: a select of a value and
    // the NaN constant lets the optimizer box every value (measured: half the speed)
    const nanStore = canonical ? ` if (${v} !== ${v}) ${storeStatement(e, d, c, 'NaN')!}` : '';
    if (ins.predicate) {
      const p = ins.predicate;
      const pv = readRegister(e, REG.PREDICATE, 0, swizzled(p, c), undefined);
      // the predicate masks the component off when (not) === (p ≠ 0)
      e.line(`if (${pv} ${p.mod === 13 ? '===' : '!=='} 0) { ${store}${nanStore} }`);
    } else e.line(`${store}${nanStore}`);
  }
}

/** Inside a lane loop: reads an arithmetic instruction's sources and computes its results into locals (named per component). */
function compute(e: Emitter, ins: Instruction): string[] {
  const comps = writtenComponents(ins);
  const vals = results(e, ins, new Sources(e, ins.src), comps);
  const names: string[] = [];
  for (const c of comps) {
    names[c] = e.name('v');
    e.line(`const ${names[c]} = ${vals[c]};`);
  }
  return names;
}

/** An arithmetic instruction: sources, results, write; one pass over the lanes. */
export function arithmetic(e: Emitter, ins: Instruction): void {
  e.lanes(() => {
    const names = compute(e, ins);
    commit(e, ins, (c) => names[c]);
  });
}

/** A co-issued pair (ps_1_x `+`): both read their sources before either writes. */
export function coissued(e: Emitter, first: Instruction, second: Instruction): void {
  e.lanes(() => {
    const a = compute(e, first);
    const b = compute(e, second);
    commit(e, first, (c) => a[c]);
    commit(e, second, (c) => b[c]);
  });
}

/** dsx/dsy: every lane's source first (the derivative needs its neighbour), then the differences for the active lanes. */
export function derivative(e: Emitter, ins: Instruction): void {
  const comps = writtenComponents(ins);
  const DV = e.array('DV', 'Float64Array', e.shape.width * 4);
  e.lanes(() => {
    const S = new Sources(e, ins.src);
    for (const c of comps) e.line(`${DV}[o + ${int(c, 0, 3)}] = ${S.get(0, c)};`);
  }, true);
  const x = ins.opcode === OP.DSX;
  e.barrier();
  e.lanes(() => {
    const names: string[] = [];
    // lanes of their own: a one-lane run's derivative, 0
    if (!e.shape.quads) {
      for (const c of comps) names[c] = '0';
      commit(e, ins, (c) => names[c]);
      return;
    }
    const hi = e.name('hi'), lo = e.name('lo');
    // the quad's lanes either side of l along x (lane bit 0) or y (lane bit 1)
    e.line(`const ${hi} = ${x ? 'l | 1' : 'l | 2'}, ${lo} = ${x ? 'l & ~1' : 'l & ~2'};`);
    for (const c of comps) {
      names[c] = e.name('v');
      e.line(`const ${names[c]} = ${hi} < lanes ? ${DV}[${hi} * 4 + ${int(c, 0, 3)}] - ${DV}[${lo} * 4 + ${int(c, 0, 3)}] : 0;`);
    }
    commit(e, ins, (c) => names[c]);
  });
}

/** texld/texldp/texldb/texldd/texldl (ps_2_0 and later, vs_3_0): coordinates of every lane, then sample and write per active lane. */
export function texld(e: Emitter, ins: Instruction): void {
  const ldl = ins.opcode === OP.TEXLDL;
  const ldd = ins.opcode === OP.TEXLDD;
  const old = e.d.ps1x && e.version < 0x0104;
  // ps_1_x sample the stage of the destination's number, of whatever type is bound
  const unit = e.d.ps1x ? ins.dst!.num : ins.src[1].num;
  const type = e.d.ps1x ? SAMPLER_TYPE.UNKNOWN : e.d.samplerTypes[unit];
  const useW = type !== SAMPLER_TYPE.T2D && type !== SAMPLER_TYPE.T1D;
  // ps_1_1–1_3 tex takes no texldp/texldb control bits
  const lodMode = ldl ? LOD.EXPLICIT : ins.opcode === OP.TEX && ins.controls === 2 && !old ? LOD.BIAS : LOD.IMPLICIT;
  const CD = e.array('CD', 'Float64Array', e.shape.width * 4);
  const GR = ldd ? e.array('GR', 'Float64Array', e.shape.width * 8) : '';
  const TX = e.array('TX', 'Float32Array', e.shape.width * 4);
  const SA = e.array('SA', 'Float64Array', SAMPLE_ARGS);
  // derivatives need every lane's coordinates, whichever lanes are active (texldl reads the active ones)
  let by = '';
  if (old) {
    // tex tN: the coordinates of stage N, projected when the stage's transform flags say so
    by = e.name('by');
    e.line(`const ${by} = projectedComponent(k.textureTransformFlags && ${int(unit, 0, 2047)} < k.textureTransformFlags.length ? k.textureTransformFlags[${int(unit, 0, 2047)}] : 0);`);
  }
  e.lanes(() => {
    if (old) {
      for (let c = 0; c < 4; c++) e.line(`${CD}[o + ${c}] = ${coordIn(e, unit, c)};`);
      e.line(`if (${by} >= 0) { const q = ${CD}[o + ${by}]; ${CD}[o] /= q; ${CD}[o + 1] /= q; ${CD}[o + 2] /= q; }`);
      return;
    }
    const S = new Sources(e, ins.src);
    for (let c = 0; c < 4; c++) e.line(`${CD}[o + ${c}] = ${S.get(0, c)};`);
    if (ins.opcode === OP.TEX && ins.controls === 1) for (let c = 0; c < 3; c++) e.line(`${CD}[o + ${c}] /= ${CD}[o + 3];`);
    if (ldd) for (let c = 0; c < 4; c++) e.line(`${GR}[o + o + ${c}] = ${S.get(2, c)}; ${GR}[o + o + ${c + 4}] = ${S.get(3, c)};`);
  }, !ldl);
  e.barrier();
  e.lanes(() => {
    let dx = ['0', '0', '0'], dy = ['0', '0', '0'];
    if (ldd) {
      dx = [0, 1, 2].map((c) => `${GR}[o + o + ${c}]`);
      dy = [4, 5, 6].map((c) => `${GR}[o + o + ${c}]`);
    } else if (lodMode !== LOD.EXPLICIT && e.shape.quads) {
      const n = useW ? 3 : 2;
      dx = [0, 1, 2].map(() => e.name('dx'));
      dy = [0, 1, 2].map(() => e.name('dy'));
      e.line(`let ${[...dx, ...dy].map((v) => `${v} = 0`).join(', ')};`);
      e.line(`if ((l | 1) < lanes) { const p = (l & ~1) * 4; ${[0, 1, 2].slice(0, n).map((c) => `${dx[c]} = ${CD}[p + ${c + 4}] - ${CD}[p + ${c}];`).join(' ')} }`);
      e.line(`if ((l | 2) < lanes) { const p = (l & ~2) * 4; ${[0, 1, 2].slice(0, n).map((c) => `${dy[c]} = ${CD}[p + ${c + 8}] - ${CD}[p + ${c}];`).join(' ')} }`);
    }
    if (!useW) { dx[2] = '0'; dy[2] = '0'; }
    // the sample's numbers go in an array (SAMPLE_ARG): as arguments, each would be a heap number per lane
    e.line(`${SA}[0] = ${CD}[o]; ${SA}[1] = ${CD}[o + 1]; ${SA}[2] = ${useW ? `${CD}[o + 2]` : '0'}; ${SA}[3] = ${old ? '0' : `${CD}[o + 3]`};`);
    e.line(`${SA}[4] = ${dx[0]}; ${SA}[5] = ${dx[1]}; ${SA}[6] = ${dx[2]}; ${SA}[8] = ${dy[0]}; ${SA}[9] = ${dy[1]}; ${SA}[10] = ${dy[2]};`);
    e.line(`sample(${int(unit, 0, 2047)}, ${SA}, ${int(lodMode, 0, 2)}, ${TX}, o);`);
    commit(e, ins, (c) => `${TX}[o + ${int(c, 0, 3)}]`);
  });
}

/** texkill: lanes with a tested component (ops.killMask) below 0 are discarded (the register as stored, no swizzle). */
export function texkill(e: Emitter, ins: Instruction): void {
  const d = ins.dst!;
  const tested = killMask(e.version, d.mask);
  e.lanes(() => {
    // ps_1_1–1_3 test the texture coordinates of the t register
    const v = [0, 1, 2, 3].map((c) => (!(tested & (1 << c)) ? '0' : e.d.ps1x && e.version < 0x0104 ? coordIn(e, d.num, c) : readRegister(e, d.type, d.num, c, undefined)));
    e.line(`if (kills(${v.join(', ')})) KILL[l] = 1;`);
  });
}
