/** Clip status and ProcessVertices constants (d3d9types.h, d3d9.h). */
import { enumTable } from './enum-table.js';

/** D3DCS_*: one bit per plane a vertex lies outside of (D3DCLIPSTATUS9 ClipUnion / ClipIntersection). */
export const D3DCS = {
  LEFT: 0x1, RIGHT: 0x2, TOP: 0x4, BOTTOM: 0x8, FRONT: 0x10, BACK: 0x20,
  PLANE0: 0x40, PLANE1: 0x80, PLANE2: 0x100, PLANE3: 0x200, PLANE4: 0x400, PLANE5: 0x800,
} as const;
/** D3DCS_ALL: every D3DCS_* bit (kept out of the single-bit table above, which the text form prints from). */
export const D3DCS_ALL = 0xfff;
export const D3DCS_TABLE = enumTable('D3DCS', 'D3DCS_', D3DCS, 'flags');

/** D3DPV_*: ProcessVertices flags. */
export const D3DPV = { DONOTCOPYDATA: 0x1 } as const;
export const D3DPV_TABLE = enumTable('D3DPV', 'D3DPV_', D3DPV, 'flags');

/** Planes SetClipPlane accepts: D3DCAPS9.MaxUserClipPlanes of the emulated HAL device (D3DCLIPPLANE0..5). */
export const MAX_USER_CLIP_PLANES = 6;
