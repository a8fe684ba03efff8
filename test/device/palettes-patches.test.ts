/**
 * Texture palettes, the vertex processing mode, the N-patch mode and high-order patches.
 * Expectations: Microsoft's docs (SetPaletteEntries: alpha 1.0 unless D3DPTEXTURECAPS_ALPHAPALETTE;
 * "Texture Palettes (Direct3D 9)": 65,536 palettes, entries 0xFFFFFFFF by default; D3DSTATEBLOCKTYPE:
 * D3DSBT_ALL captures the current palette; SetSoftwareVertexProcessing: only a mixed device switches,
 * not recorded by state blocks; SetNPatchMode: below 1.0 is off). Wine's d3d9 palette entry points
 * are stubs (its device.c carries no Windows-validated palette test); where the docs say nothing the
 * rules are wined3d's, which its comments say were checked against native: a palette never set
 * cannot be read or made current. SetSoftwareVertexProcessing's refusals follow DXVK's d3d9 device
 * (D3DERR_INVALIDCALL for the mode a HARDWARE or SOFTWARE device cannot take).
 */
import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import type { Surface } from '../../src/device/surface.js';
import type { Texture } from '../../src/device/texture.js';
import {
  D3DCREATE, D3DERR, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DPTEXTURECAPS, D3DRS, D3DRTYPE, D3DSBT, D3DTOP, D3DTSS, D3D_OK,
} from '../../src/d3d9/index.js';
import { listenForNotes } from '../../src/device/notes.js';
import type { DeviceNote } from '../../src/device/notes.js';
import { validatePaletteEntries } from '../../src/device/palettes.js';
import { captureSnapshot, checkSnapshotObjects, decodeSnapshot, encodeSnapshot, restoreObjects } from '../../src/device/snapshot.js';
import type { PALETTEENTRY } from '../../src/device/types.js';
import { PP } from '../fixtures/every-command.js';

function device(flags: number = D3DCREATE.SOFTWARE_VERTEXPROCESSING, w = 4, h = 4): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, flags, { ...PP, BackBufferWidth: w, BackBufferHeight: h }).device as Device;
}
const palette = (f: (i: number) => PALETTEENTRY): PALETTEENTRY[] => Array.from({ length: 256 }, (_, i) => f(i));
const ramp = palette((i) => ({ peRed: i, peGreen: 255 - i, peBlue: i ^ 0x5a, peFlags: 0xff }));
const white = palette(() => ({ peRed: 255, peGreen: 255, peBlue: 255, peFlags: 255 }));

describe('texture palettes', () => {
  it('start with palette 0, every entry 0xFFFFFFFF, current', () => {
    const dev = device();
    expect(dev.GetPaletteEntries(0)).toEqual({ hr: D3D_OK, entries: white });
    expect(dev.GetCurrentTexturePalette()).toEqual({ hr: D3D_OK, paletteNumber: 0 });
  });

  it('read back what was set, for palette numbers up to 0xFFFF', () => {
    const dev = device();
    for (const n of [0, 1, 300, 0xffff]) {
      expect(dev.SetPaletteEntries(n, ramp)).toBe(D3D_OK);
      expect(dev.GetPaletteEntries(n)).toEqual({ hr: D3D_OK, entries: ramp });
    }
    expect(dev.SetCurrentTexturePalette(0xffff)).toBe(D3D_OK);
    expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(0xffff);
  });

  const refused: ReadonlyArray<[string, (d: Device) => number]> = [
    ['SetPaletteEntries with palette number 65536 (past the 65,536 palettes)', (d) => d.SetPaletteEntries(0x10000, ramp)],
    ['SetPaletteEntries with NULL entries', (d) => d.SetPaletteEntries(0, null)],
    ['SetPaletteEntries with fewer than 256 entries', (d) => d.SetPaletteEntries(0, ramp.slice(0, 255))],
    ['GetPaletteEntries of a palette never set', (d) => d.GetPaletteEntries(5).hr],
    ['GetPaletteEntries of palette 65536', (d) => d.GetPaletteEntries(0x10000).hr],
    ['SetCurrentTexturePalette of a palette never set', (d) => d.SetCurrentTexturePalette(5)],
  ];
  for (const [what, call] of refused) {
    it(`refuse ${what}`, () => {
      const dev = device();
      expect(call(dev) >>> 0).toBe(D3DERR.INVALIDCALL >>> 0);
      expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(0);
      expect(dev.GetPaletteEntries(0).entries).toEqual(white);
    });
  }

  it('take any alpha only with D3DPTEXTURECAPS_ALPHAPALETTE (SetPaletteEntries docs)', () => {
    const translucent = palette((i) => ({ peRed: i, peGreen: 0, peBlue: 0, peFlags: i === 7 ? 0x80 : 0xff }));
    expect(validatePaletteEntries(0, translucent, 0) >>> 0).toBe(D3DERR.INVALIDCALL >>> 0);
    expect(validatePaletteEntries(0, ramp, 0)).toBe(D3D_OK);
    expect(validatePaletteEntries(0, translucent, D3DPTEXTURECAPS.ALPHAPALETTE)).toBe(D3D_OK);
    // the emulated device has the cap
    const dev = device();
    expect(dev.caps.TextureCaps & D3DPTEXTURECAPS.ALPHAPALETTE).not.toBe(0);
    expect(dev.SetPaletteEntries(2, translucent)).toBe(D3D_OK);
    expect(dev.GetPaletteEntries(2).entries![7].peFlags).toBe(0x80);
  });

  it('keep the current palette number in D3DSBT_ALL blocks and recorded blocks, not in PIXELSTATE blocks', () => {
    const dev = device();
    dev.SetPaletteEntries(1, ramp);
    dev.SetPaletteEntries(2, ramp);
    dev.SetCurrentTexturePalette(1);
    const all = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
    const pixel = dev.CreateStateBlock(D3DSBT.PIXELSTATE).stateBlock!;
    dev.SetCurrentTexturePalette(2);
    expect(pixel.Apply()).toBe(D3D_OK);
    expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(2);
    expect(all.Apply()).toBe(D3D_OK);
    expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(1);
    // while recording, the device keeps its palette; the block applies the one set
    expect(dev.BeginStateBlock()).toBe(D3D_OK);
    expect(dev.SetCurrentTexturePalette(2)).toBe(D3D_OK);
    const rec = dev.EndStateBlock().stateBlock!;
    expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(1);
    rec.Apply();
    expect(dev.GetCurrentTexturePalette().paletteNumber).toBe(2);
  });

  it('translate a P8 texture through the current palette when drawn', () => {
    const dev = device(D3DCREATE.SOFTWARE_VERTEXPROCESSING, 2, 2);
    const r = dev.CreateTexture(1, 1, 1, 0, D3DFMT.P8, D3DPOOL.MANAGED);
    expect(r.hr).toBe(D3D_OK);
    const tex = r.texture as Texture;
    tex.LockRect(0, null, 0).lockedRect!.pBits[0] = 3;
    tex.UnlockRect(0);
    dev.SetPaletteEntries(1, palette((i) => (i === 3 ? { peRed: 0x12, peGreen: 0x34, peBlue: 0x56, peFlags: 0xff } : { peRed: 0, peGreen: 0, peBlue: 0, peFlags: 0xff })));
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetTexture(0, tex);
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    const quad = new Float32Array([0, 0, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0, 0, 2, 0, 1, 0, 1, 2, 2, 0, 1, 1, 1]);
    const bb = dev.GetBackBuffer(0, 0, 0).surface as Surface;
    const px = (): number => new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(0, true) & 0xffffff;
    // palette 0 (white) is current at first; then palette 1
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24);
    expect(px()).toBe(0xffffff);
    dev.SetCurrentTexturePalette(1);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 24);
    expect(px()).toBe(0x123456);
    expect(Direct3DCreate9(32)!.CheckDeviceFormat(0, 1, D3DFMT.X8R8G8B8, 0, D3DRTYPE.TEXTURE, D3DFMT.P8)).toBe(D3D_OK);
  });

  it('survive a snapshot: entries, the current palette, the N-patch mode and the vertex processing mode', () => {
    const dev = device(D3DCREATE.MIXED_VERTEXPROCESSING);
    dev.SetPaletteEntries(7, ramp);
    dev.SetCurrentTexturePalette(7);
    dev.SetNPatchMode(3);
    dev.SetSoftwareVertexProcessing(true);
    const snap = decodeSnapshot(encodeSnapshot(captureSnapshot([{ id: 1, kind: 'Device', obj: dev }], {
      callsReplayed: 0, frames: 0, perfDepth: 0, profile: 'dx9', missing: [], names: [], findings: [],
    })));
    checkSnapshotObjects(snap.objects);
    const back = restoreObjects(snap.objects)[snap.handles[0].object] as Device;
    expect(back.GetPaletteEntries(7)).toEqual({ hr: D3D_OK, entries: ramp });
    expect(back.GetPaletteEntries(0).entries).toEqual(white);
    expect(back.GetCurrentTexturePalette().paletteNumber).toBe(7);
    expect(back.GetNPatchMode()).toBe(3);
    expect(back.GetSoftwareVertexProcessing()).toBe(true);
  });
});

describe('SetSoftwareVertexProcessing', () => {
  const rows: ReadonlyArray<[string, number, boolean, boolean, number, boolean]> = [
    // device, flags, initial mode, asked, result, mode after
    ['a SOFTWARE device', D3DCREATE.SOFTWARE_VERTEXPROCESSING, true, true, D3D_OK, true],
    ['a SOFTWARE device', D3DCREATE.SOFTWARE_VERTEXPROCESSING, true, false, D3DERR.INVALIDCALL, true],
    ['a HARDWARE device', D3DCREATE.HARDWARE_VERTEXPROCESSING, false, false, D3D_OK, false],
    ['a HARDWARE device', D3DCREATE.HARDWARE_VERTEXPROCESSING, false, true, D3DERR.INVALIDCALL, false],
    ['a MIXED device', D3DCREATE.MIXED_VERTEXPROCESSING, false, true, D3D_OK, true],
  ];
  for (const [what, flags, initial, ask, hr, after] of rows) {
    it(`on ${what}, ${ask ? 'TRUE' : 'FALSE'}: ${hr === D3D_OK ? 'D3D_OK' : 'D3DERR_INVALIDCALL'}`, () => {
      const dev = device(flags);
      expect(dev.GetSoftwareVertexProcessing()).toBe(initial);
      expect(dev.SetSoftwareVertexProcessing(ask) >>> 0).toBe(hr >>> 0);
      expect(dev.GetSoftwareVertexProcessing()).toBe(after);
    });
  }
  it('switches back and forth on a MIXED device and is not recorded by state blocks', () => {
    const dev = device(D3DCREATE.MIXED_VERTEXPROCESSING);
    const all = dev.CreateStateBlock(D3DSBT.ALL).stateBlock!;
    expect(dev.SetSoftwareVertexProcessing(true)).toBe(D3D_OK);
    all.Apply();
    expect(dev.GetSoftwareVertexProcessing()).toBe(true);
    dev.BeginStateBlock();
    expect(dev.SetSoftwareVertexProcessing(false)).toBe(D3D_OK);
    dev.EndStateBlock();
    expect(dev.GetSoftwareVertexProcessing()).toBe(false);
  });
});

describe('N-patch mode and high-order patches (the caps have neither D3DDEVCAPS_NPATCHES nor RTPATCHES)', () => {
  it('SetNPatchMode stores the segment count as float32; GetNPatchMode reads it back (0 by default)', () => {
    const dev = device();
    expect(dev.GetNPatchMode()).toBe(0);
    expect(dev.SetNPatchMode(2.3)).toBe(D3D_OK);
    expect(dev.GetNPatchMode()).toBe(Math.fround(2.3));
    expect(dev.SetNPatchMode(0)).toBe(D3D_OK);
    expect(dev.GetNPatchMode()).toBe(0);
  });

  it('draws with N-patches on are drawn untessellated, with a note; below 1.0 no note', () => {
    const dev = device(D3DCREATE.SOFTWARE_VERTEXPROCESSING, 2, 2);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE);
    const v = new Float32Array(15);
    const u = new Uint32Array(v.buffer);
    v.set([0, 0, 0, 1], 0); v.set([4, 0, 0, 1], 5); v.set([0, 4, 0, 1], 10);
    u[4] = u[9] = u[14] = 0xff00ff00;
    const notes: DeviceNote[] = [];
    dev.SetNPatchMode(0.5);
    listenForNotes((n) => notes.push(n), () => expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, v, 20)).toBe(D3D_OK));
    expect(notes).toEqual([]);
    dev.SetNPatchMode(4);
    listenForNotes((n) => notes.push(n), () => expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, v, 20)).toBe(D3D_OK));
    expect(notes.map((n) => n.kind)).toEqual(['npatch-ignored']);
    const bb = dev.GetBackBuffer(0, 0, 0).surface as Surface;
    expect(new DataView(bb.data.buffer, bb.data.byteOffset).getUint32(0, true) & 0xffffff).toBe(0x00ff00);
  });

  const segs4 = { Edge0: 2, Edge1: 2, Edge2: 2, Edge3: 2 };
  const rect = { StartVertexOffsetWidth: 0, StartVertexOffsetHeight: 0, Width: 4, Height: 4, Stride: 4, Basis: 0, Degree: 3 };
  const tri = { StartVertexOffset: 0, NumVertices: 10, Basis: 0, Degree: 3 };
  const rows: ReadonlyArray<[string, (d: Device) => number]> = [
    ['DrawRectPatch (handle 0)', (d) => d.DrawRectPatch(0, segs4, rect)],
    ['DrawRectPatch (handle 5, caching)', (d) => d.DrawRectPatch(5, segs4, rect)],
    ['DrawRectPatch without segments', (d) => d.DrawRectPatch(0, null, rect)],
    ['DrawTriPatch (handle 0)', (d) => d.DrawTriPatch(0, { Edge0: 2, Edge1: 2, Edge2: 2 }, tri)],
    ['DeletePatch of handle 0', (d) => d.DeletePatch(0)],
    ['DeletePatch of a handle never drawn', (d) => d.DeletePatch(5)],
  ];
  for (const [what, call] of rows) {
    it(`${what}: D3DERR_INVALIDCALL`, () => expect(call(device()) >>> 0).toBe(D3DERR.INVALIDCALL >>> 0));
  }
});
