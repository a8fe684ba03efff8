/** "Unknown argument: --frams. Did you mean --frames?": the closest option a command knows, for yargs's strict-mode message. */

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known option closest to `name`, if it is close enough to be a misspelling (a third of its letters, at least 1, at most 3). */
export function closestOption(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const dist = editDistance(name.toLowerCase(), k.toLowerCase());
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return bestDistance <= Math.min(3, Math.max(1, Math.floor(name.length / 3))) ? best : undefined;
}

/**
 * Rewrites yargs's `Unknown argument: frams` (or `Unknown arguments: a, b`) for the arguments the
 * user wrote as options: each with its dashes, and the closest known option when one is near.
 * Other messages (and unknown positional words) are returned as they are.
 */
export function explainUnknown(message: string, args: readonly string[], known: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const typed = new Map<string, string>();
  for (const a of args) {
    const opt = /^(--?)([^=\s]+)/.exec(a);
    if (opt && !/^-\d/.test(a)) typed.set(opt[2], opt[1] + opt[2]);
  }
  return m[1].split(', ').map((name) => {
    const asTyped = typed.get(name);
    if (asTyped === undefined) return `Unknown argument: ${name}.`;
    const near = closestOption(name, known.filter((k) => k.length > 1));
    return `Unknown argument: ${asTyped}.${near ? ` Did you mean --${near}?` : ''}`;
  }).join('\n');
}
