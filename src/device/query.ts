/**
 * IDirect3DQuery9 on the emulated device. The device runs every command to completion when it is
 * made, so a query's result is ready as soon as Issue(D3DISSUE_END) returns: GetData answers S_OK
 * with the data after an END, never S_FALSE, with or without D3DGETDATA_FLUSH. The states follow
 * "Queries (Direct3D 9)": created (never issued) → building (after BEGIN, for the types with a
 * range) → signalled (after END).
 *  - created: GetData answers S_OK and fills the bytes asked for (up to the data size) with 0xdd
 *    (Wine device.c test_occlusion_query and test_timestamp_query: what Windows writes).
 *  - building: S_FALSE, nothing written (Windows answers S_FALSE, or S_OK with 0: same tests).
 *  - signalled: S_OK and the value, dwSize bytes of it little-endian; asking for more than the data
 *    size gives the value widened to 8 bytes (test_occlusion_query reads an occlusion DWORD with
 *    an 8-byte buffer and finds 0 above it), never more than 8.
 * Issue(BEGIN) on a type without a range (EVENT, TIMESTAMP, TIMESTAMPFREQ) is D3D_OK and changes
 * nothing (test_timestamp_query); BEGIN on a building query restarts its range; END without BEGIN
 * ends an empty range (test_occlusion_query: every order of BEGIN and END is D3D_OK).
 */
import { D3D_OK, D3DISSUE, D3DQUERYTYPE, GPU_CLOCK, HR } from '../d3d9/index.js';
import type { HRESULT, QueryTypeInfo } from '../d3d9/index.js';
import { RefCounted } from './ref-counted.js';
import { declareInterfaces } from './interfaces.js';
import { guardReleased } from './released.js';
import type { IDirect3DDevice9, IDirect3DQuery9 } from './types.js';

/** What the device's GPU has done, as queries read it. */
export interface GpuCounters {
  /** the emulated clock, in ticks of GPU_CLOCK.FREQUENCY */
  clock: number;
  /** samples that passed the depth and stencil tests while an occlusion query was open */
  samples: { count: number };
  /** occlusion queries building now (draws count samples only while there is one) */
  openOcclusion: number;
}

export function gpuCounters(): GpuCounters {
  return { clock: 0, samples: { count: 0 }, openOcclusion: 0 };
}

export type QueryStatus = 'created' | 'building' | 'signalled';

const UNISSUED_BYTE = 0xdd;
const DWORD_MAX = 0xffffffff;

export class Query extends RefCounted implements IDirect3DQuery9 {
  status: QueryStatus = 'created';
  /** the result after END (BOOL as 0/1; an occlusion count saturates at 0xffffffff, as a DWORD holds it) */
  value = 0;
  /** an occlusion query's sample count at BEGIN */
  start = 0;

  constructor(private readonly device: IDirect3DDevice9 & RefCounted, readonly type: number, readonly info: QueryTypeInfo, private readonly gpu: GpuCounters) {
    super();
  }

  GetDevice(): { hr: HRESULT; device?: IDirect3DDevice9 } {
    this.device.AddRef();
    return { hr: D3D_OK, device: this.device };
  }

  GetType(): number {
    return this.type;
  }

  GetDataSize(): number {
    return this.info.size;
  }

  Issue(dwIssueFlags: number): HRESULT {
    if ((dwIssueFlags & D3DISSUE.END) !== 0) this.end();
    else if ((dwIssueFlags & D3DISSUE.BEGIN) !== 0 && this.info.begins) this.begin();
    return D3D_OK;
  }

  private begin(): void {
    if (this.type === D3DQUERYTYPE.OCCLUSION) {
      if (this.status !== 'building') this.gpu.openOcclusion++;
      this.start = this.gpu.samples.count;
    }
    this.status = 'building';
  }

  private end(): void {
    switch (this.type) {
      case D3DQUERYTYPE.EVENT: this.value = 1; break;
      case D3DQUERYTYPE.OCCLUSION:
        this.value = this.status === 'building' ? Math.min(this.gpu.samples.count - this.start, DWORD_MAX) : 0;
        this.close();
        break;
      case D3DQUERYTYPE.TIMESTAMP: this.value = this.gpu.clock; break;
      // the emulated clock never changes frequency nor stops: never disjoint
      case D3DQUERYTYPE.TIMESTAMPDISJOINT: this.value = 0; break;
      case D3DQUERYTYPE.TIMESTAMPFREQ: this.value = GPU_CLOCK.FREQUENCY; break;
      default: this.value = 0;
    }
    this.status = 'signalled';
  }

  /** An occlusion query leaves the open set (at END, at its final Release). */
  private close(): void {
    if (this.type === D3DQUERYTYPE.OCCLUSION && this.status === 'building') this.gpu.openOcclusion--;
  }

  protected override destroy(): void {
    this.close();
    this.status = 'created';
  }

  GetData(dwSize: number, _dwGetDataFlags: number): { hr: HRESULT; data?: Uint8Array } {
    if (this.status === 'building') return { hr: HR.S_FALSE };
    const size = dwSize >>> 0;
    if (size === 0) return { hr: D3D_OK };
    if (this.status === 'created') return { hr: D3D_OK, data: new Uint8Array(Math.min(size, this.info.size)).fill(UNISSUED_BYTE) };
    const n = Math.min(size, size > this.info.size ? 8 : this.info.size);
    const bytes = new Uint8Array(8);
    const dv = new DataView(bytes.buffer);
    dv.setUint32(0, this.value % 2 ** 32, true);
    dv.setUint32(4, Math.floor(this.value / 2 ** 32), true);
    return { hr: D3D_OK, data: bytes.slice(0, n) };
  }
}

declareInterfaces(Query, ['IDirect3DQuery9']);
guardReleased(Query.prototype, 'IDirect3DQuery9', { QueryInterface: 'out', GetDevice: 'out', GetType: 'zero', GetDataSize: 'zero', Issue: 'hr', GetData: 'out' });
