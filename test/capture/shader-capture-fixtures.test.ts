/**
 * The real captures of shader programs (test/fixtures/capture/, recorded under Wine by
 * test/fixtures/capture/src/build.sh) are fixtures for the apitrace importer: each is present with
 * its dump and its expected pixels, the expected file parses, the token arrays compiled into the
 * program are what our assembler makes of the .asm sources beside them, and the shader blobs the
 * trace holds are those tokens.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/shader/index.js';
import { parseExpected } from './expected.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'capture');
const SRC = join(DIR, 'src');

/** name → the render targets it reads back and how many pixels each */
const CAPTURES: Record<string, Record<string, number>> = {
  sm1_texbem: { backbuffer: 8 },
  sm2_lit: { backbuffer: 11 },
  sm3_loop: { backbuffer: 10 },
  mrt: { backbuffer: 6, rt1: 6 },
  texkill_odepth: { backbuffer: 10 },
};

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

  for (const [name, surfaces] of Object.entries(CAPTURES)) {
    describe(name, () => {
      it('has its trace (apitrace snappy container), dump, expected pixels and C source', () => {
        const trace = readFileSync(join(DIR, `${name}.trace`));
        expect(trace.subarray(0, 2).toString('latin1')).toBe('at');
        expect(trace.length).toBeLessThan(64 * 1024);
        const dump = readFileSync(join(DIR, `${name}.dump.txt`), 'utf8');
        // the program read its pixels back through a SYSTEMMEM copy, and presented once
        expect(dump).toMatch(/IDirect3DDevice9::GetRenderTargetData\(.*\) = D3D_OK/);
        expect(dump.match(/IDirect3DDevice9::Present\(.*\) = D3D_OK/g)).toHaveLength(1);
        expect(existsSync(join(SRC, `${name}.c`))).toBe(true);
      });

      it('expected pixels parse, inside the 64×64 targets', () => {
        const pixels = parseExpected(readFileSync(join(DIR, `${name}.expected.txt`), 'utf8'));
        const counts: Record<string, number> = {};
        for (const p of pixels) {
          counts[p.surface] = (counts[p.surface] ?? 0) + 1;
          expect(p.x).toBeLessThan(64);
          expect(p.y).toBeLessThan(64);
          // the back buffer is X8R8G8B8 (its X byte is not printed); other targets are A8R8G8B8
          expect(p.alpha).toBe(p.surface !== 'backbuffer');
        }
        expect(counts).toEqual(surfaces);
      });

      it('compiles in the tokens our assembler makes of its .asm sources, and the trace holds them', () => {
        const arrays = headerArrays(readFileSync(join(SRC, `${name}.shaders.h`), 'utf8'));
        const sources = readdirSync(SRC).filter((f) => f.startsWith(`${name}.`) && f.endsWith('.asm'));
        expect(sources.length).toBeGreaterThanOrEqual(2);
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
