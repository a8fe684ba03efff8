/** `replay9 caps [--profile dx8] [--json]`: the emulated device's D3DCAPS9. */
import type { Argv } from 'yargs';
import { deviceCaps, DEVICE_PROFILES } from '../../device/caps.js';
import type { D3DCAPS9, DeviceProfile } from '../../device/caps.js';
import { ENUM_TABLES, formatFlags } from '../../d3d9/index.js';
import type { EnumTable } from '../../d3d9/index.js';
import { EXIT } from '../io.js';
import type { Io } from '../io.js';

/** Which flag table names the bits of each caps field. */
const FIELD_FLAGS: Partial<Record<keyof D3DCAPS9, string>> = {
  Caps: 'D3DCAPS', Caps2: 'D3DCAPS2', Caps3: 'D3DCAPS3', PresentationIntervals: 'D3DPRESENT_INTERVAL', CursorCaps: 'D3DCURSORCAPS',
  DevCaps: 'D3DDEVCAPS', PrimitiveMiscCaps: 'D3DPMISCCAPS', RasterCaps: 'D3DPRASTERCAPS', ZCmpCaps: 'D3DPCMPCAPS',
  SrcBlendCaps: 'D3DPBLENDCAPS', DestBlendCaps: 'D3DPBLENDCAPS', AlphaCmpCaps: 'D3DPCMPCAPS', ShadeCaps: 'D3DPSHADECAPS',
  TextureCaps: 'D3DPTEXTURECAPS', TextureFilterCaps: 'D3DPTFILTERCAPS', CubeTextureFilterCaps: 'D3DPTFILTERCAPS',
  VolumeTextureFilterCaps: 'D3DPTFILTERCAPS', TextureAddressCaps: 'D3DPTADDRESSCAPS', VolumeTextureAddressCaps: 'D3DPTADDRESSCAPS',
  LineCaps: 'D3DLINECAPS', StencilCaps: 'D3DSTENCILCAPS', TextureOpCaps: 'D3DTEXOPCAPS', VertexProcessingCaps: 'D3DVTXPCAPS',
  DevCaps2: 'D3DDEVCAPS2', StretchRectFilterCaps: 'D3DPTFILTERCAPS', VertexTextureFilterCaps: 'D3DPTFILTERCAPS',
};

export function capsText(caps: D3DCAPS9): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(caps) as Array<[keyof D3DCAPS9, D3DCAPS9[keyof D3DCAPS9]]>) {
    if (typeof v === 'object') {
      out.push(`${k.padEnd(34)} ${Object.entries(v).map(([a, b]) => `${a} ${b}`).join(', ')}`);
      continue;
    }
    const table = FIELD_FLAGS[k] ? (ENUM_TABLES as Readonly<Record<string, EnumTable | undefined>>)[FIELD_FLAGS[k]!] : undefined;
    const hex = `0x${(v >>> 0).toString(16).padStart(8, '0')}`;
    if (table) out.push(`${k.padEnd(34)} ${hex}  ${v === 0 ? '-' : formatFlags(table, v)}`);
    else if (k === 'FVFCaps') out.push(`${k.padEnd(34)} ${hex}  ${v & 0xffff} texture coordinate sets${v & 0x100000 ? ' | D3DFVFCAPS_PSIZE' : ''}`);
    else out.push(`${k.padEnd(34)} ${v}`);
  }
  return out;
}

export function registerCaps(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'caps',
    'Print the D3DCAPS9 of the emulated device (what replay9 implements), flags by name',
    (a) => a
      .option('profile', { choices: DEVICE_PROFILES, default: 'dx9' as DeviceProfile, describe: 'dx9: a Direct3D 9 driver; dx8: a DirectX 8-level driver (no CAN_STRETCHRECT_FROM_TEXTURES)' })
      .option('json', { type: 'boolean', default: false, describe: 'the D3DCAPS9 fields as one JSON object' }),
    (argv) => {
      const caps = deviceCaps(argv.profile as DeviceProfile);
      if (argv.json) io.out(JSON.stringify(caps, null, 2));
      else {
        io.out(`D3DCAPS9 of the replay9 device, ${argv.profile === 'dx8' ? 'DirectX 8-level' : 'Direct3D 9'} driver profile`);
        for (const line of capsText(caps)) io.out(`  ${line}`);
      }
      done(EXIT.ok);
    },
  );
}
