/**
 * replay9 calls (CallRecord) as the calls apitrace's D3D9 tracer would have written (TraceCall):
 * methods named by the interface of the object (`IDirect3DDevice9Ex::Clear` on a D3D9Ex device),
 * arguments in apitrace's order and types (spec-d3d9.ts), objects as fake pointers that stay the same
 * for a handle, created objects in the out argument, and lock data as apitrace records it: the Lock
 * returns a fake mapped pointer, then a fake `memcpy(dest, blob, n)` (CALL_FLAG.FAKE) copies what the
 * application wrote at the lock's pitch, just before the Unlock.
 */
import type { ArgValue, CallRecord } from '../trace/call.js';
import { commandInfo, INTERFACE_OF, RETURN_VALUE, type CommandInfo } from '../trace/commands.js';
import { toValue, type ValueContext } from './export-values.js';
import { LockTracker } from './export-locks.js';
import { CALL_FLAG, type TraceCall, type TraceHeader, type Value } from './model.js';
import { D3D9_SPEC, MEMCPY_SIG, specFunction, type SpecEntry } from './spec-d3d9.js';
import type { SpecArg, SpecType } from './spec-types.js';

/** The fake address of object handle h: stable, distinct, never NULL. */
export const objectAddress = (h: number): number => 0x10000 + 0x100 * h;

/** replay9 fields that hold apitrace's argument (by apitrace name) where the names differ; tried first
 * (GetDeclaration's pElement is replay9's "was a buffer given" flag, the elements are in Element). */
const FIELD_ALIASES: Record<string, readonly string[]> = {
  PaletteNumber: ['pPaletteNumber'],
  phdc: ['pHDC'],
  pElement: ['Element'],
  ppvObj: ['ppvObject'],
};

/** The header properties an exported trace carries. */
export function exportHeader(source: string): TraceHeader {
  return {
    version: 6,
    semanticVersion: 6,
    properties: [
      ['process.name', source],
      ['tool', 'replay9 export'],
    ],
    compression: 'snappy',
  };
}

export interface ExportStats {
  calls: number;
  fakeCalls: number;
  skipped: number;
}

/** Out values a replay9 trace does not hold, from the layer that can reach the emulated device (the command line). */
export interface ExportOptions {
  /** the D3DCAPS9 replay9's device reports for an adapter and device type (members by d3d9.h name), for GetDeviceCaps' pCaps */
  caps?(adapter: number, deviceType: number): object | undefined;
}

/** Turns a stream of CallRecords into TraceCalls; `warnings` gathers what could not be expressed. */
export class ApitraceExporter {
  readonly warnings: string[] = [];
  readonly stats: ExportStats = { calls: 0, fakeCalls: 0, skipped: 0 };
  private no = 0;
  /** the interface each object's wrapper would carry (IDirect3DDevice9Ex for a CreateDeviceEx device) */
  private readonly ifaceOf = new Map<number, string>();
  private readonly locks = new LockTracker();
  /** D3DQUERYTYPE name of each query, for what its GetData returns */
  private readonly queryType = new Map<number, string>();
  /** the adapter and device type each device was created for (whose caps its GetDeviceCaps returns) */
  private readonly deviceOf = new Map<number, [adapter: number, deviceType: number]>();

  constructor(private readonly options: ExportOptions = {}) {}

  *convert(records: Iterable<CallRecord>): Generator<TraceCall> {
    let n = 0;
    for (const rec of records) {
      yield* this.one(rec, n++);
    }
  }

  private *one(rec: CallRecord, n: number): Generator<TraceCall> {
    const info = commandInfo(rec.command);
    const entry = this.entryFor(info, rec);
    if (!entry) {
      this.stats.skipped++;
      this.warn(n, `${info.method}: apitrace's D3D9 specs have no such ${info.iface ? 'method' : 'function'}; call left out`);
      return;
    }
    this.locks.observe(info, rec);
    const unknown = this.locks.unknown;
    const lock = this.locks.lockOut(info, rec);
    if (this.locks.unknown !== unknown) this.warn(n, `${info.method}: the trace never says this resource's size or format; its lock data goes out as one row`);
    const unlock = this.locks.unlockData(info, rec);
    if (unlock) {
      this.stats.fakeCalls++;
      yield this.call(MEMCPY_SIG, [{ kind: 'pointer', address: unlock.dest }, { kind: 'blob', bytes: unlock.bytes }, unlock.bytes.length], undefined, CALL_FLAG.FAKE);
    }
    const args = this.args(entry, info, rec, n, lock);
    this.stats.calls++;
    yield this.call(entry.sig, args, this.ret(entry.spec.ret, info, rec, n), 0);
    this.remember(info, rec);
  }

  private call(sig: TraceCall['sig'], args: ReadonlyArray<Value | undefined>, ret: Value | undefined, flags: number): TraceCall {
    return { no: this.no++, thread: 0, sig, args, ret, flags, incomplete: false, offset: 0 };
  }

  private entryFor(info: CommandInfo, rec: CallRecord): SpecEntry | undefined {
    if (!info.iface) return specFunction(info.method);
    const iface = this.ifaceOf.get(rec.self) ?? (info.selfKind ? INTERFACE_OF[info.selfKind] : info.iface);
    return specFunction(`${iface}::${info.method}`) ?? specFunction(`${info.iface}::${info.method}`);
  }

  /** The interface apitrace wraps a created object in: the Ex ones where the creating call is Ex. */
  private remember(info: CommandInfo, rec: CallRecord): void {
    if (!rec.created || !info.creates || this.ifaceOf.has(rec.created)) return;
    const parent = this.ifaceOf.get(rec.self) ?? '';
    let iface = INTERFACE_OF[info.creates];
    if (info.name === 'Direct3DCreate9Ex') iface = 'IDirect3D9Ex';
    else if (info.name === 'CreateDeviceEx') iface = 'IDirect3DDevice9Ex';
    else if (info.creates === 'SwapChain' && parent === 'IDirect3DDevice9Ex') iface = 'IDirect3DSwapChain9Ex';
    this.ifaceOf.set(rec.created, iface);
    if (info.name === 'CreateDevice' || info.name === 'CreateDeviceEx') this.deviceOf.set(rec.created, [rec.args.Adapter as number, rec.args.DeviceType as number]);
    if (info.name === 'CreateQuery') {
      const type = enumByName('D3DQUERYTYPE')?.values.find(([, v]) => v === rec.args.Type)?.[0];
      if (type) this.queryType.set(rec.created, type);
    }
  }

  private context(rec: CallRecord, spec: readonly SpecArg[], n: number): ValueContext {
    return {
      address: objectAddress,
      switchName: (arg) => {
        // a query's data takes the type of the query (apitrace switches on _this->GetType())
        if (arg.startsWith('_this->GetType')) return this.queryType.get(rec.self);
        const a = spec.find((x) => x.name === arg);
        const v = rec.args[arg];
        if (!a || a.type.k !== 'enum' || typeof v !== 'number') return undefined;
        return D3D9_SPEC.enums[a.type.i].values.find(([, x]) => x === v)?.[0];
      },
      note: (what) => this.warn(n, `${rec.command}: ${what}`),
    };
  }

  private args(entry: SpecEntry, info: CommandInfo, rec: CallRecord, n: number, lock: Record<string, ArgValue | undefined> | undefined): Array<Value | undefined> {
    const spec = entry.spec.args;
    const ctx = this.context(rec, spec, n);
    const createdArg = rec.created || info.creates ? createdOut(spec) : undefined;
    return spec.map((a, i) => {
      if (i === 0 && a.name === 'this') return { kind: 'pointer', address: objectAddress(rec.self) };
      if (lock && a.name in lock) {
        const v = lock[a.name];
        return v === undefined ? undefined : toValue(a.type, v, ctx);
      }
      if (a === createdArg) {
        if (rec.args[a.name] === 0) return null; // CreateQuery(type, NULL): the application asked without receiving
        return rec.created ? { kind: 'array', items: [{ kind: 'pointer', address: objectAddress(rec.created) }] } : { kind: 'array', items: [null] };
      }
      const v = a.name === 'pCaps' ? this.capsOf(info, rec) : fieldFor(rec, a);
      if (v === undefined) return a.dir === 'out' ? null : undefined;
      return toValue(a.type, v, ctx);
    });
  }

  /**
   * GetDeviceCaps' D3DCAPS9, which a replay9 trace does not record: the caps replay9's device
   * reports (what the replay of the call returns), when the call succeeded and the caps are known.
   */
  private capsOf(info: CommandInfo, rec: CallRecord): ArgValue | undefined {
    if (rec.result !== 0 || !this.options.caps) return undefined;
    const at = info.name === 'GetDeviceCaps' ? [rec.args.Adapter as number, rec.args.DeviceType as number] : this.deviceOf.get(rec.self);
    const caps = at ? this.options.caps(at[0], at[1]) : undefined;
    return caps as ArgValue | undefined;
  }

  private ret(type: SpecType, info: CommandInfo, rec: CallRecord, n: number): Value | undefined {
    if (type.k === 'void') return undefined;
    if (type.k === 'obj') return rec.created ? { kind: 'pointer', address: objectAddress(rec.created) } : null;
    const own = info.outs.some((f) => f.name === RETURN_VALUE) ? rec.args[RETURN_VALUE] : rec.result;
    return toValue(type, own, this.context(rec, [], n));
  }

  private warn(n: number, what: string): void {
    if (this.warnings.length < 100) this.warnings.push(`call ${n}: ${what}`);
  }
}

function enumByName(name: string): (typeof D3D9_SPEC.enums)[number] | undefined {
  return D3D9_SPEC.enums.find((e) => e.name === name);
}

/** The out argument that receives the object a call creates (ppTexture, ppReturnedDeviceInterface). */
function createdOut(spec: readonly SpecArg[]): SpecArg | undefined {
  return spec.find((a) => a.dir === 'out' && a.type.k === 'pointer' && a.type.to.k === 'obj');
}

/** The replay9 field holding apitrace's argument `a`: same name, or a known alias. */
function fieldFor(rec: CallRecord, a: SpecArg): ArgValue | undefined {
  // CreateTexture's pSharedHandle on a D3D9Ex SYSTEMMEM texture: the memory it points to (replay9 keeps
  // the handle argument itself as 0 beside it)
  if (a.name === 'pSharedHandle' && rec.args.pSharedHandleData instanceof Uint8Array) return rec.args.pSharedHandleData;
  for (const alt of FIELD_ALIASES[a.name] ?? []) if (alt in rec.args) return rec.args[alt];
  if (a.name in rec.args) return rec.args[a.name];
  return undefined;
}
