/** Hand-built apitrace streams for tests: LEB128, strings, events, and a snappy container of literal blocks. */

export function uleb(n: number | bigint): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? b | 0x80 : b);
  } while (v);
  return out;
}

export function str(s: string): number[] {
  return [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
}

/** a version 6 header with the given properties */
export function header6(props: Array<[string, string]> = []): number[] {
  return [...uleb(6), ...uleb(6), ...props.flatMap(([k, v]) => [...str(k), ...str(v)]), ...str('')];
}

/** An enter event of a new function signature, then its leave with the return value given. */
export function call(no: number, sigId: number, name: string, args: number[][], ret?: number[], firstUse = true): number[] {
  const sig = firstUse ? [...uleb(sigId), ...str(name), ...uleb(args.length), ...args.flatMap((_, i) => str(`a${i}`))] : uleb(sigId);
  const enter = [0x00, ...uleb(0), ...sig, ...args.flatMap((v, i) => [0x01, ...uleb(i), ...v]), 0x00];
  const leave = [0x01, ...uleb(no), ...(ret ? [0x02, ...ret] : []), 0x00];
  return [...enter, ...leave];
}

/** A snappy block made only of literals (always valid snappy). */
export function literalBlock(data: Uint8Array): Uint8Array {
  const out: number[] = [...uleb(data.length)];
  for (let i = 0; i < data.length; i += 65536) {
    const piece = data.subarray(i, Math.min(data.length, i + 65536));
    const n = piece.length - 1;
    out.push(61 << 2, n & 0xff, n >> 8, ...piece);
  }
  return Uint8Array.from(out);
}

/** `at` + one chunk per piece. */
export function snappyFile(...pieces: Array<number[] | Uint8Array>): Uint8Array {
  const out: number[] = [0x61, 0x74];
  for (const p of pieces) {
    const b = literalBlock(Uint8Array.from(p));
    out.push(b.length & 0xff, (b.length >> 8) & 0xff, (b.length >> 16) & 0xff, b.length >>> 24, ...b);
  }
  return Uint8Array.from(out);
}
