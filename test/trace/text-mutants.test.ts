import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TraceSyntaxError } from '../../src/trace/errors.js';
import { parseTrace } from '../../src/trace/text/parse.js';
import { prng } from '../helpers.js';

/** characters a mutant inserts: the text's own punctuation, digits, letters, quotes, and a few it has none of */
const ALPHABET = '0123456789abcxXeE.-+,:|(){}[]="# \n\t_~\\é\u{1F600}';

describe('a mangled text trace ends in a TraceSyntaxError at a place in the file, or parses', () => {
  for (const name of ['triangles', 'stencil-ref-mask', 'stretch-gallery']) {
    it(name, () => {
      const src = readFileSync(`traces/${name}.r9t`, 'utf8');
      const lineCount = src.split('\n').length;
      const rnd = prng(7 + name.length);
      const pick = (n: number): number => Math.floor(rnd() * n);
      let errors = 0;
      for (let k = 0; k < 150; k++) {
        let text = src;
        for (let edits = 1 + pick(3); edits > 0; edits--) {
          const at = pick(text.length);
          const op = pick(4);
          if (op === 0) text = text.slice(0, at) + text.slice(at + 1 + pick(8));
          else if (op === 1) text = text.slice(0, at) + ALPHABET[pick(ALPHABET.length)] + text.slice(at);
          else if (op === 2) text = text.slice(0, at) + text.slice(pick(text.length)).slice(0, 1 + pick(40)) + text.slice(at);
          else text = text.slice(0, at) + ALPHABET[pick(ALPHABET.length)] + text.slice(at + 1);
        }
        try {
          parseTrace(text, 'm.r9t');
        } catch (e) {
          if (!(e instanceof TraceSyntaxError)) throw new Error(`mutant ${k} of ${name}: ${String(e)}`);
          errors++;
          const lines = text.split('\n');
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(Math.max(lineCount, lines.length));
          expect(e.column).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeLessThanOrEqual(lines[e.line - 1].length + 1);
          expect(e.message.startsWith(`m.r9t:${e.line}:${e.column}: `)).toBe(true);
        }
      }
      // most mutants are mistakes: the test would not notice a parser that accepted everything
      expect(errors).toBeGreaterThan(75);
    });
  }
});
