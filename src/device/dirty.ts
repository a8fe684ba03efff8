/**
 * Texture dirty regions (D3D9 "Texture Dirty Regions"): what UpdateTexture copies. Regions are kept
 * for level 0 only; a sublevel copies the same region scaled down. A new texture is wholly dirty;
 * LockRect without D3DLOCK_NO_DIRTY_UPDATE or READONLY adds the locked rect, AddDirtyRect(NULL),
 * GetDC, UpdateSurface into a level, GenerateMipSubLevels and SetAutoGenFilterType dirty it all,
 * and UpdateTexture clears the source's regions once it has copied them.
 */
import type { RECT } from './types.js';

export class DirtyRegion {
  /** the rects in level-0 coordinates, or 'all' */
  private rects: RECT[] | 'all' = 'all';

  constructor(private readonly width: number, private readonly height: number) {}

  all(): void {
    this.rects = 'all';
  }
  /** Adds a rect of level `level` (scaled up to level 0; the scaled edge may pass level 0's, and is clipped). */
  add(r: RECT, level = 0): void {
    if (this.rects === 'all') return;
    const s = 2 ** level;
    this.rects.push({ left: r.left * s, top: r.top * s, right: Math.min(this.width, r.right * s), bottom: Math.min(this.height, r.bottom * s) });
  }
  clear(): void {
    this.rects = [];
  }
  get isClean(): boolean {
    return this.rects !== 'all' && this.rects.length === 0;
  }
  /** The regions to copy at a level of this size (level `level`), each scaled down and rounded out. */
  at(level: number, w: number, h: number): RECT[] {
    if (this.rects === 'all') return [{ left: 0, top: 0, right: w, bottom: h }];
    const s = 2 ** level;
    return this.rects.map((r) => ({
      left: Math.floor(r.left / s), top: Math.floor(r.top / s),
      right: Math.min(w, Math.ceil(r.right / s)), bottom: Math.min(h, Math.ceil(r.bottom / s)),
    })).filter((r) => r.left < r.right && r.top < r.bottom);
  }
  /** Snapshot form: null for 'all'. */
  save(): RECT[] | null {
    return this.rects === 'all' ? null : this.rects.map((r) => ({ ...r }));
  }
  load(rects: RECT[] | null): void {
    this.rects = rects === null ? 'all' : rects.map((r) => ({ ...r }));
  }
}
