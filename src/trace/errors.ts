/**
 * Corrupt or inconsistent trace input. The message names the subsystem, the
 * place (byte offset, call number or file:line:column) and what was expected.
 */
export class TraceFormatError extends Error {
  override readonly name = 'TraceFormatError';
  constructor(
    message: string,
    /** Byte offset in the file, when the input is binary. */
    readonly offset?: number,
  ) {
    super(message);
  }
}

/** A text trace that does not parse: `file:line:column: message`. */
export class TraceSyntaxError extends TraceFormatError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
  }
}
