/**
 * The compiled shader cache: generated functions keyed by the words that decide what a program does
 * (its version and every instruction, parameter and literal token; comments left out, so the same
 * code with another CTAB shares an entry). A bounded LRU by count: a hit moves its entry to the
 * back of the Map's insertion order, an insert past the bound drops the front. The key is a 64-bit
 * FNV-1a of the words; an entry keeps its words too and a hit compares them, so two programs whose
 * hashes collide never share code.
 */
import type { ShaderProgram } from '../../shader/index.js';

/** The words of a program that compiled code depends on, in order. */
export function programWords(program: ShaderProgram): Uint32Array {
  const out: number[] = [program.kind === 'vertex' ? 0xfffe0000 | program.version : 0xffff0000 | program.version];
  const rel = (r: { type: number; num: number; swizzle: number; implied: boolean } | undefined): void => {
    if (r) out.push(r.implied ? 1 : 0, r.type, r.num, r.swizzle);
  };
  for (const ins of program.instructions) {
    if (ins.comment) continue;
    out.push(ins.token >>> 0);
    if (ins.dcl) out.push(ins.dcl.token >>> 0);
    if (ins.dst) { out.push(ins.dst.token >>> 0); rel(ins.dst.rel); }
    if (ins.predicate) out.push(ins.predicate.token >>> 0);
    for (const l of ins.literals ?? []) out.push(l >>> 0);
    for (const s of ins.src) { out.push(s.token >>> 0); rel(s.rel); }
  }
  return Uint32Array.from(out);
}

/** FNV-1a over the bytes of `words`, 64 bits as two 32-bit halves, printed as 16 hex digits. */
export function hashWords(words: Uint32Array): string {
  // 64-bit FNV-1a with the multiply split in 16-bit limbs (prime 0x100000001b3)
  let h0 = 0x2325, h1 = 0x8422, h2 = 0x9ce4, h3 = 0xcbf2;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    for (let b = 0; b < 32; b += 8) {
      h0 ^= (w >>> b) & 0xff;
      // (h · 0x1b3) + (h << 40)
      const t0 = h0 * 0x1b3, t1 = h1 * 0x1b3 + (t0 >>> 16), t2 = h2 * 0x1b3 + (t1 >>> 16) + (h0 << 8), t3 = h3 * 0x1b3 + (t2 >>> 16) + (h1 << 8);
      h0 = t0 & 0xffff; h1 = t1 & 0xffff; h2 = t2 & 0xffff; h3 = t3 & 0xffff;
    }
  }
  const x = (n: number): string => n.toString(16).padStart(4, '0');
  return x(h3) + x(h2) + x(h1) + x(h0);
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A bounded map from programs to what was compiled for them. */
export class CompileCache<T> {
  private readonly entries = new Map<string, { words: Uint32Array; value: T }[]>();
  private count = 0;
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`compile cache capacity ${capacity}: expected an integer >= 1`);
  }

  get size(): number { return this.count; }

  /** The cached value for `program`, or the one `make` builds (then cached, the least recently used dropped past the bound). */
  get(program: ShaderProgram, make: () => T): T {
    const words = programWords(program);
    const key = hashWords(words);
    const bucket = this.entries.get(key);
    const found = bucket?.find((e) => sameWords(e.words, words));
    if (bucket && found) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, bucket); // most recently used: the back
      return found.value;
    }
    this.misses++;
    const value = make();
    if (bucket) {
      bucket.push({ words, value });
      this.entries.delete(key);
      this.entries.set(key, bucket);
    } else {
      this.entries.set(key, [{ words, value }]);
    }
    this.count++;
    while (this.count > this.capacity) {
      const [oldKey, oldBucket] = this.entries.entries().next().value as [string, { words: Uint32Array; value: T }[]];
      oldBucket.shift();
      if (oldBucket.length === 0) this.entries.delete(oldKey);
      this.count--;
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.count = 0;
  }
}
