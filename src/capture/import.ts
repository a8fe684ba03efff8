/**
 * An apitrace capture's D3D9 calls as replay9 calls. The mapping is the schema: a call
 * `IDirect3DDevice9::SetRenderState(this, State, Value)` finds its command by the interface of the
 * object `this` names and the method, and each field of the command's table takes the argument of
 * the same name (apitrace's specs and schema/replay9.fbs both use d3d9.h's parameter names),
 * converted by the field's type. Code is only where the two differ: objects named by the
 * application's pointers (a table pointer → handle, retired when Release returns 0), lock data
 * (the fake memcpy before an unlock, see import-locks.ts), out-parameters that carry a handle, and
 * what the application learnt of its adapter at record time (notes, not findings).
 */
import { guidString } from '../d3d9/iid.js';
import type { ArgValue, CallRecord, StructValue as R9Struct } from '../trace/call.js';
import { COUNT_RESULTS, commandForMethod, commandInfo, RETURN_VALUE } from '../trace/commands.js';
import type { CommandInfo, HandleKind } from '../trace/commands.js';
import type { TableField } from '../trace/schema-types.js';
import { bufferLock, imageLock, levelSize, OpenLock } from './import-locks.js';
import type { ResourceShape } from './import-locks.js';
import {
  addressOf, asScalar, blobOf, deref, guidOf, leaves, numberOf, packedOf, segmentsOf, structOf, structsOf, textOf, wordsOf,
} from './import-values.js';
import { formatDumpLine } from './dump-format.js';
import { CALL_FLAG } from './model.js';
import { specFunction } from './spec-d3d9.js';
import type { TraceCall, Value } from './model.js';

/** A replay9 call made from an apitrace call. */
export interface ImportedCall {
  record: CallRecord;
  /** the apitrace call number it came from */
  source: number;
}

/** Calls of one function that have no replay9 command, with how many and where they first were. */
export interface UnmappedCalls {
  name: string;
  reason: string;
  count: number;
  /** apitrace call numbers of the first few */
  first: number[];
}

/** Something the import noticed: not a failure of the application, nor of replay9's emulation. */
export interface ImportNote {
  /** the replay9 call it concerns (the next one when it concerns a dropped call) */
  call: number;
  /** the apitrace call */
  source: number;
  message: string;
}

/**
 * replay9's own answers to what an application asks of its adapter, given by the layer that can
 * reach the emulated device (the command line): the import compares the capture's answers with
 * these and lists each difference as a note.
 */
export interface AdapterOracle {
  /** the HRESULT replay9 gives to an adapter query (CheckDeviceFormat and the other Check* calls) */
  checkResult?(record: CallRecord): number | undefined;
  /** replay9's D3DCAPS9 members by name (nested structs as `VS20Caps.Caps`) */
  caps?(adapter: number, deviceType: number): ReadonlyMap<string, number> | undefined;
}

/** A call outside Direct3D 9 (a window-system call, a DXGI probe): kept as a text-only comment. */
export interface ForeignCall {
  /** the replay9 call it came before (the number of calls made so far) */
  before: number;
  /** the apitrace call */
  source: number;
  /** the call as `apitrace dump` prints it, its number first */
  text: string;
}

export interface ImportOptions {
  oracle?: AdapterOracle;
  /** told of each call outside Direct3D 9 (each is also counted in `foreign`) */
  onForeign?(call: ForeignCall): void;
  /** told of each call left out on purpose (a timing-dependent query poll), beside the note that explains it */
  onLeftOut?(source: number): void;
}

interface Obj { id: number; kind: HandleKind }

const D3D_OK = 0;
const S_FALSE = 1;
/** VCACHE, RESOURCEMANAGER, VERTEXSTATS, TIMESTAMP, TIMESTAMPDISJOINT, TIMESTAMPFREQ, PIPELINETIMINGS .. MEMORYPRESSURE */
const MACHINE_QUERIES: ReadonlySet<number> = new Set([4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
const D3DERR_NOTAVAILABLE = 0x8876086a;
const D3DOK_NOAUTOGEN = 0x0876086f;
/** Answers that depend on the adapter, not on D3D9's rules: a difference between them is a note. */
const ADAPTER_ANSWERS: ReadonlySet<number> = new Set([D3D_OK, D3DERR_NOTAVAILABLE, D3DOK_NOAUTOGEN]);
const ADAPTER_QUERIES: ReadonlySet<string> = new Set([
  'CheckDeviceFormat', 'CheckDeviceType', 'CheckDepthStencilMatch', 'CheckDeviceMultiSampleType', 'CheckDeviceFormatConversion',
  'EnumAdapterModes', 'EnumAdapterModesEx',
]);
const D3DERR_INVALIDCALL = 0x8876086c;
/** A display mode list is the adapter's: a mode number past replay9's list fails there with INVALIDCALL (and the reverse). */
const MODE_QUERIES: ReadonlySet<string> = new Set(['EnumAdapterModes', 'EnumAdapterModesEx']);

/** Where apitrace names a parameter otherwise than d3d9.h (and replay9) do: command → field → apitrace argument. */
const ARG_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  GetCurrentTexturePalette: { pPaletteNumber: 'PaletteNumber' },
  SurfaceGetDC: { pHDC: 'phdc' },
  QueryInterface: { ppvObject: 'ppvObj' },
  VertexShaderGetFunction: { Data: 'pData', SizeOfData: 'pSizeOfData' },
  PixelShaderGetFunction: { Data: 'pData', SizeOfData: 'pSizeOfData' },
  ResourceGetPrivateData: { Data: 'pData', SizeOfData: 'pSizeOfData' },
  VolumeGetPrivateData: { Data: 'pData', SizeOfData: 'pSizeOfData' },
  VertexDeclarationGetDeclaration: { Element: 'pElement' },
  CreateTexture: { pSharedHandleData: 'pSharedHandle' },
};

/** Fields that say whether the application passed a buffer (r9 `bool` over an apitrace out pointer). */
const GIVEN_FIELDS: ReadonlySet<string> = new Set(['pData', 'pElement']);

/** Commands whose created object comes back as their return value, not through an out pointer. */
const RETURNS_OBJECT: ReadonlySet<string> = new Set(['Direct3DCreate9']);

/** The out pointer that hands back a created object: `ppX`, or one of the few named otherwise. */
function createdArgIndex(c: TraceCall): number {
  const names = c.sig.argNames;
  for (let i = names.length - 1; i >= 0; i--) {
    const n = names[i];
    if ((n.startsWith('pp') && n !== 'ppbData') || n === 'pSwapChain') return i;
  }
  return -1;
}

function arg(c: TraceCall, name: string): Value | undefined {
  const i = c.sig.argNames.indexOf(name);
  return i < 0 ? undefined : c.args[i];
}

const key = (a: bigint): string => a.toString(16);

/** Is `name` a function or method of apitrace's D3D9 tables (d3d9.dll's exports and the IDirect3D* interfaces)? */
export function isD3D9Function(name: string): boolean {
  return specFunction(name) !== undefined || /^(IDirect3D|Direct3D|D3DPERF_)/.test(name);
}

/** Lock sub-resources: `id/face/level`. */
const lockKey = (id: number, face = 0, level = 0): string => `${id}/${face}/${level}`;

export class CaptureImporter {
  /** pointer (hex) → the object it names now */
  private readonly objects = new Map<string, Obj>();
  private nextId = 0;
  private readonly shapes = new Map<number, ResourceShape>();
  /** a device's or swap chain's back buffer and depth buffer shapes, from its presentation parameters */
  private readonly chains = new Map<number, { back: ResourceShape; depth: ResourceShape }>();
  private readonly locks = new Map<string, OpenLock | string>();
  private readonly unmappedByName = new Map<string, UnmappedCalls>();
  private readonly foreignByName = new Map<string, UnmappedCalls>();
  readonly notes: ImportNote[] = [];
  /** IDirect3DQuery9::GetData calls that found the query still running at record time (left out) */
  pollsLeftOut = 0;
  /** whether the note on pNumSegs (apitrace keeps one edge of a patch's segments) was made */
  private segmentsNoted = false;
  /** GetData calls on timing and statistics queries (left out) */
  machineQueriesLeftOut = 0;
  private readonly queryTypes = new Map<number, number>();
  /** the adapter and device type each device was created for: its GetDeviceCaps reports theirs */
  private readonly deviceOf = new Map<number, [adapter: number, deviceType: number]>();
  /** replay9 calls made so far */
  calls = 0;
  frames = 0;
  /** objects the capture named */
  get objectCount(): number {
    return this.nextId;
  }

  constructor(private readonly options: ImportOptions = {}) {}

  /** The Direct3D 9 calls that have no replay9 command, by function name in order of first appearance. */
  get unmapped(): UnmappedCalls[] {
    return [...this.unmappedByName.values()];
  }

  /** The calls of functions outside Direct3D 9 (user32, DXGI...), by name in order of first appearance. */
  get foreign(): UnmappedCalls[] {
    return [...this.foreignByName.values()];
  }

  /** Maps one apitrace call: a replay9 call, or undefined for a call folded away (a lock's memcpy) or not mapped. */
  map(c: TraceCall): ImportedCall | undefined {
    const name = c.sig.name;
    if (name === 'memcpy' && c.flags & CALL_FLAG.FAKE) {
      this.memcpy(c);
      return undefined;
    }
    if (!isD3D9Function(name)) return this.outside(c, name);
    if (c.incomplete) return this.skip(c, name, 'the call never returned (the capture ends inside it)');
    const sep = name.indexOf('::');
    let self: Obj | undefined;
    let info: CommandInfo | undefined;
    if (sep < 0) {
      info = commandForMethod(undefined, name);
      if (!info) return this.skip(c, name, 'replay9 has no such call');
    } else {
      const ptr = addressOf(c.args[0]);
      self = ptr === undefined ? undefined : this.objects.get(key(ptr));
      if (!self) return this.skip(c, name, 'its object was not made by a mapped call');
      info = commandForMethod(self.kind, name.slice(sep + 2));
      if (!info) return this.skip(c, name, 'replay9 has no such method');
    }
    const result = this.resultOf(c, info);
    const record: CallRecord = { command: info.name, self: self?.id ?? 0, result, created: 0, args: {} };
    const failed = !COUNT_RESULTS.has(info.name) && info.outs[0]?.name !== RETURN_VALUE && result >= 0x80000000;
    // S_FALSE: the capture's GPU had not finished the query yet; replay9's device finishes a query when it is
    // issued, so a poll that found it busy depends on timing alone and is left out, with a note
    if (info.name === 'QueryGetData' && result === S_FALSE) {
      this.pollsLeftOut++;
      this.options.onLeftOut?.(c.no);
      if (this.pollsLeftOut === 1) this.note(c, `${name} returned S_FALSE (the query was still running at record time); replay9's queries are done when issued, so such polls are left out`);
      return undefined;
    }
    // the data of timing and statistics queries is the capture machine's (clock ticks, driver counters): a
    // replay cannot give the same, so their GetData calls are left out too (D3DQUERYTYPE numbers, d3d9types.h)
    if (info.name === 'QueryGetData' && MACHINE_QUERIES.has(this.queryTypes.get(self!.id) ?? 0)) {
      this.machineQueriesLeftOut++;
      this.options.onLeftOut?.(c.no);
      if (this.machineQueriesLeftOut === 1) this.note(c, `${name} on a timing or statistics query: its data is the capture machine's, so GetData calls on such queries are left out`);
      return undefined;
    }
    if (info.name === 'GetAdapterIdentifier' && !failed) Object.assign(record.args, adapterIdentifier(arg(c, 'pIdentifier')));
    for (const f of info.table.fields) {
      if (f.name in record.args) continue;
      const v = this.fieldValue(c, info, f, failed);
      if (v === undefined) return this.skip(c, name, `its ${f.name} does not fit replay9's ${f.name}`);
      record.args[f.name] = v;
    }
    if (info.creates && !failed) record.created = this.created(c, info.creates);
    this.after(c, info, record);
    this.calls++;
    if (info.name === 'Present' || info.name === 'PresentEx' || info.name === 'SwapChainPresent') this.frames++;
    return { record, source: c.no };
  }

  private skip(c: TraceCall, name: string, reason: string, list = this.unmappedByName): undefined {
    const u = list.get(name);
    if (u) {
      u.count++;
      if (u.first.length < 3) u.first.push(c.no);
    } else list.set(name, { name, reason, count: 1, first: [c.no] });
    return undefined;
  }

  /** A call outside Direct3D 9: counted apart from the unmapped D3D9 calls, and handed on as its dump text. */
  private outside(c: TraceCall, name: string): undefined {
    this.options.onForeign?.({ before: this.calls, source: c.no, text: formatDumpLine(c) });
    return this.skip(c, name, 'not a Direct3D 9 call', this.foreignByName);
  }

  private note(c: TraceCall, message: string): void {
    this.notes.push({ call: this.calls, source: c.no, message });
  }

  /** The recorded result: an HRESULT, a reference count, D3DPERF's return value, or 0 where the value is an out field. */
  private resultOf(c: TraceCall, info: CommandInfo): number {
    if (RETURNS_OBJECT.has(info.name) || info.outs[0]?.name === RETURN_VALUE || c.ret === undefined) return 0;
    return asScalar('uint', numberOf(c.ret) ?? 0);
  }

  /** A field's value from the argument of its name; undefined when the capture's value cannot be one. */
  private fieldValue(c: TraceCall, info: CommandInfo, f: TableField, failed: boolean): ArgValue | undefined {
    const r9 = f.r9 ?? '';
    const isOut = r9 === 'out' || r9.startsWith('out ');
    const kind = r9.replace(/^out ?/, '');
    if (f.name === RETURN_VALUE) return this.convert(f, kind, c.ret, c);
    const from = ARG_ALIASES[info.name]?.[f.name] ?? f.name;
    const v = arg(c, from);
    if (GIVEN_FIELDS.has(f.name) && kind === 'bool') return v === null || v === undefined ? 0 : 1;
    if (kind === 'pointer') return addressOf(v) ? 1 : 0;
    if (f.name === 'pNumSegs' && f.type.kind === 'struct') {
      const s = segmentsOf(f.type.struct, v);
      if (s && !this.segmentsNoted) {
        this.segmentsNoted = true;
        this.note(c, `${c.sig.name}: apitrace records only the first edge's count of pNumSegs; every edge takes it`);
      }
      return s;
    }
    if (kind === 'shared data') {
      const b = blobOf(v);
      return b ?? null;
    }
    if (isOut && (failed || v === undefined)) return emptyOf(f);
    if (v === undefined) return emptyOf(f);
    return this.convert(f, kind, v, c);
  }

  private convert(f: TableField, kind: string, v: Value | undefined, c: TraceCall): ArgValue | undefined {
    if (kind.startsWith('handle ')) return this.handleOf(v, c);
    switch (f.type.kind) {
      case 'scalar': {
        if (kind === 'null' && f.name === 'pSharedHandle') return blobOf(v) ? 0 : asScalar('uint', numberOf(v) ?? 0);
        const n = numberOf(v);
        return n === undefined ? undefined : asScalar(f.type.scalar, n);
      }
      case 'string': {
        const t = textOf(v);
        return t === undefined ? undefined : (t ?? '');
      }
      case 'bytes': {
        const word = kind.split(' ')[0];
        if (word === 'float4') return packedOf(v, 'float');
        if (word === 'int4' || word === 'bools' || word === 'tokens') return packedOf(v, 'int');
        if (word === 'gamma') return wordsOf(v);
        if (word === 'guid') return guidOf(v);
        if (word === 'query') return queryData(v);
        return blobOf(v);
      }
      case 'struct': return structOf(f.type.struct, v);
      case 'structs': return structsOf(f.type.struct, v);
      default: return undefined;
    }
  }

  /** The handle of the object a pointer names (0 for NULL); an unknown pointer is noted and passed as NULL. */
  private handleOf(v: Value | undefined, c: TraceCall): number {
    const a = addressOf(v);
    if (!a) return 0;
    const o = this.objects.get(key(a));
    if (!o) {
      this.note(c, `${c.sig.name} names 0x${key(a)}, an object no mapped call made; replay passes NULL`);
      return 0;
    }
    return o.id;
  }

  /** The handle of the object a creating call hands back: the one the pointer names already, or a new one. */
  private created(c: TraceCall, kind: HandleKind): number {
    const v = RETURNS_OBJECT.has(c.sig.name) ? c.ret : (() => {
      const i = createdArgIndex(c);
      return i < 0 ? undefined : c.args[i];
    })();
    const a = addressOf(v);
    if (!a) return 0;
    const known = this.objects.get(key(a));
    if (known) {
      known.kind = kind;
      return known.id;
    }
    const id = ++this.nextId;
    this.objects.set(key(a), { id, kind });
    return id;
  }

  /** What a call changes in the importer's tables: released pointers, shapes of resources, open locks. */
  private after(c: TraceCall, info: CommandInfo, r: CallRecord): void {
    const a = r.args;
    const ok = r.result === D3D_OK;
    const n = (f: string): number => a[f] as number;
    switch (info.name) {
      case 'Release':
        if (r.result === 0) this.objects.delete(key(addressOf(c.args[0])!));
        return;
      case 'QueryInterface': {
        // D3D9's interfaces of one object are that object: a new pointer for it names the same handle
        const p = addressOf(arg(c, 'ppvObj'));
        if (ok && p && !this.objects.has(key(p)) && r.self) {
          const self = this.objects.get(key(addressOf(c.args[0])!))!;
          this.objects.set(key(p), self);
          a.ppvObject = self.id;
        }
        return;
      }
      case 'CreateDevice': case 'CreateDeviceEx': case 'Reset': case 'ResetEx': case 'CreateAdditionalSwapChain': {
        if (info.name.startsWith('CreateDevice') && r.created) this.deviceOf.set(r.created, [n('Adapter'), n('DeviceType')]);
        const pp = a.pPresentationParameters as R9Struct | null;
        const id = info.name.startsWith('Reset') ? r.self : r.created;
        if (pp && id) {
          this.chains.set(id, {
            back: { format: pp.BackBufferFormat as number, width: pp.BackBufferWidth as number, height: pp.BackBufferHeight as number },
            depth: { format: pp.AutoDepthStencilFormat as number, width: pp.BackBufferWidth as number, height: pp.BackBufferHeight as number },
          });
        }
        return;
      }
      case 'CreateQuery':
        if (r.created) this.queryTypes.set(r.created, n('Type'));
        return;
      case 'GetSwapChain':
        if (r.created && this.chains.has(r.self)) this.chains.set(r.created, this.chains.get(r.self)!);
        return;
      case 'CreateTexture': case 'CreateCubeTexture': case 'CreateVolumeTexture':
        if (r.created) {
          const edge = a.EdgeLength as number | undefined;
          this.shapes.set(r.created, { format: n('Format'), width: edge ?? n('Width'), height: edge ?? n('Height'), depth: (a.Depth as number | undefined) ?? 1, levels: n('Levels') });
        }
        break;
      case 'CreateRenderTarget': case 'CreateRenderTargetEx': case 'CreateDepthStencilSurface': case 'CreateDepthStencilSurfaceEx':
      case 'CreateOffscreenPlainSurface': case 'CreateOffscreenPlainSurfaceEx':
        if (r.created) this.shapes.set(r.created, { format: n('Format'), width: n('Width'), height: n('Height'), depth: 1 });
        return;
      case 'CreateVertexBuffer': case 'CreateIndexBuffer':
        if (r.created) this.shapes.set(r.created, { length: n('Length') });
        return;
      case 'TextureGetSurfaceLevel': case 'CubeTextureGetCubeMapSurface': case 'VolumeTextureGetVolumeLevel': {
        const t = this.shapes.get(r.self);
        if (r.created && t && !this.shapes.has(r.created)) this.shapes.set(r.created, levelShape(t, n('Level')));
        return;
      }
      case 'GetBackBuffer': case 'SwapChainGetBackBuffer': case 'GetRenderTarget': case 'GetDepthStencilSurface': {
        const chain = this.chains.get(r.self);
        if (r.created && chain && !this.shapes.has(r.created)) this.shapes.set(r.created, info.name === 'GetDepthStencilSurface' ? chain.depth : chain.back);
        return;
      }
      default:
        break;
    }
    if (/(Lock|Unlock)(Rect|Box)?$/.test(info.name)) this.lockCall(c, info, r);
    else if (ADAPTER_QUERIES.has(info.name)) this.adapterQuery(c, r);
    else if (info.name === 'GetDeviceCaps' || info.name === 'DeviceGetDeviceCaps') this.capsSeen(c, r);
  }

  private lockCall(c: TraceCall, info: CommandInfo, r: CallRecord): void {
    const a = r.args;
    const face = (a.FaceType as number | undefined) ?? 0;
    const level = (a.Level as number | undefined) ?? 0;
    const k = lockKey(r.self, face, level);
    if (info.name.includes('Unlock')) {
      const open = this.locks.get(k);
      this.locks.delete(k);
      if (typeof open === 'string') this.note(c, `the data of the lock that ${c.sig.name} closes is left out: ${open}`);
      a.data = open instanceof OpenLock ? open.packed() : null;
      return;
    }
    if (r.result !== D3D_OK) return;
    const readOnly = ((a.Flags as number) & 0x10) !== 0; // D3DLOCK_READONLY
    const shape = this.shapes.get(r.self);
    if (info.name === 'VertexBufferLock' || info.name === 'IndexBufferLock') {
      const base = addressOf(arg(c, 'ppbData')) ?? 0n;
      this.locks.set(k, bufferLock(base, a.OffsetToLock as number, a.SizeToLock as number, shape?.length));
      return;
    }
    const box = 'pBox' in a;
    const out = deref(arg(c, box ? 'pLockedVolume' : 'pLockedRect'));
    const ls = leaves(out).map(numberOf);
    const pitch = ls[0] ?? 0;
    const slicePitch = box ? (ls[1] ?? 0) : 0;
    const base = addressOf(leaves(out)[box ? 2 : 1]) ?? 0n;
    if (!shape || shape.format === undefined || shape.width === undefined) {
      this.locks.set(k, 'the locked resource\'s format and size are unknown');
      return;
    }
    const s = /^(Texture|CubeTexture|VolumeTexture)/.test(info.name) ? levelShape(shape, level) : shape;
    const rect = (box ? a.pBox : a.pRect) as R9Struct | null;
    const [x0, y0, x1, y1, z0, z1] = rect
      ? box
        ? [rect.Left, rect.Top, rect.Right, rect.Bottom, rect.Front, rect.Back].map(Number)
        : [rect.left, rect.top, rect.right, rect.bottom, 0, 1].map(Number)
      : [0, 0, s.width!, s.height!, 0, s.depth ?? 1];
    this.locks.set(k, imageLock(base, readOnly, s.format!, x1 - x0, y1 - y0, z1 - z0, pitch, slicePitch));
  }

  /** A fake memcpy: the bytes go to the open lock whose memory holds `dest`. */
  private memcpy(c: TraceCall): void {
    const dest = addressOf(c.args[0]);
    const bytes = blobOf(c.args[1]);
    if (dest === undefined || !bytes) {
      this.skip(c, 'memcpy', 'its destination or data is not a pointer and a blob');
      return;
    }
    for (const l of this.locks.values()) {
      if (l instanceof OpenLock && l.holds(dest)) {
        if (!l.write(dest, bytes)) this.note(c, `memcpy of ${bytes.length} bytes runs past its lock; the lock's data is left as far as it fits`);
        return;
      }
    }
    this.skip(c, 'memcpy', 'no open lock returned its destination');
  }

  /** A Check* answer that depends on the adapter: replay9's own answer replaces it, and the difference is a note. */
  private adapterQuery(c: TraceCall, r: CallRecord): void {
    const mine = this.options.oracle?.checkResult?.(r);
    const answers = (v: number): boolean => ADAPTER_ANSWERS.has(v) || (MODE_QUERIES.has(r.command) && v === D3DERR_INVALIDCALL);
    if (mine === undefined || mine === r.result || !answers(r.result) || !answers(mine)) return;
    this.note(c, `${c.sig.name}: the application was told ${hr(r.result)} at record time; replay9 answers ${hr(mine)}`);
    r.result = mine;
    // the out-values of a call that now fails are not compared; of one that now succeeds, replay9's own are not known here
    if (mine !== D3D_OK) for (const f of commandInfo(r.command).outs) r.args[f.name] = emptyOf(f);
  }

  /** The D3DCAPS9 the application saw, against replay9's: each difference is a note. */
  private capsSeen(c: TraceCall, r: CallRecord): void {
    const caps = deref(arg(c, 'pCaps'));
    if (!caps || typeof caps !== 'object' || !('kind' in caps) || caps.kind !== 'struct' || r.result !== D3D_OK) return;
    const own = r.command === 'DeviceGetDeviceCaps' ? this.deviceOf.get(r.self) : undefined;
    const adapter = own?.[0] ?? (r.args.Adapter as number | undefined) ?? 0;
    const devType = own?.[1] ?? (r.args.DeviceType as number | undefined) ?? 1;
    const mine = this.options.oracle?.caps?.(adapter, devType);
    if (!mine) return;
    const diffs: string[] = [];
    const walk = (v: Value, prefix: string): void => {
      if (v && typeof v === 'object' && 'kind' in v && v.kind === 'struct') {
        v.sig.memberNames.forEach((m, i) => walk(v.members[i], prefix ? `${prefix}.${m}` : m));
        return;
      }
      const seen = numberOf(v);
      const ours = mine.get(prefix);
      if (seen !== undefined && ours !== undefined && Math.fround(seen) !== Math.fround(ours) && (seen >>> 0) !== (ours >>> 0)) diffs.push(`${prefix} ${fmt(seen)} (replay9: ${fmt(ours)})`);
    };
    walk(caps, '');
    if (diffs.length) {
      const shown = diffs.slice(0, 12).join(', ');
      this.note(c, `${c.sig.name}: the application saw other caps than replay9 has: ${shown}${diffs.length > 12 ? `, and ${diffs.length - 12} more` : ''}`);
    }
  }

  /** Locks still open when the capture ends. */
  finish(): void {
    for (const [k] of this.locks) this.notes.push({ call: this.calls, source: -1, message: `the capture ends with a lock open (${k})` });
    this.locks.clear();
  }
}

/**
 * D3DADAPTER_IDENTIFIER9 by member name: its strings are out fields of their own in replay9, its
 * DriverVersion (a LARGE_INTEGER) two numbers, its DeviceIdentifier GUID the text form of the GUID.
 */
function adapterIdentifier(v: Value | undefined): Record<string, ArgValue> {
  const d = deref(v);
  if (!d || typeof d !== 'object' || !('kind' in d) || d.kind !== 'struct') return {};
  const m = (name: string): Value | undefined => d.members[d.sig.memberNames.indexOf(name)];
  const version = leaves(m('DriverVersion')).map(numberOf);
  const big = version.length === 1 ? BigInt(Math.trunc(version[0] ?? 0)) : undefined;
  const low = big !== undefined ? Number(big & 0xffffffffn) : (version[0] ?? 0);
  const high = big !== undefined ? Number((big >> 32n) & 0xffffffffn) : (version[1] ?? 0);
  const guid = guidOf(m('DeviceIdentifier'));
  const n = (name: string): number => asScalar('uint', numberOf(m(name)) ?? 0);
  return {
    Driver: textOf(m('Driver')) ?? '', Description: textOf(m('Description')) ?? '', DeviceName: textOf(m('DeviceName')) ?? '',
    DeviceIdentifier: guid ? guidString(guid) : '',
    pIdentifier: {
      DriverVersionLowPart: asScalar('uint', low), DriverVersionHighPart: asScalar('uint', high),
      VendorId: n('VendorId'), DeviceId: n('DeviceId'), SubSysId: n('SubSysId'), Revision: n('Revision'), WHQLLevel: n('WHQLLevel'),
    },
  };
}

function levelShape(t: ResourceShape, level: number): ResourceShape {
  return { format: t.format, width: levelSize(t.width ?? 1, level), height: levelSize(t.height ?? 1, level), depth: levelSize(t.depth ?? 1, level) };
}

/** A field's value when the call filled nothing (it failed) or the capture holds none. */
function emptyOf(f: TableField): ArgValue {
  switch (f.type.kind) {
    case 'scalar': return 0;
    case 'string': return '';
    case 'bytes': return null;
    default: return null;
  }
}

/** A query's data: the bytes as they are, or the number apitrace shows for BOOL/DWORD/UINT64 types. */
function queryData(v: Value | undefined): Uint8Array | null {
  const b = blobOf(v);
  if (b !== undefined) return b;
  const d = deref(v);
  if (typeof d === 'bigint' || (typeof d === 'number' && d > 0xffffffff)) {
    const out = new Uint8Array(8);
    new DataView(out.buffer).setBigUint64(0, BigInt(d), true);
    return out;
  }
  const n = numberOf(d);
  if (n === undefined) return null;
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0, true);
  return out;
}

function hr(v: number): string {
  return v === D3D_OK ? 'D3D_OK' : v === D3DERR_NOTAVAILABLE ? 'D3DERR_NOTAVAILABLE' : v === D3DERR_INVALIDCALL ? 'D3DERR_INVALIDCALL' : v === D3DOK_NOAUTOGEN ? 'D3DOK_NOAUTOGEN' : `0x${v.toString(16)}`;
}
function fmt(n: number): string {
  return Number.isInteger(n) ? (n > 255 ? `0x${(n >>> 0).toString(16)}` : String(n)) : String(n);
}

/** Maps a stream of apitrace calls, lazily: one replay9 call at a time, bounded memory. */
export function* importCalls(calls: Iterable<TraceCall>, importer: CaptureImporter): Generator<ImportedCall> {
  for (const c of calls) {
    const got = importer.map(c);
    if (got) yield got;
  }
  importer.finish();
}
