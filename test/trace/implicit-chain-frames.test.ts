/**
 * A frame of a trace is what the implicit swap chain presents: IDirect3DDevice9::Present, PresentEx,
 * and IDirect3DSwapChain9::Present on the chain GetSwapChain(0) handed out; an additional chain's
 * Present is a frame of its own sequence, not of the trace's. The index (seek, trim, `--calls frame`,
 * the text form's frame comments) and the replay must agree on it.
 */
import { describe, expect, it } from 'vitest';
import { MemorySink } from '../../src/trace/byte-io.js';
import { CallSet } from '../../src/trace/call-set.js';
import { traceText } from '../../src/trace/convert.js';
import { TraceReader } from '../../src/trace/reader.js';
import { Replayer } from '../../src/replay/replayer.js';
import { framesIn, trim } from '../../src/replay/rewrite.js';
import { fromText } from '../helpers.js';

const PP = '{BackBufferWidth: 16, BackBufferHeight: 16, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE}';
const TEXT = `#@replay9 format=1
d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, ${PP})
chain0 = dev.GetSwapChain(0)
extra = dev.CreateAdditionalSwapChain(${PP})
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff102030, 1, 0)
chain0.Present(NULL, NULL, NULL, NULL, 0)
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff405060, 1, 0)
extra.Present(NULL, NULL, NULL, NULL, 0)
dev.Present(NULL, NULL, NULL, NULL)
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff708090, 1, 0)
chain0.Present(NULL, NULL, NULL, NULL, 0)
`;
// calls: 0 Direct3DCreate9, 1 CreateDevice, 2 GetSwapChain, 3 CreateAdditionalSwapChain, 4 Clear,
// 5 chain0.Present, 6 Clear, 7 extra.Present, 8 dev.Present, 9 Clear, 10 chain0.Present
const FRAME_ENDS = [5, 8, 10];

describe('frames presented through the implicit swap chain\'s object', () => {
  const bytes = fromText(TEXT);

  it('end frames in the index written with the trace; an additional chain\'s Present does not', () => {
    expect(TraceReader.fromBytes(bytes).frames).toEqual(FRAME_ENDS);
  });

  it('end frames when the reader scans a trace whose index was lost', () => {
    // cut the footer off: the reader rebuilds the index by scanning the chunks (with a warning)
    const cut = TraceReader.fromBytes(bytes.subarray(0, bytes.length - 1));
    expect(cut.frames).toEqual(FRAME_ENDS);
  });

  it('a replay presents as many frames of chain 0 as the index holds, and one of chain 1', () => {
    const r = new Replayer();
    const reader = TraceReader.fromBytes(bytes);
    r.run(reader, reader.callCount);
    expect(r.frames).toBe(3);
    expect(r.findings).toEqual([]);
  });

  it('the text form marks the frames, --calls frame picks their ends, and trim keeps exactly the chosen frame', () => {
    const reader = TraceReader.fromBytes(bytes);
    const comments = [...traceText(reader)].filter((l) => l.startsWith('# frame'));
    expect(comments).toEqual(['# frame 0', '# frame 1', '# frame 2']);
    const set = CallSet.parse('frame');
    expect([...Array(reader.callCount).keys()].filter((n) => set.has(n, undefined, reader.frames.includes(n)))).toEqual(FRAME_ENDS);
    expect(framesIn(CallSet.parse('0-2'), reader.frames.length)).toEqual([0, 1, 2]);
    const sink = new MemorySink();
    const report = trim(reader, sink, [2]);
    expect(report.frames).toEqual([2]);
    const out = TraceReader.fromBytes(sink.bytes());
    // the kept frame ends with chain0.Present, whose chain the output gets from its stored state
    expect(out.frames).toHaveLength(1);
    const r = new Replayer();
    r.run(out, out.callCount);
    expect(r.frames).toBe(1);
  });
});
