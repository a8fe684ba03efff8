/**
 * Errors shared by every layer above the trace format: what a front end (the command line,
 * a test runner) reports to its user with its own exit code.
 */

/** An error the user caused (a bad path, a bad option value): the command line exits 2 with the message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A bug in replay9 met while replaying a call (any exception that is not a TraceFormatError or
 * UsageError): the command line exits 3 with `internal error at call N (Method): message` and
 * shows the stack of `cause` only with --debug.
 */
export class InternalError extends Error {
  override readonly name = 'InternalError';
  constructor(
    readonly call: number,
    /** `IDirect3DDevice9::Clear` */
    readonly method: string,
    override readonly cause: unknown,
    /** where the call is: `trace chunk at byte N` or `file.r9t:LINE` */
    readonly place?: string,
  ) {
    const what = cause instanceof Error ? `${cause.name === 'Error' ? '' : `${cause.name}: `}${cause.message}` : String(cause);
    super(`internal error at call ${call} (${method}): ${what}${place ? ` (${place})` : ''}`);
    // the stack that matters is where the bug threw, not where it was wrapped
    if (cause instanceof Error && cause.stack) this.stack = `${this.name}: ${this.message}\ncaused by ${cause.stack}`;
  }
}

/**
 * A foreign trace (an apitrace capture) holds Direct3D 9 calls replay9 cannot import and the
 * caller asked for --strict: the command line exits 1 with the message, which names the first.
 */
export class StrictImportError extends Error {
  override readonly name = 'StrictImportError';
}
