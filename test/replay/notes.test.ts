/** The device's notes (draws past their data, calls on released objects) reach the replay as findings with call and line, and fail nothing. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Replayer } from '../../src/replay/replayer.js';
import { replayTrace } from '../../src/replay/replay-trace.js';
import { TraceReader } from '../../src/trace/reader.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { fromText } from '../helpers.js';

const TRACE = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 5, [[0, 0, 0.5, 1, 0xffff0000], [16, 0, 0.5, 1, 0xffff0000], [0, 8, 0.5, 1, 0xffff0000]], 20)
dev.Present(NULL, NULL, NULL, NULL)
`;

describe('device notes at replay', () => {
  it('a draw past its vertex data is a note naming the call and line', () => {
    const r = new Replayer({ lines: parseTrace(TRACE, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(TRACE)));
    expect(r.findings).toEqual([{
      kind: 'note', call: 3, line: 4, method: 'IDirect3DDevice9::DrawPrimitiveUP',
      message: 'call 3: IDirect3DDevice9::DrawPrimitiveUP: DrawPrimitiveUP reads past the end of its vertex data: 1 of 5 primitives drawn, the rest skipped (undefined in D3D9)',
    }]);
  });

  it('check passes such a trace against its goldens and lists the note', async () => {
    const { runCheck } = await import('../../src/golden/check.js');
    const d = mkdtempSync(join(tmpdir(), 'replay9-notes-check-'));
    writeFileSync(join(d, 't.r9t'), TRACE);
    const up = runCheck([d], { update: true, reportDir: join(d, 'rep') });
    expect(up.traces[0].notes).toContain('line 4, call 3: IDirect3DDevice9::DrawPrimitiveUP: DrawPrimitiveUP reads past the end of its vertex data: 1 of 5 primitives drawn, the rest skipped (undefined in D3D9)');
    const r = runCheck([d], { reportDir: join(d, 'rep') });
    expect(r.traces[0].status).toBe('pass');
    expect(r.traces[0].notes).toEqual(up.traces[0].notes);
  });

  it('replayTrace lists notes apart from mismatches', () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-notes-'));
    writeFileSync(join(d, 't.r9t'), TRACE);
    const rep = replayTrace(join(d, 't.r9t'));
    expect(rep.mismatches).toEqual([]);
    expect(rep.notes).toEqual([expect.objectContaining({ call: 3, line: 4, method: 'DrawPrimitiveUP' })]);
  });

  it('a call on a released surface fails, with a note, and a trace that recorded success gets a mismatch too', () => {
    const head = TRACE.split('\n').slice(0, 2).join('\n') + '\nrt = dev.CreateRenderTarget(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, NULL)\nrt.Release()\n';
    const ok = head + 'dev.ColorFill(rt, NULL, 0xffffffff) -> D3DERR_INVALIDCALL\nrt.Release()\n';
    const r = new Replayer({ lines: parseTrace(ok, 't.r9t').lines }).run(TraceReader.fromBytes(fromText(ok)));
    expect(r.findings.map((f) => [f.kind, f.call, f.line])).toEqual([['note', 4, 5], ['note', 5, 6]]);
    expect(r.findings[0].message).toBe('call 4: IDirect3DDevice9::ColorFill: IDirect3DDevice9::ColorFill given, as argument 1, an object already released: D3DERR_INVALIDCALL');
    const old = head + 'dev.ColorFill(rt, NULL, 0xffffffff)\n';
    const r2 = new Replayer().run(TraceReader.fromBytes(fromText(old)));
    expect(r2.findings.map((f) => f.kind)).toEqual(['note', 'mismatch']);
  });
});
