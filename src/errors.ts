/**
 * Errors shared by every layer above the trace format: what a front end (the command line,
 * a test runner) reports to its user with its own exit code.
 */

/** An error the user caused (a bad path, a bad option value): the command line exits 2 with the message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
