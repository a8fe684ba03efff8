/**
 * The numbers of every shader operation, one small pure function each (scalar in, scalar out), so
 * that the interpreter (interpret.ts) and the compiled path (compile.ts) call the same code and get
 * the same bits. Rounding: arguments are float32 register values (or a source modifier's double
 * result), the arithmetic inside a function is in doubles, and the caller rounds to float32 when it
 * writes a register. A function that rounds inside says so.
 */

/** Rounds to float32 (every register write). */
export const f32 = Math.fround;

/**
 * The one NaN every register write stores: a NaN result becomes JavaScript's NaN, which a
 * Float32Array stores as 0x7fc00000 (positive quiet NaN, no payload). D3D9 leaves NaN payloads
 * undefined; which payload and sign an operation on NaN or infinite terms returns depends on the
 * CPU and on how V8 compiled the code (x86's default NaN is negative, operand order decides which
 * NaN propagates), so the write forgets them: the same trace gives the same bits. 0x7fc00000
 * rather than 0xffc00000: it is what storing NaN gives without bit handling, and IEEE 754's
 * preferred quiet NaN (sign clear, top mantissa bit set).
 */
export const CANONICAL_NAN_BITS = 0x7fc00000;

/** A register write's value: x, or the canonical NaN when x is any NaN. */
export function canon(x: number): number {
  return x === x ? x : NaN;
}

// ---- source modifiers (D3DSHADER_PARAM_SRCMOD_TYPE) and result modifiers ----

export const SRCMOD = {
  NONE: 0, NEG: 1, BIAS: 2, BIASNEG: 3, SIGN: 4, SIGNNEG: 5, COMP: 6, X2: 7, X2NEG: 8, DZ: 9, DW: 10,
  ABS: 11, ABSNEG: 12, NOT: 13,
} as const;

/**
 * A source modifier applied to one component ("Source Register Modifiers"): bias x − 0.5, sign
 * (_bx2) 2x − 1, complement 1 − x, _x2 2x, abs |x|, then the negation. _dz/_dw divide by another
 * component and are applied by the caller (divideSource); `not` is for booleans (b, p registers).
 */
export function srcMod(mod: number, x: number): number {
  switch (mod) {
    case SRCMOD.NONE: case SRCMOD.DZ: case SRCMOD.DW: return x;
    case SRCMOD.NEG: return -x;
    case SRCMOD.BIAS: return x - 0.5;
    case SRCMOD.BIASNEG: return -(x - 0.5);
    case SRCMOD.SIGN: return 2 * x - 1;
    case SRCMOD.SIGNNEG: return -(2 * x - 1);
    case SRCMOD.COMP: return 1 - x;
    case SRCMOD.X2: return 2 * x;
    case SRCMOD.X2NEG: return -(2 * x);
    case SRCMOD.ABS: return Math.abs(x);
    case SRCMOD.ABSNEG: return -Math.abs(x);
    case SRCMOD.NOT: return x !== 0 ? 0 : 1;
    default: return x;
  }
}

/** ps_1_4 _dz/_dw: x and y divided by z (or w); z and w are left as read. A zero divisor gives the IEEE result. */
export function divideSource(x: number, divisor: number): number {
  return x / divisor;
}

/** The result shift of ps_1_x (bits 24-27 of a destination, 4-bit signed): _x2 _x4 _x8 _d2 _d4 _d8; exact (a power of two). */
export function shiftScale(shift: number): number {
  const s = shift & 0xf;
  return s === 0 ? 1 : s < 8 ? 2 ** s : 2 ** (s - 16);
}

/** _sat: clamps to [0, 1]; NaN becomes 0. */
export function sat(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

/** The ps_1_x register range (D3DCAPS9.PixelShader1xMaxValue, replay9's device: 8). */
export const PS1X_MAX = 8;

/** ps_1_x registers saturate to [−PixelShader1xMaxValue, +PixelShader1xMaxValue]; NaN becomes 0. */
export function clampPs1x(x: number): number {
  return x > -PS1X_MAX ? (x < PS1X_MAX ? x : PS1X_MAX) : (x === x ? -PS1X_MAX : 0);
}

/** ps_1_x constants (SetPixelShaderConstantF and def) read as [−1, 1] ("Registers - ps_1_x": constant range). */
export function clampConst1x(x: number): number {
  return x > -1 ? (x < 1 ? x : 1) : (x === x ? -1 : 0);
}

// ---- arithmetic ----

export function add(a: number, b: number): number { return a + b; }
export function sub(a: number, b: number): number { return a - b; }
export function mul(a: number, b: number): number { return a * b; }
/** mad: a·b + c in doubles, one rounding at the write (no float32 product in between). */
export function mad(a: number, b: number, c: number): number { return a * b + c; }

/** dp2: a.x·b.x + a.y·b.y, summed left to right in doubles. */
export function dp2(a0: number, a1: number, b0: number, b1: number): number { return a0 * b0 + a1 * b1; }
/** dp3: left to right in doubles. */
export function dp3(a0: number, a1: number, a2: number, b0: number, b1: number, b2: number): number {
  return a0 * b0 + a1 * b1 + a2 * b2;
}
/** dp4: left to right in doubles. */
export function dp4(a0: number, a1: number, a2: number, a3: number, b0: number, b1: number, b2: number, b3: number): number {
  return a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3;
}

/** rcp: 1/x; rcp(±0) is +∞ (the rcp page: "if the source is 0, the result is +infinity"); rcp(1) is exactly 1. */
export function rcp(x: number): number {
  return x === 0 ? Infinity : 1 / x;
}

/** rsq: 1/√|x| (the rsq page takes the absolute value); rsq(0) is +∞. */
export function rsq(x: number): number {
  const a = Math.abs(x);
  return a === 0 ? Infinity : 1 / Math.sqrt(a);
}

/** exp (full precision): 2^x. */
export function exp2(x: number): number {
  return 2 ** x;
}

/** FLT_MAX, which the log and nrm pages give for a zero input. */
export const FLT_MAX = 3.4028234663852886e38;

/** log (full precision): log2|x|; log(0) is −FLT_MAX (the log page's pseudocode). */
export function log2(x: number): number {
  const a = Math.abs(x);
  return a === 0 ? -FLT_MAX : Math.log2(a);
}

/**
 * expp/logp partial precision (SM2+ scalar forms, and the z of vs_1_1's 4-component forms): D3D9
 * asks for at least 10 bits; replay9 gives the full-precision value, the same on every machine.
 */
export function expp(x: number): number { return exp2(x); }
export function logp(x: number): number { return log2(x); }

/** vs_1_1 expp, 4 components: (2^floor(w), w − floor(w), 2^w, 1). */
export function expp4(w: number, component: number): number {
  const fl = Math.floor(w);
  switch (component) {
    case 0: return 2 ** fl;
    case 1: return w - fl;
    case 2: return expp(w);
    default: return 1;
  }
}

/**
 * vs_1_1 logp, 4 components: (exponent, mantissa, log2|w|, 1) with |w| = mantissa · 2^exponent,
 * mantissa in [1, 2); w = 0 gives (−FLT_MAX, 1, −FLT_MAX, 1), the log page's value for 0.
 */
export function logp4(w: number, component: number): number {
  const a = Math.abs(w);
  if (component === 3) return 1;
  if (a === 0) return component === 1 ? 1 : -FLT_MAX;
  if (!Number.isFinite(a)) return component === 1 ? 1 : a;
  let e = Math.floor(Math.log2(a));
  // Math.log2 may land one off next to a power of two: pin the mantissa into [1, 2)
  if (a / 2 ** e >= 2) e++;
  else if (a / 2 ** e < 1) e--;
  switch (component) {
    case 0: return e;
    case 1: return a / 2 ** e;
    default: return logp(w);
  }
}

/** pow: |x|^y (the pow page: the base's absolute value); pow(0, 0) is 1 as in IEEE pow. */
export function pow(x: number, y: number): number {
  return Math.abs(x) ** y;
}

/** frc: x − floor(x), in [0, 1). */
export function frc(x: number): number {
  return x - Math.floor(x);
}

/** min: (a < b) ? a : b, the min page's pseudocode (a NaN in either gives b). */
export function min(a: number, b: number): number { return a < b ? a : b; }
/** max: (a >= b) ? a : b, the max page's pseudocode (a NaN in either gives b). */
export function max(a: number, b: number): number { return a >= b ? a : b; }

/** slt: (a < b) ? 1 : 0. */
export function slt(a: number, b: number): number { return a < b ? 1 : 0; }
/** sge: (a >= b) ? 1 : 0. */
export function sge(a: number, b: number): number { return a >= b ? 1 : 0; }

/** cmp: (a >= 0) ? b : c. */
export function cmp(a: number, b: number, c: number): number { return a >= 0 ? b : c; }
/** cnd: (a > 0.5) ? b : c (ps_1_1–1_3 take a from r0.a, ps_1_4 per component). */
export function cnd(a: number, b: number, c: number): number { return a > 0.5 ? b : c; }

/** sgn: −1, 0 or 1 (NaN gives 0). */
export function sgn(x: number): number { return x > 0 ? 1 : x < 0 ? -1 : 0; }

export function abs(x: number): number { return Math.abs(x); }

/** lrp: a·(b − c) + c (the lrp page's formula). */
export function lrp(a: number, b: number, c: number): number { return a * (b - c) + c; }

/**
 * lit (the lit page): x = 1; y = max(src.x, 0); z = src.x > 0 && src.y > 0 ? src.y^power : 0 with
 * power = src.w clamped to ±127.9961; w = 1.
 */
export function lit(x: number, y: number, w: number, component: number): number {
  switch (component) {
    case 0: case 3: return 1;
    case 1: return x > 0 ? x : 0;
    default: {
      if (!(x > 0 && y > 0)) return 0;
      const p = w < -127.9961 ? -127.9961 : w > 127.9961 ? 127.9961 : w;
      return y ** p;
    }
  }
}

/** dst (the dst page): (1, a.y·b.y, a.z, b.w). */
export function dst(a: number, b: number, component: number): number {
  switch (component) {
    case 0: return 1;
    case 1: return a * b;
    case 2: return a;
    default: return b;
  }
}

/**
 * nrm's scale: 1/√(x² + y² + z²), and FLT_MAX for a zero vector (the nrm page's pseudocode), so
 * nrm of (0, 0, 0, w) is (0, 0, 0, w·FLT_MAX), never NaN.
 */
export function nrmScale(x: number, y: number, z: number): number {
  const d = x * x + y * y + z * z;
  return d === 0 ? FLT_MAX : 1 / Math.sqrt(d);
}

/** crs: the cross product's component c of a × b. */
export function crs(a0: number, a1: number, a2: number, b0: number, b1: number, b2: number, c: number): number {
  switch (c) {
    case 0: return a1 * b2 - a2 * b1;
    case 1: return a2 * b0 - a0 * b2;
    default: return a0 * b1 - a1 * b0;
  }
}

/** sincos: x = cos, y = sin (the vs_2_0 form's extra constant sources are Taylor coefficients replay9 does not need). */
export function cos(x: number): number { return Math.cos(x); }
export function sin(x: number): number { return Math.sin(x); }

/** mova (vs_2_0 and later): round to nearest, halves away from zero. */
export function mova(x: number): number {
  return x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5);
}

/** vs_1_1 `mov a0.x, src`: floor, as the vs_1_1 address register page says. */
export function movaFloor(x: number): number {
  return Math.floor(x);
}

/** Comparisons of ifc/breakc/setp (D3DSHADER_COMPARISON 1..6: gt eq ge lt ne le). */
export function compare(op: number, a: number, b: number): boolean {
  switch (op) {
    case 1: return a > b;
    case 2: return a === b;
    case 3: return a >= b;
    case 4: return a < b;
    case 5: return a !== b;
    case 6: return a <= b;
    default: return false;
  }
}

/**
 * ps_1_1–1_3 `tex` with D3DTTFF_PROJECTED (256) in the stage's D3DTSS_TEXTURETRANSFORMFLAGS: the
 * component the coordinates are divided by (COUNT2 → y, COUNT3 → z, COUNT4 or DISABLE → w), or −1.
 */
export function projectedComponent(flags: number): number {
  if (!(flags & 256)) return -1;
  const count = flags & 0xff;
  return count === 2 ? 1 : count === 3 ? 2 : count === 1 ? -1 : 3;
}

/** texkill: the pixel is discarded when any tested component is below 0 (untested ones are passed as 0). */
export function kills(x: number, y: number, z: number, w: number): boolean {
  return x < 0 || y < 0 || z < 0 || w < 0;
}

/**
 * The components texkill tests, as a mask: x, y, z before ps_2_0; from ps_2_0 on, the destination's
 * write mask. The texkill page says "the first three" for every version; Windows also discards on
 * w < 0 in ps_2_0 (visual.c texkill_test; test/device/shader-wine-visual-4.test.ts).
 */
export function killMask(version: number, writeMask: number): number {
  return version >= 0x0200 ? writeMask & 0xf : 0x7;
}

/** texdepth (ps_1_4): r5.r / r5.g, 1 when g is 0 (the texdepth page); clamped to [0, 1] as a depth value is. */
export function texdepth(r: number, g: number): number {
  return g === 0 ? 1 : sat(r / g);
}

/** texm3x2depth: z / w from the two dot products, 1 when w is 0; outside [0, 1] the page calls it undefined, replay9 clamps. */
export function m3x2depth(z: number, w: number): number {
  return w === 0 ? 1 : sat(z / w);
}

/**
 * texbem/bem/texbeml's bump step (D3DTSS_BUMPENVMAT00..11): u' = u + M00·du + M10·dv,
 * v' = v + M01·du + M11·dv (component 0 gives u', 1 gives v').
 */
export function bump(u: number, v: number, du: number, dv: number, m00: number, m01: number, m10: number, m11: number, component: number): number {
  return component === 0 ? u + m00 * du + m10 * dv : v + m01 * du + m11 * dv;
}

/** texbeml's luminance factor: src.b · LSCALE + LOFFSET (the texbeml page multiplies t(m).rgba by it, unclamped). */
export function bumpLuminance(b: number, lscale: number, loffset: number): number {
  return b * lscale + loffset;
}

/** texm3x3spec/vspec reflection: R = 2·N·(N·E)/(N·N) − E, component c. */
export function reflect(n0: number, n1: number, n2: number, e0: number, e1: number, e2: number, c: number): number {
  const ne = n0 * e0 + n1 * e1 + n2 * e2;
  const nn = n0 * n0 + n1 * n1 + n2 * n2;
  const n = c === 0 ? n0 : c === 1 ? n1 : n2;
  const e = c === 0 ? e0 : c === 1 ? e1 : e2;
  return (2 * n * ne) / nn - e;
}
