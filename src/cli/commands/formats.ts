/**
 * `replay9 formats [NAME]`: the DXGI extended-format support table (reference
 * C.2), casts and conversions, and the D3D9 format table; or one format's
 * layout, support and casts. `formatsReport` builds the document that both
 * the text and the --json output print.
 */
import type { Argv } from 'yargs';
import { D3DFMT_TABLE } from '../../d3d9/index.js';
import { allFormats } from '../../formats/table.js';
import type { FormatInfo } from '../../formats/table.js';
import {
  allDxgiFormats,
  castsOf,
  dxgiFormatByName,
  dxgiFormatInfo,
  dxgiOfD3d9,
  layoutText,
  OMITTED_ATTRIBUTES,
  SUPPORT_ATTRIBUTES,
  SUPPORT_COLUMNS,
  supportRow,
} from '../../formats/dxgi/index.js';
import type { DxgiChannel, DxgiFormatInfo, Support } from '../../formats/dxgi/index.js';
import { EXIT, UsageError } from '../io.js';
import type { Io } from '../io.js';

export interface DxgiFormatJson {
  id: number;
  name: string;
  interpretation: string;
  family: string;
  layout: string;
  channels: Array<{ name: string; shift: number; bits: number; interpretation: string }>;
  /** the D3DFORMAT twin, its name without D3DFMT_ */
  d3d9: { id: number; name: string } | null;
}

export interface D3d9FormatJson {
  id: number;
  name: string;
  kind: string;
  /** what sampling returns for R, G, B, A: channel names, or the constants 0 and 1 */
  swizzle: string;
  blockBytes: number;
  blockW: number;
  blockH: number;
  /** the DXGI format with the same bits and meaning */
  dxgi: string | null;
}

/** View formats of a resource: as a plain resource, and as a presentable back buffer. */
export interface CastsJson {
  plain: string[];
  present: string[];
}

export interface FormatsTableReport {
  kind: 'table';
  /** the table's columns A..H */
  columns: string[];
  attributes: string[];
  omittedAttributes: string[];
  /** format → attribute → "R" | "O" | "N/A" (all 23 attributes) */
  support: Record<string, Record<string, Support>>;
  /** format → attribute → the "(changed)" mark */
  changed: Record<string, Record<string, boolean>>;
  dxgi: DxgiFormatJson[];
  casts: Record<string, CastsJson>;
  d3d9: D3d9FormatJson[];
}

export interface DxgiFormatReport {
  kind: 'dxgi';
  format: DxgiFormatJson;
  /** null for a format outside the support table's eight columns */
  support: Record<string, Support> | null;
  changed: Record<string, boolean> | null;
  casts: CastsJson;
  conversions: string[];
}

export interface D3d9FormatReport {
  kind: 'd3d9';
  format: D3d9FormatJson & { channels: string };
  dxgi: DxgiFormatReport | null;
}

export type FormatsReport = FormatsTableReport | DxgiFormatReport | D3d9FormatReport;

function assertNever(x: never): never {
  throw new Error(`unexpected value ${String(x)}`);
}

const nameOf = (id: number): string => dxgiFormatInfo(id)?.name ?? String(id);

function dxgiJson(f: DxgiFormatInfo): DxgiFormatJson {
  return {
    id: f.id,
    name: f.name,
    interpretation: f.interp,
    family: nameOf(f.family),
    layout: layoutText(f),
    channels: f.channels.map((c) => ({ name: c.name, shift: c.shift, bits: c.bits, interpretation: c.interp })),
    d3d9: f.d3d9 === undefined ? null : { id: f.d3d9, name: (D3DFMT_TABLE.nameOf(f.d3d9) ?? String(f.d3d9)).replace(/^D3DFMT_/, '') },
  };
}

function castsJson(id: number): CastsJson {
  return { plain: castsOf(id).map(nameOf), present: castsOf(id, { present: true }).map(nameOf) };
}

function d3d9Json(f: FormatInfo): D3d9FormatJson {
  return { id: f.id, name: f.name, kind: f.kind, blockBytes: f.blockBytes, blockW: f.blockW, blockH: f.blockH, swizzle: f.swizzle, dxgi: dxgiOfD3d9(f.id)?.name ?? null };
}

/** The D3D9 table's stored channels, MSB first, with their encoding: "A 31:24 unorm, R 23:16 unorm, ...". */
function d3d9Channels(f: FormatInfo): string {
  return f.channels.map((c) => `${c.name.toUpperCase()} ${c.shift + c.bits - 1}:${c.shift} ${c.type}`).join(', ');
}

/** The conversion rule of one channel interpretation (reference C.3, C.5). */
function ruleOf(c: DxgiChannel): string {
  const max = 2 ** c.bits - 1;
  switch (c.interp) {
    case 'unorm': return `UNORM${c.bits}: decode c/${max}; encode NaN→0, clamp [0,1], ·${max}, +0.5, truncate`;
    case 'unorm_srgb': return `sRGB${c.bits}: decode c/${max} then c ≤ 0.04045 ? c/12.92 : ((c+0.055)/1.055)^2.4; encode NaN→0, clamp, c ≤ 0.0031308 ? 12.92c : 1.055c^(1/2.4)−0.055, ·${max}, +0.5, truncate`;
    case 'snorm': return `SNORM${c.bits}: decode c/${max >> 1} (most negative → −1); encode NaN→0, clamp [−1,1], ·${max >> 1}, ±0.5, truncate`;
    case 'uint': return `UINT${c.bits}: the integer; encode NaN→0, clamp [0,${max}], round to nearest even`;
    case 'sint': return `SINT${c.bits}: the signed integer; encode NaN→0, clamp [${-(max + 1) / 2},${(max - 1) / 2}], round to nearest even`;
    case 'xr_bias': return 'XR_BIAS10: decode ((x & 0x3FF) − 0x180)/510; encode NaN→0, float32 c·510 + 384, clamp [0,1023], truncate; UNORM8 v → 384 + 2v';
    case 'x': return 'X: reads as 1, written as all ones';
    case 'typeless': return 'typeless: no conversion until a view gives a type';
    default: return assertNever(c.interp);
  }
}

function conversions(f: DxgiFormatInfo): string[] {
  const byRule = new Map<string, string[]>();
  for (const c of f.channels) byRule.set(ruleOf(c), [...(byRule.get(ruleOf(c)) ?? []), c.name.toUpperCase()]);
  return [...byRule].map(([rule, names]) => `${names.join(',')}: ${rule}`);
}

function dxgiReport(f: DxgiFormatInfo): DxgiFormatReport {
  const row = supportRow(f.id);
  return {
    kind: 'dxgi',
    format: dxgiJson(f),
    support: row ? Object.fromEntries(row.map(([a, c]) => [a, c.support])) : null,
    changed: row ? Object.fromEntries(row.map(([a, c]) => [a, c.changed])) : null,
    casts: castsJson(f.id),
    conversions: conversions(f),
  };
}

function tableReport(): FormatsTableReport {
  const support: FormatsTableReport['support'] = {};
  const changed: FormatsTableReport['changed'] = {};
  for (const id of SUPPORT_COLUMNS) {
    const row = supportRow(id) ?? [];
    support[nameOf(id)] = Object.fromEntries(row.map(([a, c]) => [a, c.support]));
    changed[nameOf(id)] = Object.fromEntries(row.map(([a, c]) => [a, c.changed]));
  }
  return {
    kind: 'table',
    columns: SUPPORT_COLUMNS.map(nameOf),
    attributes: [...SUPPORT_ATTRIBUTES],
    omittedAttributes: [...OMITTED_ATTRIBUTES],
    support,
    changed,
    dxgi: allDxgiFormats().map(dxgiJson),
    casts: Object.fromEntries(allDxgiFormats().map((f) => [f.name, castsJson(f.id)])),
    d3d9: allFormats().map(d3d9Json),
  };
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Up to five known full names close to what was typed (small edit distance, or containing it). */
export function nearFormatNames(typed: string): string[] {
  const bare = typed.trim().toUpperCase().replace(/^(DXGI_FORMAT_|D3DFMT_)/, '');
  const known = [...allDxgiFormats().map((f) => [f.name, `DXGI_FORMAT_${f.name}`]), ...allFormats().map((f) => [f.name.toUpperCase(), `D3DFMT_${f.name}`])];
  return known
    .map(([name, full]) => ({ full, d: editDistance(bare, name), sub: bare.length >= 2 && name.includes(bare) }))
    .filter((m) => m.sub || m.d <= Math.max(2, Math.floor(bare.length / 4)))
    .sort((p, q) => p.d - q.d || (p.full < q.full ? -1 : 1))
    .slice(0, 5)
    .map((m) => m.full);
}

function unknownFormat(typed: string): UsageError {
  const near = nearFormatNames(typed);
  return new UsageError(`unknown format '${typed}'${near.length ? `; did you mean ${near.join(', ')}?` : ''} ('replay9 formats' lists them all)`);
}

function d3d9Report(f: FormatInfo): D3d9FormatReport {
  const dx = dxgiOfD3d9(f.id);
  return { kind: 'd3d9', format: { ...d3d9Json(f), channels: d3d9Channels(f) }, dxgi: dx ? dxgiReport(dx) : null };
}

/**
 * The whole table (no name), or one format by name: a DXGI name with or without
 * DXGI_FORMAT_, or a D3D9 name with or without D3DFMT_, any case. An unknown
 * name is a UsageError listing near matches.
 */
export function formatsReport(): FormatsTableReport;
export function formatsReport(name: string): DxgiFormatReport | D3d9FormatReport;
export function formatsReport(name?: string): FormatsReport;
export function formatsReport(name?: string): FormatsReport {
  if (name === undefined) return tableReport();
  const upper = name.trim().toUpperCase();
  if (!upper.startsWith('D3DFMT_')) {
    const dx = dxgiFormatByName(upper);
    if (dx) return dxgiReport(dx);
  }
  if (!upper.startsWith('DXGI_FORMAT_')) {
    const bare = upper.replace(/^D3DFMT_/, '');
    const d9 = allFormats().find((f) => f.name.toUpperCase() === bare);
    if (d9) return d3d9Report(d9);
    const id = D3DFMT_TABLE.valueOf(`D3DFMT_${bare}`);
    if (id !== undefined) throw new UsageError(`D3DFMT_${bare} (${id}) is a D3D9 format the format table does not describe yet`);
  }
  throw unknownFormat(name);
}

const pad = (s: string, n: number): string => s.padEnd(n);
const cellText = (support: Support, changed: boolean): string => (changed ? `${support} (changed)` : support);
const LETTERS = 'ABCDEFGH';
/** Small ids in decimal, FOURCCs in hex. */
const idText = (id: number): string => (id < 0x10000 ? String(id) : `0x${id.toString(16).toUpperCase()}`);

function tableText(r: FormatsTableReport): string[] {
  const out = ['DXGI extended formats (Windows 7 and later): support by resource attribute', ''];
  r.columns.forEach((n, i) => out.push(`  ${LETTERS[i]}  ${n} (${dxgiFormatByName(n)?.id})`));
  out.push('', pad('Resource attribute', 37) + r.columns.map((_, i) => pad(LETTERS[i], 12)).join('').trimEnd());
  const row = (a: string): string => pad(a, 37) + r.columns.map((c) => pad(cellText(r.support[c][a], r.changed[c][a]), 12)).join('').trimEnd();
  for (const a of r.attributes) out.push(row(a));
  out.push('rows the document omits for readability:');
  for (const a of r.omittedAttributes) out.push(row(a));
  out.push('R = required, O = optional, N/A = not applicable or not allowed; (changed) = changed from the original definition');
  out.push('', 'Cast within bit layout (resource → view formats; "back buffer" = created with BIND_PRESENT)');
  for (const [name, c] of Object.entries(r.casts)) {
    const same = c.plain.join() === c.present.join();
    out.push(`  ${pad(name, 28)} ${c.plain.join(', ') || '-'}${same ? '' : `; as a back buffer: ${c.present.join(', ')}`}`);
  }
  out.push('', 'DXGI formats', `  ${pad('id', 4)}${pad('name', 28)}${pad('interpretation', 16)}${pad('layout', 40)}D3D9`);
  for (const f of r.dxgi) out.push(`  ${pad(String(f.id), 4)}${pad(f.name, 28)}${pad(f.interpretation, 16)}${pad(f.layout, 40)}${f.d3d9 ? `D3DFMT_${f.d3d9.name} (${f.d3d9.id})` : '-'}`.trimEnd());
  out.push('', 'D3D9 formats', `  ${pad('id', 12)}${pad('name', 22)}${pad('kind', 12)}${pad('bytes', 7)}${pad('block', 7)}DXGI`);
  for (const f of r.d3d9) out.push(`  ${pad(idText(f.id), 12)}${pad(f.name, 22)}${pad(f.kind, 12)}${pad(String(f.blockBytes), 7)}${pad(`${f.blockW}x${f.blockH}`, 7)}${f.dxgi ?? '-'}`.trimEnd());
  return out;
}

function dxgiText(r: DxgiFormatReport): string[] {
  const f = r.format;
  const out = [
    `DXGI_FORMAT_${f.name} (${f.id} = 0x${f.id.toString(16).toUpperCase()})`,
    `  interpretation  ${f.interpretation}`,
    `  layout          ${f.layout} (one 32-bit element)`,
    `  family          ${f.family}`,
    `  D3D9            ${f.d3d9 ? `D3DFMT_${f.d3d9.name} (${f.d3d9.id})` : '-'}`,
    `  casts           ${r.casts.plain.join(', ') || '-'}`,
    `  as back buffer  ${r.casts.present.join(', ') || '-'}`,
    '  conversions',
    ...r.conversions.map((c) => `    ${c}`),
  ];
  if (!r.support || !r.changed) return [...out, '  support         not a column of the extended-format table'];
  out.push('  support');
  for (const [a, s] of Object.entries(r.support)) out.push(`    ${pad(a, 37)}${cellText(s, r.changed[a])}`);
  return out;
}

function d3d9Text(r: D3d9FormatReport): string[] {
  const f = r.format;
  const out = [
    `D3DFMT_${f.name} (${f.id} = 0x${f.id.toString(16).toUpperCase()})`,
    `  kind      ${f.kind}`,
    `  block     ${f.blockBytes} byte${f.blockBytes === 1 ? '' : 's'}, ${f.blockW}x${f.blockH}`,
    `  channels  ${f.channels || '-'}`,
    `  sampled   (${[...f.swizzle].map((c) => c.toUpperCase()).join(', ')}) as R, G, B, A`,
    `  DXGI      ${f.dxgi ?? '-'}`,
  ];
  return r.dxgi ? [...out, '', ...dxgiText(r.dxgi)] : out;
}

/** The human text of a report. */
export function formatsText(r: FormatsReport): string {
  switch (r.kind) {
    case 'table': return tableText(r).join('\n');
    case 'dxgi': return dxgiText(r).join('\n');
    case 'd3d9': return d3d9Text(r).join('\n');
    default: return assertNever(r);
  }
}

export function registerFormats(y: Argv, io: Io, done: (code: number) => void): Argv {
  return y.command(
    'formats [name]',
    'Show the DXGI extended-format support table, casts and conversions, and the D3D9 formats; or one format',
    (a) => a
      .positional('name', { type: 'string', describe: 'a format: DXGI (B8G8R8A8_UNORM, DXGI_FORMAT_...) or D3D9 (A8R8G8B8, D3DFMT_...), any case' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .example('$0 formats', 'the support table, casts, and both format lists')
      .example('$0 formats r10g10b10_xr_bias_a2_unorm --json', 'one format\'s layout, support, casts and conversions'),
    (argv) => {
      const report = formatsReport(argv.name as string | undefined);
      io.out(argv.json ? JSON.stringify(report, null, 2) : formatsText(report));
      done(EXIT.ok);
    },
  );
}
