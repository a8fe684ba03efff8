/** Surfaces as RGBA8 images, and PNG encoding (pngjs). */
import { PNG } from 'pngjs';
import { surfaceToRGBA8 } from '../formats/index.js';
import { Device } from '../device/device.js';
import type { Surface } from '../device/surface.js';
import type { IDirect3DDevice9 } from '../device/types.js';

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

export function encodePng(img: Rgba8Image): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return PNG.sync.write(png, { colorType: 6 });
}

export function decodePng(bytes: Uint8Array): Rgba8Image {
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}
