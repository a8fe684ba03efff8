import { note } from './notes.js';

/**
 * Reference counting as COM does it: objects start at 1; Release returns what is left. AddRef or
 * Release on an object whose count reached 0 (a use after free on Windows) returns 0, changes
 * nothing and leaves a device note: the object stays released (released.ts).
 */
export class RefCounted {
  protected refs = 1;
  /** called once, when the last reference goes (the device's DEFAULT-pool registry forgets the object here) */
  onFinalRelease?: () => void;
  AddRef(): number {
    if (this.refs === 0) {
      note('released-object', () => 'AddRef called on an object already released: 0, the object stays released');
      return 0;
    }
    return ++this.refs;
  }
  Release(): number {
    if (this.refs === 0) {
      note('released-object', () => 'Release called on an object already released: 0, nothing changes');
      return 0;
    }
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
