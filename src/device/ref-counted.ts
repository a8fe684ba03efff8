import type { HRESULT } from '../d3d9/index.js';
import { queryInterface } from './interfaces.js';
import { note } from './notes.js';

/**
 * Reference counting as COM does it: objects start at 1; Release returns what is left. AddRef or
 * Release on an object whose count reached 0 (a use after free on Windows) returns 0, changes
 * nothing and leaves a device note: the object stays released (released.ts).
 *
 * The references D3D9 adds between objects (Wine d3d9 device.c test_refcount) live here, in one
 * place every object class uses:
 * - a parent: an object holds one reference on its parent while its own count is above 0 (every
 *   object a device creates holds the device; a device holds its IDirect3D9). `holdParent` at
 *   creation adds that reference; the final Release gives it back.
 * - owned objects (a device's swap-chain surfaces): the count starts at 0, goes up and down with
 *   the application's references, holds the parent only while above 0, and reaching 0 frees
 *   nothing (the owner frees them); AddRef at 0 is then fine.
 * - shared counts (a texture's levels): the level forwards AddRef and Release to its container
 *   (Surface and Volume do that themselves).
 */
export class RefCounted {
  protected refs = 1;
  /** the object this one keeps a reference on while its count is above 0 */
  private parent: RefCounted | undefined;
  /** owned by its parent: starts at 0, and 0 frees nothing */
  private owned = false;
  /** called once, when the last reference goes (the device's DEFAULT-pool registry forgets the object here) */
  onFinalRelease?: () => void;

  /** A new object's reference on its parent (the device that created it, the IDirect3D9 of a device). */
  holdParent(parent: RefCounted): this {
    this.parent = parent;
    parent.AddRef();
    return this;
  }

  /** An object `owner` keeps for the application to borrow: count 0, no reference on the owner until AddRef. */
  ownedBy(owner: RefCounted): this {
    this.parent = owner;
    this.owned = true;
    this.refs = 0;
    return this;
  }

  /** Restores the parent link of a snapshot's object (its count, and the parent's, are restored as numbers). */
  linkParent(parent: RefCounted | undefined, owned = false): void {
    this.parent = parent;
    this.owned = owned;
  }

  /** The owner frees an owned object it no longer keeps (a swap-chain surface at Reset, or with the device): it is released for good. */
  freeOwned(): void {
    if (!this.owned) return;
    this.destroy();
    this.owned = false;
    if (this.refs > 0) this.parent?.Release();
    this.refs = 0;
    this.parent = undefined;
  }

  /** The object this one holds (its device; a device's IDirect3D9), if any. */
  get parentObject(): RefCounted | undefined {
    return this.parent;
  }
  /** Is this an object its parent owns (a swap-chain surface)? */
  get isOwned(): boolean {
    return this.owned;
  }

  AddRef(): number {
    if (this.refs === 0) {
      if (this.owned) {
        // an owned object borrowed again holds its owner again (test_refcount: the implicit render target)
        this.parent?.AddRef();
        return ++this.refs;
      }
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
      if (!this.owned) {
        this.destroy();
        this.onFinalRelease?.();
      }
      // last: releasing the parent may destroy it, and with it what this object refers to
      this.parent?.Release();
    }
    return this.refs;
  }
  /**
   * IUnknown::QueryInterface: the object itself, AddRef'd, for IUnknown and every interface it is
   * (interfaces.ts); E_NOINTERFACE and NULL for any other IID.
   */
  QueryInterface(riid: string): { hr: HRESULT; ppvObject?: RefCounted } {
    return queryInterface<RefCounted>(this, riid);
  }
  get refCount(): number {
    return this.refs;
  }
  get alive(): boolean {
    return this.refs > 0 || (this.owned && (this.parent?.alive ?? false));
  }
  protected destroy(): void {}
}
