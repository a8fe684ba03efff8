/** Tokens of the .r9t text trace; every token knows its line and column. */
import { guidBytes, normalizeGuid } from '../../d3d9/index.js';
import { TraceSyntaxError } from '../errors.js';

export type TokKind = 'ident' | 'num' | 'str' | 'bytes' | 'asm' | 'punct' | 'nl' | 'eof';
export interface Tok {
  kind: TokKind;
  text: string;
  line: number;
  col: number;
  /** bytes tokens: the decoded bytes */
  bytes?: Uint8Array;
}

const MAX_NUMBER = 64;

/** The punctuation at src[i] ('->' before '-'), or undefined. */
function punctAt(src: string, i: number): string | undefined {
  switch (src[i]) {
    case '-': return src[i + 1] === '>' ? '->' : '-';
    case '=': return '=';
    case '.': return '.';
    case '(': return '(';
    case ')': return ')';
    case '{': return '{';
    case '}': return '}';
    case '[': return '[';
    case ']': return ']';
    case ',': return ',';
    case ':': return ':';
    case '|': return '|';
    default: return undefined;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/**
 * Where the number starting at src[i] ends, reading no further than `limit`: 0x then hex digits,
 * or a decimal (digits with an optional point and fraction, or a point and a fraction) with an
 * optional exponent e[+-]digits, which counts only when a digit of it lies within the limit.
 */
function numberEnd(src: string, i: number, limit: number): number {
  const end = Math.min(src.length, limit);
  const digitAt = (j: number): boolean => j < end && isDigit(src.charCodeAt(j));
  if (src[i] === '0' && i + 2 < end && (src[i + 1] === 'x' || src[i + 1] === 'X') && isHexDigit(src.charCodeAt(i + 2))) {
    let j = i + 2;
    while (j < end && isHexDigit(src.charCodeAt(j))) j++;
    return j;
  }
  let j = i;
  while (digitAt(j)) j++;
  if (j < end && src[j] === '.') {
    j++;
    while (digitAt(j)) j++;
  }
  if (j < end && (src[j] === 'e' || src[j] === 'E')) {
    const sign = src[j + 1] === '+' || src[j + 1] === '-' ? 1 : 0;
    if (digitAt(j + 1 + sign)) {
      j += 1 + sign;
      while (digitAt(j)) j++;
    }
  }
  return j;
}

function isIdentStart(c: string): boolean {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
}
function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

/**
 * The tokens of `src` one at a time, as the parser asks for them: a large trace's tokens are not
 * all alive at once (they would outlive the young generation of the garbage collector and be
 * copied and promoted, which cost a quarter of the time of a check of a vertex-heavy trace).
 * After the last token of the text come a newline and then `eof`, which repeats.
 */
export class Lexer {
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private ended = false;

  constructor(private readonly src: string, private readonly file: string) {}

  private err(at: number, msg: string): never {
    throw new TraceSyntaxError(this.file, this.line, at - this.lineStart + 1, msg);
  }

  next(): Tok {
    const src = this.src;
    let i = this.i;
    const line = this.line;
    for (;;) {
      if (i >= src.length) {
        this.i = i;
        const col = i - this.lineStart + 1;
        if (this.ended) return { kind: 'eof', text: '', line, col };
        this.ended = true;
        return { kind: 'nl', text: '\n', line, col };
      }
      const c = src[i];
      if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
      if (c === '#') {
        while (i < src.length && src[i] !== '\n') i++;
        continue;
      }
      break;
    }
    const c = src[i];
    const col = i - this.lineStart + 1;
    if (c === '\n') {
      this.line++;
      this.i = this.lineStart = i + 1;
      return { kind: 'nl', text: '\n', line, col };
    }
    if (c === '"') return this.string(i, col);
    if (isIdentStart(c)) return this.word(i, col);
    if (isDigit(src.charCodeAt(i)) || (c === '.' && isDigit(src.charCodeAt(i + 1)))) {
      // a number runs to at most 64 characters: a longer one reads as a number followed by more
      const n = numberEnd(src, i, i + MAX_NUMBER);
      if (isIdentChar(src[n] ?? ' ')) this.err(i, `bad number '${src.slice(i, n + 1)}'`);
      this.i = n;
      return { kind: 'num', text: src.slice(i, n), line, col };
    }
    const p = punctAt(src, i);
    if (p === undefined) return this.err(i, `unexpected character '${c}'`);
    this.i = i + p.length;
    return { kind: 'punct', text: p, line, col };
  }

  /** A "string" starting at src[start] (JSON escapes, one line). */
  private string(start: number, col: number): Tok {
    const src = this.src;
    let i = start + 1;
    while (i < src.length && src[i] !== '"') {
      if (src[i] === '\\') i++;
      if (src[i] === '\n' || i >= src.length) this.err(start, 'unterminated string');
      i++;
    }
    if (i >= src.length) this.err(start, 'unterminated string');
    const raw = src.slice(start, i + 1);
    let text: string;
    try {
      text = JSON.parse(raw) as string;
    } catch {
      return this.err(start, `bad string escape in ${raw}`);
    }
    // strings are stored as UTF-8: a lone surrogate has no UTF-8 form
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) this.err(start, 'the string holds a lone UTF-16 surrogate, which UTF-8 cannot store');
    this.i = i + 1;
    return { kind: 'str', text, line: this.line, col };
  }

  /** A name starting at src[start], hex"..." / b64"..." data, or an asm"..." shader block. */
  private word(start: number, col: number): Tok {
    const src = this.src;
    let i = start;
    while (i < src.length && isIdentChar(src[i])) i++;
    const word = src.slice(start, i);
    if (word === 'asm' && src[i] === '"') return this.asmBlock(start, i + 1, col);
    if ((word === 'hex' || word === 'b64' || word === 'guid') && src[i] === '"') {
      const end = src.indexOf('"', i + 1);
      const nl = src.indexOf('\n', i + 1);
      if (end < 0 || (nl >= 0 && nl < end)) this.err(start, `unterminated ${word} string`);
      const body = src.slice(i + 1, end);
      this.i = end + 1;
      const bytes = word === 'hex'
        ? decodeHex(body, () => this.err(start, 'hex data must be an even number of hex digits'))
        : word === 'guid'
          ? decodeGuid(body, () => this.err(start, 'a guid is written guid"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"'))
          : decodeB64(body, () => this.err(start, 'b64 data is not valid base64'));
      return { kind: 'bytes', text: word, line: this.line, col, bytes };
    }
    this.i = i;
    return { kind: 'ident', text: word, line: this.line, col };
  }

  /** asm"..." from src[start]: shader assembly, the one token that may span lines (its body starts at src[body]). */
  private asmBlock(start: number, body: number, col: number): AsmTok {
    const src = this.src;
    const end = src.indexOf('"', body);
    if (end < 0) this.err(start, 'unterminated asm block (no closing \'"\')');
    const line = this.line;
    const text = src.slice(body, end);
    for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) {
      this.line++;
      this.lineStart = body + k + 1;
    }
    this.i = end + 1;
    return { kind: 'asm', text, line, col, bodyLine: line, bodyCol: col + 4 };
  }
}

export interface AsmTok extends Tok {
  kind: 'asm';
  /** where the body starts (just after the opening quote) */
  bodyLine: number;
  bodyCol: number;
}

function decodeHex(s: string, bad: () => never): Uint8Array {
  const clean = s.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) bad();
  return new Uint8Array(Buffer.from(clean, 'hex'));
}

function decodeGuid(s: string, bad: () => never): Uint8Array {
  return normalizeGuid(s) ? guidBytes(s) : bad();
}

function decodeB64(s: string, bad: () => never): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) bad();
  return new Uint8Array(Buffer.from(s, 'base64'));
}
