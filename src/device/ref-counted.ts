/** Reference counting as COM does it: objects start at 1; Release returns what is left. */
export class RefCounted {
  protected refs = 1;
  /** called once, when the last reference goes (the device's DEFAULT-pool registry forgets the object here) */
  onFinalRelease?: () => void;
  AddRef(): number {
    return ++this.refs;
  }
  Release(): number {
    if (this.refs === 0) return 0;
    this.refs--;
    if (this.refs === 0) {
      this.destroy();
      this.onFinalRelease?.();
    }
    return this.refs;
  }
  get refCount(): number {
    return this.refs;
  }
  get alive(): boolean {
    return this.refs > 0;
  }
  protected destroy(): void {}
}
