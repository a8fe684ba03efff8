/**
 * Float-valued D3D9 states travel as DWORDs holding float32 bits
 * (`SetRenderState(D3DRS_FOGEND, *(DWORD*)&f)`); these convert both ways.
 */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float32 bit pattern of `f` (rounded to float32 first): 1.0 → 0x3F800000. */
export function float32Bits(f: number): number {
  f32[0] = f;
  return u32[0];
}

/** The float32 that bit pattern `u` holds: 0x3F800000 → 1.0. */
export function bitsToFloat32(u: number): number {
  u32[0] = u >>> 0;
  return f32[0];
}
