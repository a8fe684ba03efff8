/** FlatBuffers structs (generated accessors) to the API's plain structs. */
import type * as fb from '../trace/generated/replay9.js';
import type { D3DVERTEXELEMENT9 } from '../d3d9/index.js';
import type {
  D3DBOX, D3DCLIPSTATUS9, D3DCOLORVALUE, D3DDISPLAYMODEEX, D3DDISPLAYMODEFILTER, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPLANE,
  D3DPRESENT_PARAMETERS, D3DRECTPATCH_INFO, D3DTRIPATCH_INFO, D3DVECTOR, D3DVIEWPORT9, PALETTEENTRY, POINT, RECT, RECTPATCH_SEGMENTS,
  TRIPATCH_SEGMENTS,
} from '../device/types.js';

export function rect(r: fb.Rect | null): RECT | null {
  return r ? { left: r.left(), top: r.top(), right: r.right(), bottom: r.bottom() } : null;
}
export function box(b: fb.Box | null): D3DBOX | null {
  return b ? { Left: b.left(), Top: b.top(), Right: b.right(), Bottom: b.bottom(), Front: b.front(), Back: b.back() } : null;
}
export function point(p: fb.Point | null): POINT | null {
  return p ? { x: p.x(), y: p.y() } : null;
}
export function viewport(v: fb.Viewport | null): D3DVIEWPORT9 | null {
  return v ? { X: v.x(), Y: v.y(), Width: v.width(), Height: v.height(), MinZ: v.minZ(), MaxZ: v.maxZ() } : null;
}
function color(c: fb.ColorValue | null): D3DCOLORVALUE {
  if (!c) return { r: 0, g: 0, b: 0, a: 0 };
  return { r: c.r(), g: c.g(), b: c.b(), a: c.a() };
}
function vector(v: fb.Vector | null): D3DVECTOR {
  if (!v) return { x: 0, y: 0, z: 0 };
  return { x: v.x(), y: v.y(), z: v.z() };
}
/**
 * flatc names the accessors of D3DMATRIX's `_11` … `_44` fields `11()` … `44()`: numeric names,
 * which V8 looks up as elements of the prototype on every call, several times slower than a
 * named method. The struct is 16 little-endian float32s in row order (schema/replay9.fbs), read
 * here from its bytes directly.
 */
export function matrix(m: fb.Matrix | null): D3DMATRIX | null {
  if (!m) return null;
  const bb = m.bb!, at = m.bb_pos;
  return {
    _11: bb.readFloat32(at), _12: bb.readFloat32(at + 4), _13: bb.readFloat32(at + 8), _14: bb.readFloat32(at + 12),
    _21: bb.readFloat32(at + 16), _22: bb.readFloat32(at + 20), _23: bb.readFloat32(at + 24), _24: bb.readFloat32(at + 28),
    _31: bb.readFloat32(at + 32), _32: bb.readFloat32(at + 36), _33: bb.readFloat32(at + 40), _34: bb.readFloat32(at + 44),
    _41: bb.readFloat32(at + 48), _42: bb.readFloat32(at + 52), _43: bb.readFloat32(at + 56), _44: bb.readFloat32(at + 60),
  };
}
export function material(m: fb.Material | null): D3DMATERIAL9 | null {
  if (!m) return null;
  return { Diffuse: color(m.diffuse()), Ambient: color(m.ambient()), Specular: color(m.specular()), Emissive: color(m.emissive()), Power: m.power() };
}
export function light(l: fb.Light | null): D3DLIGHT9 | null {
  if (!l) return null;
  return {
    Type: l.type(), Diffuse: color(l.diffuse()), Specular: color(l.specular()), Ambient: color(l.ambient()),
    Position: vector(l.position()), Direction: vector(l.direction()),
    Range: l.range(), Falloff: l.falloff(), Attenuation0: l.attenuation0(), Attenuation1: l.attenuation1(),
    Attenuation2: l.attenuation2(), Theta: l.theta(), Phi: l.phi(),
  };
}
export function presentParameters(p: fb.PresentParameters | null): D3DPRESENT_PARAMETERS | null {
  if (!p) return null;
  return {
    BackBufferWidth: p.backBufferWidth(), BackBufferHeight: p.backBufferHeight(), BackBufferFormat: p.backBufferFormat(),
    BackBufferCount: p.backBufferCount(), MultiSampleType: p.multiSampleType(), MultiSampleQuality: p.multiSampleQuality(),
    SwapEffect: p.swapEffect(), hDeviceWindow: p.hDeviceWindow() || null, Windowed: p.windowed(),
    EnableAutoDepthStencil: p.enableAutoDepthStencil(), AutoDepthStencilFormat: p.autoDepthStencilFormat(),
    Flags: p.flags(), FullScreen_RefreshRateInHz: p.fullScreenRefreshRateInHz(), PresentationInterval: p.presentationInterval(),
  };
}
export function rects(c: fb.Clear): RECT[] | null {
  const n = c.pRectsLength();
  if (n === 0 && c.pRects(0) === null) return null;
  const out: RECT[] = [];
  for (let i = 0; i < n; i++) out.push(rect(c.pRects(i))!);
  return out;
}

/** The recorded D3DVERTEXELEMENT9 array (with its D3DDECL_END when the application gave one); null when absent. */
export function vertexElements(c: fb.CreateVertexDeclaration): D3DVERTEXELEMENT9[] | null {
  const n = c.pVertexElementsLength();
  if (n === 0 && c.pVertexElements(0) === null) return null;
  const out: D3DVERTEXELEMENT9[] = [];
  for (let i = 0; i < n; i++) {
    const e = c.pVertexElements(i)!;
    out.push({ Stream: e.stream(), Offset: e.offset(), Type: e.type(), Method: e.method(), Usage: e.usage(), UsageIndex: e.usageIndex() });
  }
  return out;
}

export function displayModeEx(m: fb.DisplayModeEx | null): D3DDISPLAYMODEEX | null {
  return m ? { Size: m.size(), Width: m.width(), Height: m.height(), RefreshRate: m.refreshRate(), Format: m.format(), ScanLineOrdering: m.scanLineOrdering() } : null;
}
export function displayModeFilter(f: fb.DisplayModeFilter | null): D3DDISPLAYMODEFILTER | null {
  return f ? { Size: f.size(), Format: f.format(), ScanLineOrdering: f.scanLineOrdering() } : null;
}
/** A recorded float list (SetConvolutionMonoKernel's weights); null when absent. */
export function weights(n: number, at: (i: number) => fb.Weight | null): number[] | null {
  if (n === 0 && at(0) === null) return null;
  return Array.from({ length: n }, (_, i) => at(i)!.w());
}
/** The recorded PALETTEENTRY array; null when absent (or empty: the device refuses both the same way). */
export function paletteEntries(c: fb.SetPaletteEntries): PALETTEENTRY[] | null {
  const n = c.pEntriesLength();
  if (n === 0) return null;
  const out: PALETTEENTRY[] = [];
  for (let i = 0; i < n; i++) {
    const e = c.pEntries(i)!;
    out.push({ peRed: e.peRed(), peGreen: e.peGreen(), peBlue: e.peBlue(), peFlags: e.peFlags() });
  }
  return out;
}
export function rectPatchSegments(s: fb.RectPatchSegments | null): RECTPATCH_SEGMENTS | null {
  return s ? { Edge0: s.edge0(), Edge1: s.edge1(), Edge2: s.edge2(), Edge3: s.edge3() } : null;
}
export function triPatchSegments(s: fb.TriPatchSegments | null): TRIPATCH_SEGMENTS | null {
  return s ? { Edge0: s.edge0(), Edge1: s.edge1(), Edge2: s.edge2() } : null;
}
export function rectPatchInfo(p: fb.RectPatchInfo | null): D3DRECTPATCH_INFO | null {
  return p ? {
    StartVertexOffsetWidth: p.startVertexOffsetWidth(), StartVertexOffsetHeight: p.startVertexOffsetHeight(),
    Width: p.width(), Height: p.height(), Stride: p.stride(), Basis: p.basis(), Degree: p.degree(),
  } : null;
}
export function triPatchInfo(p: fb.TriPatchInfo | null): D3DTRIPATCH_INFO | null {
  return p ? { StartVertexOffset: p.startVertexOffset(), NumVertices: p.numVertices(), Basis: p.basis(), Degree: p.degree() } : null;
}
export function plane(p: fb.Plane | null): D3DPLANE | null {
  return p ? { a: p.a(), b: p.b(), c: p.c(), d: p.d() } : null;
}
export function clipStatus(c: fb.ClipStatus | null): D3DCLIPSTATUS9 | null {
  return c ? { ClipUnion: c.clipUnion(), ClipIntersection: c.clipIntersection() } : null;
}
