/**
 * Queries in traces: CreateQuery (with a NULL ppQuery as a support probe), Issue and GetData are
 * recorded with GetData's result and the bytes it wrote, shown in the text form as the query type's
 * value (BOOL, DWORD, UINT64) or as hex"..." for a partial read; binary → text → binary is
 * byte-identical, and replay compares GetData's answer with the recorded one.
 */
import { describe, expect, it } from 'vitest';
import type { Direct3D9 } from '../../src/api/index.js';
import { D3DCLEAR, D3DCREATE, D3DDEVTYPE, D3DFVF, D3DGETDATA, D3DISSUE, D3DPT, D3DQUERYTYPE, D3DRS } from '../../src/d3d9/index.js';
import type { IDirect3DDevice9 } from '../../src/device/types.js';
import { pack, unpack } from 'msgpackr';
import { Replayer } from '../../src/replay/replayer.js';
import { captureReplay, restoreReplay } from '../../src/replay/snapshot.js';
import type { ReplaySnapshot } from '../../src/replay/snapshot.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';

function quad(x0: number, y0: number, x1: number, y1: number, z: number): Uint8Array {
  const f = new Float32Array(20);
  const u = new Uint32Array(f.buffer);
  [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].forEach(([x, y], i) => {
    f.set([x, y, z, 1], i * 5);
    u[i * 5 + 4] = 0xffffffff;
  });
  return new Uint8Array(f.buffer);
}

function scene(d3d: Direct3D9, name: (n: string) => void): void {
  name('dev');
  const dev = d3d.CreateDevice(0, D3DDEVTYPE.HAL, null, D3DCREATE.SOFTWARE_VERTEXPROCESSING, { ...PP, BackBufferWidth: 16, BackBufferHeight: 8 }).device as IDirect3DDevice9;
  dev.CreateQuery(D3DQUERYTYPE.OCCLUSION, null);
  dev.CreateQuery(D3DQUERYTYPE.VCACHE, null);
  name('occ');
  const occ = dev.CreateQuery(D3DQUERYTYPE.OCCLUSION).query!;
  name('ts');
  const ts = dev.CreateQuery(D3DQUERYTYPE.TIMESTAMP).query!;
  name('ev');
  const ev = dev.CreateQuery(D3DQUERYTYPE.EVENT).query!;
  occ.GetData(4, D3DGETDATA.FLUSH);
  dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
  dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
  dev.SetRenderState(D3DRS.CULLMODE, 1);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0, 0, 8, 8, 0.5), 20);
  occ.Issue(D3DISSUE.BEGIN);
  occ.GetData(4, 0);
  dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(4, 2, 12, 6, 0.7), 20);
  occ.Issue(D3DISSUE.END);
  occ.GetData(4, D3DGETDATA.FLUSH);
  occ.GetData(2, D3DGETDATA.FLUSH);
  occ.GetData(0, D3DGETDATA.FLUSH);
  occ.GetDataSize();
  occ.GetType();
  ts.Issue(D3DISSUE.END);
  ts.GetData(8, 0);
  ev.Issue(D3DISSUE.END);
  ev.GetData(4, 0);
  occ.Release();
  ts.Release();
  ev.Release();
  dev.Release();
}

describe('queries in the text form', () => {
  const bin = recordBytes(scene);
  const text = toText(bin);

  it('shows the probe, the creations, and GetData as the query type\'s value', () => {
    const lines = text.split('\n');
    expect(lines).toContain('dev.CreateQuery(D3DQUERYTYPE_OCCLUSION, NULL)');
    expect(lines).toContain('dev.CreateQuery(D3DQUERYTYPE_VCACHE, NULL) -> D3DERR_NOTAVAILABLE');
    expect(lines).toContain('occ = dev.CreateQuery(D3DQUERYTYPE_OCCLUSION)');
    // never issued: 0xdd bytes (Wine test_occlusion_query)
    expect(lines).toContain(`occ.GetData(4, D3DGETDATA_FLUSH) -> {pData: ${0xdddddddd}}`);
    expect(lines).toContain('occ.GetData(4, 0) -> S_FALSE {pData: NULL}');
    // 8×4 pixels at z 0.7, half of them behind the first quad at z 0.5: 16
    expect(lines).toContain('occ.GetData(4, D3DGETDATA_FLUSH) -> {pData: 16}');
    expect(lines).toContain('occ.GetData(2, D3DGETDATA_FLUSH) -> {pData: hex"1000"}');
    expect(lines).toContain('occ.GetData(0, D3DGETDATA_FLUSH) -> {pData: NULL}');
    expect(lines).toContain('occ.GetDataSize() -> {ReturnValue: 4}');
    expect(lines).toContain('occ.GetType() -> {ReturnValue: D3DQUERYTYPE_OCCLUSION}');
    // the clock: Clear and two draws at 1000 ticks each
    expect(lines).toContain('ts.GetData(8, 0) -> {pData: 3000}');
    expect(lines).toContain('ev.GetData(4, 0) -> {pData: TRUE}');
  });

  it('binary → text → binary is byte-identical, and the text replays without findings', () => {
    expect(sameBytes(fromText(text), bin)).toBe(true);
    const r = new Replayer({ lines: parseTrace(text, 't.r9t').lines }).run(TraceReader.fromBytes(bin));
    expect(r.findings).toEqual([]);
  });

  it('a different count at replay is a mismatch naming pData; a different result names the HRESULT', () => {
    const edited = text.replace('-> {pData: 16}', '-> {pData: 17}').replace('occ.GetData(4, 0) -> S_FALSE {pData: NULL}', 'occ.GetData(4, 0) -> {pData: NULL}');
    const r = new Replayer({ lines: parseTrace(edited, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(edited)));
    const kinds = r.findings.map((f) => [f.kind, f.parameter ?? null, f.expected, f.actual]);
    expect(kinds).toContainEqual(['mismatch', 'pData', '17', '16']);
    expect(kinds).toContainEqual(['mismatch', null, 'D3D_OK', 'S_FALSE']);
  });

  it('reads values, TRUE/FALSE and hex for pData; a value needs its query\'s type', () => {
    const head = text.slice(0, text.indexOf('\n', text.indexOf('dev = ')) + 1);
    const ok = `${head}q = dev.CreateQuery(D3DQUERYTYPE_TIMESTAMPDISJOINT)\nq.Issue(D3DISSUE_BEGIN)\nq.Issue(D3DISSUE_END)\nq.GetData(4, 0) -> {pData: FALSE}\nq.GetData(3, 0) -> {pData: hex"000000"}\n`;
    const r = new Replayer({ lines: parseTrace(ok, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(ok)));
    expect(r.findings).toEqual([]);
    expect(() => fromText(`${head}q = dev.CreateQuery(D3DQUERYTYPE_OCCLUSION)\nq.GetData(4, 0) -> {pData: -1}\n`)).toThrow(/not a DWORD value/);
  });
});

describe('queries in snapshots', () => {
  it('a replay snapshotted at any call (queries created, building, signalled; the clock and sample count) answers every GetData as recorded', () => {
    const bin = recordBytes(scene);
    const calls = TraceReader.fromBytes(bin).callCount;
    for (let at = 0; at <= calls; at++) {
      const reader = TraceReader.fromBytes(bin);
      const first = new Replayer().run(reader, at);
      const snap = unpack(pack(captureReplay(first))) as ReplaySnapshot;
      const rest = restoreReplay(snap).run(reader);
      expect({ at, findings: [...first.findings, ...rest.findings] }).toEqual({ at, findings: [] });
    }
  });
});
