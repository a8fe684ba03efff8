/** A DWORD written as decimal or `0x` hex, as the text forms print unknown values; undefined otherwise. */
export function parseUintLiteral(text: string): number | undefined {
  const t = text.trim();
  if (!/^(0[xX][0-9a-fA-F]{1,8}|\d{1,10})$/.test(t)) return undefined;
  const v = Number(t);
  return v <= 0xffffffff ? v : undefined;
}
