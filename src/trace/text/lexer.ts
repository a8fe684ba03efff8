/** Tokens of the .r9t text trace; every token knows its line and column. */
import { TraceSyntaxError } from '../errors.js';

export type TokKind = 'ident' | 'num' | 'str' | 'bytes' | 'punct' | 'nl' | 'eof';
export interface Tok {
  kind: TokKind;
  text: string;
  line: number;
  col: number;
  /** bytes tokens: the decoded bytes */
  bytes?: Uint8Array;
}

const PUNCT = ['->', '=', '.', '(', ')', '{', '}', '[', ']', ',', ':', '|', '-'];

function isIdentStart(c: string): boolean {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
}
function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

export function lex(src: string, file: string): Tok[] {
  const out: Tok[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const err = (at: number, msg: string): never => {
    throw new TraceSyntaxError(file, line, at - lineStart + 1, msg);
  };
  while (i < src.length) {
    const c = src[i];
    const col = i - lineStart + 1;
    if (c === '\n') {
      out.push({ kind: 'nl', text: '\n', line, col });
      line++;
      i++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\') i++;
        if (src[i] === '\n' || i >= src.length) err(start, 'unterminated string');
        i++;
      }
      if (i >= src.length) err(start, 'unterminated string');
      const raw = src.slice(start, i + 1);
      let text: string;
      try {
        text = JSON.parse(raw) as string;
      } catch {
        return err(start, `bad string escape in ${raw}`);
      }
      // strings are stored as UTF-8: a lone surrogate has no UTF-8 form
      if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) err(start, 'the string holds a lone UTF-16 surrogate, which UTF-8 cannot store');
      out.push({ kind: 'str', text, line, col });
      i++;
      continue;
    }
    if (isIdentStart(c)) {
      const start = i;
      while (i < src.length && isIdentChar(src[i])) i++;
      const word = src.slice(start, i);
      if ((word === 'hex' || word === 'b64') && src[i] === '"') {
        const end = src.indexOf('"', i + 1);
        const nl = src.indexOf('\n', i + 1);
        if (end < 0 || (nl >= 0 && nl < end)) err(start, `unterminated ${word} string`);
        const body = src.slice(i + 1, end);
        out.push({ kind: 'bytes', text: word, line, col, bytes: word === 'hex' ? decodeHex(body, () => err(start, 'hex data must be an even number of hex digits')) : decodeB64(body, () => err(start, 'b64 data is not valid base64')) });
        i = end + 1;
        continue;
      }
      out.push({ kind: 'ident', text: word, line, col });
      continue;
    }
    if ((c >= '0' && c <= '9') || (c === '.' && src[i + 1] >= '0' && src[i + 1] <= '9')) {
      const m = /^(0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(src.slice(i, i + 64));
      if (!m) return err(i, 'bad number');
      if (isIdentChar(src[i + m[0].length] ?? ' ')) err(i, `bad number '${src.slice(i, i + m[0].length + 1)}'`);
      out.push({ kind: 'num', text: m[0], line, col });
      i += m[0].length;
      continue;
    }
    const p = PUNCT.find((q) => src.startsWith(q, i));
    if (!p) err(i, `unexpected character '${c}'`);
    out.push({ kind: 'punct', text: p!, line, col });
    i += p!.length;
  }
  out.push({ kind: 'nl', text: '\n', line, col: i - lineStart + 1 });
  out.push({ kind: 'eof', text: '', line, col: i - lineStart + 1 });
  return out;
}

function decodeHex(s: string, bad: () => never): Uint8Array {
  const clean = s.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) bad();
  return new Uint8Array(Buffer.from(clean, 'hex'));
}

function decodeB64(s: string, bad: () => never): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) bad();
  return new Uint8Array(Buffer.from(s, 'base64'));
}
