/**
 * Text from a trace (file names, D3DPERF marker strings, handle names, messages) made safe for XML
 * and HTML: the five markup characters become entities, and characters XML 1.0 cannot hold at all
 * (C0 controls other than tab / newline / return, lone surrogates, U+FFFE, U+FFFF) become U+FFFD.
 */
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// XML 1.0 Char production, inverted; the `u` flag makes lone surrogates match as themselves
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escaped for element text and for double- or single-quoted attribute values alike. */
export function escapeMarkup(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"']/g, (c) => ENTITY[c]);
}
