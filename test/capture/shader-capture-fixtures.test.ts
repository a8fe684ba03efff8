/**
 * The real captures of our D3D9 programs (test/fixtures/capture/, recorded under Wine by
 * test/fixtures/capture/src/build.sh) are fixtures for the apitrace importer: each is present with
 * its dump and what it read back, the expected file parses, the dump holds the calls the program is
 * about, and for programs with shaders the token arrays compiled into the program are what our
 * assembler makes of the .asm sources beside them, and the shader blobs the trace holds are those
 * tokens.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/shader/index.js';
import { parseExpected, parseValues } from './expected.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'capture');
const SRC = join(DIR, 'src');

interface Capture {
  /** surface → how many pixels the program printed of it */
  surfaces: Record<string, number>;
  /** the `value` lines, in order */
  values?: string[];
  /** Present, IDirect3DSwapChain9::Present and PresentEx calls (1 unless said) */
  presents?: number;
  /** calls the program is about (apitrace's names): each is in its dump */
  calls?: string[];
  /** its shaders come from .asm files beside it */
  shaders?: boolean;
}

const CAPTURES: Record<string, Capture> = {
  sm1_texbem: { surfaces: { backbuffer: 8 }, shaders: true, calls: ['IDirect3DDevice9::SetTextureStageState'] },
  sm2_lit: { surfaces: { backbuffer: 11 }, shaders: true },
  sm3_loop: { surfaces: { backbuffer: 10 }, shaders: true },
  mrt: { surfaces: { backbuffer: 6, rt1: 6 }, shaders: true },
  texkill_odepth: { surfaces: { backbuffer: 10 }, shaders: true },
  decl_types: {
    surfaces: { backbuffer: 6 }, shaders: true,
    calls: ['D3DDECLTYPE_SHORT2N', 'D3DDECLTYPE_UBYTE4N', 'D3DDECLTYPE_FLOAT16_2', 'D3DDECLTYPE_SHORT4N', 'D3DDECLTYPE_FLOAT1', 'IDirect3DDevice9::DrawIndexedPrimitive'],
  },
  instancing: {
    surfaces: { backbuffer: 10 }, shaders: true, calls: [
      // apitrace prints the setting as a number: D3DSTREAMSOURCE_INDEXEDDATA (1 << 30) | 6, D3DSTREAMSOURCE_INSTANCEDATA (1 << 31) | 1
      'IDirect3DDevice9::SetStreamSourceFreq', `Setting = ${(1 << 30) + 6}`, `Setting = ${2 ** 31 + 1}`,
    ],
  },
  volume: {
    surfaces: { backbuffer: 13 }, values: ['level0_texel_1_1_1'],
    calls: ['IDirect3DDevice9::CreateVolumeTexture', 'IDirect3DVolumeTexture9::LockBox', 'IDirect3DVolumeTexture9::UnlockBox'],
  },
  cube: { surfaces: { backbuffer: 20 }, calls: ['IDirect3DDevice9::CreateCubeTexture', 'IDirect3DCubeTexture9::LockRect'] },
  tex_locks: {
    surfaces: { backbuffer: 15 }, values: ['a_level0_texel_4_0'],
    calls: ['D3DFMT_DXT1', 'IDirect3DDevice9::UpdateTexture', 'IDirect3DDevice9::UpdateSurface', 'Flags = D3DLOCK_READONLY'],
  },
  dynamic_vb: { surfaces: { backbuffer: 8 }, calls: ['D3DLOCK_DISCARD', 'D3DLOCK_NOOVERWRITE', 'IDirect3DIndexBuffer9::Lock'] },
  state_blocks: {
    surfaces: { backbuffer: 8 },
    calls: ['D3DSBT_ALL', 'D3DSBT_PIXELSTATE', 'D3DSBT_VERTEXSTATE', 'IDirect3DDevice9::BeginStateBlock', 'IDirect3DDevice9::EndStateBlock', 'IDirect3DStateBlock9::Capture', 'IDirect3DStateBlock9::Apply'],
  },
  queries: {
    surfaces: { backbuffer: 4 },
    values: [
      'create_event', 'create_occlusion', 'create_timestamp', 'create_timestampdisjoint', 'create_timestampfreq', 'occlusion_type', 'occlusion_data_size',
      'event_data_size', 'occlusion_getdata', 'occlusion_pixels', 'occlusion2_getdata', 'occlusion2_pixels', 'event_getdata', 'event_done', 'timestamp_getdata',
    ],
    calls: ['IDirect3DDevice9::CreateQuery', 'IDirect3DQuery9::Issue', 'IDirect3DQuery9::GetData'],
  },
  reset: { surfaces: { frame0: 6, frame1: 7 }, presents: 2, calls: ['IDirect3DDevice9::Reset', 'IDirect3DDevice9::TestCooperativeLevel'] },
  swapchain: {
    surfaces: { chain1: 3, backbuffer: 5 }, values: ['swap_chains'], presents: 2,
    calls: ['IDirect3DDevice9::CreateAdditionalSwapChain', 'IDirect3DSwapChain9::GetBackBuffer', 'IDirect3DSwapChain9::Present'],
  },
  d3d9ex: {
    surfaces: { backbuffer: 8 }, values: ['adapter_mode_width', 'adapter_mode_height', 'device_mode_width', 'device_mode_format'],
    calls: ['Direct3DCreate9Ex', 'IDirect3D9Ex::CreateDeviceEx', 'IDirect3DDevice9Ex::PresentEx', 'IDirect3DDevice9Ex::GetDisplayModeEx', 'pSharedHandle = &blob(64)'],
  },
  sm1_models: { surfaces: { backbuffer: 16 }, shaders: true },
  sm2x_flow: { surfaces: { backbuffer: 4 }, shaders: true, calls: ['IDirect3DDevice9::SetVertexShaderConstantB', 'IDirect3DDevice9::SetPixelShaderConstantB'] },
  // these two recorded with NO_SHADER_DISASM=1: the shaders are plain blobs
  sm2_subroutines: { surfaces: { backbuffer: 4 }, shaders: true, calls: ['pFunction = blob(', 'IDirect3DDevice9::SetVertexShaderConstantB'] },
  sm3_vpos_face: { surfaces: { backbuffer: 11 }, shaders: true, calls: ['pFunction = blob('] },
  stencil_twosided: { surfaces: { backbuffer: 8 }, calls: ['D3DRS_TWOSIDEDSTENCILMODE', 'D3DRS_CCW_STENCILPASS'] },
  stretchrect: { surfaces: { backbuffer: 17, rttex: 5 }, values: ['outside_dst'], calls: ['IDirect3DDevice9::StretchRect', 'IDirect3DDevice9::ColorFill', 'D3DTEXF_LINEAR'] },
  depth_copy: {
    surfaces: { d16: 4, d16copy: 4, backbuffer: 4 }, values: ['d24s8_to_d16_lockable', 'd16_lockable_to_d16_lockable', 'd32f_lock'],
    calls: ['D3DFMT_D16_LOCKABLE', 'D3DFMT_D32F_LOCKABLE', 'IDirect3DDevice9::SetDepthStencilSurface'],
  },
  rt_formats: {
    surfaces: { a2r10g10b10: 2, a8b8g8r8: 2, r5g6b5: 2, backbuffer: 1 }, values: ['check_a2r10g10b10', 'check_a8b8g8r8', 'check_r5g6b5'],
    calls: ['D3DFMT_A2R10G10B10', 'D3DFMT_A8B8G8R8', 'D3DFMT_R5G6B5'],
  },
};

/** Surfaces that are not 64×64. */
const SIZES: Record<string, [number, number]> = { frame1: [128, 96], chain1: [32, 32] };
/** X8R8G8B8 surfaces print RRGGBB; 16-bit ones 4 digits; the others all 32 bits */
const digitsOf = (surface: string): number =>
  ['backbuffer', 'frame0', 'frame1', 'chain1'].includes(surface) ? 6 : ['d16', 'd16copy', 'r5g6b5'].includes(surface) ? 4 : 8;

/** apitrace's container: 'at', then chunks of a u32 LE length and a raw snappy block. */
function apitraceBytes(file: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 2; at < file.length;) {
    const size = file.readUInt32LE(at);
    parts.push(unsnappy(file.subarray(at + 4, at + 4 + size)));
    at += 4 + size;
  }
  return Buffer.concat(parts);
}

/** Snappy's raw block format: a varint length, then literals and back-references. */
function unsnappy(src: Buffer): Buffer {
  let at = 0;
  let n = 0;
  for (let shift = 0; ; shift += 7) {
    const b = src[at++];
    n |= (b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  const out = Buffer.alloc(n);
  let o = 0;
  while (at < src.length) {
    const tag = src[at++];
    if ((tag & 3) === 0) {
      let len = (tag >> 2) + 1;
      if (len > 60) {
        const k = len - 60;
        len = src.readUIntLE(at, k) + 1;
        at += k;
      }
      src.copy(out, o, at, at + len);
      at += len;
      o += len;
      continue;
    }
    let len: number;
    let offset: number;
    if ((tag & 3) === 1) {
      len = ((tag >> 2) & 7) + 4;
      offset = ((tag >> 5) << 8) | src[at++];
    } else {
      len = (tag >> 2) + 1;
      offset = (tag & 3) === 2 ? src.readUInt16LE(at) : src.readUInt32LE(at);
      at += (tag & 3) === 2 ? 2 : 4;
    }
    for (let k = 0; k < len; k++, o++) out[o] = out[o - offset];
  }
  if (o !== n) throw new Error(`snappy block: ${o} bytes, its header says ${n}`);
  return out;
}

/** The token arrays of NAME.shaders.h, by C name. */
function headerArrays(text: string): Map<string, number[]> {
  const arrays = new Map<string, number[]>();
  for (const m of text.matchAll(/static const DWORD (\w+)\[\] = \{([^}]*)\};/g)) {
    arrays.set(m[1], [...m[2].matchAll(/0x[0-9a-f]{8}/g)].map((w) => parseInt(w[0], 16)));
  }
  return arrays;
}

describe('shader capture fixtures', () => {
  it('are the listed ones, no more', () => {
    const traces = readdirSync(DIR).filter((f) => f.endsWith('.trace')).map((f) => f.slice(0, -6)).sort();
    expect(traces).toEqual(Object.keys(CAPTURES).sort());
  });

  for (const [name, capture] of Object.entries(CAPTURES)) {
    describe(name, () => {
      it('has its trace (apitrace snappy container), dump, expected pixels and C source', () => {
        const trace = readFileSync(join(DIR, `${name}.trace`));
        expect(trace.subarray(0, 2).toString('latin1')).toBe('at');
        expect(trace.length).toBeLessThan(64 * 1024);
        const dump = readFileSync(join(DIR, `${name}.dump.txt`), 'utf8');
        // the program read its pixels back through a lock, and presented
        expect(dump).toMatch(/::LockRect\(.*Flags = D3DLOCK_READONLY\) = D3D_OK/);
        expect(dump.match(/::Present(Ex)?\(.*\) = D3D_OK/g)).toHaveLength(capture.presents ?? 1);
        for (const call of capture.calls ?? []) expect(dump, call).toContain(call);
        expect(existsSync(join(SRC, `${name}.c`))).toBe(true);
      });

      it('what it read back parses: its pixels inside their surfaces, its values', () => {
        const text = readFileSync(join(DIR, `${name}.expected.txt`), 'utf8');
        const pixels = parseExpected(text);
        const counts: Record<string, number> = {};
        for (const p of pixels) {
          counts[p.surface] = (counts[p.surface] ?? 0) + 1;
          const [w, h] = SIZES[p.surface] ?? [64, 64];
          expect(p.x).toBeLessThan(w);
          expect(p.y).toBeLessThan(h);
          expect(p.digits, `${p.surface} ${p.x} ${p.y}`).toBe(digitsOf(p.surface));
        }
        expect(counts).toEqual(capture.surfaces);
        expect([...parseValues(text).keys()]).toEqual(capture.values ?? []);
      });

      it('compiles in the tokens our assembler makes of its .asm sources, and the trace holds them', () => {
        const sources = readdirSync(SRC).filter((f) => f.startsWith(`${name}.`) && f.endsWith('.asm'));
        if (!capture.shaders) {
          expect(sources).toEqual([]);
          return;
        }
        expect(sources.length).toBeGreaterThanOrEqual(2);
        const arrays = headerArrays(readFileSync(join(SRC, `${name}.shaders.h`), 'utf8'));
        const trace = apitraceBytes(readFileSync(join(DIR, `${name}.trace`)));
        for (const file of sources) {
          const r = assemble(readFileSync(join(SRC, file), 'utf8'));
          if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
          const cname = `${file.slice(name.length + 1, -4).replaceAll('.', '_')}_tokens`;
          expect(arrays.get(cname), cname).toEqual([...r.tokens]);
          // CreateVertexShader/CreatePixelShader's pFunction blob
          expect(trace.includes(Buffer.from(r.tokens.buffer, r.tokens.byteOffset, r.tokens.byteLength)), file).toBe(true);
        }
      });
    });
  }
});
