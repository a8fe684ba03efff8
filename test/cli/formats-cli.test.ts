import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { formatsReport, formatsText, nearFormatNames, registerFormats } from '../../src/cli/commands/formats.js';
import { EXIT, UsageError } from '../../src/cli/io.js';
import type { Io } from '../../src/cli/io.js';
import { allFormats } from '../../src/formats/table.js';

/** Runs `replay9 formats ...` through registerFormats the way src/cli/main.ts drives a command. */
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  let code: number = EXIT.ok;
  const io: Io = { out: (t) => { out += t.endsWith('\n') ? t : t + '\n'; }, err: (t) => { err += t.endsWith('\n') ? t : t + '\n'; }, tty: false };
  const y = registerFormats(
    yargs(args).scriptName('replay9').strict().exitProcess(false).fail((msg, e) => { throw e ?? new UsageError(msg); }),
    io,
    (c) => { code = c; },
  );
  try {
    await y.parseAsync(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err += `replay9: ${e.message}\n`;
    code = EXIT.usage;
  }
  return { code, out, err };
}

const EIGHT = ['B8G8R8A8_TYPELESS', 'B8G8R8A8_UNORM', 'B8G8R8A8_UNORM_SRGB', 'B8G8R8X8_TYPELESS', 'B8G8R8X8_UNORM', 'B8G8R8X8_UNORM_SRGB', 'R10G10B10A2_TYPELESS', 'R10G10B10_XR_BIAS_A2_UNORM'];

describe('replay9 formats', () => {
  it('reports the support table as plain R / O / N/A values keyed by DXGI name and attribute', () => {
    const r = formatsReport();
    expect(Object.keys(r.support)).toEqual(EIGHT);
    for (const name of EIGHT) {
      expect(Object.keys(r.support[name])).toEqual([...r.attributes, ...r.omittedAttributes]);
      expect(Object.keys(r.changed[name])).toEqual(Object.keys(r.support[name]));
      for (const v of Object.values(r.support[name])) expect(['R', 'O', 'N/A']).toContain(v);
    }
    expect(r.attributes).toHaveLength(18);
    expect(r.support.B8G8R8A8_UNORM).toMatchObject({ Texture2D: 'R', 'Display Scan Out': 'R', 'Multi-Sample Render Target': 'O', 'Shader gather4': 'N/A' });
    expect(r.changed.B8G8R8A8_UNORM).toMatchObject({ Texture2D: true, 'Shader ld': false });
    expect(r.support.R10G10B10_XR_BIAS_A2_UNORM['Render Target']).toBe('N/A');
    expect(r.casts.R10G10B10_XR_BIAS_A2_UNORM.plain).toContain('R10G10B10A2_UNORM');
    expect(r.casts.R8G8B8A8_UNORM).toEqual({ plain: ['R8G8B8A8_UNORM'], present: ['R8G8B8A8_UNORM', 'R8G8B8A8_UNORM_SRGB', 'R8G8B8A8_UINT', 'R8G8B8A8_SNORM', 'R8G8B8A8_SINT'] });
  });

  it('lists every D3D9 format of the format table with its block and DXGI twin', () => {
    const r = formatsReport();
    expect(r.d3d9.map((f) => f.id)).toEqual(allFormats().map((f) => f.id));
    expect(r.d3d9.find((f) => f.name === 'A8R8G8B8')).toEqual({ id: 21, name: 'A8R8G8B8', kind: 'color', blockBytes: 4, blockW: 1, blockH: 1, swizzle: 'rgba', dxgi: 'B8G8R8A8_UNORM' });
    expect(r.d3d9.find((f) => f.name === 'DXT1')).toMatchObject({ blockBytes: 8, blockW: 4, blockH: 4, dxgi: null });
  });

  it.each([
    ['B8G8R8A8_UNORM', 'dxgi', 87],
    ['dxgi_format_r10g10b10_xr_bias_a2_unorm', 'dxgi', 89],
    ['a8r8g8b8', 'd3d9', 21],
    ['D3DFMT_A2B10G10R10_XR_BIAS', 'd3d9', 119],
    ['d3dfmt_d24s8', 'd3d9', 75],
  ])('finds %s as a %s format', (name, kind, id) => {
    const r = formatsReport(name);
    expect([r.kind, r.format.id]).toEqual([kind, id]);
  });

  it('shows one DXGI format\'s layout, support and casts', () => {
    const r = formatsReport('R10G10B10_XR_BIAS_A2_UNORM');
    if (r.kind !== 'dxgi') throw new Error('expected a DXGI report');
    expect(r.format).toMatchObject({ interpretation: 'xr_bias', family: 'R10G10B10A2_TYPELESS', layout: 'A 31:30, B 29:20, G 19:10, R 9:0', d3d9: { id: 119, name: 'A2B10G10R10_XR_BIAS' } });
    expect(Object.entries(r.support!).filter(([, v]) => v === 'R').map(([a]) => a)).toEqual(['Texture2D', 'CPU Lockable', 'Display Scan Out', 'Cast Within Bit Layout']);
    expect(r.casts.plain).toEqual(['R10G10B10A2_UNORM', 'R10G10B10A2_UINT', 'R10G10B10_XR_BIAS_A2_UNORM']);
    expect(formatsReport('R8G8B8A8_UNORM')).toMatchObject({ kind: 'dxgi', support: null, changed: null });
  });

  it('shows a D3D9 format with its DXGI twin\'s details', () => {
    const r = formatsReport('X8R8G8B8');
    if (r.kind !== 'd3d9') throw new Error('expected a D3D9 report');
    expect(r.format.channels).toBe('X 31:24 unorm, R 23:16 unorm, G 15:8 unorm, B 7:0 unorm');
    expect(r.dxgi?.format.name).toBe('B8G8R8X8_UNORM');
    expect(formatsText(r)).toContain('DXGI_FORMAT_B8G8R8X8_UNORM (88 = 0x58)');
  });

  it('rejects an unknown name as a usage error that lists near matches', () => {
    expect(() => formatsReport('B8G8R8A8_UNROM')).toThrow(UsageError);
    expect(() => formatsReport('B8G8R8A8_UNROM')).toThrow(/did you mean DXGI_FORMAT_B8G8R8A8_UNORM/);
    expect(nearFormatNames('a8r8g8b')).toContain('D3DFMT_A8R8G8B8');
    expect(nearFormatNames('qqqqqqqq')).toEqual([]);
    // a DXGI prefix never finds a D3D9 name, nor the other way round
    expect(() => formatsReport('DXGI_FORMAT_A8R8G8B8')).toThrow(UsageError);
    expect(() => formatsReport('D3DFMT_B8G8R8A8_UNORM')).toThrow(UsageError);
  });

  it('prints the table through the registered command: rows of attributes, columns A..H, (changed) marks', async () => {
    const r = await run('formats');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}H {2}R10G10B10_XR_BIAS_A2_UNORM \(89\)$/m);
    expect(r.out).toMatch(/^Display Scan Out +N\/A +R \(changed\) +R +N\/A +N\/A +N\/A +N\/A +R$/m);
    expect(r.out).toMatch(/^Multi-Sample Render Target +N\/A +O +O +N\/A +O +O +N\/A +N\/A$/m);
    expect(r.out).toMatch(/^Depth-Stencil Target( +N\/A){8}$/m);
    expect(r.out).toMatch(/^ {2}21 +A8R8G8B8 +color +4 +1x1 +B8G8R8A8_UNORM$/m);
  });

  it('prints one JSON document with --json, for the table and for one format', async () => {
    const all = await run('formats', '--json');
    expect(all.code).toBe(0);
    const doc = JSON.parse(all.out);
    expect(doc.support.B8G8R8A8_UNORM.Texture2D).toBe('R');
    expect(doc.support.B8G8R8X8_UNORM['Display Scan Out']).toBe('N/A');
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['support', 'changed', 'casts', 'd3d9']));
    const one = await run('formats', 'b8g8r8a8_unorm_srgb', '--json');
    expect(JSON.parse(one.out)).toMatchObject({ kind: 'dxgi', format: { id: 91 }, support: { 'Multi-Sample Resolve': 'R' }, changed: { 'Multi-Sample Resolve': false } });
  });

  it('exits 2 with near matches for an unknown name', async () => {
    const r = await run('formats', 'X8R8G8B9');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/unknown format 'X8R8G8B9'; did you mean .*D3DFMT_X8R8G8B8/);
  });
});
