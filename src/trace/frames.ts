/**
 * Which calls end a frame of the trace: a frame is what the implicit swap chain presents, through
 * IDirect3DDevice9::Present or PresentEx, or through IDirect3DSwapChain9::Present on a swap chain
 * GetSwapChain handed out (GetSwapChain only hands out implicit chains; an additional chain's
 * Present ends a frame of that chain's own sequence, which the index does not hold). Feed the calls
 * in stream order: whether a chain's Present ends a frame depends on where its handle came from.
 * Whoever reads a trace takes the frames from its index (TraceReader.frames); this is for whoever
 * writes or scans one.
 */
import { FRAME_END_COMMANDS } from './commands.js';

export class FrameEnds {
  /** handles GetSwapChain created (the recorder never reuses a handle within a trace) */
  private readonly implicitChains = new Set<number>();

  /** Does this call (the next in stream order) end a frame? */
  ends(command: string, self: number, created: number): boolean {
    if (command === 'GetSwapChain') {
      if (created !== 0) this.implicitChains.add(created);
      return false;
    }
    if (command === 'SwapChainPresent') return this.implicitChains.has(self);
    return FRAME_END_COMMANDS.has(command);
  }
}
