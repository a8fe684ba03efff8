/**
 * A recorded D3DMATRIX reaches the device with each of its 16 float32 values in its place
 * (_11 … _44, row by row): the replayer reads the struct's bytes directly.
 */
import { describe, expect, it } from 'vitest';
import { Replayer } from '../../src/replay/replayer.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { fromText } from '../helpers.js';

const HEAD = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
`;

/** `{_11: …, _44: …}` with value(row, column) in each place. */
function matrixText(value: (r: number, c: number) => number): string {
  const fields: string[] = [];
  for (let r = 1; r <= 4; r++) for (let c = 1; c <= 4; c++) fields.push(`_${r}${c}: ${value(r, c)}`);
  return `{${fields.join(', ')}}`;
}

function replay(text: string): Replayer {
  return new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(text)));
}

describe('matrices read from a trace', () => {
  it('SetTransform then GetTransform: every element where the trace put it, float32 values exact', () => {
    const m = matrixText((r, c) => r * 10 + c + (r === 3 ? 0.25 : 0) - (c === 4 ? 100 : 0));
    const text = `${HEAD}dev.SetTransform(D3DTS_WORLD, ${m})\ndev.GetTransform(D3DTS_WORLD) -> {pMatrix: ${m}}\n`;
    const r = replay(text);
    expect(r.findings.map((f) => f.message)).toEqual([]);
    expect(r.callsReplayed).toBe(4);
  });

  it('a GetTransform recorded with two elements swapped is reported', () => {
    const set = matrixText((r, c) => r * 10 + c);
    const swapped = matrixText((r, c) => (r === 2 && c === 3 ? 32 : r === 3 && c === 2 ? 23 : r * 10 + c));
    const r = replay(`${HEAD}dev.SetTransform(D3DTS_VIEW, ${set})\ndev.GetTransform(D3DTS_VIEW) -> {pMatrix: ${swapped}}\n`);
    expect(r.findings.length).toBeGreaterThan(0);
  });
});
