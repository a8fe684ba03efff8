import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Device } from '../../src/device/device.js';
import { fromText, runCli } from '../helpers.js';

const TEXT = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})
dev.BeginScene()
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1, 0)
dev.EndScene()
dev.Present(NULL, NULL, NULL, NULL)
`;

function traces(): { text: string; binary: string } {
  const d = mkdtempSync(join(tmpdir(), 'replay9-internal-'));
  const text = join(d, 't.r9t');
  const binary = join(d, 't.r9');
  writeFileSync(text, TEXT);
  writeFileSync(binary, fromText(TEXT));
  return { text, binary };
}

/** A bug in the device: Clear throws a TypeError as a slip in its code would. */
function breakClear(): void {
  vi.spyOn(Device.prototype, 'Clear').mockImplementation(() => {
    throw new TypeError("Cannot read properties of undefined (reading 'left')");
  });
}

describe('an exception inside a replayed call is an internal error, exit 3', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the call, the method and where the call is; no stack without --debug', async () => {
    breakClear();
    const { text, binary } = traces();
    const r = await runCli('replay', text);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`replay9: internal error at call 3 (IDirect3DDevice9::Clear): TypeError: Cannot read properties of undefined (reading 'left') (${text}:4)`);
    expect(r.err).not.toMatch(/^\s+at /m);
    const b = await runCli('replay', binary);
    expect(b.code).toBe(3);
    // the one chunk of a short trace starts right after the 32-byte header
    expect(b.err).toContain("internal error at call 3 (IDirect3DDevice9::Clear): TypeError: Cannot read properties of undefined (reading 'left') (trace chunk at byte 32)");
  });

  it('prints the stack of the exception with --debug', async () => {
    breakClear();
    const { text } = traces();
    const r = await runCli('replay', text, '--debug');
    expect(r.code).toBe(3);
    expect(r.err).toContain('internal error at call 3 (IDirect3DDevice9::Clear)');
    expect(r.err).toMatch(/caused by TypeError: Cannot read properties/);
    expect(r.err).toMatch(/^\s+at .*internal-error\.test\.ts/m);
  });

  it('is exit 3 from inspect as well, and a clean replay is still exit 0', async () => {
    const { text } = traces();
    expect((await runCli('replay', text)).code).toBe(0);
    breakClear();
    const r = await runCli('inspect', text, '--call', '5');
    expect(r.code).toBe(3);
    expect(r.err).toContain('internal error at call 3 (IDirect3DDevice9::Clear)');
  });

  it('documents exit 3 in the top-level help', async () => {
    const r = await runCli('--help');
    expect(r.out).toMatch(/3 an\s+internal error/);
    expect(r.out).toContain('--debug');
  });
});
