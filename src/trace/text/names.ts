/** Default names of handles in the text form: a short word for the kind, then the id. */
import type { HandleKind } from '../commands.js';

export const KIND_WORD: Record<HandleKind, string> = {
  Direct3D9: 'd3d',
  Device: 'dev',
  Surface: 'surf',
  Texture: 'tex',
  CubeTexture: 'cube',
  VertexBuffer: 'vb',
  IndexBuffer: 'ib',
  StateBlock: 'sb',
};

export function defaultName(kind: HandleKind, id: number): string {
  return `${KIND_WORD[kind]}${id}`;
}

/** Words the text form reserves: a handle may not be named like them. */
export function isReservedName(name: string): boolean {
  return name === 'NULL' || name === 'TRUE' || name === 'FALSE' || /^D3D/.test(name) || name === 'hex' || name === 'b64';
}
