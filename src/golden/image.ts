/** Surfaces as RGBA8 images, and PNG encoding (our writer) and decoding (pngjs). */
import { PNG } from 'pngjs';
import { surfaceToRGBA8 } from '../formats/index.js';
import { Device } from '../device/device.js';
import { Surface } from '../device/surface.js';
import type { IDirect3DDevice9, IDirect3DSurface9 } from '../device/types.js';
import { writePng } from './png-write.js';
import type { StoredSurface } from './store.js';

export interface Rgba8Image {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom */
  data: Uint8Array;
}

/** The object behind the public API's wrapper (src/api/wrap.ts keeps it as `inner`), or the object itself. */
function unwrapped(o: object): object {
  const inner = (o as { inner?: unknown }).inner;
  return typeof inner === 'object' && inner !== null ? inner : o;
}

/** The first sample of a surface as RGBA8, as sampling reads it (depth as grey); the public API's surfaces and stored copies too. */
export function surfaceImage(s: Surface | IDirect3DSurface9 | StoredSurface): Rgba8Image {
  const surface = unwrapped(s);
  if (!(surface instanceof Surface) && !isStored(surface)) throw new TypeError('surfaceImage: not a surface of the emulated device');
  return { width: surface.width, height: surface.height, data: surfaceToRGBA8(surface.format, surface.data, surface.pitch, surface.width, surface.height) };
}

function isStored(s: object): s is StoredSurface {
  const o = s as Partial<StoredSurface>;
  return o.data instanceof Uint8Array && typeof o.pitch === 'number' && typeof o.format === 'object';
}

/** What Present shows: the device's back buffer (a device from Direct3DCreate9 or a replay), or undefined for a device that is not the emulated one. */
export function presentedImage(device: IDirect3DDevice9): Rgba8Image | undefined {
  const d = unwrapped(device);
  return d instanceof Device ? surfaceImage(d.backBuffer) : undefined;
}

/** The surface a Present event showed: the presented swap chain's back buffer, or undefined for a backend that is not the emulated device. */
export function presentedSurface(e: { device: IDirect3DDevice9; surface?: object }): Surface | undefined {
  const s = e.surface ? unwrapped(e.surface) : undefined;
  if (s instanceof Surface) return s;
  const d = unwrapped(e.device);
  return d instanceof Device ? d.backBuffer : undefined;
}

/** What a Present event showed, as RGBA8 and as the surface itself (see presentedSurface). */
export function presentedFrame(e: { device: IDirect3DDevice9; surface?: object }): { image: Rgba8Image; surface: Surface } | undefined {
  const surface = presentedSurface(e);
  return surface ? { image: surfaceImage(surface), surface } : undefined;
}

/** The PNG of `img` (lossless RGBA8; see png-write.ts for why not pngjs's encoder). */
export function encodePng(img: Rgba8Image): Buffer {
  return writePng(img);
}

export function decodePng(bytes: Uint8Array): Rgba8Image {
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}
