/** FlatBuffers structs (generated accessors) to the API's plain structs. */
import type * as fb from '../trace/generated/replay9.js';
import type { D3DVERTEXELEMENT9 } from '../d3d9/index.js';
import type {
  D3DBOX, D3DDISPLAYMODEEX, D3DCOLORVALUE, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPRESENT_PARAMETERS, D3DVECTOR, D3DVIEWPORT9, POINT, RECT,
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
/** flatc names the accessors of D3DMATRIX's `_11` … `_44` fields `11()` … `44()`. */
export function matrix(m: fb.Matrix | null): D3DMATRIX | null {
  if (!m) return null;
  return {
    _11: m[11](), _12: m[12](), _13: m[13](), _14: m[14](),
    _21: m[21](), _22: m[22](), _23: m[23](), _24: m[24](),
    _31: m[31](), _32: m[32](), _33: m[33](), _34: m[34](),
    _41: m[41](), _42: m[42](), _43: m[43](), _44: m[44](),
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
export function displayModeEx(m: fb.DisplayModeEx | null): D3DDISPLAYMODEEX | null {
  if (!m) return null;
  return { Size: m.size(), Width: m.width(), Height: m.height(), RefreshRate: m.refreshRate(), Format: m.format(), ScanLineOrdering: m.scanLineOrdering() };
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
