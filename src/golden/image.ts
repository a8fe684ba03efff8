/** Surfaces as RGBA8 images, and PNG encoding (our writer) and decoding (pngjs). */
import { PNG } from 'pngjs';
import { surfaceToRGBA8 } from '../formats/index.js';
import { Device } from '../device/device.js';
import type { Surface } from '../device/surface.js';
import type { IDirect3DDevice9 } from '../device/types.js';
import { writePng } from './png-write.js';

export interface Rgba8Image {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom */
  data: Uint8Array;
}

/** The first sample of a surface as RGBA8, as sampling reads it (depth as grey). */
export function surfaceImage(s: Surface): Rgba8Image {
  return { width: s.width, height: s.height, data: surfaceToRGBA8(s.format, s.data, s.pitch, s.width, s.height) };
}

/** What Present shows: the device's back buffer, or undefined for a device that is not the emulated one. */
export function presentedImage(device: IDirect3DDevice9): Rgba8Image | undefined {
  return device instanceof Device ? surfaceImage(device.backBuffer) : undefined;
}

/** The PNG of `img` (lossless RGBA8; see png-write.ts for why not pngjs's encoder). */
export function encodePng(img: Rgba8Image): Buffer {
  return writePng(img);
}

export function decodePng(bytes: Uint8Array): Rgba8Image {
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}
