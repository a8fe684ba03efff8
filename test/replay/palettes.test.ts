/**
 * The palette, vertex-processing, N-patch and patch calls in a trace: recorded on the emulated
 * device, binary → text → binary byte-identically, replayed without findings; a palette read back
 * differently from what the trace recorded is a mismatch naming pEntries.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { D3DCREATE, D3DDEVTYPE } from '../../src/d3d9/index.js';
import type { IDirect3DDevice9 } from '../../src/device/types.js';
import { Replayer } from '../../src/replay/replayer.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, recordBytes, runCli, sameBytes, toText } from '../helpers.js';

function replay(text: string): Replayer {
  return new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(text)));
}

const entries = Array.from({ length: 256 }, (_, i) => ({ peRed: i, peGreen: (i * 7) & 255, peBlue: 255 - i, peFlags: 0xff }));

function scene(d3d: Parameters<Parameters<typeof recordBytes>[0]>[0], name: (n: string) => void): void {
  name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.MIXED_VERTEXPROCESSING, PP).device as IDirect3DDevice9;
  dev.SetPaletteEntries(4, entries);
  dev.GetPaletteEntries(4);
  dev.GetPaletteEntries(5);
  dev.SetCurrentTexturePalette(5);
  dev.SetCurrentTexturePalette(4);
  dev.GetCurrentTexturePalette();
  dev.SetSoftwareVertexProcessing(true);
  dev.GetSoftwareVertexProcessing();
  dev.SetNPatchMode(1.5);
  dev.GetNPatchMode();
  dev.DrawRectPatch(0, { Edge0: 1, Edge1: 2, Edge2: 3, Edge3: 4 }, { StartVertexOffsetWidth: 0, StartVertexOffsetHeight: 0, Width: 4, Height: 4, Stride: 4, Basis: 0, Degree: 3 });
  dev.DrawTriPatch(1, { Edge0: 1, Edge1: 2, Edge2: 3 }, null);
  dev.DeletePatch(1);
}

describe('palette and patch calls in a trace', () => {
  const text = toText(recordBytes(scene));

  it('print their results and out-values', () => {
    expect(text).toContain('dev.GetPaletteEntries(5) -> D3DERR_INVALIDCALL\n');
    expect(text).toContain('dev.SetCurrentTexturePalette(5) -> D3DERR_INVALIDCALL\n');
    expect(text).toContain('dev.GetCurrentTexturePalette() -> {pPaletteNumber: 4}\n');
    expect(text).toContain('dev.GetSoftwareVertexProcessing() -> {ReturnValue: TRUE}\n');
    expect(text).toContain('dev.GetNPatchMode() -> {ReturnValue: 1.5}\n');
    expect(text).toContain('dev.DeletePatch(1) -> D3DERR_INVALIDCALL\n');
    expect(text).toMatch(/dev\.GetPaletteEntries\(4\) -> \{pEntries: \[\{peRed: 0, peGreen: 0, peBlue: 255, peFlags: 255\}, \{peRed: 1, peGreen: 7,/);
  });

  it('convert text → binary → text identically and replay without findings', () => {
    const bin = fromText(text);
    expect(toText(bin)).toBe(text);
    expect(sameBytes(fromText(toText(bin)), bin)).toBe(true);
    expect(replay(text).findings).toEqual([]);
  });

  it('report a palette that reads back differently as a mismatch of pEntries', () => {
    const changed = text.replace('-> {pEntries: [{peRed: 0, peGreen: 0, peBlue: 255,', '-> {pEntries: [{peRed: 9, peGreen: 0, peBlue: 255,');
    expect(changed).not.toBe(text);
    const f = replay(changed).findings;
    expect(f.map((x) => [x.kind, x.parameter])).toEqual([['mismatch', 'pEntries']]);
  });
});

describe('inspect --state', () => {
  it('shows the current texture palette and the N-patch segments once they differ from a new device', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'replay9-palettes-')), 'p.r9t');
    writeFileSync(path, toText(recordBytes(scene)));
    const r = await runCli('inspect', path, '--call', '13', '--state');
    expect(r.code).toBe(0);
    expect(r.out).toContain('current texture palette: 4\n');
    expect(r.out).toContain('N-patch segments: 1.5\n');
    const j = await runCli('inspect', path, '--call', '2', '--state', '--json');
    expect(JSON.parse(j.out)).toMatchObject({ currentTexturePalette: 0, nPatchSegments: 0 });
  });
});
