/**
 * A parser for the subset of the FlatBuffers schema language that
 * schema/replay9.fbs uses (structs of 4-byte scalars, tables, one union), so the
 * generic codec, verifier and text form derive from the same description that
 * flatc compiles.
 */

import type { FieldType, Scalar, SchemaDef, StructField, TableField } from '../src/trace/schema-types.js';

const SCALAR_ALIASES: Record<string, Scalar> = {
  int: 'int', int32: 'int', uint: 'uint', uint32: 'uint',
  float: 'float', float32: 'float', ubyte: 'ubyte', uint8: 'ubyte', bool: 'bool',
};
const SCALAR_SIZE: Record<Scalar, number> = { int: 4, uint: 4, float: 4, ubyte: 1, bool: 1 };

interface Token { text: string; line: number; col: number; str: boolean }

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') { line++; i++; lineStart = i; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
    const col = i - lineStart + 1;
    if (c === '"') {
      const end = src.indexOf('"', i + 1);
      if (end < 0) throw new Error(`fbs ${line}:${col}: unterminated string`);
      out.push({ text: src.slice(i + 1, end), line, col, str: true });
      i = end + 1;
      continue;
    }
    const m = /^[A-Za-z0-9_.]+/.exec(src.slice(i, i + 200));
    if (m) { out.push({ text: m[0], line, col, str: false }); i += m[0].length; continue; }
    if ('{}()[]:;,='.includes(c)) { out.push({ text: c, line, col, str: false }); i++; continue; }
    throw new Error(`fbs ${line}:${col}: unexpected character '${c}'`);
  }
  return out;
}

export function parseFbs(src: string): SchemaDef {
  const toks = tokenize(src);
  let p = 0;
  const peek = (): Token | undefined => toks[p];
  const next = (): Token => {
    const t = toks[p++];
    if (!t) throw new Error('fbs: unexpected end of schema');
    return t;
  };
  const expect = (text: string): Token => {
    const t = next();
    if (t.text !== text || t.str) throw new Error(`fbs ${t.line}:${t.col}: expected '${text}', got '${t.text}'`);
    return t;
  };
  const attrs = (): string | undefined => {
    if (peek()?.text !== '(') return undefined;
    next();
    let r9: string | undefined;
    for (;;) {
      const key = next();
      expect(':');
      const val = next();
      if (key.text === 'r9') r9 = val.text;
      if (peek()?.text === ',') { next(); continue; }
      expect(')');
      return r9;
    }
  };
  const schema: SchemaDef = { namespace: '', structs: [], tables: [], unions: [], rootType: '' };
  const structSize = new Map<string, number>();
  while (p < toks.length) {
    const kw = next();
    switch (kw.text) {
      case 'attribute': next(); expect(';'); break;
      case 'namespace': schema.namespace = next().text; expect(';'); break;
      case 'root_type': schema.rootType = next().text; expect(';'); break;
      case 'struct': {
        const name = next().text;
        attrs();
        expect('{');
        const fields: StructField[] = [];
        let offset = 0;
        while (peek()?.text !== '}') {
          const fname = next().text;
          expect(':');
          const t = next();
          const r9 = attrs();
          expect(';');
          const scalar = SCALAR_ALIASES[t.text];
          if (scalar) {
            if (SCALAR_SIZE[scalar] !== 4) throw new Error(`fbs ${t.line}:${t.col}: struct fields must be 4 bytes`);
            fields.push({ name: fname, offset, type: scalar, ...(r9 ? { r9 } : {}) });
            offset += 4;
          } else {
            const size = structSize.get(t.text);
            if (size === undefined) throw new Error(`fbs ${t.line}:${t.col}: unknown struct ${t.text}`);
            fields.push({ name: fname, offset, type: { struct: t.text }, ...(r9 ? { r9 } : {}) });
            offset += size;
          }
        }
        expect('}');
        structSize.set(name, offset);
        schema.structs.push({ name, size: offset, fields });
        break;
      }
      case 'table': {
        const name = next().text;
        const r9 = attrs();
        expect('{');
        const fields: TableField[] = [];
        let slot = 0;
        while (peek()?.text !== '}') {
          const fname = next().text;
          expect(':');
          let type: FieldType;
          const t = next();
          if (t.text === '[') {
            const inner = next().text;
            expect(']');
            if (inner === 'ubyte' || inner === 'uint8') type = { kind: 'bytes' };
            else if (structSize.has(inner)) type = { kind: 'structs', struct: inner };
            else type = { kind: 'tables', table: inner };
          } else if (t.text === 'string') type = { kind: 'string' };
          else if (SCALAR_ALIASES[t.text]) type = { kind: 'scalar', scalar: SCALAR_ALIASES[t.text] };
          else if (structSize.has(t.text)) type = { kind: 'struct', struct: t.text };
          else type = { kind: 'union', union: t.text };
          const fr9 = attrs();
          expect(';');
          if (type.kind === 'union') slot++; // the hidden _type field
          fields.push({ name: fname, slot, type, ...(fr9 ? { r9: fr9 } : {}) });
          slot++;
        }
        expect('}');
        schema.tables.push({ name, ...(r9 ? { r9 } : {}), fields });
        break;
      }
      case 'union': {
        const name = next().text;
        expect('{');
        const members: string[] = [];
        while (peek()?.text !== '}') {
          members.push(next().text);
          if (peek()?.text === ',') next();
        }
        expect('}');
        schema.unions.push({ name, members });
        break;
      }
      default:
        throw new Error(`fbs ${kw.line}:${kw.col}: unexpected '${kw.text}'`);
    }
  }
  return schema;
}
