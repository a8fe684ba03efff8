/**
 * The compiled-shader cache: keyed by what a program does (comments do not count), bounded by
 * count with the least recently used entry dropped first.
 */
import { describe, expect, it } from 'vitest';
import { parseShader } from '../../../src/shader/index.js';
import { CompileCache, hashWords, programWords } from '../../../src/driver/shader/compile-cache.js';
import { program } from './harness.js';

/** 64-bit FNV-1a over little-endian bytes, written with BigInt (offset basis and prime from the FNV reference). */
function fnv1a64(words: Uint32Array): string {
  let h = 0xcbf29ce484222325n;
  for (const w of words) {
    for (let b = 0; b < 32; b += 8) {
      h ^= BigInt((w >>> b) & 0xff);
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return h.toString(16).padStart(16, '0');
}

describe('compiled-shader cache', () => {
  it('hashes with 64-bit FNV-1a (the empty input is the offset basis; "a\\0\\0\\0" as the reference computes it)', () => {
    expect(hashWords(new Uint32Array(0))).toBe('cbf29ce484222325');
    for (const words of [[0x61], [0xffffffff, 0], [0xfffe0200, 0x02000001, 0x800f0000, 0xa0e40000, 0x0000ffff], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
      expect(hashWords(Uint32Array.from(words))).toBe(fnv1a64(Uint32Array.from(words)));
    }
  });

  it('keys by instructions and literals: a different literal is another entry', () => {
    const a = programWords(program('vs_2_0\ndef c0, 1, 2, 3, 4\nmov oPos, c0'));
    const b = programWords(program('vs_2_0\ndef c0, 1, 2, 3, 5\nmov oPos, c0'));
    expect(hashWords(a)).not.toBe(hashWords(b));
  });

  it('leaves comments out of the key', () => {
    const plain = parseShader(Uint32Array.from([0xfffe0200, 0x02000001, 0xc00f0000, 0x90e40000, 0x0000ffff]));
    const commented = parseShader(Uint32Array.from([0xfffe0200, 0x0002fffe, 0x42415443, 0x00000000, 0x02000001, 0xc00f0000, 0x90e40000, 0x0000ffff]));
    expect(plain.ok && commented.ok).toBe(true);
    if (!plain.ok || !commented.ok) return;
    const cache = new CompileCache<number>(4);
    expect(cache.get(plain.program, () => 1)).toBe(1);
    expect(cache.get(commented.program, () => 2)).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('holds at most its capacity and drops the least recently used', () => {
    const cache = new CompileCache<string>(2);
    const p = ['vs_2_0\nmov oPos, c0', 'vs_2_0\nmov oPos, c1', 'vs_2_0\nmov oPos, c2'].map(program);
    cache.get(p[0], () => 'a');
    cache.get(p[1], () => 'b');
    cache.get(p[0], () => 'a2'); // a is now the most recent
    cache.get(p[2], () => 'c'); // drops b
    expect(cache.size).toBe(2);
    expect(cache.get(p[0], () => 'a3')).toBe('a');
    expect(cache.get(p[1], () => 'b2')).toBe('b2');
    expect(() => new CompileCache(0)).toThrow(RangeError);
  });
});
