import { describe, expect, it } from 'vitest';
import { Direct3DCreate9 } from '../../src/device/direct3d9.js';
import type { Device } from '../../src/device/device.js';
import { D3DRS, D3DSAMP, D3DTSS } from '../../src/d3d9/index.js';
import { PP } from '../fixtures/every-command.js';

const F1 = 0x3f800000; // 1.0f
const F64 = 0x42800000; // 64.0f

/** reference/d3d9.md B.4, typed here from the document (ZENABLE: with an auto depth-stencil). */
const RENDER_DEFAULTS: Record<string, number> = {
  ZENABLE: 1, FILLMODE: 3, SHADEMODE: 2, ZWRITEENABLE: 1, ALPHATESTENABLE: 0, LASTPIXEL: 1, SRCBLEND: 2, DESTBLEND: 1,
  CULLMODE: 3, ZFUNC: 4, ALPHAREF: 0, ALPHAFUNC: 8, DITHERENABLE: 0, ALPHABLENDENABLE: 0, FOGENABLE: 0, SPECULARENABLE: 0,
  FOGCOLOR: 0, FOGTABLEMODE: 0, FOGSTART: 0, FOGEND: F1, FOGDENSITY: F1, RANGEFOGENABLE: 0, STENCILENABLE: 0,
  STENCILFAIL: 1, STENCILZFAIL: 1, STENCILPASS: 1, STENCILFUNC: 8, STENCILREF: 0, STENCILMASK: 0xffffffff,
  STENCILWRITEMASK: 0xffffffff, TEXTUREFACTOR: 0xffffffff, WRAP0: 0, WRAP1: 0, WRAP2: 0, WRAP3: 0, WRAP4: 0, WRAP5: 0,
  WRAP6: 0, WRAP7: 0, CLIPPING: 1, LIGHTING: 1, AMBIENT: 0, FOGVERTEXMODE: 0, COLORVERTEX: 1, LOCALVIEWER: 1,
  NORMALIZENORMALS: 0, DIFFUSEMATERIALSOURCE: 1, SPECULARMATERIALSOURCE: 2, AMBIENTMATERIALSOURCE: 0,
  EMISSIVEMATERIALSOURCE: 0, VERTEXBLEND: 0, CLIPPLANEENABLE: 0, POINTSIZE_MIN: F1, POINTSPRITEENABLE: 0,
  POINTSCALEENABLE: 0, POINTSCALE_A: F1, POINTSCALE_B: 0, POINTSCALE_C: 0, MULTISAMPLEANTIALIAS: 1,
  MULTISAMPLEMASK: 0xffffffff, PATCHEDGESTYLE: 0, POINTSIZE_MAX: F64, INDEXEDVERTEXBLENDENABLE: 0, COLORWRITEENABLE: 0xf,
  TWEENFACTOR: 0, BLENDOP: 1, SCISSORTESTENABLE: 0, SLOPESCALEDEPTHBIAS: 0, ANTIALIASEDLINEENABLE: 0,
  MINTESSELLATIONLEVEL: F1, MAXTESSELLATIONLEVEL: F1, ADAPTIVETESS_X: 0, ADAPTIVETESS_Y: 0, ADAPTIVETESS_Z: F1,
  ADAPTIVETESS_W: 0, ENABLEADAPTIVETESSELLATION: 0, TWOSIDEDSTENCILMODE: 0, CCW_STENCILFAIL: 1, CCW_STENCILZFAIL: 1,
  CCW_STENCILPASS: 1, CCW_STENCILFUNC: 8, COLORWRITEENABLE1: 0xf, COLORWRITEENABLE2: 0xf, COLORWRITEENABLE3: 0xf,
  BLENDFACTOR: 0xffffffff, SRGBWRITEENABLE: 0, DEPTHBIAS: 0, WRAP8: 0, WRAP9: 0, WRAP10: 0, WRAP11: 0, WRAP12: 0,
  WRAP13: 0, WRAP14: 0, WRAP15: 0, SEPARATEALPHABLENDENABLE: 0, SRCBLENDALPHA: 2, DESTBLENDALPHA: 1, BLENDOPALPHA: 1,
  // POSITIONDEGREE CUBIC (3), NORMALDEGREE LINEAR (1)
  POSITIONDEGREE: 3, NORMALDEGREE: 1,
};

/** Sampler defaults (reference B.4's sampler note): WRAP addressing, POINT min/mag, no mip filter. */
const SAMPLER_DEFAULTS: Record<string, number> = {
  ADDRESSU: 1, ADDRESSV: 1, ADDRESSW: 1, BORDERCOLOR: 0, MAGFILTER: 1, MINFILTER: 1, MIPFILTER: 0, MIPMAPLODBIAS: 0,
  MAXMIPLEVEL: 0, MAXANISOTROPY: 1, SRGBTEXTURE: 0, ELEMENTINDEX: 0, DMAPOFFSET: 0,
};

function device(autoDepth = true): Device {
  return Direct3DCreate9(32)!.CreateDevice(0, 1, null, 0x20, { ...PP, EnableAutoDepthStencil: autoDepth }).device as Device;
}

describe('a new device starts with the documented state', () => {
  it('every render state of reference B.4', () => {
    const st = device().state;
    const wrong = Object.entries(RENDER_DEFAULTS)
      .filter(([name, v]) => st.renderStates[(D3DRS as Record<string, number>)[name]] !== v >>> 0)
      .map(([name, v]) => `${name}: ${st.renderStates[(D3DRS as Record<string, number>)[name]]} ≠ ${v}`);
    expect(wrong).toEqual([]);
  });

  it('ZENABLE is FALSE without an auto depth-stencil', () => {
    expect(device(false).state.renderStates[D3DRS.ZENABLE]).toBe(0);
  });

  it('every sampler state of every sampler', () => {
    const st = device().state;
    for (let s = 0; s < 16; s++) {
      for (const [name, v] of Object.entries(SAMPLER_DEFAULTS)) {
        expect(st.samplerStates[s][(D3DSAMP as Record<string, number>)[name]], `sampler ${s} ${name}`).toBe(v);
      }
    }
  });

  it('texture stages: stage 0 modulates, the others are disabled; TEXCOORDINDEX is the stage', () => {
    const st = device().state;
    for (let s = 0; s < 8; s++) {
      const t = st.stageStates[s];
      expect([t[D3DTSS.COLOROP], t[D3DTSS.ALPHAOP]], `stage ${s}`).toEqual(s === 0 ? [4, 2] : [1, 1]);
      // TEXTURE 2, CURRENT 1 (D3DTA)
      expect([t[D3DTSS.COLORARG1], t[D3DTSS.COLORARG2], t[D3DTSS.ALPHAARG1], t[D3DTSS.ALPHAARG2]], `stage ${s}`).toEqual([2, 1, 2, 1]);
      expect(t[D3DTSS.TEXCOORDINDEX], `stage ${s}`).toBe(s);
      expect(t[D3DTSS.TEXTURETRANSFORMFLAGS], `stage ${s}`).toBe(0);
    }
  });

  it('viewport and scissor cover the back buffer; no texture, stream or index buffer is bound', () => {
    const st = device().state;
    expect(st.viewport).toEqual({ X: 0, Y: 0, Width: PP.BackBufferWidth, Height: PP.BackBufferHeight, MinZ: 0, MaxZ: 1 });
    expect(st.scissor).toEqual({ left: 0, top: 0, right: PP.BackBufferWidth, bottom: PP.BackBufferHeight });
    expect(st.textures.every((t) => t === null)).toBe(true);
    expect(st.indices).toBeNull();
    expect(st.fvf).toBe(0);
  });
});
