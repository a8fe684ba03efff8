/**
 * A small seeded PRNG (sfc32, seeded through splitmix32) for the fuzzer and the
 * benchmarks: the same seed gives the same workload and the same mutants on
 * every machine, which is what makes a fuzz finding reproducible.
 */

/** splitmix32 step: spreads one 32-bit value over all bits. */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** One seed from several numbers (a run seed and a mutant index, say). */
export function seedOf(...parts: number[]): number {
  let h = 0x2545f491;
  for (const p of parts) h = mix32(h ^ (p >>> 0) ^ Math.floor(p / 0x100000000));
  return h;
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = mix32(seed);
    this.b = mix32(this.a ^ 0x6a09e667);
    this.c = mix32(this.b ^ 0xbb67ae85);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** uniform 32-bit unsigned integer */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** uniform in [0, 1) */
  float(): number {
    return this.u32() / 0x100000000;
  }

  /** uniform integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** uniform integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** picks by weight: `[[w, value], ...]` */
  weighted<T>(items: ReadonlyArray<readonly [number, T]>): T {
    let total = 0;
    for (const [w] of items) total += w;
    let x = this.float() * total;
    for (const [w, v] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1][1];
  }
}
