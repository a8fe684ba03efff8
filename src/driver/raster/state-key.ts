/**
 * What the last few draws built, each kept with the state parts it was built from, compared by
 * identity (the device keeps each part the same object while no setter touched it): a scene cycling
 * through a few states finds what it built for each. A cache must list every part it reads: a part
 * left out is a silent wrong frame. Gather the draw's parts (begin, part), then find; keep what a
 * miss builds.
 */
export class KeptByParts<T> {
  private readonly parts: unknown[] = [];
  private n = 0;
  private readonly entries: Array<{ parts: unknown[]; value: T }> = [];
  private next = 0;

  constructor(private readonly size: number) {}

  /** Starts gathering a new draw's parts. */
  begin(): this {
    this.n = 0;
    return this;
  }

  part(v: unknown): this {
    this.parts[this.n++] = v;
    return this;
  }

  /** What was kept for exactly these parts, or undefined; an entry `valid` refuses is forgotten. */
  find(valid?: (value: T) => boolean): T | undefined {
    const entries = this.entries;
    for (let e = 0; e < entries.length; e++) {
      const kept = entries[e].parts;
      if (kept.length !== this.n) continue;
      let i = 0;
      while (i < this.n && kept[i] === this.parts[i]) i++;
      if (i < this.n) continue;
      const value = entries[e].value;
      if (!valid || valid(value)) return value;
      entries.splice(e, 1);
      this.next = 0;
      return undefined;
    }
    return undefined;
  }

  /** Keeps `value` for the parts gathered last, in place of the oldest entry when full. */
  keep(value: T): void {
    const entry = { parts: this.parts.slice(0, this.n), value };
    if (this.entries.length < this.size) this.entries.push(entry);
    else {
      this.entries[this.next] = entry;
      this.next = (this.next + 1) % this.size;
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.length = 0;
    this.next = 0;
  }
}

/** Test hook: false makes every draw build its kept pieces afresh (tests compare the two). */
export const drawCaches = { enabled: true };
