/** Ends every switch over a closed union: a new member fails to compile (STYLE 11). */
export function assertNever(x: never): never {
  throw new Error(`unexpected value ${String(x)}`);
}
