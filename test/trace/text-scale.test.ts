import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LONG } from '../helpers.js';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../src/trace/text/parse.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
`;

function pointList(n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`[${i % 640}, ${(i * 7) % 480}, 0.5, 1, 0xff${(i & 0xffffff).toString(16).padStart(6, '0')}]`);
  return `dev.DrawPrimitiveUP(D3DPT_POINTLIST, ${n}, [${parts.join(', ')}], 20)\n`;
}

describe('large vertex and index lists', () => {
  it('pack each vertex by the FVF: x, y, z, rhw as float32, the colour as uint32, little-endian', () => {
    const t = parseTrace(HEAD + 'dev.DrawPrimitiveUP(D3DPT_POINTLIST, 2, [[1.5, -2, 0.5, 1, 0xff102030], [0x3f800000, 3, 0, 1, 7]], 20)\n', 'v.r9t');
    const b = Buffer.from(t.calls[3].args.pVertexStreamZeroData as Uint8Array);
    expect(b.length).toBe(40);
    expect([b.readFloatLE(0), b.readFloatLE(4), b.readFloatLE(8), b.readFloatLE(12), b.readUInt32LE(16)]).toEqual([1.5, -2, 0.5, 1, 0xff102030]);
    // a hex literal in a float position is the float's bits
    expect([b.readFloatLE(20), b.readFloatLE(24), b.readUInt32LE(36)]).toEqual([1, 3, 7]);
    const ix = parseTrace(HEAD + 'dev.DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 1, 1, [0, 65535, 2], D3DFMT_INDEX16, [[0, 0, 0, 1, 0]], 20)\n', 'i.r9t');
    expect([...(ix.calls[3].args.pIndexData as Uint8Array)]).toEqual([0, 0, 0xff, 0xff, 2, 0]);
    expect(() => parseTrace(HEAD + 'dev.DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 1, 1, [0, 65536, 2], D3DFMT_INDEX16, [[0, 0, 0, 1, 0]], 20)\n', 'i.r9t'))
      .toThrow('i.r9t:4:61: index 65536 does not fit in 16 bits');
  });

  // a process of its own (tsx loads the parser afresh): the long suite runs it
  it.runIf(LONG)('100,000 vertices (3 MB of text) parse within a 24 MB JavaScript heap', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'replay9-scale-')), 'big.r9t');
    writeFileSync(file, HEAD + pointList(100_000));
    const parser = fileURLToPath(new URL('../../src/trace/text/parse.ts', import.meta.url));
    const script = `import { readFileSync } from 'node:fs';
      const { parseTrace } = await import(${JSON.stringify(parser)});
      const t = parseTrace(readFileSync(${JSON.stringify(file)}, 'utf8'), 'big.r9t');
      console.log(t.calls[3].args.pVertexStreamZeroData.length);`;
    // a token object and a node per number kept for the whole line took over 100 MB here
    const r = spawnSync(process.execPath, ['--max-old-space-size=24', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr.slice(0, 300)).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(String(100_000 * 20));
  }, 30_000);
});
