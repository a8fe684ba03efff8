/**
 * Where replaying the real captures (test/fixtures/capture/) departs from what Wine did when they
 * were recorded, each with its reason: pixels where Wine is wrong by the D3D9 rules (ours must give
 * the rules' value), and the replay's findings (timing, Wine's adapter, a lock Wine refused).
 * capture-replay.test.ts and import-fixtures.test.ts hold the replays to these lists.
 */
import type { Finding } from '../../src/replay/findings.js';
import type { CallRecord } from '../../src/trace/call.js';


/** `SURFACE X Y` → our value (as printed) and why Wine's differs. */
export const DIFFERENCES: Record<string, Record<string, { ours: string; why: string }>> = {
  tex_locks: {
    // DXT1 four-colour block: colour 2 = (2·c0 + c1) / 3 with c0 = f800 (255, 0, 0), c1 = 001f (0, 0, 255)
    'backbuffer 4 44': { ours: 'aa0055', why: 'blue is 255 / 3 = 85 exactly; llvmpipe decodes 84' },
  },
  sm2x_flow: {
    // Wine reads the predicate token and runs the instruction unconditionally (wined3d: "Predicates not
    // implemented"); D3D9 writes only the components whose predicate is true (the program's comment works them out)
    'backbuffer 16 16': { ours: '609f60', why: 'predicated adds' },
    'backbuffer 48 16': { ours: '9fdf60', why: 'predicated adds' },
    'backbuffer 16 48': { ours: '9f9fff', why: 'predicated adds' },
    'backbuffer 48 48': { ours: '60ff60', why: 'predicated adds' },
  },
  sm2_subroutines: {
    // Wine's read-back: the left half not drawn (the clear colour), the right half black. D3D9: call l0 sums
    // c10..c13 over the loop, (0.2, 0.35, 0.6), callnz l1, b0 adds 0.25 to red on the right, where the
    // pixel shader's if_gt (red > 0.3) sets blue to 1
    'backbuffer 16 32': { ours: '335999', why: 'subroutines' },
    'backbuffer 48 32': { ours: '7359ff', why: 'subroutines' },
    'backbuffer 2 2': { ours: '335999', why: 'subroutines' },
    'backbuffer 62 62': { ours: '7359ff', why: 'subroutines' },
  },
  sm3_loop: {
    // on the line x = 32 the interpolated green is 0.5 · 0.2f and the loop adds it three times: 0.1f · 3 in
    // float32 is 0.30000001, of 255 76.500003, which rounds to 77; llvmpipe's interpolation lands a hair
    // below 0.5 and gives 76 (D3D9 does not fix interpolation to that precision)
    'backbuffer 32 2': { ours: 'de4d24', why: 'float32 math rounds 76.500003 up' },
    'backbuffer 32 32': { ours: '734d00', why: 'float32 math rounds 76.500003 up' },
    'backbuffer 32 61': { ours: '0b4d23', why: 'float32 math rounds 76.500003 up' },
  },
};

/** The replay's findings on each capture, as `kind method: recorded → ours` (or `kind method parameter`). */
export const FINDINGS: Record<string, (records: CallRecord[]) => string[]> = {
  // (queries: the import leaves out the GetData polls Wine answered S_FALSE, not yet, which is timing, and the
  // GetData of its TIMESTAMP query, Wine's clock, each with a note; what is left replays without a finding)
  // Xvfb's 1024×768 display against replay9's adapter mode: notes, not failures
  d3d9ex: () => ['note IDirect3D9Ex::GetAdapterDisplayModeEx', 'note IDirect3DDevice9Ex::GetDisplayModeEx'],
  // D32F_LOCKABLE is lockable by definition (reference/d3d9.md A.3); Wine refuses the lock
  depth_copy: () => ['mismatch IDirect3DSurface9::LockRect: D3DERR_INVALIDCALL → D3D_OK'],
};

/** A finding as the lists write it: an HRESULT mismatch with both results, an out-parameter one (a timestamp, say) by its parameter. */
export function findingText(f: Finding): string {
  if (f.kind !== 'mismatch') return `${f.kind} ${f.method}`;
  return f.parameter ? `${f.kind} ${f.method} ${f.parameter}` : `${f.kind} ${f.method}: ${f.expected} → ${f.actual}`;
}
