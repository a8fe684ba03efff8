/**
 * What a per-draw cache was built from: the state parts it reads, compared by identity with the
 * last draw's (the device keeps each part the same object while no setter touched it), without
 * allocating. A cache must list every part it reads: a part left out is a silent wrong frame.
 */
export class StateKey {
  private readonly parts: unknown[] = [];
  private n = 0;
  private differs = true;

  /** Starts comparing a new draw's parts. */
  begin(): this {
    this.n = 0;
    this.differs = false;
    return this;
  }

  /** The next part; remembered for the next draw when it differs from the last draw's. */
  part(v: unknown): this {
    if (this.n >= this.parts.length) {
      this.parts.push(v);
      this.differs = true;
    } else if (this.parts[this.n] !== v) {
      this.parts[this.n] = v;
      this.differs = true;
    }
    this.n++;
    return this;
  }

  /** After the parts: whether any differed from the last draw's (or there was none). */
  changed(): boolean {
    if (this.n !== this.parts.length) {
      this.parts.length = this.n;
      this.differs = true;
    }
    return this.differs;
  }

  /** Forgets the parts: the next draw rebuilds. */
  clear(): void {
    this.parts.length = 0;
    this.differs = true;
  }
}

/** Test hook: false makes every draw build its kept pieces afresh (tests compare the two). */
export const drawCaches = { enabled: true };
