/**
 * replay9 calls as apitrace calls: names by the object's interface, arguments in apitrace's order
 * and types, objects as stable fake pointers, created objects in the out argument, and lock data as
 * apitrace's tracer records it (Lock → fake pointer, memcpy at the lock's pitch, Unlock).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApitraceExporter, objectAddress } from '../../src/capture/export.js';
import { CALL_FLAG, type TraceCall, type Value } from '../../src/capture/model.js';
import { specFunction } from '../../src/capture/spec-d3d9.js';
import { shaderValue } from '../../src/capture/export-values.js';
import { CaptureImporter, importCalls } from '../../src/capture/import.js';
import { openApitrace } from '../../src/capture/parser.js';
import { deviceOracle } from '../../src/cli/capture-open.js';
import { exportTrace } from '../../src/cli/commands/export.js';
import { D3DDEVTYPE } from '../../src/d3d9/index.js';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import { disassemble } from '../../src/shader/disassemble.js';
import { openTrace } from '../../src/trace/open.js';
import { TraceReader } from '../../src/trace/reader.js';
import { everyCommand } from '../fixtures/every-command.js';
import { fromText, recordBytes } from '../helpers.js';

const TRACES = join(import.meta.dirname, '..', '..', 'traces');

function exportReader(reader: TraceReader): { calls: TraceCall[]; ex: ApitraceExporter } {
  const ex = new ApitraceExporter();
  const calls = [...ex.convert((function* () {
    for (const { call } of reader.calls()) yield call;
  })())];
  return { calls, ex };
}
const exportText = (text: string): ReturnType<typeof exportReader> => exportReader(TraceReader.fromBytes(fromText(text)));

const enumName = (v: Value | undefined): string | undefined =>
  v && typeof v === 'object' && 'kind' in v && v.kind === 'enum' ? v.sig.values.find(([, x]) => x === v.value)?.[0] : undefined;
const arg = (c: TraceCall, name: string): Value | undefined => c.args[c.sig.argNames.indexOf(name)];
const one = (v: Value | undefined): Value | undefined => (v && typeof v === 'object' && 'kind' in v && v.kind === 'array' ? v.items[0] : undefined);

describe('export of the sample traces', () => {
  for (const f of readdirSync(TRACES).filter((n) => n.endsWith('.r9t'))) {
    it(`${f}: every call has its apitrace function, numbered in order, with nothing left out`, () => {
      const { reader } = openTrace(join(TRACES, f));
      const { calls, ex } = exportReader(reader);
      expect(ex.warnings).toEqual([]);
      expect(ex.stats.skipped).toBe(0);
      expect(calls.length).toBe(reader.callCount + ex.stats.fakeCalls);
      calls.forEach((c, i) => {
        expect(c.no).toBe(i);
        if (c.flags & CALL_FLAG.FAKE) return void expect(c.sig.name).toBe('memcpy');
        expect(specFunction(c.sig.name)?.sig).toBe(c.sig);
        expect(c.args.length).toBe(c.sig.argNames.length);
      });
    });
  }

  it('a scene making every recorded call exports each of them (none left out, no value without its type)', () => {
    const { calls, ex } = exportReader(TraceReader.fromBytes(recordBytes(everyCommand, { nullDevice: true })));
    expect(ex.stats.skipped).toBe(0);
    expect(ex.warnings).toEqual([]);
    expect(calls.length).toBeGreaterThan(200);
  });
});

describe('calls and values as apitrace writes them', () => {
  const { calls } = exportReader(openTrace(join(TRACES, 'triangles.r9t')).reader);

  it('objects are fake pointers that stay the same, created ones come back in the out argument', () => {
    const [create, device] = calls;
    expect(create.sig.name).toBe('Direct3DCreate9');
    expect(create.args).toEqual([32]);
    expect(create.ret).toEqual({ kind: 'pointer', address: objectAddress(1) });
    expect(device.sig.name).toBe('IDirect3D9::CreateDevice');
    expect(device.args[0]).toEqual({ kind: 'pointer', address: objectAddress(1) });
    expect(arg(device, 'ppReturnedDeviceInterface')).toEqual({ kind: 'array', items: [{ kind: 'pointer', address: objectAddress(2) }] });
    expect(enumName(arg(device, 'DeviceType'))).toBe('D3DDEVTYPE_HAL');
    // hFocusWindow NULL; BehaviorFlags a bitmask of D3DCREATE
    expect(arg(device, 'hFocusWindow')).toBeNull();
    expect(arg(device, 'BehaviorFlags')).toMatchObject({ kind: 'bitmask', value: 0x20 });
    const pp = one(arg(device, 'pPresentationParameters')) as Extract<Value, { kind: 'struct' }>;
    expect(pp.sig.name).toBe('D3DPRESENT_PARAMETERS');
    expect(pp.members[pp.sig.memberNames.indexOf('BackBufferWidth')]).toBe(64);
    expect(enumName(pp.members[pp.sig.memberNames.indexOf('BackBufferFormat')])).toBe('D3DFMT_X8R8G8B8');
    expect(enumName(pp.members[pp.sig.memberNames.indexOf('Windowed')])).toBe('TRUE');
    expect(enumName(device.ret)).toBe('D3D_OK');
  });

  it('a render state value takes the type of its state; Clear keeps its colour a DWORD and Z a float', () => {
    const clear = calls.find((c) => c.sig.name === 'IDirect3DDevice9::Clear')!;
    expect(arg(clear, 'Color')).toBe(0xff202020);
    expect(arg(clear, 'Z')).toEqual({ kind: 'float', value: 1 });
    expect(arg(clear, 'pRects')).toBeNull();
    expect(arg(clear, 'Flags')).toMatchObject({ kind: 'bitmask', value: 3 });
    const states = calls.filter((c) => c.sig.name === 'IDirect3DDevice9::SetRenderState');
    expect(states.map((c) => [enumName(c.args[1]), enumName(c.args[2])])).toEqual([
      ['D3DRS_CULLMODE', 'D3DCULL_NONE'],
      ['D3DRS_LIGHTING', 'FALSE'],
    ]);
    const fvf = calls.find((c) => c.sig.name === 'IDirect3DDevice9::SetFVF')!;
    expect(fvf.args[1]).toMatchObject({ kind: 'bitmask', value: 0x44 });
    const draw = calls.find((c) => c.sig.name === 'IDirect3DDevice9::DrawPrimitiveUP')!;
    expect(arg(draw, 'pVertexStreamZeroData')).toMatchObject({ kind: 'blob' });
    expect((arg(draw, 'pVertexStreamZeroData') as { bytes: Uint8Array }).bytes.length).toBe(3 * 20);
  });

  it("a query's GetData answer takes the query type's data type (OCCLUSION: a DWORD, as &n)", () => {
    const { calls: c } = exportReader(openTrace(join(TRACES, 'occlusion-query.r9t')).reader);
    const answers = c.filter((x) => x.sig.name === 'IDirect3DQuery9::GetData').map((x) => arg(x, 'pData'));
    // occlusion-query.r9t records q_behind 0, q_edge 128, q_front 256 visible samples first
    expect(answers.slice(0, 3)).toEqual([0, 128, 256].map((n) => ({ kind: 'array', items: [n] })));
  });

  it('an error result is the HRESULT enum, negative as a LONG', () => {
    const { calls: c } = exportText(
      'd3d = Direct3DCreate9(32)\n' +
        'dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD})\n' +
        'dev.EndScene() -> D3DERR_INVALIDCALL\n',
    );
    expect(c[2].sig.name).toBe('IDirect3DDevice9::EndScene');
    expect(c[2].ret).toMatchObject({ kind: 'enum', value: 0x8876086c | 0 });
    expect(enumName(c[2].ret)).toBe('D3DERR_INVALIDCALL');
  });
});

const DEVICE =
  'd3d = Direct3DCreate9(32)\n' +
  'dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD})\n';
const hex = (n: number, byte: (i: number) => number): string => Array.from({ length: n }, (_, i) => byte(i).toString(16).padStart(2, '0')).join('');

describe("shaders' pFunction as apitrace's tracer writes it", () => {
  it('a repr: the disassembly text beside the token blob (what the captures under test/fixtures hold); tokens it cannot disassemble as the blob alone', () => {
    const { calls } = exportReader(openTrace(join(TRACES, 'normal-map.r9t')).reader);
    const made = calls.filter((c) => /::Create(Vertex|Pixel)Shader$/.test(c.sig.name));
    expect(made.map((c) => c.sig.name.replace(/^.*::/, ''))).toEqual(['CreateVertexShader', 'CreatePixelShader']);
    for (const c of made) {
      const v = arg(c, 'pFunction');
      if (!v || typeof v !== 'object' || !('kind' in v) || v.kind !== 'repr' || v.machine === null || typeof v.machine !== 'object' || !('kind' in v.machine) || v.machine.kind !== 'blob') throw new Error(`not a repr of a blob: ${JSON.stringify(v)}`);
      const b = v.machine.bytes;
      const tokens = new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
      // the version token first, the end token last (D3D9 shader bytecode)
      expect(tokens[0] >>> 16).toBe(c.sig.name.endsWith('VertexShader') ? 0xfffe : 0xffff);
      expect(tokens[tokens.length - 1]).toBe(0x0000ffff);
      expect(v.human).toBe((disassemble(tokens) as { text: string }).text);
      expect(v.human).toMatch(c.sig.name.endsWith('VertexShader') ? /^vs_2_0\n/ : /^ps_2_0\n/);
    }
    // not a shader: a version token of neither kind
    expect(shaderValue(Uint8Array.from([1, 2, 3, 4, 0xff, 0xff, 0, 0]))).toEqual({ kind: 'blob', bytes: Uint8Array.from([1, 2, 3, 4, 0xff, 0xff, 0, 0]) });
  });
});

describe("GetDeviceCaps' pCaps", () => {
  it("goes out filled with the caps replay9's device reports (the device's for its adapter and type), NULL when the call failed; the import finds no difference", () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-export-caps-'));
    try {
      writeFileSync(join(d, 'caps.r9t'), [
        'd3d = Direct3DCreate9(32)',
        'd3d.GetDeviceCaps(0, D3DDEVTYPE_HAL)',
        'd3d.GetDeviceCaps(1, D3DDEVTYPE_HAL) -> D3DERR_INVALIDCALL',
        'dev = d3d.CreateDevice(0, D3DDEVTYPE_REF, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD})',
        'dev.GetDeviceCaps()',
      ].join('\n'));
      const rep = exportTrace(join(d, 'caps.r9t'), join(d, 'caps.trace'));
      expect(rep.warnings).toEqual([]);
      const calls = [...openApitrace(join(d, 'caps.trace')).calls()];
      const capsOf = (c: TraceCall): Map<string, unknown> => {
        const out = new Map<string, unknown>();
        const walk = (v: Value, prefix: string): void => {
          if (!v || typeof v !== 'object' || !('kind' in v) || v.kind !== 'struct') return void out.set(prefix.slice(0, -1), v && typeof v === 'object' && 'kind' in v && 'value' in v ? v.value : v);
          v.sig.memberNames.forEach((m, i) => walk(v.members[i], `${prefix}${m}.`));
        };
        walk(one(arg(c, 'pCaps'))!, '');
        return out;
      };
      const d3d = Direct3DCreate9(32)!;
      for (const [no, type] of [[1, D3DDEVTYPE.HAL], [4, D3DDEVTYPE.REF]] as const) {
        const want = d3d.GetDeviceCaps(0, type).caps!;
        const got = capsOf(calls[no]);
        expect(got.get('DeviceType')).toBe(type);
        expect(got.get('MaxTextureWidth')).toBe(want.MaxTextureWidth);
        expect(got.get('MaxPointSize')).toBe(want.MaxPointSize);
        expect(got.get('PS20Caps.NumInstructionSlots')).toBe(want.PS20Caps.NumInstructionSlots);
        expect(got.get('MaxVertexShader30InstructionSlots')).toBe(want.MaxVertexShader30InstructionSlots);
      }
      expect(arg(calls[2], 'pCaps')).toBeNull();
      // read back, the application saw replay9's own caps: no note of a difference
      const importer = new CaptureImporter({ oracle: deviceOracle() });
      for (const _ of importCalls(openApitrace(join(d, 'caps.trace')).calls(), importer));
      expect(importer.notes.map((n) => n.message)).toEqual([]);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('high-order patches', () => {
  it("DrawRectPatch and DrawTriPatch go out with pNumSegs as apitrace's spec has it, a pointer to the first edge's count", () => {
    const { calls, ex } = exportText([
      'd3d = Direct3DCreate9(32)',
      'dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD})',
      'dev.DrawRectPatch(0, {Edge0: 2.5, Edge1: 3, Edge2: 4, Edge3: 5}, {StartVertexOffsetWidth: 0, StartVertexOffsetHeight: 0, Width: 4, Height: 4, Stride: 4, Basis: D3DBASIS_BEZIER, Degree: D3DDEGREE_CUBIC}) -> D3DERR_INVALIDCALL',
      'dev.DrawTriPatch(3, {Edge0: 6, Edge1: 7, Edge2: 8}, NULL) -> D3DERR_INVALIDCALL',
    ].join('\n'));
    expect(ex.warnings).toEqual([]);
    expect(calls.map((c) => c.sig.name).slice(2)).toEqual(['IDirect3DDevice9::DrawRectPatch', 'IDirect3DDevice9::DrawTriPatch']);
    expect(arg(calls[2], 'pNumSegs')).toEqual({ kind: 'array', items: [{ kind: 'float', value: 2.5 }] });
    expect(arg(calls[2], 'pRectPatchInfo')).toMatchObject({ kind: 'array', items: [{ kind: 'struct', sig: { name: 'D3DRECTPATCH_INFO' } }] });
    expect(arg(calls[3], 'pNumSegs')).toEqual({ kind: 'array', items: [{ kind: 'float', value: 6 }] });
    expect(arg(calls[3], 'pTriPatchInfo')).toBeNull();
  });
});

describe('lock data as apitrace records it', () => {
  it('a sub-rectangle of a texture: memcpy of pitch × (rows − 1) + row bytes from the rectangle, at the pitch the lock returned', () => {
    // 16×16 A8R8G8B8: pitch 64; rectangle {8, 4, 12, 7}: 3 rows of 4 texels = 16 bytes each
    const rows = 3;
    const rowBytes = 16;
    const { calls } = exportText(
      DEVICE +
        't = dev.CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL)\n' +
        't.LockRect(0, {8, 4, 12, 7}, 0)\n' +
        `t.UnlockRect(0, hex"${hex(rows * rowBytes, (i) => i + 1)}")\n`,
    );
    const [lock, copy, unlock] = calls.slice(3);
    expect(lock.sig.name).toBe('IDirect3DTexture9::LockRect');
    const locked = one(arg(lock, 'pLockedRect')) as Extract<Value, { kind: 'struct' }>;
    expect(locked.sig.memberNames).toEqual(['Pitch', 'pBits']);
    expect(locked.members[0]).toBe(64);
    const bits = locked.members[1] as Extract<Value, { kind: 'pointer' }>;
    expect(bits.kind).toBe('pointer');
    expect(arg(lock, 'pRect')).toMatchObject({ kind: 'array', items: [{ kind: 'struct', members: [8, 4, 12, 7] }] });

    expect(copy.sig.name).toBe('memcpy');
    expect(copy.flags & CALL_FLAG.FAKE).toBe(CALL_FLAG.FAKE);
    expect(copy.args[0]).toEqual(bits);
    const n = 64 * (rows - 1) + rowBytes;
    expect(copy.args[2]).toBe(n);
    const blob = (copy.args[1] as { bytes: Uint8Array }).bytes;
    expect(blob.length).toBe(n);
    for (let y = 0; y < rows; y++) {
      expect([...blob.subarray(y * 64, y * 64 + rowBytes)]).toEqual(Array.from({ length: rowBytes }, (_, i) => y * rowBytes + i + 1));
    }
    expect(unlock.sig.name).toBe('IDirect3DTexture9::UnlockRect');
    expect(unlock.sig.argNames).toEqual(['this', 'Level']);
  });

  it('a whole surface copies pitch × rows; a vertex buffer copies its locked range; a READONLY lock copies nothing', () => {
    // 5×2 R5G6B5: rows of 10 bytes, pitch 12 (D3D9 pitches are 4-byte aligned)
    const { calls } = exportText(
      DEVICE +
        's = dev.CreateOffscreenPlainSurface(5, 2, D3DFMT_R5G6B5, D3DPOOL_SYSTEMMEM, NULL)\n' +
        's.LockRect(NULL, 0)\n' +
        `s.UnlockRect(hex"${hex(20, (i) => 0xa0 + i)}")\n` +
        's.LockRect(NULL, D3DLOCK_READONLY)\n' +
        's.UnlockRect()\n' +
        'vb = dev.CreateVertexBuffer(64, 0, 0, D3DPOOL_MANAGED, NULL)\n' +
        'vb.Lock(16, 8, 0)\n' +
        `vb.Unlock(hex"${hex(8, (i) => i)}")\n`,
    );
    const names = calls.slice(3).map((c) => c.sig.name);
    expect(names).toEqual([
      'IDirect3DSurface9::LockRect', 'memcpy', 'IDirect3DSurface9::UnlockRect',
      'IDirect3DSurface9::LockRect', 'IDirect3DSurface9::UnlockRect',
      'IDirect3DDevice9::CreateVertexBuffer', 'IDirect3DVertexBuffer9::Lock', 'memcpy', 'IDirect3DVertexBuffer9::Unlock',
    ]);
    const surfaceCopy = calls[4];
    expect(surfaceCopy.args[2]).toBe(24);
    const b = (surfaceCopy.args[1] as { bytes: Uint8Array }).bytes;
    expect([...b.subarray(0, 10)]).toEqual(Array.from({ length: 10 }, (_, i) => 0xa0 + i));
    expect([...b.subarray(12, 22)]).toEqual(Array.from({ length: 10 }, (_, i) => 0xaa + i));
    const vbLock = calls[9];
    const mapped = one(arg(vbLock, 'ppbData'));
    expect(mapped).toMatchObject({ kind: 'pointer' });
    expect(calls[10].args[0]).toEqual(mapped);
    expect([...(calls[10].args[1] as { bytes: Uint8Array }).bytes]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(calls[10].args[2]).toBe(8);
    // each lock has its own mapped pointer
    const surfaceBits = (one(arg(calls[3], 'pLockedRect')) as Extract<Value, { kind: 'struct' }>).members[1];
    expect(surfaceBits).not.toEqual(mapped);
  });
});

describe('D3D9Ex objects', () => {
  it('methods are named by the Ex interface the object was created as', () => {
    const { calls } = exportText(
      'd3d = Direct3DCreate9Ex(32)\n' +
        'dev = d3d.CreateDeviceEx(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD}, NULL)\n' +
        'dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0, 0)\n',
    );
    expect(calls.map((c) => c.sig.name)).toEqual(['Direct3DCreate9Ex', 'IDirect3D9Ex::CreateDeviceEx', 'IDirect3DDevice9Ex::Clear']);
    expect(calls[0].args).toEqual([32, { kind: 'array', items: [{ kind: 'pointer', address: objectAddress(1) }] }]);
    expect(calls[0].ret).toMatchObject({ kind: 'enum', value: 0 });
  });

  it('the back buffer (from GetRenderTarget(0) or a swap chain) locks at the pitch of the presentation width', () => {
    // 8×8 X8R8G8B8 back buffer: rows of 32 bytes, pitch 32; 8 rows
    const { calls, ex } = exportText(
      'd3d = Direct3DCreate9(32)\n' +
        'dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD, Flags: D3DPRESENTFLAG_LOCKABLE_BACKBUFFER})\n' +
        'rt = dev.GetRenderTarget(0)\n' +
        'rt.LockRect({0, 2, 8, 4}, 0)\n' +
        `rt.UnlockRect(hex"${hex(64, (i) => i)}")\n` +
        'sc = dev.GetSwapChain(0)\n' +
        'bb = sc.GetBackBuffer(0, D3DBACKBUFFER_TYPE_MONO)\n',
    );
    expect(ex.warnings).toEqual([]);
    const lock = calls.find((c) => c.sig.name === 'IDirect3DSurface9::LockRect')!;
    expect((one(arg(lock, 'pLockedRect')) as Extract<Value, { kind: 'struct' }>).members[0]).toBe(32);
    const copy = calls.find((c) => c.sig.name === 'memcpy')!;
    expect(copy.args[2]).toBe(32 * 1 + 32);
  });

  it("a SYSTEMMEM texture made over the application's memory carries that memory as pSharedHandle's blob", () => {
    const { calls } = exportText(
      'd3d = Direct3DCreate9Ex(32)\n' +
        'dev = d3d.CreateDeviceEx(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD}, NULL)\n' +
        `t = dev.CreateTexture(2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, NULL, hex"${hex(16, (i) => i)}")\n` +
        't2 = dev.CreateTexture(2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, NULL)\n',
    );
    const [sysmem, plain] = calls.slice(2);
    expect(sysmem.sig.name).toBe('IDirect3DDevice9Ex::CreateTexture');
    const shared = one(arg(sysmem, 'pSharedHandle')) as { kind: string; bytes: Uint8Array };
    expect(shared.kind).toBe('blob');
    expect([...shared.bytes]).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(arg(plain, 'pSharedHandle')).toBeNull();
  });
});
