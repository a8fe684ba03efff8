/** What a replay finds: each names the call, and the .r9t line when there is one. */
/** `note`: the device explains what it did with something D3D9 leaves undefined (src/device/notes.ts); not a failure */
export type FindingKind = 'mismatch' | 'unimplemented' | 'skipped' | 'lock-data' | 'note';

export interface Finding {
  kind: FindingKind;
  call: number;
  /** `IDirect3DDevice9::StretchRect` */
  method: string;
  line?: number;
  /** an out-value that differs: the parameter's name (`pValue`) */
  parameter?: string;
  /** mismatch: recorded and replayed results (or out-values), as the text form writes them */
  expected?: string;
  actual?: string;
  message: string;
}
