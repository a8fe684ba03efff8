/**
 * The device's memory budget: a request beyond it returns
 * D3DERR_OUTOFVIDEOMEMORY instead of exhausting the process.
 */
export const MEMORY_BUDGET = 1024 * 1024 * 1024;
/** Largest texture or surface dimension (D3DCAPS9.MaxTextureWidth/Height). */
export const MAX_DIMENSION = 8192;

export class MemoryBudget {
  used = 0;
  constructor(readonly limit = MEMORY_BUDGET) {}
  /** Reserves `bytes`; false when the budget cannot hold them. */
  take(bytes: number): boolean {
    if (!(bytes >= 0) || this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }
  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}
