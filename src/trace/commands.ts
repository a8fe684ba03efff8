/**
 * The command registry, derived from schema/replay9.fbs: for each union member
 * its type id, the interface and D3D9 method it records, what kind of handle it
 * creates, and its table description.
 */
import type { Command } from './generated/replay9.js';
import { SCHEMA } from './generated/schema-spec.js';
import type { StructDef, TableDef, TableField } from './schema-types.js';
import type { CallRecord } from './call.js';

export type CommandName = Exclude<keyof typeof Command, 'NONE'>;

/** Kinds of object a handle can name. `BaseTexture` accepts Texture, CubeTexture or VolumeTexture. */
export const HANDLE_KINDS = [
  'Direct3D9', 'Device', 'Surface', 'Texture', 'CubeTexture', 'VertexBuffer', 'IndexBuffer', 'StateBlock',
  'VolumeTexture', 'Volume', 'VertexDeclaration', 'VertexShader', 'PixelShader', 'SwapChain', 'Query',
] as const;
export type HandleKind = (typeof HANDLE_KINDS)[number];

/** The D3D9 interface name of each handle kind. */
export const INTERFACE_OF: Record<HandleKind, string> = {
  Direct3D9: 'IDirect3D9',
  Device: 'IDirect3DDevice9',
  Surface: 'IDirect3DSurface9',
  Texture: 'IDirect3DTexture9',
  CubeTexture: 'IDirect3DCubeTexture9',
  VertexBuffer: 'IDirect3DVertexBuffer9',
  IndexBuffer: 'IDirect3DIndexBuffer9',
  StateBlock: 'IDirect3DStateBlock9',
  VolumeTexture: 'IDirect3DVolumeTexture9',
  Volume: 'IDirect3DVolume9',
  VertexDeclaration: 'IDirect3DVertexDeclaration9',
  VertexShader: 'IDirect3DVertexShader9',
  PixelShader: 'IDirect3DPixelShader9',
  SwapChain: 'IDirect3DSwapChain9',
  Query: 'IDirect3DQuery9',
};
/**
 * The Ex interface of a kind whose Ex form is the same object (IDirect3D9Ex, IDirect3DDevice9Ex and
 * IDirect3DSwapChain9Ex are the plain objects with `ex` set): its methods are recorded on that kind.
 */
export const EX_INTERFACE_OF: Partial<Record<HandleKind, string>> = {
  Direct3D9: 'IDirect3D9Ex',
  Device: 'IDirect3DDevice9Ex',
  SwapChain: 'IDirect3DSwapChain9Ex',
};
const KIND_OF_INTERFACE = new Map([
  ...Object.entries(INTERFACE_OF).map(([k, i]) => [i, k as HandleKind] as const),
  ...Object.entries(EX_INTERFACE_OF).map(([k, i]) => [i, k as HandleKind] as const),
]);

/** The interfaces each kind of object is, most derived first, as d3d9.h derives them (IUnknown implied). */
export const INTERFACE_CHAIN: Record<HandleKind, readonly string[]> = {
  Direct3D9: ['IDirect3D9'],
  Device: ['IDirect3DDevice9'],
  Surface: ['IDirect3DSurface9', 'IDirect3DResource9'],
  Texture: ['IDirect3DTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9'],
  CubeTexture: ['IDirect3DCubeTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9'],
  VertexBuffer: ['IDirect3DVertexBuffer9', 'IDirect3DResource9'],
  IndexBuffer: ['IDirect3DIndexBuffer9', 'IDirect3DResource9'],
  StateBlock: ['IDirect3DStateBlock9'],
  VolumeTexture: ['IDirect3DVolumeTexture9', 'IDirect3DBaseTexture9', 'IDirect3DResource9'],
  Volume: ['IDirect3DVolume9'],
  VertexDeclaration: ['IDirect3DVertexDeclaration9'],
  VertexShader: ['IDirect3DVertexShader9'],
  PixelShader: ['IDirect3DPixelShader9'],
  SwapChain: ['IDirect3DSwapChain9'],
  Query: ['IDirect3DQuery9'],
};

/** The kinds of object that are interface `iface` (`*`: every kind; an Ex interface: the kind that is it with `ex` set). */
export function kindsOfInterface(iface: string): HandleKind[] {
  return HANDLE_KINDS.filter((k) => iface === '*' || iface === 'IUnknown' || INTERFACE_CHAIN[k].includes(iface) || EX_INTERFACE_OF[k] === iface);
}

/** A handle parameter's kind: an object kind, or one of the interfaces several kinds share. */
export type WantKind = HandleKind | 'BaseTexture' | 'Resource' | 'Unknown';
const SHARED_INTERFACE: Record<string, string> = { BaseTexture: 'IDirect3DBaseTexture9', Resource: 'IDirect3DResource9', Unknown: 'IUnknown' };

export interface CommandInfo {
  name: CommandName;
  /** union type id (1-based) */
  type: number;
  /** D3D9 interface (`IDirect3DDevice9`), `*` for any (Release), `` for a free function */
  iface: string;
  /** the kind of `self` when one kind has the interface, undefined for free functions, `*` and shared interfaces */
  selfKind?: HandleKind;
  /** the kinds of `self` the call is made on (every kind for `*`, none for free functions) */
  selfKinds: readonly HandleKind[];
  /** D3D9 method name as the text form writes it */
  method: string;
  /** the kind of handle the call creates, if any */
  creates?: HandleKind;
  /** the out-values depend on the machine (r9 `varies`): at replay a difference is a note, not a mismatch */
  varies: boolean;
  /** the fields the call fills on exit (r9 `out ...`), in schema order */
  outs: readonly TableField[];
  /** the fields the call reads (every field that is not an out), in schema order */
  ins: readonly TableField[];
  table: TableDef;
}

/** Is this field filled by the call on exit (r9 `out` or `out ...`)? */
export function isOutField(f: { r9?: string }): boolean {
  return f.r9 === 'out' || (f.r9?.startsWith('out ') ?? false);
}

/** The out field that holds the return value of a method that returns no HRESULT. */
export const RETURN_VALUE = 'ReturnValue';

/**
 * The property of the device's and the API's result object that carries an out field:
 * the parameter's name without its p/pp prefix, in camelCase (pValue → value, ppStreamData →
 * streamData, pFVF → fvf).
 */
export function outKey(field: string): string {
  const bare = /^pp?[A-Z]/.test(field) ? field.replace(/^pp?/, '') : field;
  const caps = /^[A-Z]+/.exec(bare)?.[0] ?? '';
  // a run of capitals is an acronym (FVF → fvf), except the one that starts the next word (IndexData → indexData)
  const lower = caps.length > 1 && caps.length < bare.length ? caps.length - 1 : Math.max(caps.length, 1);
  return bare.slice(0, lower).toLowerCase() + bare.slice(lower);
}

const STRUCTS = new Map<string, StructDef>(SCHEMA.structs.map((s) => [s.name, s]));
const TABLES = new Map<string, TableDef>(SCHEMA.tables.map((t) => [t.name, t]));

export function structDef(name: string): StructDef {
  const s = STRUCTS.get(name);
  if (!s) throw new Error(`schema: no struct ${name}`);
  return s;
}

function describe(name: string, type: number): CommandInfo {
  const table = TABLES.get(name);
  if (!table?.r9) throw new Error(`schema: table ${name} has no r9 attribute`);
  const m = /^([A-Za-z0-9]*|\*)\.(\w+)(?: creates (\w+))?( varies)?$/.exec(table.r9);
  if (!m) throw new Error(`schema: table ${name}: bad r9 "${table.r9}"`);
  const [, iface, method, creates, varies] = m;
  const selfKind = KIND_OF_INTERFACE.get(iface);
  const selfKinds = iface === '' ? [] : kindsOfInterface(iface);
  if (iface !== '' && selfKinds.length === 0) throw new Error(`schema: table ${name}: unknown interface ${iface}`);
  if (creates && !(HANDLE_KINDS as readonly string[]).includes(creates)) throw new Error(`schema: ${name} creates unknown ${creates}`);
  return {
    name: name as CommandName,
    type,
    iface,
    selfKind,
    selfKinds,
    method,
    creates: creates as HandleKind | undefined,
    varies: varies !== undefined,
    outs: table.fields.filter(isOutField),
    ins: table.fields.filter((f) => !isOutField(f)),
    table,
  };
}

const union = SCHEMA.unions.find((u) => u.name === 'Command');
if (!union) throw new Error('schema: no union Command');

/** Every command, indexed by union type id (index 0 unused). */
export const COMMANDS: readonly CommandInfo[] = [undefined as unknown as CommandInfo, ...union.members.map((n, i) => describe(n, i + 1))];
export const COMMAND_COUNT = union.members.length;
const BY_NAME = new Map<string, CommandInfo>(COMMANDS.slice(1).map((c) => [c.name, c]));
const BY_METHOD = new Map<string, CommandInfo>(COMMANDS.slice(1).map((c) => [`${c.iface}.${c.method}`, c]));

export function commandInfo(name: CommandName): CommandInfo {
  return BY_NAME.get(name)!;
}

/** The command recording `method` on an object of `kind` (or a free function when kind is undefined). */
export function commandForMethod(kind: HandleKind | undefined, method: string): CommandInfo | undefined {
  if (kind === undefined) return BY_METHOD.get(`.${method}`);
  for (const iface of INTERFACE_CHAIN[kind]) {
    const c = BY_METHOD.get(`${iface}.${method}`);
    if (c) return c;
  }
  const ex = EX_INTERFACE_OF[kind];
  return (ex ? BY_METHOD.get(`${ex}.${method}`) : undefined) ?? BY_METHOD.get(`*.${method}`);
}

/** `IDirect3DDevice9::CreateRenderTarget`, as people write it. */
export function qualifiedMethod(info: CommandInfo, selfKind?: HandleKind): string {
  const iface = info.iface === '*' ? (selfKind ? INTERFACE_OF[selfKind] : 'IUnknown') : info.iface;
  return iface ? `${iface}::${info.method}` : info.method;
}

/**
 * The commands that always end a frame of the trace (`--calls frame`, trim, seek): a device's
 * Present and PresentEx. IDirect3DSwapChain9::Present ends one when its chain is the implicit one
 * (GetSwapChain handed it out), which frames.ts follows through the stream.
 */
export const FRAME_END_COMMANDS: ReadonlySet<string> = new Set(['Present', 'PresentEx']);

/** Does a handle of `kind` satisfy a parameter declared as `want` (a kind, or BaseTexture, Resource, Unknown)? */
export function kindAccepts(want: string, kind: HandleKind): boolean {
  if (want === kind || want === 'Unknown') return true;
  const iface = SHARED_INTERFACE[want];
  return iface !== undefined && INTERFACE_CHAIN[kind].includes(iface);
}

/** Results that are counts or return values, not HRESULTs. */
export const COUNT_RESULTS: ReadonlySet<string> = new Set([
  'Release', 'AddRef', 'PerfBeginEvent', 'PerfEndEvent', 'PerfSetMarker', 'PerfGetStatus', 'PerfQueryRepeatFrame', 'PerfSetOptions', 'PerfSetRegion',
]);

export const DRAW_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>([
  'DrawPrimitive', 'DrawIndexedPrimitive', 'DrawPrimitiveUP', 'DrawIndexedPrimitiveUP',
]);

/** The parameters of each command that are handles (r9 "handle KIND" or "out handle KIND"), by union type id. */
const HANDLE_FIELDS: readonly string[][] = COMMANDS.map((c) => (c ? c.table.fields.filter((f) => /^(out )?handle /.test(f.r9 ?? '')).map((f) => f.name) : []));

/** The lists of one-handle structs of each command (CheckResourceResidency's ResourceRef list): [field, struct field]. */
const HANDLE_LISTS: readonly Array<[string, string]>[] = COMMANDS.map((c) => {
  if (!c) return [];
  const lists: Array<[string, string]> = [];
  for (const f of c.table.fields) {
    if (f.type.kind !== 'structs') continue;
    const h = structDef(f.type.struct).fields.find((sf) => /^handle /.test(sf.r9 ?? ''));
    if (h) lists.push([f.name, h.name]);
  }
  return lists;
});
const PRIVATE_DATA: ReadonlySet<string> = new Set(COMMANDS.slice(1).filter((c) => c.table.fields.some((f) => f.r9 === 'private')).map((c) => c.name));

/** Every handle a call names: the object it is called on, its handle parameters and out-values, the handle it creates. */
export function handlesOfCall(call: CallRecord): number[] {
  const out: number[] = [];
  if (call.self) out.push(call.self);
  if (call.created) out.push(call.created);
  const type = commandInfo(call.command).type;
  for (const name of HANDLE_FIELDS[type]) {
    const v = call.args[name];
    if (typeof v === 'number' && v !== 0) out.push(v);
  }
  for (const [list, field] of HANDLE_LISTS[type]) {
    for (const s of (call.args[list] as Array<Record<string, unknown>> | null) ?? []) {
      const v = s[field];
      if (typeof v === 'number' && v !== 0) out.push(v);
    }
  }
  // a D3DSPD_IUNKNOWN entry of SetPrivateData names its object in the data (r9 "private": 4 bytes, little-endian)
  const data = call.args.pData;
  if (PRIVATE_DATA.has(call.command) && ((call.args.Flags as number) & 1) && data instanceof Uint8Array && data.length === 4) {
    const id = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);
    if (id !== 0) out.push(id);
  }
  return out;
}
