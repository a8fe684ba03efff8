/**
 * One mip level (or cube face level) decoded for filtering, row by row on first
 * use: the sampler never decodes a row it does not read, and decodes each row
 * at most once per draw. Components are in filter units (chooseRowToUnits):
 * UNORM channels of packed formats as integer codes, every other component as
 * its float value after the sRGB curve when SRGBTEXTURE is set; the sampled
 * value is a unit divided by `divisors[k]`. Block-compressed rows go through
 * decodeTexel (floats, divisor 1).
 */
import { chooseRowToUnits, decodeTexel } from '../../../formats/index.js';
import type { RowDecoder, SampleOptions } from '../../../formats/index.js';
import type { SurfaceView } from '../../surface-view.js';

export class DecodedLevel {
  readonly width: number;
  readonly height: number;
  /** RGBA in filter units, row-major, 4 per texel; valid only for rows marked ready */
  readonly texels: Float32Array;
  /** per component R, G, B, A: the divisor from a unit to the sampled value (2^n − 1 for UNORM codes, else 1) */
  readonly divisors: Float64Array;
  private readonly ready: Uint8Array;
  private readonly row: RowDecoder<Float32Array> | undefined;

  constructor(private readonly view: SurfaceView, private readonly opts: SampleOptions) {
    this.width = view.width;
    this.height = view.height;
    this.texels = new Float32Array(view.width * view.height * 4);
    this.ready = new Uint8Array(view.height);
    // block rows taller than one texel cannot be read as one-row surfaces
    const units = view.format.blockH === 1 ? chooseRowToUnits(view.format, opts) : undefined;
    this.row = units?.row;
    this.divisors = Float64Array.from(units?.divisors ?? [1, 1, 1, 1]);
  }

  /** Offset in `texels` of texel (x, y), decoding its row first if needed. */
  at(x: number, y: number): number {
    if (this.ready[y] === 0) this.decodeRow(y);
    return (y * this.width + x) * 4;
  }

  /** Offset in `texels` of row y's first texel, decoding the row first if needed. */
  rowStart(y: number): number {
    if (this.ready[y] === 0) this.decodeRow(y);
    return y * this.width * 4;
  }

  private decodeRow(y: number): void {
    const v = this.view;
    const o = y * this.width * 4;
    if (this.row) this.row(v.data, y * v.pitch, this.width, this.texels, o);
    else for (let x = 0; x < this.width; x++) decodeTexel(v.format, v.data, v.pitch, x, y, this.texels, o + 4 * x, this.opts);
    this.ready[y] = 1;
  }
}
