/**
 * Clipping (reference E, "Viewports and Clipping").
 *
 * Transformed vertices are clipped in homogeneous clip space against
 * 0 ≤ z ≤ w and a guard band |x| ≤ gx·w, |y| ≤ gy·w that lies GUARD_BAND
 * pixels outside the viewport on every side. The viewport rectangle itself is
 * enforced per pixel (context.ts): that covers exactly the pixels that cutting
 * at |x| ≤ w, |y| ≤ w would (the cut edges fall on pixel centres X and X+W, a
 * left edge kept and a right edge dropped by the top-left rule) without moving
 * edges by re-snapping cut vertices, as hardware guard bands do.
 *
 * Pre-transformed vertices are cut in screen space against the same guard
 * band and, when the device clips them (RasterState.clipTransformedVertices,
 * D3DPMISCCAPS_CLIPTLVERTS), against 0 ≤ z ≤ 1; along a cut edge x, y, z and
 * rhw are linear and the other attributes perspective-correct.
 *
 * User clip planes (SetClipPlane, D3DRS_CLIPPLANEENABLE) cut transformed
 * vertices only, after the six planes above: the vertex stage gives each
 * vertex its world-space distances (ClipVertex.userDist), and a cut point's
 * distances are interpolated linearly like its clip-space position. With no
 * user plane enabled the plane list is the six fixed planes alone.
 *
 * A new vertex is always interpolated from the inside end of an edge towards
 * the outside end, so two triangles sharing an edge get the same cut point.
 */
import type { ClipVertex } from '../types.js';
import { pretransformedRhw, type Viewport } from './viewport.js';

/** How far outside the viewport geometry is kept before it is cut (pixels). */
export const GUARD_BAND = 32768;

export interface ClipPlanes {
  /** distances use w (clip space) rather than 1 (screen space) */
  readonly homogeneous: boolean;
  /** four coefficients a, b, c, d per plane: a·x + b·y + c·z + d·(w or 1) ≥ 0 is inside */
  readonly p: Float64Array;
  /** planes in `p`; planes fixed … count − 1 are user planes */
  readonly fixed: number;
  readonly count: number;
  /** the user plane number of plane fixed + i (its ClipVertex.userDist entry) */
  readonly user: Int8Array;
}

const NO_USER_PLANES = new Int8Array(0);

/** Plane numbers of the bits set in a D3DRS_CLIPPLANEENABLE mask (planes 0..5). */
function userPlaneNumbers(mask: number): Int8Array {
  const out: number[] = [];
  for (let i = 0; i < 6; i++) if (mask & (1 << i)) out.push(i);
  return out.length === 0 ? NO_USER_PLANES : Int8Array.from(out);
}

/** Guard band and near/far planes of transformed (clip-space) vertices, then the user planes in `userMask`. */
export function transformedPlanes(vp: Viewport, userMask = 0): ClipPlanes {
  const gx = 1 + (2 * GUARD_BAND) / Math.max(vp.width, 1);
  const gy = 1 + (2 * GUARD_BAND) / Math.max(vp.height, 1);
  const p = Float64Array.of(1, 0, 0, gx, -1, 0, 0, gx, 0, 1, 0, gy, 0, -1, 0, gy, 0, 0, 1, 0, 0, 0, -1, 1);
  const user = userPlaneNumbers(userMask);
  return { homogeneous: true, p, fixed: 6, count: 6 + user.length, user };
}

/** Guard band (screen pixels) and, if the device clips them, 0 ≤ z ≤ 1 for pre-transformed vertices. */
export function pretransformedPlanes(vp: Viewport, clipZ: boolean): ClipPlanes {
  const p = Float64Array.of(
    1, 0, 0, -(vp.x - GUARD_BAND), -1, 0, 0, vp.x + vp.width + GUARD_BAND,
    0, 1, 0, -(vp.y - GUARD_BAND), 0, -1, 0, vp.y + vp.height + GUARD_BAND,
    0, 0, 1, 0, 0, 0, -1, 1,
  );
  const count = clipZ ? 6 : 4;
  return { homogeneous: false, p, fixed: count, count, user: NO_USER_PLANES };
}

function distance(planes: ClipPlanes, k: number, v: ClipVertex): number {
  if (k >= planes.fixed) return v.userDist![planes.user[k - planes.fixed]];
  const p = planes.p;
  const i = 4 * k;
  return p[i] * v.x + p[i + 1] * v.y + p[i + 2] * v.z + p[i + 3] * (planes.homogeneous ? v.w : 1);
}

/** One bit per plane the vertex is outside of (NaN positions are outside every plane). */
export function outcode(planes: ClipPlanes, v: ClipVertex): number {
  let code = 0;
  for (let k = 0; k < planes.count; k++) if (!(distance(planes, k, v) >= 0)) code |= 1 << k;
  return code;
}

/**
 * A transformed vertex's D3DCS_* code (D3DCLIPSTATUS9): LEFT x < −w, RIGHT x > w, TOP y > w,
 * BOTTOM y < −w, FRONT z < 0, BACK z > w, PLANEi outside enabled user plane i (0x40 << i).
 */
export function clipCode(v: ClipVertex, userMask: number): number {
  let c = 0;
  if (v.x < -v.w) c |= 0x1;
  if (v.x > v.w) c |= 0x2;
  if (v.y > v.w) c |= 0x4;
  if (v.y < -v.w) c |= 0x8;
  if (v.z < 0) c |= 0x10;
  if (v.z > v.w) c |= 0x20;
  const d = v.userDist;
  if (d && userMask) for (let i = 0; i < 6; i++) if (userMask & (1 << i) && d[i] < 0) c |= 0x40 << i;
  return c;
}

function mix(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** The vertex at parameter t from a to b: position linear in t, attributes perspective-correct. */
export function lerpVertex(a: ClipVertex, b: ClipVertex, t: number): ClipVertex {
  let ta = t;
  let w = mix(a.w, b.w, t);
  if (a.pretransformed) {
    // screen space: rhw is linear, attributes follow rhw-weighted t
    const ra = pretransformedRhw(a.w);
    const rb = pretransformedRhw(b.w);
    const r = mix(ra, rb, t);
    ta = (t * rb) / r;
    w = 1 / r;
  }
  const tex = new Float64Array(a.tex.length);
  for (let i = 0; i < tex.length; i++) tex[i] = mix(a.tex[i], b.tex[i] ?? 0, ta);
  const d = a.diffuse, e = b.diffuse, s = a.specular, u = b.specular;
  let userDist: Float64Array | undefined;
  if (a.userDist && b.userDist) {
    // world-space distances are linear in clip-space position, so they follow t, not the perspective-corrected ta
    userDist = new Float64Array(a.userDist.length);
    for (let i = 0; i < userDist.length; i++) userDist[i] = mix(a.userDist[i], b.userDist[i], t);
  }
  return {
    x: mix(a.x, b.x, t), y: mix(a.y, b.y, t), z: mix(a.z, b.z, t), w,
    pretransformed: a.pretransformed,
    diffuse: [mix(d[0], e[0], ta), mix(d[1], e[1], ta), mix(d[2], e[2], ta), mix(d[3], e[3], ta)],
    specular: [mix(s[0], u[0], ta), mix(s[1], u[1], ta), mix(s[2], u[2], ta), mix(s[3], u[3], ta)],
    fog: mix(a.fog, b.fog, ta),
    pointSize: mix(a.pointSize, b.pointSize, ta),
    tex,
    eyeZ: mix(a.eyeZ, b.eyeZ, ta),
    userDist,
  };
}

/** The point where the edge from `inside` to `outside` crosses plane k. */
function cut(planes: ClipPlanes, k: number, inside: ClipVertex, outside: ClipVertex): ClipVertex {
  const di = distance(planes, k, inside);
  const doo = distance(planes, k, outside);
  return lerpVertex(inside, outside, di / (di - doo));
}

function clipAgainst(planes: ClipPlanes, k: number, poly: readonly ClipVertex[]): ClipVertex[] {
  const out: ClipVertex[] = [];
  for (let i = 0; i < poly.length; i++) {
    const cur = poly[i];
    const next = poly[(i + 1) % poly.length];
    const curIn = distance(planes, k, cur) >= 0;
    const nextIn = distance(planes, k, next) >= 0;
    if (curIn) out.push(cur);
    if (curIn && !nextIn) out.push(cut(planes, k, cur, next));
    else if (!curIn && nextIn) out.push(cut(planes, k, next, cur));
  }
  return out;
}

/** Sutherland–Hodgman against the planes in `mask`; fewer than 3 vertices when nothing is left. */
export function clipPolygon(planes: ClipPlanes, poly: readonly ClipVertex[], mask: number): readonly ClipVertex[] {
  let out = poly;
  for (let k = 0; k < planes.count && out.length >= 3; k++) {
    if (mask & (1 << k)) out = clipAgainst(planes, k, out);
  }
  return out;
}

/** The part of segment a→b inside the planes in `mask` (direction kept), or null. */
export function clipSegment(planes: ClipPlanes, a: ClipVertex, b: ClipVertex, mask: number): [ClipVertex, ClipVertex] | null {
  let p = a;
  let q = b;
  for (let k = 0; k < planes.count; k++) {
    if (!(mask & (1 << k))) continue;
    const pIn = distance(planes, k, p) >= 0;
    const qIn = distance(planes, k, q) >= 0;
    if (!pIn && !qIn) return null;
    if (!pIn) p = cut(planes, k, q, p);
    else if (!qIn) q = cut(planes, k, p, q);
  }
  return [p, q];
}
