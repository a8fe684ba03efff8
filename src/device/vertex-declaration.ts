/**
 * IDirect3DVertexDeclaration9: the validated elements, and the fetch description a draw reads.
 * A declaration SetFVF makes belongs to the device (one per FVF, shared: Wine device.c
 * test_fvf_decl_management): its count shows only the references GetVertexDeclaration handed out.
 */
import { D3D_OK, D3DDECLUSAGE, D3DDECL_END, declTypeBytes, fvfLayout } from '../d3d9/index.js';
import type { D3DVERTEXELEMENT9, HRESULT } from '../d3d9/index.js';
import { layoutFromDeclaration, decodeVertexLayout } from '../driver/raster/vertex/index.js';
import type { VertexLayout } from '../driver/raster/vertex/index.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import type { BOOL, IDirect3DDevice9, IDirect3DVertexDeclaration9 } from './types.js';

export class VertexDeclaration extends RefCounted implements IDirect3DVertexDeclaration9 {
  /** what fixed-function draws read; undefined when they cannot draw with it (no position, or an FVF fvfLayout rejects) */
  readonly layout: VertexLayout | undefined;
  /** what draws with a vertex shader read: every element counts towards the bytes a stream must hold, a position or not */
  readonly shaderLayout: VertexLayout;

  /** `fvf` ≠ 0: the device's own declaration for that FVF */
  constructor(private readonly device: IDirect3DDevice9 & RefCounted, readonly elements: readonly D3DVERTEXELEMENT9[], readonly fvf = 0) {
    super();
    if (fvf !== 0) {
      this.refs = 0;
      this.layout = fvfLayout(fvf) ? decodeVertexLayout(fvf) : undefined;
    } else {
      const hasPosition = elements.some((e) => (e.Usage === D3DDECLUSAGE.POSITION || e.Usage === D3DDECLUSAGE.POSITIONT) && e.UsageIndex === 0);
      this.layout = hasPosition ? layoutFromDeclaration(elements) : undefined;
    }
    this.shaderLayout = shaderLayoutOf(this.layout ?? layoutFromDeclaration(elements), elements);
  }

  /** The device's declarations stay usable at a count of 0: the device holds them. */
  override get alive(): boolean {
    return this.fvf !== 0 || this.refs > 0;
  }

  override AddRef(): number {
    if (this.fvf !== 0 && this.refs === 0) return ++this.refs;
    return super.AddRef();
  }

  /** the streams a draw reads (those with elements), with the bytes one vertex needs from each */
  get streams(): Int32Array | undefined {
    return this.layout?.streamBytes;
  }

  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 } {
    this.device.AddRef();
    return { hr: D3D_OK, device: this.device };
  }

  /**
   * The elements with D3DDECL_END, and their number counting the terminator; `pElement` FALSE
   * (NULL) asks for the number alone.
   */
  GetDeclaration(pElement: BOOL): { hr: HRESULT; element?: D3DVERTEXELEMENT9[]; numElements?: number } {
    const numElements = this.elements.length + 1;
    if (pElement === false || pElement === 0) return { hr: D3D_OK, numElements };
    return { hr: D3D_OK, element: [...this.elements.map((e) => ({ ...e })), { ...D3DDECL_END }], numElements };
  }
}

/** `layout` with each stream's bytes per vertex covering every element (a vertex shader may read any). */
function shaderLayoutOf(layout: VertexLayout, elements: readonly D3DVERTEXELEMENT9[]): VertexLayout {
  const streamBytes = layout.streamBytes.slice();
  for (const e of elements) {
    if (e.Stream < streamBytes.length) streamBytes[e.Stream] = Math.max(streamBytes[e.Stream], e.Offset + declTypeBytes(e.Type));
  }
  return { ...layout, streamBytes };
}

declareInterfaces(VertexDeclaration, ['IDirect3DVertexDeclaration9']);
guardReleased(VertexDeclaration.prototype, 'IDirect3DVertexDeclaration9', { QueryInterface: 'out', GetDevice: 'out', GetDeclaration: 'out' });
