/**
 * Prints TraceCalls the way `apitrace dump` does (apitrace's trace_dump.cpp and cli_dump.cpp),
 * so that our reading of a `.trace` can be compared line for line with apitrace's own.
 */
import type { BitmaskValue, EnumValue, StructValue, TraceCall, TraceHeader, Value } from './model.js';

/** The per-function flags apitrace's parser attaches by name (trace_parser_flags.cpp), D3D9's part. */
export const DUMP_FLAG = {
  /** left out of `apitrace dump` unless --verbose (queries without side effects) */
  VERBOSE: 1 << 0,
  /** the dump prints a blank line after the call (a frame ends) */
  END_FRAME: 1 << 1,
} as const;

const VERBOSE_METHODS = ['CheckDeviceFormat', 'EnumAdapterModes', 'GetAdapterModeCount', 'GetDeviceCaps'];
const FLAGS_BY_NAME: ReadonlyMap<string, number> = new Map<string, number>([
  ...['IDirect3D9', 'IDirect3D9Ex'].flatMap((i) => VERBOSE_METHODS.map((m) => [`${i}::${m}`, DUMP_FLAG.VERBOSE] as const)),
  ['IDirect3DDevice9::GetDeviceCaps', DUMP_FLAG.VERBOSE],
  ['IDirect3DDevice9Ex::GetDeviceCaps', DUMP_FLAG.VERBOSE],
  ['IDirect3DDevice9::GetRenderTargetData', DUMP_FLAG.END_FRAME],
  ['IDirect3DDevice9Ex::GetRenderTargetData', DUMP_FLAG.END_FRAME],
  ['IDirect3DDevice9::Present', DUMP_FLAG.END_FRAME],
  ['IDirect3DDevice9Ex::Present', DUMP_FLAG.END_FRAME],
  ['IDirect3DDevice9Ex::PresentEx', DUMP_FLAG.END_FRAME],
  ['IDirect3DSwapChain9::Present', DUMP_FLAG.END_FRAME],
  ['IDirect3DSwapChain9Ex::Present', DUMP_FLAG.END_FRAME],
  // Direct3D 8 shares the container; its verbose and frame-ending calls
  ...['CheckDeviceFormat', 'EnumAdapterModes', 'GetAdapterModeCount', 'GetDeviceCaps'].map((m) => [`IDirect3D8::${m}`, DUMP_FLAG.VERBOSE] as const),
  ['IDirect3DDevice8::GetDeviceCaps', DUMP_FLAG.VERBOSE],
  ['IDirect3DDevice8::Present', DUMP_FLAG.END_FRAME],
]);

/** DUMP_FLAG bits apitrace gives a function by its name. */
export function dumpFlags(functionName: string): number {
  return FLAGS_BY_NAME.get(functionName) ?? 0;
}

/** One call as `apitrace dump` prints it, without the newline (a string argument may hold newlines). */
export function formatDumpLine(call: TraceCall): string {
  const names = call.sig.argNames;
  const args = call.args.map((v, i) => `${names[i] ?? ''} = ${v === undefined ? '?' : formatValue(v)}`);
  let line = `${call.no} ${call.sig.name}(${args.join(', ')})`;
  if (call.ret !== undefined) line += ` = ${formatValue(call.ret)}`;
  const fake = (call.flags & 1) !== 0;
  if (fake || call.incomplete) line += ` //${fake ? ' fake' : ''}${call.incomplete ? ' incomplete' : ''}`;
  return line;
}

/**
 * The whole text `apitrace dump T.trace` prints: the properties as comments, then every call
 * not marked verbose, with a blank line after each call that ends a frame.
 */
export function formatDump(header: TraceHeader, calls: Iterable<TraceCall>, opts: { verbose?: boolean } = {}): string {
  const out: string[] = header.properties.map(([k, v]) => `// ${k} = ${quote(v)}\n`);
  for (const c of calls) {
    const f = dumpFlags(c.sig.name);
    if (f & DUMP_FLAG.VERBOSE && !opts.verbose) continue;
    out.push(`${formatDumpLine(c)}\n${f & DUMP_FLAG.END_FRAME ? '\n' : ''}`);
  }
  return out.join('');
}

export function formatValue(v: Value): string {
  if (v === null) return 'NULL';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return Object.is(v, -0) ? '0' : String(v);
    case 'bigint':
      return String(v);
    case 'string':
      return quote(v);
    default:
      break;
  }
  switch (v.kind) {
    case 'float':
      return formatG(v.value, 7);
    case 'double':
      return formatG(v.value, 16);
    case 'wstring':
      return `L${quote(v.text)}`;
    case 'blob':
      return `blob(${v.bytes.length})`;
    case 'enum':
      return formatEnum(v);
    case 'bitmask':
      return formatBitmask(v);
    case 'array':
      return v.items.length === 1 ? `&${formatValue(v.items[0])}` : `{${v.items.map(formatValue).join(', ')}}`;
    case 'struct':
      return formatStruct(v);
    case 'pointer':
      return `0x${v.address.toString(16)}`;
    case 'repr':
      return formatValue(v.human);
    default:
      return assertNever(v);
  }
}

function assertNever(v: never): never {
  throw new Error(`not a value: ${JSON.stringify(v)}`);
}

function formatEnum(v: EnumValue): string {
  const hit = v.sig.values.find(([, n]) => BigInt(n) === BigInt(v.value));
  return hit ? hit[0] : formatValue(v.value);
}

/** Names of the flags set, in the signature's order; what no flag covers as hex; `0x0` when empty. */
function formatBitmask(v: BitmaskValue): string {
  let rest = BigInt.asUintN(64, BigInt(v.value));
  const parts: string[] = [];
  for (const [name, flag] of v.sig.flags) {
    const f = BigInt(flag);
    if ((f !== 0n && (rest & f) === f) || (f === 0n && rest === 0n)) {
      parts.push(name);
      rest &= ~f;
    }
    if (rest === 0n) break;
  }
  if (rest !== 0n || parts.length === 0) parts.push(`0x${rest.toString(16)}`);
  return parts.join(' | ');
}

function formatStruct(v: StructValue): string {
  if (v.sig.name === 'GUID' && v.members.length === 4) {
    const g = guidText(v);
    if (g) return GUID_NAMES.get(g) ?? `uuid(${g})`;
  }
  return `{${members(v).join(', ')}}`;
}

/** `name = value` per member; an anonymous member that is a struct gives its own members (apitrace flattens them). */
function members(v: StructValue): string[] {
  return v.members.flatMap((m, i) => {
    const name = v.sig.memberNames[i];
    if (!name) return m !== null && typeof m === 'object' && 'kind' in m && m.kind === 'struct' ? members(m) : [];
    return [`${name} = ${formatValue(m)}`];
  });
}

function guidText(v: StructValue): string | null {
  const [d1, d2, d3, d4] = v.members;
  const num = (x: Value): number | null => (typeof x === 'number' ? x : null);
  if (num(d1) === null || num(d2) === null || num(d3) === null) return null;
  if (d4 === null || typeof d4 !== 'object' || !('kind' in d4) || d4.kind !== 'array' || d4.items.length !== 8) return null;
  const bytes = d4.items.map(num);
  if (bytes.some((b) => b === null)) return null;
  const hex = (n: number, w: number): string => n.toString(16).padStart(w, '0');
  const b = bytes as number[];
  return `${hex(num(d1)!, 8)}-${hex(num(d2)!, 4)}-${hex(num(d3)!, 4)}-${b.slice(0, 2).map((x) => hex(x, 2)).join('')}-${b.slice(2).map((x) => hex(x, 2)).join('')}`;
}

/** The D3D9 interface ids apitrace prints by name (its guids_entries.h). */
const GUID_NAMES: ReadonlyMap<string, string> = new Map([
  ['00000000-0000-0000-c000-000000000046', 'IID_IUnknown'],
  ['02177241-69fc-400c-8ff1-93a44df6861d', 'IID_IDirect3D9Ex'],
  ['05eec05d-8f7d-4362-b999-d1baf357c704', 'IID_IDirect3DResource9'],
  ['0cfbaf3a-9ff6-429a-99b3-a2796af8b89b', 'IID_IDirect3DSurface9'],
  ['187aeb13-aaf5-4c59-876d-e059088c0df8', 'IID_IDirect3D9ExOverlayExtension'],
  ['24f416e6-1f67-4aa7-b88e-d33f6f3128a1', 'IID_IDirect3DVolume9'],
  ['2518526c-e789-4111-a7b9-47ef328d13e6', 'IID_IDirect3DVolumeTexture9'],
  ['26dc4561-a1ee-4ae7-96da-118a36c0ec95', 'IID_IDirect3DDevice9Video'],
  ['429b8c22-9188-4b0c-8742-acb0bf85c200', 'WKPDID_D3DDebugObjectName'],
  ['580ca87e-1d3c-4d54-991d-b7d3e3c298ce', 'IID_IDirect3DBaseTexture9'],
  ['6d3bdbdc-5b02-4415-b852-ce5e8bccb289', 'IID_IDirect3DPixelShader9'],
  ['794950f2-adfc-458a-905e-10a10b0b503b', 'IID_IDirect3DSwapChain9'],
  ['7c9dd65e-d3f7-4529-acee-785830acde35', 'IID_IDirect3DIndexBuffer9'],
  ['81bdcbca-64d4-426d-ae8d-ad0147f4275c', 'IID_IDirect3D9'],
  ['85c31227-3de5-4f00-9b3a-f11ac38c18b5', 'IID_IDirect3DTexture9'],
  ['91886caf-1c3d-4d2e-a0ab-3e4c7d8d3303', 'IID_IDirect3DSwapChain9Ex'],
  ['a0cade0f-06d5-4cf4-a1c7-f3cdd725aa75', 'IID_IDirect3DDeviceManager9'],
  ['b07c4fe5-310d-4ba8-a23c-4f0f206f218b', 'IID_IDirect3DStateBlock9'],
  ['b18b10ce-2649-405a-870f-95f777d4313a', 'IID_IDirect3DDevice9Ex'],
  ['b64bb1b5-fd70-4df6-bf91-19d0a12455e3', 'IID_IDirect3DVertexBuffer9'],
  ['d0223b96-bf7a-43fd-92bd-a43b0d82b9eb', 'IID_IDirect3DDevice9'],
  ['d9771460-a695-4f26-bbd3-27b840b541cc', 'IID_IDirect3DQuery9'],
  ['dd13c59c-36fa-4098-a8fb-c7ed39dc8546', 'IID_IDirect3DVertexDeclaration9'],
  ['efc5557e-6265-4613-8a94-43857889eb36', 'IID_IDirect3DVertexShader9'],
  ['fa0ab799-7a9c-48ca-8c5b-237e71a54434', 'IID_IDirect3DCryptoSession9'],
  ['ff24beee-da21-4beb-98b5-d2f899f98af9', 'IID_IDirect3DAuthenticatedChannel9'],
  ['fff32f81-d953-473a-9223-93d652aba93f', 'IID_IDirect3DCubeTexture9'],
]);

/**
 * A string between double quotes as apitrace prints it: `"` and `\` escaped, tab and newline
 * kept, carriage return dropped, other control and non-ASCII characters as a backslash and up
 * to three octal digits (apitrace repeats its middle digit in the first place, and so do we);
 * the text stops at a NUL, as the C string it is.
 */
export function quote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) break;
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c <= 0x7e) out += s[i];
    else if (c === 0x09) out += '\t';
    else if (c === 0x0d) continue;
    else if (c === 0x0a) out += '\n';
    else {
      const o0 = c & 7;
      const o1 = (c >> 3) & 7;
      out += `\\${o1 ? `${o1}${o1}` : ''}${o0}`;
    }
  }
  return `${out}"`;
}

/** C's `%g` at a precision (what an ostream prints a float or double with). */
export function formatG(v: number, precision: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const exp = Number(v.toExponential(precision - 1).split('e')[1]);
  if (exp < -4 || exp >= precision) {
    const [m, e] = v.toExponential(precision - 1).split('e');
    const n = Number(e);
    return `${trimZeros(m)}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return trimZeros(v.toFixed(precision - 1 - exp));
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
