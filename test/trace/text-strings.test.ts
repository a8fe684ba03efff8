import { describe, expect, it } from 'vitest';
import { D3DFMT, D3DMULTISAMPLE, D3DPOOL } from '../../src/d3d9/index.js';
import { MemorySink } from '../../src/trace/byte-io.js';
import { CHUNK_HEADER_SIZE } from '../../src/trace/container.js';
import { crc32 } from '../../src/trace/crc32.js';
import { TraceReader } from '../../src/trace/reader.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { PP } from '../fixtures/every-command.js';
import { fromText, prng, recordBytes, sameBytes, toText } from '../helpers.js';

/** A scene that gives its objects the names and its D3DPERF markers the strings it is handed. */
function scene(names: [string, string, string], strings: [string, string]): Uint8Array {
  return recordBytes((d3d, name) => {
    name(names[0]);
    const dev = d3d.CreateDevice(0, 1, null, 0x20, PP).device!;
    d3d.D3DPERF_BeginEvent(0xff00ff00, strings[0]);
    name(names[1]);
    const rt = dev.CreateRenderTarget(16, 16, D3DFMT.A8R8G8B8, D3DMULTISAMPLE.NONE, 0, false).surface!;
    name(names[2]);
    const tex = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    dev.SetRenderTarget(0, rt);
    dev.SetTexture(0, tex);
    d3d.D3DPERF_SetMarker(0x12345678, strings[1]);
    d3d.D3DPERF_EndEvent();
    dev.ColorFill(rt, null, 0xff102030);
    dev.Present(null, null, null, null);
  }, { nullDevice: true });
}

/** Characters no line of the text form holds raw: controls (but the newline that ends a line), DEL, C1, invisible format characters. */
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

describe('names and strings of any content survive binary → text → binary', () => {
  it('quotes a name that is not an identifier, and escapes what a terminal or an editor would act on', () => {
    const bin = scene(['"><img src=x>', 'NULL', 'tex9'], ['\ufeffline\nbreak "q" back\\slash \u202e\u0085 ünï 😀', '']);
    const text = toText(bin);
    expect(text).toContain('"\\"><img src=x>" = d3d1.CreateDevice(');
    // a reserved word is quoted, an identifier is not
    expect(text).toContain('"NULL" = "\\"><img src=x>".CreateRenderTarget(16, 16');
    expect(text).toContain('tex9 = "\\"><img src=x>".CreateTexture(');
    expect(text).toContain('"\\"><img src=x>".SetRenderTarget(0, "NULL")');
    expect(text).toContain('\nD3DPERF_BeginEvent(0xff00ff00, "\\ufeffline\\nbreak \\"q\\" back\\\\slash \\u202e\\u0085 ünï 😀")');
    expect(text).toContain('  D3DPERF_SetMarker(0x12345678, "")');
    expect(RAW_UNSAFE.test(text)).toBe(false);
    expect(sameBytes(fromText(text), bin)).toBe(true);
    // the names are the ones recorded
    const names = [...TraceReader.fromBytes(fromText(text)).calls()].flatMap(({ call }) => (call.name === undefined ? [] : [call.name]));
    expect(names).toEqual(['"><img src=x>', 'NULL', 'tex9']);
    // a recorded name equal to the default one is quoted (a bare one is not recorded), and stays recorded
    const head = toText(fromText(text.replaceAll('tex9', '"tex4"').replace(/^#@.*\n/, '')));
    expect(head).toContain('"tex4" = "\\"><img src=x>".CreateTexture(');
    expect(sameBytes(fromText(head), fromText(toText(fromText(head))))).toBe(true);
  });

  it('reads hand-written quoted names and refuses an empty one', () => {
    const head = 'd3d = Direct3DCreate9(32)\n"my device" = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE})\n';
    expect(toText(fromText(head + '"\\u00e9cran" = "my device".CreateRenderTarget(4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)\n'))).toContain('"écran" = "my device".CreateRenderTarget(');
    expect(() => fromText(head + '"" = "my device".CreateRenderTarget(4, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, NULL)\n')).toThrow('test.r9t:3:1: a name cannot be empty');
    expect(() => fromText(head + '"other".BeginScene()\n')).toThrow('test.r9t:3:1: "other" is not bound to an object');
  });

  it('a string that is not UTF-8 is a TraceFormatError naming its byte (it could not read back the same)', () => {
    const sink = new MemorySink();
    const w = new TraceWriter(sink, { compression: 'none' });
    w.append({ command: 'Direct3DCreate9', self: 0, result: 0, created: 1, args: { SDKVersion: 32 } });
    w.append({ command: 'PerfSetMarker', self: 1, result: 0, created: 0, args: { col: 0, wszName: 'abcé' } });
    w.close();
    const bytes = sink.bytes();
    const at = Buffer.from(bytes).indexOf(Buffer.from('abc\u00e9'));
    bytes[at + 3] = 0xff; // the first byte of é's two
    const c = TraceReader.fromBytes(bytes).chunks[0];
    const dv = new DataView(bytes.buffer, bytes.byteOffset);
    dv.setUint32(c.offset + 16, crc32(bytes.subarray(c.offset + CHUNK_HEADER_SIZE, c.offset + CHUNK_HEADER_SIZE + c.storedSize)), true);
    dv.setUint32(c.offset + 28, crc32(bytes, c.offset, c.offset + 28), true);
    const r = TraceReader.fromBytes(bytes);
    expect(() => [...r.calls()]).toThrow(new RegExp(`^trace chunk: byte ${at - 4}: call 1 \\(call 1 of the chunk\\): PerfSetMarker.wszName string is not valid UTF-8$`));
    expect(at).toBeGreaterThan(32 + CHUNK_HEADER_SIZE);
  });

  const long = process.env.REPLAY9_LONG === '1';
  const CASES = long ? 20_000 : 150;
  it(`a seeded property: ${CASES} scenes with random names and marker strings convert byte-identically (REPLAY9_LONG=1: 20,000)`, () => {
    const random = prng(0x5eed7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const PIECES = ['"', '\\', '\n', '\r', '\t', '\u0000', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\u00ad', '\u200b', '\u202e', '\u2028', '\ufeff',
      'é', 'ü', '中文', '😀', '"><img src=x>', '<script>', '&amp;', 'NULL', 'TRUE', 'D3DFMT_A8R8G8B8', 'hex', 'b64', 'dev2', 'surf3', 'tex4', 'x', '_9', ' ', '#', '->', '=', '.', ',', '(', ')', '{', '[', ':', '|'];
    const LONE = ['\ud800', '\udfff'];
    const randomString = (lone: boolean): string => {
      let s = '';
      const n = Math.floor(random() * 6);
      for (let i = 0; i < n; i++) {
        const r = random();
        if (r < 0.6) s += pick(PIECES);
        else if (r < 0.9) s += String.fromCodePoint(Math.floor(random() * 0x2fff));
        else if (lone) s += pick(LONE);
        else s += String.fromCodePoint(0x10000 + Math.floor(random() * 0xfffff));
      }
      return s;
    };
    for (let i = 0; i < CASES; i++) {
      // names are unique and not empty (the recorder's rule); surrogates there would not survive UTF-8
      const names = new Set<string>();
      while (names.size < 3) names.add(randomString(false) || `n${names.size}`);
      const strings: [string, string] = [randomString(true), randomString(true)];
      const bin = scene([...names] as [string, string, string], strings);
      const text = toText(bin);
      if (RAW_UNSAFE.test(text) || !sameBytes(fromText(text), bin)) {
        expect.fail(`case ${i}: names ${JSON.stringify([...names])}, strings ${JSON.stringify(strings)}:\n${text}`);
      }
    }
  }, long ? 600_000 : 20_000);
});
