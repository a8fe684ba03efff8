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
  VolumeTexture: 'voltex',
  Volume: 'vol',
  VertexDeclaration: 'decl',
  VertexShader: 'vs',
  PixelShader: 'ps',
  SwapChain: 'sc',
  Query: 'query',
};

export function defaultName(kind: HandleKind, id: number): string {
  return `${KIND_WORD[kind]}${id}`;
}

/** Words the text form reserves: a handle may not be named like them. */
export function isReservedName(name: string): boolean {
  return name === 'NULL' || name === 'TRUE' || name === 'FALSE' || /^D3D/.test(name) || name === 'hex' || name === 'b64';
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Can `name` stand bare in the text (an identifier that is no reserved word)? */
export function isBareName(name: string): boolean {
  return IDENTIFIER.test(name) && !isReservedName(name);
}

/**
 * Characters a quoted string shows as \uXXXX although JSON would not: DEL and the C1 controls
 * (terminals act on them), and the invisible format characters that hide or reorder text (soft
 * hyphen, zero-width and bidirectional controls, line and paragraph separators, BOM). A fixed list,
 * so the text is the same on every Node version.
 */
const INVISIBLE = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** A string as the text form writes it: a JSON string, with the characters above escaped too. */
export function quoteString(s: string): string {
  return JSON.stringify(s).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A handle's name as the text writes it: bare when it is an identifier and reads back the same way,
 * else quoted. `stored`: the trace records the name (a bare name equal to the handle's default name
 * is not recorded, so a recorded one that equals it is quoted: a quoted name is always recorded).
 */
export function nameToken(name: string, kind: HandleKind, id: number, stored: boolean): string {
  return isBareName(name) && !(stored && name === defaultName(kind, id)) ? name : quoteString(name);
}
