/**
 * Terminal colour for command output: on when stdout is a terminal, unless NO_COLOR says otherwise
 * (https://no-color.org) or FORCE_COLOR does (as Node reads it: set and not 0 or false → on,
 * 0 or false → off; it wins over NO_COLOR, being the more specific). Each function takes the Io
 * (its `color` flag) or the flag itself, so output stays plain text in tests and pipes.
 */

/** What decides: a stream (is it a terminal) and the environment. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/** An Io (colour when its `color` is true) or the flag itself. */
export type ColorOn = boolean | { readonly color?: boolean };

const isOn = (on: ColorOn): boolean => (typeof on === 'boolean' ? on : on.color === true);

// SGR codes: each style closes with its own reset, so styles nest
const sgr = (open: number, close: number) => (on: ColorOn, text: string): string => (isOn(on) && text !== '' ? `\x1b[${open}m${text}\x1b[${close}m` : text);

export const bold = sgr(1, 22);
export const dim = sgr(2, 22);
export const red = sgr(31, 39);
export const green = sgr(32, 39);
export const yellow = sgr(33, 39);
export const cyan = sgr(36, 39);
