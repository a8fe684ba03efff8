/**
 * The interpreter's texture instructions: texld and its variants (level from the quad's
 * derivatives, a bias, an explicit level or given gradients), texkill, the ps_1_1-1_3 texture
 * addressing family (texbem/texbeml, texreg2*, texdp3tex, texm3x2*, texm3x3*) and the depth ones.
 */
import { OP as OP_ } from '../../shader/index.js';
import { SAMPLER_TYPE as SAMPLER_TYPE_ } from './decode.js';
import type { Interpreter, Op } from './interpret.js';
import * as ops from './ops.js';
import * as T from './types.js';

const OP = { ...OP_ };
const SAMPLER_TYPE = { ...SAMPLER_TYPE_ };
const o = { ...ops };
const { LANES, LOD } = T;
/** Handles the instructions that sample or kill; false for the rest. */
export function sampling(m: Interpreter, op: Op, active: number): boolean {
  switch (op.op) {
    case OP.TEX: case OP.TEXLDD: case OP.TEXLDL: texld(m, op, active); return true;
    case OP.TEXKILL: texkill(m, op, active); return true;
    case OP.TEXBEM: case OP.TEXBEML: case OP.TEXREG2AR: case OP.TEXREG2GB: case OP.TEXREG2RGB: case OP.TEXDP3TEX:
    case OP.TEXM3x2TEX: case OP.TEXM3x3TEX: case OP.TEXM3x3SPEC: case OP.TEXM3x3VSPEC:
      ps1xSample(m, op, active);
      return true;
    case OP.TEXM3x2DEPTH: case OP.TEXDEPTH: depthOp(m, op, active); return true;
    default: return false;
  }
}

/** Samples `unit` at m.coords for every lane of `active`, derivatives from the quad (or given), into m.texel. */
export function sampleLanes(m: Interpreter, unit: number, type: number, active: number, lodMode: number, lods: Float64Array | undefined, grads?: Float64Array): void {
  const cd = m.coords;
  const n = m.lanes;
  const useW = type !== SAMPLER_TYPE.T2D && type !== SAMPLER_TYPE.T1D;
  for (let l = 0; l < n; l++) {
    if (!(active & (1 << l))) continue;
    let dx0 = 0, dx1 = 0, dx2 = 0, dy0 = 0, dy1 = 0, dy2 = 0;
    if (grads) {
      const g = l * 8;
      dx0 = grads[g]; dx1 = grads[g + 1]; dx2 = grads[g + 2];
      dy0 = grads[g + 4]; dy1 = grads[g + 5]; dy2 = grads[g + 6];
    } else if (lodMode !== LOD.EXPLICIT) {
      const x0 = l & ~1, x1 = l | 1, y0 = l & ~2, y1 = l | 2;
      if (x1 < n) { dx0 = cd[x1 * 4] - cd[x0 * 4]; dx1 = cd[x1 * 4 + 1] - cd[x0 * 4 + 1]; dx2 = cd[x1 * 4 + 2] - cd[x0 * 4 + 2]; }
      if (y1 < n) { dy0 = cd[y1 * 4] - cd[y0 * 4]; dy1 = cd[y1 * 4 + 1] - cd[y0 * 4 + 1]; dy2 = cd[y1 * 4 + 2] - cd[y0 * 4 + 2]; }
    }
    if (!useW) { dx2 = 0; dy2 = 0; }
    const a = m.sampleArgs;
    a[0] = cd[l * 4]; a[1] = cd[l * 4 + 1]; a[2] = useW ? cd[l * 4 + 2] : 0; a[3] = lods ? lods[l] : 0;
    a[4] = dx0; a[5] = dx1; a[6] = dx2; a[8] = dy0; a[9] = dy1; a[10] = dy2;
    m.io.sample(unit, a, lodMode, m.texel, l * 4);
  }
}


export function texld(m: Interpreter, op: Op, active: number): void {
  const all = (1 << m.lanes) - 1;
  const sv = m.sv;
  const cd = m.coords;
  let unit: number;
  let type: number = SAMPLER_TYPE.UNKNOWN;
  let lodMode: number = LOD.IMPLICIT;
  if (m.decoded.ps1x && m.version < 0x0104) {
    // tex tN: unit N at texture coordinates N, projected when the stage's transform flags say so
    unit = op.dst!.num;
    const ttf = m.c.textureTransformFlags;
    const by = o.projectedComponent(ttf && unit < ttf.length ? ttf[unit] : 0);
    for (let l = 0; l < m.lanes; l++) {
      for (let c = 0; c < 4; c++) cd[l * 4 + c] = m.coordIn(unit, l, c);
      if (by >= 0) { const q = cd[l * 4 + by]; for (let c = 0; c < 3; c++) cd[l * 4 + c] /= q; }
    }
  } else {
    // derivatives need every lane's coordinates, whichever lanes are active
    m.readAll(op, op.op === OP.TEXLDL ? active : all);
    for (let l = 0; l < m.lanes; l++) for (let c = 0; c < 4; c++) cd[l * 4 + c] = sv[l * 4 + c];
    if (m.version === 0x0104) unit = op.dst!.num;
    else {
      unit = op.src[1].num;
      type = m.decoded.samplerTypes[unit];
    }
    if (op.op === OP.TEXLDL) lodMode = LOD.EXPLICIT;
    else if (op.op === OP.TEX && op.controls === 2) lodMode = LOD.BIAS;
    if (op.op === OP.TEX && op.controls === 1) {
      // texldp: x, y, z divided by w before sampling
      for (let l = 0; l < m.lanes; l++) for (let c = 0; c < 3; c++) cd[l * 4 + c] /= cd[l * 4 + 3];
    }
    for (let l = 0; l < m.lanes; l++) m.lods[l] = cd[l * 4 + 3];
    if (op.op === OP.TEXLDD) {
      for (let l = 0; l < m.lanes; l++) for (let c = 0; c < 4; c++) { m.grads[l * 8 + c] = sv[(2 * LANES + l) * 4 + c]; m.grads[l * 8 + 4 + c] = sv[(3 * LANES + l) * 4 + c]; }
    }
  }
  sampleLanes(m, unit, type, active, lodMode, m.lods, op.op === OP.TEXLDD ? m.grads : undefined);
  commitTexel(m, op, active);
}

export function commitTexel(m: Interpreter, op: Op, active: number): void {
  const res = m.res;
  for (let k = 0; k < LANES * 4; k++) res[k] = m.texel[k];
  m.commit(op, active, res);
}

/** texkill: lanes with a tested component below 0 are discarded (ps_1_1–1_3 test the texture coordinates). */
export function texkill(m: Interpreter, op: Op, active: number): void {
  const dd = op.dst!;
  const killed = m.io.killed;
  const tested = o.killMask(m.version, dd.mask);
  for (let l = 0; l < m.lanes; l++) {
    if (!(active & (1 << l))) continue;
    const v = [0, 1, 2, 3].map((c) => (!(tested & (1 << c)) ? 0 : m.decoded.ps1x && m.version < 0x0104 ? m.coordIn(dd.num, l, c) : m.fetch(dd.type, dd.num, l, c)));
    if (o.kills(v[0], v[1], v[2], v[3])) killed[l] = 1;
  }
}

/** The ps_1_1–1_3 texture-addressing instructions that sample stage N (the destination's number). */
export function ps1xSample(m: Interpreter, op: Op, active: number): void {
  const t = op.dst!.num;
  const sv = m.sv;
  const cd = m.coords;
  const all = (1 << m.lanes) - 1;
  m.readAll(op, all);
  const mat = m.bumpState(t);
  const ttf = m.c.textureTransformFlags;
  // texbem(l) with PROJECTED coordinates on its stage: divided first, then offset (visual.c texbem_test)
  const by = o.projectedComponent(ttf && t < ttf.length ? ttf[t] : 0);
  for (let l = 0; l < m.lanes; l++) {
    const a = l * 4;
    const s = (k: number): number => sv[a + k];
    const ci = (k: number): number => m.coordIn(t, l, k);
    let u = 0, v = 0, w = 0;
    switch (op.op) {
      case OP.TEXBEM: case OP.TEXBEML: {
        const q = by >= 0 ? ci(by) : 1;
        u = o.bump(ci(0) / q, ci(1) / q, s(0), s(1), mat[0], mat[1], mat[2], mat[3], 0);
        v = o.bump(ci(0) / q, ci(1) / q, s(0), s(1), mat[0], mat[1], mat[2], mat[3], 1);
        break;
      }
      case OP.TEXREG2AR: u = s(3); v = s(0); break;
      case OP.TEXREG2GB: u = s(1); v = s(2); break;
      case OP.TEXREG2RGB: u = s(0); v = s(1); w = s(2); break;
      case OP.TEXDP3TEX: u = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2)); break;
      case OP.TEXM3x2TEX:
        u = m.dots[(t - 1) * LANES + l];
        v = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2));
        break;
      default: {
        // texm3x3tex/spec/vspec: (u, v, w) from the three rows; spec and vspec reflect the eye vector about it
        const n0 = m.dots[(t - 2) * LANES + l];
        const n1 = m.dots[(t - 1) * LANES + l];
        const n2 = o.dp3(ci(0), ci(1), ci(2), s(0), s(1), s(2));
        if (op.op === OP.TEXM3x3TEX) { u = n0; v = n1; w = n2; break; }
        let e0: number, e1: number, e2: number;
        if (op.op === OP.TEXM3x3SPEC) {
          const b = (LANES + l) * 4;
          [e0, e1, e2] = [sv[b], sv[b + 1], sv[b + 2]];
        } else {
          // vspec: the eye vector is the w of the three rows' texture coordinates
          [e0, e1, e2] = [m.coordIn(t - 2, l, 3), m.coordIn(t - 1, l, 3), ci(3)];
        }
        u = o.reflect(n0, n1, n2, e0, e1, e2, 0);
        v = o.reflect(n0, n1, n2, e0, e1, e2, 1);
        w = o.reflect(n0, n1, n2, e0, e1, e2, 2);
      }
    }
    cd[a] = u; cd[a + 1] = v; cd[a + 2] = w; cd[a + 3] = 1;
  }
  sampleLanes(m, t, SAMPLER_TYPE.UNKNOWN, active, LOD.IMPLICIT, undefined);
  if (op.op === OP.TEXBEML) {
    // texbeml: t(m).rgba scaled by src.b · LSCALE + LOFFSET (the texbeml page)
    for (let l = 0; l < m.lanes; l++) {
      const lum = o.bumpLuminance(sv[l * 4 + 2], mat[4], mat[5]);
      for (let c = 0; c < 4; c++) m.texel[l * 4 + c] = m.texel[l * 4 + c] * lum;
    }
  }
  commitTexel(m, op, active);
}

/** texdepth (ps_1_4: depth from r5.r / r5.g) and texm3x2depth (z / w of a 3×2 matrix). */
export function depthOp(m: Interpreter, op: Op, active: number): void {
  m.readAll(op, active);
  for (let l = 0; l < m.lanes; l++) {
    if (!(active & (1 << l))) continue;
    const t = op.dst!.num;
    if (op.op === OP.TEXDEPTH) {
      m.io.depth[l] = o.texdepth(m.r[(t * LANES + l) * 4], m.r[(t * LANES + l) * 4 + 1]);
    } else {
      const sv = m.sv;
      const w = o.dp3(m.coordIn(t, l, 0), m.coordIn(t, l, 1), m.coordIn(t, l, 2), sv[l * 4], sv[l * 4 + 1], sv[l * 4 + 2]);
      m.io.depth[l] = o.m3x2depth(m.dots[(t - 1) * LANES + l], w);
    }
  }
}
