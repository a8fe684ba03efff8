import { describe, it, expect } from 'vitest';
import {
  D3DFVF,
  D3DFVF_TEXCOORDSIZE,
  formatFvf,
  fvfLayout,
  parseFvf,
  parseFvfTerm,
} from '../../src/d3d9/index.js';

const { XYZ, XYZRHW, XYZW, XYZB1, XYZB2, XYZB3, XYZB5, NORMAL, PSIZE, DIFFUSE, SPECULAR, TEX1, TEX2, TEX8 } = D3DFVF;
const { LASTBETA_UBYTE4, LASTBETA_D3DCOLOR } = D3DFVF;

/** `name@offset`, with `:u32` for integer fields. */
function describeLayout(fvf: number): string | undefined {
  const layout = fvfLayout(fvf);
  if (layout === undefined) return undefined;
  const fields = layout.fields.map((f) => `${f.name}@${f.offset}${f.kind === 'u32' ? ':u32' : ''}`);
  return `${layout.stride}: ${fields.join(' ')}`;
}

describe('fvfLayout packs fields in D3D9 order', () => {
  it.each([
    ['XYZRHW|DIFFUSE|TEX1 (0x144)', XYZRHW | DIFFUSE | TEX1, '28: x@0 y@4 z@8 rhw@12 diffuse@16:u32 u0@20 v0@24'],
    ['XYZ', XYZ, '12: x@0 y@4 z@8'],
    ['XYZ|NORMAL|TEX1', XYZ | NORMAL | TEX1, '32: x@0 y@4 z@8 nx@12 ny@16 nz@20 u0@24 v0@28'],
    ['XYZW|DIFFUSE', XYZW | DIFFUSE, '20: x@0 y@4 z@8 w@12 diffuse@16:u32'],
    [
      'XYZ|PSIZE|DIFFUSE|SPECULAR',
      XYZ | PSIZE | DIFFUSE | SPECULAR,
      '24: x@0 y@4 z@8 psize@12 diffuse@16:u32 specular@20:u32',
    ],
    [
      'XYZB3|LASTBETA_UBYTE4|NORMAL',
      XYZB3 | LASTBETA_UBYTE4 | NORMAL,
      '36: x@0 y@4 z@8 beta1@12 beta2@16 beta3@20:u32 nx@24 ny@28 nz@32',
    ],
    ['XYZB3 (all weights)', XYZB3, '24: x@0 y@4 z@8 beta1@12 beta2@16 beta3@20'],
    ['XYZB1|LASTBETA_D3DCOLOR', XYZB1 | LASTBETA_D3DCOLOR, '16: x@0 y@4 z@8 beta1@12:u32'],
    [
      'XYZB5|DIFFUSE',
      XYZB5 | DIFFUSE,
      '36: x@0 y@4 z@8 beta1@12 beta2@16 beta3@20 beta4@24 beta5@28 diffuse@32:u32',
    ],
    ['XYZ|TEX1|TEXCOORDSIZE3(0)', XYZ | TEX1 | D3DFVF_TEXCOORDSIZE(3, 0), '24: x@0 y@4 z@8 u0@12 v0@16 w0@20'],
    [
      'XYZ|TEX2|TEXCOORDSIZE1(0)|TEXCOORDSIZE4(1)',
      XYZ | TEX2 | D3DFVF_TEXCOORDSIZE(1, 0) | D3DFVF_TEXCOORDSIZE(4, 1),
      '32: x@0 y@4 z@8 u0@12 u1@16 v1@20 w1@24 q1@28',
    ],
    ['XYZRHW|TEX8', XYZRHW | TEX8, `80: x@0 y@4 z@8 rhw@12 ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `u${i}@${16 + 8 * i} v${i}@${20 + 8 * i}`).join(' ')}`],
  ])('%s', (_, fvf, expected) => {
    expect(describeLayout(fvf)).toBe(expected);
  });

  it('ignores size codes of texcoord sets the FVF does not declare', () => {
    expect(describeLayout(XYZ | TEX1 | D3DFVF_TEXCOORDSIZE(4, 3))).toBe('20: x@0 y@4 z@8 u0@12 v0@16');
  });
});

describe('fvfLayout rejects invalid FVFs', () => {
  it.each([
    ['no position', DIFFUSE | TEX1],
    ['zero', 0],
    ['XYZRHW with NORMAL', XYZRHW | NORMAL],
    ['LASTBETA_UBYTE4 without blend weights', XYZ | LASTBETA_UBYTE4],
    ['both LASTBETA flags', XYZB2 | LASTBETA_UBYTE4 | LASTBETA_D3DCOLOR],
    ['D3DFVF_RESERVED0', XYZ | D3DFVF.RESERVED0],
    ['reserved bit 0x2000', XYZ | 0x2000],
    ['an unknown position code (0x4004)', 0x4004],
    ['more than 8 texcoord sets', XYZ | 0x900],
  ])('%s', (_, fvf) => {
    expect(fvfLayout(fvf)).toBeUndefined();
  });
});

describe('formatFvf writes an OR of D3D9 names', () => {
  it.each([
    [XYZRHW | DIFFUSE | TEX1, 'D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1'],
    [XYZ | NORMAL | TEX1 | D3DFVF_TEXCOORDSIZE(3, 0), 'D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0)'],
    [XYZB3 | LASTBETA_UBYTE4, 'D3DFVF_XYZB3 | D3DFVF_LASTBETA_UBYTE4'],
    [XYZW, 'D3DFVF_XYZW'],
    [(XYZ | TEX2 | D3DFVF_TEXCOORDSIZE(1, 7)) >>> 0, 'D3DFVF_XYZ | D3DFVF_TEX2 | D3DFVF_TEXCOORDSIZE1(7)'],
    [0, '0'],
    [XYZ | 0x2000, 'D3DFVF_XYZ | 0x2000'],
    [XYZ | 0x900, 'D3DFVF_XYZ | 0x900'],
    [0x4004, '0x4004'], // not a position code, so no position name
  ])('%i → %s', (fvf, text) => {
    expect(formatFvf(fvf)).toBe(text);
    expect(parseFvf(text)).toBe(fvf);
  });

  it('reads its own text back to the same number for 10,000 random DWORDs and every common FVF', () => {
    let seed = 0x12345678;
    const next = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed;
    };
    const samples: number[] = [0, 0xffffffff, 0x144, 0x112, 0x1c4, 0x152, 0x252, 0x342];
    for (let i = 0; i < 10000; i++) samples.push(next());
    for (let i = 0; i < 1000; i++) samples.push(next() & 0xffff);
    for (const fvf of samples) expect(parseFvf(formatFvf(fvf))).toBe(fvf);
  });
});

describe('parseFvfTerm', () => {
  it.each([
    ['D3DFVF_TEXCOORDSIZE2(1)', 0],
    ['D3DFVF_TEXCOORDSIZE3(0)', 0x10000],
    ['D3DFVF_TEXCOORDSIZE4(2)', 0x200000],
    ['D3DFVF_TEXCOORDSIZE1(7)', 0xc0000000],
    ['D3DFVF_TEXCOORDSIZE1( 3 )', 0xc00000],
    [' D3DFVF_XYZ ', 2],
    ['D3DFVF_TEX8', 0x800],
    ['0x2000', 0x2000],
    ['16', 16],
  ])('reads %s as %i', (term, value) => {
    expect(parseFvfTerm(term)).toBe(value);
  });

  it.each(['D3DFVF_TEXCOORDSIZE5(0)', 'D3DFVF_TEXCOORDSIZE3(8)', 'D3DFVF_BOGUS', 'XYZ', '', '0x100000000', '-1'])(
    'rejects %j',
    (term) => {
      expect(parseFvfTerm(term)).toBeUndefined();
    },
  );

  it('rejects an expression with an unknown term', () => {
    expect(parseFvf('D3DFVF_XYZ | D3DFVF_NOPE')).toBeUndefined();
  });
});
