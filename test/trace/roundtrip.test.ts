import { describe, expect, it } from 'vitest';
import { ByteBuffer } from 'flatbuffers';
import { COMMANDS } from '../../src/trace/commands.js';
import { decodeCall } from '../../src/trace/codec.js';
import * as fb from '../../src/trace/generated/replay9.js';
import { TraceReader } from '../../src/trace/reader.js';
import { everyCommand, PP } from '../fixtures/every-command.js';
import { D3DLOCK } from '../../src/d3d9/index.js';
import { fromText, recordBytes, sameBytes, toText } from '../helpers.js';

describe('every recorded command survives API → .r9 → .r9t → .r9', () => {
  for (const writer of [{}, { compression: 'none' as const, chunkBytes: 512 }, { chunkBytes: 300, level: 9 }]) {
    it(`byte-identically with writer options ${JSON.stringify(writer)}`, () => {
      const bin = recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true, writer });
      const text = toText(bin);
      const again = fromText(text);
      expect(sameBytes(bin, again)).toBe(true);
      // and text → binary → text is a fixed point
      expect(toText(again)).toBe(text);
    });
  }

  it('covers every command of the schema', () => {
    const bin = recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true });
    const seen = new Set<string>();
    for (const { call } of TraceReader.fromBytes(bin).calls()) seen.add(call.command);
    const missing = COMMANDS.slice(1).map((c) => c.name).filter((n) => !seen.has(n));
    expect(missing).toEqual([]);
  });

  it('keeps the names the recorder was given and the data written through locks', () => {
    const text = toText(recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true }));
    expect(text).toMatch(/^dev = d3d1\.CreateDevice\(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, \{BackBufferWidth: 64, BackBufferHeight: 32, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8\}\)$/m);
    expect(text).toContain('rt = dev.CreateRenderTarget(64, 32, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)');
    expect(text).toContain('dev.SetRenderState(D3DRS_FOGEND, 0.75)');
    expect(text).toContain('dev.SetSamplerState(1, D3DSAMP_MIPMAPLODBIAS, -0.5)');
    expect(text).toContain('dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, [[0, 0, 0.5, 1, 0xff00ff00], [64, 0, 0.5, 1, 0xff00ff01], [0, 32, 0.5, 1, 0xff00ff02]], 20)');
    // stride 10 disagrees with the FVF's 20: the data stays raw
    expect(text).toContain('dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, hex"0102030405060708090a", 10)');
    expect(text).toContain('D3DFMT_INDEX16, [[');
    expect(text).toContain('[0, 1, 2], D3DFMT_INDEX16');
    expect(text).toContain('[2, 1, 0], D3DFMT_INDEX32');
    expect(text).toContain('D3DPERF_BeginEvent(0xffff0000, "setup \\"quoted\\" ünïcode")');
    expect(text).toContain('  tex3 = dev.CreateTexture(16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)');
  });
});

describe('data written through a lock rides on the unlock', () => {
  it('as the locked rect\'s rows, packed without the pitch', () => {
    const text = toText(recordBytes((d3d) => {
      const dev = d3d.CreateDevice(0, 1, null, 0x20, PP).device!;
      const rt = dev.CreateRenderTarget(16, 4, 21, 0, 0, true).surface!;
      const lr = rt.LockRect({ left: 1, top: 1, right: 3, bottom: 3 }, 0).lockedRect!;
      expect(lr.Pitch).toBe(64);
      lr.pBits.set([1, 2, 3, 4, 5, 6, 7, 8]);
      lr.pBits.set([9, 10, 11, 12, 13, 14, 15, 16], lr.Pitch);
      rt.UnlockRect();
      rt.LockRect(null, D3DLOCK.READONLY);
      rt.UnlockRect();
    }));
    expect(text).toContain('surf3.LockRect({1, 1, 3, 3}, 0)\nsurf3.UnlockRect(hex"0102030405060708090a0b0c0d0e0f10")\n');
    expect(text).toContain('surf3.LockRect(NULL, D3DLOCK_READONLY)\nsurf3.UnlockRect()\n');
  });
});

describe('the generic codec and the flatc accessors read the same bytes', () => {
  it('agrees on self, result, created and scalar arguments of every call', () => {
    const bin = recordBytes((d3d, name, ex) => everyCommand(d3d, name, ex), { nullDevice: true });
    const reader = TraceReader.fromBytes(bin);
    const call = new fb.Call();
    let checked = 0;
    for (const b of reader.batches()) {
      for (const pos of b.calls) {
        call.__init(pos, b.bb);
        const rec = decodeCall(b.bb as ByteBuffer, pos);
        expect(COMMANDS[call.commandType()].name).toBe(rec.command);
        expect(call.self()).toBe(rec.self);
        expect(call.created()).toBe(rec.created);
        expect(call.result()).toBe(rec.result);
        expect(call.name()).toBe(rec.name ?? null);
        const cmd = call.command(new (fb as unknown as Record<string, new () => Record<string, () => unknown>>)[rec.command]()) as Record<string, () => unknown>;
        for (const f of COMMANDS[call.commandType()].table.fields) {
          if (f.type.kind !== 'scalar') continue;
          const accessor = f.name.charAt(0).toLowerCase() + f.name.slice(1).replace(/_(\w)/g, (_m, ch: string) => ch.toUpperCase());
          const fn = cmd[accessor] ?? cmd[accessor.toLowerCase()] ?? Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(cmd))).find(([k]) => k.toLowerCase() === f.name.toLowerCase())?.[1].value;
          expect(typeof fn, `${rec.command}.${f.name}`).toBe('function');
          expect((fn as () => unknown).call(cmd), `${rec.command}.${f.name}`).toBe(rec.args[f.name]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
