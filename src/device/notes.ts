/**
 * Notes: what the device saw an application do that D3D9 leaves undefined or that a debug runtime
 * would complain about (a draw reading past its data, a call on a released object), and what the
 * device did about it. The call still returns its HRESULT; a note only explains. Whoever wants
 * notes (the replayer, to report them as findings with the call number) listens around a call;
 * with no listener a note costs nothing and is dropped.
 */
/** `unimplemented`: the device skipped work replay9 cannot do yet; the replayer reports it as an 'unimplemented' finding */
/** `invalid-shader`: why CreateVertexShader/CreatePixelShader refused a token stream (what D3D9's debug runtime would print) */
export type NoteKind = 'out-of-range-draw' | 'released-object' | 'not-emulated' | 'npatch-ignored' | 'unimplemented' | 'invalid-shader';

export interface DeviceNote {
  kind: NoteKind;
  message: string;
}

let listener: ((n: DeviceNote) => void) | null = null;

/** Runs `fn`, handing every note it makes to `on`. */
export function listenForNotes<T>(on: (n: DeviceNote) => void, fn: () => T): T {
  const before = listener;
  listener = on;
  try {
    return fn();
  } finally {
    listener = before;
  }
}

/**
 * Makes `on` the listener and returns the one it replaces: listenForNotes without its two
 * closures, for a caller that runs it per call (the replayer). Put the returned one back in a
 * `finally`.
 */
export function swapNoteListener(on: ((n: DeviceNote) => void) | null): ((n: DeviceNote) => void) | null {
  const before = listener;
  listener = on;
  return before;
}

/** Reports a note to the current listener, if any; `message` is built only when someone listens. */
export function note(kind: NoteKind, message: () => string): void {
  if (listener) listener({ kind, message: message() });
}
