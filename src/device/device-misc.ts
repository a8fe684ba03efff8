/**
 * The device's machine-facing and miscellaneous state and rules: creation parameters, gamma ramps,
 * the cursor, dialog-box mode, GPU thread priority, frame latency, the convolution kernel,
 * ValidateDevice and ComposeRects. Rules are pure functions returning an HRESULT (or a plan);
 * Device (device.ts) calls them and keeps the state in one plain object, which snapshots copy.
 */
import {
  D3DCOMPOSERECTSOP, D3DCOMPOSERECTS_MAXNUMRECTS, D3DCONVOLUTIONMONO_MAXHEIGHT, D3DCONVOLUTIONMONO_MAXWIDTH, D3DCREATE, D3DERR, D3DFMT,
  D3DPRESENTFLAG, D3DRS, D3DSAMP, D3DSWAPEFFECT, D3DTA, D3DTEXF, D3DTOP, D3DTSS, D3DUSAGE, D3D_OK,
} from '../d3d9/index.js';
import type { HRESULT } from '../d3d9/index.js';
import type { D3DCAPS9 } from './caps.js';
import { DESKTOP_MODE } from './machine.js';
import type { DeviceState } from './state.js';
import type { Surface } from './surface.js';
import type { TextureSpec } from './texture.js';
import { blockRows, pitchOf } from '../formats/index.js';
import type { D3DPRESENT_PARAMETERS } from './types.js';

/** Plain data (snapshots copy it as it is). */
export interface DeviceMisc {
  /** GetCreationParameters: the device type and focus window CreateDevice was given */
  deviceType: number;
  focusWindow: number;
  /** per swap chain: the ramp's 1,536 bytes (gamma.ts layout); absent: the identity ramp */
  gamma: Array<Uint8Array | null>;
  cursor: { set: boolean; visible: boolean; x: number; y: number; hotX: number; hotY: number; width: number; height: number };
  dialogBoxMode: boolean;
  gpuThreadPriority: number;
  maxFrameLatency: number;
  convolution: { width: number; height: number; rows: number[]; columns: number[] };
}

/** GetMaximumFrameLatency before any SetMaximumFrameLatency, and what 0 resets it to. */
export const DEFAULT_FRAME_LATENCY = 3;
/** SetMaximumFrameLatency accepts 1..30 (Wine's d3d9ex test_frame_latency: 30 succeeds, 31 fails); the docs name 1..20. */
export const MAX_FRAME_LATENCY = 30;

export function freshMisc(): DeviceMisc {
  return {
    deviceType: 1, focusWindow: 0, gamma: [],
    cursor: { set: false, visible: false, x: 0, y: 0, hotX: 0, hotY: 0, width: 0, height: 0 },
    dialogBoxMode: false, gpuThreadPriority: 0, maxFrameLatency: DEFAULT_FRAME_LATENCY,
    convolution: { width: 1, height: 1, rows: [1], columns: [1] },
  };
}

const isPow2 = (n: number): boolean => n > 0 && (n & (n - 1)) === 0;

/**
 * SetCursorProperties (Wine device.c test_cursor): a surface is required, in A8R8G8B8 (the docs), with
 * both sides powers of two no larger than the display mode.
 */
export function checkCursorSurface(s: Surface | null): HRESULT {
  if (!s || s.format.id !== D3DFMT.A8R8G8B8) return D3DERR.INVALIDCALL;
  if (!isPow2(s.width) || !isPow2(s.height) || s.width > DESKTOP_MODE.Width || s.height > DESKTOP_MODE.Height) return D3DERR.INVALIDCALL;
  return D3D_OK;
}

/**
 * SetDialogBoxMode(TRUE) (the docs' list): a GDI-compatible back buffer (X1R5G5B5, R5G6B5, X8R8G8B8),
 * no multisampling, SWAPEFFECT_DISCARD, PRESENTFLAG_LOCKABLE_BACKBUFFER, no ADAPTERGROUP_DEVICE and
 * not inside BeginScene/EndScene. Turning dialogs off is always allowed.
 */
export function checkDialogBoxMode(enable: boolean, pp: D3DPRESENT_PARAMETERS, backBufferFormat: number, behaviorFlags: number, inScene: boolean): HRESULT {
  if (!enable) return D3D_OK;
  const gdi = backBufferFormat === D3DFMT.X1R5G5B5 || backBufferFormat === D3DFMT.R5G6B5 || backBufferFormat === D3DFMT.X8R8G8B8;
  const ok = gdi && pp.MultiSampleType === 0 && pp.SwapEffect === D3DSWAPEFFECT.DISCARD && (pp.Flags & D3DPRESENTFLAG.LOCKABLE_BACKBUFFER) !== 0
    && (behaviorFlags & D3DCREATE.ADAPTERGROUP_DEVICE) === 0 && !inScene;
  return ok ? D3D_OK : D3DERR.INVALIDCALL;
}

/** The usages CreateRenderTargetEx / CreateDepthStencilSurfaceEx take beyond the surface's own. */
const EX_USAGES = D3DUSAGE.RESTRICTED_CONTENT | D3DUSAGE.RESTRICT_SHARED_RESOURCE | D3DUSAGE.RESTRICT_SHARED_RESOURCE_DRIVER | D3DUSAGE.NONSECURE;

/** The Usage of a Create*Ex surface: the security usages, the surface's own, and TEXTAPI for plain surfaces; others INVALIDCALL. */
export function exUsageOk(usage: number, own: number, textApi: boolean): boolean {
  return (usage & ~(EX_USAGES | own | (textApi ? D3DUSAGE.TEXTAPI : 0))) === 0;
}

/** SetConvolutionMonoKernel: 1..7 on each side; a NULL weight list means weights of 1. */
export function convolutionKernel(width: number, height: number, rows: ArrayLike<number> | null, columns: ArrayLike<number> | null): DeviceMisc['convolution'] | HRESULT {
  if (width < 1 || width > D3DCONVOLUTIONMONO_MAXWIDTH || height < 1 || height > D3DCONVOLUTIONMONO_MAXHEIGHT) return D3DERR.INVALIDCALL;
  if ((rows && rows.length < width) || (columns && columns.length < height)) return D3DERR.INVALIDCALL;
  const list = (w: ArrayLike<number> | null, n: number): number[] => Array.from({ length: n }, (_, i) => (w ? Math.fround(w[i]) : 1));
  return { width, height, rows: list(rows, width), columns: list(columns, height) };
}

// ---- ValidateDevice ----

const MAX_FFP_STAGES = 8;
const ARG_SELECT = 0x0f;
/** Ops whose result reads ARG0 too (D3DTOP_MULTIPLYADD, D3DTOP_LERP). */
const THREE_ARG_OPS: ReadonlySet<number> = new Set([D3DTOP.MULTIPLYADD, D3DTOP.LERP]);

/** The args of a stage's op that it reads, by TSS id: [ARG1, ARG2, ARG0] as the op uses them. */
function argsRead(op: number, arg1: number, arg2: number, arg0: number): number[] {
  if (op === D3DTOP.SELECTARG1) return [arg1];
  if (op === D3DTOP.SELECTARG2) return [arg2];
  return THREE_ARG_OPS.has(op) ? [arg1, arg2, arg0] : [arg1, arg2];
}

/** A D3DTA argument the fixed-function device can read: TEMP and CONSTANT need caps this device does not claim. */
function argOk(arg: number, caps: D3DCAPS9): boolean {
  const sel = arg & ARG_SELECT;
  if (sel === D3DTA.TEMP) return (caps.PrimitiveMiscCaps & 0x400) !== 0; // D3DPMISCCAPS_TSSARGTEMP
  if (sel === D3DTA.CONSTANT) return (caps.PrimitiveMiscCaps & 0x8000) !== 0; // D3DPMISCCAPS_PERSTAGECONSTANT
  return sel <= D3DTA.TEMP && (arg & ~(ARG_SELECT | D3DTA.COMPLEMENT | D3DTA.ALPHAREPLICATE)) === 0;
}

const opOk = (op: number, caps: D3DCAPS9): boolean => op >= 1 && op <= 26 && (caps.TextureOpCaps & (1 << (op - 1))) !== 0;

/** Filters this device samples with: POINT and LINEAR for MIN/MAG, NONE/POINT/LINEAR for MIP (the caps' TextureFilterCaps). */
const minMagOk = (f: number): boolean => f === D3DTEXF.POINT || f === D3DTEXF.LINEAR;
const mipOk = (f: number): boolean => f === D3DTEXF.NONE || f === D3DTEXF.POINT || f === D3DTEXF.LINEAR;

/**
 * ValidateDevice for the fixed-function device. In order:
 * - each enabled texture stage (COLOROP not DISABLE, stopping at the first disabled one): past
 *   MaxTextureBlendStages → TOOMANYOPERATIONS; an op outside TextureOpCaps → UNSUPPORTEDCOLOROPERATION /
 *   UNSUPPORTEDALPHAOPERATION; an argument it reads that the device cannot (TEMP, CONSTANT, a bad
 *   selector or modifier) → UNSUPPORTEDCOLORARG / UNSUPPORTEDALPHAARG;
 * - each sampler with a texture: a MIN/MAG/MIP filter outside TextureFilterCaps, or a filtering one on
 *   a format CheckDeviceFormat does not filter (depth, YUV) → UNSUPPORTEDTEXTUREFILTER;
 * - depth or stencil enabled with a depth-stencil surface smaller than render target 0 →
 *   CONFLICTINGRENDERSTATE (as wined3d reports it).
 * Otherwise D3D_OK with one pass.
 */
export function validateDevice(st: DeviceState, caps: D3DCAPS9): { hr: HRESULT; numPasses?: number } {
  for (let stage = 0; stage < MAX_FFP_STAGES; stage++) {
    const s = st.stageStates[stage];
    const cop = s[D3DTSS.COLOROP];
    if (cop === D3DTOP.DISABLE) break;
    if (stage >= caps.MaxTextureBlendStages) return { hr: D3DERR.TOOMANYOPERATIONS };
    if (!opOk(cop, caps)) return { hr: D3DERR.UNSUPPORTEDCOLOROPERATION };
    if (argsRead(cop, s[D3DTSS.COLORARG1], s[D3DTSS.COLORARG2], s[D3DTSS.COLORARG0]).some((a) => !argOk(a, caps))) return { hr: D3DERR.UNSUPPORTEDCOLORARG };
    const aop = s[D3DTSS.ALPHAOP];
    if (aop === D3DTOP.DISABLE) continue;
    if (!opOk(aop, caps)) return { hr: D3DERR.UNSUPPORTEDALPHAOPERATION };
    if (argsRead(aop, s[D3DTSS.ALPHAARG1], s[D3DTSS.ALPHAARG2], s[D3DTSS.ALPHAARG0]).some((a) => !argOk(a, caps))) return { hr: D3DERR.UNSUPPORTEDALPHAARG };
  }
  for (let i = 0; i < st.textures.length; i++) {
    const t = st.textures[i];
    if (!t) continue;
    const ss = st.samplerStates[i];
    const mag = ss[D3DSAMP.MAGFILTER], min = ss[D3DSAMP.MINFILTER], mip = ss[D3DSAMP.MIPFILTER];
    if (!minMagOk(mag) || !minMagOk(min) || !mipOk(mip)) return { hr: D3DERR.UNSUPPORTEDTEXTUREFILTER };
    const kind = t.spec.format.kind;
    const filters = mag === D3DTEXF.LINEAR || min === D3DTEXF.LINEAR || mip === D3DTEXF.LINEAR;
    if (filters && (kind === 'depth' || kind === 'yuv')) return { hr: D3DERR.UNSUPPORTEDTEXTUREFILTER };
  }
  const rs = st.renderStates;
  const rt = st.renderTargets[0];
  const ds = st.depthStencil;
  if ((rs[D3DRS.ZENABLE] || rs[D3DRS.ZWRITEENABLE] || rs[D3DRS.STENCILENABLE]) && rt && ds && (ds.width < rt.width || ds.height < rt.height)) {
    return { hr: D3DERR.CONFLICTINGRENDERSTATE };
  }
  return { hr: D3D_OK, numPasses: 1 };
}

// ---- ComposeRects ----

/** One D3DCOMPOSERECTDESC (X, Y, Width, Height) or D3DCOMPOSERECTDESTINATION (SrcRectIndex, Reserved, X, Y): four USHORTs. */
const DESC_BYTES = 8;
const u16 = (b: Uint8Array, at: number): number => b[at] | (b[at + 1] << 8);

export interface ComposePlan { copies: Array<{ sx: number; sy: number; dx: number; dy: number; w: number; h: number }>; op: number }

/**
 * IDirect3DDevice9Ex::ComposeRects' validation and plan (Microsoft's ComposeRects and DDI
 * PFND3DDDI_COMPOSERECTS docs): two different A1 surfaces, vertex buffers present and unlocked, at
 * most 0xFFFF rectangles, a known operation, and every destination entry that is read naming a
 * source descriptor that exists (the runtime fails an invalid index). Destination entries past the
 * end of their buffer are ignored; a source rectangle not wholly inside the source is ignored; a
 * destination rectangle (at X + Xoffset, Y + Yoffset, the source's size) is clipped to the destination.
 */
export function planComposeRects(
  src: Surface | null, dst: Surface | null, srcDescs: Uint8Array | null, numRects: number, dstDescs: Uint8Array | null,
  op: number, xOffset: number, yOffset: number, locked: boolean,
): ComposePlan | HRESULT {
  if (!src || !dst || src === dst || !srcDescs || !dstDescs || locked) return D3DERR.INVALIDCALL;
  if (src.format.id !== D3DFMT.A1 || dst.format.id !== D3DFMT.A1) return D3DERR.INVALIDCALL;
  if (numRects > D3DCOMPOSERECTS_MAXNUMRECTS || op < D3DCOMPOSERECTSOP.COPY || op > D3DCOMPOSERECTSOP.NEG) return D3DERR.INVALIDCALL;
  const nSrc = Math.floor(srcDescs.length / DESC_BYTES);
  const n = Math.min(numRects, Math.floor(dstDescs.length / DESC_BYTES));
  const copies: ComposePlan['copies'] = [];
  for (let i = 0; i < n; i++) {
    const d = i * DESC_BYTES;
    const index = u16(dstDescs, d);
    if (index >= nSrc) return D3DERR.INVALIDCALL;
    const s = index * DESC_BYTES;
    const sx = u16(srcDescs, s), sy = u16(srcDescs, s + 2), w = u16(srcDescs, s + 4), h = u16(srcDescs, s + 6);
    if (sx + w > src.width || sy + h > src.height) continue;
    let dx = u16(dstDescs, d + 4) + xOffset, dy = u16(dstDescs, d + 6) + yOffset;
    // clip to the destination, moving the source corner with it
    const left = Math.max(0, -dx), top = Math.max(0, -dy);
    const cw = Math.min(w - left, dst.width - dx - left), ch = Math.min(h - top, dst.height - dy - top);
    if (cw <= 0 || ch <= 0) continue;
    dx += left;
    dy += top;
    copies.push({ sx: sx + left, sy: sy + top, dx, dy, w: cw, h: ch });
  }
  return { copies, op };
}

/** Runs a plan on A1 bits: eight pixels a byte, the first in the most significant bit. */
export function executeComposeRects(src: Surface, dst: Surface, plan: ComposePlan): void {
  const sb = src.data, db = dst.data;
  for (const c of plan.copies) {
    for (let y = 0; y < c.h; y++) {
      const srow = (c.sy + y) * src.pitch, drow = (c.dy + y) * dst.pitch;
      for (let x = 0; x < c.w; x++) {
        const sxp = c.sx + x, dxp = c.dx + x;
        const bit = (sb[srow + (sxp >> 3)] >> (7 - (sxp & 7))) & 1;
        const at = drow + (dxp >> 3), mask = 1 << (7 - (dxp & 7));
        const old = (db[at] & mask) !== 0 ? 1 : 0;
        const v = plan.op === D3DCOMPOSERECTSOP.COPY ? bit : plan.op === D3DCOMPOSERECTSOP.OR ? old | bit : plan.op === D3DCOMPOSERECTSOP.AND ? old & bit : bit ^ 1;
        db[at] = v ? db[at] | mask : db[at] & ~mask;
      }
    }
  }
}

/**
 * CreateTexture over the application's memory (D3D9Ex; Wine d3d9ex.c test_user_memory): an
 * IDirect3DDevice9Ex, D3DPOOL_SYSTEMMEM, exactly one level, no usage, and memory that holds the
 * level at its pitch. The emulated device copies the bytes at creation: later writes to the
 * application's memory reach the texture only through LockRect (what a trace can carry).
 */
export function userMemoryTextureOk(ex: boolean, spec: TextureSpec, memory: Uint8Array): boolean {
  if (!ex || spec.pool !== 0x2 /* D3DPOOL_SYSTEMMEM */ || spec.levels !== 1 || spec.usage !== 0) return false;
  return memory.length >= pitchOf(spec.format, spec.width) * blockRows(spec.format, spec.height);
}
