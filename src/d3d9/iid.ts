/**
 * GUIDs: the interface IDs of d3d9.h (and IUnknown's), the GUID text form
 * `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (lower case) that the API takes for
 * REFIID/REFGUID, and the 16 bytes a GUID is in memory (Data1, Data2, Data3
 * little-endian, then Data4's 8 bytes), which is how a trace stores one.
 */
import { enumTable } from './enum-table.js';

/** IID_* keyed without the prefix: `IID.IDirect3DTexture9`. */
export const IID = {
  IUnknown: '00000000-0000-0000-c000-000000000046',
  IDirect3D9: '81bdcbca-64d4-426d-ae8d-ad0147f4275c',
  IDirect3D9Ex: '02177241-69fc-400c-8ff1-93a44df6861d',
  IDirect3DDevice9: 'd0223b96-bf7a-43fd-92bd-a43b0d82b9eb',
  IDirect3DDevice9Ex: 'b18b10ce-2649-405a-870f-95f777d4313a',
  IDirect3DResource9: '05eec05d-8f7d-4362-b999-d1baf357c704',
  IDirect3DBaseTexture9: '580ca87e-1d3c-4d54-991d-b7d3e3c298ce',
  IDirect3DTexture9: '85c31227-3de5-4f00-9b3a-f11ac38c18b5',
  IDirect3DCubeTexture9: 'fff32f81-d953-473a-9223-93d652aba93f',
  IDirect3DVolumeTexture9: '2518526c-e789-4111-a7b9-47ef328d13e6',
  IDirect3DVertexBuffer9: 'b64bb1b5-fd70-4df6-bf91-19d0a12455e3',
  IDirect3DIndexBuffer9: '7c9dd65e-d3f7-4529-acee-785830acde35',
  IDirect3DSurface9: '0cfbaf3a-9ff6-429a-99b3-a2796af8b89b',
  IDirect3DVolume9: '24f416e6-1f67-4aa7-b88e-d33f6f3128a1',
  IDirect3DSwapChain9: '794950f2-adfc-458a-905e-10a10b0b503b',
  IDirect3DSwapChain9Ex: '91886caf-1c3d-4d2e-a0ab-3e4c7d8d3303',
  IDirect3DVertexDeclaration9: 'dd13c59c-36fa-4098-a8fb-c7ed39dc8546',
  IDirect3DVertexShader9: 'efc5557e-6265-4613-8a94-43857889eb36',
  IDirect3DPixelShader9: '6d3bdbdc-5b02-4415-b852-ce5e8bccb289',
  IDirect3DStateBlock9: 'b07c4fe5-310d-4ba8-a23c-4f0f206f218b',
  IDirect3DQuery9: 'd9771460-a695-4f26-bbd3-27b840b541cc',
} as const;
export type InterfaceName = keyof typeof IID;

const GUID_RE = /^\{?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}?$/i;

/** The GUID in the canonical text form, or undefined when `s` is not a GUID. */
export function normalizeGuid(s: string): string | undefined {
  const m = GUID_RE.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}-${m[4]}-${m[5]}`.toLowerCase() : undefined;
}

/** A GUID's 16 bytes in memory order. */
export function guidBytes(guid: string): Uint8Array {
  const g = normalizeGuid(guid);
  if (!g) throw new TypeError(`${JSON.stringify(guid)} is not a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`);
  const hex = g.replace(/-/g, '');
  const b = new Uint8Array(Buffer.from(hex, 'hex'));
  // Data1, Data2, Data3 are little-endian integers in memory
  b.subarray(0, 4).reverse();
  b.subarray(4, 6).reverse();
  b.subarray(6, 8).reverse();
  return b;
}

/** The text form of 16 GUID bytes (memory order). */
export function guidString(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError(`a GUID is 16 bytes, not ${bytes.length}`);
  const b = Uint8Array.from(bytes);
  b.subarray(0, 4).reverse();
  b.subarray(4, 6).reverse();
  b.subarray(6, 8).reverse();
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const IID_BY_GUID: ReadonlyMap<string, InterfaceName> = new Map(Object.entries(IID).map(([n, g]) => [g, n as InterfaceName]));

/** `IID_IDirect3DTexture9` for that interface's GUID, undefined for any other GUID. */
export function iidName(guid: string): string | undefined {
  const n = IID_BY_GUID.get(normalizeGuid(guid) ?? '');
  return n ? `IID_${n}` : undefined;
}

/** The GUID an `IID_*` name stands for, or undefined. */
export function iidByName(name: string): string | undefined {
  return name.startsWith('IID_') ? (IID as Record<string, string>)[name.slice(4)] : undefined;
}

/** SetPrivateData flags. */
export const D3DSPD = { IUNKNOWN: 1 } as const;
export const D3DSPD_TABLE = enumTable('D3DSPD', 'D3DSPD_', D3DSPD, 'flags');
